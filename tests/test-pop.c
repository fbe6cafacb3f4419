// SPDX-License-Identifier: MIT
/*
 * The takers of a pwq's push queue, each raced by a push (issue 25
 * §1: every writer of the push tail pairs with the add).
 *
 * The pop of the last pushed item.  A worker that frees a slot takes the
 * first pushed item (src/add.c, pop_locked()); when that item is the
 * last, it puts the tail back to the head with a compare-and-swap, and a
 * push that took the item as its predecessor in between makes that fail:
 * the worker must then wait for the push's link and keep the new item.
 *
 * The settle.  Whoever locks the pool to look at the pwq takes the whole
 * queue (kwq__pwq_splice_locked()): it unlinks the first item from the
 * head, then exchanges the tail back to the head.  A push between the two
 * finds the old tail and links behind it, and the walk must take it.  Had
 * the splice exchanged first, that push would find the head and link
 * there, the clearing of the head would cut it off, and the next pop
 * would wait for ever for a link.  A remove of another pushed item is
 * what settles here.
 *
 * The pass of the last pushed item.  A worker ending an item while others
 * wait on the pool's worklist gives its slot as it is to the first pushed
 * item and queues it behind them (pass_pushed_locked() in worker.c): no
 * decrement of nr_active lets a push in that window settle the queue
 * itself, so the push must either link behind the item taken (the
 * compare-and-swap fails, the worker keeps the new link) or, finding the
 * queue empty and every slot held, leave its item to the next release.
 * An item that adds the others and returns at once is that end: on a
 * bound pool, whose one running worker is the finisher, the item it
 * added first waits on the worklist, and its end is over before the
 * manager could start a second worker (at least two looks, a
 * millisecond apart).  The pass again on a queue in its second flush
 * color: the pass writes that color in the item's word, which its push
 * wrote with none (a pass that does not hangs the round's flush).
 *
 * A producer hits such a window about once in a million adds, so this
 * test opens each every time, on every serial and small-max_active kind
 * of queue: a hidden hook, called in the window, adds items there.  Each
 * case checks that the items added in the window run exactly once and
 * after the first pushed one, and that this one, still pending, refuses an
 * add.
 *
 * White-box: links libkwq.a, and add.o built with KWQ_TEST_HOOKS, which
 * calls kwq__pop_last_hook and kwq__splice_hook.
 */
#include "../src/internal.h"
#include "util.h"

#define ROUNDS		20
#define NR_LATE		2

/* ids in the run log */
enum { WAITING = 5, POPPED = 10, REMOVED = 11, LATE = 20 };

enum window { W_POP, W_SPLICE };

static const char *const window_names[] = {
	"the last pop's", "a settle's",
};

struct item {
	struct work_struct work;
	int id;
};

static struct workqueue_struct *wq;
static struct gate gate;
static struct item blockers[2], popped, removed, late[NR_LATE];
static int run_log[8];
static int nr_runs;		/* A */
static int hook_calls;		/* A */
static int hook_ebusy;		/* A: the popped item's add was -EBUSY */
static int hook_added;		/* A */
static int hook_behind;		/* A: in the hook, items on the worklist */

static void item_fn(struct work_struct *work)
{
	struct item *it = container_of(work, struct item, work);
	int n = INC(&nr_runs) - 1;

	if (n < (int)ARRAY_SIZE(run_log))
		run_log[n] = it->id;
}

static void blocker_fn(struct work_struct *work)
{
	item_fn(work);
	gate_wait(&gate);
}

/* In the window, with the pool lock held: push only. */
static void hook(struct kwq__pwq *pwq)
{
	if (pwq->wq != wq || INC(&hook_calls) != 1)
		return;
	STORE(&hook_behind, !kwq__list_empty(&pwq->pool->worklist));
	STORE(&hook_ebusy, add_work_to_q(wq, &popped.work) == -EBUSY);
	for (int i = 0; i < NR_LATE; i++)
		if (add_work_to_q(wq, &late[i].work) == 0)
			INC(&hook_added);
}

