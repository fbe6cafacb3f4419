// SPDX-License-Identifier: MIT
/*
 * A flush's barrier is queued with an item's word less WORK_INIT
 * (set_barrier_pwq() in internal.h), and that bit alone tells the
 * worker's loop, and the head's take after a pass, a barrier from an item
 * queued alone (queued_alone() in worker.c).  A barrier whose item was
 * removed stays queued on its own, without LINKED: taken for an item, it
 * would run as one, and its end would give back a slot and a flush count
 * its pwq never gave it.  The sanitizer builds' assertion in
 * queued_alone() sees that; this sees the counts, in every build.
 *
 * CPU c's high-priority pool (target 1) is held by an item that spins at
 * a gate; an item of another queue waits on the worklist, a thread's
 * flush_work() links its barrier behind it, and remove_work() takes the
 * item, leaving the barrier alone at the worklist's head.  Once the gate
 * opens, the flush must return and the queue's pwq must hold nothing.
 *
 * White-box: links libkwq.a, reads the pwq's counts under its pool lock.
 */
#include "../src/internal.h"
#include "util.h"

#define RUN_MS		10000

static struct gate gate;

static void nop_fn(struct work_struct *w)
{
	(void)w;
}

/* Does no worker of @pool run anything?  Takes @pool's lock. */
static bool pool_quiet(struct kwq__pool *pool)
{
	struct kwq_list_node *pos;
	bool quiet = true;

	kwq__lock(pool);
	for (pos = pool->workers.next; pos != &pool->workers; pos = pos->next)
		if (kwq__list_entry(pos, struct kwq__worker,
				    node)->current_work)
			quiet = false;
	kwq__unlock(pool);
	return quiet;
}

static void *flusher(void *arg)
{
	flush_work(arg);
	return NULL;
}

int main(void)
{
	int cpu = last_allowed_cpu();
	struct workqueue_struct *hold, *wq;
	struct work_struct item;
	struct kwq__pwq *pwq;
	struct tw blocker;
	pthread_t t;
	int active, flight;

	tap_watchdog(60);
	plan(2);
	hold = new_wq("barrier-word-hold", WQ_HIGHPRI, 0);
	wq = new_wq("barrier-word", WQ_HIGHPRI, 0);
	pwq = wq->cpu_pwqs[cpu];
	gate.spin = 1;
	tw_init(&blocker);
	blocker.gate = &gate;
	INIT_WORK(&item, nop_fn);
	if (add_work_to_q_on(cpu, hold, &blocker.work) ||
	    !wait_for(&gate.entered, 1, RUN_MS))
		bail_out("the blocker did not start");
	if (add_work_to_q_on(cpu, wq, &item))
		bail_out("could not add the item");
	pthread_create(&t, NULL, flusher, &item);
	/* The barrier is queued once the item is marked as linked to it. */
	for (int i = 0; i < 100000 && !(work_data(&item) & WORK_LINKED); i++)
		sleep_us(100);
	if (!(work_data(&item) & WORK_LINKED) || remove_work(&item))
		bail_out("no barrier behind the item, or the item not removed");
	gate_open(&gate);
	pthread_join(t, NULL);
	/* The barrier's run has ended once no worker of the pool runs. */
	while (!pool_quiet(pwq->pool))
		sleep_us(100);
	kwq__lock(pwq->pool);
	active = pwq->nr_active;
	flight = pwq->nr_in_flight[0] + pwq->nr_in_flight[1];
	kwq__unlock(pwq->pool);
	ok(!work_pending(&item) && tw_runs(&blocker) == 1,
	   "the flush of a removed item returned once the pool moved");
	ok(active == 0 && flight == 0,
	   "the barrier left alone ran as a barrier: its queue's pwq holds "
	   "no slot and no flush count (%d, %d)", active, flight);
	if (active || flight)
		return done_testing();	/* a flush would wait for ever */
	if (flush_workqueue(wq) || flush_workqueue(hold))
		bail_out("flush_workqueue");
	destroy_workqueue(wq);
	destroy_workqueue(hold);
	return done_testing();
}
