// SPDX-License-Identifier: MIT
/*
 * The hand-over (issue 24 §1): a worker ending an item of a pwq whose
 * slots are all held gives the slot to the first pushed item and starts
 * it itself, in the same hold of the pool lock, without putting it on the
 * worklist (end_item_locked() in worker.c).  It may do so only where the
 * item would have gone the same way through the worklist; each case here
 * breaks if one of the tests that say so goes:
 *
 * - taken and not yet started, the item is still pending: an add gets
 *   -EBUSY and a cancel, which must wait for the lock, finds it started
 *   (-ENOENT) and its one run happens (the hook of a test build of add.c,
 *   kwq__hand_over_hook, holds the worker there);
 * - a queue frozen while its last slot's item runs: the pushed item stays
 *   pushed, not run, until the thaw (the pwq's limit below its slots);
 * - a flusher waiting for the ending item's color is told, though the
 *   pushed item, of the next color, takes the slot (the flush color);
 * - an item handed over while the pwq is in its second flush color is
 *   counted in that color, not in its word's, which its push wrote
 *   without one: the next flush ends (the start of a handed item, which
 *   does not write the color in the word);
 * - an item pushed while it still runs on another worker of the pool
 *   never runs twice at once (the busy hash);
 * - the worklist's head, which a worker that passed its slot behind it
 *   starts itself (takes_head_locked() in worker.c), is not started
 *   while it still runs on another worker of the pool.
 *
 * White-box: links libkwq.a, and add.o built with KWQ_TEST_HOOKS.
 */
#include "../src/internal.h"
#include "util.h"

#include <pthread.h>

#define RUN_MS		10000	/* what never happens takes this long */

static struct workqueue_struct *wq;
static struct tw blocker, pushed;
static struct gate gate;

/* --- taken, not started: still pending ------------------------------------ */

static int hooked;		/* A: the hook's calls for the pushed item */
static int pending_seen;	/* A: work_pending() true in the hook */
static struct bg_call adder, remover;

static int add_again(struct work_struct *w)
{
	return add_work_to_q(wq, w);
}

/* The worker, the pool lock held, the item taken and not yet started. */
static void hand_over_hook(struct kwq__pwq *pwq, struct work_struct *w)
{
	if (pwq->wq != wq || w != &pushed.work || INC(&hooked) != 1)
		return;
	if (work_pending(w))
		STORE(&pending_seen, 1);
	/*
	 * An add needs no lock to find the item pending; one that does not
	 * would wait for this one: not for ever.
	 */
	bg_work(&adder, add_again, w);
	wait_for(&adder.done, 1, 1000);
	/* A cancel needs the lock: give it the time to wait for it here. */
	bg_work(&remover, remove_work, w);
	wait_for(&remover.started, 1, RUN_MS);
	sleep_ms(20);
}

/*
 * Fill @k's slots with blockers: @nr items of @more at @more_gate, then
 * blocker.work, at the gate, holding the last.  @flip: flush the new
 * queue first, so that its pwqs are in their second color.  @spin: the
 * gates spin.
 */
static void fill_flipped(const struct wq_kind *k, struct tw *more, int nr,
			 struct gate *more_gate, bool flip, bool spin)
{
	memset(&gate, 0, sizeof(gate));
	memset(more_gate, 0, sizeof(*more_gate));
	gate.spin = spin;
	more_gate->spin = spin;
	wq = new_kind_wq("hand-over", k);
	if (flip && flush_workqueue(wq))
		bail_out("flush_workqueue failed");
	tw_init(&blocker);
	blocker.gate = &gate;
	for (int i = 0; i < nr; i++) {
		tw_init(&more[i]);
		more[i].gate = more_gate;
		if (add_work_to_q(wq, &more[i].work))
			bail_out("could not add a blocker");
	}
	if (add_work_to_q(wq, &blocker.work))
		bail_out("could not add a blocker");
	if (!wait_for(&more_gate->entered, nr + (more_gate == &gate),
		      RUN_MS) ||
	    !wait_for(&gate.entered, 1, RUN_MS))
		bail_out("%s: the blockers did not start", k->name);
	tw_init(&pushed);
}

static void fill(const struct wq_kind *k, struct tw *more, int nr,
		 struct gate *more_gate)
{
	fill_flipped(k, more, nr, more_gate, false, false);
}

/*
 * @behind: one more item pushed behind the watched one, which is then
 * unlinked with a successor (inline, in worker.c), not as the last
 * pushed item (the tail put back, in add.c).
 */
