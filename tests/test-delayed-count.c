// SPDX-License-Identifier: MIT
/*
 * A queue's count of its armed items (kwq__timer_armed(): one count per
 * CPU's wheel, kept under that wheel's lock, and nr_firing for items the
 * timer thread has taken off a wheel but not queued yet), which
 * destroy_workqueue() waits on and kwq_stats_get() reports.
 *
 * Each window of the count is met: an item between its wheel and its
 * queue, held there by taking its pool's lock behind kwq's back (so the
 * case does not depend on timing); a cancel racing the timer thread's
 * expiry; arms racing cancels from another thread, on several wheels,
 * and two cancellers racing each other too.
 * Whatever the interleaving, every arm that returned 0 ends as one cancel
 * that returned 0 or one run, and the count comes back to 0.
 *
 * White-box: it reads the count and takes a pool's lock, so it links
 * libkwq.a.
 */
#include "../src/internal.h"
#include "dwork.h"

#include <stdlib.h>

/* Wait, at most 2 s, until the timer thread has taken @dw off its wheel. */
static bool wait_off_wheel(struct delayed_work *dw)
{
	long long end = tap_now_ns() + 2000 * MS;

	while (__atomic_load_n(&dw->base, __ATOMIC_ACQUIRE)) {
		if (tap_now_ns() > end)
			return false;
		sleep_us(50);
	}
	return true;
}

/*
 * The timer thread blocks on the pool's lock in fire(), with the item off
 * its wheel: it must still be counted, or destroy could free the queue
 * under the item.
 */
static void test_firing_window(void)
{
	struct workqueue_struct *wq = new_wq("dc-fire", 0, 0);
	int cpu = last_allowed_cpu(), rounds = (int)tap_scale(20);
	struct kwq__pool *pool = wq->cpu_pwqs[cpu]->pool;
	int off = 0, counted = 0, after = 0;
	struct tdw t;

	tdw_init(&t);
	for (int i = 0; i < rounds; i++) {
		kwq__lock(pool);
		tdw_arming(&t, 1);
		if (add_delayed_work_to_q_on(cpu, wq, &t.dw, 1))
			bail_out("arm %d failed", i);
		off += wait_off_wheel(&t.dw);
		/* Let the thread reach the lock, then look. */
		sleep_ms(2);
		counted += kwq__timer_armed(wq) == 1;
		kwq__unlock(pool);
		if (!tdw_wait(&t, i + 1))
			bail_out("round %d never ran", i);
		after += armed_settles(wq);
	}
	ok(off == rounds && counted == rounds,
	   "an item the timer thread holds between its wheel and its queue is counted (%d of %d)",
	   counted, rounds);
	ok(after == rounds && tdw_runs(&t) == rounds && !LOAD(&t.early),
	   "and not once it is queued (%d of %d)", after, rounds);
	destroy_workqueue(wq);
}

/*
 * remove_delayed_work() around the expiry: each arm ends as a cancel that
 * returned 0 or a run, never both, never neither.
 */
static void cancel_vs_expiry(const char *what, unsigned int flags)
{
	struct workqueue_struct *wq = new_wq(what, flags, 0);
	int loops = (int)tap_scale(300), cancels = 0;
	unsigned int seed = 7;
	struct tdw t;

	tdw_init(&t);
	for (int i = 0; i < loops; i++) {
		if (tdw_add(wq, &t, 1))
			bail_out("arm %d failed (%s)", i, what);
		sleep_us(rand_r(&seed) % 2000);
		cancels += remove_delayed_work(&t.dw) == 0;
		/*
		 * Let a fired run end before the next arm, which it would
		 * otherwise take for its own: by the count, since PENDING
		 * drops before the run begins.
		 */
		if (!tdw_wait(&t, i + 1 - cancels))
			bail_out("arm %d neither cancelled nor run (%s)", i,
				 what);
	}
	ok(tdw_runs(&t) == loops - cancels &&
	   !LOAD(&t.early) && !LOAD(&t.overlaps),
	   "a cancel racing the expiry: runs == arms - cancels (%d == %d - %d, %s)",
	   tdw_runs(&t), loops, cancels, what);
	ok(armed_settles(wq), "and nothing is counted (%s): %lu", what,
	   kwq__timer_armed(wq));
	destroy_workqueue(wq);
}

