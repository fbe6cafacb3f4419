// SPDX-License-Identifier: MIT
/*
 * The push queues of an unordered unbound queue, one per CPU (src/add.c,
 * kwq__wq_push_queues(); docs/internals.md §2).  Each window a producer
 * on one CPU can open against a worker that takes another CPU's items:
 *
 * - every CPU's queue is taken from, in turn: items pushed from two CPUs
 *   behind held slots all run once the slots free, without a flush (which
 *   would settle them), and a CPU's items wait for 64 takes of the
 *   other's at most, not for all of them.  Told by the takes, not by the
 *   order the items' functions start in: a worker kept off the CPU
 *   between its take and its item's first instruction (once on a loaded
 *   machine; 50 us are enough with these items) lets the other slot's
 *   worker start all the rest first, so the case holds CPU B's first item
 *   at its start until every other item has started;
 * - an add on CPU A while a worker takes CPU B's last item (a hook in
 *   that window, the pool lock held): the add pushes without the lock,
 *   and every item runs once;
 * - a producer that moves between CPUs between its exchange and its link:
 *   the exchange is made on CPU A's queue, the worker that frees a slot
 *   finds the tail moved with no link and waits, and the link comes from
 *   CPU B; the item runs once, after the link.
 * - the pass (pass_pushed_locked() in worker.c): a worker ending an item
 *   while another queue's item waits on the pool's worklist gives its slot
 *   to CPU B's last pushed item and queues it behind, taking it off CPU B's
 *   queue (a pass that unlinked it from the first queue waits there for
 *   ever for a link); the item runs once.  An end passes from the turn's
 *   queue only, so a release that pops an item pushed from CPU B first
 *   gives CPU B's queue the turn; every step waits for the one before,
 *   and the slots are held by items that wait running, so that no third
 *   worker takes the other queue's item first.  The manager still starts
 *   one when it takes the running relays for blocked, which it does
 *   without /proc (its fallback counts an item run through two looks, 2
 *   ms, as blocked) once the test is kept off the CPU that long between
 *   its add of the other item and its opening of the gate: 15 of 150
 *   runs under load failed so, "released, not passed".  The hook tells
 *   that round (the other item no longer waits when a relay ends): it is
 *   checked for its items, then tried again, not counted; a release with
 *   the other item waiting fails, as does an item not run once.
 *
 * Needs two CPUs; white-box (kwq__pop_last_hook, the pwq's push queues),
 * so this links libkwq.a and add.o built with KWQ_TEST_HOOKS.
 */
#include "../src/internal.h"
#include "util.h"

#define NR_MAX		256	/* items pushed from each CPU, at most */
#define NR_LONG		200	/* from CPU A, ahead of two from CPU B */

struct item {
	struct work_struct work;
	int id;			/* CPU slot (0 or 1) * 1000 + number */
};

static struct workqueue_struct *wq;
static struct gate gate;
static struct item blockers[2], items[2][NR_MAX];
static int run_log[2 * NR_MAX];
static int nr_runs;		/* A */
static int runs_of[2][NR_MAX];	/* A */
static int cpus[2];
static int turns;		/* A: test_turns() runs */
static int a_before_b;		/* A: CPU A's items started with CPU B's
				   last still pending */
static int held_runs;		/* A: runs started while CPU B's first
				   item was held at its start */

static void item_fn(struct work_struct *work)
{
	struct item *it = container_of(work, struct item, work);
	int n;

	if (LOAD(&turns)) {
		/*
		 * Each item's PENDING goes under the pool lock as its worker
		 * starts it, before its function: an item of CPU A that
		 * finds CPU B's last still pending started before it,
		 * whatever kept either worker off the CPU since.  CPU B's
		 * first holds one slot here, so that CPU A's share the other
		 * with CPU B's last, and that count is the takes of CPU A's
		 * before it; a splice that queued CPU B's behind them counts
		 * all 200 too.
		 */
		if (it->id < 1000 && work_pending(&items[1][1].work))
			INC(&a_before_b);
		/*
		 * CPU B's first, held where a preempted worker would be:
		 * the other slot starts all the rest meanwhile.
		 */
		if (it->id == 1000 && wait_for(&nr_runs, NR_LONG + 1, 10000))
			STORE(&held_runs, LOAD(&nr_runs));
	}
	n = INC(&nr_runs) - 1;
	if (n < (int)ARRAY_SIZE(run_log))
		STORE(&run_log[n], it->id);
	INC(&runs_of[it->id / 1000][it->id % 1000]);
}

