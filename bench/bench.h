/* SPDX-License-Identifier: MIT */
/*
 * What kwq's benchmark programs share (bench, bench-mem, and the goal
 * programs bench-timers and bench-manager of bench/goals/): the item every
 * library runs, the table of libraries under test, and the helpers of
 * common.c for time, futex signals, context switches and result lines.
 *
 * Each library gets an adapter (impl-*.c, baseline.c) that fills a struct
 * bench_impl.  Its items are the adapter's own structures with a struct
 * bitem first, so the workloads in bench.c walk an array of them by stride
 * and never know which library runs the items.  One process measures one
 * workload (one library for bench, kwq and its timer peers for the goal
 * programs); bench/run.pl starts the processes, alternates them and does
 * the statistics.
 *
 * Every program reports in one format, one figure per line on stdout:
 * "metric,impl,param,value" (figure() prints it), where param is what the
 * figure was measured at (producers, items armed, ...).
 */
#ifndef KWQ_BENCH_H
#define KWQ_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct bitem;

/* What a workload wants done when an item runs. */
typedef void (*bitem_fn)(struct bitem *b);

/* The library-independent part of an item; first in every adapter's item. */
struct bitem {
	bitem_fn fn;		/* the workload's function */
	uint64_t stamp;		/* when it ran (ns), for workloads that ask */
};

/* One library under test, as seen by the workloads. */
struct bench_impl {
	const char *name;	/* as on the command line and in the CSV */
	const char *entry;	/* the library function an add calls, for
				 * callgrind's per-function counts */
	size_t stride;		/* bytes of one item, struct bitem first */
	size_t item_bytes;	/* of those, what the library makes the caller
				 * keep per item (0 when it takes a pointer) */
	int has_ebusy;		/* adding a pending item returns -EBUSY */
	/* 0 or a negative errno */
	int (*init)(int nthreads);
	/* Optional. */
	void (*fini)(void);
	/* Optional: prepare an item allocated zeroed. */
	void (*init_item)(struct bitem *b);
	/* 0, or non-zero when the add failed (-EBUSY for kwq). */
	int (*add)(struct bitem *b);
	/* Optional, in each adding thread before its first add. */
	void (*producer_begin)(void);
	/* Optional, in each adding thread: waits until its items are done. */
	void (*producer_end)(void);
	/* Optional: housekeeping between samples, outside timed code. */
	void (*reap)(void);
	/*
	 * Optional (bench wpf): hold the library to @n worker threads in
	 * all, before init; and how many of one CPU's adds may run at once
	 * (0: one per CPU).
	 */
	void (*cap_workers)(int n);
	int running;
};

extern const struct bench_impl impl_kwq_bound;
extern const struct bench_impl impl_kwq_unbound;
extern const struct bench_impl impl_kwq_ordered;
extern const struct bench_impl impl_kwq_unbound_ma1;
extern const struct bench_impl impl_kwq_unbound_ma2;
extern const struct bench_impl impl_kwq_bound_ma1;
extern const struct bench_impl impl_baseline;
extern const struct bench_impl impl_baseline_serial;
extern const struct bench_impl impl_libuv;
extern const struct bench_impl impl_glib;
extern const struct bench_impl impl_glib_serial;
extern const struct bench_impl impl_apr;

/* Called by every adapter's trampoline when the library runs @b. */
static inline void bitem_run(struct bitem *b)
{
	b->fn(b);
}

#define bench_container_of(ptr, type, member) \
	((type *)(void *)((char *)(ptr) - offsetof(type, member)))

/* --- common.c ----------------------------------------------------------- */

/* CLOCK_MONOTONIC in nanoseconds. */
uint64_t now_ns(void);

/* Sleep for @ns nanoseconds (restarted after signals). */
void sleep_ns(uint64_t ns);

/* Add @n to the futex word @w and wake everyone waiting on it. */
void bsig_add(uint32_t *w, uint32_t n);

