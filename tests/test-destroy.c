// SPDX-License-Identifier: MIT
/*
 * destroy_workqueue() at its edges.  A periodic item that re-arms itself
 * from its function no longer keeps destroy going for ever: the armed
 * instance runs once more, its re-arm during destroy returns -ESHUTDOWN,
 * and destroy returns.  And a wait_for_work() barrier left queued behind a
 * cancelled item of a queue since destroyed is never read through that
 * queue's freed pwq, by the lockup watchdog or by the mayday path (the
 * sanitizer passes of make check catch the use after free this guards
 * against).  White-box: fault injection makes thread creation fail so that
 * the mayday path runs, hence linked with libkwq.a.
 */
#include "../src/internal.h"
#include "util.h"

#include <stdlib.h>

/* --- a periodic item ----------------------------------------------------- */

struct periodic {
	struct delayed_work dw;
	struct workqueue_struct *wq;
	unsigned long period;
	int runs;		/* A */
	int destroying;		/* A: set by the test before destroy */
	int runs_in_destroy;	/* A */
	int rearm;		/* A: what the last re-arm returned */
	int mod;		/* A: re-arm with rearm_delayed_work() */
};

static void periodic_fn(struct work_struct *work)
{
	struct periodic *p = container_of(to_delayed_work(work),
					  struct periodic, dw);
	int err;

	if (LOAD(&p->destroying))
		INC(&p->runs_in_destroy);
	if (LOAD(&p->mod))
		err = rearm_delayed_work(p->wq, &p->dw, p->period);
	else
		err = add_delayed_work_to_q(p->wq, &p->dw, p->period);
	STORE(&p->rearm, err);
	INC(&p->runs);
}

/* Destroy @wq in a thread, and say whether it returned within 10 s. */
static bool destroy_returns(struct workqueue_struct *wq)
{
	struct bg_call c;

	bg_wq(&c, NULL, wq);
	if (!wait_for(&c.done, 1, 10000))
		return false;
	bg_join(&c);
	return true;
}

/*
 * The item is armed for an hour when destroy begins: destroy runs it at
 * once, exactly once more, and refuses the re-arm it makes.
 */
static void destroy_periodic_armed(int mod)
{
	struct periodic p = { .period = 3600 * HZ, .mod = mod };
	const char *how = mod ? "rearm_delayed_work" : "add_delayed_work_to_q";

	p.wq = new_wq("periodic", 0, 0);
	INIT_DELAYED_WORK(&p.dw, periodic_fn);
	add_delayed_work_to_q(p.wq, &p.dw, 0);
	if (!wait_for(&p.runs, 1, 10000))
		bail_out("the periodic item did not run");
	flush_workqueue(p.wq);
	is_int(LOAD(&p.rearm), 0, "%s: the item re-armed itself", how);
	ok(delayed_work_pending(&p.dw), "%s: it is armed", how);
	STORE(&p.destroying, 1);
	if (!destroy_returns(p.wq))
		bail_out("%s: destroy_workqueue() of a periodic item never returns",
			 how);
	is_int(LOAD(&p.runs_in_destroy), 1,
	       "%s: destroy ran the armed item once more", how);
	is_int(LOAD(&p.rearm), -ESHUTDOWN,
	       "%s: its re-arm during destroy returned -ESHUTDOWN", how);
	ok(!delayed_work_pending(&p.dw), "%s: nothing is left armed", how);
}

/*
 * A 1 ms period, re-armed on every run: destroy returns, and nothing runs
 * after it has.
 */
static void destroy_periodic_busy(void)
{
	struct periodic p = { .period = 1 };
	int runs;

	p.wq = new_wq("periodic-1ms", WQ_UNBOUND, 0);
	INIT_DELAYED_WORK(&p.dw, periodic_fn);
	add_delayed_work_to_q(p.wq, &p.dw, 1);
	if (!wait_for(&p.runs, 5, 10000))
		bail_out("the 1 ms periodic item did not run");
	ok(destroy_returns(p.wq),
	   "destroy_workqueue() of a 1 ms periodic item returns");
	runs = LOAD(&p.runs);
	is_int(LOAD(&p.rearm), -ESHUTDOWN,
	       "the last re-arm returned -ESHUTDOWN");
	sleep_ms(20);
	is_int(LOAD(&p.runs), runs, "nothing ran after destroy returned");
}

/* --- a barrier whose queue is gone --------------------------------------- */

static int blocker_started, release_blocker, lockups, queue_named;

static void blocker_fn(struct work_struct *work)
{
	(void)work;
	STORE(&blocker_started, 1);
	wait_for(&release_blocker, 1, 30000);
}

static void nop_fn(struct work_struct *work)
{
	(void)work;
}

static void on_warning(const struct kwq_warning *w)
{
	if (w->kind != KWQ_WARN_LOCKUP)
		return;
	INC(&lockups);
	if (strstr(w->message, "'doomed'"))
		STORE(&queue_named, 1);
}

/*
 * The pool's only worker blocks and no other can be created; behind it an
 * item of "doomed" with a wait_for_work() barrier behind that.  The item is
 * cancelled and its queue destroyed, leaving the barrier queued: the
 * watchdog and the mayday calls then look at the worklist.
 */
static void barrier_outlives_queue(int cpu)
{
	struct workqueue_struct *doomed, *other;
	struct work_struct blocker, item;
	struct bg_call c;

	other = new_wq("other", 0, 0);
	doomed = new_wq("doomed", 0, 0);
	kwq_set_warn_handler(on_warning);
	/* Off until the queue is gone: the report must come after that. */
	kwq_set_watchdog_thresh(0);
	is_int(kwq__fault_set("thread:1+"), 0,
	       "from now on no thread can be created");
	INIT_WORK(&blocker, blocker_fn);
	INIT_WORK(&item, nop_fn);
	add_work_to_q_on(cpu, other, &blocker);
	if (!wait_for(&blocker_started, 1, 10000))
		bail_out("the blocker did not start");
	is_int(add_work_to_q_on(cpu, doomed, &item), 0,
	       "an item waits behind the blocked worker");
	bg_work(&c, wait_for_work, &item);
	/* The barrier is queued once the item is marked as linked to it. */
	for (int i = 0; i < 10000 && !(work_data(&item) & WORK_LINKED); i++)
		sleep_us(100);
	is_int(remove_work(&item), 0, "the item is cancelled");
	is_int(LOAD(&c.done), 0, "its wait_for_work() barrier is still queued");
	destroy_workqueue(doomed);
	kwq_set_watchdog_thresh(20);
	/* The watchdog (20 ms) and a mayday every 1 ms tick look now. */
	ok(wait_for(&lockups, 1, 5000),
	   "the watchdog reports the stalled pool");
	is_int(LOAD(&queue_named), 0,
	       "the report does not name the destroyed queue");
	sleep_ms(50);
	kwq__fault_set(NULL);
	STORE(&release_blocker, 1);
	is_int(bg_join(&c), 0, "the flush returns once the pool moves");
	kwq_set_watchdog_thresh(30000);
	kwq_set_warn_handler(NULL);
	destroy_workqueue(other);
}

int main(void)
{
	int cpus[1] = { 0 };

	tap_watchdog(60);
	plan(20);
	allowed_cpus(cpus, 1);
	/* First, while the pool has no idle worker to take the item. */
	barrier_outlives_queue(cpus[0]);
	destroy_periodic_armed(0);
	destroy_periodic_armed(1);
	destroy_periodic_busy();
	return done_testing();
}
