// SPDX-License-Identifier: MIT
/*
 * The manager (src/manager.c): items that block get other workers in their
 * place, items that only compute do not, idle workers retire down to one per
 * pool, and a pool that makes no progress is reported by the watchdog.
 *
 * The assertions are about what happens, not when: a blocking burst is a set
 * of items that each wait until all of them have started, which finishes only
 * if the pool lets them all run at once, and fails (after a long timeout)
 * otherwise.
 */
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

#define BURST 64

/* --- blocking items get company ----------------------------------------- */

static int burst_started, burst_release, burst_workers;

static void burst_fn(struct work_struct *work)
{
	(void)work;
	INC(&burst_started);
	/* Block until the whole burst runs at once, or give up. */
	wait_for(&burst_started, BURST, 20000);
	wait_for(&burst_release, 1, 20000);
}

static void test_blocking_burst(int cpu)
{
	struct work_struct *ws = calloc(BURST, sizeof(*ws));
	struct workqueue_struct *wq = new_wq("burst", 0, 0);
	char prefix[16];

	STORE(&burst_started, 0);
	STORE(&burst_release, 0);
	for (int i = 0; i < BURST; i++) {
		INIT_WORK(&ws[i], burst_fn);
		if (add_work_to_q_on(cpu, wq, &ws[i]))
			bail_out("add failed");
	}
	/*
	 * Count the pool's workers while the burst still blocks: once it is
	 * released they may retire at any time (the idle timeout is short),
	 * so a count taken after the flush would depend on the machine's load.
	 */
	wait_for(&burst_started, BURST, 20000);
	snprintf(prefix, sizeof(prefix), "kwq/%d:", cpu);
	STORE(&burst_workers, count_threads(prefix));
	STORE(&burst_release, 1);
	flush_workqueue(wq);
	is_int(LOAD(&burst_started), BURST,
	       "%d items blocking on one CPU's pool all ran at once", BURST);
	destroy_workqueue(wq);
	free(ws);
}

/* --- computing items do not --------------------------------------------- */

static int computing, most_computing;

static void compute_fn(struct work_struct *work)
{
	volatile unsigned long x = 0;
	long long end = tap_now_ns() + 3000000;

	(void)work;
	note_max(&most_computing, INC(&computing));
	while (tap_now_ns() < end)
		x++;
	DEC(&computing);
}

static void test_compute_not_oversubscribed(int cpu)
{
	struct work_struct ws[40];
	struct workqueue_struct *wq = new_wq("compute", 0, 0);

	for (size_t i = 0; i < ARRAY_SIZE(ws); i++) {
		INIT_WORK(&ws[i], compute_fn);
		if (add_work_to_q_on(cpu, wq, &ws[i]))
			bail_out("add failed");
	}
	flush_workqueue(wq);
	destroy_workqueue(wq);
	if (getenv("KWQ_TEST_QUICK")) {
		/* valgrind runs one thread at a time: the rest look asleep. */
		skip(1, "valgrind serialises threads");
		return;
	}
	is_int(LOAD(&most_computing), 1,
	       "items that only compute never run two at once on one CPU");
}

/* --- head-of-line: a blocked pool still runs a new item ------------------ */

static int trivial_ran;

static void sleeper_fn(struct work_struct *work)
{
	(void)work;
	wait_for(&trivial_ran, 1, 20000);
}

static void trivial_fn(struct work_struct *work)
{
	(void)work;
	STORE(&trivial_ran, 1);
}

static void test_head_of_line(int cpu)
{
	struct work_struct s1, s2, t;

	INIT_WORK(&s1, sleeper_fn);
	INIT_WORK(&s2, sleeper_fn);
	INIT_WORK(&t, trivial_fn);
	add_work_on(cpu, &s1);
	add_work_on(cpu, &s2);
	add_work_on(cpu, &t);
	wait_for_work(&s1);
	wait_for_work(&s2);
	ok(LOAD(&trivial_ran),
	   "an item behind two blocked ones runs while they still block");
}

/* --- idle workers retire -------------------------------------------------- */

static void test_idle_retirement(int cpu)
{
	char prefix[16];
	long long end;
	int n;

	snprintf(prefix, sizeof(prefix), "kwq/%d:", cpu);
	ok(LOAD(&burst_workers) > 1,
	   "the blocking burst gave CPU %d's pool extra workers", cpu);
	end = tap_now_ns() + 20000000000LL;
	while ((n = count_threads(prefix)) > 1 && tap_now_ns() < end)
		sleep_ms(20);
	is_int(n, 1, "idle workers retire down to one for the pool");
}

/* --- the watchdog ------------------------------------------------------- */

static int lockups;
static char lockup_msg[256];

static void catch_lockup(const struct kwq_warning *w)
{
	if (w->kind != KWQ_WARN_LOCKUP)
		return;
	/* Only the manager reports: write the text, then publish it. */
	if (!LOAD(&lockups))
		snprintf(lockup_msg, sizeof(lockup_msg), "%s", w->message);
	INC(&lockups);
}

static int victim_ran;

static void victim_fn(struct work_struct *work)
{
	(void)work;
	STORE(&victim_ran, 1);
}

static void hog_fn(struct work_struct *work)
{
	/* Bounded, so that a report that never comes fails the case and
	 * says why, rather than holding the flush until the test's alarm
	 * (CI saw that once, at a load of 10 on 2 CPUs). */
	long long end = tap_now_ns() + 60000000000LL;

	(void)work;
	/* Computes, so the manager rightly leaves the pool to it. */
	while (!LOAD(&lockups) && tap_now_ns() < end)
		;
}

static void test_watchdog(int cpu)
{
	struct workqueue_struct *wq = new_wq("stuckq", 0, 0);
	struct work_struct hog, victim;

	INIT_WORK(&hog, hog_fn);
	INIT_WORK(&victim, victim_fn);
	kwq_set_warn_handler(catch_lockup);
	is_int(kwq_set_watchdog_thresh(100), 0, "watchdog threshold 100 ms");
	add_work_to_q_on(cpu, wq, &hog);
	add_work_to_q_on(cpu, wq, &victim);
	flush_workqueue(wq);
	kwq_set_warn_handler(NULL);
	kwq_set_watchdog_thresh(30000);
	if (!is_int(LOAD(&lockups), 1, "a stuck pool is reported once"))
		diag("the item behind the hog %s", LOAD(&victim_ran) ?
		     "ran: the pool got a second worker" :
		     "never ran: nobody watched the stalled pool");
	ok(strstr(lockup_msg, "stuckq") != NULL,
	   "the report names the waiting queue: %s", lockup_msg);
	ok(strstr(lockup_msg, "stuck for") != NULL,
	   "the report says for how long");
	destroy_workqueue(wq);
}

int main(void)
{
	int cpus[2];

	tap_watchdog(120);
	plan(11);
	allowed_cpus(cpus, 2);
	is_int(kwq_set_idle_timeout(0), -EINVAL, "an idle timeout of 0: -EINVAL");
	is_int(kwq_set_idle_timeout(300), 0, "idle timeout set to 300 ms");
	test_blocking_burst(cpus[0]);
	test_idle_retirement(cpus[0]);
	test_compute_not_oversubscribed(cpus[0]);
	test_head_of_line(cpus[0]);
	test_watchdog(cpus[0]);
	return done_testing();
}
