/* SPDX-License-Identifier: MIT */
/*
 * Scaffolding for the tests of delayed work: a delayed item that counts its
 * runs, notices a run that overlaps another run of itself, and checks
 * guarantee 7 from inside: a run never starts before its delay has passed
 * since it was armed.
 *
 * "Never early" is measured conservatively: the test reads CLOCK_MONOTONIC
 * before it calls the arming function, and the item reads it again when it
 * starts; kwq reads its own clock in between, so a start less than the delay
 * after the test's reading is early whatever kwq's rounding.
 */
#ifndef KWQ_TESTS_DWORK_H
#define KWQ_TESTS_DWORK_H

#include "util.h"

#define MS	1000000LL	/* nanoseconds */
#define HOUR	(3600UL * HZ)	/* a delay that never ends within a test */

/*
 * tdw ("test delayed work").  Before each arm the test calls tdw_arming()
 * with the delay; the run compares its start with that.  An item that is
 * re-armed while it runs must not use the check (the running instance could
 * read the new arming time).
 */
struct tdw {
	struct delayed_work dw;
	struct gate *gate;	/* if set, every run waits at it */
	long sleep_us;		/* each run sleeps this long */
	long long armed_ns;	/* A: tap_now_ns() just before the last arm */
	long delay_ms;		/* A: the delay of the last arm */
	long long start_ns;	/* A: when the last run started */
	long long min_margin;	/* A: least start - (armed + delay) seen, ns */
	int runs;		/* A: runs finished */
	int in;			/* A: runs in progress */
	int overlaps;		/* A: runs that found another one in progress */
	int early;		/* A: runs that started before their delay */
	int cpu;		/* A: sched_getcpu() in the last run */
	int pending_inside;	/* A: runs where the item was pending at entry */
	void (*hook)(struct tdw *t);	/* if set, called inside each run */
	void *arg;		/* for @hook */
};

static inline void tdw_fn(struct work_struct *work)
{
	struct tdw *t = container_of(to_delayed_work(work), struct tdw, dw);
	long long now = tap_now_ns();
	long long margin = now - LOAD(&t->armed_ns) - LOAD(&t->delay_ms) * MS;
	long long cur = LOAD(&t->min_margin);

	if (delayed_work_pending(&t->dw))
		INC(&t->pending_inside);
	if (INC(&t->in) != 1)
		INC(&t->overlaps);
	STORE(&t->start_ns, now);
	if (margin < 0)
		INC(&t->early);
	while (margin < cur &&
	       !__atomic_compare_exchange_n(&t->min_margin, &cur, margin,
					    false, __ATOMIC_ACQ_REL,
					    __ATOMIC_ACQUIRE))
		;
	STORE(&t->cpu, sched_getcpu());
	if (t->gate)
		gate_wait(t->gate);
	if (t->sleep_us)
		sleep_us(t->sleep_us);
	if (t->hook)
		t->hook(t);
	DEC(&t->in);
	INC(&t->runs);
}

static inline void tdw_init(struct tdw *t)
{
	memset(t, 0, sizeof(*t));
	t->min_margin = 1LL << 62;
	INIT_DELAYED_WORK(&t->dw, tdw_fn);
}

/* Note the time and delay of an arm about to be made. */
static inline void tdw_arming(struct tdw *t, long delay_ms)
{
	STORE(&t->delay_ms, delay_ms);
	STORE(&t->armed_ns, tap_now_ns());
}

/* tdw_arming(), then add_delayed_work_to_q(). */
static inline int tdw_add(struct workqueue_struct *wq, struct tdw *t,
			  long delay_ms)
{
	tdw_arming(t, delay_ms);
	return add_delayed_work_to_q(wq, &t->dw,
				     msecs_to_jiffies((unsigned int)delay_ms));
}

/* Wait until @dw is pending, for at most @ms milliseconds; true if it is. */
static inline bool wait_pending(const struct delayed_work *dw, long ms)
{
	long long end = tap_now_ns() + ms * MS;

	while (!delayed_work_pending(dw)) {
		if (tap_now_ns() > end)
			return false;
		sleep_us(100);
	}
	return true;
}

/*
 * Right after an arm with a short delay: is the item pending, as it must
 * be from the arm until its run starts?  A test thread kept off the CPU
 * past the delay (valgrind, a loaded machine) may look after the item
 * started, which is no failure; so the clock is read after the bit: a
 * run that took the bit waited the delay first (guarantee 7, which the
 * run checks), so the bit clear before the delay since tdw_arming() has
 * passed is wrong, and any prompt look still catches it.
 */
static inline bool tdw_pending_after_arm(struct tdw *t)
{
	if (delayed_work_pending(&t->dw))
		return true;
	return tap_now_ns() - LOAD(&t->armed_ns) >= LOAD(&t->delay_ms) * MS;
}

static inline int tdw_runs(struct tdw *t)
{
	return LOAD(&t->runs);
}

/*
 * Wait until @t has run @n times, for at most 10 s: bounded only so that a
 * lost timer fails instead of hanging.
 */
static inline bool tdw_wait(struct tdw *t, int n)
{
	return wait_for(&t->runs, n, 10000);
}

#ifdef KWQ_INTERNAL_H
/*
 * White-box tests (src/internal.h included first): wait, at most 2 s, for
 * @wq's count of armed items (kwq__timer_armed()) to come back to 0.  It
 * cannot be read at the moment a fired item runs: fire() stops counting
 * an item only once kwq__queue_owned() returns, and a worker may have run
 * the item by then.
 */
static inline bool armed_settles(struct workqueue_struct *wq)
{
	long long end = tap_now_ns() + 2000 * MS;

	while (kwq__timer_armed(wq)) {
		if (tap_now_ns() > end)
			return false;
		sleep_us(50);
	}
	return true;
}
#endif

#endif /* KWQ_TESTS_DWORK_H */
