// SPDX-License-Identifier: MIT
/*
 * A worker thread that leaves its pool (idle past the timeout) ends like
 * any thread: the program's thread-specific data destructors
 * (pthread_key_create()) and C++ thread_local destructors run in it after
 * kwq's loop has returned and freed the worker.  Code there may call kwq
 * (a per-thread cache that flushes through a queue, a logger that asks
 * current_work()), and kwq must then see a thread that is no worker: not
 * read the freed worker through the thread's kwq__self, nor bump its
 * lock_waits in a contended pool lock (pool.c).  The sanitizer builds and
 * valgrind see the read of freed memory; every build sees the answer.
 *
 * Items of an unbound queue wait at a gate that sleeps, so that the
 * manager starts workers beside the first; each sets a key's value in its
 * worker thread.  With a short idle timeout all but the pool's last
 * worker then retire, and the key's destructor runs in each.
 */
#include "util.h"

#define ITEMS		4
#define RUN_MS		20000

static pthread_key_t key;
static struct gate gate;
static int dtors;		/* A: destructors run */
static int dtor_worker;		/* A: of those, kwq said a worker */
static int dtor_current;	/* A: of those, current_work() not NULL */

static void key_dtor(void *v)
{
	(void)v;
	if (current_is_workqueue_worker())
		INC(&dtor_worker);
	if (current_work())
		INC(&dtor_current);
	INC(&dtors);
}

static void item_fn(struct work_struct *w)
{
	(void)w;
	pthread_setspecific(key, &key);
	gate_wait(&gate);
}

int main(void)
{
	struct work_struct items[ITEMS];
	struct workqueue_struct *wq;

	tap_watchdog(120);
	plan(3);
	if (pthread_key_create(&key, key_dtor))
		bail_out("pthread_key_create");
	kwq_set_idle_timeout(20);
	wq = new_wq("self-exit", WQ_UNBOUND, 0);
	for (int i = 0; i < ITEMS; i++) {
		INIT_WORK(&items[i], item_fn);
		if (add_work_to_q(wq, &items[i]))
			bail_out("could not add an item");
	}
	/* Two at the gate: two workers, of which one at least retires. */
	if (!wait_for(&gate.entered, 2, RUN_MS))
		bail_out("the items did not start on two workers");
	gate_open(&gate);
	if (flush_workqueue(wq))
		bail_out("flush_workqueue");
	ok(wait_for(&dtors, 1, RUN_MS),
	   "a retiring worker's thread ran the program's key destructor");
	/* The last worker may retire later: the counts are read together. */
	ok(LOAD(&dtor_worker) == 0,
	   "in a retired worker's thread destructor, "
	   "current_is_workqueue_worker() is false");
	ok(LOAD(&dtor_current) == 0,
	   "in a retired worker's thread destructor, current_work() is NULL");
	destroy_workqueue(wq);
	return done_testing();
}
