// SPDX-License-Identifier: MIT
/*
 * fork() while another thread is between its push's exchange and its link
 * (push() in src/add.c, held there by the test build's link hook), with
 * items pushed behind it: in the child those items are cut off, pending,
 * their words naming a pwq whose push queue cannot reach them (issue 24,
 * docs/internals.md §2, "The fork child pairs with nothing").  Each call a
 * program can make on such an orphan is made in the child, and must treat
 * it as the other items the parent had pushed: forgotten, idle, free to be
 * added again; a second fork and the queue's destruction must not change
 * that.  The item whose push was half done is in transit in the child, as
 * any add in flight at a fork.  The parent runs every item once.  A
 * child without memory for the fence goes on with the cut pwq, a ghost:
 * its queued items are told from the orphans, and an item of that
 * ordered queue gets -EDEADLK for a wait on one queued behind it.  A
 * fork that cuts ten queues makes ten ghosts, past the table's eight
 * static slots (kwq__ghost_add() in src/cancel.c).
 */
#include "../src/internal.h"
#include "util.h"
#include "warnlog.h"

#define NR_ORPHANS 8
#define ID_X	0			/* the half-done push's item */
#define ID_D	(NR_ORPHANS + 1)	/* a delayed item's, pushed too */
#define ID_P	(NR_ORPHANS + 2)	/* two pushed in the child */

struct item {
	struct work_struct work;
	int id;
};

static struct workqueue_struct *wq, *hold_wq;
static struct gate stall_gate;
static int stalled;			/* A: pushes on wq seen by the hook */
static int runs[ID_P + 2];		/* A */
static struct item items[ID_D];		/* X, then the orphans */
static struct item child_items[2];
static struct delayed_work dw;

static void item_fn(struct work_struct *work)
{
	INC(&runs[container_of(work, struct item, work)->id]);
}

static void dw_fn(struct work_struct *work)
{
	(void)work;
	INC(&runs[ID_D]);
}

/* Hold the first push on hold_wq between its exchange and its link. */
static void link_hook(struct kwq__pwq *pwq)
{
	if (pwq->wq != hold_wq || INC(&stalled) != 1)
		return;
	gate_wait(&stall_gate);
}

static void *pusher(void *arg)
{
	if (add_work_to_q(hold_wq, arg))
		bail_out("the held push failed");
	return NULL;
}

static struct work_struct *orphan(int i)
{
	return &items[i].work;
}

/* A check in a child: a failed one is named, and sets a bit of *@bad. */
static void check(int *bad, int bit, bool good, const char *what, int got)
{
	if (good)
		return;
	dprintf(2, "# pid %d: %s (got %d)\n", (int)getpid(), what, got);
	*bad |= 1 << bit;
}

/* A second fork, from the child: the orphans are still forgotten there. */
static int in_grandchild(void)
{
	int bad = 0, r;

	alarm(20);
	r = remove_work(orphan(5));
	check(&bad, 0, r == -ENOENT, "grandchild: remove_work of an orphan", r);
	r = add_work_to_q(wq, orphan(6));
	check(&bad, 1, r == 0, "grandchild: add of an orphan", r);
	wait_for_work(orphan(6));
	check(&bad, 2, LOAD(&runs[6]) == 1, "grandchild: the orphan ran",
	      LOAD(&runs[6]));
	return bad;
}

/* Items pushed in the child are queued items: a remove finds them. */
static int child_pushes(void)
{
	struct tw blocker;
	struct gate g;
	int bad = 0, r;

	if (block_ordered(wq, &blocker, &g))
		return 1;
	for (int i = 0; i < 2; i++) {
		child_items[i].id = ID_P + i;
		INIT_WORK(&child_items[i].work, item_fn);
		r = add_work_to_q(wq, &child_items[i].work);
		check(&bad, 1, r == 0, "child: a push", r);
	}
	r = remove_work(&child_items[0].work);
	check(&bad, 2, r == 0, "child: remove_work of its own pushed item", r);
	gate_open(&g);
	wait_for_work(&child_items[1].work);
	check(&bad, 3, LOAD(&runs[ID_P]) == 0 && LOAD(&runs[ID_P + 1]) == 1,
	      "child: its pushed items ran as added", LOAD(&runs[ID_P + 1]));
	return bad;
}