static void pending_case(const struct wq_kind *k, bool behind)
{
	struct tw more[1], after;
	int nr = k->max_active > 1 ? k->max_active - 1 : 0;
	int add_result = 1, remove_result = 1;
	bool ran;

	STORE(&hooked, 0);
	STORE(&pending_seen, 0);
	fill(k, more, nr, &gate);
	STORE(&kwq__hand_over_hook, hand_over_hook);
	if (add_work_to_q(wq, &pushed.work))
		bail_out("could not add the pushed item");
	tw_init(&after);
	if (behind && add_work_to_q(wq, &after.work))
		bail_out("could not add the item behind");
	gate_open(&gate);
	ran = wait_for(&pushed.runs, 1, RUN_MS);
	if (LOAD(&hooked)) {
		add_result = bg_join(&adder);
		remove_result = bg_join(&remover);
	}
	STORE(&kwq__hand_over_hook, NULL);
	if (flush_workqueue(wq))
		bail_out("flush_workqueue failed");
	ok(LOAD(&hooked) == 1 && ran && LOAD(&pushed.runs) == 1 &&
	   LOAD(&after.runs) == behind,
	   "%s%s: the pushed item is handed over and runs once", k->name,
	   behind ? ", another behind" : "");
	ok(LOAD(&pending_seen) && add_result == -EBUSY,
	   "%s%s: handed over, not started: pending, an add gets -EBUSY",
	   k->name, behind ? ", another behind" : "");
	ok(remove_result == -ENOENT,
	   "%s%s: a remove_work() meanwhile finds it started (%d)", k->name,
	   behind ? ", another behind" : "", remove_result);
	destroy_workqueue(wq);
}

/* --- frozen below its slots ----------------------------------------------- */

static int freeze(struct workqueue_struct *unused)
{
	(void)unused;
	return kwq_freeze_workqueues();
}

static void frozen_case(const struct wq_kind *k)
{
	struct bg_call freezer;
	struct kwq__pwq *pwq;
	struct tw more[1];
	int runs;

	fill(k, more, 0, &gate);
	pwq = wq->dfl_pwq ? wq->dfl_pwq : wq->cpu_pwqs[sched_getcpu()];
	bg_wq(&freezer, freeze, NULL);
	/* Frozen: the blocker runs on, the freeze waits for it. */
	while (!LOAD(&freezer.done) && LOAD(&pwq->limit))
		sleep_us(200);
	if (add_work_to_q(wq, &pushed.work))
		bail_out("could not add the pushed item");
	gate_open(&gate);
	if (bg_join(&freezer))
		bail_out("kwq_freeze_workqueues failed");
	/* The freeze waited for every slot: a handed item would have run. */
	runs = LOAD(&pushed.runs);
	ok(runs == 0 && work_pending(&pushed.work),
	   "%s: an item pushed while frozen is not started by the end of the "
	   "last running one (runs %d)", k->name, runs);
	if (kwq_thaw_workqueues())
		bail_out("kwq_thaw_workqueues failed");
	ok(wait_for(&pushed.runs, 1, RUN_MS),
	   "%s: it runs after the thaw, with no flush", k->name);
	destroy_workqueue(wq);
}

/* --- a flusher waiting for the ending item's color ------------------------ */

static void flush_case(const struct wq_kind *k)
{
	struct kwq__pwq *pwq;
	struct tw more[1];
	int nr = k->max_active > 1 ? k->max_active - 1 : 0;
	struct bg_call flusher;
	bool done;
	int color;

	fill(k, more, nr, &gate);
	pwq = wq->dfl_pwq ? wq->dfl_pwq : wq->cpu_pwqs[sched_getcpu()];
	bg_wq(&flusher, flush_workqueue, wq);
	do {
		sleep_us(200);
		kwq__lock(pwq->pool);
		color = pwq->flush_color;
		kwq__unlock(pwq->pool);
	} while (color < 0);
	/* Of the next color: behind the flush, pushed. */
	if (add_work_to_q(wq, &pushed.work))
		bail_out("could not add the pushed item");
	gate_open(&gate);
	done = wait_for(&flusher.done, 1, RUN_MS);
	ok(done && wait_for(&pushed.runs, 1, RUN_MS),
	   "%s: the flush ends though a pushed item takes the slot", k->name);
	if (!done)
		bail_out("the flusher was never told");
	if (bg_join(&flusher))
		bail_out("flush_workqueue failed");
	destroy_workqueue(wq);
}

/* --- handed over in the second color -------------------------------------- */

static void count_hook(struct kwq__pwq *pwq, struct work_struct *w)
{
	if (pwq->wq == wq && w == &pushed.work)
		INC(&hooked);
}

