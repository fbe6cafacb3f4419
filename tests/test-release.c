// SPDX-License-Identifier: MIT
/*
 * The handshake between an add that finds no free slot and the release of
 * a slot (issue 25 §1: every writer of what the lock-free add reads pairs
 * with it; docs/internals.md §2, the nr_active row).
 *
 * An add to a pwq whose slots are all held pushes its item without the
 * lock and leaves it to the worker that frees the next slot.  The first
 * pusher (the push queue was empty) then reads nr_active again, after its
 * exchange of the tail: a release that came before that exchange saw an
 * empty queue and took nothing, so the pusher must see the freed slot and
 * settle the queue itself.  kwq__pwq_dec_locked() looks at the tail after
 * it lowers nr_active: a release that came after the pusher read "no slot"
 * must find the item and take it.  Either half missing strands the item,
 * pending and never run, with every later add queued behind it.
 *
 * A producer meets these windows about once in millions of adds; this
 * test opens each every time, on every serial and small-max_active kind
 * of queue, with the hooks of a test build of add.c (internal.h): a slot
 * released wholly before the pusher's exchange (the pusher must settle);
 * wholly after the pusher left its item (the release must take it from
 * the list); and a release stopped between its look at the list (empty)
 * and its store while the pusher pushes and leaves (the release must look
 * at the tail after its store).  Each round then checks that the item
 * runs without a flush, which would settle it whatever the handshake did.
 *
 * White-box: links libkwq.a, and add.o built with KWQ_TEST_HOOKS.
 */
#include "../src/internal.h"
#include "util.h"

#define ROUNDS		20
#define RUN_MS		5000	/* a stranded item never runs: give up then */

enum window { W_BEFORE, W_LEFT, W_SPLIT };

static const char *const window_names[] = {
	[W_BEFORE] = "before the pusher's exchange",
	[W_LEFT] = "after the pusher left its item",
	[W_SPLIT] = "around the push, stopped before its store",
};

struct blocker {
	struct work_struct work;
	struct gate gate;
};

static struct workqueue_struct *wq;
static struct blocker blockers[2];
static struct work_struct pushed;
static int nr_blockers;
static enum window window;
static int nr_runs;		/* A */
static int push_calls;		/* A: the hook's calls at its window */
static int release_calls;	/* A */
static int pusher_left;		/* A: W_SPLIT: the pusher left its item */

static void count_fn(struct work_struct *w)
{
	(void)w;
	INC(&nr_runs);
}

static void blocker_fn(struct work_struct *w)
{
	count_fn(w);
	gate_wait(&container_of(w, struct blocker, work)->gate);
}

/*
 * Let every blocker end (each counted a run as it started), and wait until
 * each released its slot.
 */
static void release_slots(struct kwq__pwq *pwq)
{
	for (int i = 0; i < nr_blockers; i++)
		gate_open(&blockers[i].gate);
	if (!wait_for(&nr_runs, nr_blockers, RUN_MS))
		return;
	while (__atomic_load_n(&pwq->nr_active, __ATOMIC_ACQUIRE) >= pwq->limit)
		sched_yield();
	/* The last release holds the lock until its look at the tail ends. */
	kwq__lock(pwq->pool);
	kwq__unlock(pwq->pool);
}

/* In the add, no lock held. */
static void push_hook(struct kwq__pwq *pwq, int at)
{
	if (pwq->wq != wq)
		return;
	if (window == W_SPLIT && at == KWQ__PUSH_LEFT) {
		STORE(&pusher_left, 1);
		return;
	}
	if (at != (window == W_BEFORE ? KWQ__PUSH_BEFORE : KWQ__PUSH_LEFT) ||
	    INC(&push_calls) != 1)
		return;
	release_slots(pwq);
	if (at == KWQ__PUSH_LEFT)
		/* The release found the item pushed: it runs without us. */
		wait_for(&nr_runs, nr_blockers + 1, RUN_MS);
}

/* W_SPLIT, in the first blocker's release, the pool lock held. */
static void release_hook(struct kwq__pwq *pwq)
{
	if (pwq->wq != wq || INC(&release_calls) != 1)
		return;
	wait_for(&pusher_left, 1, RUN_MS);
}

static bool one_round(const struct wq_kind *k)
{
	bool ran, hooked;

	wq = new_kind_wq("release", k);
	nr_blockers = k->max_active > 1 ? k->max_active : 1;
	STORE(&nr_runs, 0);
	STORE(&push_calls, 0);
	STORE(&release_calls, 0);
	STORE(&pusher_left, 0);
	for (int i = 0; i < nr_blockers; i++) {
		memset(&blockers[i].gate, 0, sizeof(blockers[i].gate));
		INIT_WORK(&blockers[i].work, blocker_fn);
		if (add_work_to_q(wq, &blockers[i].work))
			bail_out("could not add a blocker");
		if (!wait_for(&blockers[i].gate.entered, 1, 10000))
			bail_out("a blocker did not start");
	}
	INIT_WORK(&pushed, count_fn);
	STORE(&kwq__push_hook, push_hook);
	if (window == W_SPLIT) {
		/* One slot's release stops in its window; the add comes. */
		STORE(&kwq__release_hook, release_hook);
		gate_open(&blockers[0].gate);
		wait_for(&release_calls, 1, RUN_MS);
	}
	if (add_work_to_q(wq, &pushed))
		bail_out("could not add the pushed item");
	/* Not a flush: it would settle the pushed item itself. */
	ran = wait_for(&nr_runs, nr_blockers + 1, RUN_MS);
	hooked = window == W_SPLIT ? LOAD(&release_calls) >= 1 &&
				     LOAD(&pusher_left) :
				     LOAD(&push_calls) == 1;
	STORE(&kwq__push_hook, NULL);
	STORE(&kwq__release_hook, NULL);
	if (!ran || !hooked)
		diag("%s, %s: hooked %d, runs %d", k->name,
		     window_names[window], hooked, LOAD(&nr_runs));
	for (int i = 0; i < nr_blockers; i++)
		gate_open(&blockers[i].gate);
	if (flush_workqueue(wq))
		bail_out("flush_workqueue failed");
	destroy_workqueue(wq);
	return ran && hooked;
}

int main(void)
{
	size_t nr_kinds;
	const struct wq_kind *kinds = small_kinds(&nr_kinds);
	cpu_set_t one;

	tap_watchdog(120);
	/*
	 * The bound kind's items and the adds: one CPU's pwq; the last, so
	 * that the unordered kind's go to a push queue beyond the first,
	 * which the release's look after its store must reach.
	 */
	CPU_ZERO(&one);
	CPU_SET(last_allowed_cpu(), &one);
	if (sched_setaffinity(0, sizeof(one), &one))
		bail_out("sched_setaffinity: %s", strerror(errno));
	plan((int)nr_kinds * 3);
	/* With debug mode or statistics on, no add is pushed. */
	wq = new_kind_wq("release-probe", &kinds[0]);
	destroy_workqueue(wq);
	if (kwq__any_mode()) {
		skip((int)nr_kinds * 3, "KWQ_DEBUG or statistics on: adds are "
		     "not pushed");
		return done_testing();
	}
	for (size_t k = 0; k < nr_kinds; k++) {
		for (window = W_BEFORE; window <= W_SPLIT; window++) {
			bool all = true;

			for (int r = 0; r < ROUNDS && all; r++)
				all = one_round(&kinds[k]);
			ok(all, "%s: a slot released %s: the item runs, "
			   "%d rounds", kinds[k].name, window_names[window],
			   ROUNDS);
		}
	}
	return done_testing();
}