static int in_child(void)
{
	int bad = 0, r, status;
	pid_t pid;

	alarm(20);
	STORE(&kwq__link_hook, NULL);
	/* The half-done push's own item is in transit, for good. */
	r = add_work_to_q(wq, orphan(ID_X));
	check(&bad, 0, r == -EBUSY, "child: add of the item in transit", r);
	r = add_work_to_q(wq, orphan(1));
	check(&bad, 1, r == 0, "child: add of an orphan", r);
	wait_for_work(orphan(1));
	check(&bad, 2, LOAD(&runs[1]) == 1, "child: the added orphan ran",
	      LOAD(&runs[1]));
	r = remove_work(orphan(2));
	check(&bad, 3, r == -ENOENT && !work_pending(orphan(2)),
	      "child: remove_work of an orphan", r);
	r = remove_work_sync(orphan(3));
	check(&bad, 4, r == -ENOENT && !work_pending(orphan(3)),
	      "child: remove_work_sync of an orphan", r);
	r = wait_for_work(orphan(4));
	check(&bad, 5, r == 0 && !work_pending(orphan(4)) && !LOAD(&runs[4]),
	      "child: wait_for_work of an orphan", r);
	/* Orphans 5 to 8 are left alone: the queue's waits skip them. */
	r = flush_workqueue(wq);
	check(&bad, 6, r == 0, "child: flush_workqueue", r);
	r = drain_workqueue(wq);
	check(&bad, 7, r == 0, "child: drain_workqueue", r);
	r = add_delayed_work_to_q(wq, &dw, 1);
	check(&bad, 8, r == 0, "child: add_delayed of an orphan", r);
	wait_for_delayed_work(&dw);
	check(&bad, 9, LOAD(&runs[ID_D]) == 1, "child: the delayed orphan ran",
	      LOAD(&runs[ID_D]));
	bad |= child_pushes() << 10;
	pid = fork();
	if (pid == 0)
		_exit(!!in_grandchild());
	r = pid > 0 && waitpid(pid, &status, 0) == pid ? status : -1;
	check(&bad, 14, r == 0, "child: the grandchild's status", r);
	check(&bad, 15, work_pending(orphan(6)) && !LOAD(&runs[6]),
	      "child: the grandchild's add stayed there", LOAD(&runs[6]));
	/* The queue goes; its orphans outlive it. */
	destroy_workqueue(wq);
	r = remove_work(orphan(7));
	check(&bad, 17, r == -ENOENT, "child: remove_work after destroy", r);
	r = remove_work_sync(orphan(5));
	check(&bad, 18, r == -ENOENT, "child: remove_work_sync after destroy",
	      r);
	r = wait_for_work(orphan(6));
	check(&bad, 19, r == 0 && !work_pending(orphan(6)),
	      "child: wait_for_work after destroy", r);
	r = add_work(orphan(8));
	check(&bad, 20, r == 0, "child: add to another queue after destroy", r);
	wait_for_work(orphan(8));
	check(&bad, 21, LOAD(&runs[8]) == 1, "child: it ran", LOAD(&runs[8]));
	return bad;
}

/* --- fork() from an item of the queue whose push is half done ---------- */

static struct workqueue_struct *item_q;
static struct item item_x, item_o[2];	/* the held push, two behind it */
static struct item item_y;		/* added in the child, in the item */
static struct work_struct forker, finisher, flusher;
static struct gate fork_gate;
static int item_child;			/* A: its pid */
/* The child's: the forking item's checks, its end, the flusher's. */
static int forker_bad, forker_ended, flushing, flushed, flush_saw_end; /* A */
static bool flushing_parent;	/* a flush was under way in the parent */

/*
 * In the child, beside the forking item: a flush of its queue waits for
 * that item, which was queued before the flush (../shared/design.md,
 * flush_workqueue()).
 */
static void flusher_fn(struct work_struct *work)
{
	int r;

	(void)work;
	STORE(&flushing, 1);
	r = flush_workqueue(item_q);
	STORE(&flush_saw_end, r == 0 && LOAD(&forker_ended));
	STORE(&flushed, 1);
}

/*
 * In the child, in the forking item, still running on the fenced queue's
 * copy: an item added to that ordered queue does not start beside it,
 * and a flush of the queue does not return before it ends.
 */
