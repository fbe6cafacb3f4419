// SPDX-License-Identifier: MIT
/*
 * A driver whose header is shared with user space, and so includes
 * <sys/types.h> and <stdint.h>: the prelude's loff_t, dev_t, u_char,
 * uint32_t and the like must be glibc's, or every such file counts errors
 * in a system header and the note names those instead of what is
 * missing.
 */
#include <linux/qux.h>
#include <sys/types.h>
#include <stdint.h>

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
static u_char qux_mode;
static uint32_t qux_mask;
static ulong qux_base;
// expect: kernel-glibc.c:18:6: warning: 'copy_to_user' returns the number of bytes not copied (class count, from the built-in table), never negative: 'left < 0' is never true; its failure is non-zero [retconv-C]
// expect: kernel-glibc.c:17:2: note: 'left' holds the result of 'copy_to_user' from here
// stderr: retconv: kernel-glibc.c: note: parsed with errors: 1 header not found (linux/qux.h); checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
