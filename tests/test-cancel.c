// SPDX-License-Identifier: MIT
/*
 * Cancelling work: remove_work() and remove_work_sync() on pending, idle and
 * running items, from outside and from the item itself, and under
 * concurrent adds and cancels.
 *
 * The accounting test is guarantee 1 in full: an add that returned 0 runs
 * exactly once unless a cancel that returned 0 removed it, so after a flush
 * runs == successful adds - successful cancels, exactly.  Guarantee 8 (the
 * _sync form leaves nothing pending or running) has its race tests in
 * test-guarantees.c; here are its plain cases.
 */
#include "util.h"

#include <stdio.h>

/* A pending item (behind a blocker on an ordered queue) is removed. */
static void cancel_pending(const char *what,
			   int (*cancel)(struct work_struct *work))
{
	struct workqueue_struct *wq = new_ordered("cancel-pend");
	struct tw blocker, t, after;
	struct gate g;
	int add, rc, again;
	bool pending;

	if (block_ordered(wq, &blocker, &g))
		bail_out("cannot block the ordered queue");
	tw_init(&t);
	tw_init(&after);
	add = add_work_to_q(wq, &t.work);
	add_work_to_q(wq, &after.work);
	rc = cancel(&t.work);
	pending = work_pending(&t.work);
	again = cancel(&t.work);
	gate_open(&g);
	flush_workqueue(wq);
	sleep_ms(10);
	ok(add == 0 && rc == 0 && !pending,
	   "%s() of a pending item returns 0 and it is no longer pending", what);
	is_int(again, -ENOENT, "a second %s() returns -ENOENT", what);
	ok(tw_runs(&t) == 0 && tw_runs(&after) == 1,
	   "guarantee 1: the cancelled instance never runs; the item behind it does (%s)",
	   what);
	ok(add_work_to_q(wq, &t.work) == 0 && wait_for_work(&t.work) == 0 &&
	   tw_runs(&t) == 1, "a cancelled item can be added again and runs (%s)",
	   what);
	destroy_workqueue(wq);
}

static void test_cancel_idle(void)
{
	struct tw t;

	tw_init(&t);
	is_int(remove_work(&t.work), -ENOENT,
	       "remove_work() of an item never added returns -ENOENT");
	is_int(remove_work_sync(&t.work), -ENOENT,
	       "remove_work_sync() of an item never added returns -ENOENT");
	add_work(&t.work);
	wait_for_work(&t.work);
	is_int(remove_work(&t.work), -ENOENT,
	       "remove_work() of an item that already ran returns -ENOENT");
	is_int(remove_work_sync(&t.work), -ENOENT,
	       "remove_work_sync() of an item that already ran returns -ENOENT");
	is_int(tw_runs(&t), 1, "and it ran once");
}

/* remove_work() does not stop, nor wait for, a running instance. */
static void test_cancel_running(void)
{
	struct workqueue_struct *wq = new_wq("cancel-run", WQ_UNBOUND, 0);
	struct gate g = { 0 };
	struct tw t;
	int rc, in;

	tw_init(&t);
	t.gate = &g;
	add_work_to_q(wq, &t.work);
	wait_for(&g.entered, 1, 10000);
	rc = remove_work(&t.work);
	in = LOAD(&t.in);
	gate_open(&g);
	wait_for_work(&t.work);
	ok(rc == -ENOENT && in == 1,
	   "remove_work() of a running item returns -ENOENT at once");
	is_int(tw_runs(&t), 1, "the running instance completes");

	/* remove_work_sync() of a running item waits and returns -ENOENT. */
	memset(&g, 0, sizeof(g));
	add_work_to_q(wq, &t.work);
	wait_for(&g.entered, 1, 10000);
	{
		struct bg_call c;
		bool early;

		bg_work(&c, remove_work_sync, &t.work);
		sleep_ms(20);
		early = LOAD(&c.done);
		gate_open(&g);
		rc = bg_join(&c);
		ok(!early && rc == -ENOENT && LOAD(&t.in) == 0 &&
		   tw_runs(&t) == 2,
		   "guarantee 8: remove_work_sync() of a running item waits for it, returns -ENOENT");
	}
	destroy_workqueue(wq);
}

/* --- from the item itself ---------------------------------------------- */

struct selfcancel {
	struct work_struct work;
	struct workqueue_struct *wq;
	int runs;	/* A */
	int add;	/* A: the re-add in the first run */
	int sync;	/* A: remove_work_sync(self) in the first run */
	int plain;	/* A: remove_work(self) in the first run */
	bool use_sync;
};