static void in_forking_item(void)
{
	long long end;
	int r;

	item_y.id = 3;
	INIT_WORK(&item_y.work, item_fn);
	/* Not with the parent's flush: the flush would wait for it. */
	if (!flushing_parent) {
		r = add_work_to_q(item_q, &item_y.work);
		check(&forker_bad, 4, r == 0, "item child: add in the item",
		      r);
	}
	INIT_WORK(&flusher, flusher_fn);
	r = add_work(&flusher);
	check(&forker_bad, 5, r == 0 && wait_for(&flushing, 1, 10000),
	      "item child: the flusher started", r);
	/* Long enough for either to show itself wrong. */
	end = tap_now_ns() + 300 * 1000000LL;
	while (tap_now_ns() < end && !LOAD(&flushed) &&
	       !LOAD(&runs[item_y.id]))
		sleep_ms(1);
	check(&forker_bad, 6, !LOAD(&runs[item_y.id]),
	      "item child: an item of the ordered queue ran beside the forking one",
	      LOAD(&runs[item_y.id]));
	check(&forker_bad, 7, !LOAD(&flushed),
	      "item child: a flush returned before the forking item ended",
	      LOAD(&flushed));
	STORE(&forker_ended, 1);
}

/* In the child, after the forking item ended. */
static void finisher_fn(struct work_struct *work)
{
	int bad = LOAD(&forker_bad), r;

	(void)work;
	wait_for_work(&item_y.work);
	check(&bad, 8, LOAD(&runs[item_y.id]) == !flushing_parent,
	      "item child: the item added in the item ran",
	      LOAD(&runs[item_y.id]));
	check(&bad, 9, wait_for(&flushed, 1, 10000) && LOAD(&flush_saw_end),
	      "item child: the flush saw the forking item's end",
	      LOAD(&flush_saw_end));
	r = add_work_to_q(item_q, &item_o[0].work);
	check(&bad, 0, r == 0, "item child: add of an orphan", r);
	wait_for_work(&item_o[0].work);
	check(&bad, 1, LOAD(&runs[item_o[0].id]) == 1,
	      "item child: the orphan ran", LOAD(&runs[item_o[0].id]));
	r = remove_work(&item_o[1].work);
	check(&bad, 2, r == -ENOENT, "item child: remove_work of an orphan", r);
	r = flush_workqueue(item_q);
	check(&bad, 3, r == 0, "item child: flush_workqueue", r);
	destroy_workqueue(item_q);
	_exit(!!bad);
}

static void forker_fn(struct work_struct *work)
{
	pid_t pid;

	(void)work;
	gate_wait(&fork_gate);
	pid = fork();
	if (pid != 0) {
		STORE(&item_child, (int)pid);
		return;
	}
	/* The child's one thread is this worker, in this item. */
	alarm(20);
	STORE(&kwq__link_hook, NULL);
	in_forking_item();
	INIT_WORK(&finisher, finisher_fn);
	if (add_work(&finisher))
		_exit(9);
}

static void *parent_flush(void *arg)
{
	(void)arg;
	flush_workqueue(item_q);
	return NULL;
}

/*
 * @flush: a flush of the queue is under way in the parent at the fork,
 * waiting for the forking item: the queue's colour has turned since that
 * item was counted.
 */
static void test_fork_from_item(bool flush)
{
	pthread_t p, f;
	int status;

	item_q = alloc_ordered_workqueue("fork-push-item", 0);
	if (!item_q)
		bail_out("alloc");
	memset(&stall_gate, 0, sizeof(stall_gate));
	STORE(&stalled, 0);
	hold_wq = item_q;
	item_x.id = 0;
	INIT_WORK(&item_x.work, item_fn);
	for (int i = 0; i < 2; i++) {
		item_o[i].id = 1 + i;
		INIT_WORK(&item_o[i].work, item_fn);
	}
	memset(runs, 0, sizeof(runs));
	INIT_WORK(&forker, forker_fn);
	flushing_parent = flush;
	memset(&fork_gate, 0, sizeof(fork_gate));
	STORE(&item_child, 0);
	if (add_work_to_q(item_q, &forker) ||
	    !wait_for(&fork_gate.entered, 1, 10000))
		bail_out("forker");
	if (flushing_parent) {
		unsigned int color = LOAD(&item_q->work_color);

		pthread_create(&f, NULL, parent_flush, NULL);
		while (LOAD(&item_q->work_color) == color)
			sleep_ms(1);
	}
	STORE(&kwq__link_hook, link_hook);
	pthread_create(&p, NULL, pusher, &item_x.work);
	if (!wait_for(&stall_gate.entered, 1, 10000))
		bail_out("the push was not held");
	for (int i = 0; i < 2; i++)
		if (add_work_to_q(item_q, &item_o[i].work))
			bail_out("add %d", i);
	gate_open(&fork_gate);
	/*
	 * Not a wait for the forker: its end in the parent waits, as it
	 * should, for the held push's link before it frees its slot.
	 */
	if (!wait_for(&item_child, 1, 10000) ||
	    waitpid(LOAD(&item_child), &status, 0) != LOAD(&item_child))
		bail_out("no child from the item");
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "a fork from an item of the cut queue%s (status %#x)",
	   flushing_parent ? ", a flush under way" : "", status);
	gate_open(&stall_gate);
	pthread_join(p, NULL);
	if (flushing_parent)
		pthread_join(f, NULL);
	STORE(&kwq__link_hook, NULL);
	flush_workqueue(item_q);
	for (int i = 0; i < 3; i++)
		is_int(LOAD(&runs[i]), 1, "parent: item %d of the forker's queue ran once",
		       i);
	destroy_workqueue(item_q);
}