struct racer {
	struct workqueue_struct *wq;
	struct delayed_work dw;
	int cpus[CPU_SETSIZE];
	int nr_cpus;
	int runs;		/* A */
	int arms;		/* A: arms that returned 0 */
	int cancels;		/* A: cancels that returned 0 */
	int odd;		/* A: results neither 0 nor expected */
	int done;		/* A: the armer has finished */
	int cancellers;		/* A: cancellers started, for their CPUs */
};

static void racer_fn(struct work_struct *work)
{
	struct racer *r = container_of(to_delayed_work(work), struct racer,
				       dw);

	INC(&r->runs);
}

/*
 * Arm on each allowed CPU's wheel in turn, for 0 to 2 ms, until enough
 * arms went through (most meet the item pending) or 5 s have passed.
 */
static void *armer_main(void *p)
{
	struct racer *r = p;
	int want = (int)tap_scale(3000);
	long long end = tap_now_ns() + 5000 * MS;

	pin_self(r->cpus[0]);
	for (long i = 0; LOAD(&r->arms) < want && tap_now_ns() < end; i++) {
		int cpu = r->cpus[i % r->nr_cpus];
		int rc = add_delayed_work_to_q_on(cpu, r->wq, &r->dw,
						  (unsigned long)(i % 3));

		if (!rc)
			INC(&r->arms);
		else if (rc != -EBUSY)
			INC(&r->odd);
	}
	STORE(&r->done, 1);
	return NULL;
}

static void *canceller_main(void *p)
{
	struct racer *r = p;

	/* The first on the last CPU, a second on the armer's. */
	int nth = INC(&r->cancellers);

	pin_self(r->cpus[(r->nr_cpus - nth) % r->nr_cpus]);
	while (!LOAD(&r->done)) {
		int rc = remove_delayed_work(&r->dw);

		if (!rc)
			INC(&r->cancels);
		else if (rc != -ENOENT)
			INC(&r->odd);
	}
	return NULL;
}

/*
 * With @two cancellers, they also race each other for the same armed item
 * (remove_delayed_work() tries kwq__timer_disarm() before the whole grab):
 * one cancel too many that returned 0 shows as runs < arms - cancels.
 */
static void arm_vs_cancel(const char *what, unsigned int flags, bool two)
{
	struct racer r = { 0 };
	pthread_t a, c, c2;
	int left;

	r.wq = new_wq(what, flags, 0);
	r.nr_cpus = allowed_cpus(r.cpus, CPU_SETSIZE);
	INIT_DELAYED_WORK(&r.dw, racer_fn);
	if (pthread_create(&a, NULL, armer_main, &r) ||
	    pthread_create(&c, NULL, canceller_main, &r) ||
	    (two && pthread_create(&c2, NULL, canceller_main, &r)))
		bail_out("pthread_create failed");
	pthread_join(a, NULL);
	pthread_join(c, NULL);
	if (two)
		pthread_join(c2, NULL);
	if (!remove_delayed_work(&r.dw))
		INC(&r.cancels);
	left = LOAD(&r.arms) - LOAD(&r.cancels);
	ok(wait_for(&r.runs, left, 10000) && LOAD(&r.runs) == left &&
	   !LOAD(&r.odd),
	   "arms racing cancels on another thread: runs == arms - cancels (%d == %d - %d, %s)",
	   LOAD(&r.runs), LOAD(&r.arms), LOAD(&r.cancels), what);
	ok(armed_settles(r.wq),
	   "and nothing is counted, and destroy returns (%s): %lu", what,
	   kwq__timer_armed(r.wq));
	destroy_workqueue(r.wq);
}

int main(void)
{
	tap_watchdog(120);
	plan(14);
	test_firing_window();
	cancel_vs_expiry("dc-exp-b", 0);
	cancel_vs_expiry("dc-exp-u", WQ_UNBOUND);
	arm_vs_cancel("dc-race-b", 0, false);
	arm_vs_cancel("dc-race-u", WQ_UNBOUND, false);
	arm_vs_cancel("dc-race2-b", 0, true);
	arm_vs_cancel("dc-race2-u", WQ_UNBOUND, true);
	return done_testing();
}