static void blocker_fn(struct work_struct *work)
{
	(void)work;
	gate_wait(&gate);
}

static struct kwq__pushq *pushq_of(int slot)
{
	return wq->push_qs[(unsigned int)cpus[slot] % KWQ_PUSHQ_BY_CPU];
}

static bool pushed_on(int slot)
{
	struct kwq__pushq *q = pushq_of(slot);

	return __atomic_load_n(&q->tail, __ATOMIC_ACQUIRE) != &q->stub;
}

/*
 * A fresh unbound queue with max_active 2, both slots held at the gate;
 * @spin: the blockers wait running, so that the manager, which sees no
 * blocked worker, starts no third one.
 */
static void hold_slots(bool spin)
{
	memset(&gate, 0, sizeof(gate));
	gate.spin = spin;
	memset(runs_of, 0, sizeof(runs_of));
	STORE(&nr_runs, 0);
	wq = alloc_workqueue("pcpu", WQ_UNBOUND, 2);
	if (!wq)
		bail_out("alloc_workqueue: %s", strerror(errno));
	if (pushq_of(0) == pushq_of(1))
		bail_out("CPUs %d and %d share a push queue", cpus[0], cpus[1]);
	for (int i = 0; i < 2; i++) {
		INIT_WORK(&blockers[i].work, blocker_fn);
		if (add_work_to_q(wq, &blockers[i].work))
			bail_out("could not add a blocker");
	}
	if (!wait_for(&gate.entered, 2, 10000))
		bail_out("the blockers did not start");
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < NR_MAX; i++) {
			items[s][i].id = s * 1000 + i;
			INIT_WORK(&items[s][i].work, item_fn);
		}
}

/* Add items[@slot][@from .. @to) from the CPU of @slot. */
static void add_from(int slot, int from, int to)
{
	if (pin_self(cpus[slot]))
		bail_out("cannot run on CPU %d", cpus[slot]);
	for (int i = from; i < to; i++)
		if (add_work_to_q(wq, &items[slot][i].work))
			bail_out("add %d on CPU %d", i, cpus[slot]);
}

static bool each_ran_once(int nr0, int nr1)
{
	for (int s = 0; s < 2; s++)
		for (int i = 0; i < NR_MAX; i++)
			if (LOAD(&runs_of[s][i]) != (i < (s ? nr1 : nr0)))
				return false;
	return true;
}

/* --- every CPU's queue is taken from, in turn --------------------------- */

static void test_turns(void)
{
	bool both_pushed, once;
	int last_b = -1;

	hold_slots(false);
	STORE(&a_before_b, 0);
	STORE(&held_runs, 0);
	STORE(&turns, 1);
	add_from(0, 0, NR_LONG);
	add_from(1, 0, 2);
	both_pushed = pushed_on(0) && pushed_on(1);
	gate_open(&gate);
	/* No flush: it would settle the queues itself. */
	once = wait_for(&nr_runs, NR_LONG + 2, 10000);
	sleep_ms(10);
	STORE(&turns, 0);
	once = once && LOAD(&nr_runs) == NR_LONG + 2 &&
	       each_ran_once(NR_LONG, 2);
	/*
	 * The queue of the turn changes after KWQ_PUSHQ_TURN takes at most:
	 * CPU B's two are taken within the first KWQ_PUSHQ_TURN + 2, and
	 * would be taken last were the turn kept while CPU A's links items.
	 * A few more for a worker's look that took nothing.  The order of
	 * the starts says nothing of it: CPU B's first starts last here.
	 */
	for (int n = 0; n < LOAD(&nr_runs) && n < (int)ARRAY_SIZE(run_log); n++)
		if (LOAD(&run_log[n]) / 1000)
			last_b = n;
	ok(both_pushed && once,
	   "items pushed on CPUs %d and %d behind held slots all run once, "
	   "no flush needed (%d runs)", cpus[0], cpus[1], LOAD(&nr_runs));
	ok(LOAD(&held_runs) == NR_LONG + 1 &&
	   LOAD(&a_before_b) < KWQ_PUSHQ_TURN + 8,
	   "the CPUs' queues are taken from in turn: %d of %d from CPU %d "
	   "started before CPU %d's last; its first, held at its start, "
	   "started %d-th", LOAD(&a_before_b), NR_LONG, cpus[0], cpus[1],
	   last_b + 1);
	destroy_workqueue(wq);
}

