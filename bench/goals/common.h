/* SPDX-License-Identifier: MIT */
/*
 * Helpers shared by the goal benchmarks of bench/goals/ (bench-timers and
 * bench-manager): a monotonic clock in nanoseconds, percentiles, and the
 * count of context switches of the process's threads, read from
 * /proc/self/task/TID/status, which is how issues 3 and 7 define a wake-up.
 *
 * Every program prints one figure per line, "metric,impl,param,value", and
 * one run is one sample; bench/goals/run.sh repeats the programs,
 * alternating them, and takes medians.
 */
#ifndef KWQ_BENCH_GOALS_COMMON_H
#define KWQ_BENCH_GOALS_COMMON_H

#include <stddef.h>

#define GOALS_MAX_TASKS 8192

/* The context switches of each thread of the process at one moment. */
struct csw_snap {
	int n;
	int tid[GOALS_MAX_TASKS];
	unsigned long long sw[GOALS_MAX_TASKS];	/* voluntary + nonvoluntary */
};

/* Wake-ups of the process while it idles, as idle_wakeups() measures them. */
struct idle_result {
	double per_s;		/* context switches per second */
	int threads;		/* threads at the end, the measuring one included */
};

__attribute__((noreturn, format(printf, 1, 2)))
void die(const char *fmt, ...);
long long now_ns(void);
void sleep_ns(long long ns);
int nr_cpus(void);
void csw_take(struct csw_snap *s);
unsigned long long csw_delta(const struct csw_snap *a,
			     const struct csw_snap *b);
struct idle_result idle_wakeups(long long settle_ns, long long window_ns);
double percentile(long long *v, size_t n, double q);
/* Both programs' options: -q (quick), -r ROTATION.  0, or 2 after usage. */
int goals_options(int argc, char **argv, int *quick, int *rot);

#endif /* KWQ_BENCH_GOALS_COMMON_H */
