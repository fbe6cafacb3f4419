// SPDX-License-Identifier: MIT
/*
 * rearm_delayed_work(): (re)arms whether or not the item was pending, on
 * an armed, queued and running item and from the item itself, without ever
 * running two instances at once (guarantee 4) or one early (guarantee 7).
 *
 * Every run of a struct tdw (tests/dwork.h) also checks guarantee 7.
 */
#include "dwork.h"

static void test_mod_pending(void)
{
	struct workqueue_struct *wq = new_wq("d-mod", WQ_UNBOUND, 0);
	struct tdw t;
	int rc;

	/* An hour becomes 20 ms. */
	tdw_init(&t);
	add_delayed_work_to_q(wq, &t.dw, HOUR);
	tdw_arming(&t, 20);
	rc = rearm_delayed_work(wq, &t.dw, 20);
	ok(rc == 0 && tdw_pending_after_arm(&t) && tdw_wait(&t, 1),
	   "rearm_delayed_work() of an item armed for an hour returns 0; it runs at the new time");
	sleep_ms(20);
	ok(tdw_runs(&t) == 1 && !LOAD(&t.early) && !delayed_work_pending(&t.dw),
	   "once, not before the new delay");

	/*
	 * 40 ms becomes 150: the old expiry must be gone.  A rearm that
	 * returned 40 ms after the add or later (the test kept off the CPU:
	 * valgrind, a loaded machine) may have come after the old expiry and
	 * proves nothing: then the item is removed and the round made again.
	 */
	for (int i = 0; i < 5; i++) {
		long long first;

		tdw_init(&t);
		tdw_add(wq, &t, 40);
		first = LOAD(&t.armed_ns);
		tdw_arming(&t, 150);
		rc = rearm_delayed_work(wq, &t.dw, 150);
		if (tap_now_ns() - first < 40 * MS)
			break;
		remove_delayed_work_sync(&t.dw);
	}
	tdw_wait(&t, 1);
	sleep_ms(30);
	ok(rc == 0 && tdw_runs(&t) == 1 && !LOAD(&t.early),
	   "rearm_delayed_work() pushing 40 ms back to 150 ms: runs once, not at the old time");

	/* An hour becomes 0: queued at once. */
	tdw_init(&t);
	add_delayed_work_to_q(wq, &t.dw, HOUR);
	rc = rearm_delayed_work(wq, &t.dw, 0);
	flush_workqueue(wq);
	ok(rc == 0 && tdw_runs(&t) == 1 && !delayed_work_pending(&t.dw),
	   "rearm_delayed_work() to 0 of an armed item queues it at once");

	/* Idle: arms it. */
	tdw_init(&t);
	tdw_arming(&t, 30);
	rc = rearm_delayed_work(wq, &t.dw, 30);
	ok(rc == 0 && tdw_pending_after_arm(&t) && tdw_wait(&t, 1) &&
	   !LOAD(&t.early),
	   "rearm_delayed_work() of an idle item arms it");
	sleep_ms(20);
	is_int(tdw_runs(&t), 1, "and it runs once");
	destroy_workqueue(wq);
}

static void test_mod_queued(void)
{
	struct workqueue_struct *wq = new_ordered("d-mod-q");
	struct tw blocker;
	struct tdw t;
	struct gate g;
	int rc, runs;

	if (block_ordered(wq, &blocker, &g))
		bail_out("cannot block the ordered queue");
	tdw_init(&t);
	add_delayed_work_to_q(wq, &t.dw, 0);
	rc = rearm_delayed_work(wq, &t.dw, HOUR);
	gate_open(&g);
	flush_workqueue(wq);
	runs = tdw_runs(&t);
	ok(rc == 0 && runs == 0 && delayed_work_pending(&t.dw),
	   "rearm_delayed_work() of a queued item takes it off the queue and arms it");
	ok(remove_delayed_work(&t.dw) == 0 && tdw_runs(&t) == 0,
	   "where remove_delayed_work() finds it");
	destroy_workqueue(wq);
}

/* From a running instance's outside: the new one never overlaps it. */
static void test_mod_running(void)
{
	struct workqueue_struct *wq = new_wq("d-mod-r", 0, 0);
	struct gate g = { 0 };
	struct tdw t;
	int rc;

	tdw_init(&t);
	t.gate = &g;
	add_delayed_work_to_q(wq, &t.dw, 1);
	wait_for(&g.entered, 1, 10000);
	rc = rearm_delayed_work(wq, &t.dw, 2);
	sleep_ms(30);
	gate_open(&g);
	tdw_wait(&t, 2);
	wait_for_work(&t.dw.work);
	sleep_ms(10);
	ok(rc == 0 && tdw_runs(&t) == 2 && !LOAD(&t.overlaps),
	   "guarantee 4: rearm_delayed_work() of a running item arms a new run that waits for the running one");
	destroy_workqueue(wq);
}

struct self_mod {
	struct tdw t;
	struct workqueue_struct *wq;
	int left;	/* A: re-arms still to make */
	int errs;	/* A */
};

static void self_mod_hook(struct tdw *t)
{
	struct self_mod *s = container_of(t, struct self_mod, t);

	if (DEC(&s->left) < 0)
		return;
	tdw_arming(t, 3);
	if (rearm_delayed_work(s->wq, &t->dw, 3))
		INC(&s->errs);
}

static void test_mod_self(void)
{
	struct self_mod s = { .left = 5 };

	s.wq = new_wq("d-mod-self", 0, 0);
	tdw_init(&s.t);
	s.t.hook = self_mod_hook;
	tdw_add(s.wq, &s.t, 1);
	tdw_wait(&s.t, 6);
	sleep_ms(20);
	ok(tdw_runs(&s.t) == 6 && !LOAD(&s.errs) && !LOAD(&s.t.early) &&
	   !LOAD(&s.t.overlaps) && !delayed_work_pending(&s.t.dw),
	   "rearm_delayed_work() from the item itself re-arms it: 1 + 5 runs, none early");
	destroy_workqueue(s.wq);
}


int main(void)
{
	tap_watchdog(60);
	plan(10);
	test_mod_pending();
	test_mod_queued();
	test_mod_running();
	test_mod_self();
	return done_testing();
}
