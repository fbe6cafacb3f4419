// SPDX-License-Identifier: MIT
/*
 * The worker threads: they are named kwq/..., they tell a work item who it
 * is (current_work(), current_is_workqueue_worker()) and tell other threads
 * that they are not workers, and idle workers beyond one per pool retire.
 *
 * Retirement is timed by KWQ_IDLE_TIMEOUT_MS, read at kwq's first use, so
 * main() sets it before anything else.  Extra workers are made the one way
 * that does not depend on timing: items that wait inside kwq (wait_for_work()
 * of a gated item) stop counting against their pool, so the pool starts
 * another worker for the next item.  How many it starts is not asserted;
 * that none is left idle beyond the first, once the timeout has passed, is.
 */
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

#define IDLE_TIMEOUT_MS 100

/* --- names and identity ------------------------------------------------- */

struct who {
	struct work_struct work;
	char name[32];
	int is_worker;
	struct work_struct *current;
};

static void who_fn(struct work_struct *work)
{
	struct who *w = container_of(work, struct who, work);

	pthread_getname_np(pthread_self(), w->name, sizeof(w->name));
	w->is_worker = current_is_workqueue_worker();
	w->current = current_work();
}

static void identity(const char *what, struct workqueue_struct *wq)
{
	struct who a = { .is_worker = 0 }, b = { .is_worker = 0 };

	INIT_WORK(&a.work, who_fn);
	INIT_WORK(&b.work, who_fn);
	add_work_to_q(wq, &a.work);
	add_work_to_q(wq, &b.work);
	flush_workqueue(wq);
	ok(strncmp(a.name, "kwq/", 4) == 0 && strncmp(b.name, "kwq/", 4) == 0,
	   "worker threads are named kwq/... (%s: %s)", what, a.name);
	ok(a.is_worker && b.is_worker && a.current == &a.work &&
	   b.current == &b.work,
	   "inside an item: current_is_workqueue_worker() and current_work() is that item (%s)",
	   what);
}

static void *outsider(void *p)
{
	int *r = p;

	*r = !current_is_workqueue_worker() && current_work() == NULL;
	return NULL;
}

static void test_identity(void)
{
	struct workqueue_struct *u = new_wq("who-u", WQ_UNBOUND, 0);
	struct workqueue_struct *h = new_wq("who-h", WQ_HIGHPRI, 0);
	struct workqueue_struct *o = new_ordered("who-o");
	int r = 0;

	identity("system_wq", system_wq);
	identity("an unbound queue", u);
	identity("a WQ_HIGHPRI queue", h);
	identity("an ordered queue", o);
	ok(!current_is_workqueue_worker() && current_work() == NULL,
	   "the main thread is no worker and has no current work");
	run_threads(1, outsider, &r, sizeof(r));
	ok(r, "another thread of the program is no worker either");
	destroy_workqueue(o);
	destroy_workqueue(h);
	destroy_workqueue(u);
}

/* --- idle retirement ----------------------------------------------------- */

struct waiter {
	struct work_struct work;
	struct work_struct *target;
	int done;	/* A */
};

static void waiter_fn(struct work_struct *work)
{
	struct waiter *w = container_of(work, struct waiter, work);

	wait_for_work(w->target);
	STORE(&w->done, 1);
}

#define NR_WAITERS 6

/*
 * Fill @wq's pool for @cpu with items that wait in wait_for_work() for an item
 * held at a gate on another queue, then let them all go.
 */
static void crowd(struct workqueue_struct *wq, int cpu,
		  struct workqueue_struct *other)
{
	struct waiter w[NR_WAITERS];
	struct gate g = { 0 };
	struct tw held;
	int done = 0;

	tw_init(&held);
	held.gate = &g;
	add_work_to_q(other, &held.work);
	wait_for(&g.entered, 1, 10000);
	for (int i = 0; i < NR_WAITERS; i++) {
		INIT_WORK(&w[i].work, waiter_fn);
		w[i].target = &held.work;
		w[i].done = 0;
		if (cpu >= 0)
			add_work_to_q_on(cpu, wq, &w[i].work);
		else
			add_work_to_q(wq, &w[i].work);
	}
	sleep_ms(30);
	gate_open(&g);
	flush_workqueue(wq);
	for (int i = 0; i < NR_WAITERS; i++)
		done += LOAD(&w[i].done);
	if (done != NR_WAITERS)
		diag("only %d waiters finished", done);
}

static void test_retirement(void)
{
	struct workqueue_struct *u = new_wq("crowd-u", WQ_UNBOUND, 0);
	struct workqueue_struct *other = new_wq("crowd-x", WQ_UNBOUND, 0);
	int cpus[CPU_SETSIZE], n = allowed_cpus(cpus, CPU_SETSIZE);
	struct worker_pools before, after;
	long long end;
	bool kept = true;
	struct tw t;

	for (int i = 0; i < n && i < 4; i++)
		crowd(system_wq, cpus[i], other);
	crowd(u, -1, other);
	count_pool_workers(&before);
	diag("after the crowd: %d pools, at most %d workers in one", before.n,
	     most_pool_workers(&before));
	end = tap_now_ns() + 10000000000LL;
	do {
		sleep_ms(IDLE_TIMEOUT_MS / 2);
		count_pool_workers(&after);
	} while (most_pool_workers(&after) > 1 && tap_now_ns() < end);
	for (int i = 0; i < after.n; i++)
		if (after.workers[i] > 1)
			diag("pool %s still has %d workers", after.name[i],
			     after.workers[i]);
	ok(most_pool_workers(&after) <= 1,
	   "idle workers beyond one per pool retire after KWQ_IDLE_TIMEOUT_MS");
	for (int i = 0; i < before.n; i++) {
		int j;

		for (j = 0; j < after.n && strcmp(after.name[j],
						  before.name[i]); j++)
			;
		if (j == after.n) {
			diag("pool %s has no worker left", before.name[i]);
			kept = false;
		}
	}
	ok(kept && before.n > 0, "every pool keeps one worker");
	tw_init(&t);
	ok(add_work_to_q(u, &t.work) == 0 && wait_for_work(&t.work) == 0 &&
	   add_work_on(cpus[0], &t.work) == 0 && wait_for_work(&t.work) == 0 &&
	   tw_runs(&t) == 2, "work still runs after the workers retired");
	destroy_workqueue(other);
	destroy_workqueue(u);
}

int main(void)
{
	char ms[16];

	snprintf(ms, sizeof(ms), "%d", IDLE_TIMEOUT_MS);
	setenv("KWQ_IDLE_TIMEOUT_MS", ms, 1);
	tap_watchdog(60);
	plan(13);
	test_identity();
	test_retirement();
	return done_testing();
}
