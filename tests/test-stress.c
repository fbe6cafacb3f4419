// SPDX-License-Identifier: MIT
/*
 * Stress: many threads add, arm, cancel and flush immediate and delayed items
 * at random on bound, unbound, ordered and high-priority queues, and every
 * run is accounted for exactly (design.md guarantees 1, 2, 4 and 8):
 *
 *   1. after a final flush and drain, runs == adds that returned 0 - cancels
 *      that returned 0, for every item;
 *   2. every call returns one of its documented values (-EBUSY when pending);
 *   4. no item ever runs concurrently with itself, including an item added
 *      to several queues at once;
 *   8. after cancel_*_sync() of an item only its own thread touches, the item
 *      is neither pending nor running, and it does not run again until that
 *      thread adds it again.
 *
 * rearm_delayed_work() returns 0 whether or not it replaced a pending instance,
 * so its runs cannot be counted exactly: it is used only on items of their
 * own, checked for overlap and for being idle after the final flush.
 */
#include "dwork.h"

#include <stdlib.h>

#define NR_THREADS	4
#define NR_QUEUES	4
#define NR_SHARED	48	/* items every thread uses */
#define NR_MOD		8	/* items only rearm_delayed_work() arms */

enum kind {
	IMM,		/* a work item, always on its own queue */
	DLY,		/* a delayed item, always on its own queue */
	ROAM_IMM,	/* a work item added to any queue */
	ROAM_DLY,	/* a delayed item armed on any queue */
	MOD,		/* a delayed item armed only by rearm_delayed_work() */
};

struct sitem {
	struct tdw t;
	enum kind kind;
	int q;		/* its queue, for IMM, DLY and MOD */
	int adds;	/* A: adds that returned 0 */
	int cancels;	/* A: cancels that returned 0 */
};

static struct workqueue_struct *wqs[NR_QUEUES];
static const char *const wq_names[NR_QUEUES] = {
	"bound", "unbound", "ordered", "highpri",
};
static bool wq_bound[NR_QUEUES] = { true, false, false, true };

static int cpus[CPU_SETSIZE];
static int nr_cpus;

static void make_queues(void)
{
	wqs[0] = new_wq("s-bound", 0, 2);
	wqs[1] = new_wq("s-unbound", WQ_UNBOUND, 3);
	wqs[2] = new_ordered("s-ordered");
	wqs[3] = new_wq("s-highpri", WQ_HIGHPRI, 0);
}

static void sitem_init(struct sitem *s, enum kind kind, int q, long sleep)
{
	memset(s, 0, sizeof(*s));
	tdw_init(&s->t);
	if (kind == IMM || kind == ROAM_IMM)
		INIT_WORK(&s->t.dw.work, tdw_fn);
	s->kind = kind;
	s->q = q;
	s->t.sleep_us = sleep;
}

/* --- one thread's work --------------------------------------------------- */

struct worker_args {
	struct sitem *shared;	/* NR_SHARED + NR_MOD items */
	struct sitem own[2];	/* an IMM and a DLY item only this thread uses */
	int own_runs[2];	/* runs of own[k] when its last cancel_sync returned */
	bool own_quiet[2];	/* no add of own[k] since that cancel_sync */
	int pin;		/* the CPU to pin to, or -1 */
	long loops;
	unsigned int seed;
	int odd;		/* returns outside the documented set */
	int g8;			/* guarantee 8 violations on own items */
};

static int add_one(struct worker_args *a, struct sitem *s)
{
	unsigned int *seed = &a->seed;
	int q = s->kind == ROAM_IMM || s->kind == ROAM_DLY ?
		(int)(rand_r(seed) % NR_QUEUES) : s->q;
	struct workqueue_struct *wq = wqs[q];
	int cpu = cpus[rand_r(seed) % nr_cpus];
	bool on = wq_bound[q] && rand_r(seed) % 2;
	unsigned long delay = rand_r(seed) % 4;
	struct work_struct *w = &s->t.dw.work;

	switch (s->kind) {
	case IMM:
	case ROAM_IMM:
		return on ? add_work_to_q_on(cpu, wq, w) : add_work_to_q(wq, w);
	case MOD:
		return on ? rearm_delayed_work_on(cpu, wq, &s->t.dw, delay) :
			rearm_delayed_work(wq, &s->t.dw, delay);
	default:
		/* Now and then, the work member added at once. */
		if (rand_r(seed) % 8 == 0)
			return add_work_to_q(wq, w);
		return on ? add_delayed_work_to_q_on(cpu, wq, &s->t.dw, delay) :
			add_delayed_work_to_q(wq, &s->t.dw, delay);
	}
}

