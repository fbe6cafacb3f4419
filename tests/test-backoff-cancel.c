// SPDX-License-Identifier: MIT
/*
 * The back-off sleep is not a cancellation point (kwq(7), "Cancellation").
 * destroy_workqueue()'s waits for armed timers and for flushes leaving,
 * the wait for a stalled pusher's link with the pool lock held, and the
 * cancel and rearm retries all sleep in kwq__backoff() once they have spun
 * and yielded: a caller cancelled there would die half done, or with the
 * pool lock held.
 *
 * First the sleeping rounds themselves, forced in a thread with a
 * cancellation pending: each returns, and the thread dies only at its own
 * cancellation point after.  Then the case that matters most, whole: a
 * pusher stalled between its exchange of the tail and its link (the hook
 * of a test build of add.c holds it there), and a thread with a
 * cancellation pending that flushes the queue, so settles the push queue
 * behind the pusher with the pool lock held, sleeping in the back-off
 * until the link comes.  It must finish the flush and die after; the
 * library must then run and flush as before.
 *
 * White-box: links libkwq.a, and add.o built with KWQ_TEST_HOOKS.
 */
#include "../src/internal.h"
#include "util.h"

static int slept;	/* A: sleeping rounds returned from */

/*
 * Out of line, so that its frame (the back-off's timespec, which ASan
 * guards) has returned before the thread unwinds at its cancellation point.
 */
static void __attribute__((noinline)) sleep_rounds(void)
{
	unsigned int round = 128;	/* past the spins and the yields */

	for (int i = 0; i < 8; i++) {
		kwq__backoff(&round);
		INC(&slept);
	}
}

static void *sleeper(void *arg)
{
	(void)arg;
	pthread_cancel(pthread_self());
	sleep_rounds();
	pthread_testcancel();
	return NULL;
}

/* --- a settle behind a stalled pusher ----------------------------------- */

#define STALL_MS	50	/* the settler is well into its sleeps by then */

static struct workqueue_struct *wq;
static struct gate blocker_gate, stall_gate;
static int stalled;		/* A: the pusher is held before its link */
static int flushed;		/* A: the cancelled flush returned */
static int nr_runs;		/* A */

static void count_fn(struct work_struct *w)
{
	(void)w;
	INC(&nr_runs);
}

static void blocker_fn(struct work_struct *w)
{
	count_fn(w);
	gate_wait(&blocker_gate);
}

/* Every push to @wq: the first one stalls before its link. */
static void link_hook(struct kwq__pwq *pwq)
{
	if (pwq->wq != wq || INC(&stalled) != 1)
		return;
	gate_wait(&stall_gate);
}

static void *pusher(void *arg)
{
	if (add_work_to_q(wq, arg))
		bail_out("the pushed add failed");
	return NULL;
}

static void *settler(void *arg)
{
	(void)arg;
	pthread_cancel(pthread_self());
	if (flush_workqueue(wq) == 0)
		STORE(&flushed, 1);
	pthread_testcancel();
	return NULL;
}

static void test_stalled_pusher(void)
{
	struct work_struct blocker, pushed, later;
	pthread_t p, c;
	void *res;

	wq = alloc_ordered_workqueue("backoff-cancel", 0);
	if (!wq)
		bail_out("alloc_ordered_workqueue: %s", strerror(errno));
	if (kwq__any_mode()) {
		/* Debug mode or statistics: every add takes the lock. */
		skip(2, "KWQ_DEBUG or statistics on: adds are not pushed");
		destroy_workqueue(wq);
		return;
	}
	INIT_WORK(&blocker, blocker_fn);
	INIT_WORK(&pushed, count_fn);
	INIT_WORK(&later, count_fn);
	/* The slot held, so the next add pushes; its push stalls. */
	if (add_work_to_q(wq, &blocker) ||
	    !wait_for(&blocker_gate.entered, 1, 10000))
		bail_out("the blocker did not start");
	STORE(&kwq__link_hook, link_hook);
	pthread_create(&p, NULL, pusher, &pushed);
	if (!wait_for(&stall_gate.entered, 1, 10000))
		bail_out("the push did not stall");
	/*
	 * The flush settles behind the stalled push, the lock held.  The
	 * blocker keeps its slot meanwhile, or its worker's release would be
	 * the one to wait for the link.
	 */
	pthread_create(&c, NULL, settler, NULL);
	sleep_us(STALL_MS * 1000);
	gate_open(&stall_gate);
	gate_open(&blocker_gate);
	pthread_join(p, NULL);
	STORE(&kwq__link_hook, NULL);
	pthread_join(c, &res);
	ok(LOAD(&flushed) && res == PTHREAD_CANCELED,
	   "a flush settling behind a stalled pusher, cancellation pending: "
	   "it returned 0, then the thread died at its own point");
	if (!LOAD(&flushed))
		bail_out("the settler died inside kwq: the pool lock is held");
	if (add_work_to_q(wq, &later) || flush_workqueue(wq))
		bail_out("the queue no longer takes or flushes work");
	is_int(LOAD(&nr_runs), 3,
	       "then the queue runs the blocker, the pushed item and a later one");
	destroy_workqueue(wq);
}

int main(void)
{
	pthread_t t;
	void *res;

	tap_watchdog(30);
	pthread_create(&t, NULL, sleeper, NULL);
	pthread_join(t, &res);
	is_int(LOAD(&slept), 8,
	       "each sleeping round of the back-off returned, cancellation pending");
	ok(res == PTHREAD_CANCELED, "the thread died at its own cancellation point");
	test_stalled_pusher();
	return done_testing();
}
