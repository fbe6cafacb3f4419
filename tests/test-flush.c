// SPDX-License-Identifier: MIT
/*
 * Waiting for work: wait_for_work(), flush_workqueue(), drain_workqueue() and
 * the teardown promise of destroy_workqueue().
 *
 * Each wait is checked both ways: it must not return while what it waits
 * for is still queued or running (the test holds it at a gate and watches
 * the call from another thread), and it must return once that is done.  The
 * waits that would deadlock when called from the work they wait for must
 * say -EDEADLK instead; a work item that waits on another queue must not
 * deadlock.  drain_workqueue() and destroy_workqueue() refuse outside adds
 * with -ESHUTDOWN while they run, accept chained adds from the queue's own
 * items, and lose nothing (guarantee 1).
 */
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

static int cpus[CPU_SETSIZE];
static int nr_cpus;

/* --- wait_for_work() ------------------------------------------------------ */

static void test_flush_work_idle(void)
{
	struct tw t;
	long long t0;
	int rc;

	tw_init(&t);
	t0 = tap_now_ns();
	rc = wait_for_work(&t.work);
	ok(rc == 0 && tap_now_ns() - t0 < 5000000000LL,
	   "wait_for_work() of an item never added returns 0 at once");
	add_work(&t.work);
	wait_for_work(&t.work);
	ok(wait_for_work(&t.work) == 0 && tw_runs(&t) == 1,
	   "wait_for_work() of an item that already ran returns 0");
}

/*
 * The item is held at a gate: wait_for_work() (or flush_workqueue() when
 * @whole_queue) must wait for that run.
 */
static void waits_for_running(const char *what, struct workqueue_struct *wq,
			      bool whole_queue)
{
	struct gate g = { 0 };
	struct bg_call c;
	struct tw t;
	bool early;
	int rc;

	tw_init(&t);
	t.gate = &g;
	add_work_to_q(wq, &t.work);
	wait_for(&g.entered, 1, 10000);
	if (whole_queue)
		bg_wq(&c, flush_workqueue, wq);
	else
		bg_work(&c, wait_for_work, &t.work);
	sleep_ms(20);
	early = LOAD(&c.done);
	gate_open(&g);
	rc = bg_join(&c);
	ok(!early && rc == 0 && tw_runs(&t) == 1,
	   "%s waits for a running item (%s)",
	   whole_queue ? "flush_workqueue()" : "wait_for_work()", what);
}

/*
 * The item is queued behind a blocker on an ordered queue, with other items
 * before it: wait_for_work() waits until it has run, and (FIFO) so have they.
 */
static void test_flush_work_pending(void)
{
	struct workqueue_struct *wq = new_ordered("fl-pend");
	struct tw blocker, before[5], t;
	struct gate g;
	struct bg_call c;
	int ran_before = 0, rc;
	bool early;

	if (block_ordered(wq, &blocker, &g))
		bail_out("cannot block the ordered queue");
	for (int i = 0; i < 5; i++) {
		tw_init(&before[i]);
		add_work_to_q(wq, &before[i].work);
	}
	tw_init(&t);
	add_work_to_q(wq, &t.work);
	bg_work(&c, wait_for_work, &t.work);
	sleep_ms(20);
	early = LOAD(&c.done);
	gate_open(&g);
	rc = bg_join(&c);
	for (int i = 0; i < 5; i++)
		ran_before += tw_runs(&before[i]);
	ok(!early && rc == 0 && tw_runs(&t) == 1 && ran_before == 5,
	   "wait_for_work() of an item pending behind others waits until it ran");
	destroy_workqueue(wq);
}

/* wait_for_work() ignores adds made after it was called: it returns. */
static void test_flush_work_chain_returns(void)
{
	struct workqueue_struct *wq = new_wq("fl-chain", WQ_UNBOUND, 0);
	struct tw t;
	int rounds = (int)tap_scale(2000), bad = 0;

	tw_init(&t);
	for (int i = 0; i < rounds; i++) {
		bad += add_work_to_q(wq, &t.work) != 0;
		bad += wait_for_work(&t.work) != 0;
		/* Only this thread adds, so each add has run by now. */
		bad += tw_runs(&t) != i + 1;
	}
	is_int(bad, 0, "wait_for_work() after each add returns once it ran (%d rounds)",
	       rounds);
	destroy_workqueue(wq);
}