static bool is_delayed(const struct sitem *s)
{
	return s->kind != IMM && s->kind != ROAM_IMM;
}

static int cancel_one(struct sitem *s, bool sync, unsigned int *seed)
{
	struct work_struct *w = &s->t.dw.work;

	/* A delayed item may be cancelled through its work member too. */
	if (!is_delayed(s) || rand_r(seed) % 4 == 0)
		return sync ? remove_work_sync(w) : remove_work(w);
	return sync ? remove_delayed_work_sync(&s->t.dw) :
		remove_delayed_work(&s->t.dw);
}

static int flush_one(struct sitem *s)
{
	return is_delayed(s) ? wait_for_delayed_work(&s->t.dw) :
		wait_for_work(&s->t.dw.work);
}

/* One random operation on @s; @own is its index in a->own, or -1. */
static void operate(struct worker_args *a, struct sitem *s, int own)
{
	int op = (int)(rand_r(&a->seed) % 100), rc;

	if (op < 55) {
		if (own >= 0 && a->own_quiet[own]) {
			/* Guarantee 8: nothing ran since the cancel_sync. */
			a->g8 += tdw_runs(&s->t) != a->own_runs[own];
			a->own_quiet[own] = false;
		}
		rc = add_one(a, s);
		if (rc == 0)
			INC(&s->adds);
		else if (rc != -EBUSY)
			a->odd++;
	} else if (op < 85) {
		bool sync = op >= 75;

		rc = cancel_one(s, sync, &a->seed);
		if (rc == 0)
			INC(&s->cancels);
		else if (rc != -ENOENT)
			a->odd++;
		if (sync && own >= 0) {
			a->g8 += delayed_work_pending(&s->t.dw) ||
				LOAD(&s->t.in) != 0;
			a->own_runs[own] = tdw_runs(&s->t);
			a->own_quiet[own] = true;
		}
	} else if (op < 97) {
		a->odd += flush_one(s) != 0;
	} else {
		int q = s->kind == ROAM_IMM || s->kind == ROAM_DLY ?
			(int)(rand_r(&a->seed) % NR_QUEUES) : s->q;

		a->odd += flush_workqueue(wqs[q]) != 0;
	}
}

static void *worker_main(void *p)
{
	struct worker_args *a = p;

	if (a->pin >= 0 && pin_self(a->pin))
		bail_out("cannot pin to cpu %d", a->pin);
	for (long i = 0; i < a->loops; i++) {
		int k = (int)(rand_r(&a->seed) % (NR_SHARED + NR_MOD + 4));

		if (k < NR_SHARED + NR_MOD)
			operate(a, &a->shared[k], -1);
		else
			operate(a, &a->own[k % 2], k % 2);
		if (i % 256 == 0)
			sched_yield();
	}
	return NULL;
}

/* Flush what may still be armed or queued, then drain every queue. */
static void settle(struct sitem *items, int n)
{
	for (int i = 0; i < n; i++)
		flush_one(&items[i]);
	for (int q = 0; q < NR_QUEUES; q++)
		drain_workqueue(wqs[q]);
}

/* Check @items; returns how many break guarantee 1 (exact accounting). */
static int account(struct sitem *items, int n, int *pending, int *overlaps,
		   long *runs)
{
	int wrong = 0;

	for (int i = 0; i < n; i++) {
		struct sitem *s = &items[i];
		int r = tdw_runs(&s->t);

		*pending += delayed_work_pending(&s->t.dw) || LOAD(&s->t.in);
		*overlaps += LOAD(&s->t.overlaps);
		*runs += r;
		if (s->kind == MOD)
			continue;
		if (r != LOAD(&s->adds) - LOAD(&s->cancels)) {
			if (wrong < 4)
				diag("%s item %d (kind %d): %d runs, %d adds, %d cancels",
				     s->kind == ROAM_IMM || s->kind == ROAM_DLY ?
				     "roaming" : wq_names[s->q], i, s->kind,
				     r, LOAD(&s->adds), LOAD(&s->cancels));
			wrong++;
		}
	}
	return wrong;
}