static void init_item(struct item *it, int id, void (*fn)(struct work_struct *))
{
	it->id = id;
	INIT_WORK(&it->work, fn);
}

/* The log: the blockers, then the popped item, then the late ones. */
static bool log_in_order(int nr_blockers)
{
	int n = nr_blockers;

	if (LOAD(&nr_runs) != nr_blockers + 1 + NR_LATE)
		return false;
	if (run_log[n++] != POPPED)
		return false;
	for (int i = 0; i < NR_LATE; i++)
		if (run_log[n++] != LATE + i)
			return false;
	return true;
}

static bool one_round(const struct wq_kind *k, enum window win)
{
	int nr_blockers = k->max_active > 1 ? k->max_active : 1;
	int removed_rc = 0;
	bool ok_round;

	wq = new_kind_wq("pop", k);
	memset(&gate, 0, sizeof(gate));
	STORE(&nr_runs, 0);
	STORE(&hook_calls, 0);
	STORE(&hook_ebusy, 0);
	STORE(&hook_added, 0);
	for (int i = 0; i < nr_blockers; i++) {
		init_item(&blockers[i], i, blocker_fn);
		if (add_work_to_q(wq, &blockers[i].work))
			bail_out("could not add a blocker");
	}
	if (!wait_for(&gate.entered, nr_blockers, 10000))
		bail_out("the blockers did not start");
	init_item(&popped, POPPED, item_fn);
	init_item(&removed, REMOVED, item_fn);
	for (int i = 0; i < NR_LATE; i++)
		init_item(&late[i], LATE + i, item_fn);
	/* Every slot is held: pushed, the last and only one. */
	if (add_work_to_q(wq, &popped.work))
		bail_out("could not add the popped item");
	if (win == W_SPLICE) {
		/* Pushed behind it; its remove settles the queue. */
		if (add_work_to_q(wq, &removed.work))
			bail_out("could not add the removed item");
		STORE(&kwq__splice_hook, hook);
		removed_rc = remove_work(&removed.work);
		STORE(&kwq__splice_hook, NULL);
	} else {
		STORE(&kwq__pop_last_hook, hook);
	}
	gate_open(&gate);
	/* Not a flush yet: it would settle the pushed item itself. */
	wait_for(&nr_runs, nr_blockers + 1 + NR_LATE, 10000);
	if (flush_workqueue(wq))
		bail_out("flush_workqueue failed");
	STORE(&kwq__pop_last_hook, NULL);
	ok_round = removed_rc == 0 && LOAD(&hook_calls) >= 1 &&
		   LOAD(&hook_ebusy) && LOAD(&hook_added) == NR_LATE &&
		   log_in_order(nr_blockers);
	if (!ok_round)
		diag("%s, %s: remove %d, hook %d, -EBUSY %d, added %d, runs %d",
		     k->name, window_names[win], removed_rc,
		     LOAD(&hook_calls), LOAD(&hook_ebusy), LOAD(&hook_added),
		     LOAD(&nr_runs));
	destroy_workqueue(wq);
	return ok_round;
}

/* --- the pass ------------------------------------------------------------ */

static struct item waiting;

/*
 * The first item of a bound pool with two slots: it adds one more, which
 * waits on the worklist behind it (the pool runs one item at a time),
 * and the watched one, pushed since every slot is held, then ends.
 */
static void adder_fn(struct work_struct *work)
{
	item_fn(work);
	if (add_work_to_q(wq, &waiting.work) ||
	    add_work_to_q(wq, &popped.work))
		return;
	STORE(&kwq__pop_last_hook, hook);
}

/*
 * Returns -1 when the round went wrong, else whether the hook saw the
 * pass.  @flip: flush the new queue first, so that its pwqs are in their
 * second color, which the pass must write in the word its push wrote
 * without one: else the passed item's end leaves that color's count, and
 * the round's flush waits for ever.
 */
