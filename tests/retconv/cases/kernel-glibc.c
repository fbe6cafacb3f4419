// SPDX-License-Identifier: MIT
/*
 * A driver whose header is shared with user space, and so includes
 * <sys/types.h>: the prelude's loff_t and dev_t must be glibc's, or every
 * such file counts two errors in a system header and the note names
 * those instead of what is missing.
 */
#include <linux/qux.h>
#include <sys/types.h>

static ssize_t qux_read(char __user *buf, size_t len, loff_t *pos)
{
	int left;

	left = copy_to_user(buf, "qux", len);
	if (left < 0)
		return -EFAULT;
	*pos += len;
	return len;
}

static dev_t qux_devt;
// expect: kernel-glibc.c:16:6: warning: 'copy_to_user' returns the number of bytes not copied (class count, from the built-in table), never negative: 'left < 0' is never true; its failure is non-zero [retconv-C]
// expect: kernel-glibc.c:15:2: note: 'left' holds the result of 'copy_to_user' from here
// stderr: retconv: kernel-glibc.c: note: parsed with errors: 1 header not found (linux/qux.h); checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
