// SPDX-License-Identifier: MIT
/*
 * Guarantee 4 across queues: an item re-added to another queue while it
 * still runs elsewhere takes its place in that queue at once.  The queue's
 * flush_workqueue() waits for it, an ordered queue runs it in the order of
 * adds, wait_for_work(), remove_work() and remove_work_sync() see it there,
 * and only its start waits for the instance still running.  Each case moves
 * an item between two different pools (unbound to ordered, bound to
 * unbound, normal to high priority), since a move within one pool is the
 * plain collision case (one case checks it too).
 */
#include "util.h"

#include <stdlib.h>

/* A mover: its first run re-adds itself to @to, then waits at @gate. */
struct mover {
	struct work_struct work;
	struct workqueue_struct *to;
	struct gate gate;
	int runs;		/* A */
	int in;			/* A: runs in progress */
	int overlaps;		/* A */
	int readd;		/* A: what the re-add returned */
};

/* The order in which items ran on the target queue. */
static struct work_struct *order[16];
static int nr_order;		/* A */

static void log_run(struct work_struct *w)
{
	int i = INC(&nr_order) - 1;

	if (i < (int)ARRAY_SIZE(order))
		__atomic_store_n(&order[i], w, __ATOMIC_RELEASE);
}

static void mover_fn(struct work_struct *work)
{
	struct mover *m = container_of(work, struct mover, work);

	if (INC(&m->in) != 1)
		INC(&m->overlaps);
	if (LOAD(&m->runs) == 0) {
		STORE(&m->readd, add_work_to_q(m->to, work));
		gate_wait(&m->gate);
	} else {
		log_run(work);
	}
	DEC(&m->in);
	INC(&m->runs);
}

static void plain_fn(struct work_struct *work)
{
	log_run(work);
}

static void mover_init(struct mover *m, struct workqueue_struct *to)
{
	memset(m, 0, sizeof(*m));
	INIT_WORK(&m->work, mover_fn);
	m->to = to;
	STORE(&nr_order, 0);
}

/* Start @m on @from and wait until its first run has re-added it. */
static void mover_start(struct mover *m, struct workqueue_struct *from)
{
	if (add_work_to_q(from, &m->work))
		bail_out("add_work_to_q failed");
	if (!wait_for(&m->gate.entered, 1, 10000))
		bail_out("the mover did not start");
}

/*
 * The case, for a pair of queues on different pools: @m re-adds
 * itself to @to from its run on @from, then @b is added to @to.  A flush of
 * @to waits for both, and an ordered @to runs @m first.
 */
static void flush_sees_move(const char *what, struct workqueue_struct *from,
			    struct workqueue_struct *to, int ordered)
{
	struct mover m;
	struct work_struct b;
	struct bg_call c;

	mover_init(&m, to);
	INIT_WORK(&b, plain_fn);
	mover_start(&m, from);
	is_int(LOAD(&m.readd), 0, "%s: the re-add while running returns 0",
	       what);
	ok(work_pending(&m.work), "%s: the re-added item is pending", what);
	is_int(add_work_to_q(to, &b), 0, "%s: a second item is added", what);
	bg_wq(&c, flush_workqueue, to);
	wait_for(&c.started, 1, 10000);
	/* Neither can finish while the first run is held at its gate. */
	sleep_ms(100);
	is_int(LOAD(&c.done), 0,
	       "%s: flush_workqueue() waits for the item re-added before it",
	       what);
	if (ordered)
		is_int(LOAD(&nr_order), 0,
		       "%s: the ordered queue runs nothing before it", what);
	gate_open(&m.gate);
	is_int(bg_join(&c), 0, "%s: the flush returns 0", what);
	is_int(LOAD(&m.runs), 2, "%s: the item ran twice by then", what);
	is_int(LOAD(&nr_order), 2, "%s: both items ran on the target", what);
	if (ordered)
		ok(LOAD(&nr_order) == 2 && order[0] == &m.work &&
		   order[1] == &b, "%s: in the order of adds", what);
	is_int(LOAD(&m.overlaps), 0, "%s: the item never overlapped itself",
	       what);
}

