// SPDX-License-Identifier: MIT
/*
 * White-box test of the timer wheel (src/timer.c, included here so that its
 * static functions can be driven with a simulated clock).  Random arms,
 * disarms and clock advances of random size, against the definition: a timer
 * fires in the first advance whose "now" reaches its expiry, never before and
 * never later, and the wheel's next event is never after the earliest armed
 * expiry (or the timer thread would oversleep).  Then kwq__timer_arm()
 * itself, whose expiry and slot are found before it takes the wheel's lock
 * from guesses (the previous arm's tick, the wheel's time): with a guess a
 * tick off, or the wheel moved by "the timer thread" while the arm waits
 * for that lock, the item must still fire exactly at its expiry.
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

void kwq__batch_begin(void)
{
}

void kwq__batch_end(void)
{
}

int kwq__spawn(void *(*fn)(void *), void *arg, int cpu)
{
	(void)fn, (void)arg, (void)cpu;
	return 0;
}

static struct kwq__timer_base *base;

/*
 * Single-threaded here: a wheel's lock is contended only when arm_at()
 * holds it, to stand for the timer thread, which moves the wheel to
 * @move_to before the arm gets the lock.
 */
static unsigned long move_to;

void kwq__lock_slow(uint32_t *word)
{
	struct kwq_list_node expired;

	if (!move_to || word != &base->lock)
		bail_out("wheel lock %p contended in a single thread",
			 (void *)word);
	kwq__list_init(&expired);
	wheel_advance_locked(base, move_to, &expired);
	if (!kwq__list_empty(&expired))
		bail_out("the wheel was to be empty");
	move_to = 0;
	/* The lock word stays 1: the arm holds it now. */
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

/* The arm's "now" in ns, when set (kwq__clk stays off here). */
static unsigned long long fake_now;

uint64_t kwq__timer_now_slow(uint64_t tsc)
{
	(void)tsc;
	return fake_now ? fake_now : kwq__clock_ns(CLOCK_MONOTONIC);
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

/* Does @dw fire when the wheel comes to @t (and not before)? */
static bool fires_at(struct delayed_work *dw, unsigned long t)
{
	struct kwq_list_node expired;
	bool early_, on_time;

	kwq__list_init(&expired);
	wheel_advance_locked(base, t - 1, &expired);
	early_ = !kwq__list_empty(&expired);
	wheel_advance_locked(base, t, &expired);
	on_time = expired.next == &dw->timer && dw->timer.next == &expired;
	kwq__list_init(&expired);
	return !early_ && on_time;
}

/*
 * Arm an item for 1 s on an empty wheel whose time is @c, the arm's
 * clock exactly at tick @c, the wheel's guess of that tick @hint (the
 * previous arm's); unless @to is 0, the wheel is moved to @to while the
 * arm waits for the lock.  Returns the item's expiry, 0 if it did not
 * fire exactly then.
 */
static unsigned long arm_at(unsigned long c, unsigned long hint,
			    unsigned long to)
{
	static struct kwq__armed count[1];
	static struct workqueue_struct wq = { .armed = count };
	struct delayed_work dw;
	unsigned long expires;

	memset(&dw, 0, sizeof(dw));
	kwq__list_init(&dw.timer);
	dw.wq = &wq;
	__atomic_store_n(&base->clk, c, __ATOMIC_RELAXED);
	base->hint = hint;
	fake_now = c * TICK_NS;
	if (to) {
		move_to = to;
		base->lock = 1;
	}
	kwq__timer_arm(&dw, 0, 1000);
	expires = dw.expires;
	if (move_to || base->lock || dw.base != base || count[0].n != 1 ||
	    base->hint != c)
		bail_out("the arm did not go through its lock");
	count[0].n = 0;
	dw.base = NULL;
	return fires_at(&dw, expires) ? expires : 0;
}

int main(void)
{
	unsigned long c = 987654321;

	tap_watchdog(60);
	plan(11);

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

	/*
	 * 1 s is 10,000 ticks: a level-2 slot, which starts 5,967 ticks after
	 * @c.  Moved to 9,990 ticks, the wheel has passed that start, so an
	 * arm that kept the slot it found before the lock would leave the
	 * item there for a whole turn of level 2 (26 s).
	 */
	bases = calloc(1, sizeof(*bases));
	if (!bases)
		bail_out("no memory");
	bases[0] = base;
	kwq__g.nr_cpu_ids = 1;
	is_int(arm_at(c, c, 0), c + 10000,
	       "an arm fires exactly at its expiry, arm time + 1 s");
	is_int(arm_at(c, c - 1, 0), c + 10000,
	       "... when the previous arm's tick, its guess, is a tick early");
	is_int(arm_at(c, c + 5, 0), c + 10000,
	       "... or later than the arm's clock");
	is_int(arm_at(c, c, c + 9990), c + 10000,
	       "... when the wheel moved while the arm waited for its lock");
	is_int(arm_at(c, c, c + 20000), c + 20001,
	       "... and when the wheel passed its expiry meanwhile: next tick");
	free(bases);
	free(base);
	return done_testing();
}
