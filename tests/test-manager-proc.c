// SPDX-License-Identifier: MIT
/*
 * The manager's look (src/manager.c) reads each worker it looks at in
 * /proc, and falls back, for good, to counting two looks on one item as
 * blocked when /proc cannot be read.  A read also fails when the worker
 * left its item and retired between the look and the read: its task is
 * gone.  That failure says nothing of /proc, and must not switch the
 * fallback on: with it on, every item that only computes for two ticks
 * with items waiting behind it is taken for blocked, and workers are
 * started beside it, for the rest of the process.
 *
 * Forced, through two hooks of the test build of manager.c: an item of
 * CPU c's high-priority pool, with items waiting behind it, spins at a
 * gate; the look that finds its worker on it opens the gate and waits
 * until the worker has taken the next item, which computes (spins) until
 * the test lets it go, and the read of that look is made to fail, as the
 * read of a retired worker's task does.  Then, for 40 ms, the computing
 * worker, with items waiting, is read as running (state R), and the pool
 * must start no worker.
 *
 * White-box: links libkwq.a, with manager.o built with KWQ_TEST_HOOKS.
 */
#include "../src/internal.h"
#include "util.h"

#define RUN_MS		10000	/* what never happens takes this long */
#define BACKLOG		16
#define WATCH_MS	40	/* about 40 looks at the computing worker */

static struct kwq__pool *pool_a;	/* A: set before the hook */
static struct gate gate, compute;
static struct work_struct held, busy;
static int acted;		/* A: 1 once the read is to fail, 2 after */
static int moved;		/* A: the worker had taken the next item */
static int failed;		/* A: reads made to fail */

static void gated_fn(struct work_struct *w)
{
	gate_wait(w == &held ? &gate : &compute);
}

static void nop_fn(struct work_struct *w)
{
	(void)w;
}

/* Is a worker of @pool on the held item?  Takes @pool's lock. */
static bool held_running(struct kwq__pool *pool)
{
	struct kwq_list_node *pos;
	bool found = false;

	kwq__lock(pool);
	for (pos = pool->workers.next; pos != &pool->workers; pos = pos->next)
		if (kwq__list_entry(pos, struct kwq__worker,
				    node)->current_work == &held)
			found = true;
	kwq__unlock(pool);
	return found;
}

/* Move the one worker read off its item before its read. */
static void look_hook(struct kwq__pool *pool, int stage, int n)
{
	if (pool != LOAD(&pool_a))
		return;
	if (stage == KWQ__LOOK_READ && n == 1 && !LOAD(&acted)) {
		if (!held_running(pool))
			return;
		gate_open(&gate);
		STORE(&moved, wait_for(&compute.entered, 1, RUN_MS));
		STORE(&acted, 1);
	} else if (stage == KWQ__LOOK_DONE && LOAD(&acted) == 1) {
		STORE(&acted, 2);
	}
}

/* The read of the worker that left its item fails, as a retired one's. */
static void proc_hook(struct kwq__pool *pool, int *state)
{
	if (pool == LOAD(&pool_a) && LOAD(&acted) == 1) {
		*state = -1;
		INC(&failed);
	}
}

/* @pool's workers created and promised. */
static unsigned long long created(struct kwq__pool *pool)
{
	unsigned long long n;

	kwq__lock(pool);
	n = pool->st_created + pool->spawn;
	kwq__unlock(pool);
	return n;
}

int main(void)
{
	struct work_struct items[BACKLOG];
	unsigned long long before, after;
	struct workqueue_struct *wq;
	int cpu;

	tap_watchdog(120);
	plan(2);
	cpu = last_allowed_cpu();
	wq = new_wq("proc-gone", WQ_HIGHPRI, 0);
	gate.spin = 1;
	compute.spin = 1;
	INIT_WORK(&held, gated_fn);
	INIT_WORK(&busy, gated_fn);
	if (add_work_to_q_on(cpu, wq, &held))
		bail_out("could not add the held item");
	if (!wait_for(&gate.entered, 1, RUN_MS))
		bail_out("the held item did not start");
	STORE(&pool_a, kwq__g.cpu_pools[1][cpu]);
	STORE(&kwq__proc_hook, proc_hook);
	STORE(&kwq__look_hook, look_hook);
	/* Behind it the computing item, then a backlog the look watches. */
	if (add_work_to_q_on(cpu, wq, &busy))
		bail_out("could not add the computing item");
	for (int i = 0; i < BACKLOG; i++) {
		INIT_WORK(&items[i], nop_fn);
		if (add_work_to_q_on(cpu, wq, &items[i]))
			bail_out("could not add a waiting item");
	}
	if (!wait_for(&acted, 2, RUN_MS))
		bail_out("no look at the pool found its worker on the item");
	STORE(&kwq__look_hook, NULL);
	STORE(&kwq__proc_hook, NULL);
	before = created(pool_a);
	sleep_ms(WATCH_MS);
	after = created(pool_a);
	gate_open(&compute);
	if (flush_workqueue(wq))
		bail_out("flush_workqueue failed");
	ok(LOAD(&moved) && LOAD(&failed) == 1, "the look's one read failed "
	   "after its worker had left the item for the next (moved %d, "
	   "reads failed %d)", LOAD(&moved), LOAD(&failed));
	if (getenv("KWQ_TEST_QUICK"))
		/* valgrind runs one thread at a time: the rest look asleep. */
		skip(1, "valgrind serialises threads");
	else
		ok(after == before, "that failure left /proc in use: a worker "
		   "computing with %d items waiting is not taken for blocked, "
		   "no worker started (%llu)", BACKLOG, after - before);
	destroy_workqueue(wq);
	return done_testing();
}
