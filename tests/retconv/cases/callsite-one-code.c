// Rule C: a result whose contract has several negative failure codes,
// compared with the one code -1.  An action that fails with a negative
// errno fails with any of them; -1 is only -EPERM, so "ret == -1" sends
// -ENODEV and -ETIMEDOUT the way of its success, 0, and "ret != -1"
// takes them for it.  Kernel style: the callee's own body shows its
// errnos' names, whatever else it returns (a hook's result).  Not
// reported: the -1 spelled as a name (-EPERM asks for that code), a test
// above that took the negative values or the 0, one just below that
// sends the other failures apart from 0, a callee whose only failure is
// -1, a comparison's -1 ("less than"), a case label.
#include <errno.h>

struct dev {
	int state;
};

/* 0 or a negative errno, from its definition. */
static int start_dev(struct dev *d)
{
	int err = d ? 0 : -ENODEV;

	if (!err && d->state > 2)
		err = -ETIMEDOUT;
	return err;
}

/* 0, or -1 alone. */
static int check_dev(struct dev *d)
{
	if (!d)
		return -1;
	return 0;
}

int open_dev(struct dev *d)
{
	int ret = start_dev(d);

	if (ret == -1)
		return ret;
	return 0;
}

int reopen_dev(struct dev *d)
{
	if (-1 != start_dev(d))
		return 0;
	return -EIO;
}

int right_below(struct dev *d)
{
	int ret = start_dev(d);

	if (ret == -1) {
		d->state = ret;
		return -EIO;
	} else if (ret < 0) {
		return ret;
	}
	return 0;
}

int right_inside(struct dev *d)
{
	int ret = start_dev(d);

	if (ret < 0) {
		if (ret == -1)
			return -EIO;
		return ret;
	}
	return 0;
}

int right_ne(struct dev *d)
{
	int ret = start_dev(d);

	if (ret != -1) {
		if (ret)
			return ret;
		return 0;
	}
	return -EIO;
}

int right_named(struct dev *d)
{
	int ret = start_dev(d);

	if (ret == -EPERM)
		return 1;
	if (check_dev(d) == -1)
		return -EINVAL;
	return ret;
}

/* -EINVAL, or what a hook returns: its class is not known. */
static int run_hook(struct dev *d, int (*hook)(struct dev *))
{
	if (!hook)
		return -EINVAL;
	return hook(d);
}

int kick_dev(struct dev *d, int (*hook)(struct dev *))
{
	if (run_hook(d, hook) == -1)
		return -EIO;
	return 0;
}

/* A comparison's -1 is "less than", whatever else it returns. */
static int dev_cmp(const struct dev *a, const struct dev *b)
{
	if (!a || !b)
		return -EINVAL;
	return a->state < b->state ? -1 : a->state > b->state;
}

int right_order(const struct dev *a, const struct dev *b)
{
	return dev_cmp(a, b) == -1;
}

int right_case(struct dev *d)
{
	switch (start_dev(d)) {
	case -1:
		return -EIO;
	case 0:
		return 0;
	default:
		return -EINVAL;
	}
}
// expect: callsite-one-code.c:39:6: warning: 'start_dev' fails with a negative errno (from its definition at callsite-one-code.c:18): 'ret == -1' picks out -1 (-EPERM) alone, and its other failures pass for its success, 0; test it for < 0 [retconv-C]
// expect: callsite-one-code.c:37:6: note: 'ret' holds the result of 'start_dev' from here
// expect: callsite-one-code.c:46:6: warning: 'start_dev' fails with a negative errno (from its definition at callsite-one-code.c:18): '-1 != start_dev(...)' picks out -1 (-EPERM) alone, and its other failures pass for its success, 0; test it for < 0 [retconv-C]
// expect: callsite-one-code.c:109:6: warning: 'run_hook' fails with a negative errno (from its definition at callsite-one-code.c:100): 'run_hook(...) == -1' picks out -1 (-EPERM) alone, and its other failures pass for what else it returns; test it for < 0 [retconv-C]