/* --- a child without memory for the fence ----------------------------- */

#define NM_ORPHANS 6
#define NOMEM_MISSED 77		/* the child's exit: no failure there */
static struct item nm_items[1 + NM_ORPHANS];	/* the held push, orphans */
static struct item nm_legit[2];			/* queued in the child */

static struct work_struct *nm_orphan(int i)
{
	return &nm_items[i].work;
}

/*
 * In the child, an item of the cut queue (its pwq a ghost that the queue
 * still uses) adds an item behind itself on that ordered queue and waits
 * for it: -EDEADLK, as in the parent, where the wait went on for ever
 * (cancel.c's behind_self() took the ghost's word for an orphan's).
 */
static struct workqueue_struct *nm_q;
static struct work_struct nm_self, nm_behind;
static int nm_self_ret, nm_self_done, nm_behind_runs;	/* A */

static void nm_behind_fn(struct work_struct *work)
{
	(void)work;
	INC(&nm_behind_runs);
}

static void nm_self_fn(struct work_struct *work)
{
	int r = add_work_to_q(nm_q, &nm_behind);

	(void)work;
	STORE(&nm_self_ret, r ? r : wait_for_work(&nm_behind));
	STORE(&nm_self_done, 1);
}

/* The check above, in @q; false when the wait did not return. */
static bool nm_wait_behind(struct workqueue_struct *q, int *bad)
{
	int r;

	nm_q = q;
	STORE(&nm_self_ret, 1);
	STORE(&nm_self_done, 0);
	STORE(&nm_behind_runs, 0);
	INIT_WORK(&nm_self, nm_self_fn);
	INIT_WORK(&nm_behind, nm_behind_fn);
	r = add_work_to_q(q, &nm_self);
	if (r || !wait_for(&nm_self_done, 1, 5000)) {
		check(bad, 15, false,
		      "nomem child: an item's wait for one queued behind it on its ordered queue did not return",
		      r);
		return false;
	}
	r = wait_for_work(&nm_behind);
	check(bad, 15, LOAD(&nm_self_ret) == -EDEADLK,
	      "nomem child: an item's wait for one queued behind it on its ordered queue: -EDEADLK",
	      LOAD(&nm_self_ret));
	check(bad, 16, r == 0 && LOAD(&nm_behind_runs) == 1,
	      "nomem child: the item behind it ran once",
	      LOAD(&nm_behind_runs));
	return true;
}

/*
 * The fence had no memory (@spec): the queue goes on with its pwq, the
 * one warning says so, and the orphans are still told from its queued
 * items: each call treats them as forgotten, and crashes or hangs on
 * nothing; the child's own items on that pwq are queued items.
 */
/* The fork's warnings that say a fence failed. */
static int fence_warnings(void)
{
	int n = 0;

	for (int i = 0; i < warnlog_count(); i++)
		n += warnlog_was(i, KWQ_WARN_INTERNAL, "fork", -ENOMEM, NULL, 0,
				 "fence");
	return n;
}

