// SPDX-License-Identifier: MIT
/*
 * Delayed work, added: the add_delayed_* family on bound, unbound and
 * ordered queues, from the static initialiser to the _on(cpu) forms.  A delay
 * of 0 queues at once; an armed or queued item refuses a second add with
 * -EBUSY (guarantee 2) and runs once (guarantee 1); a bound queue runs the
 * item on the CPU that armed it, or on the one it was given.
 *
 * Every run of a struct tdw (tests/dwork.h) also checks guarantee 7.
 */
#include "dwork.h"

#include <limits.h>

static int cpus[CPU_SETSIZE];
static int nr_cpus;

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
	int rc, busy;
	bool armed;

	/*
	 * Adds that returned 200 ms after the arm or later (the test kept off
	 * the CPU: valgrind, a loaded machine) may have come after the expiry
	 * and prove nothing: the item is removed for good (wherever an add
	 * put it, and waited for if it runs) and the round made again.
	 */
	for (int i = 0; i < 5; i++) {
		if (i)
			remove_delayed_work_sync(&t.dw);
		tdw_init(&t);
		busy = 0;
		rc = tdw_add(wq, &t, 200);
		armed = delayed_work_pending(&t.dw);
		/* Raw calls: the arming time of the first add must stay. */
		busy += add_delayed_work_to_q(wq, &t.dw, 0) == -EBUSY;
		busy += add_delayed_work_to_q(other, &t.dw, 1) == -EBUSY;
		busy += add_delayed_work_to_q_on(cpus[0], wq, &t.dw, 0) ==
			-EBUSY;
		busy += add_delayed_work(&t.dw, 0) == -EBUSY;
		busy += add_delayed_work_on(cpus[0], &t.dw, 0) == -EBUSY;
		busy += add_work_to_q(wq, &t.dw.work) == -EBUSY;
		busy += add_work(&t.dw.work) == -EBUSY;
		if (tap_now_ns() - LOAD(&t.armed_ns) < 200 * MS)
			break;
	}
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


/*
 * A negative delay cast to unsigned long, as ported code passes: the
 * kernel's timer finds the expiry in the past and runs it at once; kwq
 * queued it at once too, not after 2^62 jiffies (issue 25).  tdw_wait()
 * gives it 10 s: a run that does not come by then never would.
 */
static void test_negative_delay(void)
{
	struct workqueue_struct *wq = new_wq("d-neg", WQ_UNBOUND, 0);
	struct tdw t;
	bool ran = false;

	tdw_init(&t);
	tdw_arming(&t, 0);
	ok(add_delayed_work_to_q(wq, &t.dw, (unsigned long)-5) == 0 &&
	   (ran = tdw_wait(&t, 1)),
	   "a delay of (unsigned long)-5 is added and runs at once");
	tdw_arming(&t, 0);
	ok(rearm_delayed_work(wq, &t.dw, (unsigned long)LONG_MIN) == 0 &&
	   ran && tdw_wait(&t, 2),
	   "rearm_delayed_work() with LONG_MIN runs at once too");
	destroy_workqueue(wq);
}

int main(void)
{
	tap_watchdog(60);
	nr_cpus = allowed_cpus(cpus, CPU_SETSIZE);
	plan(25);
	test_types();
	test_delay_zero();
	test_negative_delay();
	test_runs_once();
	test_busy_armed();
	test_busy_queued();
	test_on_cpu();
	test_arming_cpu();
	return done_testing();
}
