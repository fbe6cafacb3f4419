// kwq code: the kernel's names, declared in a kwq/ header, are kwq's
// functions, which return 0 or a negative errno (kernel-bool.c is the
// kernel's side).  A test for a negative value is right; a branch taken on
// 0 that handles an error reads success as failure.
#include <errno.h>

#include "kwq/workqueue.h"

void pr_err(const char *fmt, ...);

struct dev {
	struct work_struct w;
	struct delayed_work dw;
};

/* Not flagged: kwq's cancel_work_sync() can be negative. */
int dev_stop(struct dev *d)
{
	int ret = cancel_work_sync(&d->w);

	if (ret < 0 && ret != -ENOENT)
		return ret;
	if (flush_work(&d->w) < 0)
		return -EIO;
	return 0;
}

/* Kernel code ported unchanged: kwq's 0 is "removed", not a failure. */
int dev_cancel(struct dev *d)
{
	if (!cancel_delayed_work(&d->dw)) {
		pr_err("timer was armed");
		return -EBUSY;
	}
	return 0;
}

/*
 * The new names are kwq's whether or not a kwq/ header declares them.  Not
 * flagged: a removal's 0 says that the item was pending, which the caller
 * may refuse; the migration writes this for the kernel's
 * "if (cancel_work_sync(&w))" (class outcome).
 */
int remove_work_sync(struct work_struct *work);

int dev_remove(struct dev *d)
{
	if (remove_work_sync(&d->w) == 0)
		goto err_busy;
	return 0;
err_busy:
	return -EBUSY;
}

/* Still an errno for rule C: kept in an unsigned, it is never negative. */
int dev_remove_unsigned(struct dev *d)
{
	unsigned int ret = remove_work_sync(&d->w);

	if (ret < 0)
		return -EIO;
	return 0;
}
// expect: kwq-user.c:31:6: warning: 'cancel_delayed_work' returns 0 or a negative errno (class errno, from the built-in table): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: kwq-user.c:32:3: note: the branch calls pr_err()
// expect: kwq-user.c:60:6: warning: 'remove_work_sync' returns 0 or a negative errno (class errno, from the built-in table), but 'ret' is unsigned: 'ret < 0' is never true; keep it in a signed int [retconv-C]
// expect: kwq-user.c:58:15: note: 'ret' holds the result of 'remove_work_sync' from here