static int in_nomem_child(struct workqueue_struct *q, const char *spec)
{
	int bad = 0, r, nwarn;
	struct tw blocker;
	struct gate g;

	alarm(20);
	STORE(&kwq__link_hook, NULL);
	kwq__fault_set(NULL);
	/*
	 * A parent thread's allocation between the spec and the fork took
	 * the one failure: the fence had its memory (the counts are the
	 * parent's, copied).
	 */
	if (!fence_warnings() && kwq__fault_injected())
		return -1;
	/* The threads' restarts may have failed too, and said so. */
	nwarn = warnlog_count();
	check(&bad, 0, fence_warnings() == 1, spec, fence_warnings());
	/* A hang leaves a worker waiting: nothing more can be checked. */
	if (!nm_wait_behind(q, &bad))
		return bad;
	/* Its pushed items, on the pwq the cut left, are queued ones. */
	if (block_ordered(q, &blocker, &g))
		return 1 << 1;
	for (int i = 0; i < 2; i++) {
		nm_legit[i].id = NM_ORPHANS + 1 + i;
		INIT_WORK(&nm_legit[i].work, item_fn);
		r = add_work_to_q(q, &nm_legit[i].work);
		check(&bad, 2, r == 0, "nomem child: an add", r);
	}
	r = remove_work(&nm_legit[0].work);
	check(&bad, 3, r == 0, "nomem child: remove_work of a queued item", r);
	r = remove_work(nm_orphan(1));
	check(&bad, 4, r == -ENOENT && !work_pending(nm_orphan(1)),
	      "nomem child: remove_work of an orphan", r);
	r = remove_work_sync(nm_orphan(2));
	check(&bad, 5, r == -ENOENT && !work_pending(nm_orphan(2)),
	      "nomem child: remove_work_sync of an orphan", r);
	r = wait_for_work(nm_orphan(3));
	check(&bad, 6, r == 0 && !work_pending(nm_orphan(3)),
	      "nomem child: wait_for_work of an orphan", r);
	r = add_work_to_q(q, nm_orphan(4));
	check(&bad, 7, r == 0, "nomem child: add of an orphan", r);
	gate_open(&g);
	wait_for_work(nm_orphan(4));
	check(&bad, 8, LOAD(&runs[4]) == 1 && LOAD(&runs[NM_ORPHANS + 2]) == 1 &&
	      !LOAD(&runs[NM_ORPHANS + 1]),
	      "nomem child: the queued items ran as added", LOAD(&runs[4]));
	r = flush_workqueue(q);
	check(&bad, 9, r == 0, "nomem child: flush_workqueue", r);
	r = drain_workqueue(q);
	check(&bad, 10, r == 0, "nomem child: drain_workqueue", r);
	destroy_workqueue(q);
	/* Its orphans outlive the queue. */
	r = remove_work(nm_orphan(5));
	check(&bad, 11, r == -ENOENT, "nomem child: remove_work after destroy",
	      r);
	r = add_work(nm_orphan(6));
	check(&bad, 12, r == 0, "nomem child: add after destroy", r);
	wait_for_work(nm_orphan(6));
	check(&bad, 13, LOAD(&runs[6]) == 1, "nomem child: it ran",
	      LOAD(&runs[6]));
	check(&bad, 14, warnlog_count() == nwarn,
	      "nomem child: no warning after the fork's", warnlog_count());
	return bad;
}

/* @spec: the allocation of the child's fence that fails. */
static void test_fork_no_memory(const char *spec)
{
	struct workqueue_struct *q = alloc_ordered_workqueue("fork-nomem", 0);
	struct tw blocker;
	struct gate g;
	bool once;
	pthread_t p;
	int status;
	pid_t pid;

	if (!q || block_ordered(q, &blocker, &g))
		bail_out("nomem: alloc");
	memset(runs, 0, sizeof(runs));
	memset(&stall_gate, 0, sizeof(stall_gate));
	STORE(&stalled, 0);
	hold_wq = q;
	for (int i = 0; i <= NM_ORPHANS; i++) {
		nm_items[i].id = i;
		INIT_WORK(&nm_items[i].work, item_fn);
	}
	STORE(&kwq__link_hook, link_hook);
	pthread_create(&p, NULL, pusher, nm_orphan(0));
	if (!wait_for(&stall_gate.entered, 1, 10000))
		bail_out("nomem: the push was not held");
	for (int i = 1; i <= NM_ORPHANS; i++)
		if (add_work_to_q(q, nm_orphan(i)))
			bail_out("nomem: add %d", i);
	kwq_set_warn_handler(warnlog_record);
	if (kwq__fault_set(spec))
		bail_out("nomem: %s", spec);
	pid = fork();
	kwq__fault_set(NULL);
	if (pid < 0)
		bail_out("fork: %s", strerror(errno));
	if (pid == 0) {
		int bad = in_nomem_child(q, spec);

		_exit(bad < 0 ? NOMEM_MISSED : !!bad);
	}
	kwq_set_warn_handler(NULL);
	if (waitpid(pid, &status, 0) != pid)
		bail_out("waitpid");
	if (WIFEXITED(status) && WEXITSTATUS(status) == NOMEM_MISSED)
		skip(1, "%s: another thread's allocation failed before the fork",
		     spec);
	else
		ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		   "a child without memory for the fence (%s; status %#x)",
		   spec, status);
	gate_open(&stall_gate);
	gate_open(&g);
	pthread_join(p, NULL);
	STORE(&kwq__link_hook, NULL);
	flush_workqueue(q);
	once = tw_runs(&blocker) == 1;
	for (int i = 0; i <= NM_ORPHANS; i++)
		once &= LOAD(&runs[i]) == 1;
	ok(once, "parent: the items of the cut queue ran once (%s)", spec);
	destroy_workqueue(q);
}