/*
 * Wait until *@w >= @target, at most @timeout_ns (negative: forever).
 * Returns 0, or -ETIMEDOUT.
 */
int bsig_wait(uint32_t *w, uint32_t target, int64_t timeout_ns);

/* Print one figure, "metric,impl,param,value", on stdout. */
void figure(const char *metric, const char *impl, const char *param,
	    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Print a message, prefixed with the program's name, and exit with 1. */
void die(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));

/* The CPUs this process may run on, as kwq counts them. */
int nr_cpus(void);

/* The nearest-rank @q quantile (0 < @q <= 1) of @v, sorted in place. */
int64_t percentile(int64_t *v, size_t n, double q);

/*
 * What the whole process has used so far (getrusage(RUSAGE_SELF): every
 * thread, live or exited): context switches, voluntary and not, and CPU
 * time, user and system.
 */
struct usage {
	uint64_t csw;
	uint64_t cpu_ns;
};

void usage_take(struct usage *u);

/* An array of @n zeroed items of @im, each initialised to run @fn. */
char *items_alloc(const struct bench_impl *im, size_t n, bitem_fn fn);

static inline struct bitem *item_at(const struct bench_impl *im, char *items,
				    size_t i)
{
	return (struct bitem *)(void *)(items + i * im->stride);
}

/* The resident set size of the process in bytes (/proc/self/statm). */
int64_t rss_bytes(void);

/* The value of the environment variable @name, or @dfl. */
long env_long(const char *name, long dfl);

/* --- step.c ------------------------------------------------------------- */

/* Stop every thread of the child @pid (ptrace).  0, or a negative errno. */
int step_freeze(pid_t pid);

/*
 * Single-step the frozen thread @tid until @calls calls of the function at
 * @entry have returned.  Returns the instructions those calls ran, what
 * they called included, or a negative errno (-E2BIG: more than @budget
 * steps; -ENOSYS: no stepping on this architecture, x86-64 and arm64
 * only).  @each, if not NULL, gets each call's count.
 */
long long step_count(pid_t tid, uintptr_t entry, size_t calls,
		     unsigned long long budget, long long *each);

/* Let every frozen thread go. */
void step_thaw(void);

/* --- heap accounting (malloc-count.c in bench-mem, a stub elsewhere) ---- */

struct heap_snap {
	uint64_t calls;		/* allocation calls, all threads */
	uint64_t thread_calls;	/* allocation calls by the calling thread */
	int64_t live;		/* usable bytes allocated and not freed */
};

/* Fill @s; returns 0, or -ENOSYS when the program does not count. */
int heap_snapshot(struct heap_snap *s);

/* --- wake-ups per thread (the goal programs) ---------------------------- */

#define BENCH_MAX_TASKS 8192

/* The context switches of each thread of the process at one moment. */
struct csw_snap {
	int n;
	int tid[BENCH_MAX_TASKS];
	uint64_t sw[BENCH_MAX_TASKS];	/* voluntary + nonvoluntary */
};

/* Wake-ups of the process while it idles, as idle_wakeups() measures them. */
struct idle_result {
	double per_s;		/* context switches per second */
	int threads;		/* at the end, the measuring one included */
};

void csw_take(struct csw_snap *s);
uint64_t csw_delta(const struct csw_snap *a, const struct csw_snap *b);
struct idle_result idle_wakeups(uint64_t settle_ns, uint64_t window_ns);

/*
 * The goal programs' options: -q (quick), -r ROTATION, -o PART (run only
 * that part, by the name its figures' section has in the program's top
 * comment; NULL: all).  0, or 2 after usage.
 */
int goals_options(int argc, char **argv, int *quick, int *rot,
		  const char **only);
/* Is @part to be run, given goals_options()'s @only? */
int goals_part(const char *only, const char *part);

#endif /* KWQ_BENCH_H */
