// SPDX-License-Identifier: MIT
/*
 * A driver in a kernel-style tree checked without its build: the
 * configuration header is generated and absent, the kernel's headers are
 * not there, and every function carries the annotations of kernel code
 * (__init, __must_check, __user, __iomem, __printf(), __section(), ...).
 * Each function is still checked and each misread still found.
 */
#include "config.h"
#include <generated/autoconf.h>
#include <linux/module.h>
#include <linux/uaccess.h>

struct frob_regs {
	u32 ctrl;
	u32 status;
} __packed __aligned(4);

static struct frob_regs __iomem *frob_base;
static int __percpu *frob_hits;
static void __rcu *frob_state;

__printf(2, 3) int frob_log(int level, const char *fmt, ...);

static int __must_check __maybe_unused frob_reset(void __iomem *regs)
{
	if (!regs)
		return -ENODEV;
	return 1;
}

static noinline int __section(".text.frob") frob_copy(char __user *to,
						       const char *from)
{
	if (copy_to_user(to, from, 4) < 0)
		return -EFAULT;
	return 0;
}

static __always_inline int frob_ready(void)
{
	return frob_base != NULL;
}

int __weak __init frob_init(void)
{
	if (!frob_ready())
		return -ENODEV;
	return 1;
}
EXPORT_SYMBOL(frob_init);

void __exit frob_exit(void)
{
	frob_hits = NULL;
	frob_state = NULL;
}

// args: --static
// expect: kernel-annotations.c:25:40: warning: static action 'frob_reset' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: kernel-annotations.c:28:3: note: returns a negative errno
// expect: kernel-annotations.c:29:2: note: returns 1
// expect: kernel-annotations.c:35:6: warning: 'copy_to_user' returns the number of bytes not copied (class count, from the built-in table), never negative: 'copy_to_user(...) < 0' is never true; its failure is non-zero [retconv-C]
// expect: kernel-annotations.c:45:19: warning: action 'frob_init' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: kernel-annotations.c:48:3: note: returns a negative errno
// expect: kernel-annotations.c:49:2: note: returns 1
// stderr: retconv: kernel-annotations.c: note: parsed with errors: 3 headers not found (config.h, generated/autoconf.h, linux/uaccess.h); checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
