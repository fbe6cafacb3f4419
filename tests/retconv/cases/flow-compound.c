// A value is a return value only where it reaches a return.  "if (r < 0
// && r != -ENODEV) return r;" passes on negative values only, whatever
// else r holds, and "||" likewise on the side where both parts are false;
// a variable read inside what a return computes ("return r == -ENODEV ?
// 0 : r;") holds what reaches that read in the order the body runs, not
// every value ever stored in it.  A GNU statement expression, as glibc's
// assert() is, holds statements: its call that never returns ends one
// way only.  Where a 1 does reach the return, it is still rule A's.
#include <assert.h>
#include <errno.h>

struct dev {
	int busy;
	int gone;
	int flags;
};

/* Kernel style: 1 when busy, 0 when idle, -ENODEV when gone. */
static int dev_status(struct dev *d)
{
	if (d->gone)
		return -ENODEV;
	return d->busy ? 1 : 0;
}

int check_dev(struct dev *d)
{
	int r = dev_status(d);

	if (r < 0 && r != -ENODEV)
		return r;
	if (r == -ENODEV)
		d->flags = 0;
	return 0;
}

/* 0 or a negative errno. */
static int remove_dev(struct dev *d)
{
	return d->busy ? -EBUSY : 0;
}

int detach_dev(struct dev *d)
{
	int r = dev_status(d);

	if (r < 0)
		return r;
	r = remove_dev(d);
	return r == -ENODEV ? 0 : r;
}

/* The same shapes, where the 1 does get through. */
int probe_dev(struct dev *d)
{
	int r = dev_status(d);

	if (r < 0 || r == 1)
		return r;
	return 0;
}
// expect: flow-compound.c:54:5: warning: action 'probe_dev' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: flow-compound.c:59:3: note: returns 1 or a negative errno

int reset_dev(struct dev *d)
{
	int r = dev_status(d);

	if (d->flags)
		r = remove_dev(d);
	return r == -ENODEV ? 0 : r;
}
// expect: flow-compound.c:65:5: warning: action 'reset_dev' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: flow-compound.c:71:2: note: returns 1 or a negative errno

/* User space: -1 on failure; the && side that needs both parts. */
static int read_flag(int fd)
{
	if (fd < 0)
		return -1;
	return fd > 100 ? 1 : 0;
}

int load_flag(int fd, int strict)
{
	int ret = read_flag(fd);

	if (strict && ret < 0)
		return ret;
	return 0;
}

int load_any(int fd, int strict)
{
	int ret = read_flag(fd);

	if (strict || ret < 0)
		return ret;
	return 0;
}
// expect: flow-compound.c:93:5: warning: action 'load_any' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: flow-compound.c:98:3: note: returns 1 or a negative errno

int open_dev(struct dev *d, const char *name)
{
	int err;

	assert(d && name);
	if (name[0]) {
		if (!d->flags)
			return -ENODEV;
	} else {
		err = dev_status(d);
		if (err < 0)
			return err;
	}
	err = remove_dev(d);
	return err;
}
