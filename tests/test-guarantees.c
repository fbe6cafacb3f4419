// SPDX-License-Identifier: MIT
/*
 * The concurrency guarantees of design.md, each by a test that fails when it
 * is broken:
 *
 *   4. a work item never runs concurrently with itself, even when threads on
 *      different CPUs keep adding it to their own CPU;
 *   5. an ordered queue runs one item at a time, in the order added (per
 *      producer, with several producers);
 *   6. no more than max_active items of a queue run at once (per CPU for a
 *      bound queue);
 *   8. after remove_work_sync() returns, the item is neither pending nor
 *      running, and adds made while it waits return -EBUSY.
 *
 * Only upper bounds are asserted: how much parallelism kwq reaches depends on
 * the machine, what it must never exceed does not.
 */
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

static int cpus[CPU_SETSIZE];
static int nr_cpus;

/* --- guarantee 4: no concurrent self-execution ---------------------------- */

struct hammer {
	struct workqueue_struct *wq;
	struct tw *t;
	int cpu;		/* pin here and add_work_to_q_on() it, or -1 */
	long loops;
	int added;
	int other;
};

static void *hammer_main(void *p)
{
	struct hammer *h = p;

	if (h->cpu >= 0 && pin_self(h->cpu))
		bail_out("cannot pin to cpu %d", h->cpu);
	for (long i = 0; i < h->loops; i++) {
		int err = h->cpu >= 0 ?
			add_work_to_q_on(h->cpu, h->wq, &h->t->work) :
			add_work_to_q(h->wq, &h->t->work);

		if (err == 0)
			h->added++;
		else if (err != -EBUSY)
			h->other++;
		/* Let the item start, so an add finds it running. */
		if (i % 8 == 0)
			sleep_us(20);
	}
	return NULL;
}

/*
 * Threads pinned to different CPUs add one item to their own CPU: each new
 * instance targets another CPU's pool than the one still running it.  The
 * item spins a little with an "in" count and records overlaps.
 */
static void no_self_concurrency(const char *what, struct workqueue_struct *wq,
				bool on_cpu)
{
	struct hammer h[MAX_THREADS];
	int n = nr_cpus * 2 < MAX_THREADS ? nr_cpus * 2 : MAX_THREADS;
	int added = 0, other = 0;
	struct tw t;

	if (n < 4)
		n = 4;
	tw_init(&t);
	t.sleep_us = 30;
	memset(h, 0, sizeof(h));
	for (int i = 0; i < n; i++) {
		h[i].wq = wq;
		h[i].t = &t;
		h[i].cpu = on_cpu ? cpus[i % nr_cpus] : -1;
		h[i].loops = tap_scale(3000);
	}
	run_threads(n, hammer_main, h, sizeof(h[0]));
	wait_for_work(&t.work);
	for (int i = 0; i < n; i++) {
		added += h[i].added;
		other += h[i].other;
	}
	ok(LOAD(&t.overlaps) == 0 && other == 0 && tw_runs(&t) == added,
	   "guarantee 4: no concurrent self-execution on %s (%d threads, %d cpus)",
	   what, n, nr_cpus);
	diag("%s: %d runs, %d overlaps, %d adds returned 0, %d errors",
	     what, tw_runs(&t), LOAD(&t.overlaps), added, other);
}

static void test_no_self_concurrency(void)
{
	struct workqueue_struct *bound = new_wq("g4-b", 0, 0);
	struct workqueue_struct *hi = new_wq("g4-h", WQ_HIGHPRI, 0);
	struct workqueue_struct *ub = new_wq("g4-u", WQ_UNBOUND, 0);

	no_self_concurrency("a bound queue, add_work_to_q_on(own cpu)", bound,
			    true);
	no_self_concurrency("system_wq, add_work_to_q_on(own cpu)", system_wq,
			    true);
	no_self_concurrency("a WQ_HIGHPRI queue, add_work_to_q_on(own cpu)",
			    hi, true);
	no_self_concurrency("a bound queue, add_work_to_q() from any cpu",
			    bound, false);
	no_self_concurrency("an unbound queue", ub, false);
	destroy_workqueue(ub);
	destroy_workqueue(hi);
	destroy_workqueue(bound);
}

/*
 * One item added alternately to two queues that share no pool (and, for
 * bound ones, on alternating CPUs): the kernel promises non-reentrance per
 * item, whatever queue it was added to, and so does design.md.
 */
static void across_queues(const char *what, struct workqueue_struct *a,
			  struct workqueue_struct *b)
{
	long loops = tap_scale(3000);
	int added = 0;
	struct tw t;

