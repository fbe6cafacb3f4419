// SPDX-License-Identifier: MIT
/*
 * A 2.6-era driver alone, its tree absent: __devinit, __devexit_p,
 * schedule_work()'s old 0/1 tested for a sign, copy_from_user()'s count
 * of bytes not copied tested for a sign, device_register() read the wrong
 * way round: kernel-old.c.  This is the same file after its fixes, and
 * nothing is reported.
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
	if (!schedule_work(&bp->reset_work)) {
		printk(KERN_ERR "bar: reset already pending\n");
		return -EBUSY;
	}
	return 0;
}

static ssize_t bar_write(struct bar_priv *bp, const char __user *ubuf,
			 size_t len)
{
	if (len > sizeof(bp->buf))
		return -EINVAL;
	if (copy_from_user(bp->buf, ubuf, len))
		return -EFAULT;
	return len;
}

static int __devinit bar_probe(struct bar_priv *bp)
{
	if (device_register(&bp->dev)) {
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
// stderr: retconv: kernel-old-fixed.c: note: parsed with errors: 5 headers not found (linux/config.h, linux/init.h, linux/device.h, ...); checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
