// SPDX-License-Identifier: MIT
/*
 * White-box test of the timer wheel (src/timer.c, included here so that its
 * static functions can be driven with a simulated clock).  Random arms,
 * disarms and clock advances of random size, against the definition: a timer
 * fires in the first advance whose "now" reaches its expiry, never before and
 * never later, and the wheel's next event is never after the earliest armed
 * expiry (or the timer thread would oversleep).
 */
#include "../src/timer.c"

#include "tap.h"

/* timer.c's neighbours, not exercised here. */
struct kwq__global kwq__g;
__thread struct kwq__worker *kwq__self;

int kwq__queue_owned(int cpu, struct workqueue_struct *wq,
		     struct work_struct *w, unsigned long old, int force)
{
	(void)cpu, (void)wq, (void)w, (void)old, (void)force;
	return 0;
}

int kwq__spawn(void *(*fn)(void *), void *arg, int cpu)
{
	(void)fn, (void)arg, (void)cpu;
	return 0;
}

/* Single-threaded here: a wheel's lock is never contended. */
void kwq__lock_slow(uint32_t *word)
{
	bail_out("wheel lock %p contended in a single thread", (void *)word);
}

void kwq__thread_prio(bool highpri)
{
	(void)highpri;
}

void kwq__thread_short_slice(void)
{
}

/* The arm's clock (timer-clock.c): the kernel's, here. */
struct kwq__clock kwq__clk;

uint64_t kwq__timer_now_slow(uint64_t tsc)
{
	(void)tsc;
	return kwq__clock_ns(CLOCK_MONOTONIC);
}

void kwq__timer_clock_init(void)
{
}

void kwq__timer_clock_check(void)
{
}

void kwq__timer_clock_child(void)
{
}

void *kwq__zalloc_array(size_t n, size_t size)
{
	return calloc(n, size);
}

void *kwq__zalloc_aligned(size_t size)
{
	return calloc(1, size);
}

void kwq__barrier_func(struct work_struct *w)
{
	(void)w;
}

void kwq__warn(enum kwq_warning_kind kind, const char *file, int line,
	       const char *func, int err, const char *fmt, ...)
{
	(void)kind, (void)file, (void)line, (void)func, (void)err, (void)fmt;
}

void kwq__bug(const char *file, int line, const char *func, const char *cond)
{
	bail_out("BUG %s:%d %s: %s", file, line, func, cond);
}

#define NR_TIMERS 2000

static struct delayed_work dws[NR_TIMERS];
static struct kwq__timer_base *base;
static long early, late, missed, oversleep, fired;

static unsigned long random_delay(unsigned int *seed)
{
	switch (rand_r(seed) % 5) {
	case 0:
		return rand_r(seed) % 64;		/* level 0 */
	case 1:
		return rand_r(seed) % 5000;		/* level 1 */
	case 2:
		return rand_r(seed) % 400000;		/* level 2-3 */
	case 3:
		return (unsigned long)rand_r(seed) * 1000;	/* far */
	default:
		return WHEEL_SPAN + rand_r(seed);	/* beyond the wheel */
	}
}

static int armed(const struct delayed_work *dw)
{
	return !kwq__list_empty(&dw->timer);
}

static void advance(unsigned long step)
{
	unsigned long prev = base->clk, now = prev + step, first = NEVER;
	struct kwq_list_node expired;

	kwq__list_init(&expired);
	wheel_advance_locked(base, now, &expired);
	while (!kwq__list_empty(&expired)) {
		struct delayed_work *dw = kwq__list_entry(expired.next,
						struct delayed_work, timer);

		kwq__list_del_init(&dw->timer);
		fired++;
		early += dw->expires > now;
		late += dw->expires <= prev;
	}
	for (int i = 0; i < NR_TIMERS; i++) {
		if (!armed(&dws[i]))
			continue;
		missed += dws[i].expires <= now;
		if (dws[i].expires < first)
			first = dws[i].expires;
	}
	oversleep += next_event_locked(base) > first;
}

static void run(unsigned int seed, long rounds)
{
	for (long r = 0; r < rounds; r++) {
		struct delayed_work *dw = &dws[rand_r(&seed) % NR_TIMERS];
		int op = rand_r(&seed) % 10;

		if (op < 5 && !armed(dw)) {
			dw->expires = base->clk + random_delay(&seed) + 1;
			wheel_insert_locked(base, dw);
		} else if (op < 7 && armed(dw)) {
			wheel_del_locked(base, dw);
		} else if (op >= 7) {
			advance(rand_r(&seed) % 3 ? rand_r(&seed) % 70 :
				rand_r(&seed) % 300000);
		}
	}
}

int main(void)
{
	tap_watchdog(60);
	plan(6);

	base = calloc(1, sizeof(*base));
	if (!base)
		bail_out("no memory");
	for (int i = 0; i < WHEEL_LEVELS * WHEEL_SIZE; i++)
		kwq__list_init(&base->slots[i]);
	for (int i = 0; i < NR_TIMERS; i++)
		kwq__list_init(&dws[i].timer);
	base->clk = 987654321;

	run(1, tap_scale(60000));
	ok(fired > 1000, "timers fired (%ld)", fired);
	is_int(early, 0, "guarantee 7: no timer fires before its expiry");
	is_int(late, 0, "no timer fires after the advance that reached it");
	is_int(missed, 0, "no due timer is left armed");
	is_int(oversleep, 0, "the next event is never after the earliest expiry");

	/* Disarm everything: every slot map must then be empty. */
	for (int i = 0; i < NR_TIMERS; i++)
		if (armed(&dws[i]))
			wheel_del_locked(base, &dws[i]);
	is_int(next_event_locked(base) == NEVER, 1,
	       "an empty wheel has no next event (the thread sleeps)");
	free(base);
	return done_testing();
}
