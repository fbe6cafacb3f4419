/* SPDX-License-Identifier: MIT */
/*
 * bcachefs-tools' <linux/workqueue.h>, mapped onto kwq.
 *
 * bcachefs-tools builds the kernel's bcachefs code in user space over its
 * own copies of kernel headers (include/linux/) and its own small
 * workqueue (linux/workqueue.c).  Put the directory holding this file
 * before the program's include/ (CPPFLAGS, which its Makefile passes
 * first), leave linux/workqueue.c out and link with -lkwq: every
 * <linux/workqueue.h> of the program then means <kwq/workqueue.h>.
 * docs/real-program.md tells what that built, caught and ran.
 *
 * This is a map, not an implementation: it only includes.  The program's
 * own headers come first, so that its container_of() (type-checked) is
 * the one in force, and its <linux/jiffies.h>, whose HZ is 1000 and whose
 * jiffies are milliseconds of CLOCK_MONOTONIC as kwq's are, keeps its
 * msecs_to_jiffies() and jiffies_to_msecs(): KWQ_NO_JIFFIES leaves kwq's
 * out.  The headers the program's copy included are included here too,
 * since its files rely on them coming in with this one.
 */
#ifndef KWQ_CONTRIB_BCACHEFS_LINUX_WORKQUEUE_H
#define KWQ_CONTRIB_BCACHEFS_LINUX_WORKQUEUE_H

#include <linux/kernel.h>
#include <linux/jiffies.h>
#include <linux/list.h>
#include <linux/timer.h>

#define KWQ_NO_JIFFIES
#include <kwq/workqueue.h>

#endif /* KWQ_CONTRIB_BCACHEFS_LINUX_WORKQUEUE_H */