static int pass_round(const struct wq_kind *k, bool flip)
{
	int behind;

	wq = new_kind_wq("pass", k);
	if (flip && flush_workqueue(wq))
		bail_out("flush_workqueue failed");
	STORE(&nr_runs, 0);
	STORE(&hook_calls, 0);
	STORE(&hook_ebusy, 0);
	STORE(&hook_added, 0);
	STORE(&hook_behind, 0);
	init_item(&blockers[0], 0, adder_fn);
	init_item(&waiting, 1, item_fn);
	init_item(&popped, POPPED, item_fn);
	for (int i = 0; i < NR_LATE; i++)
		init_item(&late[i], LATE + i, item_fn);
	if (add_work_to_q(wq, &blockers[0].work))
		bail_out("could not add the first item");
	wait_for(&nr_runs, 2 + 1 + NR_LATE, 10000);
	if (flush_workqueue(wq))
		bail_out("flush_workqueue failed");
	STORE(&kwq__pop_last_hook, NULL);
	behind = LOAD(&hook_behind);
	if (LOAD(&hook_calls) < 1 || !LOAD(&hook_ebusy) ||
	    LOAD(&hook_added) != NR_LATE || run_log[1] != 1 ||
	    !log_in_order(2)) {
		diag("%s, the pass: hook %d, -EBUSY %d, added %d, runs %d",
		     k->name, LOAD(&hook_calls), LOAD(&hook_ebusy),
		     LOAD(&hook_added), LOAD(&nr_runs));
		behind = -1;
	}
	destroy_workqueue(wq);
	return behind;
}

int main(void)
{
	size_t nr_kinds;
	const struct wq_kind *kinds = small_kinds(&nr_kinds);
	cpu_set_t one;
	int passes = 0, pass_kinds = 0;

	tap_watchdog(60);
	/*
	 * The bound kind's items and its worker's adds: one CPU's pwq; the
	 * last, so that the unordered kind's go to a push queue beyond the
	 * first.
	 */
	CPU_ZERO(&one);
	CPU_SET(last_allowed_cpu(), &one);
	if (sched_setaffinity(0, sizeof(one), &one))
		bail_out("sched_setaffinity: %s", strerror(errno));
	for (size_t k = 0; k < nr_kinds; k++)
		pass_kinds += 2 * (kinds[k].max_active == 2 &&
				   !(kinds[k].flags & WQ_UNBOUND));
	plan((int)nr_kinds * 2 + pass_kinds);
	/*
	 * With debug mode or statistics on, every add takes the locked path
	 * (they check and sample there): nothing is pushed to race with.
	 */
	wq = new_kind_wq("pop-probe", &kinds[0]);
	destroy_workqueue(wq);
	if (kwq__any_mode()) {
		skip((int)nr_kinds * 2 + pass_kinds, "KWQ_DEBUG or statistics on: adds are "
		     "not pushed");
		return done_testing();
	}
	for (size_t k = 0; k < nr_kinds; k++) {
		for (int win = W_POP; win <= W_SPLICE; win++) {
			bool all = true;

			for (int r = 0; r < ROUNDS && all; r++)
				all = one_round(&kinds[k], win);
			ok(all, "%s: items pushed in %s window run once, "
			   "after the first pushed, %d rounds", kinds[k].name,
			   window_names[win], ROUNDS);
		}
		if (kinds[k].max_active != 2 || (kinds[k].flags & WQ_UNBOUND))
			continue;
		/* Each round in order; the pass itself in one at least. */
		for (int flip = 0; flip <= 1; flip++) {
			passes = 0;
			for (int r = 0; r < ROUNDS && passes >= 0; r++) {
				int behind = pass_round(&kinds[k], flip);

				passes = behind < 0 ? -1 : passes + behind;
			}
			ok(passes > 0, "%s%s: items pushed in the pass's window "
			   "run once, after the item passed the slot and the "
			   "one before it, %d rounds, the pass in %d",
			   kinds[k].name, flip ? ", second color" : "", ROUNDS,
			   passes);
		}
	}
	return done_testing();
}
