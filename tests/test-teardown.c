// SPDX-License-Identifier: MIT
/*
 * destroy_workqueue() while other threads call everything else on the
 * queue: adds, delayed adds, rearms, removes (plain and _sync), waits,
 * flushes, drains and freeze/thaw, on items of that queue only, for 200
 * rounds.  Every call must return one of its documented values, every item
 * added with 0 must run exactly once unless a remove returned 0, nothing
 * may stay pending, and destroy must return.
 *
 * The calls race destroy from its start through its drain, but none may
 * begin after destroy returns (a use after free by contract): an item of
 * the queue re-adds itself (chained work, which destroy runs) until each
 * racer has stopped.  The drainer cannot stop while its drain waits for
 * that very item, so the item lets destroy go once the drain is under way
 * (counted in wq->draining beside destroy's own count and its drain's:
 * white-box, hence linked with libkwq.a), and destroy must wait for that
 * drain before it frees the queue.  Run it under ASan and TSan too: a use
 * of the freed queue is the failure.
 */
#include "../src/internal.h"
#include "util.h"

#include <stdlib.h>

enum { ROUNDS = 200, RACERS = 4, AFTER = 20 };

struct counted {
	struct delayed_work dw;
	int runs;			/* A */
};

static struct workqueue_struct *wq;
static struct counted w, dw, rd;	/* the racers' items */
static int added_w, removed_w;		/* A */
static int added_dw, removed_dw;	/* A */
static int rearmed;			/* A */
static int destroying;			/* A: destroy is about to begin */
static int stopped[RACERS];		/* A: the racer makes no more calls */
static int in_drain;			/* A: racer 3 is in drain_workqueue() */
static int bad;				/* A: undocumented results */
static int refused, taken;		/* A: adds during destroy */
static struct delayed_work hold;
static int hold_runs;			/* A */
static int released;			/* A: the holder let destroy go */

static void counted_fn(struct work_struct *work)
{
	INC(&container_of(to_delayed_work(work), struct counted, dw)->runs);
}

static void expect(int ret, int a, int b, int c, const char *what)
{
	if (ret != a && ret != b && ret != c) {
		diag("%s returned %d", what, ret);
		INC(&bad);
	}
}

static bool all_stopped(void)
{
	for (int i = 0; i < RACERS; i++)
		if (!LOAD(&stopped[i]) &&
		    !(i == 3 && LOAD(&in_drain) &&
		      __atomic_load_n(&wq->draining, __ATOMIC_ACQUIRE) >=
		      3 * KWQ_WQ_DRAIN))
			return false;
	return true;
}

/* Keeps destroy from finishing until no racer can start a call. */
static void hold_fn(struct work_struct *work)
{
	INC(&hold_runs);
	if (all_stopped()) {
		STORE(&released, 1);
		return;
	}
	sleep_us(100);
	if (add_work_to_q(wq, work))
		INC(&bad);
}

