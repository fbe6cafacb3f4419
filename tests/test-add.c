// SPDX-License-Identifier: MIT
/*
 * Adding work: the add_* family on every kind of queue, where the item runs,
 * and guarantees 1-3 of design.md: every add that returned 0 runs exactly
 * once, even with many threads adding the same item; an add while pending
 * returns -EBUSY and queues nothing; an item may re-add itself from its own
 * function.  Also the ordering promise behind -EBUSY: what the adder wrote
 * before an add that found the item pending is seen by the pending run.
 */
#include "util.h"

#include <stdio.h>

#define NR_ADDERS 4

static int cpus[CPU_SETSIZE];
static int nr_cpus;

/* One add, one run, seen from inside as a work item, on each kind of queue. */
static void test_runs_once(const char *what, struct workqueue_struct *wq)
{
	struct tw t;
	int err, ferr;

	tw_init(&t);
	err = add_work_to_q(wq, &t.work);
	ferr = wait_for_work(&t.work);
	ok(err == 0 && ferr == 0 && tw_runs(&t) == 1 && !LOAD(&t.not_current) &&
	   !work_pending(&t.work),
	   "guarantee 1: add to %s returns 0 and runs the item once, in a worker",
	   what);
	if (err || ferr || tw_runs(&t) != 1)
		diag("add %d, flush %d, runs %d", err, ferr, tw_runs(&t));
}

static void test_queue_kinds(void)
{
	struct workqueue_struct *wq;
	struct tw t;

	wq = new_wq("bound", 0, 0);
	test_runs_once("a bound queue", wq);
	destroy_workqueue(wq);
	wq = new_wq("unbound", WQ_UNBOUND, 0);
	test_runs_once("an unbound queue", wq);
	destroy_workqueue(wq);
	wq = new_wq("highpri", WQ_HIGHPRI, 0);
	test_runs_once("a WQ_HIGHPRI queue", wq);
	destroy_workqueue(wq);
	wq = new_wq("intensive", WQ_CPU_INTENSIVE | WQ_MEM_RECLAIM, 1);
	test_runs_once("a WQ_CPU_INTENSIVE|WQ_MEM_RECLAIM queue", wq);
	destroy_workqueue(wq);
	wq = alloc_ordered_workqueue("ordered-%d", 0, 1);
	if (!wq)
		bail_out("alloc_ordered_workqueue: %s", strerror(errno));
	test_runs_once("an ordered queue", wq);
	destroy_workqueue(wq);
	wq = create_singlethread_workqueue("single");
	test_runs_once("create_singlethread_workqueue()", wq);
	destroy_workqueue(wq);
	wq = create_workqueue("legacy");
	test_runs_once("create_workqueue()", wq);
	destroy_workqueue(wq);
	test_runs_once("system_wq", system_wq);
	test_runs_once("system_highpri_wq", system_highpri_wq);
	test_runs_once("system_long_wq", system_long_wq);
	test_runs_once("system_unbound_wq", system_unbound_wq);

	tw_init(&t);
	ok(add_work(&t.work) == 0 && wait_for_work(&t.work) == 0 &&
	   tw_runs(&t) == 1, "add_work() runs the item once on system_wq");
}

static int static_runs;

static void static_fn(struct work_struct *work)
{
	(void)work;
	INC(&static_runs);
}

static void test_static_item(void)
{
	static DECLARE_WORK(w, static_fn);

	ok(add_work(&w) == 0 && wait_for_work(&w) == 0 && !work_pending(&w) &&
	   LOAD(&static_runs) == 1,
	   "a DECLARE_WORK() item can be added, runs once, and is flushed");
}

