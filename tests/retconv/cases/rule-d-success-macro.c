// A branch taken on an errno call's 0 that logs through an error-level
// macro reads 0 as a failure (rule D), unless its message says the call
// succeeded: the message is read from the text of the macro's use, as
// clang gives no tokens for the call a macro writes.
#include <errno.h>
#include <stdio.h>

#define pr_err(fmt, ...) fprintf(stderr, "md: " fmt, ##__VA_ARGS__)

struct dev {
	int state;
};

static int dev_set_state(struct dev *d, int state)
{
	if (state < 0)
		return -EINVAL;
	d->state = state;
	return 0;
}

int dev_readd(struct dev *d)
{
	if (dev_set_state(d, 2) == 0) {
		pr_err("re-add of the device succeeded\n");
		return 0;
	}
	return -EIO;
}

int dev_remove(struct dev *d)
{
	if (dev_set_state(d, 0) == 0) {
		pr_err("cannot remove the device\n");
		return -EBUSY;
	}
	return 0;
}
// expect: rule-d-success-macro.c:33:6: warning: 'dev_set_state' returns 0 or a negative errno (class errno, from its definition at rule-d-success-macro.c:14): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: rule-d-success-macro.c:34:3: note: the branch calls pr_err()

