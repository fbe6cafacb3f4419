// SPDX-License-Identifier: MIT
/*
 * Statistics: what each queue did, for kwq_stats_get() and the table that
 * kwq_stats_print() writes.
 *
 * Counts are kept per pwq, under the pool lock that the counted event takes
 * anyway, and summed over a queue's pwqs when read, so that counting costs
 * no atomic and no shared cache line.  Timings need a clock read per item,
 * and the -EBUSY count an atomic on the refusal path, so they are kept only
 * while enabled.  Durations go into log2 histograms (64 buckets of
 * nanoseconds): percentiles read from them are exact to within a factor of
 * two, enough to tell a microsecond from a millisecond.  The time an item
 * was queued has no room in struct work_struct, so a small per-pool table
 * remembers it for the items that do not collide in it: latency is sampled.
 */
#include "internal.h"

#include <kwq/stats.h>

#include <string.h>

static int bucket_of(unsigned long long ns)
{
	return ns ? 63 - __builtin_clzll(ns) : 0;
}

static void record(unsigned long long *hist, unsigned long long *max,
		   unsigned long long ns)
{
	hist[bucket_of(ns)]++;
	if (ns > *max)
		*max = ns;
}

static unsigned int queued_slot(const struct work_struct *w)
{
	return (uint32_t)((uintptr_t)w >> 5) * 0x9e3779b1u >> 25;
}

void kwq__stat_queued_locked(struct kwq__pool *pool, struct work_struct *w)
{
	unsigned int i = queued_slot(w);

	kwq__assert_locked(pool);
	pool->st_queued[i].w = w;
	pool->st_queued[i].t = kwq__clock_ns(CLOCK_MONOTONIC);
}

void kwq__stat_timed_start_locked(struct kwq__worker *worker,
				  struct work_struct *w,
				  unsigned long long *cpu)
{
	struct kwq__pool *pool = worker->pool;
	struct kwq__pwq *pwq = worker->current_pwq;
	unsigned int i = queued_slot(w);

	kwq__assert_locked(pool);
	worker->started_ns = kwq__clock_ns(CLOCK_MONOTONIC);
	*cpu = kwq__clock_ns(CLOCK_THREAD_CPUTIME_ID);
	if (pool->st_queued[i].w == w) {
		pool->st_queued[i].w = NULL;
		record(pwq->st.lat, &pwq->st.lat_max,
		       worker->started_ns - pool->st_queued[i].t);
	}
}

void kwq__stat_timed_end_locked(struct kwq__worker *worker,
				struct kwq__pwq *pwq, unsigned long long cpu)
{
	kwq__assert_locked(worker->pool);
	record(pwq->st.run, &pwq->st.run_max,
	       kwq__clock_ns(CLOCK_MONOTONIC) - worker->started_ns);
	pwq->st.cpu_ns += kwq__clock_ns(CLOCK_THREAD_CPUTIME_ID) - cpu;
	worker->started_ns = 0;
}

/*
 * On: the workers whose ends start the next item themselves (the
 * hand-over, the worklist's head) test only their detour byte, not the
 * modes: each is sent back to its loop, so that every item started once
 * this returns is timed.
 */
int kwq_stats_enable(bool on)
{
	kwq__mode_set(KWQ_MODE_STATS, on);
	if (on)
		kwq__pools_detour();
	return 0;
}

/* Read percentiles off a log2 histogram: each bucket's upper bound. */
static void timing(struct kwq_timing *t, const unsigned long long *hist,
		   unsigned long long max)
{
	unsigned long long n = 0, seen = 0;

	memset(t, 0, sizeof(*t));
	for (int b = 0; b < KWQ_STAT_BUCKETS; b++)
		n += hist[b];
	t->samples = n;
	t->max_ns = max;
	for (int b = 0; b < KWQ_STAT_BUCKETS && n; b++) {
		unsigned long long top = b < 63 ? (2ULL << b) - 1 : ~0ULL;

		seen += hist[b];
		if (top > max)
			top = max;
		if (!t->p50_ns && seen * 2 >= n)
			t->p50_ns = top;
		if (!t->p99_ns && seen * 100 >= n * 99)
			t->p99_ns = top;
	}
}