static void selfcancel_fn(struct work_struct *work)
{
	struct selfcancel *s = container_of(work, struct selfcancel, work);

	if (INC(&s->runs) != 1)
		return;
	STORE(&s->add, add_work_to_q(s->wq, work));
	if (s->use_sync)
		STORE(&s->sync, remove_work_sync(work));
	else
		STORE(&s->plain, remove_work(work));
}

static void test_cancel_from_self(void)
{
	struct selfcancel s = { .wq = system_wq, .use_sync = true };

	INIT_WORK(&s.work, selfcancel_fn);
	add_work(&s.work);
	wait_for(&s.runs, 2, 10000);
	wait_for_work(&s.work);
	ok(LOAD(&s.add) == 0 && LOAD(&s.sync) == -EDEADLK,
	   "remove_work_sync() from the item itself returns -EDEADLK");
	is_int(LOAD(&s.runs), 2,
	       "and does nothing: the instance it re-added still runs");

	memset(&s, 0, sizeof(s));
	s.wq = system_wq;
	INIT_WORK(&s.work, selfcancel_fn);
	add_work(&s.work);
	wait_for(&s.runs, 1, 10000);
	wait_for_work(&s.work);
	sleep_ms(10);
	ok(LOAD(&s.add) == 0 && LOAD(&s.plain) == 0,
	   "remove_work() from the item itself removes its own re-add (returns 0)");
	is_int(LOAD(&s.runs), 1, "guarantee 1: the removed re-add never runs");
}

/* --- concurrent adds and cancels: exact accounting ------------------------ */

#define NR_ITEMS 4

struct racer {
	struct workqueue_struct *wq;
	struct tw *items;
	int mode;	/* 0: add, 1: remove_work, 2: remove_work_sync */
	long loops;
	long ok;	/* calls that returned 0 */
	long other;	/* returns outside the documented set */
};

static void *racer_main(void *p)
{
	struct racer *r = p;

	for (long i = 0; i < r->loops; i++) {
		struct work_struct *w = &r->items[i % NR_ITEMS].work;
		int rc;

		switch (r->mode) {
		case 0:
			rc = add_work_to_q(r->wq, w);
			r->other += rc != 0 && rc != -EBUSY;
			break;
		case 1:
			rc = remove_work(w);
			r->other += rc != 0 && rc != -ENOENT;
			break;
		default:
			rc = remove_work_sync(w);
			r->other += rc != 0 && rc != -ENOENT;
			break;
		}
		r->ok += rc == 0;
		if (i % 128 == 0)
			sched_yield();
	}
	return NULL;
}

static void accounting(const char *what, struct workqueue_struct *wq,
		       long sleep)
{
	struct tw items[NR_ITEMS];
	struct racer r[6];
	long adds = 0, cancels = 0, runs = 0, other = 0, overlaps = 0;
	long loops = tap_scale(20000);

	for (int k = 0; k < NR_ITEMS; k++) {
		tw_init(&items[k]);
		items[k].sleep_us = k == 0 ? sleep : 0;
	}
	memset(r, 0, sizeof(r));
	for (int i = 0; i < 6; i++) {
		r[i].wq = wq;
		r[i].items = items;
		r[i].mode = i < 3 ? 0 : i < 5 ? 1 : 2;
		r[i].loops = r[i].mode == 2 ? loops / 10 : loops;
	}
	run_threads(6, racer_main, r, sizeof(r[0]));
	flush_workqueue(wq);
	for (int i = 0; i < 6; i++) {
		if (r[i].mode == 0)
			adds += r[i].ok;
		else
			cancels += r[i].ok;
		other += r[i].other;
	}
	for (int k = 0; k < NR_ITEMS; k++) {
		runs += tw_runs(&items[k]);
		overlaps += LOAD(&items[k].overlaps);
		other += work_pending(&items[k].work);
	}
	ok(runs == adds - cancels && other == 0 && overlaps == 0,
	   "guarantee 1: with concurrent adds and cancels, runs == adds - cancels that returned 0 (%s)",
	   what);
	diag("%s: %ld adds, %ld cancels, %ld runs, %ld odd", what, adds,
	     cancels, runs, other);
}

static void test_accounting(void)
{
	struct workqueue_struct *u = new_wq("acct-u", WQ_UNBOUND, 0);
	struct workqueue_struct *o = new_ordered("acct-o");

	accounting("system_wq", system_wq, 0);
	accounting("system_wq, one slow item", system_wq, 50);
	accounting("an unbound queue", u, 0);
	accounting("an ordered queue", o, 0);
	destroy_workqueue(o);
	destroy_workqueue(u);
}

int main(void)
{
	tap_watchdog(60);
	plan(24);
	cancel_pending("remove_work", remove_work);
	cancel_pending("remove_work_sync", remove_work_sync);
	test_cancel_idle();
	test_cancel_running();
	test_cancel_from_self();
	test_accounting();
	return done_testing();
}
