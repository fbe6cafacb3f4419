// SPDX-License-Identifier: MIT
/*
 * A 2.6-era driver alone, its tree absent: __devinit, __devexit_p,
 * schedule_work()'s old 0/1 tested for a sign, copy_from_user()'s count
 * of bytes not copied tested for a sign, device_register() read the wrong
 * way round.  kernel-old-fixed.c is the same file after its fixes.
 */
#include <linux/config.h>
#include <linux/module.h>
#include <linux/init.h>
#include <linux/device.h>
#include <linux/workqueue.h>
#include <asm/uaccess.h>

struct bar_priv {
	struct work_struct reset_work;
	struct device dev;
	char buf[64];
};

static int bar_queue_reset(struct bar_priv *bp)
{
	int status;

	status = schedule_work(&bp->reset_work);
	if (status < 0) {
		printk(KERN_ERR "bar: reset not queued\n");
		return status;
	}
	return 0;
}

static ssize_t bar_write(struct bar_priv *bp, const char __user *ubuf,
			 size_t len)
{
	if (len > sizeof(bp->buf))
		return -EINVAL;
	if (copy_from_user(bp->buf, ubuf, len) < 0)
		return -EFAULT;
	return len;
}

static int __devinit bar_probe(struct bar_priv *bp)
{
	if (!device_register(&bp->dev)) {
		printk(KERN_ERR "bar: cannot register\n");
		return -ENODEV;
	}
	return 0;
}

static void __devexit bar_remove(struct bar_priv *bp)
{
	device_unregister(&bp->dev);
}

static struct bar_driver {
	int (*probe)(struct bar_priv *);
	void (*remove)(struct bar_priv *);
} bar_driver = {
	.probe = bar_probe,
	.remove = __devexit_p(bar_remove),
};

EXPORT_SYMBOL(bar_queue_reset);
MODULE_LICENSE("GPL");
// expect: kernel-old.c:26:6: warning: 'schedule_work' returns only 0 or 1 (class boolean, from the built-in table), never negative: 'status < 0' is never true; its failure is 0 [retconv-C]
// expect: kernel-old.c:25:2: note: 'status' holds the result of 'schedule_work' from here
// expect: kernel-old.c:38:6: warning: 'copy_from_user' returns the number of bytes not copied (class count, from the built-in table), never negative: 'copy_from_user(...) < 0' is never true; its failure is non-zero [retconv-C]
// expect: kernel-old.c:45:6: warning: 'device_register' returns 0 or a negative errno (class errno, from the built-in table): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: kernel-old.c:46:3: note: the branch logs an error with printk()
// stderr: retconv: kernel-old.c: note: parsed with errors: 5 headers not found (linux/config.h, linux/init.h, linux/device.h, ...); checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
