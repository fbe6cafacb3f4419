// A pass-through wrapper returns what its callee returns: its finding is
// its callee's, reported once, at the callee.  One that returns a value
// of its own is no mere wrapper.  Where the callee has no finding (a
// static function, without --static), the wrapper has it.  And an action
// whose callers add its result up returns a count, not a success code.
#include <errno.h>
#include <stdbool.h>

struct chip {
	int regs;
	int mode;
};

int chip_reset(struct chip *c)
{
	if (!c)
		return -EINVAL;
	return c->regs ? 1 : 0;
}
// expect: wrappers.c:14:5: warning: action 'chip_reset' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: wrappers.c:17:3: note: returns a negative errno
// expect: wrappers.c:18:2: note: returns 0 or 1

int board_reset(struct chip *c, int flags)
{
	return chip_reset(flags ? c : 0);
}

int reset_all(struct chip *c)
{
	if (c->mode)
		return 1;
	return chip_reset(c);
}
// expect: wrappers.c:29:5: warning: action 'reset_all' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: wrappers.c:32:3: note: returns 1
// expect: wrappers.c:33:2: note: returns 1 or a negative errno

static int do_start(struct chip *c)
{
	return c->mode == 1;
}

int start_chip(struct chip *c)
{
	return do_start(c);
}
// expect: wrappers.c:44:5: warning: action 'start_chip' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: wrappers.c:46:2: note: returns a boolean

/* User space: the number of lines a call wrote, 0 or 1, added up. */
int write_line(struct chip *c)
{
	return c->regs > 0;
}

int write_lines(struct chip *c, int n)
{
	int done = 0;

	while (n--)
		done += write_line(c);
	return done;
}

/* Kernel style: a result compared, not added, is no count; the action
 * that returns 0 or 1 is still rule A. */
int poll_fifo(struct chip *c)
{
	return c->regs > 1;
}
// expect: wrappers.c:68:5: warning: action 'poll_fifo' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: wrappers.c:70:2: note: returns a boolean

int drain_fifo(struct chip *c)
{
	int spins = 0;

	while (poll_fifo(c) > 0 && spins < 100)
		spins++;
	return spins < 100 ? 0 : -ETIMEDOUT;
}

/* Kernel style: bytes moved, summed up. */
int copy_chunk(struct chip *c)
{
	return c->mode > 2;
}

int copy_all(struct chip *c)
{
	int total = 0, i;

	for (i = 0; i < 4; i++)
		total = total + copy_chunk(c);
	return total;
}