	tw_init(&t);
	t.sleep_us = 30;
	for (long i = 0; i < loops; i++) {
		int cpu = cpus[i % nr_cpus];

		added += add_work_to_q_on(cpu, i & 1 ? a : b, &t.work) == 0;
		if (i % 4 == 0)
			sleep_us(20);
	}
	wait_for_work(&t.work);
	flush_workqueue(a);
	flush_workqueue(b);
	ok(LOAD(&t.overlaps) == 0 && tw_runs(&t) == added,
	   "guarantee 4: no concurrent self-execution when one item is added alternately to %s",
	   what);
	diag("%s: %d runs, %d overlaps, %d adds returned 0", what,
	     tw_runs(&t), LOAD(&t.overlaps), added);
}

static void test_no_self_concurrency_across_queues(void)
{
	struct workqueue_struct *b1 = new_wq("g4-b1", 0, 0);
	struct workqueue_struct *b2 = new_wq("g4-b2", 0, 0);
	struct workqueue_struct *hi = new_wq("g4-hi", WQ_HIGHPRI, 0);
	struct workqueue_struct *u1 = new_wq("g4-u1", WQ_UNBOUND, 0);
	struct workqueue_struct *u2 = new_wq("g4-u2", WQ_UNBOUND | WQ_HIGHPRI,
					     0);

	across_queues("one bound queue, alternating cpus", b1, b1);
	across_queues("two bound queues", b1, b2);
	across_queues("a bound and a WQ_HIGHPRI queue", b1, hi);
	across_queues("a bound and an unbound queue", b1, u1);
	across_queues("two unbound queues, one WQ_HIGHPRI", u1, u2);
	destroy_workqueue(u2);
	destroy_workqueue(u1);
	destroy_workqueue(hi);
	destroy_workqueue(b2);
	destroy_workqueue(b1);
}

/* --- guarantee 5: ordered queues ------------------------------------------ */

#define NR_PRODUCERS 4

struct oitem {
	struct work_struct work;
	int producer;
	int seq;
};

static struct {
	int running;	/* A */
	int overlaps;	/* A */
	int next;	/* A: next slot in log */
	int *log;	/* producer << 20 | seq, in run order */
} ord;

static void oitem_fn(struct work_struct *work)
{
	struct oitem *o = container_of(work, struct oitem, work);
	int slot;

	if (INC(&ord.running) != 1)
		INC(&ord.overlaps);
	slot = INC(&ord.next) - 1;
	ord.log[slot] = o->producer << 20 | o->seq;
	if (o->seq % 16 == 0)
		sleep_us(10);
	DEC(&ord.running);
}

struct producer {
	struct workqueue_struct *wq;
	struct oitem *items;
	int n;
	int id;
	int errs;
};

static void *producer_main(void *p)
{
	struct producer *pr = p;

	if (pin_self(cpus[pr->id % nr_cpus]))
		bail_out("cannot pin");
	for (int i = 0; i < pr->n; i++) {
		pr->items[i].producer = pr->id;
		pr->items[i].seq = i;
		INIT_WORK(&pr->items[i].work, oitem_fn);
		pr->errs += add_work_to_q(pr->wq, &pr->items[i].work) != 0;
		if (i % 32 == 0)
			sched_yield();
	}
	return NULL;
}

static void ordered_fifo(const char *what, struct workqueue_struct *wq,
			 int nr_producers)
{
	struct producer pr[NR_PRODUCERS];
	int n = (int)tap_scale(3000), total = n * nr_producers;
	int last[NR_PRODUCERS], out_of_order = 0, errs = 0;
	bool all_ran;

	memset(&ord, 0, sizeof(ord));
	ord.log = calloc(total, sizeof(int));
	memset(pr, 0, sizeof(pr));
	for (int i = 0; i < nr_producers; i++) {
		pr[i].wq = wq;
		pr[i].items = calloc(n, sizeof(struct oitem));
		pr[i].n = n;
		pr[i].id = i;
		last[i] = -1;
	}
	run_threads(nr_producers, producer_main, pr, sizeof(pr[0]));
	flush_workqueue(wq);
	all_ran = LOAD(&ord.next) == total;
	for (int i = 0; i < LOAD(&ord.next); i++) {
		int p = ord.log[i] >> 20, seq = ord.log[i] & 0xfffff;

		out_of_order += seq != last[p] + 1;
		last[p] = seq;
	}
	for (int i = 0; i < nr_producers; i++) {
		errs += pr[i].errs;
		free(pr[i].items);
	}
	ok(errs == 0 && all_ran && out_of_order == 0,
	   "guarantee 5: %s runs each producer's items in the order added (%d producers, %d items)",
	   what, nr_producers, total);
	is_int(LOAD(&ord.overlaps), 0,
	       "guarantee 5: %s runs one item at a time", what);
	if (errs || !all_ran || out_of_order)
		diag("add errors %d, ran %d of %d, out of order %d", errs,
		     LOAD(&ord.next), total, out_of_order);
	free(ord.log);
}