/* wait_for_work() of the moved item waits for its run on the target queue. */
static void flush_work_sees_move(struct workqueue_struct *from,
				 struct workqueue_struct *to)
{
	struct mover m;
	struct bg_call c;

	mover_init(&m, to);
	mover_start(&m, from);
	bg_work(&c, wait_for_work, &m.work);
	wait_for(&c.started, 1, 10000);
	sleep_ms(50);
	is_int(LOAD(&c.done), 0, "wait_for_work() waits while the item waits");
	gate_open(&m.gate);
	is_int(bg_join(&c), 0, "wait_for_work() returns 0");
	is_int(LOAD(&m.runs), 2,
	       "wait_for_work() returned after the run on the target queue");
}

/*
 * remove_work() takes the waiting instance out of the target queue, which
 * is left with nothing in flight; remove_work_sync() also waits for the
 * instance still running.
 */
static void cancel_sees_move(struct workqueue_struct *from,
			     struct workqueue_struct *to)
{
	struct mover m;
	struct bg_call c;

	mover_init(&m, to);
	mover_start(&m, from);
	is_int(remove_work(&m.work), 0,
	       "remove_work() removes the waiting instance");
	ok(!work_pending(&m.work), "the item is no longer pending");
	is_int(flush_workqueue(to), 0,
	       "the target queue flushes at once with nothing in it");
	is_int(add_work_to_q(to, &m.work), 0, "the item is added again");
	bg_work(&c, remove_work_sync, &m.work);
	wait_for(&c.started, 1, 10000);
	sleep_ms(50);
	is_int(LOAD(&c.done), 0,
	       "remove_work_sync() waits for the instance still running");
	gate_open(&m.gate);
	is_int(bg_join(&c), 0, "remove_work_sync() removed the instance");
	is_int(LOAD(&m.runs), 1, "the cancelled instances never ran");
	ok(!work_pending(&m.work), "nothing is pending afterwards");
	flush_workqueue(from);
	flush_workqueue(to);
	is_int(LOAD(&m.runs), 1, "still one run");
}

/* destroy_workqueue() of the target runs the waiting item first. */
static void destroy_sees_move(struct workqueue_struct *from)
{
	struct workqueue_struct *to = new_ordered("move-to");
	struct mover m;
	struct bg_call c;

	mover_init(&m, to);
	mover_start(&m, from);
	bg_wq(&c, NULL, to);
	wait_for(&c.started, 1, 10000);
	sleep_ms(50);
	is_int(LOAD(&c.done), 0,
	       "destroy_workqueue() of the target waits for the moved item");
	gate_open(&m.gate);
	bg_join(&c);
	is_int(LOAD(&m.runs), 2, "the moved item ran before the queue went");
}

int main(void)
{
	struct workqueue_struct *unbound, *ordered, *bound, *hi_ordered;

	tap_watchdog(60);
	plan(52);
	unbound = new_wq("move-unbound", WQ_UNBOUND, 0);
	bound = new_wq("move-bound", 0, 0);
	ordered = new_ordered("move-ordered");
	hi_ordered = alloc_ordered_workqueue("move-hi", WQ_HIGHPRI);
	if (!hi_ordered)
		bail_out("alloc_ordered_workqueue: %s", strerror(errno));

	/* The case; both are on the unbound pool: a collision. */
	flush_sees_move("unbound to ordered", unbound, ordered, 1);
	flush_sees_move("bound to ordered", bound, ordered, 1);
	flush_sees_move("bound to unbound", bound, unbound, 0);
	flush_sees_move("unbound to high-priority ordered", unbound,
			hi_ordered, 1);
	flush_work_sees_move(bound, ordered);
	cancel_sees_move(unbound, hi_ordered);
	destroy_sees_move(bound);

	destroy_workqueue(hi_ordered);
	destroy_workqueue(ordered);
	destroy_workqueue(bound);
	destroy_workqueue(unbound);
	return done_testing();
}
