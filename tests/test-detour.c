// SPDX-License-Identifier: MIT
/*
 * A worker's detour byte (kwq__worker_detour() in internal.h): an end that
 * starts the next item itself, without its loop (the hand-over, the
 * worklist's head after a pass), tests that one byte where it tested four
 * things of the worker, and each writer of those four sets it.  Most of
 * those windows break a promise a test of its own sees (test-hand-over's
 * wait for a running item; an uncounted or waiting worker trips the
 * assertion of the four in the sanitizer builds); this one breaks only
 * the name: a queue that starts or stops using an unbound pool changes
 * the name its workers carry (kwq/u:QUEUE while it is the only one), and
 * a worker must take it before its next item, not at the end of a chain
 * of hand-overs, however long.
 *
 * White-box: links libkwq.a, reads the worker's and the pool's counts of
 * renames from inside an item.
 */
#include "../src/internal.h"
#include "util.h"

#define RUN_MS		10000	/* what never happens takes this long */

static struct gate gate;
static struct tw blocker;
static struct work_struct named;
static int named_runs;		/* A */
static int named_current;	/* A: the run found its name current */

/* Runs with the pool lock dropped; nothing renames meanwhile. */
static void named_fn(struct work_struct *w)
{
	struct kwq__worker *me = kwq__self;

	(void)w;
	kwq__lock(me->pool);
	STORE(&named_current, me->name_gen == me->pool->name_gen);
	kwq__unlock(me->pool);
	INC(&named_runs);
}

/*
 * A serial queue alone on the high-priority unbound pool, its slot held
 * by blocker at a gate that spins (counted, not blocked), an item pushed
 * behind it; a second queue on the pool then changes its workers' name.
 * blocker's end must send its worker back to the loop, which renames it
 * before the pushed item, rather than hand the item over.
 */
static void rename_case(void)
{
	struct workqueue_struct *wq, *other;
	struct kwq__pool *pool;
	int alone;

	wq = new_wq("detour-name", WQ_UNBOUND | WQ_HIGHPRI, 1);
	pool = wq->dfl_pwq->pool;
	kwq__lock(pool);
	alone = pool->sole_wq == wq;
	kwq__unlock(pool);
	if (!alone) {
		skip(1, "another queue uses the high-priority unbound pool");
		destroy_workqueue(wq);
		return;
	}
	memset(&gate, 0, sizeof(gate));
	gate.spin = 1;
	tw_init(&blocker);
	blocker.gate = &gate;
	if (add_work_to_q(wq, &blocker.work) ||
	    !wait_for(&gate.entered, 1, RUN_MS))
		bail_out("the blocker did not start");
	INIT_WORK(&named, named_fn);
	if (add_work_to_q(wq, &named))
		bail_out("could not add the pushed item");
	other = new_wq("detour-other", WQ_UNBOUND | WQ_HIGHPRI, 0);
	gate_open(&gate);
	if (!wait_for(&named_runs, 1, RUN_MS))
		bail_out("the pushed item did not run");
	ok(LOAD(&named_current),
	   "an item pushed behind a full serial queue starts on a worker "
	   "renamed for the queue that came meanwhile");
	destroy_workqueue(other);
	destroy_workqueue(wq);
}

int main(void)
{
	tap_watchdog(120);
	plan(1);
	/*
	 * With debug mode or statistics on (set up by kwq's first use), no
	 * add is pushed.
	 */
	destroy_workqueue(new_wq("detour-probe", WQ_UNBOUND, 0));
	if (kwq__any_mode()) {
		skip(1, "KWQ_DEBUG or statistics on: adds are not pushed");
		return done_testing();
	}
	rename_case();
	return done_testing();
}