/* --- an add on CPU A while a worker takes CPU B's last item ------------- */

static int hook_calls;		/* A */
static int helper_go;		/* A */
static int helper_rc;		/* A: its add's return */
static int helper_done;		/* A: the add has returned */
static int hook_saw_add;	/* A: the add returned inside the window */

static void *helper(void *arg)
{
	(void)arg;
	if (pin_self(cpus[0]))
		bail_out("cannot run on CPU %d", cpus[0]);
	while (!LOAD(&helper_go))
		sleep_us(50);
	STORE(&helper_rc, add_work_to_q(wq, &items[0][NR_LONG].work));
	STORE(&helper_done, 1);
	return NULL;
}

/* In the window of CPU B's last item taken, with the pool lock held. */
static void pop_hook(struct kwq__pwq *pwq)
{
	if (pwq->wq != wq || pushed_on(1) == false ||
	    kwq__pushq_first(pushq_of(1), __ATOMIC_ACQUIRE) ||
	    INC(&hook_calls) != 1)
		return;
	STORE(&helper_go, 1);
	/* Its push takes no lock: a lock taken would time this out. */
	STORE(&hook_saw_add, wait_for(&helper_done, 1, 2000) &&
	      LOAD(&helper_rc) == 0);
}

static void test_add_while_popping(void)
{
	pthread_t t;
	bool once;

	hold_slots(false);
	STORE(&hook_calls, 0);
	STORE(&helper_go, 0);
	STORE(&helper_rc, -1);
	STORE(&helper_done, 0);
	STORE(&hook_saw_add, 0);
	/*
	 * CPU A's queue still links items when the turn passes to CPU B's,
	 * after KWQ_PUSHQ_TURN takes: the add behind them pushes.
	 */
	add_from(0, 0, NR_LONG);
	add_from(1, 0, 1);
	if (pthread_create(&t, NULL, helper, NULL))
		bail_out("pthread_create");
	kwq__pop_last_hook = pop_hook;
	gate_open(&gate);
	once = wait_for(&nr_runs, NR_LONG + 2, 10000);
	kwq__pop_last_hook = NULL;
	STORE(&helper_go, 1);
	pthread_join(t, NULL);
	sleep_ms(10);
	once = once && LOAD(&nr_runs) == NR_LONG + 2 &&
	       each_ran_once(NR_LONG + 1, 1);
	ok(LOAD(&hook_calls) == 1 && LOAD(&hook_saw_add) && once,
	   "an add on CPU %d while CPU %d's last item is taken: pushed "
	   "without the lock (%d), each item ran once (%d runs)", cpus[0],
	   cpus[1], LOAD(&hook_saw_add), LOAD(&nr_runs));
	destroy_workqueue(wq);
}

/* --- a producer that moves between its exchange and its link ------------ */

static void test_migrating_push(void)
{
	struct kwq__pwq *pwq;
	struct kwq__pushq *q;
	struct work_struct *w;
	struct work_struct *prev;
	bool early, once;

	hold_slots(false);
	pwq = wq->dfl_pwq;
	w = &items[0][0].work;
	/* An add's first half on CPU 0: PENDING won, the exchange made. */
	if (pin_self(cpus[0]))
		bail_out("cannot run on CPU %d", cpus[0]);
	if (test_and_set_work_pending(w) & WORK_PENDING)
		bail_out("a fresh item was pending");
	q = pushq_of(0);
	kwq__pushed_link(w, NULL, __ATOMIC_RELAXED);
	prev = __atomic_exchange_n(&q->tail, w, __ATOMIC_SEQ_CST);
	set_work_pwq(w, work_pwq_data(pwq, 0));
	/* The slots stay held (no free slot to re-read): a release settles. */
	gate_open(&gate);
	sleep_ms(30);
	early = LOAD(&nr_runs) != 0;
	/* Moved to CPU 1, the producer links. */
	if (pin_self(cpus[1]))
		bail_out("cannot run on CPU %d", cpus[1]);
	kwq__pushed_link(prev, w, __ATOMIC_RELEASE);
	once = wait_for(&nr_runs, 1, 10000);
	sleep_ms(10);
	once = once && LOAD(&nr_runs) == 1 && each_ran_once(1, 0);
	ok(prev == &q->stub && !early && once,
	   "a push exchanged on CPU %d and linked from CPU %d: the worker "
	   "waits for the link, the item runs once", cpus[0], cpus[1]);
	destroy_workqueue(wq);
}