static void test_ordered(void)
{
	struct workqueue_struct *o1 = alloc_ordered_workqueue("g5-%d", 0, 1);
	struct workqueue_struct *o2 = alloc_ordered_workqueue("g5-hi",
							      WQ_HIGHPRI);
	struct workqueue_struct *o3 = create_singlethread_workqueue("g5-st");

	if (!o1 || !o2 || !o3)
		bail_out("alloc_ordered_workqueue: %s", strerror(errno));
	ordered_fifo("an ordered queue", o1, 1);
	ordered_fifo("an ordered queue", o1, NR_PRODUCERS);
	ordered_fifo("a WQ_HIGHPRI ordered queue", o2, NR_PRODUCERS);
	ordered_fifo("create_singlethread_workqueue()", o3, NR_PRODUCERS);
	destroy_workqueue(o3);
	destroy_workqueue(o2);
	destroy_workqueue(o1);
}

/* --- guarantee 6: max_active ---------------------------------------------- */

struct mitem {
	struct work_struct work;
	int *active;		/* the counter this item's runs share */
	int *max;
	long sleep_us;
};

static void mitem_fn(struct work_struct *work)
{
	struct mitem *m = container_of(work, struct mitem, work);

	note_max(m->max, INC(m->active));
	sleep_us(m->sleep_us);
	DEC(m->active);
}

/*
 * Add @per_cpu items per CPU (bound) or in all (unbound), that sleep long
 * enough to be taken out of concurrency management, so that only
 * max_active holds them back; record the most running at once, per CPU for
 * a bound queue.
 */
static void max_active(const char *what, unsigned int flags, int limit,
		       int nr_items)
{
	struct workqueue_struct *wq = new_wq(what, flags, limit);
	bool bound = !(flags & WQ_UNBOUND);
	int groups = bound ? nr_cpus : 1, n = nr_items * groups;
	int *active = calloc(groups, sizeof(int));
	int *max = calloc(groups, sizeof(int));
	struct mitem *m = calloc(n, sizeof(*m));
	int errs = 0, worst = 0;

	for (int i = 0; i < n; i++) {
		int g = i % groups;

		INIT_WORK(&m[i].work, mitem_fn);
		m[i].active = &active[g];
		m[i].max = &max[g];
		/* Mostly past the monitor's period, some short. */
		m[i].sleep_us = i % 3 ? 12000 : 500;
		errs += bound ? add_work_to_q_on(cpus[g], wq, &m[i].work) :
				add_work_to_q(wq, &m[i].work);
	}
	flush_workqueue(wq);
	for (int g = 0; g < groups; g++)
		if (LOAD(&max[g]) > worst)
			worst = LOAD(&max[g]);
	ok(errs == 0 && worst <= limit,
	   "guarantee 6: %s with max_active %d never runs more at once%s",
	   what, limit, bound ? " per cpu" : "");
	diag("%s: at most %d running at once (limit %d)", what, worst, limit);
	destroy_workqueue(wq);
	free(m);
	free(max);
	free(active);
}

static void test_max_active(void)
{
	int n = (int)tap_scale(20);

	if (n < 8)
		n = 8;
	max_active("bound", 0, 1, n);
	max_active("bound", 0, 2, n);
	max_active("bound-highpri", WQ_HIGHPRI, 2, n);
	max_active("bound-intensive", WQ_CPU_INTENSIVE, 2, n);
	max_active("unbound", WQ_UNBOUND, 1, n);
	max_active("unbound", WQ_UNBOUND, 3, n * 2);
	max_active("unbound-intensive", WQ_UNBOUND | WQ_CPU_INTENSIVE, 3,
		   n * 2);
}

/* --- guarantee 8: remove_work_sync() ------------------------------------- */

struct selfish {
	struct tw t;
	struct workqueue_struct *wq;
	int stop;		/* A */
};

static void selfish_fn(struct work_struct *work)
{
	struct selfish *s = container_of(work, struct selfish, t.work);

	tw_fn(work);
	if (!LOAD(&s->stop))
		(void)add_work_to_q(s->wq, work);
}

/*
 * An item that keeps re-adding itself, and sleeps a little in each run, is
 * cancelled with remove_work_sync(): on return it is neither pending nor
 * running, and the chain is dead: it never runs again.
 */