/* --- waits from inside work items ---------------------------------------- */

struct self_wait {
	struct work_struct work;
	struct workqueue_struct *wq;	/* the item's own queue */
	struct workqueue_struct *other;	/* another queue, or NULL */
	struct tw *other_item;		/* added to @other, then flushed */
	int flush_self;			/* A: wait_for_work(self) */
	int flush_own_wq;		/* A: flush_workqueue(own) */
	int drain_own_wq;		/* A: drain_workqueue(own) */
	int flush_other_wq;		/* A */
	int flush_other_item;		/* A */
	int done;			/* A */
};

static void self_wait_fn(struct work_struct *work)
{
	struct self_wait *s = container_of(work, struct self_wait, work);

	STORE(&s->flush_self, wait_for_work(work));
	STORE(&s->flush_own_wq, flush_workqueue(s->wq));
	STORE(&s->drain_own_wq, drain_workqueue(s->wq));
	if (s->other) {
		int cpu = sched_getcpu();

		add_work_to_q_on(cpu, s->other, &s->other_item->work);
		STORE(&s->flush_other_item, wait_for_work(&s->other_item->work));
		add_work_to_q_on(cpu, s->other, &s->other_item->work);
		STORE(&s->flush_other_wq, flush_workqueue(s->other));
	}
	STORE(&s->done, 1);
}

static void self_wait(const char *what, struct workqueue_struct *wq,
		      struct workqueue_struct *other)
{
	struct self_wait s = { .wq = wq, .other = other };
	struct tw t;

	tw_init(&t);
	s.other_item = &t;
	INIT_WORK(&s.work, self_wait_fn);
	add_work_to_q_on(cpus[0], wq, &s.work);
	ok(wait_for(&s.done, 1, 20000), "an item waiting on its own queue does not hang (%s)",
	   what);
	wait_for_work(&s.work);
	is_int(LOAD(&s.flush_self), -EDEADLK,
	       "wait_for_work() from the item itself returns -EDEADLK (%s)", what);
	is_int(LOAD(&s.flush_own_wq), -EDEADLK,
	       "flush_workqueue() from an item of that queue returns -EDEADLK (%s)",
	       what);
	is_int(LOAD(&s.drain_own_wq), -EDEADLK,
	       "drain_workqueue() from an item of that queue returns -EDEADLK (%s)",
	       what);
	if (!other)
		return;
	ok(LOAD(&s.flush_other_item) == 0 && LOAD(&s.flush_other_wq) == 0 &&
	   tw_runs(&t) == 2,
	   "an item can flush an item and a queue of another queue on its own cpu (%s)",
	   what);
}

static void test_self_wait(void)
{
	struct workqueue_struct *a = new_wq("fl-a", 0, 1);
	struct workqueue_struct *b = new_wq("fl-b", 0, 1);
	struct workqueue_struct *o = new_ordered("fl-o");
	struct workqueue_struct *o2 = new_ordered("fl-o2");

	self_wait("bound, max_active 1, other bound", a, b);
	self_wait("system_wq, other bound", system_wq, b);
	self_wait("ordered, other ordered", o, o2);
	self_wait("bound, other system_wq", a, system_wq);
	destroy_workqueue(o2);
	destroy_workqueue(o);
	destroy_workqueue(b);
	destroy_workqueue(a);
}

/* --- flush_workqueue() --------------------------------------------------- */

