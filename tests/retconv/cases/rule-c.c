// Rule C: a value that is never negative tested for a sign.  The 2006 bug:
// rpc_make_runnable() tested queue_work()'s 0/1 with "< 0".  The class
// comes from the built-in table (queue_work, copy_from_user, pthread_*),
// from a definition in the run, or from the declared type.
#include <errno.h>
#include <stdbool.h>

#define ERESTARTSYS 512

struct workqueue_struct;
struct work_struct;
struct completion;
struct irq_dev {
	unsigned int irq;
	int queued;
	struct work_struct *w;
};

int queue_work(struct workqueue_struct *wq, struct work_struct *work);
unsigned long copy_from_user(void *to, const void *from, unsigned long n);
int platform_get_irq(void *pdev, unsigned int num);
int pthread_mutex_lock(void *m);
long wait_event_timeout(void *wq, long timeout);

/* 0 or 1: boolean, from this definition. */
static int slot_taken(const int *slot)
{
	return *slot ? 1 : 0;
}

/* 0 or -ERESTARTSYS: an interruptible wait really can be negative. */
int wait_for_completion_interruptible(struct completion *c)
{
	return c ? 0 : -ERESTARTSYS;
}

int rpc_make_runnable(struct workqueue_struct *wq, struct work_struct *w)
{
	if (queue_work(wq, w) < 0)
		return -EBUSY;
	return 0;
}

int start_poll(struct workqueue_struct *wq, struct work_struct *w)
{
	int ret;

	ret = queue_work(wq, w);
	if (ret < 0)
		return ret;
	return 0;
}

int start_dev(struct irq_dev *d, struct workqueue_struct *wq)
{
	d->queued = queue_work(wq, d->w);
	if (d->queued >= 0)
		return 0;
	return -EBUSY;
}

int read_req(void *to, const void *from)
{
	int left = copy_from_user(to, from, 16);

	if (left <= -1)
		return -EFAULT;
	return 0;
}

int take_slot(const int *slot)
{
	if (0 > slot_taken(slot))
		return -EBUSY;
	return 0;
}

int lock_dev(void *m)
{
	if (pthread_mutex_lock(m) < 0)
		return -EIO;
	return 0;
}

/* An errno kept unsigned: the classic platform_get_irq() bug. */
int probe_dev(struct irq_dev *d, void *pdev)
{
	d->irq = platform_get_irq(pdev, 0);
	if (d->irq < 0)
		return -ENXIO;
	return 0;
}

/* Not flagged: an interruptible wait's -ERESTARTSYS is negative. */
int wait_dev(struct completion *c)
{
	if (wait_for_completion_interruptible(c) < 0)
		return -EINTR;
	return 0;
}

/* Not flagged: the result was reassigned before the test. */
int restart_poll(struct workqueue_struct *wq, struct work_struct *w,
		 struct completion *c)
{
	int ret = queue_work(wq, w);

	ret = wait_for_completion_interruptible(c);
	if (ret < 0)
		return ret;
	ret = queue_work(wq, w);
	ret--;
	if (ret < 0)
		return -EBUSY;
	return 0;
}

/* Not flagged: an irq number or an errno, kept signed. */
int probe_signed(void *pdev)
{
	int irq = platform_get_irq(pdev, 0);

	if (irq < 0)
		return irq;
	return 0;
}

/* Not flagged: a function defined nowhere and not in the table. */
int wait_dev_timeout(void *wq)
{
	if (wait_event_timeout(wq, 10) < 0)
		return -EINTR;
	return 0;
}

/* Not flagged: the holder is another variable. */
int start_two(struct workqueue_struct *wq, struct work_struct *w, int err)
{
	int ret = queue_work(wq, w);

	if (err < 0)
		return err;
	return ret ? 0 : -EBUSY;
}

/* Suppressed on the line. */
int start_quiet(struct workqueue_struct *wq, struct work_struct *w)
{
	if (queue_work(wq, w) < 0) /* retconv: ignore C */
		return -EBUSY;
	return 0;
}

