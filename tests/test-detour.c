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
 * next item uncounted.  And statistics turned on (kwq__pools_detour()):
 * every item started once kwq_stats_enable() returns is timed, where a
 * chain of ends that start the next item themselves would run untimed
 * while it lasts.
 *
 * The pwq's detour byte (kwq__pwq_detour()): the end of an item tests it
 * for three things that send it the general way, each set under the
 * pool lock while the item runs, while adds push behind it without the
 * lock.  An item settled onto the inactive list (a look at the pwq moves
 * pushed items to the lists) must start before one pushed after it; a
 * freeze must start nothing, even an item pushed once it began; and a
 * flush's mark (test-flush) must be counted down.
 *
 * White-box: links libkwq.a, reads the worker's and the pool's counts of
 * renames from inside an item.
 */
#include "../src/internal.h"
#include "util.h"

#include <kwq/stats.h>

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

#define ROUNDS	5
#define BEHIND	3		/* items behind the blocker */

/*
 * Add @first to @wq on @cpu, held at @g, which spins from the start:
 * asleep, the manager would see a blocked worker and uncount it, which
 * sends it back to its loop (kwq__worker_detour()) and hides the windows
 * below, the ends that start the next item themselves.
 */
static void block_spin(struct workqueue_struct *wq, int cpu,
		       struct tw *first, struct gate *g)
{
	memset(g, 0, sizeof(*g));
	g->spin = 1;
	tw_init(first);
	first->gate = g;
	if (add_work_to_q_on(cpu, wq, &first->work) ||
	    !wait_for(&g->entered, 1, RUN_MS))
		bail_out("the blocker did not start");
}

static struct work_struct behind[BEHIND];
static int enabled;		/* A: set once kwq_stats_enable() returned */
static int after;		/* A: runs that began once it was set */
static int done;		/* A: runs of the items behind */

static void behind_fn(struct work_struct *w)
{
	(void)w;
	if (LOAD(&enabled))
		INC(&after);
	INC(&done);
}

/*
 * One round: @wq's blocker at a gate that spins, BEHIND items added with
 * statistics off behind it (pushed: its slots are full), statistics
 * turned on, the gate opened.  On an ordered queue the blocker's end
 * would hand the first over; on a bound queue of two slots, the second
 * (@second) waits on the worklist, and the blocker's end would pass the
 * first pushed item behind it and take it, each end then the next.  The
 * runs timed must count every run that began after the enable returned.
 */
static bool stats_round(struct workqueue_struct *wq, int cpu, bool second)
{
	struct kwq_stats s;
	struct tw first;
	struct gate g;
	int n = 0;

	STORE(&enabled, 0);
	STORE(&after, 0);
	STORE(&done, 0);
	block_spin(wq, cpu, &first, &g);
	for (int i = 0; i < BEHIND; i++) {
		INIT_WORK(&behind[i], behind_fn);
		if (add_work_to_q_on(cpu, wq, &behind[i]))
			bail_out("could not add an item behind the blocker");
	}
	kwq_stats_enable(true);
	STORE(&enabled, 1);
	gate_open(&g);
	/*
	 * Not flushed before they ran: a flush's mark sends the ends the
	 * general way (the pwq's detour), which would hide the window.
	 */
	if (!wait_for(&done, BEHIND, RUN_MS))
		bail_out("the items behind the blocker did not run");
	flush_workqueue(wq);
	kwq_stats_get(wq, &s, sizeof(s));
	kwq_stats_enable(false);
	n = LOAD(&after);
	if (s.runtime.samples < (unsigned long long)n || (!second && !n))
		diag("%llu runs timed, %d began after the enable",
		     s.runtime.samples, n);
	return s.runtime.samples >= (unsigned long long)n && (second || n);
}

static void stats_case(void)
{
	int cpu = last_allowed_cpu();
	int ordered = 0, bound = 0;

	for (int r = 0; r < ROUNDS; r++) {
		struct workqueue_struct *wq = new_ordered("detour-stats");

		ordered += stats_round(wq, cpu, false);
		destroy_workqueue(wq);
		wq = new_wq("detour-stats2", 0, 2);
		bound += stats_round(wq, cpu, true);
		destroy_workqueue(wq);
	}
	is_int(ordered, ROUNDS, "ordered: every item started once statistics "
	       "came on is timed, none handed over untimed");
	is_int(bound, ROUNDS, "bound, two slots: every item started once "
	       "statistics came on is timed, no head taken untimed");
}

static int order[2];		/* A: which ran first, second */
static int order_at;		/* A */
static struct work_struct settled, pushed;

static void order_fn(struct work_struct *w)
{
	STORE(&order[INC(&order_at) - 1], w == &settled ? 1 : 2);
}

