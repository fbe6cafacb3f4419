/* SPDX-License-Identifier: MIT */
/*
 * What the migration samples lean on besides kwq, so that tests/migrate.t
 * can compile them: the samples before the patch must fail against kwq's
 * void old names, and after it must compile.
 */
#include <errno.h>

#include <kwq/workqueue.h>

#define pr_debug(...) ((void)0)

extern int verbose;

static inline void cpu_relax(void)
{
}