void refresh_dev(struct irq_dev *d);

/* Not flagged: a call in between may have changed the field. */
int start_dev_again(struct irq_dev *d, struct workqueue_struct *wq)
{
	d->queued = queue_work(wq, d->w);
	refresh_dev(d);
	if (d->queued < 0)
		return -EBUSY;
	return 0;
}

/* Assigned in the test itself. */
int start_inline(struct workqueue_struct *wq, struct work_struct *w)
{
	int ret;

	if ((ret = queue_work(wq, w)) < 0)
		return ret;
	return 0;
}

long wait_for_completion_interruptible_timeout(struct completion *c,
					       unsigned long timeout);
int mutex_lock_interruptible(void *m);

/* Not flagged: the table knows these waits can be negative. */
int wait_dev_table(struct completion *c, void *m)
{
	long left = wait_for_completion_interruptible_timeout(c, 100);

	if (left < 0)
		return (int)left;
	if (mutex_lock_interruptible(m) < 0)
		return -EINTR;
	return 0;
}

/* ...but not when the time left is kept unsigned. */
int wait_dev_unsigned(struct completion *c)
{
	unsigned long left = wait_for_completion_interruptible_timeout(c, 100);

	if (left < 0)
		return -EINTR;
	return left ? 0 : -ETIMEDOUT;
}
// expect: rule-c.c:39:6: warning: 'queue_work' returns only 0 or 1 (class boolean, from the built-in table), never negative: 'queue_work(...) < 0' is never true; its failure is 0 [retconv-C]
// expect: rule-c.c:49:6: warning: 'queue_work' returns only 0 or 1 (class boolean, from the built-in table), never negative: 'ret < 0' is never true; its failure is 0 [retconv-C]
// expect: rule-c.c:48:2: note: 'ret' holds the result of 'queue_work' from here
// expect: rule-c.c:57:6: warning: 'queue_work' returns only 0 or 1 (class boolean, from the built-in table), never negative: 'd->queued >= 0' is always true; its failure is 0 [retconv-C]
// expect: rule-c.c:56:2: note: 'd->queued' holds the result of 'queue_work' from here
// expect: rule-c.c:66:6: warning: 'copy_from_user' returns the number of bytes not copied (class count, from the built-in table), never negative: 'left <= -1' is never true; its failure is non-zero [retconv-C]
// expect: rule-c.c:64:6: note: 'left' holds the result of 'copy_from_user' from here
// expect: rule-c.c:73:6: warning: 'slot_taken' returns only 0 or 1 (class boolean, from its definition at rule-c.c:26), never negative: '0 > slot_taken(...)' is never true; test it against 0 for what it means [retconv-C]
// expect: rule-c.c:80:6: warning: 'pthread_mutex_lock' returns 0 or a positive errno (class perrno, from the built-in table), never negative: 'pthread_mutex_lock(...) < 0' is never true; its failure is non-zero [retconv-C]
// expect: rule-c.c:89:6: warning: 'platform_get_irq' returns a value or a negative errno (class mixed, from the built-in table), but 'd->irq' is unsigned: 'd->irq < 0' is never true; keep it in a signed int [retconv-C]
// expect: rule-c.c:88:2: note: 'd->irq' holds the result of 'platform_get_irq' from here
// expect: rule-c.c:171:6: warning: 'queue_work' returns only 0 or 1 (class boolean, from the built-in table), never negative: 'ret < 0' is never true; its failure is 0 [retconv-C]
// expect: rule-c.c:171:7: note: 'ret' holds the result of 'queue_work' from here
// expect: rule-c.c:197:6: warning: 'wait_for_completion_interruptible_timeout' returns a value or a negative errno (class mixed, from the built-in table), but 'left' is unsigned: 'left < 0' is never true; keep it in a signed int [retconv-C]
// expect: rule-c.c:195:16: note: 'left' holds the result of 'wait_for_completion_interruptible_timeout' from here
