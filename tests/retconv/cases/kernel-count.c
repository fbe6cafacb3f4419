// SPDX-License-Identifier: MIT
/*
 * Two kernel conventions that are not the 0/1 the rules look for: a
 * ssize_t read returns the bytes it read, one here, or a negative errno;
 * a function that blocks until a state is an action, whatever its last
 * word; a boot option's handler returns 1 when it took the option, and
 * a file operation's handler follows the table it is in.  The same shapes under plain action and predicate names are
 * still reported.
 */
#include <linux/quux-fs.h>
#include <linux/gpio-ops.h>

struct quux_port {
	int flags;
	int value;
};

static int quux_default_flags;

ssize_t quux_gpio_read(struct file *file, char __user *buf, size_t len,
		       loff_t *ppos)
{
	struct quux_port *qp = file->private_data;

	if (put_user(qp->value ? '1' : '0', buf))
		return -EFAULT;
	return 1;
}

int quux_gpio_load(struct quux_port *qp, char __user *buf)
{
	if (put_user(qp->value ? '1' : '0', buf))
		return -EFAULT;
	return 1;
}

int quux_block_til_ready(struct quux_port *qp)
{
	while (!qp->flags)
		if (signal_pending(current))
			return -ERESTARTSYS;
	return 0;
}

int quux_wait_until_idle(struct quux_port *qp)
{
	if (qp->flags < 0)
		return -EIO;
	return 0;
}

/* A boot option's handler: 1 when it took the option, the kernel's way. */
int __init quux_opt_setup(char *str)
{
	if (!str)
		return 0;
	quux_default_flags = 1;
	return 1;
}
__setup("quux=", quux_opt_setup);

/* A handler whose table also names what the absent headers declare. */
int quux_dev_open(struct inode *inode, struct file *file)
{
	if (!file)
		return -ENODEV;
	return 1;
}

static const struct file_operations quux_fops = {
	.owner = THIS_MODULE,
	.llseek = no_llseek,
	.open = quux_dev_open,
};

int quux_port_ready(struct quux_port *qp)
{
	if (!qp)
		return -EINVAL;
	return qp->flags != 0;
}
// args: --style
// expect: kernel-count.c:30:5: warning: action 'quux_gpio_load' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: kernel-count.c:33:3: note: returns a negative errno
// expect: kernel-count.c:34:2: note: returns 1
// expect: kernel-count.c:76:5: warning: predicate 'quux_port_ready' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: kernel-count.c:79:3: note: returns a negative errno
// stderr: retconv: kernel-count.c: note: parsed with errors: 2 headers not found (linux/quux-fs.h, linux/gpio-ops.h); 4 other errors, the first: kernel-count.c:23:29: error: incomplete definition of type 'struct file'; checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
