// SPDX-License-Identifier: MIT
/*
 * Delayed work: the add_delayed_* family, rearm_delayed_work(),
 * wait_for_delayed_work(), remove_delayed_work(_sync), delayed_work_pending(),
 * destroy_workqueue() of a queue with armed items, the old void names, and
 * every bad input.
 *
 * Guarantee 7 of design.md (delayed work never starts before its delay has
 * passed, on CLOCK_MONOTONIC) is checked inside every run of a struct tdw
 * (tests/dwork.h), and in bulk for hundreds of items with mixed delays on
 * bound, unbound and ordered queues, with and without twenty thousand other
 * items armed far in the future.  It is the only timing asserted: lateness
 * is the business of `make bench`.  Waits for an item to run are bounded
 * (10 s) only so that a lost timer fails instead of hanging.
 */
#include "dwork.h"
#include "warnlog.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#define HOUR	(3600UL * HZ)

static int cpus[CPU_SETSIZE];
static int nr_cpus;

/* Wait until @t has run @n times, for at most 10 s. */
static bool tdw_wait(struct tdw *t, int n)
{
	return wait_for(&t->runs, n, 10000);
}

/* --- types, time and the static initialiser ------------------------------ */

static int static_runs;

static void static_fn(struct work_struct *work)
{
	(void)work;
	INC(&static_runs);
}

static DECLARE_DELAYED_WORK(static_dw, static_fn);

static void test_types(void)
{
#if defined(__x86_64__)
	ok(sizeof(struct delayed_work) <= 96,
	   "struct delayed_work takes at most 96 bytes (%zu)",
	   sizeof(struct delayed_work));
#else
	skip(1, "the 96-byte bound is for x86-64");
#endif
	ok(HZ == 1000 && msecs_to_jiffies(250) == 250 &&
	   jiffies_to_msecs(250) == 250 && usecs_to_jiffies(0) == 0 &&
	   usecs_to_jiffies(1) == 1 && usecs_to_jiffies(1000) == 1 &&
	   usecs_to_jiffies(1001) == 2,
	   "HZ is 1000; usecs_to_jiffies() rounds up, so a delay never ends early");
	ok(to_delayed_work(&static_dw.work) == &static_dw &&
	   !delayed_work_pending(&static_dw) &&
	   add_delayed_work(&static_dw, 1) == 0 &&
	   wait_for_delayed_work(&static_dw) == 0 && LOAD(&static_runs) == 1,
	   "DECLARE_DELAYED_WORK() makes an item add_delayed_work() runs; to_delayed_work() finds it");
}

/* --- delay 0, runs once, pending, -EBUSY --------------------------------- */

static int zero_saw_after;	/* A: runs of the item behind, seen by the first */

static void zero_hook(struct tdw *t)
{
	STORE(&zero_saw_after, tw_runs(t->arg));
}

static void test_delay_zero(void)
{
	struct workqueue_struct *wq = new_ordered("d-zero");
	struct workqueue_struct *kinds[2] = {
		new_wq("d-zero-b", 0, 0), new_wq("d-zero-u", WQ_UNBOUND, 0),
	};
	struct tw blocker, after;
	struct tdw t;
	struct gate g;
	int rc, bad = 0;
	bool pending;

	if (block_ordered(wq, &blocker, &g))
		bail_out("cannot block the ordered queue");
	tdw_init(&t);
	tw_init(&after);
	t.hook = zero_hook;
	t.arg = &after;
	STORE(&zero_saw_after, -1);
	rc = tdw_add(wq, &t, 0);
	pending = delayed_work_pending(&t.dw);
	add_work_to_q(wq, &after.work);
	gate_open(&g);
	flush_workqueue(wq);
	ok(rc == 0 && pending, "delay 0: the add returns 0, the item is pending");
	ok(tdw_runs(&t) == 1 && LOAD(&zero_saw_after) == 0,
	   "delay 0 queues at once: flush_workqueue() waits for it, and on an ordered queue it runs before an item added after it");
	destroy_workqueue(wq);

	for (int k = 0; k < 2; k++) {
		tdw_init(&t);
		bad += tdw_add(kinds[k], &t, 0) != 0;
		bad += flush_workqueue(kinds[k]) != 0;
		bad += tdw_runs(&t) != 1;
		destroy_workqueue(kinds[k]);
	}
	is_int(bad, 0,
	       "delay 0 on bound and unbound queues: flush_workqueue() finds it queued");
}

