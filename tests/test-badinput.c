// SPDX-License-Identifier: MIT
/*
 * Bad input: every misuse the API can detect cheaply returns -EINVAL (or,
 * for constructors, NULL with errno EINVAL), and changes nothing.
 *
 * "Changes nothing" is checked on three things the bad calls are made
 * around: an item that is pending (it stays pending and runs exactly once
 * when let through), an idle item (it is never queued, never runs), and a
 * backlog of queued items (none is lost).  A zeroed item stays all zero.
 *
 * To have a CPU the process may not use even on a small machine, main()
 * narrows its own affinity to one CPU before kwq's first use, so kwq sees a
 * one-CPU process and every other CPU is out of bounds for it.
 */
#include "util.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

#define BACKLOG 100

static int first_cpu;
static int excluded_cpu = -1;	/* a CPU the machine has but we may not use */

static void alloc_fails(const char *what, struct workqueue_struct *wq)
{
	int err = errno;

	ok(!wq && err == EINVAL, "%s returns NULL with errno EINVAL", what);
	if (wq) {
		diag("it returned a queue");
		destroy_workqueue(wq);
	} else if (err != EINVAL) {
		diag("errno %d (%s)", err, strerror(err));
	}
}

static void test_alloc(void)
{
	struct workqueue_struct *wq;

	errno = 0;
	alloc_fails("alloc_workqueue(NULL fmt)", alloc_workqueue(NULL, 0, 0));
	errno = 0;
	alloc_fails("alloc_workqueue(flags 1u << 30)",
		    alloc_workqueue("bad", 1u << 30, 0));
	errno = 0;
	alloc_fails("alloc_workqueue(flags 1u << 0)",
		    alloc_workqueue("bad", 1u << 0, 0));
	errno = 0;
	alloc_fails("alloc_workqueue(max_active -1)",
		    alloc_workqueue("bad", 0, -1));
	errno = 0;
	alloc_fails("alloc_workqueue(max_active WQ_MAX_ACTIVE + 1)",
		    alloc_workqueue("bad", 0, WQ_MAX_ACTIVE + 1));
	errno = 0;
	alloc_fails("alloc_workqueue(WQ_UNBOUND, max_active INT_MAX)",
		    alloc_workqueue("bad", WQ_UNBOUND, INT_MAX));
	errno = 0;
	alloc_fails("alloc_ordered_workqueue(NULL fmt)",
		    alloc_ordered_workqueue(NULL, 0));
	errno = 0;
	alloc_fails("alloc_ordered_workqueue(flags 1u << 30)",
		    alloc_ordered_workqueue("bad", 1u << 30));

	wq = alloc_workqueue("edge-%d", WQ_UNBOUND, WQ_MAX_ACTIVE, 1);
	ok(wq != NULL, "alloc_workqueue(max_active WQ_MAX_ACTIVE) succeeds");
	destroy_workqueue(wq);
	wq = alloc_workqueue("edge-%s", 0, 0, "zero");
	ok(wq != NULL, "alloc_workqueue(max_active 0) succeeds");
	destroy_workqueue(wq);

	errno = 0;
	ok(kwq_system_queue(KWQ_NR_SYSTEM_QUEUES) == NULL && errno == EINVAL,
	   "kwq_system_queue(KWQ_NR_SYSTEM_QUEUES) returns NULL, errno EINVAL");
	errno = 0;
	ok(kwq_system_queue((enum kwq_system_queue)-1) == NULL &&
	   errno == EINVAL, "kwq_system_queue(-1) returns NULL, errno EINVAL");
}

static void expect_einval(int got, const char *what)
{
	is_int(got, -EINVAL, "%s returns -EINVAL", what);
}

/*
 * Bad cpus against one queue, with a pending item @p and an idle item @q:
 * each call must be refused.
 */
static void bad_cpus(const char *qname, struct workqueue_struct *wq,
		     struct work_struct *p, struct work_struct *q)
{
	int bad[] = { -1, -2, 100000, CPU_SETSIZE, INT_MAX, INT_MIN,
		      excluded_cpu };
	int n = excluded_cpu >= 0 ? 7 : 6, wrong = 0;

	for (int i = 0; i < n; i++) {
		int r1 = add_work_to_q_on(bad[i], wq, p);
		int r2 = add_work_to_q_on(bad[i], wq, q);

		if (r1 != -EINVAL || r2 != -EINVAL) {
			diag("cpu %d: pending item %d, idle item %d", bad[i],
			     r1, r2);
			wrong++;
		}
	}
	ok(wrong == 0,
	   "add_work_to_q_on(%s) with cpus -1, -2, 100000, CPU_SETSIZE, INT_MAX, INT_MIN%s returns -EINVAL",
	   qname, excluded_cpu >= 0 ? " and one outside the affinity" : "");
}