static void *racer(void *arg)
{
	int id = (int)(intptr_t)arg, after = 0, ret;

	while (after < AFTER) {
		if (LOAD(&destroying))
			after++;
		switch (id) {
		case 0:
			ret = add_work_to_q(wq, &w.dw.work);
			expect(ret, 0, -EBUSY, -ESHUTDOWN, "add");
			if (after)
				INC(ret ? &refused : &taken);
			if (!ret)
				INC(&added_w);
			ret = add_delayed_work_to_q(wq, &dw.dw, 1);
			expect(ret, 0, -EBUSY, -ESHUTDOWN, "add_delayed");
			if (!ret)
				INC(&added_dw);
			ret = rearm_delayed_work(wq, &rd.dw, 2);
			expect(ret, 0, -ESHUTDOWN, -EBUSY, "rearm");
			if (!ret)
				INC(&rearmed);
			ret = remove_work(&w.dw.work);
			expect(ret, 0, -ENOENT, -ENOENT, "remove");
			if (!ret)
				INC(&removed_w);
			ret = remove_delayed_work(&dw.dw);
			expect(ret, 0, -ENOENT, -ENOENT, "remove_delayed");
			if (!ret)
				INC(&removed_dw);
			break;
		case 1:
			ret = remove_work_sync(&w.dw.work);
			expect(ret, 0, -ENOENT, -ENOENT, "remove_sync");
			if (!ret)
				INC(&removed_w);
			ret = wait_for_work(&w.dw.work);
			expect(ret, 0, 0, 0, "wait_for_work");
			ret = wait_for_delayed_work(&rd.dw);
			expect(ret, 0, 0, 0, "wait_for_delayed_work");
			ret = remove_delayed_work_sync(&dw.dw);
			expect(ret, 0, -ENOENT, -ENOENT,
			       "remove_delayed_sync");
			if (!ret)
				INC(&removed_dw);
			break;
		case 2:
			expect(flush_workqueue(wq), 0, 0, 0, "flush");
			expect(kwq_freeze_workqueues(), 0, 0, 0, "freeze");
			expect(kwq_thaw_workqueues(), 0, 0, 0, "thaw");
			break;
		case 3:
			/* A drain before destroy would only wait for it. */
			if (!LOAD(&destroying)) {
				sleep_us(50);
				break;
			}
			STORE(&in_drain, 1);
			expect(drain_workqueue(wq), 0, 0, 0, "drain");
			STORE(&in_drain, 0);
			/* Counted in by the holder: no call may follow. */
			if (LOAD(&released))
				after = AFTER;
			break;
		}
	}
	STORE(&stopped[id], 1);
	return NULL;
}

static void round_once(int round)
{
	static const unsigned int flags[] = {
		WQ_FREEZABLE, WQ_UNBOUND | WQ_FREEZABLE, 0
	};
	pthread_t t[RACERS];

	wq = round % 4 == 3 ? alloc_ordered_workqueue("teardown", WQ_FREEZABLE) :
		alloc_workqueue("teardown", flags[round % 3], 0);
	if (!wq)
		bail_out("alloc_workqueue: %s", strerror(errno));
	INIT_DELAYED_WORK(&w.dw, counted_fn);
	INIT_DELAYED_WORK(&dw.dw, counted_fn);
	INIT_DELAYED_WORK(&rd.dw, counted_fn);
	INIT_DELAYED_WORK(&hold, hold_fn);
	w.runs = dw.runs = rd.runs = 0;
	added_w = removed_w = added_dw = removed_dw = rearmed = 0;
	STORE(&destroying, 0);
	STORE(&released, 0);
	for (int i = 0; i < RACERS; i++)
		STORE(&stopped[i], 0);
	if (add_work_to_q(wq, &hold.work))
		bail_out("could not add the holder");
	for (int i = 0; i < RACERS; i++)
		if (pthread_create(&t[i], NULL, racer, (void *)(intptr_t)i))
			bail_out("pthread_create");
	sleep_us(200 + round % 7 * 100);
	STORE(&destroying, 1);
	destroy_workqueue(wq);
	for (int i = 0; i < RACERS; i++)
		pthread_join(t[i], NULL);
	if (LOAD(&w.runs) != LOAD(&added_w) - LOAD(&removed_w) ||
	    LOAD(&dw.runs) != LOAD(&added_dw) - LOAD(&removed_dw) ||
	    LOAD(&rd.runs) > LOAD(&rearmed) ||
	    (LOAD(&rearmed) && !LOAD(&rd.runs)) ||
	    work_pending(&w.dw.work) || delayed_work_pending(&dw.dw) ||
	    delayed_work_pending(&rd.dw)) {
		diag("round %d: w %d runs, %d added, %d removed; dw %d, %d, %d; rd %d runs, %d rearmed",
		     round, w.runs, added_w, removed_w, dw.runs, added_dw,
		     removed_dw, rd.runs, rearmed);
		INC(&bad);
	}
}

int main(void)
{
	int rounds = (int)tap_scale(ROUNDS);

	tap_watchdog(600);
	for (int r = 0; r < rounds; r++)
		round_once(r);
	diag("adds during destroy: %d taken, %d refused", LOAD(&taken),
	     LOAD(&refused));
	ok(LOAD(&bad) == 0,
	   "%d rounds: destroy returned, each call returned a documented value, each item added ran once unless removed",
	   rounds);
	return done_testing();
}
