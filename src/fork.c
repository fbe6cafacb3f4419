// SPDX-License-Identifier: MIT
/*
 * fork(): a child of a process that uses kwq can use kwq too.
 *
 * fork() copies memory but only the calling thread, so the child has kwq's
 * state without the workers, manager, timer and rescuer threads behind it,
 * and with any lock one of them held frozen in place.  So kwq takes every
 * one of its locks before a fork (pthread_atfork()), and in the child it
 * starts afresh: the queues and items the parent had remain usable, but
 * nothing the parent had queued, armed or running is carried over (those
 * items are idle in the child, to be added again if the child wants them:
 * running them twice, in both processes, is never what a program means),
 * the pools have no workers until work arrives, and the manager, timer and
 * rescuer threads are started again.  The parent is not affected beyond
 * waiting, during the fork, for kwq's locks.
 *
 * Lock order, here as everywhere: system queues (whose first use creates a
 * queue), init, registry, pools, timer bases, and the spawn gate last: a
 * spawn, called under pool locks, passes it on its way in and takes no lock
 * of kwq's inside its window; the fork waits at the gate for the spawns
 * inside to leave (thread.c).  An item being added by
 * another thread at the very moment of fork() (PENDING won, not yet on a
 * list), or being queued by the timer thread, is on no list the child can
 * find: it stays pending in the child.  Items pushed behind a push half
 * done are cut off too, but their words name their pwq: the child retires
 * that pwq as a ghost (kwq__wq_child()), and the first call that meets
 * one of them forgets it (kwq__take_orphan() in cancel.c).
 *
 * fork() from a work item: the child's only thread is then that worker,
 * inside the item's function.  It stays its pool's worker in the child,
 * with the item it runs accounted, so that it returns from the item into a
 * worker loop that still makes sense.
 */
#include "internal.h"

static void prepare(void)
{
	kwq__system_queues_lock(1);
	kwq__init_lock(1);
	kwq__registry_lock(1);
	kwq__pools_lock(1);
	kwq__timers_lock(1);
	kwq__compat_lock(1);
	kwq__spawn_lock(1);
}

static void parent(void)
{
	kwq__spawn_lock(0);
	kwq__compat_lock(0);
	kwq__timers_lock(0);
	kwq__pools_lock(0);
	kwq__registry_lock(0);
	kwq__init_lock(0);
	kwq__system_queues_lock(0);
}

static void child(void)
{
	unsigned int unfenced = 0;

	kwq__debug_child();
	kwq__spawn_child();		/* starts of threads it lacks */
	kwq__mgr.word = 0;
	kwq__mgr.watching = 0;
	kwq__for_each_wq_locked(kwq__wq_child, &unfenced); /* pwqs, items */
	kwq__pools_child();		/* worklists, workers; unlocks pools */
	kwq__timers_child();		/* armed items; unlocks timer bases */
	kwq__registry_lock(0);
	kwq__init_lock(0);
	kwq__system_queues_lock(0);
	kwq__compat_lock(0);
	/*
	 * Threads last, with every lock free: a warning that one could not
	 * be started may reach a handler that calls back into kwq.  If they
	 * cannot start now, work waits for the next try.
	 */
	kwq__timers_restart();
	/* The manager is the set-up's last step: after a first call that
	 * failed before it, the child's first call starts it (init.c). */
	if (__atomic_load_n(&kwq__initialized, __ATOMIC_ACQUIRE) &&
	    kwq__manager_init())
		kwq__warn(KWQ_WARN_INTERNAL, NULL, 0, "fork", -EAGAIN,
			  "could not restart kwq's manager after fork()");
	kwq__rescuers_child();
	if (unfenced)
		kwq__warn(KWQ_WARN_INTERNAL, NULL, 0, "fork", -ENOMEM,
			  "no memory to fence off %u queue(s) cut by a push half done at fork()",
			  unfenced);
}

int kwq__fork_init(void)
{
	return -pthread_atfork(prepare, parent, child);
}
