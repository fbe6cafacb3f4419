// The kernel's cancel_work_sync() & co. return true when the item was
// pending (or, for flush_work(), when it waited): a fact, not a success.
// Kernel code reads them so; kwq's functions of the same names return 0 or
// a negative errno, and kwq code is checked against that (kwq-user.c, run
// by retconv.t with kwq's headers).  Here nothing declares them in a kwq/
// header, so the built-in table's kernel meaning applies.
#include <errno.h>
#include <stdbool.h>

struct work_struct {
	int pending;
};
struct delayed_work {
	struct work_struct work;
};
struct workqueue_struct;
struct dev {
	struct work_struct w;
	struct delayed_work dw;
	int refs;
};

bool cancel_work_sync(struct work_struct *work);
bool cancel_delayed_work(struct delayed_work *dwork);
bool cancel_delayed_work_sync(struct delayed_work *dwork);
bool flush_work(struct work_struct *work);
bool mod_delayed_work(struct workqueue_struct *wq, struct delayed_work *dw,
		      unsigned long delay);
void put_dev(struct dev *d);
void pr_err(const char *fmt, ...);

/* Not flagged: the idiom the kernel's bool exists for. */
void dev_stop(struct dev *d)
{
	if (cancel_work_sync(&d->w))
		put_dev(d);
	if (cancel_delayed_work_sync(&d->dw))
		d->refs--;
}

/* Not flagged: "it was pending" may well be refused by the caller. */
int dev_cancel_once(struct dev *d)
{
	if (cancel_delayed_work(&d->dw)) {
		pr_err("timer was still armed");
		return -EBUSY;
	}
	return 0;
}

/* Not flagged: nothing was pending, which this caller treats as an error. */
int dev_flush(struct dev *d)
{
	if (!flush_work(&d->w))
		return -ENOENT;
	return 0;
}

/* Never negative: these tests are never true. */
int dev_reset(struct dev *d, struct workqueue_struct *wq)
{
	int ret = cancel_work_sync(&d->w);

	if (ret < 0)
		return ret;
	if (mod_delayed_work(wq, &d->dw, 10) < 0)
		return -EIO;
	return 0;
}
/* A file taken from a tree without its headers: the implicit declaration
 * is not kwq's, so the kernel's meaning holds. */
int dev_sync(struct dev *d)
{
	if (flush_delayed_work(&d->dw) < 0)
		return -EIO;
	return 0;
}
// expect: kernel-bool.c:64:6: warning: 'cancel_work_sync' returns only 0 or 1 (class flag, from the built-in table), never negative: 'ret < 0' is never true; it answers yes or no and cannot fail [retconv-C]
// expect: kernel-bool.c:62:6: note: 'ret' holds the result of 'cancel_work_sync' from here
// expect: kernel-bool.c:66:6: warning: 'mod_delayed_work' returns only 0 or 1 (class flag, from the built-in table), never negative: 'mod_delayed_work(...) < 0' is never true; it answers yes or no and cannot fail [retconv-C]
// expect: kernel-bool.c:74:6: warning: 'flush_delayed_work' returns only 0 or 1 (class flag, from the built-in table), never negative: 'flush_delayed_work(...) < 0' is never true; it answers yes or no and cannot fail [retconv-C]
