// SPDX-License-Identifier: MIT
/*
 * Annotations that no list knows: a project's own section, pointer and
 * attribute macros, defined in a header that is not there.  clang reads
 * such a word as the declaration's name and skips the function, and the
 * ones after it; retconv defines each word it tripped on away and parses
 * again, so every function below is still checked.
 */
#include "board_config.h"

static int PLAT_RAMFUNC plat_irq_pending(int irq)
{
	return irq > 3;
}

int PLAT_FAR *plat_buffer(int PLAT_FAR *base, int n)
{
	return base + n;
}

__plat_cold int plat_probe(int PLAT_FAR *id)
{
	if (!id)
		return -19;
	return 1;
}

__plat_format(1, 2) int plat_log(const char *fmt, ...);

int plat_start(void) __plat_nonnull(1);

static const struct plat_ops PLAT_RODATA plat_ops_table = { 0 };

int plat_reset(int how)
{
	if (plat_irq_pending(how) < 0)
		return -5;
	if (how > 3)
		return -22;
	return 1;
}

// args: --static
// expect: unknown-qualifiers.c:21:17: warning: action 'plat_probe' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: unknown-qualifiers.c:24:3: note: returns a negative errno
// expect: unknown-qualifiers.c:25:2: note: returns 1
// expect: unknown-qualifiers.c:34:5: warning: action 'plat_reset' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: unknown-qualifiers.c:37:3: note: returns a negative errno
// expect: unknown-qualifiers.c:39:3: note: returns a negative errno
// expect: unknown-qualifiers.c:40:2: note: returns 1
// expect: unknown-qualifiers.c:36:6: warning: 'plat_irq_pending' returns only 0 or 1 (class boolean, from its definition at unknown-qualifiers.c:11), never negative: 'plat_irq_pending(...) < 0' is never true; test it against 0 for what it means [retconv-C]
// stderr: retconv: unknown-qualifiers.c: note: parsed with errors: 1 header not found (board_config.h); checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