static void runs_once(const char *what, struct workqueue_struct *wq)
{
	struct tdw t;
	int rc;

	tdw_init(&t);
	rc = wq ? tdw_add(wq, &t, 5) :
		(tdw_arming(&t, 5), add_delayed_work(&t.dw, 5));
	tdw_wait(&t, 1);
	sleep_ms(20);
	ok(rc == 0 && tdw_runs(&t) == 1 && !delayed_work_pending(&t.dw) &&
	   !LOAD(&t.early) && !LOAD(&t.pending_inside),
	   "guarantees 1, 3, 7: %s: armed for 5 ms, runs once, not early, not pending inside",
	   what);
	if (tdw_runs(&t) != 1 || LOAD(&t.early))
		diag("rc %d runs %d early %d", rc, tdw_runs(&t), LOAD(&t.early));
}

static void test_runs_once(void)
{
	struct workqueue_struct *wq;

	wq = new_wq("d-once-b", 0, 0);
	runs_once("a bound queue", wq);
	destroy_workqueue(wq);
	wq = new_wq("d-once-u", WQ_UNBOUND, 0);
	runs_once("an unbound queue", wq);
	destroy_workqueue(wq);
	wq = new_wq("d-once-h", WQ_HIGHPRI, 0);
	runs_once("a WQ_HIGHPRI queue", wq);
	destroy_workqueue(wq);
	wq = new_ordered("d-once-o");
	runs_once("an ordered queue", wq);
	destroy_workqueue(wq);
	runs_once("add_delayed_work() on system_wq", NULL);
}

/* Pending while armed; every add then returns -EBUSY and changes nothing. */
static void test_busy_armed(void)
{
	struct workqueue_struct *wq = new_wq("d-busy", WQ_UNBOUND, 0);
	struct workqueue_struct *other = new_wq("d-busy-2", 0, 0);
	struct tdw t;
	int rc, busy = 0;
	bool armed;

	tdw_init(&t);
	rc = tdw_add(wq, &t, 200);
	armed = delayed_work_pending(&t.dw);
	/* Raw calls: the arming time of the first add must stay. */
	busy += add_delayed_work_to_q(wq, &t.dw, 0) == -EBUSY;
	busy += add_delayed_work_to_q(other, &t.dw, 1) == -EBUSY;
	busy += add_delayed_work_to_q_on(cpus[0], wq, &t.dw, 0) == -EBUSY;
	busy += add_delayed_work(&t.dw, 0) == -EBUSY;
	busy += add_delayed_work_on(cpus[0], &t.dw, 0) == -EBUSY;
	busy += add_work_to_q(wq, &t.dw.work) == -EBUSY;
	busy += add_work(&t.dw.work) == -EBUSY;
	ok(rc == 0 && armed, "delayed_work_pending() is true while armed");
	is_int(busy, 7,
	       "guarantee 2: every add, delayed or not, of an armed item returns -EBUSY");
	tdw_wait(&t, 1);
	flush_workqueue(other);
	sleep_ms(20);
	ok(tdw_runs(&t) == 1 && !LOAD(&t.early),
	   "nothing changed: the item ran once, and not before the first add's 200 ms");
	destroy_workqueue(other);
	destroy_workqueue(wq);
}

/* Pending while queued behind a blocked ordered queue; -EBUSY there too. */
static void test_busy_queued(void)
{
	struct workqueue_struct *wq = new_ordered("d-queued");
	struct tw blocker;
	struct tdw t;
	struct gate g;
	int rc, busy = 0, runs;
	bool p1, p2;

	if (block_ordered(wq, &blocker, &g))
		bail_out("cannot block the ordered queue");
	tdw_init(&t);
	rc = tdw_add(wq, &t, 1);
	p1 = delayed_work_pending(&t.dw);
	sleep_ms(30);		/* the timer has (most likely) fired */
	p2 = delayed_work_pending(&t.dw);
	busy += add_delayed_work_to_q(wq, &t.dw, 0) == -EBUSY;
	busy += add_delayed_work_to_q(wq, &t.dw, 1) == -EBUSY;
	busy += add_work_to_q(wq, &t.dw.work) == -EBUSY;
	runs = tdw_runs(&t);
	gate_open(&g);
	tdw_wait(&t, 1);
	flush_workqueue(wq);
	sleep_ms(10);
	ok(rc == 0 && p1 && p2 && runs == 0,
	   "delayed_work_pending() stays true from the arm until the item starts");
	is_int(busy, 3, "guarantee 2: adds while armed or queued return -EBUSY");
	ok(tdw_runs(&t) == 1 && !delayed_work_pending(&t.dw),
	   "and queue nothing: the item runs once");
	destroy_workqueue(wq);
}