/* Run @fn in a fork child, which exits with its verdict: its status. */
static int in_fork(int (*fn)(void))
{
	int status;
	pid_t pid = fork();

	if (pid < 0)
		bail_out("fork: %s", strerror(errno));
	if (pid == 0)
		_exit(!!fn());
	if (waitpid(pid, &status, 0) != pid)
		bail_out("waitpid");
	return status;
}

/* --- more ghosts than the table's static slots ------------------------ */

#define NR_GHOSTS 10		/* past the 8 static slots (cancel.c) */

static struct workqueue_struct *gq[NR_GHOSTS];
static struct gate ghost_gate;
static int ghost_stalled[NR_GHOSTS];	/* A */
static struct item gx[NR_GHOSTS], go[NR_GHOSTS];	/* held, cut off */

/* Hold the first push on each of gq[] between its exchange and link. */
static void ghosts_link_hook(struct kwq__pwq *pwq)
{
	for (int i = 0; i < NR_GHOSTS; i++)
		if (pwq->wq == gq[i] && INC(&ghost_stalled[i]) == 1)
			gate_wait(&ghost_gate);
}

static void *ghost_pusher(void *arg)
{
	int i = (int)(long)arg;

	if (add_work_to_q(gq[i], &gx[i].work))
		bail_out("the held push on queue %d failed", i);
	return NULL;
}

/*
 * In the child: each queue was cut, and each orphan is told as one,
 * the last ones through the table grown past its static slots.
 */
static int in_ghosts_child(void)
{
	int bad = 0, r;

	alarm(20);
	STORE(&kwq__link_hook, NULL);
	check(&bad, 0, LOAD(&kwq__ghosts) == NR_GHOSTS,
	      "ghosts child: the ghosts", (int)LOAD(&kwq__ghosts));
	for (int i = 0; i < NR_GHOSTS; i++) {
		r = remove_work(&go[i].work);
		check(&bad, 1, r == -ENOENT && !work_pending(&go[i].work),
		      "ghosts child: remove_work of an orphan", r);
		r = add_work_to_q(gq[i], &go[i].work);
		check(&bad, 2, r == 0, "ghosts child: add of an orphan", r);
		r = wait_for_work(&go[i].work);
		/* The orphans share an id: each adds one run. */
		check(&bad, 3, r == 0 && LOAD(&runs[go[i].id]) == i + 1,
		      "ghosts child: the orphan ran once",
		      LOAD(&runs[go[i].id]));
	}
	return bad;
}

/*
 * A fork that cuts more queues than the table of ghosts has static
 * slots: kwq__ghost_add() grows it in the child, and every ghost stays
 * one; the parent runs every item once.
 */
