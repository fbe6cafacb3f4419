// SPDX-License-Identifier: MIT
/*
 * The process bootstrap: the first call into kwq (an alloc_workqueue(), a
 * completion queue, kwq_stats_print()) sets up, once, everything the
 * library needs before an item can run: the fork() handlers registered
 * (fork.c), fault injection, limits, statistics and debug mode read their
 * environment, the CPUs are read (thread.c), the pools allocated (pool.c),
 * and the timer thread (timer.c) and the manager (manager.c) started.
 *
 * It is the top of the library: it calls each file's set-up, and the
 * files that need kwq set up (workqueue.c, completion.c, stats.c) reach it
 * only through kwq__init(), internal.h's one-load check of
 * kwq__initialized, so that none of them and init.c call each other both
 * ways.
 */
#include "internal.h"

int kwq__initialized;			/* A: release once set up */

/*
 * Set up the pools, the timer wheels and the manager, once.  Each step that
 * succeeds stays done, so after a failure (no memory, no thread) a later
 * call retries only what is missing; nothing a started thread uses is freed.
 * With cancellation off: a bad environment variable is reported with
 * fprintf(), a cancellation point, and a caller cancelled there would die
 * holding the init lock, which every later first use waits for.
 */
int kwq__init_slow(void)
{
	static int have_fork, have_pools, have_timers;
	int old = kwq__nocancel_begin();
	int err = 0;

	kwq__init_lock(1);
	if (kwq__initialized)
		goto out_unlock;
	/*
	 * First, so that a fork() in another thread from now on waits for
	 * this call to end (fork.c takes the init lock): registered last, a
	 * fork() during the set-up left the child with the init lock held
	 * and its first call into kwq hung.
	 */
	if (!have_fork) {
		err = kwq__fork_init();
		if (err)
			goto out_unlock;
		have_fork = 1;
	}
	if (!have_pools) {
		kwq__fault_init();
		kwq__limits_init();
		kwq__stats_init();
		kwq__debug_init();
		err = kwq__read_cpus();
		if (err)
			goto out_unlock;
		err = kwq__pools_init();
		if (err)
			goto out_unlock;
		have_pools = 1;
	}
	if (!have_timers) {
		err = kwq__timer_init();
		if (err)
			goto out_unlock;
		have_timers = 1;
	}
	err = kwq__manager_init();
	if (!err)
		__atomic_store_n(&kwq__initialized, 1, __ATOMIC_RELEASE);
out_unlock:
	kwq__init_lock(0);
	kwq__nocancel_end(old);
	return err;
}
