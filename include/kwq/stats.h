/* SPDX-License-Identifier: MIT */
/*
 * kwq's statistics: what each queue did, read by the program or printed as a
 * table, in the spirit of the kernel's wq_dump.py.
 *
 * Counters kept under locks kwq takes anyway are always on.  Timings (add to
 * start, run time, CPU time) and the count of adds refused with -EBUSY cost a
 * clock read or an atomic on hot paths, so they are kept only while enabled,
 * with kwq_stats_enable() or the environment variable KWQ_STATS=1.
 * KWQ_STATS_AT_EXIT=1 prints the table on stderr when the program exits.
 */
#ifndef KWQ_STATS_H
#define KWQ_STATS_H

#include <stdbool.h>
#include <stdio.h>

#include <kwq/workqueue.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A distribution of durations, in nanoseconds, from log2 buckets. */
struct kwq_timing {
	unsigned long long samples;	/* how many were measured */
	unsigned long long p50_ns;	/* half were at most this */
	unsigned long long p99_ns;	/* 99% were at most this */
	unsigned long long max_ns;	/* the longest */
};

/* What one queue did since its creation (or kwq_stats_reset()). */
struct kwq_stats {
	char name[64];			/* the queue's name */
	unsigned int flags;		/* its WQ_* flags */
	int max_active;			/* its max_active */
	unsigned long long added;	/* items queued (delayed: at expiry) */
	unsigned long long rejected;	/* adds refused with -EBUSY (enabled) */
	unsigned long long started;	/* items whose function was called */
	unsigned long long finished;	/* items whose function returned */
	unsigned long long pending;	/* queued or running now */
	unsigned long long armed;	/* delayed items on their timers now */
	unsigned long long cpu_time_ns;	/* CPU time of its items (enabled) */
	struct kwq_timing latency;	/* add to start, sampled (enabled) */
	struct kwq_timing runtime;	/* start to return (enabled) */
	unsigned long long workers_created; /* by the pools it uses */
	unsigned long long workers_retired; /* by the pools it uses */
	unsigned long long lockups;	/* watchdog reports while it waited */
	unsigned long long rescued;	/* items its rescuer ran */
};

/**
 * kwq_stats_get() - read what @wq did
 * @wq: the queue
 * @st: where to write
 * @size: sizeof(*@st) as the caller knows it, so that a program built
 *	against an older, shorter struct kwq_stats still works
 *
 * Context: Any thread, including a work item.  Takes each pool lock briefly.
 * Return: 0; -EINVAL for a NULL @wq or @st, or a @size smaller than the
 * first release's struct (in debug mode also a destroyed @wq, reported);
 * -ENOMEM when its scratch space cannot be had.
 */
KWQ_API int kwq_stats_get(struct workqueue_struct *wq, struct kwq_stats *st,
			  size_t size);

/**
 * kwq_stats_reset() - start @wq's counters and timings again from zero
 * @wq: the queue
 *
 * Context: Any thread, including a work item.
 * Return: 0; -EINVAL for a NULL @wq (in debug mode also a destroyed one,
 * reported).
 */
KWQ_API int kwq_stats_reset(struct workqueue_struct *wq);

/**
 * kwq_stats_enable() - keep timings and -EBUSY counts, or stop keeping them
 * @on: true to keep them
 *
 * Context: Any thread.
 * Return: 0.
 */
KWQ_API int kwq_stats_enable(bool on);

/**
 * kwq_stats_print() - print every queue's state and statistics as a table
 * @out: the stream, e.g. stderr
 *
 * One line per queue (name, flags, max_active, pending, armed, added,
 * rejected, started, finished, latency and run time p50/p99/max, CPU time),
 * then one line per pool (CPU, priority, workers, idle, running, items
 * waiting, workers created and retired).
 *
 * Context: Any thread.  Writes to @out with stdio.
 * Return: 0; -EINVAL for a NULL @out; -EIO when writing failed.
 */
KWQ_API int kwq_stats_print(FILE *out);

#ifdef __cplusplus
}
#endif

#endif /* KWQ_STATS_H */