/* add_work_to_q_on() / add_work_on(): the item runs on the CPU given. */
static void test_runs_on_cpu(void)
{
	struct workqueue_struct *wq = new_wq("on", 0, 0);
	struct workqueue_struct *hi = new_wq("on-hi", WQ_HIGHPRI, 0);
	int wrong_q = 0, wrong_sys = 0, wrong_hi = 0, errs = 0;
	struct tw t;

	tw_init(&t);
	for (int rep = 0; rep < 3; rep++) {
		for (int i = 0; i < nr_cpus; i++) {
			errs += add_work_to_q_on(cpus[i], wq, &t.work) != 0;
			errs += wait_for_work(&t.work) != 0;
			wrong_q += LOAD(&t.cpu) != cpus[i];
			errs += add_work_on(cpus[i], &t.work) != 0;
			errs += wait_for_work(&t.work) != 0;
			wrong_sys += LOAD(&t.cpu) != cpus[i];
			errs += add_work_to_q_on(cpus[i], hi, &t.work) != 0;
			errs += wait_for_work(&t.work) != 0;
			wrong_hi += LOAD(&t.cpu) != cpus[i];
		}
	}
	is_int(errs, 0, "add_*_on() and wait_for_work() all return 0");
	is_int(wrong_q, 0,
	       "add_work_to_q_on(cpu) on a bound queue runs on that cpu");
	is_int(wrong_sys, 0, "add_work_on(cpu) runs on that cpu");
	is_int(wrong_hi, 0,
	       "add_work_to_q_on(cpu) on a WQ_HIGHPRI queue runs on that cpu");
	destroy_workqueue(hi);
	destroy_workqueue(wq);
}

struct local_arg {
	struct workqueue_struct *wq;
	int cpu;
	int wrong;
	int errs;
};

static void *add_local(void *p)
{
	struct local_arg *a = p;
	struct tw t;

	if (pin_self(a->cpu))
		bail_out("cannot pin to cpu %d", a->cpu);
	tw_init(&t);
	for (int i = 0; i < 20; i++) {
		a->errs += add_work_to_q(a->wq, &t.work) != 0;
		a->errs += wait_for_work(&t.work) != 0;
		a->wrong += LOAD(&t.cpu) != a->cpu;
	}
	return NULL;
}

/* A bound queue runs work added without a cpu on the adding CPU. */
static void test_runs_on_adding_cpu(void)
{
	struct local_arg a[MAX_THREADS];
	int n = nr_cpus < MAX_THREADS ? nr_cpus : MAX_THREADS;
	int wrong = 0, errs = 0;

	memset(a, 0, sizeof(a));
	for (int i = 0; i < n; i++) {
		a[i].wq = system_wq;
		a[i].cpu = cpus[i];
	}
	run_threads(n, add_local, a, sizeof(a[0]));
	for (int i = 0; i < n; i++) {
		wrong += a[i].wrong;
		errs += a[i].errs;
	}
	ok(wrong == 0 && errs == 0,
	   "add_work_to_q() on a bound queue runs on the adding thread's cpu");
	if (wrong || errs)
		diag("%d runs elsewhere, %d errors", wrong, errs);
}

/* --- guarantee 1: exact run counts under many adders ---------------------- */

#define NR_ITEMS 8

struct adder {
	struct workqueue_struct *wq;
	struct tw *items;	/* shared by all adders, or this adder's own */
	int nr_items;
	int bound_cpu;		/* pin to it and use add_work_to_q_on(), or -1 */
	long loops;
	int added[NR_ITEMS];	/* adds that returned 0, per item */
	int busy;		/* adds that returned -EBUSY */
	int other;		/* anything else */
};

static void *adder_main(void *p)
{
	struct adder *a = p;

	if (a->bound_cpu >= 0 && pin_self(a->bound_cpu))
		bail_out("cannot pin to cpu %d", a->bound_cpu);
	for (long i = 0; i < a->loops; i++) {
		int k = i % a->nr_items;
		struct work_struct *w = &a->items[k].work;
		int err = a->bound_cpu >= 0 ?
			add_work_to_q_on(a->bound_cpu, a->wq, w) :
			add_work_to_q(a->wq, w);

		if (err == 0)
			a->added[k]++;
		else if (err == -EBUSY)
			a->busy++;
		else
			a->other++;
		if (i % 64 == 0)
			sched_yield();
	}
	return NULL;
}

/*
 * @nr_adders threads add @nr_items items (shared by all when @shared, else
 * each its own) @loops times; after a flush, each item ran exactly as many
 * times as adds of it returned 0.
 */
