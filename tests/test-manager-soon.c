// SPDX-License-Identifier: MIT
/*
 * The manager's early look (src/manager.c, look_soon()).  An item counts
 * as blocked once two looks a tick apart find its worker on it, asleep.
 * The first look at a new backlog mostly comes before the worker has
 * taken its item (the add that woke it asked for the look; in a process's
 * first burst the pool's first worker is often still starting), so the
 * tick's look found the worker on an item it had not been on, and the item
 * was judged a tick later still: 2.3 ms into a burst of sleepers.  Now
 * such a look asks for the next one early (SOON_NS), so that the item is
 * timed from its start; but only within the first tick of a backlog, so
 * that a worker seen between two short items of a long backlog does not
 * make the manager look ten times a tick.
 *
 * Forced: the unbound high-priority pool's first worker is held starting
 * (its creation parked in the spawn's window, a hook of thread.c's test
 * build), while a backlog waits on the pool.  The wait after the first
 * look that finds the backlog must be an early one; once the backlog is
 * older than a tick, with the worker still starting, the waits must be
 * ticks again.  What the manager asks of each wait comes from a hook of
 * manager.c's test build.  And while the worker starts, the manager must
 * not spin: its own look's kick asked for a worker again and poked it into
 * the next look at once, thousands of looks a millisecond, until the
 * thread ran.  Then the worker is let go and runs the items.
 *
 * White-box: links libkwq.a, with manager.o and thread.o built with
 * KWQ_TEST_HOOKS.
 */
#include "../src/internal.h"
#include "util.h"

#define BACKLOG		8
#define RUN_MS		10000	/* what never happens takes this long */
#define OLD_MS		5	/* a backlog this old is past its first tick */

static __thread int is_holder;
static int armed;		/* A: the holder's next spawn parks */
static int parked;		/* A: it is parked in the window */
static int release;		/* A: let it go */

static struct kwq__pool *watched;	/* A */
static int seen;		/* A: a look found the backlog */
static int late;		/* A: the backlog is older than OLD_MS */
static int first_wait = -1;	/* A: the wait after the first such look */
static int late_waits;		/* A: waits after `late`, while parked */
static int late_soon;		/* A: of those, early ones */
static int ran;			/* A */
static int looks;		/* A: looks at the backlog, worker parked */

static void window_hook(void)
{
	if (!is_holder || !XCHG(&armed, 0))
		return;
	STORE(&parked, 1);
	for (int waited = 0; waited < RUN_MS && !LOAD(&release); waited++)
		sleep_ms(1);
	STORE(&parked, 2);
}

static void look_hook(struct kwq__pool *pool, int stage, int n)
{
	(void)n;
	if (stage != KWQ__LOOK_DONE || pool != LOAD(&watched))
		return;
	if (LOAD(&seen)) {
		if (LOAD(&parked) == 1)
			INC(&looks);
		return;
	}
	kwq__lock(pool);
	if (!kwq__list_empty(&pool->worklist))
		STORE(&seen, 1);
	kwq__unlock(pool);
}

static void wait_hook(int busy)
{
	if (!LOAD(&seen) || LOAD(&parked) != 1)
		return;
	if (LOAD(&first_wait) < 0)
		STORE(&first_wait, busy);
	if (LOAD(&late)) {
		INC(&late_waits);
		if (busy & KWQ__MGR_SOON)
			INC(&late_soon);
	}
}

static void *holder_main(void *arg)
{
	is_holder = 1;
	STORE(&armed, 1);
	return alloc_workqueue("soon-first-%d", WQ_UNBOUND | WQ_HIGHPRI, 0,
			       *(int *)arg);
}

static void item_fn(struct work_struct *w)
{
	(void)w;
	INC(&ran);
}

int main(void)
{
	struct workqueue_struct *first, *wq;
	struct work_struct items[BACKLOG];
	int zero = 0, waits, looked;
	unsigned long long t0, ms;
	pthread_t t;

	tap_watchdog(120);
	plan(5);
	/* kwq set up first: a spawn held there would hold its lock. */
	wq = new_wq("soon-init", 0, 0);
	destroy_workqueue(wq);
	STORE(&watched, kwq__g.unbound_pools[1]);
	STORE(&kwq__spawn_window_hook, window_hook);
	STORE(&kwq__look_hook, look_hook);
	STORE(&kwq__wait_hook, wait_hook);

	/* The pool's first worker, created by the first queue using it. */
	if (pthread_create(&t, NULL, holder_main, &zero))
		bail_out("pthread_create");
	if (!wait_for(&parked, 1, RUN_MS))
		bail_out("the first worker's creation never reached its window");
	/* A second queue on the pool: it has a worker, if only starting. */
	wq = new_wq("soon", WQ_UNBOUND | WQ_HIGHPRI, 0);
	for (int i = 0; i < BACKLOG; i++) {
		INIT_WORK(&items[i], item_fn);
		if (add_work_to_q(wq, &items[i]))
			bail_out("could not add an item");
	}
	if (!wait_for(&seen, 1, RUN_MS))
		bail_out("no look found the backlog");
	t0 = kwq__clock_ns(CLOCK_MONOTONIC);
	while (LOAD(&first_wait) < 0)
		sleep_ms(1);
	sleep_ms(OLD_MS);
	STORE(&late, 1);
	/* Three waits well past the first tick, the worker still starting. */
	for (waits = 0; waits < RUN_MS && LOAD(&late_waits) < 3; waits++)
		sleep_ms(1);
	looked = LOAD(&looks);
	ms = (kwq__clock_ns(CLOCK_MONOTONIC) - t0) / 1000000;
	ok(LOAD(&first_wait) == (KWQ__MGR_WATCH | KWQ__MGR_SOON),
	   "a look at a new backlog whose worker is starting asks for an early look (wait %d)",
	   LOAD(&first_wait));
	ok(LOAD(&late_waits) >= 3 && !LOAD(&late_soon),
	   "past the backlog's first tick the looks come a tick apart (%d waits, %d early)",
	   LOAD(&late_waits), LOAD(&late_soon));

	/* Ten early looks in the first tick, then one or two a tick. */
	ok(looked <= 20 + 3 * (int)ms,
	   "the manager does not spin while the worker starts (%d looks in %llu ms)",
	   looked, ms);

	STORE(&release, 1);
	pthread_join(t, (void **)&first);
	STORE(&kwq__wait_hook, NULL);
	STORE(&kwq__look_hook, NULL);
	STORE(&kwq__spawn_window_hook, NULL);
	ok(first != NULL, "the first queue is made once its worker starts");
	if (flush_workqueue(wq))
		bail_out("flush_workqueue failed");
	is_int(LOAD(&ran), BACKLOG, "the worker, started, runs the backlog");
	destroy_workqueue(wq);
	if (first)
		destroy_workqueue(first);
	return done_testing();
}