static void color_case(const struct wq_kind *k)
{
	struct bg_call flusher;
	bool done;

	STORE(&hooked, 0);
	fill_flipped(k, NULL, 0, &gate, true, false);
	STORE(&kwq__hand_over_hook, count_hook);
	if (add_work_to_q(wq, &pushed.work))
		bail_out("could not add the pushed item");
	gate_open(&gate);
	if (!wait_for(&pushed.runs, 1, RUN_MS))
		bail_out("%s: the pushed item did not run", k->name);
	STORE(&kwq__hand_over_hook, NULL);
	bg_wq(&flusher, flush_workqueue, wq);
	done = wait_for(&flusher.done, 1, RUN_MS);
	ok(LOAD(&hooked) == 1 && done,
	   "%s: handed over in the second color, it leaves that color's "
	   "count: the next flush ends (handed %d)", k->name, LOAD(&hooked));
	if (!done)
		bail_out("the flush waits for ever");
	if (bg_join(&flusher))
		bail_out("flush_workqueue failed");
	destroy_workqueue(wq);
}

/* --- running on another worker of the pool -------------------------------- */

/*
 * @head false: two slots, other holding one and blocker the other, each
 * at its own gate; blocker added again while it runs is pushed behind
 * the full slots, and other's end gives the slot to that instance, not
 * to its worker.
 *
 * @head true: the end of an item whose slot goes to a pushed item behind
 * one waiting on the worklist (a pass) starts that head itself, unless
 * it still runs on another worker: then it goes to that worker's
 * scheduled list, as the loop sends it.  Three slots, the two workers
 * (the unbound pool's target, its two CPUs) at gates that spin (a worker
 * asleep at one would have the manager start a third, which would find
 * the head busy before the pass), blocker added again (active, waiting
 * on the worklist), then one more item, pushed.
 */
static void busy_case(bool head)
{
	struct wq_kind k = { head ? "unbound max_active 3" :
			     "unbound max_active 2", WQ_UNBOUND, head ? 3 : 2 };
	struct gate other_gate;
	struct tw other;

	fill_flipped(&k, &other, 1, &other_gate, false, head);
	if (add_work_to_q(wq, &blocker.work))
		bail_out("could not add the running item again");
	if (head && add_work_to_q(wq, &pushed.work))
		bail_out("could not add the pushed item");
	/*
	 * other ends while the blocker's first run waits at its gate.  A
	 * second run started now would meet the first at the gate: give it
	 * the time.
	 */
	gate_open(&other_gate);
	if (!wait_for(&other.runs, 1, RUN_MS))
		bail_out("the other item did not end");
	wait_for(&gate.entered, 2, 200);
	gate_open(&gate);
	ok(wait_for(&blocker.runs, 2, RUN_MS) &&
	   (!head || wait_for(&pushed.runs, 1, RUN_MS)) &&
	   !LOAD(&blocker.overlaps), "%s: %s (overlaps %d)", k.name,
	   head ? "the worklist's head taken after a pass runs after its "
	   "run on another worker" : "an item pushed while it runs on "
	   "another worker runs after that run", LOAD(&blocker.overlaps));
	if (flush_workqueue(wq))
		bail_out("flush_workqueue failed");
	destroy_workqueue(wq);
}

int main(void)
{
	size_t nr_kinds;
	const struct wq_kind *kinds = small_kinds(&nr_kinds);
	cpu_set_t one;
	int freezable = 0;

	int serial = 0, tests;

	tap_watchdog(300);
	for (size_t k = 0; k < nr_kinds; k++) {
		freezable += !!(kinds[k].flags & WQ_FREEZABLE);
		serial += kinds[k].max_active <= 1;
	}
	tests = serial * 7 + (int)nr_kinds + freezable * 2 + 2;
	plan(tests);
	/* With debug mode or statistics on, no add is pushed. */
	wq = new_kind_wq("hand-over-probe", &kinds[0]);
	destroy_workqueue(wq);
	if (kwq__any_mode()) {
		skip(tests, "KWQ_DEBUG or statistics on: adds are not pushed");
		return done_testing();
	}
	/* First, while kwq's unbound pool may run a worker per CPU. */
	busy_case(false);
	busy_case(true);
	/*
	 * The bound kinds' items and the adds: one CPU's pwq; the last, so
	 * that the unordered kind's go to a push queue beyond the first.
	 */
	CPU_ZERO(&one);
	CPU_SET(last_allowed_cpu(), &one);
	if (sched_setaffinity(0, sizeof(one), &one))
		bail_out("sched_setaffinity: %s", strerror(errno));
	for (size_t k = 0; k < nr_kinds; k++) {
		if (kinds[k].max_active > 2)
			bail_out("a kind with more than two slots");
		/*
		 * Two slots held, by two workers of a pool whose target is
		 * one (a bound pool's), the finishing one would not take
		 * the next item itself: no hand-over to look at there.
		 */
		if (kinds[k].max_active <= 1) {
			pending_case(&kinds[k], false);
			pending_case(&kinds[k], true);
			color_case(&kinds[k]);
		}
		flush_case(&kinds[k]);
		if (kinds[k].flags & WQ_FREEZABLE)
			frozen_case(&kinds[k]);
	}
	return done_testing();
}