/* --- the pass of CPU B's last item ------------------------------------- */

#define PASS_ROUNDS	3	/* rounds that must pass */
#define PASS_TRIES	50	/* rounds at most, to get PASS_ROUNDS set up */

static struct workqueue_struct *other_wq;
static struct work_struct other;
static struct item relays[2];
static struct gate relay_gate;
static int other_runs;		/* A */
static int pass_calls;		/* A */
static int pass_waiting;	/* A: in the hook, the other item waits */
static int pass_held;		/* A: in the hook, nr_active is still 2 */

static void other_fn(struct work_struct *work)
{
	(void)work;
	INC(&other_runs);
}

static void relay_fn(struct work_struct *work)
{
	(void)work;
	gate_wait(&relay_gate);
}

/*
 * In the window of CPU B's last item taken, with the pool lock held.  A
 * pass queues it behind the worklist's items with the ended item's slot
 * as it is (nr_active still 2); a release lowered nr_active before its
 * pop, and a hand-over finds the worklist empty.  Whether the other
 * queue's item still waits there (not started: pending) says whether the
 * round was set up.
 */
static void pass_hook(struct kwq__pwq *pwq)
{
	if (pwq->wq != wq || INC(&pass_calls) != 1)
		return;
	STORE(&pass_waiting, !kwq__list_empty(&pwq->pool->worklist) &&
	      work_pending(&other));
	STORE(&pass_held, __atomic_load_n(&pwq->nr_active,
					  __ATOMIC_RELAXED) == 2);
}

/* Is CPU B's push queue the turn's, the one an end looks at? */
static bool turn_is_b(void)
{
	struct kwq__pool *pool = wq->dfl_pwq->pool;
	bool b;

	kwq__lock(pool);
	b = wq->dfl_pwq->push_turn == pushq_of(1);
	kwq__unlock(pool);
	return b;
}

/*
 * What a round of the pass showed.  PREVENTED: the set-up the round
 * needs did not come about, so that it says nothing of the pass: CPU B's
 * queue was not the turn's, or another worker took the other queue's
 * item before a relay ended.  The manager starts that worker when it
 * takes the relays for blocked: never while it reads them running in
 * /proc, as they spin, but without /proc (its fallback, which counts an
 * item that has run through two of its looks, 2 ms, as blocked) and
 * with the test kept off the CPU between its add of the other item and
 * its opening of the relays' gate, it does.  Such a round is still
 * checked for its items, and tried again.
 */
enum round { ROUND_FAILED, ROUND_PREVENTED, ROUND_PASSED };

/*
 * Every step waits for the one before: the items that hold the slots
 * wait running, so that the manager, seeing no blocked worker, starts no
 * third one to take the other queue's item before an end can pass behind
 * it.  FAILED: an item did not run once, CPU B's item was not taken once,
 * or the slot was released while the other item waited; @why says which.
 */
static enum round pass_round(char *why, size_t len)
{
	bool ran, once;

