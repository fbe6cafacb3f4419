// SPDX-License-Identifier: MIT
/*
 * The manager's look (src/manager.c) at a worker asleep on a kwq lock.
 * The look reads a worker on the same item as at its previous look, with
 * items waiting, as blocked when /proc says it sleeps (state S), and
 * boosts a worker per waiting item.  A worker asleep in kwq__lock_slow()
 * sleeps so too, but it is not blocked: the lock's holder runs, for a few
 * list operations, and another worker would wait for the same lock.
 * Under TSan, whose lock waits are long, such boosts grew a pool to some
 * 500 workers.  The look must leave that worker counted and boost nobody.
 *
 * Forced, through a hook of the test build of manager.c: an item of CPU
 * c's high-priority pool (A), items waiting behind it, waits at a gate
 * that spins; the look at A that finds its worker on it takes the lock of
 * CPU c's normal pool (B), opens the gate, and waits until the item,
 * which then locks B, sleeps on that lock (state S); the look reads it
 * so, and lets B go only after its verdict, before any creation.  The
 * verdict is read then, from A's state; the workers A created are counted
 * once its items have run.
 *
 * White-box: links libkwq.a, with manager.o built with KWQ_TEST_HOOKS.
 */
#include "../src/internal.h"
#include "util.h"

#define RUN_MS		10000	/* what never happens takes this long */
#define BACKLOG		16

static struct kwq__pool *pool_a, *pool_b;	/* A: set before the hook */
static struct gate gate;
static struct work_struct held;
static int acted;		/* A: 1 once the look holds B, 2 once let go */
static int asleep;		/* A: the held item's worker slept on B */
static int counted = -1, blocking = -1, spawn = -1;	/* A: the verdict */
static struct kwq__worker *sleeper;	/* A: the held item's worker */

/* The held item: at the gate, then a kwq lock, which it waits for. */
static void held_fn(struct work_struct *w)
{
	(void)w;
	gate_wait(&gate);
	kwq__lock(pool_b);
	kwq__unlock(pool_b);
}

static void nop_fn(struct work_struct *w)
{
	(void)w;
}

/* @pool's worker running the held item, or NULL.  Takes @pool's lock. */
static struct kwq__worker *held_worker(struct kwq__pool *pool)
{
	struct kwq__worker *found = NULL;
	struct kwq_list_node *pos;

	kwq__lock(pool);
	for (pos = pool->workers.next; pos != &pool->workers; pos = pos->next) {
		struct kwq__worker *worker =
			kwq__list_entry(pos, struct kwq__worker, node);

		if (worker->current_work == &held)
			found = worker;
	}
	kwq__unlock(pool);
	return found;
}

/* Hold B from a look at A that reads its one worker until its verdict. */
static void look_hook(struct kwq__pool *pool, int stage, int n)
{
	long long end = tap_now_ns() + RUN_MS * 1000000LL;
	struct kwq__worker *worker;

	if (pool != LOAD(&pool_a))
		return;
	if (stage == KWQ__LOOK_READ && n == 1 && !LOAD(&acted)) {
		worker = held_worker(pool);
		if (!worker)
			return;
		kwq__lock(pool_b);
		STORE(&sleeper, worker);
		STORE(&acted, 1);
		gate_open(&gate);
		while (tap_now_ns() < end &&
		       (__atomic_load_n(&pool_b->lock, __ATOMIC_ACQUIRE) != 2 ||
			kwq__thread_sleeping(worker->tid) != 1))
			sleep_us(100);
		STORE(&asleep, tap_now_ns() < end);
	} else if (stage == KWQ__LOOK_DONE && LOAD(&acted) == 1) {
		kwq__lock(pool);
		STORE(&counted, LOAD(&sleeper)->counted);
		STORE(&blocking, pool->blocking);
		STORE(&spawn, pool->spawn);
		kwq__unlock(pool);
		kwq__unlock(pool_b);
		STORE(&acted, 2);
	}
}

/* The workers @pool created, once those it promised are (spawn 0). */
static unsigned long long created(struct kwq__pool *pool)
{
	long long end = tap_now_ns() + RUN_MS * 1000000LL;
	unsigned long long n;
	int left;

	for (;;) {
		kwq__lock(pool);
		n = pool->st_created;
		left = pool->spawn;
		kwq__unlock(pool);
		if (!left || tap_now_ns() > end)
			return n;
		sleep_us(200);
	}
}

int main(void)
{
	struct workqueue_struct *wq;
	struct work_struct items[BACKLOG];
	unsigned long long before, after;
	int cpu;

	tap_watchdog(120);
	plan(3);
	cpu = last_allowed_cpu();
	wq = new_wq("lock-wait", WQ_HIGHPRI, 0);
	STORE(&pool_b, kwq__g.cpu_pools[0][cpu]);
	gate.spin = 1;
	INIT_WORK(&held, held_fn);
	if (add_work_to_q_on(cpu, wq, &held))
		bail_out("could not add the held item");
	if (!wait_for(&gate.entered, 1, RUN_MS))
		bail_out("the held item did not start");
	STORE(&pool_a, kwq__g.cpu_pools[1][cpu]);
	before = created(pool_a);
	STORE(&kwq__look_hook, look_hook);
	/* Behind it, a backlog: the manager looks at A every tick. */
	for (int i = 0; i < BACKLOG; i++) {
		INIT_WORK(&items[i], nop_fn);
		if (add_work_to_q_on(cpu, wq, &items[i]))
			bail_out("could not add a waiting item");
	}
	if (!wait_for(&acted, 2, RUN_MS))
		bail_out("no look at the pool found its worker on the item");
	if (flush_workqueue(wq))
		bail_out("flush_workqueue failed");
	after = created(pool_a);
	STORE(&kwq__look_hook, NULL);
	ok(LOAD(&asleep), "the look read the worker while it slept on "
	   "another pool's lock (state S or D)");
	ok(LOAD(&counted) == 1 && !LOAD(&blocking) && !LOAD(&spawn),
	   "a worker asleep on a kwq lock is not blocked: still counted, "
	   "nothing boosted (counted %d, blocking %d, spawn %d)",
	   LOAD(&counted), LOAD(&blocking), LOAD(&spawn));
	if (getenv("KWQ_TEST_QUICK"))
		/* valgrind runs one thread at a time: the rest look asleep. */
		skip(1, "valgrind serialises threads");
	else
		ok(after == before, "the pool created no worker for its %d "
		   "waiting items (%llu)", BACKLOG, after - before);
	destroy_workqueue(wq);
	return done_testing();
}
