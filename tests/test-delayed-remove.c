// SPDX-License-Identifier: MIT
/*
 * Removing delayed work: remove_delayed_work() and remove_delayed_work_sync()
 * on an armed, idle, queued and running item, against the item's own timer,
 * and against an item that re-arms itself from its run (guarantee 8: after
 * the _sync form returns, the item is neither pending nor running).
 *
 * Every run of a struct tdw (tests/dwork.h) also checks guarantee 7.
 */
#include "dwork.h"

#include <stdlib.h>

/* For bg_work(), which calls a function of a work_struct. */
static int cancel_dw_sync(struct work_struct *work)
{
	return remove_delayed_work_sync(to_delayed_work(work));
}

static void test_cancel_armed(void)
{
	struct workqueue_struct *wq = new_wq("d-cancel", WQ_UNBOUND, 0);
	int (*const cancels[4])(struct work_struct *) = {
		NULL, NULL, remove_work, remove_work_sync,
	};
	static const char *const names[4] = {
		"remove_delayed_work", "remove_delayed_work_sync",
		"remove_work(&dw->work)", "remove_work_sync(&dw->work)",
	};

	for (int k = 0; k < 4; k++) {
		struct tdw t;
		int rc, again;
		bool pending;

		/*
		 * A remove that returned 50 ms after the arm or later (the
		 * test kept off the CPU: valgrind, a loaded machine) may have
		 * come after the expiry and proves nothing: the item is
		 * removed for good and the round made again.
		 */
		for (int i = 0; i < 5; i++) {
			if (i)
				remove_delayed_work_sync(&t.dw);
			tdw_init(&t);
			tdw_add(wq, &t, 50);
			rc = k == 0 ? remove_delayed_work(&t.dw) :
				k == 1 ? remove_delayed_work_sync(&t.dw) :
				cancels[k](&t.dw.work);
			if (tap_now_ns() - LOAD(&t.armed_ns) < 50 * MS)
				break;
		}
		pending = delayed_work_pending(&t.dw);
		again = remove_delayed_work(&t.dw);
		sleep_ms(70);
		ok(rc == 0 && !pending && again == -ENOENT &&
		   tdw_runs(&t) == 0,
		   "guarantee 1: %s() of an armed item returns 0, and it never runs",
		   names[k]);
		ok(tdw_add(wq, &t, 1) == 0 && tdw_wait(&t, 1) &&
		   wait_for_work(&t.dw.work) == 0 && tdw_runs(&t) == 1,
		   "and it can be armed again and runs (%s)", names[k]);
	}
	destroy_workqueue(wq);
}

static void test_cancel_idle(void)
{
	struct tdw t;

	tdw_init(&t);
	ok(remove_delayed_work(&t.dw) == -ENOENT &&
	   remove_delayed_work_sync(&t.dw) == -ENOENT,
	   "remove_delayed_work(_sync)() of an item never armed returns -ENOENT");
	add_delayed_work(&t.dw, 1);
	tdw_wait(&t, 1);
	wait_for_work(&t.dw.work);
	ok(remove_delayed_work(&t.dw) == -ENOENT &&
	   remove_delayed_work_sync(&t.dw) == -ENOENT && tdw_runs(&t) == 1,
	   "remove_delayed_work(_sync)() of an item that has run returns -ENOENT");
}

static void test_cancel_queued(void)
{
	struct workqueue_struct *wq = new_ordered("d-cancel-q");
	struct tw blocker;
	struct tdw a, b;
	struct gate g;
	int ra, rb;

	if (block_ordered(wq, &blocker, &g))
		bail_out("cannot block the ordered queue");
	tdw_init(&a);
	tdw_init(&b);
	tdw_add(wq, &a, 0);		/* queued at once */
	tdw_add(wq, &b, 1);		/* queued when the timer fires */
	sleep_ms(30);
	ra = remove_delayed_work(&a.dw);
	rb = remove_delayed_work(&b.dw);
	gate_open(&g);
	flush_workqueue(wq);
	sleep_ms(10);
	ok(ra == 0 && rb == 0 && tdw_runs(&a) == 0 && tdw_runs(&b) == 0 &&
	   !delayed_work_pending(&a.dw) && !delayed_work_pending(&b.dw),
	   "guarantee 1: remove_delayed_work() of a queued item returns 0, and it never runs");
	destroy_workqueue(wq);
}

static void test_cancel_running(void)
{
	struct workqueue_struct *wq = new_wq("d-cancel-r", 0, 0);
	struct gate g = { 0 };
	struct bg_call c;
	struct tdw t;
	int rc, in, busy, mod;
	bool early;

	tdw_init(&t);
	t.gate = &g;
	add_delayed_work_to_q(wq, &t.dw, 1);
	wait_for(&g.entered, 1, 10000);
	rc = remove_delayed_work(&t.dw);
	in = LOAD(&t.in);
	gate_open(&g);
	wait_for_work(&t.dw.work);
	ok(rc == -ENOENT && in == 1 && tdw_runs(&t) == 1,
	   "remove_delayed_work() of a running item returns -ENOENT and does not stop it");

	memset(&g, 0, sizeof(g));
	add_delayed_work_to_q(wq, &t.dw, 1);
	wait_for(&g.entered, 1, 10000);
	bg_work(&c, cancel_dw_sync, &t.dw.work);
	/* It holds the idle item's PENDING bit while it waits. */
	wait_pending(&t.dw, 10000);
	sleep_ms(10);
	early = LOAD(&c.done);
	busy = add_delayed_work_to_q(wq, &t.dw, 0);
	mod = rearm_delayed_work(wq, &t.dw, 0);
	gate_open(&g);
	rc = bg_join(&c);
	ok(!early && rc == -ENOENT && LOAD(&t.in) == 0 &&
	   !delayed_work_pending(&t.dw),
	   "guarantee 8: remove_delayed_work_sync() of a running item waits for it, returns -ENOENT");
	ok(busy == -EBUSY && mod == -EBUSY,
	   "add and rearm_delayed_work() while remove_delayed_work_sync() waits return -EBUSY (add %d, mod %d)",
	   busy, mod);
	sleep_ms(10);
	is_int(tdw_runs(&t), 2, "and nothing runs afterwards");
	destroy_workqueue(wq);
}