static void flush_wq_all(const char *what, struct workqueue_struct *wq)
{
	int n = (int)tap_scale(500), done = 0, errs = 0, rc;
	struct tw *t = calloc(n, sizeof(*t));

	for (int i = 0; i < n; i++) {
		tw_init(&t[i]);
		t[i].sleep_us = i % 50 == 0 ? 2000 : 0;
		errs += add_work_to_q_on(cpus[i % nr_cpus], wq, &t[i].work);
	}
	rc = flush_workqueue(wq);
	for (int i = 0; i < n; i++)
		done += tw_runs(&t[i]);
	ok(errs == 0 && rc == 0 && done == n,
	   "flush_workqueue() waits for all %d items queued before it (%s)",
	   n, what);
	if (done != n)
		diag("%d of %d had run", done, n);
	free(t);
}

static void test_flush_workqueue(void)
{
	struct workqueue_struct *b = new_wq("fq-b", 0, 0);
	struct workqueue_struct *u = new_wq("fq-u", WQ_UNBOUND, 4);
	struct workqueue_struct *o = new_ordered("fq-o");

	flush_wq_all("bound", b);
	flush_wq_all("unbound", u);
	flush_wq_all("ordered", o);
	flush_wq_all("system_wq", system_wq);
	waits_for_running("bound", b, true);
	waits_for_running("unbound", u, true);
	waits_for_running("bound", b, false);
	waits_for_running("unbound", u, false);
	ok(flush_workqueue(b) == 0 && flush_workqueue(u) == 0,
	   "flush_workqueue() of an idle queue returns 0");
	destroy_workqueue(o);
	destroy_workqueue(u);
	destroy_workqueue(b);
}

/* --- drain_workqueue() and destroy_workqueue() ---------------------------- */

struct chain {
	struct work_struct work;
	struct workqueue_struct *wq;
	struct gate *gate;	/* the first run waits here */
	long sleep_us;		/* each run sleeps this long */
	int n;			/* runs wanted */
	int runs;		/* A */
	int errs;		/* A: chained adds that did not return 0 */
};

static void chain_fn(struct work_struct *work)
{
	struct chain *c = container_of(work, struct chain, work);
	int runs;

	if (c->gate && LOAD(&c->runs) == 0)
		gate_wait(c->gate);
	if (c->sleep_us)
		sleep_us(c->sleep_us);
	runs = INC(&c->runs);
	if (runs < c->n && add_work_to_q(c->wq, work) != 0)
		INC(&c->errs);
}

static void chain_init(struct chain *c, struct workqueue_struct *wq, int n,
		       struct gate *g)
{
	memset(c, 0, sizeof(*c));
	INIT_WORK(&c->work, chain_fn);
	c->wq = wq;
	c->n = n;
	c->gate = g;
}

/*
 * Start @fn (drain or destroy) on @wq while a chain is held at a gate; keep
 * adding an outside item until the add is refused with -ESHUTDOWN (it must
 * be, since the call cannot finish while the gate is shut); then let the
 * chain run.  Each accepted outside add is cancelled at once, so the item is
 * never found pending (-EBUSY) however long the pool takes to run it; what
 * the cancel could not remove must run: *@added counts those.
 */
static int shutdown_refuses(struct workqueue_struct *wq,
			    int (*fn)(struct workqueue_struct *wq),
			    struct chain *c, struct tw *outside, int *added,
			    bool *early)
{
	struct gate g = { 0 };
	struct bg_call call;
	long long end;
	int r = 0;

	chain_init(c, wq, (int)tap_scale(500), &g);
	tw_init(outside);
	*added = 0;
	add_work_to_q(wq, &c->work);
	wait_for(&g.entered, 1, 10000);
	bg_wq(&call, fn, wq);
	end = tap_now_ns() + 10000000000LL;
	while (tap_now_ns() < end) {
		r = add_work_to_q(wq, &outside->work);
		if (r == 0 && remove_work(&outside->work) != 0)
			(*added)++;
		if (r != 0 && r != -EBUSY)
			break;
		sleep_us(500);
	}
	*early = LOAD(&call.done);
	gate_open(&g);
	bg_join(&call);
	return r;
}