/* --- where it runs ------------------------------------------------------- */

struct on_cpu_args {
	struct workqueue_struct *bound, *hi;
	int wrong_q, wrong_sys, wrong_mod, wrong_flush, errs;
};

static void *on_cpu_main(void *p)
{
	struct on_cpu_args *a = p;
	struct tdw t;

	tdw_init(&t);
	for (int i = 0; i < nr_cpus; i++) {
		int cpu = cpus[i];

		/* Arm from another CPU than the one asked for. */
		if (pin_self(cpus[(i + 1) % nr_cpus]))
			bail_out("cannot pin to cpu %d", cpus[(i + 1) % nr_cpus]);
		a->errs += add_delayed_work_to_q_on(cpu, a->bound, &t.dw, 1);
		a->errs += wait_for_delayed_work(&t.dw);
		a->wrong_q += LOAD(&t.cpu) != cpu;
		a->errs += add_delayed_work_on(cpu, &t.dw, 2);
		tdw_wait(&t, 2 + 4 * i);
		a->errs += wait_for_work(&t.dw.work);
		a->wrong_sys += LOAD(&t.cpu) != cpu;
		a->errs += rearm_delayed_work_on(cpu, a->hi, &t.dw, 1);
		tdw_wait(&t, 3 + 4 * i);
		a->errs += wait_for_work(&t.dw.work);
		a->wrong_mod += LOAD(&t.cpu) != cpu;
		a->errs += add_delayed_work_to_q_on(cpu, a->bound, &t.dw, HOUR);
		a->errs += wait_for_delayed_work(&t.dw);
		a->wrong_flush += LOAD(&t.cpu) != cpu;
	}
	a->errs += tdw_runs(&t) != 4 * nr_cpus;
	return NULL;
}

static void test_on_cpu(void)
{
	struct on_cpu_args a = {
		.bound = new_wq("d-on", 0, 0),
		.hi = new_wq("d-on-hi", WQ_HIGHPRI, 0),
	};

	if (nr_cpus < 2) {
		skip(5, "one CPU: _on(cpu) cannot be told from the arming CPU");
	} else {
		run_threads(1, on_cpu_main, &a, sizeof(a));
		is_int(a.wrong_q, 0,
		       "add_delayed_work_to_q_on(cpu) on a bound queue runs on that cpu, not the arming one");
		is_int(a.wrong_sys, 0, "add_delayed_work_on(cpu) runs on that cpu");
		is_int(a.wrong_mod, 0,
		       "rearm_delayed_work_on(cpu) on a WQ_HIGHPRI queue runs on that cpu");
		is_int(a.wrong_flush, 0,
		       "wait_for_delayed_work() of an item armed _on(cpu) runs it on that cpu");
		is_int(a.errs, 0, "and every call returned 0, one run per arm");
	}
	destroy_workqueue(a.hi);
	destroy_workqueue(a.bound);
}

struct arming_cpu_args {
	struct workqueue_struct *wq;
	int cpu;
	int wrong;
	int errs;
};

static void *arming_cpu_main(void *p)
{
	struct arming_cpu_args *a = p;
	struct tdw t;

	if (pin_self(a->cpu))
		bail_out("cannot pin to cpu %d", a->cpu);
	tdw_init(&t);
	for (int i = 0; i < 10; i++) {
		a->errs += i % 2 ? add_delayed_work_to_q(a->wq, &t.dw, i % 3) :
			rearm_delayed_work(a->wq, &t.dw, i % 3);
		a->errs += !tdw_wait(&t, i + 1);
		a->errs += wait_for_work(&t.dw.work);
		a->wrong += LOAD(&t.cpu) != a->cpu;
	}
	return NULL;
}

