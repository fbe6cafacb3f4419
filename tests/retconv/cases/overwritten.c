// A value stored and then replaced on every way to the return is not
// what the function returns: a "ret = -EIO;" that every case of a switch
// with a default replaces gives none of its -EIO.  Without a default, a
// switch may run none of its cases, and the first value still counts.
// Kernel style: a driver's 0/-errno action; user space: a 0/1 parser.
#include <errno.h>
#include <stdbool.h>

struct dev {
	int mode;
	int speed;
};

/* Every case replaces the -EIO: the action gives 0 or 1, like a
 * boolean (rule A). */
int start_port(struct dev *d)
{
	int ret = -EIO;

	switch (d->mode) {
	case 1:
		ret = 1;
		break;
	default:
		ret = 0;
		break;
	}
	return ret;
}
// expect: overwritten.c:16:5: warning: action 'start_port' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: overwritten.c:28:2: note: returns 0 or 1

/* Without a default, the -EIO may reach the return: a mix (rule A). */
int stop_port(struct dev *d)
{
	int ret = -EIO;

	switch (d->mode) {
	case 1:
		ret = 1;
		break;
	case 2:
		ret = 0;
		break;
	}
	return ret;
}
// expect: overwritten.c:34:5: warning: action 'stop_port' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: overwritten.c:46:2: note: returns 1 or a negative errno

/* User space: every way replaces the -1, and a nested switch's default
 * is its own; the predicate returns only 0 or 1. */
int speed_is_known(const struct dev *d)
{
	int ok = -1;

	switch (d->speed) {
	case 10:
	case 100:
		switch (d->mode) {
		default:
			break;
		}
		ok = 1;
		break;
	default:
		ok = 0;
	}
	return ok;
}

/* A default nested in another switch is not this one's: the -1 may
 * reach the return, read as true (rule B). */
int mode_is_known(const struct dev *d)
{
	int ok = -1;

	switch (d->mode) {
	case 1:
		switch (d->speed) {
		default:
			ok = 1;
		}
		break;
	}
	return ok;
}
// expect: overwritten.c:74:5: warning: predicate 'mode_is_known' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: overwritten.c:86:2: note: returns a negative errno
// args: --style