struct sum {
	struct kwq__pwq_stats st;
	unsigned long long in_flight;
	unsigned long long created, retired;
};

/*
 * The items of @pwq running now, on its pool's workers or its rescuer,
 * each in the pool's busy hash from its start to its end (a barrier
 * records no pwq).  The starts a pwq reports are its ends and these, less
 * those that ran at the last reset (st.started, kept negative by
 * reset_pwq()): a start then writes no count, where each raised one.
 */
static unsigned long long running_locked(struct kwq__pwq *pwq)
{
	struct kwq__pool *pool = pwq->pool;
	unsigned long long n = 0;

	kwq__assert_locked(pool);
	for (size_t i = 0; i < sizeof(pool->busy) / sizeof(pool->busy[0]); i++)
		for (struct kwq__worker *w = pool->busy[i]; w; w = w->hnext)
			n += w->current_pwq == pwq;
	return n;
}

static void sum_pwq(struct kwq__pwq *pwq, void *arg)
{
	struct sum *sum = arg;
	struct kwq__pwq_stats *a = &sum->st, *b = &pwq->st;

	kwq__lock_pwq(pwq);
	a->added += b->added;
	a->started += b->started + b->finished + running_locked(pwq);
	a->finished += b->finished;
	a->cpu_ns += b->cpu_ns;
	a->lockups += b->lockups;
	a->rescued += b->rescued;
	for (int i = 0; i < KWQ_STAT_BUCKETS; i++) {
		a->lat[i] += b->lat[i];
		a->run[i] += b->run[i];
	}
	if (b->lat_max > a->lat_max)
		a->lat_max = b->lat_max;
	if (b->run_max > a->run_max)
		a->run_max = b->run_max;
	sum->in_flight += pwq->nr_in_flight[0] + pwq->nr_in_flight[1];
	sum->created += pwq->pool->st_created;
	sum->retired += pwq->pool->st_retired;
	kwq__unlock(pwq->pool);
}

int kwq_stats_get(struct workqueue_struct *wq, struct kwq_stats *st,
		  size_t size)
{
	struct kwq_stats full;
	struct sum *sum;

	if (!wq || !st || size < offsetof(struct kwq_stats, rescued) +
	    sizeof(st->rescued))
		return -EINVAL;
	if (kwq__debugging() && kwq__debug_check_wq(wq, "kwq_stats_get",
					__builtin_return_address(0)))
		return -EINVAL;
	sum = kwq__zalloc(sizeof(*sum));
	if (!sum)
		return -ENOMEM;
	kwq__for_each_pwq(wq, sum_pwq, sum);
	memset(&full, 0, sizeof(full));
	snprintf(full.name, sizeof(full.name), "%s", wq->name);
	full.flags = wq->flags;
	full.max_active = wq->max_active;
	full.added = sum->st.added;
	full.rejected = __atomic_load_n(&wq->st_rejected, __ATOMIC_RELAXED);
	full.started = sum->st.started;
	full.finished = sum->st.finished;
	full.pending = sum->in_flight;
	full.armed = kwq__timer_armed(wq);
	full.cpu_time_ns = sum->st.cpu_ns;
	timing(&full.latency, sum->st.lat, sum->st.lat_max);
	timing(&full.runtime, sum->st.run, sum->st.run_max);
	full.workers_created = sum->created;
	full.workers_retired = sum->retired;
	full.lockups = sum->st.lockups;
	full.rescued = sum->st.rescued;
	free(sum);
	memcpy(st, &full, size < sizeof(full) ? size : sizeof(full));
	return 0;
}

static void reset_pwq(struct kwq__pwq *pwq, void *arg)
{
	(void)arg;
	kwq__lock_pwq(pwq);
	memset(&pwq->st, 0, sizeof(pwq->st));
	/* The items running now started before: none counts (sum_pwq()). */
	pwq->st.started = -running_locked(pwq);
	kwq__unlock(pwq->pool);
}

