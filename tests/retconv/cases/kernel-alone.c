// SPDX-License-Identifier: MIT
/*
 * A driver taken alone from a kernel tree: its headers are absent, and so
 * are __user, the errno names and GFP_KERNEL.  The call sites the rules
 * can see must still be found, and nothing where recovery lost statements.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/interrupt.h>
#include <linux/uaccess.h>
#include <linux/workqueue.h>
#include <linux/slab.h>

struct foo_dev {
	struct work_struct work;
	struct device *dev;
	u32 irq;
	int broken;
};

static struct workqueue_struct *foo_wq;

static irqreturn_t foo_interrupt(int irq, void *data)
{
	return IRQ_HANDLED;
}

static long foo_read_regs(struct foo_dev *fd, void __user *arg)
{
	u32 regs[4] = { 0 };

	if (copy_to_user(arg, regs, sizeof(regs)) < 0)
		return -EFAULT;
	return 0;
}

static long foo_read_fixed(struct foo_dev *fd, void __user *arg)
{
	u32 regs[4] = { 0 };

	if (copy_to_user(arg, regs, sizeof(regs)))
		return -EFAULT;
	return 0;
}

static int foo_kick(struct foo_dev *fd)
{
	int ret;

	ret = queue_work(foo_wq, &fd->work);
	if (ret < 0)
		return ret;
	return 0;
}

static int __devinit foo_probe(struct foo_dev *fd)
{
	int err;

	fd = kzalloc(sizeof(*fd), GFP_KERNEL);
	if (!fd)
		return -ENOMEM;
	err = request_irq(fd->irq, foo_interrupt, IRQF_SHARED, "foo", fd);
	if (!err) {
		printk(KERN_ERR "foo: cannot get irq %u\n", fd->irq);
		return -EBUSY;
	}
	return 0;
}

static int foo_probe_fixed(struct foo_dev *fd)
{
	int err;

	err = request_irq(fd->irq, foo_interrupt, IRQF_SHARED, "foo", fd);
	if (err) {
		dev_err(fd->dev, "cannot get irq %u\n", fd->irq);
		return err;
	}
	return 0;
}

/* FOO_EBROKEN comes from an absent header: it stands in as a constant of
 * unknown value, so the return is kept, and its minus reads as a negative
 * errno's, as -EBUSY's does: the function is seen whole. */
int foo_start(struct foo_dev *fd)
{
	if (fd->broken)
		return -FOO_EBROKEN;
	return 1;
}

/* The store clang drops could be the one the test reads. */
static int foo_requeue(struct foo_dev *fd)
{
	int ret;

	ret = queue_work(foo_wq, &fd->work);
	ret = foo_settle(fd, FOO_SETTLE_WAIT);
	if (ret < 0)
		return ret;
	return 0;
}

/* A holder of a type nothing declares holds nothing known. */
static int foo_requeue2(struct foo_dev *fd)
{
	foo_status_t st;

	st = queue_work(foo_wq, &fd->work);
	if (st < 0)
		return -EBUSY;
	return 0;
}
// expect: kernel-alone.c:32:6: warning: 'copy_to_user' returns the number of bytes not copied (class count, from the built-in table), never negative: 'copy_to_user(...) < 0' is never true; its failure is non-zero [retconv-C]
// expect: kernel-alone.c:51:6: warning: 'queue_work' returns only 0 or 1 (class boolean, from the built-in table), never negative: 'ret < 0' is never true; its failure is 0 [retconv-C]
// expect: kernel-alone.c:50:2: note: 'ret' holds the result of 'queue_work' from here
// expect: kernel-alone.c:64:6: warning: 'request_irq' returns 0 or a negative errno (class errno, from the built-in table): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: kernel-alone.c:63:2: note: 'err' holds the result of 'request_irq' from here
// expect: kernel-alone.c:65:3: note: the branch logs an error with printk()
// expect: kernel-alone.c:86:5: warning: action 'foo_start' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: kernel-alone.c:89:3: note: returns a negative errno
// expect: kernel-alone.c:90:2: note: returns 1
// stderr: retconv: kernel-alone.c: note: parsed with errors: 4 headers not found (linux/interrupt.h, linux/uaccess.h, linux/workqueue.h, ...); 2 other errors, the first: kernel-alone.c:110:5: error: assigning to 'foo_status_t' (aka 'struct __retconv_t_foo_status_t') from incompatible type 'int'; checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