static void exact_counts(const char *what, struct workqueue_struct *wq,
			 bool shared, bool pin, long loops)
{
	static struct adder a[NR_ADDERS];
	static struct tw items[NR_ADDERS][NR_ITEMS];
	long added = 0, ran = 0, busy = 0, other = 0, wrong = 0;

	memset(a, 0, sizeof(a));
	for (int i = 0; i < NR_ADDERS; i++) {
		for (int k = 0; k < NR_ITEMS; k++)
			tw_init(&items[i][k]);
		a[i].wq = wq;
		a[i].items = shared ? items[0] : items[i];
		a[i].nr_items = NR_ITEMS;
		a[i].bound_cpu = pin ? cpus[i % nr_cpus] : -1;
		a[i].loops = loops;
	}
	run_threads(NR_ADDERS, adder_main, a, sizeof(a[0]));
	if (flush_workqueue(wq))
		bail_out("flush_workqueue failed");
	for (int i = 0; i < (shared ? 1 : NR_ADDERS); i++) {
		for (int k = 0; k < NR_ITEMS; k++) {
			int want = 0;

			for (int j = 0; j < NR_ADDERS; j++)
				if (shared || j == i)
					want += a[j].added[k];
			wrong += tw_runs(&items[i][k]) != want;
			ran += tw_runs(&items[i][k]);
			wrong += LOAD(&items[i][k].overlaps) != 0;
		}
	}
	for (int j = 0; j < NR_ADDERS; j++) {
		for (int k = 0; k < NR_ITEMS; k++)
			added += a[j].added[k];
		busy += a[j].busy;
		other += a[j].other;
	}
	ok(wrong == 0 && other == 0 && ran == added,
	   "guarantee 1: %s, %d threads adding %s items: runs == adds that returned 0",
	   what, NR_ADDERS, shared ? "the same" : "their own");
	diag("%s: %ld adds returned 0, %ld -EBUSY, %ld other; %ld runs",
	     what, added, busy, other, ran);
}

static void test_exact_counts(void)
{
	struct workqueue_struct *bound = new_wq("count-b", 0, 0);
	struct workqueue_struct *unbound = new_wq("count-u", WQ_UNBOUND, 0);
	struct workqueue_struct *ord = new_ordered("count-o");
	long loops = tap_scale(20000);

	exact_counts("bound queue", bound, true, false, loops);
	exact_counts("bound queue", bound, false, false, loops);
	exact_counts("bound queue, add_work_to_q_on(other cpus)", bound, true,
		     true, loops);
	exact_counts("unbound queue", unbound, true, false, loops);
	exact_counts("unbound queue", unbound, false, false, loops);
	exact_counts("ordered queue", ord, true, false, loops / 4);
	exact_counts("system_wq", system_wq, true, false, loops);
	destroy_workqueue(ord);
	destroy_workqueue(unbound);
	destroy_workqueue(bound);
}

/* --- guarantee 2: -EBUSY while pending ----------------------------------- */

static void test_ebusy(void)
{
	struct workqueue_struct *wq = new_ordered("ebusy");
	struct tw blocker, t;
	struct gate g;
	int first, busy = 0, pending, r;

	if (block_ordered(wq, &blocker, &g))
		bail_out("cannot set up a blocked ordered queue");
	tw_init(&t);
	first = add_work_to_q(wq, &t.work);
	for (int i = 0; i < 100; i++) {
		busy += add_work_to_q(wq, &t.work) == -EBUSY;
		busy += add_work_to_q_on(cpus[i % nr_cpus], wq, &t.work) ==
			-EBUSY;
	}
	pending = work_pending(&t.work);
	is_int(first, 0, "guarantee 2: first add returns 0");
	is_int(busy, 200,
	       "guarantee 2: add while pending returns -EBUSY, every time");
	ok(pending && tw_runs(&t) == 0,
	   "guarantee 2: the item is still pending, not run");
	gate_open(&g);
	r = flush_workqueue(wq);
	sleep_ms(20);
	flush_workqueue(wq);
	ok(r == 0 && tw_runs(&t) == 1 && !work_pending(&t.work),
	   "guarantee 2: the -EBUSY adds queued nothing: it ran once");
	ok(add_work_to_q(wq, &t.work) == 0 && wait_for_work(&t.work) == 0 &&
	   tw_runs(&t) == 2, "once run, the item can be added again");
	destroy_workqueue(wq);
}

/* --- guarantee 3: self re-add --------------------------------------------- */

