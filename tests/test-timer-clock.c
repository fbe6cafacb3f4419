// SPDX-License-Identifier: MIT
/*
 * The arm's clock (src/timer-clock.c): kwq__timer_now() is never earlier
 * than CLOCK_MONOTONIC, on every CPU, at every age of its base, from
 * threads that race its renewals; and a bound that breaks is found, the
 * counter given up, and the fallback is again never early.
 *
 * "Never earlier" is checked as guarantee 7's tests check it: the clock is
 * read before kwq__timer_now(), so a result below that reading is early
 * whatever happened in between.  The test shows it can fail: with the
 * counter counted at a quarter of its rate behind kwq's back, the same
 * check finds an early reading before a renewal's check turns the counter
 * off.
 *
 * Where the counter is not used (another architecture or clocksource, or
 * under valgrind: timer-clock.c's tsc_usable()) the fallback is checked,
 * and the counter's cases are skipped.
 *
 * White-box: it reads and breaks kwq__clk, so it links libkwq.a.
 */
#include "../src/internal.h"
#include "tap.h"
#include "util.h"

struct reader {
	int cpu;		/* pinned there, or -1 */
	long rounds;
	long early;		/* readings below the clock read before */
	long long worst;	/* least (reading - clock before), ns */
	long long lead;		/* greatest (reading - clock after), ns */
};

static int warnings;	/* A: KWQ_WARN_INTERNAL from "timer" */

static void on_warn(const struct kwq_warning *w)
{
	if (w->kind == KWQ_WARN_INTERNAL && !strcmp(w->func, "timer"))
		INC(&warnings);
}

/* Spin for about @ns, so that readings meet bases of every age. */
static void spin_ns(long long ns)
{
	long long end = tap_now_ns() + ns;

	while (tap_now_ns() < end)
		;
}

static void *reader_main(void *p)
{
	struct reader *r = p;

	if (r->cpu >= 0)
		pin_self(r->cpu);
	r->worst = 1LL << 62;
	r->lead = -(1LL << 62);
	for (long i = 0; i < r->rounds; i++) {
		long long before = (long long)kwq__clock_ns(CLOCK_MONOTONIC);
		long long now = (long long)kwq__timer_now();
		long long after = (long long)kwq__clock_ns(CLOCK_MONOTONIC);

		if (now < before)
			r->early++;
		if (now - before < r->worst)
			r->worst = now - before;
		if (now - after > r->lead)
			r->lead = now - after;
		/* Ages from 0 to past the renewal's 16 us, and sleeps. */
		if (i % 64 == 63)
			sleep_us(1 + i % 200);
		else
			spin_ns((i * 7919) % 20000);
	}
	return NULL;
}

/* Readers on every CPU, two per CPU and one free to migrate. */
static long read_all(long rounds, long long *worst, long long *lead)
{
	int cpus[CPU_SETSIZE], n = allowed_cpus(cpus, CPU_SETSIZE);
	int nr = 2 * n + 1 < MAX_THREADS ? 2 * n + 1 : MAX_THREADS;
	struct reader r[MAX_THREADS];
	long early = 0;

	for (int i = 0; i < nr; i++)
		r[i] = (struct reader){ .cpu = i < nr - 1 ? cpus[i % n] : -1,
					.rounds = rounds };
	run_threads(nr, reader_main, r, sizeof(r[0]));
	*worst = 1LL << 62;
	*lead = -(1LL << 62);
	for (int i = 0; i < nr; i++) {
		early += r[i].early;
		if (r[i].worst < *worst)
			*worst = r[i].worst;
		if (r[i].lead > *lead)
			*lead = r[i].lead;
	}
	return early;
}

/* Past the counter's calibration: a renewal after it sets the state. */
static int settle(void)
{
	sleep_ms(3);
	kwq__timer_clock_check();
	return LOAD(&kwq__clk.state);
}

/* Set the counter's rate and the base's life, as a renewal would. */
static void set_rate(uint64_t mult, uint64_t max_age)
{
	uint32_t seq;

	do {
		seq = LOAD(&kwq__clk.seq) & ~1U;
	} while (!__atomic_compare_exchange_n(&kwq__clk.seq, &seq, seq + 1,
					      false, __ATOMIC_ACQUIRE,
					      __ATOMIC_RELAXED));
	STORE(&kwq__clk.mult, mult);
	STORE(&kwq__clk.max_age, max_age);
	STORE(&kwq__clk.seq, seq + 2);
}

/*
 * With the counter counted at a quarter of its rate from a fresh base, a
 * reading late in the base's life is early.  Returns how early (ns), or 0
 * when this try proves nothing: the reading was not the counter's (the
 * thread was preempted past the base's life, or met a renewal, which may
 * have turned the counter off: it is turned on again for another try).
 */
static long long early_when_broken(uint64_t mult, uint64_t max_age)
{
	long long before, now;
	uint64_t from;

	kwq__timer_clock_check();		/* a fresh base */
	set_rate(mult / 4, max_age);
	from = LOAD(&kwq__clk.tsc);
	while (kwq__tsc() - from < max_age / 16 * 15)
		;
	before = (long long)kwq__clock_ns(CLOCK_MONOTONIC);
	now = (long long)kwq__timer_now();
	if (before > now && LOAD(&kwq__clk.state) == KWQ_CLOCK_TSC)
		return before - now;
	STORE(&kwq__clk.state, KWQ_CLOCK_TSC);
	__atomic_store_n(&kwq__clk.broken, 0, __ATOMIC_RELAXED);
	STORE(&warnings, 0);
	set_rate(mult, max_age);
	return 0;
}

int main(void)
{
	long rounds = tap_scale(20000), early;
	long long worst, lead;
	uint64_t mult, max_age;
	int state;

	tap_watchdog(120);
	plan(6);
	kwq_set_warn_handler(on_warn);
	if (!system_wq)
		bail_out("system_wq: %s", strerror(errno));
	state = settle();
	diag("the arm's clock: %s", state == KWQ_CLOCK_TSC ? "the TSC" :
	     state == KWQ_CLOCK_OFF ? "clock_gettime()" : "still calibrating");

	early = read_all(rounds, &worst, &lead);
	is_int(early, 0, "never earlier than CLOCK_MONOTONIC read before it, "
	       "%ld readings on every CPU and across renewals", rounds);
	diag("least lead over the clock before: %lld ns; greatest over the "
	     "clock after: %lld ns", worst, lead);

	if (state != KWQ_CLOCK_TSC) {
		skip(4, "the counter is not used here");
		is_int(LOAD(&warnings), 0, "no warning");
		return done_testing();
	}

	pin_self(sched_getcpu());
	mult = LOAD(&kwq__clk.mult);
	max_age = LOAD(&kwq__clk.max_age);
	for (int i = 0; i < 100 && !early; i++)
		early = early_when_broken(mult, max_age);
	ok(early > 0, "with the counter counted at a quarter of its rate, the "
	   "same check finds a reading %ld ns early", early);
	sleep_us(100);
	kwq__timer_clock_check();
	is_int(LOAD(&kwq__clk.state), KWQ_CLOCK_OFF,
	       "a renewal's check finds the bound broken and gives the counter up");
	ok(LOAD(&kwq__clk.broken) == 1 && LOAD(&warnings) == 1,
	   "and says so once (%lu found, %d warnings)",
	   LOAD(&kwq__clk.broken), LOAD(&warnings));
	early = read_all(rounds / 4, &worst, &lead);
	is_int(early, 0, "clock_gettime() after that: never early again");
	is_int(LOAD(&kwq__clk.state), KWQ_CLOCK_OFF, "and the counter stays off");
	return done_testing();
}