static void test_bad_adds(void)
{
	struct workqueue_struct *ord = new_ordered("bad-o");
	struct workqueue_struct *bound = new_wq("bad-b", 0, 0);
	struct workqueue_struct *ub = new_wq("bad-u", WQ_UNBOUND, 0);
	struct tw blocker, p, q, backlog[BACKLOG];
	struct work_struct z, zero;
	int lost = 0, wrong = 0;
	struct gate g;

	if (block_ordered(ord, &blocker, &g))
		bail_out("cannot block the ordered queue");
	tw_init(&p);
	tw_init(&q);
	for (int i = 0; i < BACKLOG; i++) {
		tw_init(&backlog[i]);
		add_work_to_q(ord, &backlog[i].work);
	}
	if (add_work_to_q(ord, &p.work))
		bail_out("cannot queue the pending item");
	memset(&z, 0, sizeof(z));
	memset(&zero, 0, sizeof(zero));

	expect_einval(add_work_to_q(NULL, &p.work), "add_work_to_q(NULL, pending item)");
	expect_einval(add_work_to_q(NULL, &q.work), "add_work_to_q(NULL, idle item)");
	expect_einval(add_work_to_q_on(first_cpu, NULL, &q.work), "add_work_to_q_on(cpu, NULL, item)");
	expect_einval(add_work_to_q(ord, NULL), "add_work_to_q(wq, NULL)");
	expect_einval(add_work_to_q_on(first_cpu, ord, NULL), "add_work_to_q_on(cpu, wq, NULL)");
	expect_einval(add_work(NULL), "add_work(NULL)");
	expect_einval(add_work_on(first_cpu, NULL), "add_work_on(cpu, NULL)");
	expect_einval(add_work_to_q(ord, &z), "add_work_to_q(wq, zeroed item)");
	expect_einval(add_work_to_q(bound, &z), "add_work_to_q(bound wq, zeroed item)");
	expect_einval(add_work_to_q_on(first_cpu, ub, &z), "add_work_to_q_on(cpu, unbound wq, zeroed item)");
	expect_einval(add_work(&z), "add_work(zeroed item)");
	expect_einval(add_work_on(first_cpu, &z), "add_work_on(cpu, zeroed item)");
	bad_cpus("an ordered queue", ord, &p.work, &q.work);
	bad_cpus("a bound queue", bound, &p.work, &q.work);
	bad_cpus("an unbound queue", ub, &p.work, &q.work);
	bad_cpus("system_wq", system_wq, &p.work, &q.work);
	for (int cpu = -1; cpu <= 1; cpu += 2) {
		wrong += add_work_on(cpu < 0 ? -1 : 100000, &p.work) != -EINVAL;
		wrong += add_work_on(cpu < 0 ? -1 : 100000, &q.work) != -EINVAL;
	}
	if (excluded_cpu >= 0)
		wrong += add_work_on(excluded_cpu, &q.work) != -EINVAL;
	is_int(wrong, 0, "add_work_on() with a bad cpu returns -EINVAL");

	ok(memcmp(&z, &zero, sizeof(z)) == 0,
	   "the zeroed item is still all zero");
	ok(work_pending(&p.work) && tw_runs(&p) == 0,
	   "the pending item is still pending after the bad calls");
	ok(!work_pending(&q.work),
	   "the idle item was not queued by the bad calls");
	is_int(add_work_to_q(ord, &p.work), -EBUSY,
	       "guarantee 2: a good add of the pending item still returns -EBUSY");
	gate_open(&g);
	flush_workqueue(ord);
	flush_workqueue(bound);
	flush_workqueue(ub);
	flush_workqueue(system_wq);
	sleep_ms(10);
	for (int i = 0; i < BACKLOG; i++)
		lost += tw_runs(&backlog[i]) != 1;
	is_int(tw_runs(&p), 1, "guarantee 1: the pending item ran exactly once");
	is_int(tw_runs(&q), 0, "the idle item never ran");
	is_int(lost, 0, "no queued item was lost or run twice");
	destroy_workqueue(ub);
	destroy_workqueue(bound);
	destroy_workqueue(ord);
}

static void test_bad_waits(void)
{
	struct work_struct z;

	memset(&z, 0, sizeof(z));
	expect_einval(wait_for_work(NULL), "wait_for_work(NULL)");
	expect_einval(wait_for_work(&z), "wait_for_work(zeroed item)");
	expect_einval(remove_work(NULL), "remove_work(NULL)");
	expect_einval(remove_work(&z), "remove_work(zeroed item)");
	expect_einval(remove_work_sync(NULL), "remove_work_sync(NULL)");
	expect_einval(remove_work_sync(&z), "remove_work_sync(zeroed item)");
	expect_einval(flush_workqueue(NULL), "flush_workqueue(NULL)");
	expect_einval(drain_workqueue(NULL), "drain_workqueue(NULL)");
	destroy_workqueue(NULL);
	ok(1, "destroy_workqueue(NULL) is ignored");
	ok(!current_is_workqueue_worker() && current_work() == NULL,
	   "outside a work item: not a worker, no current work");
}

/* Narrow this thread to one CPU before kwq's first use; see the top. */
static void narrow_affinity(void)
{
	int cpus[CPU_SETSIZE];
	int n = allowed_cpus(cpus, CPU_SETSIZE);
	cpu_set_t one;

	first_cpu = cpus[0];
	if (n < 2)
		return;
	CPU_ZERO(&one);
	CPU_SET(first_cpu, &one);
	if (sched_setaffinity(0, sizeof(one), &one) == 0)
		excluded_cpu = cpus[1];
}

int main(void)
{
	tap_watchdog(60);
	narrow_affinity();
	plan(46);
	test_alloc();
	test_bad_adds();
	test_bad_waits();
	if (excluded_cpu < 0)
		diag("one CPU only: no CPU outside the affinity to try");
	return done_testing();
}