static void test_mixed(void)
{
	struct sitem *shared = calloc(NR_SHARED + NR_MOD, sizeof(*shared));
	struct worker_args a[NR_THREADS];
	int wrong, pending = 0, overlaps = 0, odd = 0, g8 = 0, roam_wrong;
	long runs = 0;

	if (!shared)
		bail_out("no memory");
	/* Per queue: immediate and delayed items, a few of them slow. */
	for (int i = 0; i < NR_SHARED - 2; i++)
		sitem_init(&shared[i], i % 2 ? DLY : IMM, (i / 2) % NR_QUEUES,
			   i % 7 == 0 ? 50 : 0);
	sitem_init(&shared[NR_SHARED - 2], ROAM_IMM, -1, 20);
	sitem_init(&shared[NR_SHARED - 1], ROAM_DLY, -1, 20);
	for (int i = NR_SHARED; i < NR_SHARED + NR_MOD; i++)
		sitem_init(&shared[i], MOD, i % NR_QUEUES, i % 3 ? 0 : 30);

	memset(a, 0, sizeof(a));
	for (int i = 0; i < NR_THREADS; i++) {
		a[i].shared = shared;
		sitem_init(&a[i].own[0], IMM, i % NR_QUEUES, 10);
		sitem_init(&a[i].own[1], DLY, (i + 1) % NR_QUEUES, 10);
		/* Half the threads stay on one CPU, half roam. */
		a[i].pin = i % 2 ? -1 : cpus[(i / 2) % nr_cpus];
		a[i].loops = tap_scale(40000);
		a[i].seed = 1234u + (unsigned int)i;
	}
	run_threads(NR_THREADS, worker_main, a, sizeof(a[0]));

	settle(shared, NR_SHARED + NR_MOD);
	for (int i = 0; i < NR_THREADS; i++)
		settle(a[i].own, 2);
	wrong = account(shared, NR_SHARED - 2, &pending, &overlaps, &runs);
	roam_wrong = account(shared + NR_SHARED - 2, 2, &pending, &overlaps,
			     &runs);
	for (int i = 0; i < NR_THREADS; i++) {
		wrong += account(a[i].own, 2, &pending, &overlaps, &runs);
		odd += a[i].odd;
		g8 += a[i].g8;
	}
	account(shared + NR_SHARED, NR_MOD, &pending, &overlaps, &runs);

	is_int(wrong, 0,
	       "guarantee 1: runs == adds - cancels for every immediate and delayed item, on bound, unbound, ordered and highpri queues");
	is_int(roam_wrong, 0,
	       "guarantee 1: and for an immediate and a delayed item added to any of the four queues");
	is_int(odd, 0,
	       "guarantee 2: every add, cancel and flush returned a documented value");
	is_int(overlaps, 0,
	       "guarantee 4: no item ever ran concurrently with itself, across queues and with rearm_delayed_work()");
	is_int(g8, 0,
	       "guarantee 8: after cancel_*_sync() an item is idle, and does not run until added again");
	is_int(pending, 0,
	       "after wait_for_delayed_work() of every item and a drain, nothing is pending or running");
	diag("%ld runs in all", runs);
	for (int i = 0; i < NR_QUEUES; i++)
		destroy_workqueue(wqs[i]);
	free(shared);
}

/* --- one item, added to every queue at once ------------------------------ */

struct cross_args {
	struct sitem *s;
	long loops;
	unsigned int seed;
	int odd;
};

static void *cross_main(void *p)
{
	struct cross_args *c = p;
	struct worker_args a = { .seed = c->seed };

	for (long i = 0; i < c->loops; i++) {
		int rc = add_one(&a, c->s);

		if (rc == 0)
			INC(&c->s->adds);
		else if (rc != -EBUSY)
			c->odd++;
		sleep_us(rand_r(&a.seed) % 50);
	}
	return NULL;
}

/* Guarantee 4 across queues: NR_THREADS threads add one item to any queue. */
static void test_cross_queues(enum kind kind, const char *what)
{
	struct cross_args c[NR_THREADS];
	struct sitem s;
	int pending = 0, overlaps = 0, odd = 0, wrong;
	long runs = 0;

	make_queues();
	sitem_init(&s, kind, -1, 30);
	for (int i = 0; i < NR_THREADS; i++)
		c[i] = (struct cross_args){ .s = &s, .loops = tap_scale(3000),
					    .seed = 99u + (unsigned int)i };
	run_threads(NR_THREADS, cross_main, c, sizeof(c[0]));
	settle(&s, 1);
	wrong = account(&s, 1, &pending, &overlaps, &runs);
	for (int i = 0; i < NR_THREADS; i++)
		odd += c[i].odd;
	ok(overlaps == 0 && wrong == 0 && odd == 0 && pending == 0,
	   "guarantees 1, 4: %s added to four queues by %d threads at once runs once per add, never concurrently (%ld runs)",
	   what, NR_THREADS, runs);
	for (int i = 0; i < NR_QUEUES; i++)
		destroy_workqueue(wqs[i]);
}

int main(void)
{
	tap_watchdog(60);
	nr_cpus = allowed_cpus(cpus, CPU_SETSIZE);
	plan(8);
	test_cross_queues(ROAM_IMM, "one work item");
	test_cross_queues(ROAM_DLY, "one delayed item");
	make_queues();
	test_mixed();
	return done_testing();
}