	hold_slots(true);
	memset(&relay_gate, 0, sizeof(relay_gate));
	relay_gate.spin = 1;
	STORE(&other_runs, 0);
	STORE(&pass_calls, 0);
	STORE(&pass_waiting, 0);
	STORE(&pass_held, 0);
	INIT_WORK(&other, other_fn);
	for (int i = 0; i < 2; i++)
		INIT_WORK(&relays[i].work, relay_fn);
	/*
	 * An end passes from the turn's push queue only, the first at the
	 * start: the release that pops relays[0], pushed from CPU B, gives
	 * CPU B's queue the turn; relays[1] then holds the slot freed.
	 */
	if (pin_self(cpus[1]))
		bail_out("cannot run on CPU %d", cpus[1]);
	if (add_work_to_q(wq, &relays[0].work))
		bail_out("could not add the first relay");
	gate_open(&gate);
	if (!wait_for(&relay_gate.entered, 1, 10000))
		bail_out("the first relay did not start");
	if (add_work_to_q(wq, &relays[1].work))
		bail_out("could not add the second relay");
	if (!wait_for(&relay_gate.entered, 2, 10000))
		bail_out("the second relay did not start");
	if (!turn_is_b()) {
		gate_open(&relay_gate);
		destroy_workqueue(wq);
		return ROUND_PREVENTED;
	}
	add_from(1, 0, 1);
	/*
	 * The same pool's worklist: the relays hold the slots and the
	 * pool's target, so the other queue's item waits there until a
	 * relay ends, whose end passes its slot to CPU B's item behind it.
	 */
	if (add_work_to_q(other_wq, &other))
		bail_out("could not add the other queue's item");
	kwq__pop_last_hook = pass_hook;
	gate_open(&relay_gate);
	ran = wait_for(&nr_runs, 1, 10000) && wait_for(&other_runs, 1, 10000);
	kwq__pop_last_hook = NULL;
	sleep_ms(10);
	once = LOAD(&nr_runs) == 1 && LOAD(&other_runs) == 1 &&
	       each_ran_once(0, 1);
	destroy_workqueue(wq);
	snprintf(why, len, "%s%s%s (runs %d, %d; takes %d)",
		 ran ? "" : ", an item did not run in 10 s",
		 once ? "" : ", an item not run once",
		 LOAD(&pass_calls) == 1 ? "" : ", CPU B's item not taken once",
		 LOAD(&nr_runs), LOAD(&other_runs), LOAD(&pass_calls));
	if (!ran || !once || LOAD(&pass_calls) != 1)
		return ROUND_FAILED;
	if (!LOAD(&pass_waiting))
		return ROUND_PREVENTED;
	snprintf(why, len, ", the slot released while the other item waited");
	return LOAD(&pass_held) ? ROUND_PASSED : ROUND_FAILED;
}

static void test_pass(void)
{
	int passes = 0, prevented = 0, tries = 0;
	enum round res = ROUND_PASSED;
	char why[160] = "";

	other_wq = alloc_workqueue("pcpu-other", WQ_UNBOUND, 0);
	if (!other_wq)
		bail_out("alloc_workqueue: %s", strerror(errno));
	while (passes < PASS_ROUNDS && tries++ < PASS_TRIES) {
		res = pass_round(why, sizeof(why));
		if (res == ROUND_FAILED)
			break;
		if (res == ROUND_PREVENTED)
			prevented++;
		else
			passes++;
	}
	destroy_workqueue(other_wq);
	ok(passes == PASS_ROUNDS, "CPU %d's last item passed the slot behind "
	   "another queue's item: taken off CPU %d's queue, each item ran "
	   "once, in %d of %d rounds (%d not set up, tried again)%s",
	   cpus[1], cpus[1], passes, PASS_ROUNDS, prevented,
	   res == ROUND_FAILED ? why : "");
}

int main(void)
{
	cpu_set_t all;
	unsigned int nr_push;

	tap_watchdog(60);
	if (sched_getaffinity(0, sizeof(all), &all))
		bail_out("sched_getaffinity: %s", strerror(errno));
	plan(5);
	if (allowed_cpus(cpus, 2) < 2) {
		skip(5, "one CPU: nothing to push from a second");
		return done_testing();
	}
	/* With either mode on, adds take the locked path: nothing is pushed. */
	wq = alloc_workqueue("pcpu-probe", WQ_UNBOUND, 2);
	if (!wq)
		bail_out("alloc_workqueue: %s", strerror(errno));
	nr_push = wq->dfl_pwq->push_mask + 1;
	destroy_workqueue(wq);
	if (kwq__any_mode()) {
		skip(5, "KWQ_DEBUG or statistics on: adds are not pushed");
		return done_testing();
	}
	if (nr_push == 1) {
		skip(5, "no rseq area (valgrind?): one push queue per pwq");
		return done_testing();
	}
	test_turns();
	if (sched_setaffinity(0, sizeof(all), &all))
		bail_out("sched_setaffinity: %s", strerror(errno));
	test_add_while_popping();
	if (sched_setaffinity(0, sizeof(all), &all))
		bail_out("sched_setaffinity: %s", strerror(errno));
	test_migrating_push();
	if (sched_setaffinity(0, sizeof(all), &all))
		bail_out("sched_setaffinity: %s", strerror(errno));
	test_pass();
	return done_testing();
}
