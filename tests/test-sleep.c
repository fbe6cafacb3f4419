// SPDX-License-Identifier: MIT
/*
 * Waiting inside kwq sleeps.  A second remove_work_sync() of an item that a
 * first one already holds, and a drain_workqueue() that waits for an item
 * still running on another queue, must not spin: the waiting thread's CPU
 * time (CLOCK_THREAD_CPUTIME_ID) stays a small part of its wait.  That is a
 * bound on a resource, generous (a fifth of the wait), not a timing
 * assertion: a spinning waiter uses nearly all of it.
 */
#include "util.h"

#include <stdlib.h>

#define HOLD_MS 300

static long long thread_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* A call made in a thread that measures its own CPU time over the call. */
struct timed {
	struct bg_call c;
	long long cpu_ns;	/* A */
	long long wall_ns;	/* A */
};

static void *timed_main(void *arg)
{
	struct timed *t = arg;
	long long cpu = thread_cpu_ns(), wall = tap_now_ns();
	int ret;

	STORE(&t->c.started, 1);
	if (t->c.work_fn)
		ret = t->c.work_fn(t->c.work);
	else
		ret = t->c.wq_fn(t->c.wq);
	STORE(&t->cpu_ns, thread_cpu_ns() - cpu);
	STORE(&t->wall_ns, tap_now_ns() - wall);
	STORE(&t->c.ret, ret);
	STORE(&t->c.done, 1);
	return NULL;
}

static void timed_start(struct timed *t)
{
	if (pthread_create(&t->c.thread, NULL, timed_main, t))
		bail_out("pthread_create failed");
	if (!wait_for(&t->c.started, 1, 10000))
		bail_out("the timed thread did not start");
}

/* Say whether @t slept through its call: CPU under a fifth of the wait. */
static void slept(struct timed *t, const char *what)
{
	long long cpu = LOAD(&t->cpu_ns), wall = LOAD(&t->wall_ns);

	ok(cpu * 5 < wall,
	   "%s sleeps: %lld ms of CPU in a %lld ms wait", what,
	   cpu / 1000000, wall / 1000000);
}

/*
 * The item runs, held at a gate; one remove_work_sync() owns it and waits
 * for the run; a second one waits for the first.
 */
static void second_cancel_sync(void)
{
	struct workqueue_struct *wq = new_wq("sleep-cancel", WQ_UNBOUND, 0);
	struct timed first = { 0 }, second = { 0 };
	struct gate g = { 0 };
	struct tw t;

	tw_init(&t);
	t.gate = &g;
	add_work_to_q(wq, &t.work);
	if (!wait_for(&g.entered, 1, 10000))
		bail_out("the item did not start");
	first.c.work_fn = remove_work_sync;
	first.c.work = &t.work;
	timed_start(&first);
	/* The first canceller owns the item once it is pending again. */
	for (int i = 0; i < 10000 && !work_pending(&t.work); i++)
		sleep_us(100);
	ok(work_pending(&t.work), "the first remove_work_sync() owns the item");
	second.c.work_fn = remove_work_sync;
	second.c.work = &t.work;
	timed_start(&second);
	sleep_ms(HOLD_MS);
	is_int(LOAD(&second.c.done), 0,
	       "the second remove_work_sync() waits while the item runs");
	gate_open(&g);
	pthread_join(first.c.thread, NULL);
	pthread_join(second.c.thread, NULL);
	is_int(LOAD(&second.c.ret), -ENOENT,
	       "the second one found nothing pending");
	ok(!work_pending(&t.work) && tw_runs(&t) == 1,
	   "the item is idle, having run once");
	slept(&second, "a second remove_work_sync()");
	destroy_workqueue(wq);
}

/* Its first run adds it to @to, then waits at @g. */
struct hop {
	struct work_struct work;
	struct workqueue_struct *to;
	struct gate *g;
	int runs;	/* A */
};

static void hop_fn(struct work_struct *work)
{
	struct hop *h = container_of(work, struct hop, work);

	if (INC(&h->runs) == 1) {
		add_work_to_q(h->to, work);
		gate_wait(h->g);
	}
}

/*
 * drain_workqueue() of a queue whose item was added to it while it still
 * runs on another pool waits for that run, then for the item.
 */
static void drain_waits_for_move(void)
{
	struct workqueue_struct *from = new_wq("sleep-from", 0, 0);
	struct workqueue_struct *to = new_wq("sleep-to", WQ_UNBOUND, 0);
	struct timed drain = { 0 };
	struct gate g = { 0 };
	struct hop h = { .to = to, .g = &g };

	INIT_WORK(&h.work, hop_fn);
	add_work_to_q(from, &h.work);
	if (!wait_for(&g.entered, 1, 10000))
		bail_out("the item did not start");
	drain.c.wq_fn = drain_workqueue;
	drain.c.wq = to;
	timed_start(&drain);
	sleep_ms(HOLD_MS);
	is_int(LOAD(&drain.c.done), 0,
	       "drain_workqueue() waits for the item still running elsewhere");
	gate_open(&g);
	pthread_join(drain.c.thread, NULL);
	is_int(LOAD(&drain.c.ret), 0, "the drain returns 0");
	is_int(LOAD(&h.runs), 2, "after the item's run on the drained queue");
	slept(&drain, "drain_workqueue()");
	destroy_workqueue(to);
	destroy_workqueue(from);
}

int main(void)
{
	tap_watchdog(60);
	plan(9);
	second_cancel_sync();
	drain_waits_for_move();
	return done_testing();
}
