// SPDX-License-Identifier: MIT
/*
 * The pop of a pwq's last pushed item, raced by a push.  A worker that
 * frees a slot takes the first pushed item (src/pool.c, pop_locked()); when
 * that item is the last, it puts the tail back to the head with a
 * compare-and-swap, and a push that took the item as its predecessor in
 * between makes that fail: the worker must then wait for the push's link
 * and keep the new item.  A producer hits that window about once in a
 * million adds, so this test opens it every time, on every serial and
 * small-max_active kind of queue: a hidden hook, called in the window,
 * adds items there.  Each case checks that the items added
 * in the window run exactly once and after the popped one, and that the
 * popped item, still pending, refuses an add.
 *
 * White-box: kwq__pop_last_hook is hidden, so this links libkwq.a.
 */
#include "../src/internal.h"
#include "util.h"

#define ROUNDS		20
#define NR_LATE		2

enum { POPPED = 10, LATE = 20 };	/* ids in the run log */

struct item {
	struct work_struct work;
	int id;
};

static struct workqueue_struct *wq;
static struct gate gate;
static struct item blockers[2], popped, late[NR_LATE];
static int run_log[8];
static int nr_runs;		/* A */
static int hook_calls;		/* A */
static int hook_ebusy;		/* A: the popped item's add was -EBUSY */
static int hook_added;		/* A */

static void item_fn(struct work_struct *work)
{
	struct item *it = container_of(work, struct item, work);
	int n = INC(&nr_runs) - 1;

	if (n < (int)ARRAY_SIZE(run_log))
		run_log[n] = it->id;
}

static void blocker_fn(struct work_struct *work)
{
	item_fn(work);
	gate_wait(&gate);
}

/* In the window, on the worker, with its pool lock held: push only. */
static void hook(struct kwq__pwq *pwq)
{
	(void)pwq;
	if (INC(&hook_calls) != 1)
		return;
	STORE(&hook_ebusy, add_work_to_q(wq, &popped.work) == -EBUSY);
	for (int i = 0; i < NR_LATE; i++)
		if (add_work_to_q(wq, &late[i].work) == 0)
			INC(&hook_added);
}

static void init_item(struct item *it, int id, void (*fn)(struct work_struct *))
{
	it->id = id;
	INIT_WORK(&it->work, fn);
}

/* The log: the blockers, then the popped item, then the late ones. */
static bool log_in_order(int nr_blockers)
{
	int n = nr_blockers;

	if (LOAD(&nr_runs) != nr_blockers + 1 + NR_LATE)
		return false;
	if (run_log[n++] != POPPED)
		return false;
	for (int i = 0; i < NR_LATE; i++)
		if (run_log[n++] != LATE + i)
			return false;
	return true;
}

static bool one_round(const struct wq_kind *k)
{
	int nr_blockers = k->max_active > 1 ? k->max_active : 1;
	bool ok_round;

	wq = new_kind_wq("pop", k);
	memset(&gate, 0, sizeof(gate));
	STORE(&nr_runs, 0);
	STORE(&hook_calls, 0);
	STORE(&hook_ebusy, 0);
	STORE(&hook_added, 0);
	for (int i = 0; i < nr_blockers; i++) {
		init_item(&blockers[i], i, blocker_fn);
		if (add_work_to_q(wq, &blockers[i].work))
			bail_out("could not add a blocker");
	}
	if (!wait_for(&gate.entered, nr_blockers, 10000))
		bail_out("the blockers did not start");
	init_item(&popped, POPPED, item_fn);
	for (int i = 0; i < NR_LATE; i++)
		init_item(&late[i], LATE + i, item_fn);
	/* Every slot is held: pushed, the last and only one. */
	if (add_work_to_q(wq, &popped.work))
		bail_out("could not add the popped item");
	kwq__pop_last_hook = hook;
	gate_open(&gate);
	/* Not a flush yet: it would settle the pushed item itself. */
	wait_for(&nr_runs, nr_blockers + 1 + NR_LATE, 10000);
	if (flush_workqueue(wq))
		bail_out("flush_workqueue failed");
	kwq__pop_last_hook = NULL;
	ok_round = LOAD(&hook_calls) >= 1 && LOAD(&hook_ebusy) &&
		   LOAD(&hook_added) == NR_LATE && log_in_order(nr_blockers);
	if (!ok_round)
		diag("%s: hook %d, -EBUSY %d, added %d, runs %d", k->name,
		     LOAD(&hook_calls), LOAD(&hook_ebusy), LOAD(&hook_added),
		     LOAD(&nr_runs));
	destroy_workqueue(wq);
	return ok_round;
}

int main(void)
{
	size_t nr_kinds;
	const struct wq_kind *kinds = small_kinds(&nr_kinds);
	cpu_set_t one;

	tap_watchdog(60);
	/* The bound kind's items and its worker's adds: one CPU's pwq. */
	CPU_ZERO(&one);
	CPU_SET(sched_getcpu() < 0 ? 0 : sched_getcpu(), &one);
	if (sched_setaffinity(0, sizeof(one), &one))
		bail_out("sched_setaffinity: %s", strerror(errno));
	plan(nr_kinds);
	/*
	 * With debug mode or statistics on, every add takes the locked path
	 * (they check and sample there): nothing is pushed to race with.
	 */
	wq = new_kind_wq("pop-probe", &kinds[0]);
	destroy_workqueue(wq);
	if (kwq__any_mode()) {
		skip((int)nr_kinds, "KWQ_DEBUG or statistics on: adds are "
		     "not pushed");
		return done_testing();
	}
	for (size_t k = 0; k < nr_kinds; k++) {
		bool all = true;

		for (int r = 0; r < ROUNDS && all; r++)
			all = one_round(&kinds[k]);
		ok(all, "%s: items pushed while the last is popped run once, "
		   "after it, %d rounds", kinds[k].name, ROUNDS);
	}
	return done_testing();
}