/* A bound queue runs an item armed without a cpu on the arming CPU. */
static void test_arming_cpu(void)
{
	struct arming_cpu_args a[MAX_THREADS];
	struct workqueue_struct *wq = new_wq("d-arming", 0, 0);
	int n = nr_cpus < MAX_THREADS ? nr_cpus : MAX_THREADS;
	int wrong = 0, errs = 0;

	for (int i = 0; i < n; i++)
		a[i] = (struct arming_cpu_args){ .wq = wq, .cpu = cpus[i] };
	run_threads(n, arming_cpu_main, a, sizeof(a[0]));
	for (int i = 0; i < n; i++) {
		wrong += a[i].wrong;
		errs += a[i].errs;
	}
	ok(wrong == 0 && errs == 0,
	   "add_delayed_work_to_q() and rearm_delayed_work() on a bound queue run on the arming thread's cpu (%d cpus)",
	   n);
	destroy_workqueue(wq);
}

/* --- guarantee 7: never early -------------------------------------------- */

/* Delays from 1 to 200 ms, with many of 1-3 ms (the rounding edge). */
static long mixed_delay(int i)
{
	return i % 4 == 0 ? 1 + i % 3 : 1 + (i * 37) % 200;
}

struct armer {
	struct workqueue_struct *wq;
	struct tdw *items;
	int first, n, step;
	int errs;
};

static void *armer_main(void *p)
{
	struct armer *a = p;

	for (int i = a->first; i < a->n; i += a->step)
		a->errs += tdw_add(a->wq, &a->items[i], mixed_delay(i)) != 0;
	return NULL;
}

static int load_runs;	/* A */

static void load_fn(struct work_struct *work)
{
	(void)work;
	INC(&load_runs);
}

static void never_early(const char *load)
{
	struct workqueue_struct *wq[3] = {
		new_wq("d-g7-b", 0, 0), new_wq("d-g7-u", WQ_UNBOUND, 0),
		new_ordered("d-g7-o"),
	};
	static const char *const name[3] = { "bound", "unbound", "ordered" };
	int n = (int)tap_scale(400);
	struct tdw *items = calloc(3 * (size_t)n, sizeof(*items));
	struct armer a[6];
	long long margin = 1LL << 62;
	int early = 0, wrong = 0, errs = 0, overlaps = 0;

	if (!items)
		bail_out("no memory");
	for (int i = 0; i < 3 * n; i++)
		tdw_init(&items[i]);
	/* Two threads arm each queue's items, interleaved. */
	for (int k = 0; k < 6; k++)
		a[k] = (struct armer){ .wq = wq[k / 2], .items = items +
				       (k / 2) * n, .first = k % 2, .n = n,
				       .step = 2 };
	run_threads(6, armer_main, a, sizeof(a[0]));
	for (int i = 0; i < 3 * n; i++) {
		struct tdw *t = &items[i];

		tdw_wait(t, 1);
		early += LOAD(&t->early);
		overlaps += LOAD(&t->overlaps);
		if (LOAD(&t->min_margin) < margin)
			margin = LOAD(&t->min_margin);
	}
	for (int k = 0; k < 3; k++)
		flush_workqueue(wq[k]);
	for (int i = 0; i < 3 * n; i++)
		wrong += tdw_runs(&items[i]) != 1 ||
			delayed_work_pending(&items[i].dw);
	for (int k = 0; k < 6; k++)
		errs += a[k].errs;
	is_int(early, 0,
	       "guarantee 7: %d items, delays 1-200 ms, on %s, %s and %s queues%s: none starts early",
	       3 * n, name[0], name[1], name[2], load);
	ok(wrong == 0 && errs == 0 && overlaps == 0,
	   "every one was armed and ran exactly once%s", load);
	diag("least start - (arm + delay): %lld us%s", margin / 1000, load);
	for (int k = 0; k < 3; k++)
		destroy_workqueue(wq[k]);
	free(items);
}

static void test_never_early(void)
{
	struct workqueue_struct *wq = new_wq("d-load", 0, 0);
	int n = (int)tap_scale(20000), cancelled = 0, errs = 0;
	struct delayed_work *load = calloc((size_t)n, sizeof(*load));

	if (!load)
		bail_out("no memory");
	never_early("");

	/* Far in the future, on every CPU's wheel and at several levels. */
	for (int i = 0; i < n; i++) {
		unsigned long delay = i % 3 == 0 ? HOUR + (unsigned long)i :
			i % 3 == 1 ? 60UL * HZ + (unsigned long)i % 4096 :
			30UL * HZ + (unsigned long)i % 64;

		INIT_DELAYED_WORK(&load[i], load_fn);
		errs += add_delayed_work_to_q_on(cpus[i % nr_cpus], wq,
						 &load[i], delay) != 0;
	}
	never_early(", with 20k items armed far ahead");
	for (int i = 0; i < n; i++)
		cancelled += remove_delayed_work(&load[i]) == 0;
	ok(errs == 0 && cancelled == n && LOAD(&load_runs) == 0,
	   "the %d items armed far ahead were all still armed, and are cancelled", n);
	destroy_workqueue(wq);
	free(load);
}