static void test_drain(void)
{
	struct workqueue_struct *wq = new_wq("drain", WQ_UNBOUND, 0);
	struct chain c;
	struct tw outside;
	bool early;
	int added, r, rc;

	/* Slow links, so that no single flush can outlast the chain. */
	chain_init(&c, wq, (int)tap_scale(200), NULL);
	c.sleep_us = 100;
	add_work_to_q(wq, &c.work);
	rc = drain_workqueue(wq);
	ok(rc == 0 && LOAD(&c.runs) == c.n && LOAD(&c.errs) == 0,
	   "drain_workqueue() returns once a chain of %d self re-adds has all run",
	   c.n);

	r = shutdown_refuses(wq, drain_workqueue, &c, &outside, &added,
			     &early);
	is_int(r, -ESHUTDOWN,
	       "an outside add while drain_workqueue() runs returns -ESHUTDOWN");
	ok(!early, "drain_workqueue() does not return while the chain is held");
	ok(LOAD(&c.runs) == c.n && LOAD(&c.errs) == 0,
	   "chained adds from the queue's own item succeed during the drain");
	ok(tw_runs(&outside) == added,
	   "guarantee 1: outside adds accepted before the drain and not cancelled all ran (%d)",
	   added);
	tw_init(&outside);
	ok(add_work_to_q(wq, &outside.work) == 0 &&
	   wait_for_work(&outside.work) == 0 && tw_runs(&outside) == 1,
	   "after drain_workqueue() the queue accepts work again");
	ok(drain_workqueue(wq) == 0, "drain_workqueue() of an idle queue returns 0");
	destroy_workqueue(wq);
}

static void destroy_loses_nothing(const char *what, unsigned int flags,
				  bool ordered)
{
	int n = (int)tap_scale(2000), done = 0, errs = 0;
	struct workqueue_struct *wq = ordered ? new_ordered(what) :
					new_wq(what, flags, 0);
	struct tw *t = calloc(n, sizeof(*t));
	struct chain c;

	chain_init(&c, wq, (int)tap_scale(300), NULL);
	errs += add_work_to_q(wq, &c.work) != 0;
	for (int i = 0; i < n; i++) {
		tw_init(&t[i]);
		t[i].sleep_us = i % 200 == 0 ? 1000 : 0;
		errs += add_work_to_q_on(cpus[i % nr_cpus], wq,
					 &t[i].work) != 0;
	}
	destroy_workqueue(wq);
	for (int i = 0; i < n; i++)
		done += tw_runs(&t[i]);
	ok(errs == 0 && done == n && LOAD(&c.runs) == c.n,
	   "guarantee 1: destroy_workqueue() runs all %d queued items and a %d-long chain (%s)",
	   n, c.n, what);
	if (done != n || LOAD(&c.runs) != c.n)
		diag("%d of %d items, chain %d of %d", done, n,
		     LOAD(&c.runs), c.n);
	free(t);
}

static void test_destroy(void)
{
	struct chain c;
	struct tw outside;
	bool early;
	int added, r;

	destroy_loses_nothing("bound", 0, false);
	destroy_loses_nothing("unbound", WQ_UNBOUND, false);
	destroy_loses_nothing("ordered", 0, true);
	destroy_loses_nothing("highpri", WQ_HIGHPRI, false);

	r = shutdown_refuses(new_wq("destroy", 0, 0), NULL, &c, &outside,
			     &added, &early);
	is_int(r, -ESHUTDOWN,
	       "an outside add while destroy_workqueue() runs returns -ESHUTDOWN");
	ok(!early && LOAD(&c.runs) == c.n && LOAD(&c.errs) == 0 &&
	   tw_runs(&outside) == added,
	   "destroy_workqueue() waits for the held chain, which completes, and runs the accepted outside adds");
	destroy_workqueue(NULL);
	ok(1, "destroy_workqueue(NULL) does nothing");
}

int main(void)
{
	tap_watchdog(60);
	nr_cpus = allowed_cpus(cpus, CPU_SETSIZE);
	plan(47);
	test_flush_work_idle();
	test_flush_work_pending();
	test_flush_work_chain_returns();
	test_self_wait();
	test_flush_workqueue();
	test_drain();
	test_destroy();
	return done_testing();
}