static void cancel_sync_chain(const char *what, struct workqueue_struct *wq)
{
	int rounds = (int)tap_scale(100), bad = 0, badrc = 0;
	struct selfish s;

	tw_init(&s.t);
	INIT_WORK(&s.t.work, selfish_fn);
	s.wq = wq;
	s.stop = 0;
	for (int r = 0; r < rounds; r++) {
		int runs0, rc;

		s.t.sleep_us = r % 2 ? 300 : 0;
		if (add_work_to_q(wq, &s.t.work))
			bail_out("add failed");
		wait_for(&s.t.runs, tw_runs(&s.t) + 1 + r % 3, 10000);
		rc = remove_work_sync(&s.t.work);
		badrc += rc != 0 && rc != -ENOENT;
		runs0 = tw_runs(&s.t);
		bad += work_pending(&s.t.work) || LOAD(&s.t.in) != 0;
		if (r % 10 == 0) {
			sleep_ms(2);
			bad += tw_runs(&s.t) != runs0;
		}
	}
	ok(bad == 0 && badrc == 0,
	   "guarantee 8: after remove_work_sync() a self-re-adding item is neither pending nor running, and stays so (%s)",
	   what);
	ok(LOAD(&s.t.overlaps) == 0, "guarantee 4: and it never overlapped itself");
	if (bad || badrc)
		diag("%d rounds found it busy, %d odd return codes", bad, badrc);
}

/*
 * The item is running (held at a gate) and pending again (added while it
 * runs).  remove_work_sync() removes the pending instance (returns 0), waits
 * for the running one, and adds made while it waits return -EBUSY.  Should
 * the cancel thread be scheduled so late that the gate opened first, the
 * pending instance may legitimately run before the cancel sees it; then the
 * cancel returns -ENOENT, and the item ran twice, never after the return.
 */
static void cancel_sync_running(const char *what, struct workqueue_struct *wq)
{
	struct bg_call c;
	struct gate g = { 0 };
	struct tw t;
	int readd, during, waited, rc, pending, in, runs;
	bool removed, late;

	tw_init(&t);
	t.gate = &g;
	add_work_to_q(wq, &t.work);
	wait_for(&g.entered, 1, 10000);
	readd = add_work_to_q(wq, &t.work);
	bg_work(&c, remove_work_sync, &t.work);
	wait_for(&c.started, 1, 10000);
	sleep_ms(30);
	/* Refused either way: still pending, or the cancel is waiting. */
	during = add_work_to_q(wq, &t.work);
	waited = !LOAD(&c.done);
	gate_open(&g);
	rc = bg_join(&c);
	pending = work_pending(&t.work);
	in = LOAD(&t.in);
	runs = tw_runs(&t);
	sleep_ms(20);
	removed = rc == 0 && runs == 1;
	late = rc == -ENOENT && runs == 2;
	if (late)
		diag("the cancel came after the pending instance had started");
	is_int(readd, 0, "adding a running item queues it again (%s)", what);
	ok(waited, "guarantee 8: remove_work_sync() waits for the running instance (%s)",
	   what);
	ok(removed || late,
	   "guarantee 1: remove_work_sync() returns 0 when it removed the pending instance, which never runs (%s)",
	   what);
	is_int(during, -EBUSY,
	       "an add while remove_work_sync() waits returns -EBUSY (%s)",
	       what);
	ok(!pending && in == 0 && tw_runs(&t) == runs,
	   "guarantee 8: on return it is neither pending nor running, and does not run again (%s)",
	   what);
	if (pending || in || tw_runs(&t) != runs || !(removed || late))
		diag("rc %d, pending %d, running %d, runs %d then %d", rc,
		     pending, in, runs, tw_runs(&t));
	ok(add_work_to_q(wq, &t.work) == 0 && wait_for_work(&t.work) == 0 &&
	   tw_runs(&t) == runs + 1,
	   "after remove_work_sync() the item can be added again (%s)", what);
}

static void test_cancel_sync(void)
{
	struct workqueue_struct *ub = new_wq("g8-u", WQ_UNBOUND, 0);

	cancel_sync_chain("system_wq", system_wq);
	cancel_sync_chain("an unbound queue", ub);
	cancel_sync_running("system_wq", system_wq);
	cancel_sync_running("an unbound queue", ub);
	destroy_workqueue(ub);
}

int main(void)
{
	tap_watchdog(60);
	nr_cpus = allowed_cpus(cpus, CPU_SETSIZE);
	plan(41);
	test_no_self_concurrency();
	test_no_self_concurrency_across_queues();
	test_ordered();
	test_max_active();
	test_cancel_sync();
	return done_testing();
}
