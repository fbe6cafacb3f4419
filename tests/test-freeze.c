// SPDX-License-Identifier: MIT
/*
 * Freezing: kwq_freeze_workqueues() waits for the running items of
 * WQ_FREEZABLE queues and then holds them; adds still succeed; other queues
 * go on; kwq_thaw_workqueues() runs what waited, in order, nothing lost.
 */
#include "util.h"

#define NR 20

static int long_done, order[NR], next_slot, plain_runs;
static int long_started;	/* A */

static void long_fn(struct work_struct *work)
{
	(void)work;
	STORE(&long_started, 1);
	sleep_ms(50);
	STORE(&long_done, 1);
}

struct seq_item {
	struct work_struct work;
	int id;
};

static void seq_fn(struct work_struct *work)
{
	struct seq_item *s = container_of(work, struct seq_item, work);

	order[INC(&next_slot) - 1] = s->id;
}

static void plain_fn(struct work_struct *work)
{
	(void)work;
	INC(&plain_runs);
}

static int self_freeze_ret;

static void self_freeze_fn(struct work_struct *work)
{
	(void)work;
	STORE(&self_freeze_ret, kwq_freeze_workqueues());
}

int main(void)
{
	struct workqueue_struct *fz, *ord, *plain;
	struct work_struct lw, pw, sf;
	struct delayed_work dw;
	struct seq_item items[NR];
	int in_order = 1, err;

	tap_watchdog(60);
	plan(12);
	fz = new_wq("freezable", WQ_FREEZABLE | WQ_UNBOUND, 0);
	ord = alloc_ordered_workqueue("freezable-ordered", WQ_FREEZABLE);
	plain = new_wq("plain", 0, 0);
	if (!ord)
		bail_out("alloc_ordered_workqueue");

	INIT_WORK(&sf, self_freeze_fn);
	add_work_to_q(fz, &sf);
	wait_for_work(&sf);
	is_int(LOAD(&self_freeze_ret), -EDEADLK,
	       "freezing from an item of a freezable queue: -EDEADLK");

	INIT_WORK(&lw, long_fn);
	add_work_to_q(fz, &lw);
	/* Running, not queued: 5 ms were not enough under a load of 20. */
	if (!wait_for(&long_started, 1, 10000))
		bail_out("the long item did not start");
	is_int(kwq_freeze_workqueues(), 0, "kwq_freeze_workqueues() = 0");
	is_int(LOAD(&long_done), 1,
	       "freezing waited for the running item to finish");
	is_int(kwq_freeze_workqueues(), -EALREADY, "freezing twice: -EALREADY");

	err = 0;
	for (int i = 0; i < NR; i++) {
		items[i].id = i;
		INIT_WORK(&items[i].work, seq_fn);
		err |= add_work_to_q(i % 2 ? fz : ord, &items[i].work);
	}
	INIT_DELAYED_WORK(&dw, plain_fn);
	err |= add_delayed_work_to_q(fz, &dw, 1);
	is_int(err, 0, "adds to frozen queues succeed");

	INIT_WORK(&pw, plain_fn);
	add_work_to_q(plain, &pw);
	wait_for_work(&pw);
	is_int(LOAD(&plain_runs), 1, "a queue that is not freezable still runs");
	sleep_ms(30);
	is_int(LOAD(&next_slot), 0, "nothing of a frozen queue runs");
	is_int(LOAD(&plain_runs), 1, "nor an expired delayed item of one");

	is_int(kwq_thaw_workqueues(), 0, "kwq_thaw_workqueues() = 0");
	is_int(kwq_thaw_workqueues(), -EALREADY, "thawing twice: -EALREADY");
	flush_workqueue(fz);
	flush_workqueue(ord);
	wait_for_delayed_work(&dw);
	is_int(LOAD(&next_slot) + LOAD(&plain_runs), NR + 2,
	       "after the thaw every waiting item ran once");
	/* The ordered queue's items (the even ids) ran in add order. */
	for (int i = 0, last = -2; i < NR; i++) {
		if (order[i] % 2)
			continue;
		in_order &= order[i] > last;
		last = order[i];
	}
	ok(in_order, "an ordered freezable queue keeps its order over a freeze");

	destroy_workqueue(fz);
	destroy_workqueue(ord);
	destroy_workqueue(plain);
	return done_testing();
}
