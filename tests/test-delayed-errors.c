// SPDX-License-Identifier: MIT
/*
 * Delayed work that cannot be done: the old void names (queue_delayed_work
 * & co.) warn once per call site through the warn handler, and every call
 * that takes a delayed item returns -EINVAL for bad input (a NULL, zeroed or
 * INIT_WORK() item, a NULL queue, a CPU this process may not run on),
 * changing nothing.
 *
 * Every run of a struct tdw (tests/dwork.h) also checks guarantee 7.
 */
#include "dwork.h"
#include "warnlog.h"

#include <limits.h>

static int cpus[CPU_SETSIZE];
static int nr_cpus;

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
	plan(11);
	test_old_names();
	test_bad_input();
	return done_testing();
}