int kwq_stats_reset(struct workqueue_struct *wq)
{
	if (!wq)
		return -EINVAL;
	if (kwq__debugging() && kwq__debug_check_wq(wq, "kwq_stats_reset",
					__builtin_return_address(0)))
		return -EINVAL;
	kwq__for_each_pwq(wq, reset_pwq, NULL);
	__atomic_store_n(&wq->st_rejected, 0, __ATOMIC_RELAXED);
	return 0;
}

/* Microseconds, with one decimal, for the table. */
static double us(unsigned long long ns)
{
	return (double)ns / 1000.0;
}

static void print_wq(struct workqueue_struct *wq, void *arg)
{
	FILE *out = arg;
	struct kwq_stats s;

	if (kwq_stats_get(wq, &s, sizeof(s)))
		return;
	fprintf(out, "%-20.20s %#5x %4d %7llu %5llu %9llu %8llu %9llu %9llu "
		"%8.1f/%.1f/%.1f %8.1f/%.1f/%.1f %9.1f\n",
		s.name, s.flags, s.max_active,
		s.pending, s.armed, s.added, s.rejected, s.started, s.finished,
		us(s.latency.p50_ns), us(s.latency.p99_ns),
		us(s.latency.max_ns), us(s.runtime.p50_ns),
		us(s.runtime.p99_ns), us(s.runtime.max_ns),
		us(s.cpu_time_ns) / 1000.0);
}

static void print_pool(FILE *out, struct kwq__pool *pool)
{
	int waiting = 0;

	kwq__lock(pool);
	for (struct kwq_list_node *n = pool->worklist.next;
	     n != &pool->worklist; n = n->next)
		waiting++;
	if (pool->cpu >= 0)
		fprintf(out, "cpu %-4d", pool->cpu);
	else
		fprintf(out, "unbound ");
	fprintf(out, " %-7s %7d %4d %7d %7d %7llu %7llu %7lu\n",
		pool->highpri ? "high" : "normal", pool->nr_workers,
		pool->nr_idle, pool->nr_running, waiting, pool->st_created,
		pool->st_retired, kwq__pool_started(pool));
	kwq__unlock(pool);
}

int kwq_stats_print(FILE *out)
{
	int old, err;

	if (!out)
		return -EINVAL;
	/* It prints with pool locks held: no unwinding in fprintf(). */
	old = kwq__nocancel_begin();
	fprintf(out, "%-20s %5s %4s %7s %5s %9s %8s %9s %9s %-19s %-19s %9s\n",
		"queue", "flags", "max", "pending", "armed", "added", "rejected",
		"started", "finished", "wait us p50/p99/max",
		"run us p50/p99/max", "cpu ms");
	kwq__for_each_wq(print_wq, out);
	fprintf(out, "\n%-8s %-7s %7s %4s %7s %7s %7s %7s %7s\n", "pool",
		"prio", "workers", "idle", "running", "waiting", "created",
		"retired", "started");
	if (!kwq__init()) {
		for (int hi = 0; hi < 2; hi++) {
			for (int cpu = 0; cpu < kwq__g.nr_cpu_ids; cpu++)
				if (kwq__g.cpu_pools[hi][cpu])
					print_pool(out, kwq__g.cpu_pools[hi][cpu]);
			print_pool(out, kwq__g.unbound_pools[hi]);
		}
	}
	err = ferror(out) ? -EIO : 0;
	kwq__nocancel_end(old);
	return err;
}

static void print_at_exit(void)
{
	kwq_stats_print(stderr);
}

/* KWQ_STATS=1 keeps timings; KWQ_STATS_AT_EXIT=1 also prints the table. */
void kwq__stats_init(void)
{
	bool on = kwq__env_switch("KWQ_STATS", false);
	bool at_exit = kwq__env_switch("KWQ_STATS_AT_EXIT", false);

	if (on || at_exit)
		/* Under the init lock, before any worker: nobody to send back. */
		kwq__mode_set(KWQ_MODE_STATS, true);
	if (at_exit)
		atexit(print_at_exit);
}