struct chain {
	struct work_struct work;
	struct workqueue_struct *wq;
	int n;			/* runs wanted */
	int runs;		/* A */
	int errs;		/* A: re-adds that did not return 0 */
	int pending_inside;	/* A */
};

static void chain_fn(struct work_struct *work)
{
	struct chain *c = container_of(work, struct chain, work);

	if (work_pending(work))
		INC(&c->pending_inside);
	if (INC(&c->runs) < c->n && add_work_to_q(c->wq, work) != 0)
		INC(&c->errs);
}

static void self_readd(const char *what, struct workqueue_struct *wq)
{
	struct chain c = { .wq = wq, .n = (int)tap_scale(2000) };
	bool done;

	INIT_WORK(&c.work, chain_fn);
	if (add_work_to_q(wq, &c.work))
		bail_out("add failed");
	done = wait_for(&c.runs, c.n, 20000);
	wait_for_work(&c.work);
	sleep_ms(5);
	ok(done && LOAD(&c.runs) == c.n && LOAD(&c.errs) == 0 &&
	   LOAD(&c.pending_inside) == 0,
	   "guarantee 3: an item re-adds itself from its function %d times on %s",
	   c.n, what);
	if (!done || LOAD(&c.errs) || LOAD(&c.pending_inside))
		diag("runs %d, failed re-adds %d, pending at entry %d",
		     LOAD(&c.runs), LOAD(&c.errs), LOAD(&c.pending_inside));
}

static void test_self_readd(void)
{
	struct workqueue_struct *ord = new_ordered("chain-o");
	struct workqueue_struct *ub = new_wq("chain-u", WQ_UNBOUND, 0);

	self_readd("system_wq", system_wq);
	self_readd("an unbound queue", ub);
	self_readd("an ordered queue", ord);
	destroy_workqueue(ub);
	destroy_workqueue(ord);
}

/* --- what an -EBUSY add publishes ---------------------------------------- */

struct hb {
	struct work_struct work;
	long value;		/* A: written by the adder before each add */
	long seen;		/* A: what the last run read */
};

static void hb_fn(struct work_struct *work)
{
	struct hb *h = container_of(work, struct hb, work);

	__atomic_store_n(&h->seen, __atomic_load_n(&h->value, __ATOMIC_RELAXED),
			 __ATOMIC_RELAXED);
}

/*
 * An adder writes a value, then adds; whether the add returns 0 or -EBUSY,
 * some run starts after the write and reads it.  So once the burst is over
 * and flushed, the last run must have seen the last value.  A library that
 * let -EBUSY through after the pending run had already read its state loses
 * that update.
 */
static void ebusy_publishes(const char *what, struct workqueue_struct *wq)
{
	long rounds = tap_scale(400), lost = 0, busy = 0;
	struct hb h = { .value = 0 };

	INIT_WORK(&h.work, hb_fn);
	for (long r = 1; r <= rounds; r++) {
		for (int k = 0; k < 50; k++) {
			long v = r * 1000 + k;

			__atomic_store_n(&h.value, v, __ATOMIC_RELAXED);
			busy += add_work_to_q(wq, &h.work) == -EBUSY;
		}
		wait_for_work(&h.work);
		lost += __atomic_load_n(&h.seen, __ATOMIC_RELAXED) !=
			r * 1000 + 49;
	}
	ok(lost == 0,
	   "guarantee 2: state written before an add that returned -EBUSY is seen by the pending run (%s)",
	   what);
	diag("%s: %ld -EBUSY adds, %ld rounds lost the last value", what,
	     busy, lost);
}

static void test_ebusy_publishes(void)
{
	struct workqueue_struct *ub = new_wq("hb-u", WQ_UNBOUND, 0);

	ebusy_publishes("system_wq", system_wq);
	ebusy_publishes("an unbound queue", ub);
	destroy_workqueue(ub);
}

int main(void)
{
	tap_watchdog(60);
	nr_cpus = allowed_cpus(cpus, CPU_SETSIZE);
	plan(35);
	test_queue_kinds();
	test_static_item();
	test_runs_on_cpu();
	test_runs_on_adding_cpu();
	test_exact_counts();
	test_ebusy();
	test_self_readd();
	test_ebusy_publishes();
	return done_testing();
}