static void test_fork_many_ghosts(void)
{
	struct tw blockers[NR_GHOSTS];
	struct gate gates[NR_GHOSTS];
	pthread_t p[NR_GHOSTS];
	int status, ran = 0;

	memset(runs, 0, sizeof(runs));
	memset(&ghost_gate, 0, sizeof(ghost_gate));
	for (int i = 0; i < NR_GHOSTS; i++) {
		gq[i] = alloc_ordered_workqueue("fork-ghost-%d", 0, i);
		if (!gq[i] || block_ordered(gq[i], &blockers[i], &gates[i]))
			bail_out("ghosts: queue %d", i);
		STORE(&ghost_stalled[i], 0);
		/* Two ids, of the held push and of the orphan behind it. */
		gx[i].id = 0;
		INIT_WORK(&gx[i].work, item_fn);
		go[i].id = 1;
		INIT_WORK(&go[i].work, item_fn);
	}
	STORE(&kwq__link_hook, ghosts_link_hook);
	for (int i = 0; i < NR_GHOSTS; i++)
		pthread_create(&p[i], NULL, ghost_pusher, (void *)(long)i);
	if (!wait_for(&ghost_gate.entered, NR_GHOSTS, 10000))
		bail_out("ghosts: the pushes were not held");
	for (int i = 0; i < NR_GHOSTS; i++)
		if (add_work_to_q(gq[i], &go[i].work))
			bail_out("ghosts: add %d", i);
	status = in_fork(in_ghosts_child);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "a fork that cut %d queues: each ghost told, past the table's static slots (status %#x)",
	   NR_GHOSTS, status);
	gate_open(&ghost_gate);
	for (int i = 0; i < NR_GHOSTS; i++) {
		gate_open(&gates[i]);
		pthread_join(p[i], NULL);
	}
	STORE(&kwq__link_hook, NULL);
	for (int i = 0; i < NR_GHOSTS; i++) {
		flush_workqueue(gq[i]);
		ran += tw_runs(&blockers[i]) == 1;
		destroy_workqueue(gq[i]);
	}
	ok(ran == NR_GHOSTS && LOAD(&runs[0]) == NR_GHOSTS &&
	   LOAD(&runs[1]) == NR_GHOSTS,
	   "parent: the items of the %d cut queues ran once (%d, %d, %d)",
	   NR_GHOSTS, ran, LOAD(&runs[0]), LOAD(&runs[1]));
}

int main(void)
{
	struct tw blocker;
	struct gate g;
	pthread_t p;
	int status;

	tap_watchdog(60);
	wq = alloc_ordered_workqueue("fork-push", 0);
	if (!wq)
		bail_out("alloc");
	hold_wq = wq;
	if (getenv("KWQ_TEST_SAN")) {
		/* As test-fork: no sanitizer supports threads after fork(). */
		skip(26, "the sanitizers do not support threads after fork()");
		destroy_workqueue(wq);
		return done_testing();
	}
	if (kwq__any_mode()) {
		/* Debug mode or statistics: every add takes the lock. */
		skip(26, "KWQ_DEBUG or statistics on: adds are not pushed");
		destroy_workqueue(wq);
		return done_testing();
	}
	for (int i = 0; i < ID_D; i++) {
		items[i].id = i;
		INIT_WORK(&items[i].work, item_fn);
	}
	INIT_DELAYED_WORK(&dw, dw_fn);
	/* The one slot taken: every add after it is pushed. */
	if (block_ordered(wq, &blocker, &g))
		bail_out("blocker");
	STORE(&kwq__link_hook, link_hook);
	pthread_create(&p, NULL, pusher, orphan(ID_X));
	if (!wait_for(&stall_gate.entered, 1, 10000))
		bail_out("the push was not held");
	/* Pushed behind it: linked to it, which nothing links. */
	for (int i = 1; i <= NR_ORPHANS; i++)
		if (add_work_to_q(wq, orphan(i)))
			bail_out("add %d", i);
	if (add_work_to_q(wq, &dw.work))
		bail_out("add of the delayed item");
	status = in_fork(in_child);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "the child's calls on items cut off by a half-done push (status %#x)",
	   status);
	/* The parent is unaffected: every item runs once, in order. */
	gate_open(&stall_gate);
	gate_open(&g);
	pthread_join(p, NULL);
	STORE(&kwq__link_hook, NULL);
	flush_workqueue(wq);
	is_int(tw_runs(&blocker), 1, "parent: the blocker ran once");
	for (int i = 0; i <= ID_D; i++)
		is_int(LOAD(&runs[i]), 1, "parent: item %d ran once", i);
	destroy_workqueue(wq);
	test_fork_from_item(false);
	test_fork_from_item(true);
	test_fork_no_memory("malloc:1");
	test_fork_no_memory("malloc:1+");
	test_fork_many_ghosts();
	return done_testing();
}