/* --- wait_for_delayed_work ------------------------------------------------ */

/* For bg_work(), which calls a function of a work_struct. */
static int flush_dw(struct work_struct *work)
{
	return wait_for_delayed_work(to_delayed_work(work));
}

static int cancel_dw_sync(struct work_struct *work)
{
	return remove_delayed_work_sync(to_delayed_work(work));
}

static int self_flush_rc, self_cancel_rc;	/* A */

static void self_hook(struct tdw *t)
{
	STORE(&self_flush_rc, wait_for_delayed_work(&t->dw));
	STORE(&self_cancel_rc, remove_delayed_work_sync(&t->dw));
}

static void test_flush_delayed(void)
{
	struct workqueue_struct *wq = new_wq("d-flush", WQ_UNBOUND, 0);
	struct tdw t;
	struct gate g = { 0 };
	struct bg_call c;
	int rc, runs;
	bool pending, early;

	tdw_init(&t);
	rc = add_delayed_work_to_q(wq, &t.dw, HOUR);
	rc |= wait_for_delayed_work(&t.dw);
	runs = tdw_runs(&t);
	pending = delayed_work_pending(&t.dw);
	sleep_ms(20);
	ok(rc == 0 && runs == 1 && !pending,
	   "wait_for_delayed_work() of an item armed for an hour queues it now and waits: it has run on return");
	is_int(tdw_runs(&t), 1, "and it runs exactly once: the timer is gone");
	is_int(wait_for_delayed_work(&t.dw), 0,
	       "wait_for_delayed_work() of an idle item returns 0");

	/* A running instance is waited for. */
	t.gate = &g;
	add_delayed_work_to_q(wq, &t.dw, 1);
	wait_for(&g.entered, 1, 10000);
	bg_work(&c, flush_dw, &t.dw.work);
	sleep_ms(20);
	early = LOAD(&c.done);
	gate_open(&g);
	rc = bg_join(&c);
	ok(!early && rc == 0 && tdw_runs(&t) == 2,
	   "wait_for_delayed_work() of a running item waits for it");

	t.gate = NULL;
	t.hook = self_hook;
	add_delayed_work_to_q(wq, &t.dw, 1);
	tdw_wait(&t, 3);
	wait_for_work(&t.dw.work);
	ok(LOAD(&self_flush_rc) == -EDEADLK && LOAD(&self_cancel_rc) == -EDEADLK,
	   "wait_for_delayed_work() and remove_delayed_work_sync() from the item itself return -EDEADLK");
	destroy_workqueue(wq);
}

/*
 * wait_for_delayed_work() while the timer fires: many items expire together and
 * are flushed one after the other as the timer thread queues them.  On
 * return each must have run.
 */
static void test_flush_vs_timer(void)
{
	struct workqueue_struct *wq = new_wq("d-flush-race", 0, 0);
	int n = 200, rounds = (int)tap_scale(20), missed = 0, wrong = 0;
	struct tdw *items = calloc((size_t)n, sizeof(*items));
	int *adds = calloc((size_t)n, sizeof(*adds));
	unsigned int seed = 7;

	if (!items || !adds)
		bail_out("no memory");
	for (int i = 0; i < n; i++)
		tdw_init(&items[i]);
	for (int r = 0; r < rounds; r++) {
		for (int i = 0; i < n; i++) {
			int rc = add_delayed_work_to_q_on(cpus[i % nr_cpus], wq,
							  &items[i].dw, 2);

			/* -EBUSY: the last flush returned before the run. */
			adds[i] += rc == 0;
			missed += rc != 0;
		}
		sleep_us(1000 + rand_r(&seed) % 2500);
		for (int i = n - 1; i >= 0; i--) {
			wait_for_delayed_work(&items[i].dw);
			missed += tdw_runs(&items[i]) != adds[i];
		}
	}
	/* Let every item leave the timer thread's hands, then finish. */
	for (int i = 0; i < n; i++) {
		long long end = tap_now_ns() + 10000 * MS;

		while (delayed_work_pending(&items[i].dw) && tap_now_ns() < end)
			sleep_us(200);
	}
	flush_workqueue(wq);
	for (int i = 0; i < n; i++)
		wrong += tdw_runs(&items[i]) != adds[i];
	is_int(missed, 0,
	       "wait_for_delayed_work() while the timer fires: on return the item has run");
	is_int(wrong, 0, "guarantee 1: every arm that returned 0 ran exactly once");
	destroy_workqueue(wq);
	free(adds);
	free(items);
}

