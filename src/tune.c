// SPDX-License-Identifier: MIT
/*
 * How many workers an unbound pool's items are worth: its target, judged
 * by a worker's start every TUNE_EVERY starts (kwq__tune_count_locked(),
 * which process_one() in worker.c calls when the pool's count-down ends)
 * from what the items cost, and raised again by the manager's tick when a
 * long item holds the pool (kwq__tune_stall_locked()).  A bound pool's
 * target is its one CPU and is never judged.  Kept apart from worker.c,
 * the loop that runs every item: this changes with what a pool should
 * learn, not with how an item runs.
 */
#include "internal.h"

/*
 * Two workers of one unbound pool pay for every item they take with the
 * pool lock's cache line, which crosses between their CPUs twice per item:
 * some 500 ns on a two-CPU machine, where one worker alone runs a trivial
 * item in 60.  A second worker gains only for items longer than that.  So
 * every TUNE_EVERY starts the pool judges what an item has cost each of
 * its running workers since the last judgement, idle gaps included: with
 * all its CPUs, below LOWER_NS it keeps one worker; with one, above
 * RAISE_NS it takes all its CPUs again.  Measured with two workers, an
 * item looks dearer by what the second one costs, hence the two bounds.
 * An item that runs long while others wait starts nothing to judge by: the
 * manager sees that one (kwq__tune_stall_locked()).
 */
#define TUNE_EVERY	512
#define LOWER_NS	1000
#define RAISE_NS	600

static void tune_locked(struct kwq__pool *pool)
{
	unsigned long long now = kwq__clock_ns(CLOCK_MONOTONIC);
	unsigned long long per = (now - pool->tune_ns) *
		(unsigned int)(pool->nr_running ? pool->nr_running : 1) /
		TUNE_EVERY;

	kwq__assert_locked(pool);
	pool->tune_ns = now;
	if (pool->target < pool->max_target) {
		if (per > RAISE_NS)
			pool->target = pool->max_target;
	} else if (per < LOWER_NS) {
		pool->target = 1;
	}
}

/*
 * A start has counted TUNE_EVERY down: judge an unbound pool's target and
 * count again.  The pool's first start judges too (pool_alloc() in
 * pool.c), from tune_ns 0: an item that seems to have cost the whole
 * uptime lowers nothing, and a target at max_target is not raised.  A
 * countdown, where a test of nr_started's low bits loaded, added, stored
 * and tested: two instructions an item fewer.  It counts the starts too
 * (kwq__pool_started()), where each also raised nr_started: one more.
 */
__attribute__((noinline, cold)) void
kwq__tune_count_locked(struct kwq__pool *pool)
{
	pool->tune_left = TUNE_EVERY;
	pool->started_mark += TUNE_EVERY;
	if (pool->max_target > 1)
		tune_locked(pool);
}

/*
 * The manager's tick: a pool held to fewer workers than its CPUs that has
 * started nothing since the previous tick while items wait is running a
 * long item, behind which short ones must not wait; it gets all its CPUs
 * back, and the caller's kick wakes a worker for the waiting item.
 */
void kwq__tune_stall_locked(struct kwq__pool *pool)
{
	kwq__assert_locked(pool);
	if (pool->target < pool->max_target &&
	    kwq__pool_started(pool) == pool->tune_seen &&
	    !kwq__list_empty(&pool->worklist))
		pool->target = pool->max_target;
	pool->tune_seen = kwq__pool_started(pool);
}
