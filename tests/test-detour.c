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
 * of hand-overs, however long.  And one a plain build sees too: a worker
 * the manager took out of the count (blocked) must not hand itself the
 * next item uncounted.
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
 * Open @g, in front of the item a pushed item waits behind, and judge
 * what the pushed item saw once it has run (*@runs), *@saw, as @what.
 */
static void open_and_judge(struct gate *g, const int *runs, const int *saw,
			   const char *what)
{
	gate_open(g);
	if (!wait_for(runs, 1, RUN_MS))
		bail_out("the pushed item did not run");
	ok(LOAD(saw), "%s", what);
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
	open_and_judge(&gate, &named_runs, &named_current,
		       "an item pushed behind a full serial queue starts on "
		       "a worker renamed for the queue that came meanwhile");
	destroy_workqueue(other);
	destroy_workqueue(wq);
}

/*
 * A worker the manager found blocked stops counting (kwq__uncount_locked(),
 * which sets the byte): a bound serial queue's item, asleep at a gate on
 * CPU c's high-priority pool (target 1), an item pushed behind it, and an
 * item of another queue waiting on the pool's worklist, which the look
 * boosts a worker for.  The sleeper's end must go back to the loop, which
 * counts it again before the pushed item, not hand the item over to a
 * worker that does not count: the pool would then run beyond its target.
 */
static struct gate sleep_gate;
static struct work_struct slept, pushed, other_item;
static int pushed_runs;		/* A */
static int pushed_counted;	/* A: the pushed item's worker counted */
static int other_runs;		/* A */

static void slept_fn(struct work_struct *w)
{
	(void)w;
	gate_wait(&sleep_gate);
}

static void pushed_fn(struct work_struct *w)
{
	struct kwq__worker *me = kwq__self;

	(void)w;
	kwq__lock(me->pool);
	STORE(&pushed_counted, me->counted);
	kwq__unlock(me->pool);
	INC(&pushed_runs);
}

static void other_fn(struct work_struct *w)
{
	(void)w;
	INC(&other_runs);
}

/* Is the worker of @pool running @w uncounted?  Takes @pool's lock. */
static bool runs_uncounted(struct kwq__pool *pool, struct work_struct *w)
{
	struct kwq_list_node *pos;
	bool found = false;

	kwq__lock(pool);
	for (pos = pool->workers.next; pos != &pool->workers; pos = pos->next) {
		struct kwq__worker *worker =
			kwq__list_entry(pos, struct kwq__worker, node);

		if (worker->current_work == w && !worker->counted)
			found = true;
	}
	kwq__unlock(pool);
	return found;
}

static void blocked_case(void)
{
	int cpu = last_allowed_cpu();
	struct workqueue_struct *wq = new_wq("detour-blocked", WQ_HIGHPRI, 1);
	struct workqueue_struct *owq = new_wq("detour-waiting", WQ_HIGHPRI, 0);
	struct kwq__pool *pool = wq->cpu_pwqs[cpu]->pool;
	long long end = tap_now_ns() + RUN_MS * 1000000LL;

	INIT_WORK(&slept, slept_fn);
	INIT_WORK(&pushed, pushed_fn);
	INIT_WORK(&other_item, other_fn);
	if (add_work_to_q_on(cpu, wq, &slept) ||
	    !wait_for(&sleep_gate.entered, 1, RUN_MS))
		bail_out("the sleeper did not start");
	if (add_work_to_q_on(cpu, wq, &pushed) ||
	    add_work_to_q_on(cpu, owq, &other_item))
		bail_out("could not add the items behind it");
	/* The manager's looks: the sleeper uncounted, another worker boosted. */
	while (!runs_uncounted(pool, &slept) && tap_now_ns() < end)
		sleep_ms(5);
	if (!runs_uncounted(pool, &slept) ||
	    !wait_for(&other_runs, 1, RUN_MS))
		bail_out("the manager did not take the sleeper out of the count");
	open_and_judge(&sleep_gate, &pushed_runs, &pushed_counted,
		       "an item pushed behind one whose worker the manager "
		       "found blocked runs on a counted worker");
	destroy_workqueue(owq);
	destroy_workqueue(wq);
}

int main(void)
{
	tap_watchdog(120);
	plan(2);
	/*
	 * With debug mode or statistics on (set up by kwq's first use), no
	 * add is pushed.
	 */
	destroy_workqueue(new_wq("detour-probe", WQ_UNBOUND, 0));
	if (kwq__any_mode()) {
		skip(2, "KWQ_DEBUG or statistics on: adds are not pushed");
		return done_testing();
	}
	rename_case();
	blocked_case();
	return done_testing();
}