/*
 * remove_delayed_work_sync() while the timer fires: arm for 1 ms, wait
 * around that long, cancel.  On return the item is neither pending nor
 * running, and it never runs again until the next arm.
 */
static void cancel_sync_vs_timer(const char *what, struct workqueue_struct *wq)
{
	struct tdw t;
	int loops = (int)tap_scale(200), cancels = 0, left = 0, late = 0;
	int after = 0;
	unsigned int seed = 11;

	tdw_init(&t);
	t.sleep_us = 100;
	for (int i = 0; i < loops; i++) {
		late += tdw_runs(&t) != after;
		tdw_add(wq, &t, 1);
		sleep_us(rand_r(&seed) % 2000);
		cancels += remove_delayed_work_sync(&t.dw) == 0;
		left += delayed_work_pending(&t.dw) || LOAD(&t.in);
		after = tdw_runs(&t);
	}
	sleep_ms(10);
	late += tdw_runs(&t) != after;
	is_int(left, 0,
	       "guarantee 8: remove_delayed_work_sync() racing the timer leaves nothing armed, queued or running (%s)",
	       what);
	is_int(late, 0, "no run starts after it returned (%s)", what);
	ok(tdw_runs(&t) == loops - cancels && !LOAD(&t.early) &&
	   !LOAD(&t.overlaps),
	   "guarantee 1: runs == arms - cancels that returned 0 (%d == %d - %d, %s)",
	   tdw_runs(&t), loops, cancels, what);
}

static void test_cancel_sync_vs_timer(void)
{
	struct workqueue_struct *b = new_wq("d-cs-b", 0, 0);
	struct workqueue_struct *u = new_wq("d-cs-u", WQ_UNBOUND, 0);

	cancel_sync_vs_timer("bound", b);
	cancel_sync_vs_timer("unbound", u);
	destroy_workqueue(u);
	destroy_workqueue(b);
}

/* A periodic item: each run arms the next, by add or by mod. */
struct periodic {
	struct tdw t;
	struct workqueue_struct *wq;
	bool use_mod;
	int rearmed;	/* A: re-arms that returned 0 */
	int refused;	/* A: re-arms that returned -EBUSY */
	int odd;	/* A: re-arms that returned anything else */
};

static void periodic_hook(struct tdw *t)
{
	struct periodic *p = container_of(t, struct periodic, t);
	int rc;

	tdw_arming(t, 2);
	rc = p->use_mod ? rearm_delayed_work(p->wq, &t->dw, 2) :
		add_delayed_work_to_q(p->wq, &t->dw, 2);
	if (rc == 0)
		INC(&p->rearmed);
	else if (rc == -EBUSY)
		INC(&p->refused);
	else
		INC(&p->odd);
}

static void cancel_sync_periodic(bool use_mod)
{
	struct periodic p = { .use_mod = use_mod };
	int rounds = (int)tap_scale(15), left = 0, late = 0, wrong = 0;
	int cancels = 0;
	unsigned int seed = 5;

	p.wq = new_wq("d-periodic", WQ_UNBOUND, 0);
	tdw_init(&p.t);
	p.t.hook = periodic_hook;
	for (int r = 0; r < rounds; r++) {
		int base = tdw_runs(&p.t), runs;

		tdw_add(p.wq, &p.t, 2);
		wait_for(&p.t.runs, base + 2, 10000);
		sleep_us(rand_r(&seed) % 3000);
		cancels += remove_delayed_work_sync(&p.t.dw) == 0;
		runs = tdw_runs(&p.t);
		left += delayed_work_pending(&p.t.dw) || LOAD(&p.t.in);
		sleep_ms(10);	/* five periods */
		late += tdw_runs(&p.t) != runs;
	}
	wrong = tdw_runs(&p.t) != rounds + LOAD(&p.rearmed) - cancels;
	is_int(left, 0,
	       "guarantee 8: remove_delayed_work_sync() of an item re-arming itself by %s leaves it idle",
	       use_mod ? "mod" : "add");
	is_int(late, 0, "after it returns, no further run happens (%s)",
	       use_mod ? "mod" : "add");
	ok(!wrong && !LOAD(&p.odd) && !LOAD(&p.t.early) &&
	   !LOAD(&p.t.overlaps),
	   "runs == arms - cancels; re-arms return 0 or -EBUSY; never early (%s: %d runs, %d re-arms, %d refused, %d cancels)",
	   use_mod ? "mod" : "add", tdw_runs(&p.t), LOAD(&p.rearmed),
	   LOAD(&p.refused), cancels);
	destroy_workqueue(p.wq);
}


int main(void)
{
	tap_watchdog(60);
	plan(27);
	test_cancel_armed();
	test_cancel_idle();
	test_cancel_queued();
	test_cancel_running();
	test_cancel_sync_vs_timer();
	cancel_sync_periodic(false);
	cancel_sync_periodic(true);
	return done_testing();
}
