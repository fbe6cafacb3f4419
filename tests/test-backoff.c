// SPDX-License-Identifier: MIT
/*
 * kwq's short waits let a thread of lower real-time priority finish.
 * Where kwq waits for another thread to end a step of a few instructions
 * (a push between its exchange and its link, an item in transit, a flush
 * leaving), it waits with kwq__backoff().  If that thread was preempted in
 * the step by a SCHED_FIFO thread of higher priority on the same CPU, a
 * wait that only spins or yields never lets it run again: the CPU is
 * livelocked.  Here a SCHED_FIFO thread waits with kwq__backoff() for a
 * flag that a lower-priority SCHED_FIFO thread on the same CPU sets, and
 * gives up after two seconds.  With sched_yield() in place of the backoff
 * the test fails.  Skipped where the process may not use SCHED_FIFO or has
 * one CPU.
 *
 * White-box: kwq__backoff() is internal, so this links libkwq.a.
 */
#include "../src/internal.h"
#include "util.h"

#define GIVE_UP_NS	2000000000LL

static int flag;		/* A: set by the low thread */
static int waiter_ready;	/* A */
static long rounds;		/* the waiter's rounds until it saw the flag */
static long long waited_ns;

static void *waiter(void *arg)
{
	long long t0 = tap_now_ns();
	unsigned int round = 0;

	(void)arg;
	STORE(&waiter_ready, 1);
	while (!LOAD(&flag) && tap_now_ns() - t0 < GIVE_UP_NS) {
		kwq__backoff(&round);
		rounds++;
	}
	waited_ns = tap_now_ns() - t0;
	return NULL;
}

static void *setter(void *arg)
{
	(void)arg;
	STORE(&flag, 1);
	return NULL;
}

/* A SCHED_FIFO thread of @prio on @cpu; errno-style result. */
static int start_fifo(pthread_t *t, void *(*fn)(void *), int prio, int cpu)
{
	struct sched_param sp = { .sched_priority = prio };
	pthread_attr_t attr;
	cpu_set_t one;
	int err;

	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	pthread_attr_init(&attr);
	pthread_attr_setinheritsched(&attr, PTHREAD_EXPLICIT_SCHED);
	pthread_attr_setschedpolicy(&attr, SCHED_FIFO);
	pthread_attr_setschedparam(&attr, &sp);
	pthread_attr_setaffinity_np(&attr, sizeof(one), &one);
	err = pthread_create(t, &attr, fn, NULL);
	pthread_attr_destroy(&attr);
	return err;
}

int main(void)
{
	cpu_set_t all;
	pthread_t high, low;
	int cpu = -1, other = -1, err;

	tap_watchdog(30);
	plan(1);
	if (sched_getaffinity(0, sizeof(all), &all))
		bail_out("sched_getaffinity: %s", strerror(errno));
	for (int c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, &all)) {
			if (cpu < 0)
				cpu = c;
			else if (other < 0)
				other = c;
		}
	if (other < 0) {
		skip(1, "one CPU: the test's own thread would starve");
		return done_testing();
	}
	/* This thread stays off the CPU the two share. */
	CPU_ZERO(&all);
	CPU_SET(other, &all);
	if (sched_setaffinity(0, sizeof(all), &all))
		bail_out("sched_setaffinity: %s", strerror(errno));
	err = start_fifo(&high, waiter, 2, cpu);
	if (err == EPERM) {
		skip(1, "this process may not use SCHED_FIFO");
		return done_testing();
	}
	if (err)
		bail_out("pthread_create: %s", strerror(err));
	if (!wait_for(&waiter_ready, 1, 10000))
		bail_out("the waiter did not start");
	/* Runnable only when the waiter leaves the CPU. */
	err = start_fifo(&low, setter, 1, cpu);
	if (err)
		bail_out("pthread_create: %s", strerror(err));
	pthread_join(high, NULL);
	pthread_join(low, NULL);
	ok(waited_ns < GIVE_UP_NS,
	   "a SCHED_FIFO waiter lets a lower-priority thread on its CPU set "
	   "the flag: %ld rounds, %lld us", rounds, waited_ns / 1000);
	return done_testing();
}