/*
 * An ordered queue's blocker at a gate; an item pushed behind it, which
 * a report then settles onto the inactive list (kwq_stats_get() looks at
 * the pwq under its lock); a second item pushed.  The blocker's end must
 * give its slot to the settled item, not hand over the pushed one.
 */
static void inactive_case(void)
{
	int in_order = 0;

	for (int r = 0; r < ROUNDS; r++) {
		struct workqueue_struct *wq = new_ordered("detour-inactive");
		struct kwq_stats s;
		struct tw first;
		struct gate g;

		STORE(&order_at, 0);
		block_spin(wq, last_allowed_cpu(), &first, &g);
		INIT_WORK(&settled, order_fn);
		INIT_WORK(&pushed, order_fn);
		if (add_work_to_q(wq, &settled))
			bail_out("could not add the item to settle");
		kwq_stats_get(wq, &s, sizeof(s));
		if (!(work_data(&settled) & WORK_INACTIVE))
			bail_out("the report did not settle the pushed item");
		if (add_work_to_q(wq, &pushed))
			bail_out("could not add the pushed item");
		gate_open(&g);
		if (!wait_for(&order_at, 2, RUN_MS))
			bail_out("the items behind the blocker did not run");
		in_order += LOAD(&order[0]) == 1 && LOAD(&order[1]) == 2;
		destroy_workqueue(wq);
	}
	is_int(in_order, ROUNDS, "an item settled inactive starts before one "
	       "pushed after it, never handed over past it");
}

static int froze;		/* A: kwq_freeze_workqueues() returned */
static struct tw late;

static void *freeze_main(void *arg)
{
	(void)arg;
	if (kwq_freeze_workqueues())
		bail_out("kwq_freeze_workqueues() failed");
	STORE(&froze, 1);
	return NULL;
}

/*
 * A freezable ordered queue's blocker at a gate; a freeze in another
 * thread, which sets the limit to 0 and waits for the blocker; then an
 * item pushed (the add finds no slot).  The blocker's end must start
 * nothing: the item runs only after the thaw.
 */
static void freeze_case(void)
{
	int held = 0;

	for (int r = 0; r < ROUNDS; r++) {
		struct workqueue_struct *wq;
		struct tw first;
		struct gate g;
		pthread_t t;

		wq = alloc_ordered_workqueue("detour-freeze", WQ_FREEZABLE);
		if (!wq)
			bail_out("could not create the freezable queue");
		STORE(&froze, 0);
		block_spin(wq, last_allowed_cpu(), &first, &g);
		if (pthread_create(&t, NULL, freeze_main, NULL))
			bail_out("pthread_create");
		for (int i = 0; LOAD(&wq->dfl_pwq->limit); i++) {
			if (i > RUN_MS * 10)
				bail_out("the freeze did not reach the queue");
			sleep_us(100);
		}
		tw_init(&late);
		if (add_work_to_q(wq, &late.work))
			bail_out("could not add the item during the freeze");
		gate_open(&g);
		pthread_join(t, NULL);
		held += !tw_runs(&late) && !LOAD(&late.in);
		kwq_thaw_workqueues();
		if (!wait_for(&late.runs, 1, RUN_MS))
			bail_out("the item added during the freeze did not run");
		destroy_workqueue(wq);
	}
	is_int(held, ROUNDS, "a freeze that began while an item ran starts "
	       "nothing at its end, even an item pushed since");
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
 * A worker the manager found blocked stops counting (kwq__uncount_locked(),
 * which sets the byte): a bound serial queue's item, asleep at a gate on
 * CPU c's high-priority pool (target 1), an item pushed behind it, and an
 * item of another queue waiting on the pool's worklist, which the look
 * boosts a worker for.  The sleeper's end must go back to the loop, which
 * counts it again before the pushed item, not hand the item over to a
 * worker that does not count: the pool would then run beyond its target.
 */
static struct gate sleep_gate;
static struct work_struct slept, pushed_behind, other_item;
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
	INIT_WORK(&pushed_behind, pushed_fn);
	INIT_WORK(&other_item, other_fn);
	if (add_work_to_q_on(cpu, wq, &slept) ||
	    !wait_for(&sleep_gate.entered, 1, RUN_MS))
		bail_out("the sleeper did not start");
	if (add_work_to_q_on(cpu, wq, &pushed_behind) ||
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
	plan(6);
	/*
	 * With debug mode or statistics on (set up by kwq's first use), no
	 * add is pushed.
	 */
	destroy_workqueue(new_wq("detour-probe", WQ_UNBOUND, 0));
	if (kwq__any_mode()) {
		skip(6, "KWQ_DEBUG or statistics on: adds are not pushed");
		return done_testing();
	}
	rename_case();
	blocked_case();
	inactive_case();
	freeze_case();
	stats_case();
	return done_testing();
}