/* --- cancelling ---------------------------------------------------------- */

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

		tdw_init(&t);
		tdw_add(wq, &t, 50);
		rc = k == 0 ? remove_delayed_work(&t.dw) :
			k == 1 ? remove_delayed_work_sync(&t.dw) :
			cancels[k](&t.dw.work);
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

/* --- rearm_delayed_work --------------------------------------------------- */

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
	ok(rc == 0 && delayed_work_pending(&t.dw) && tdw_wait(&t, 1),
	   "rearm_delayed_work() of an item armed for an hour returns 0; it runs at the new time");
	sleep_ms(20);
	ok(tdw_runs(&t) == 1 && !LOAD(&t.early) && !delayed_work_pending(&t.dw),
	   "once, not before the new delay");

	/* 40 ms becomes 150: the old expiry must be gone. */
	tdw_init(&t);
	tdw_add(wq, &t, 40);
	tdw_arming(&t, 150);
	rc = rearm_delayed_work(wq, &t.dw, 150);
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
	ok(rc == 0 && delayed_work_pending(&t.dw) && tdw_wait(&t, 1) &&
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

/* --- destroy_workqueue runs armed items ---------------------------------- */

struct chain {
	struct tdw t;
	struct workqueue_struct *wq;
	int left;	/* A */
	int errs;	/* A */
	int err;	/* A: the last failure */
};

static void chain_hook(struct tdw *t)
{
	struct chain *c = container_of(t, struct chain, t);
	int err;

	if (DEC(&c->left) >= 0) {
		err = add_delayed_work_to_q(c->wq, &t->dw, HOUR);
		if (err) {
			INC(&c->errs);
			STORE(&c->err, err);
		}
	}
}

static void destroy_armed(const char *what, struct workqueue_struct *wq)
{
	enum { N = 64 };
	struct tdw t[N];
	struct chain c = { .wq = wq, .left = 3 };
	int errs = 0, wrong = 0;

	for (int i = 0; i < N; i++) {
		tdw_init(&t[i]);
		/* Most for an hour; some due about now, racing the destroy. */
		if (i % 4 == 3)
			errs += add_delayed_work_to_q(wq, &t[i].dw, i % 3) != 0;
		else if (i % 2)
			errs += add_delayed_work_to_q_on(cpus[i % nr_cpus], wq,
							 &t[i].dw, HOUR) != 0;
		else
			errs += add_delayed_work_to_q(wq, &t[i].dw,
						      HOUR * (1 + i)) != 0;
	}
	tdw_init(&c.t);
	c.t.hook = chain_hook;
	errs += add_delayed_work_to_q(wq, &c.t.dw, HOUR) != 0;
	destroy_workqueue(wq);
	for (int i = 0; i < N; i++)
		wrong += tdw_runs(&t[i]) != 1 || delayed_work_pending(&t[i].dw);
	ok(errs == 0 && wrong == 0,
	   "destroy_workqueue() runs every armed item at once, each exactly once (%s)",
	   what);
	ok(tdw_runs(&c.t) == 1 && LOAD(&c.errs) == 1 &&
	   LOAD(&c.err) == -ESHUTDOWN && !delayed_work_pending(&c.t.dw),
	   "an item re-arming itself for an hour while the queue is destroyed runs once more, and its re-arm fails with -ESHUTDOWN (%s)",
	   what);
}

static void test_destroy(void)
{
	destroy_armed("bound", new_wq("d-destroy-b", 0, 0));
	destroy_armed("unbound", new_wq("d-destroy-u", WQ_UNBOUND, 0));
	destroy_armed("ordered", new_ordered("d-destroy-o"));
}

/* --- the old names ------------------------------------------------------- */

static void test_old_names(void)
{
	struct workqueue_struct *wq = new_wq("d-compat", 0, 0);
	struct tdw t;
	const char *f = __FILE__;
	int cpu = cpus[0], n0, line[5];

	kwq_set_warn_handler(warnlog_record);
	n0 = warnlog_count();
	tdw_init(&t);
	queue_delayed_work(wq, &t.dw, 1);
	tdw_wait(&t, 1);
	queue_delayed_work_on(cpu, wq, &t.dw, 1);
	tdw_wait(&t, 2);
	schedule_delayed_work(&t.dw, 1);
	tdw_wait(&t, 3);
	schedule_delayed_work_on(cpu, &t.dw, 1);
	tdw_wait(&t, 4);
	wait_for_work(&t.dw.work);
	ok(tdw_runs(&t) == 4 && warnlog_count() == n0,
	   "queue_delayed_work(_on) and schedule_delayed_work(_on) arm and run the item, silently");

	/* Armed for an hour: each call site fails twice and warns once. */
	add_delayed_work_to_q(wq, &t.dw, HOUR);
	for (int i = 0; i < 2; i++) {
		queue_delayed_work(wq, &t.dw, 1); line[0] = __LINE__;
		queue_delayed_work_on(cpu, wq, &t.dw, 1); line[1] = __LINE__;
		schedule_delayed_work(&t.dw, 1); line[2] = __LINE__;
		schedule_delayed_work_on(cpu, &t.dw, 1); line[3] = __LINE__;
		(void)add_delayed_work(&t.dw, 1);
	}
	ok(warnlog_count() - n0 == 4 &&
	   warnlog_is(n0, "queue_delayed_work", -EBUSY, f, line[0]) &&
	   warnlog_is(n0 + 1, "queue_delayed_work_on", -EBUSY, f, line[1]) &&
	   warnlog_is(n0 + 2, "schedule_delayed_work", -EBUSY, f, line[2]) &&
	   warnlog_is(n0 + 3, "schedule_delayed_work_on", -EBUSY, f, line[3]),
	   "a failed old-name call warns once per call site, with file, line, name and -EBUSY; (void)add_delayed_work() never does");
	ok(remove_delayed_work(&t.dw) == 0 && tdw_runs(&t) == 4,
	   "the failed calls changed nothing: the item was still armed");

	queue_delayed_work(NULL, &t.dw, 1); line[4] = __LINE__;
	ok(warnlog_count() - n0 == 5 &&
	   warnlog_is(n0 + 4, "queue_delayed_work", -EINVAL, f, line[4]),
	   "queue_delayed_work() with a NULL queue warns -EINVAL");
	if (warnlog_count() - n0 != 5)
		diag("%d warnings", warnlog_count() - n0);
	kwq_set_warn_handler(NULL);
	destroy_workqueue(wq);
}

/* --- bad input ----------------------------------------------------------- */

/* Every call that takes a delayed item, on @dw; how many returned -EINVAL. */
static int all_calls(struct workqueue_struct *wq, struct delayed_work *dw)
{
	int cpu = cpus[0];

	return (add_delayed_work_to_q(wq, dw, 1) == -EINVAL) +
		(add_delayed_work_to_q_on(cpu, wq, dw, 1) == -EINVAL) +
		(add_delayed_work(dw, 1) == -EINVAL) +
		(add_delayed_work_on(cpu, dw, 1) == -EINVAL) +
		(rearm_delayed_work(wq, dw, 1) == -EINVAL) +
		(rearm_delayed_work_on(cpu, wq, dw, 1) == -EINVAL) +
		(wait_for_delayed_work(dw) == -EINVAL) +
		(remove_delayed_work(dw) == -EINVAL) +
		(remove_delayed_work_sync(dw) == -EINVAL);
}

/* A CPU number this process may not run on (there is always one). */
static int forbidden_cpu(void)
{
	for (int cpu = 0;; cpu++) {
		bool allowed = false;

		for (int i = 0; i < nr_cpus; i++)
			allowed |= cpus[i] == cpu;
		if (!allowed)
			return cpu;
	}
}

static void test_bad_input(void)
{
	struct workqueue_struct *wq = new_wq("d-bad", 0, 0);
	struct delayed_work zero, zcopy, iw, icopy, copy;
	const int bad_cpus[] = { -1, -2, INT_MIN, INT_MAX, CPU_SETSIZE,
				 forbidden_cpu() };
	struct tdw t;
	int n, wrong = 0, runs;

	memset(&zero, 0, sizeof(zero));
	memcpy(&zcopy, &zero, sizeof(zero));
	n = all_calls(wq, NULL);
	is_int(n, 9, "every delayed call with a NULL item returns -EINVAL");
	n = all_calls(wq, &zero);
	ok(n == 9 && memcmp(&zero, &zcopy, sizeof(zero)) == 0,
	   "every delayed call with a zeroed item returns -EINVAL, and leaves it untouched (%d)",
	   n);

	memset(&iw, 0, sizeof(iw));
	INIT_WORK(&iw.work, tdw_fn);
	memcpy(&icopy, &iw, sizeof(iw));
	n = all_calls(wq, &iw);
	ok(n == 9 && memcmp(&iw, &icopy, sizeof(iw)) == 0,
	   "every delayed call with an item set up by INIT_WORK() returns -EINVAL, and changes nothing (%d)",
	   n);

	tdw_init(&t);
	memcpy(&copy, &t.dw, sizeof(copy));
	n = (add_delayed_work_to_q(NULL, &t.dw, 1) == -EINVAL) +
		(add_delayed_work_to_q_on(cpus[0], NULL, &t.dw, 1) == -EINVAL) +
		(rearm_delayed_work(NULL, &t.dw, 1) == -EINVAL) +
		(rearm_delayed_work_on(cpus[0], NULL, &t.dw, 1) == -EINVAL);
	ok(n == 4 && memcmp(&t.dw, &copy, sizeof(copy)) == 0,
	   "a NULL queue: add and mod return -EINVAL, the item is untouched");

	n = 0;
	for (size_t i = 0; i < ARRAY_SIZE(bad_cpus); i++) {
		int cpu = bad_cpus[i];

		n += (add_delayed_work_to_q_on(cpu, wq, &t.dw, 0) == -EINVAL) +
			(add_delayed_work_on(cpu, &t.dw, 0) == -EINVAL) +
			(rearm_delayed_work_on(cpu, wq, &t.dw, 0) == -EINVAL);
		wrong += memcmp(&t.dw, &copy, sizeof(copy)) != 0;
	}
	ok(n == 3 * (int)ARRAY_SIZE(bad_cpus) && !wrong,
	   "a cpu this process may not run on (-1, -2, INT_MIN, INT_MAX, CPU_SETSIZE, %d): -EINVAL, the item untouched",
	   forbidden_cpu());

	/* An armed item stays armed through bad calls. */
	add_delayed_work_to_q(wq, &t.dw, HOUR);
	n = (rearm_delayed_work(NULL, &t.dw, 0) == -EINVAL) +
		(rearm_delayed_work_on(-2, wq, &t.dw, 0) == -EINVAL) +
		(rearm_delayed_work_on(forbidden_cpu(), wq, &t.dw, 0) == -EINVAL) +
		(add_delayed_work_to_q_on(INT_MAX, wq, &t.dw, 0) == -EINVAL);
	flush_workqueue(wq);
	runs = tdw_runs(&t);
	ok(n == 4 && runs == 0 && delayed_work_pending(&t.dw) &&
	   remove_delayed_work(&t.dw) == 0,
	   "bad mod and add calls on an armed item return -EINVAL and leave it armed");
	is_int(tdw_runs(&t), 0, "it never ran");
	destroy_workqueue(wq);
}

int main(void)
{
	tap_watchdog(60);
	nr_cpus = allowed_cpus(cpus, CPU_SETSIZE);
	plan(89);
	test_types();
	test_delay_zero();
	test_runs_once();
	test_busy_armed();
	test_busy_queued();
	test_on_cpu();
	test_arming_cpu();
	test_never_early();
	test_flush_delayed();
	test_flush_vs_timer();
	test_cancel_armed();
	test_cancel_idle();
	test_cancel_queued();
	test_cancel_running();
	test_cancel_sync_vs_timer();
	cancel_sync_periodic(false);
	cancel_sync_periodic(true);
	test_mod_pending();
	test_mod_queued();
	test_mod_running();
	test_mod_self();
	test_destroy();
	test_old_names();
	test_bad_input();
	return done_testing();
}
