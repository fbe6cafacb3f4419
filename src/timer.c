// SPDX-License-Identifier: MIT
/*
 * The timer engine behind delayed work: one hierarchical timing wheel per CPU
 * the process may run on, and one thread, kwq/timer, that expires them all.
 *
 * The wheels count in ticks of 100 us, a tenth of a jiffy: a delay is given
 * in whole milliseconds, but when it ends is known to the nanosecond, and a
 * 1 ms wheel would add up to 1 ms (0.5 on average) to every item's lateness.
 *
 * A wheel has six levels of 64 slots.  Level L has slots 64^L ticks wide, so
 * level 0 holds timers due within 6.4 ms to the tick, level 1 within 410 ms
 * in 6.4 ms slots, and level 5 reaches 2^36 ticks (about 80 days; a longer
 * delay is parked at the far end and re-placed when it gets there).  Each
 * level keeps a 64-bit map of its non-empty slots.
 *
 * DESIGN
 *
 * Arming and disarming are O(1) and allocate nothing: a timer goes on the
 * slot its expiry falls in at the lowest level that reaches it; disarming
 * unlinks it and clears the slot's bit when the slot empties.  Precision comes
 * from cascading: when time reaches the start of a slot above level 0, its
 * timers are placed again, one level lower or more, so a timer always fires
 * from a level-0 slot, within a tick of its expiry, and never before.
 * A timer is placed once per level at most, so cascading costs O(1) amortised.
 *
 * Nothing runs periodically.  From the slot maps the next event of a wheel (an
 * expiry or a cascade) is found in O(levels); the timer thread sleeps until
 * the earliest event of all wheels, with an absolute CLOCK_MONOTONIC futex
 * timeout, or without a timeout when nothing is armed.  An arm that makes the
 * next event earlier than the thread's planned wake-up wakes it; any other
 * arm makes no system call.  Expired items are queued by the timer thread,
 * outside the wheel's lock, exactly as an add would queue them.
 */
#include "internal.h"

#include <string.h>

#define WHEEL_BITS	6
#define WHEEL_SIZE	(1 << WHEEL_BITS)
#define WHEEL_LEVELS	6
#define WHEEL_SPAN	(1UL << (WHEEL_BITS * WHEEL_LEVELS))
#define NEVER		(~0UL)
#define TICK_NS		100000ULL
#define TICKS_PER_MS	(1000000ULL / TICK_NS)
/* In ms: 34 years, far beyond any real delay, and 2^60 ns at most. */
#define MAX_DELAY	(1UL << 40)

struct kwq__timer_base {
	uint32_t lock;			/* a futex word, as the pools' lock */
	int cpu;			/* I: whose wheel: wq->armed's index */
	unsigned long clk;		/* L, written atomically: all due at
					   or before it have fired; an arm
					   reads it before the lock */
	uint64_t pending[WHEEL_LEVELS];	/* L: non-empty slots */
	unsigned long hint;		/* L, written atomically: the last
					   arm's "now" in ticks, rounded up */
	struct kwq_list_node slots[WHEEL_LEVELS * WHEEL_SIZE]; /* L */
} __attribute__((aligned(WORK_ALIGN)));

/* The timer thread's schedule: see DESIGN. */
static struct {
	uint32_t seq;			/* A: bumped to wake the thread */
	unsigned long sleep_until;	/* A: its planned wake-up, in ticks */
} tt;

static struct kwq__timer_base **bases;	/* I: by CPU, NULL if none */

/* Count an item of @wq on or off @base's wheel, under its lock. */
static inline void armed_add_locked(struct workqueue_struct *wq,
				    struct kwq__timer_base *base, long n)
{
	wq->armed[base->cpu].n += (unsigned long)n;
}

/*
 * An item taken off @base's wheel to be queued: destroy_workqueue() keeps
 * waiting for it, on nr_firing, until fire() has queued it.
 */
static inline void firing_locked(struct delayed_work *dw,
				 struct kwq__timer_base *base)
{
	armed_add_locked(dw->wq, base, -1);
	__atomic_add_fetch(&dw->wq->nr_firing, 1, __ATOMIC_RELAXED);
	__atomic_store_n(&dw->base, NULL, __ATOMIC_RELAXED);
}

/*
 * The wheel's lock is the pools' futex lock (kwq__word_lock()): a free one
 * costs one atomic to take and one to give back, inline, where a pthread
 * mutex costs two calls and sixty instructions more per arm+cancel pair.
 */
static inline void base_lock(struct kwq__timer_base *base)
{
	kwq__word_lock(&base->lock);
}

static inline void base_unlock(struct kwq__timer_base *base)
{
	kwq__word_unlock(&base->lock);
}

/* Is @base one of the wheels (for debug mode's look at an item)? */
bool kwq__timer_base_known(const void *base)
{
	for (int cpu = 0; bases && cpu < kwq__g.nr_cpu_ids; cpu++)
		if (bases[cpu] && base == bases[cpu])
			return true;
	return false;
}

unsigned long kwq__jiffies(void)
{
	return (unsigned long)(kwq__clock_ns(CLOCK_MONOTONIC) / 1000000ULL);
}

/* The wheels' clock: ticks of CLOCK_MONOTONIC, rounded down. */
static unsigned long ticks(void)
{
	return (unsigned long)(kwq__clock_ns(CLOCK_MONOTONIC) / TICK_NS);
}

static struct kwq_list_node *slot_head(struct kwq__timer_base *base,
				       int level, int slot)
{
	return &base->slots[level * WHEEL_SIZE + slot];
}

/* The lowest level whose reach covers @delta ticks. */
static int level_of(unsigned long delta)
{
	int level;

	if (delta < WHEEL_SIZE)
		return 0;
	level = (63 - __builtin_clzl(delta)) / WHEEL_BITS;
	return level < WHEEL_LEVELS ? level : WHEEL_LEVELS - 1;
}

/* Where an expiry goes on a wheel: its slot's head and map bit. */
struct wheel_pos {
	struct kwq_list_node *head;
	uint64_t *map;
	uint64_t bit;
};

/* The slot of @at on @base's wheel at time @clk. */
static inline __attribute__((always_inline)) struct wheel_pos
wheel_pos(struct kwq__timer_base *base, unsigned long at, unsigned long clk)
{
	struct wheel_pos pos;
	int level, slot;

	if (at - clk >= WHEEL_SPAN)
		at = clk + WHEEL_SPAN - 1;	/* re-placed there */
	level = level_of(at - clk);
	slot = (at >> (level * WHEEL_BITS)) & (WHEEL_SIZE - 1);
	pos.head = slot_head(base, level, slot);
	pos.map = &base->pending[level];
	pos.bit = 1ULL << slot;
	return pos;
}

static inline __attribute__((always_inline)) void
wheel_link_locked(struct delayed_work *dw, struct wheel_pos pos)
{
	kwq__list_add_before(&dw->timer, pos.head);
	*pos.map |= pos.bit;
}

/* The cascade's placement, under the lock. */
static inline __attribute__((always_inline)) void
wheel_insert_locked(struct kwq__timer_base *base, struct delayed_work *dw)
{
	wheel_link_locked(dw, wheel_pos(base, dw->expires, base->clk));
}

static inline __attribute__((always_inline)) void
wheel_del_locked(struct kwq__timer_base *base, struct delayed_work *dw)
{
	struct kwq_list_node *prev = dw->timer.prev;
	struct kwq_list_node *first = base->slots;
	/*
	 * Alone in its slot: its one neighbour, both ways, is the slot's
	 * head, which it leaves empty.  Told from the links already loaded,
	 * not from a load of what the unlink just stored.
	 */
	bool alone = dw->timer.next == prev;

	kwq__list_del_init(&dw->timer);
	if (alone && prev >= first &&
	    prev < first + WHEEL_LEVELS * WHEEL_SIZE) {
		long idx = prev - first;

		base->pending[idx / WHEEL_SIZE] &=
			~(1ULL << (idx % WHEEL_SIZE));
	}
}

/* The tick of the wheel's next expiry or cascade, or NEVER. */
static unsigned long next_event_locked(const struct kwq__timer_base *base)
{
	unsigned long best = NEVER;

	for (int level = 0; level < WHEEL_LEVELS; level++) {
		int shift = level * WHEEL_BITS;
		unsigned long pos = base->clk >> shift;
		unsigned int from = (pos + 1) & (WHEEL_SIZE - 1);
		uint64_t map = base->pending[level];
		unsigned long at;

		if (!map)
			continue;
		/* Slots in the order time reaches them, from pos + 1. */
		map = from ? (map >> from) | (map << (WHEEL_SIZE - from)) : map;
		at = (pos + 1 + (unsigned long)__builtin_ctzll(map)) << shift;
		if (at < best)
			best = at;
	}
	return best;
}

/* Move every timer of a slot to @out, clearing the slot. */
static void slot_take_locked(struct kwq__timer_base *base, int level,
			     int slot, struct kwq_list_node *out)
{
	struct kwq_list_node *head = slot_head(base, level, slot);

	while (!kwq__list_empty(head)) {
		struct kwq_list_node *n = head->next;

		kwq__list_del_init(n);
		kwq__list_add_before(n, out);
	}
	base->pending[level] &= ~(1ULL << slot);
}

/*
 * Bring the wheel to @now: at each event on the way, cascade the slots that
 * start there, highest level first, then expire the level-0 slot.  Timers
 * that are due are unlinked onto @expired.
 */
static void wheel_advance_locked(struct kwq__timer_base *base,
				 unsigned long now, struct kwq_list_node *expired)
{
	struct kwq_list_node tmp;

	kwq__list_init(&tmp);
	while (base->clk < now) {
		unsigned long at = next_event_locked(base);

		if (at > now) {
			__atomic_store_n(&base->clk, now, __ATOMIC_RELAXED);
			break;
		}
		__atomic_store_n(&base->clk, at, __ATOMIC_RELAXED);
		for (int level = WHEEL_LEVELS - 1; level > 0; level--) {
			int shift = level * WHEEL_BITS;

			if (at & ((1UL << shift) - 1))
				continue;
			slot_take_locked(base, level,
					 (at >> shift) & (WHEEL_SIZE - 1), &tmp);
			while (!kwq__list_empty(&tmp)) {
				struct delayed_work *dw = kwq__list_entry(
					tmp.next, struct delayed_work, timer);

				kwq__list_del_init(&dw->timer);
				if (dw->expires <= at)
					kwq__list_add_before(&dw->timer, expired);
				else
					wheel_insert_locked(base, dw);
			}
		}
		slot_take_locked(base, 0, at & (WHEEL_SIZE - 1), expired);
	}
}

/* Wake the timer thread if @expires is before its planned wake-up. */
static void timer_thread_nudge(unsigned long expires)
{
	if (expires >= __atomic_load_n(&tt.sleep_until, __ATOMIC_SEQ_CST))
		return;
	__atomic_store_n(&tt.sleep_until, expires, __ATOMIC_SEQ_CST);
	__atomic_add_fetch(&tt.seq, 1, __ATOMIC_SEQ_CST);
	kwq__futex_wake(&tt.seq, 1);
}

/* The expiry of an item due at @due on a wheel at @clk. */
static inline unsigned long expiry(unsigned long due, unsigned long clk)
{
	/* The wheel has passed it (its thread read the clock after us). */
	return due > clk ? due : clk + 1;
}

/*
 * Arm @dw, whose PENDING bit the caller owns, to expire @delay jiffies from
 * now on the wheel of @cpu (or of the calling CPU, WORK_CPU_ANY).  Its
 * expiry is the first tick that starts at or after now + @delay, to the
 * nanosecond: the thread fires a tick only once the clock, rounded down to
 * ticks, has reached it, so the item never becomes due before @delay full
 * milliseconds have passed, and at most a tick after.  "now" is
 * kwq__timer_now(), never earlier than the clock and at most microseconds
 * later; the thread itself reads the kernel's clock.
 */
void kwq__timer_arm(struct delayed_work *dw, int cpu, unsigned long delay)
{
	unsigned long long now = kwq__timer_now();
	struct kwq__timer_base *base;
	unsigned long now_ticks, hint, expires, clk, *armed;
	struct wheel_pos pos;

	if (cpu == WORK_CPU_ANY) {
		cpu = kwq__this_cpu();
		if (cpu < 0 || cpu >= kwq__g.nr_cpu_ids || !bases[cpu])
			cpu = kwq__g.first_cpu;
	}
	base = bases[cpu];
	dw->cpu = cpu;		/* a bound queue runs it where it was armed */
	if (delay > MAX_DELAY)
		delay = MAX_DELAY;
	/* now + @delay, rounded up to ticks: a delay is whole ticks. */
	now_ticks = (unsigned long)((now + TICK_NS - 1) / TICK_NS);
	/*
	 * The expiry and its slot are found from two guesses that do not
	 * wait for the clock read: the wheel's time as it was before the
	 * lock, and the tick of the previous arm on this wheel.  Only a
	 * compare then waits for the counter (tens of cycles here), not the
	 * slot's arithmetic and the list's loads and stores, which the
	 * lock's atomics would otherwise hold behind it.  When the clock
	 * has reached another tick since, or the timer thread moved the
	 * wheel meanwhile (under the lock), both are found again.
	 */
	armed = &dw->wq->armed[base->cpu].n;
	clk = __atomic_load_n(&base->clk, __ATOMIC_RELAXED);
	hint = __atomic_load_n(&base->hint, __ATOMIC_RELAXED);
	expires = expiry(hint + delay * TICKS_PER_MS, clk);
	pos = wheel_pos(base, expires, clk);

	base_lock(base);
	if (unlikely(now_ticks != hint || base->clk != clk)) {
		expires = expiry(now_ticks + delay * TICKS_PER_MS, base->clk);
		pos = wheel_pos(base, expires, base->clk);
		__atomic_store_n(&base->hint, now_ticks, __ATOMIC_RELAXED);
	}
	dw->expires = expires;
	wheel_link_locked(dw, pos);
	(*armed)++;		/* armed_add_locked(), address found above */
	__atomic_store_n(&dw->base, base, __ATOMIC_RELEASE);
	base_unlock(base);
	/* @dw may already have fired and been armed again: use the copy. */
	timer_thread_nudge(expires);
}

/*
 * Take @dw off its wheel.  Returns 0 when it was armed (the caller then
 * owns its PENDING bit), -ENOENT when it was not.
 */
int kwq__timer_disarm(struct delayed_work *dw)
{
	struct kwq__timer_base *base = __atomic_load_n(&dw->base,
						       __ATOMIC_ACQUIRE);
	int ret = -ENOENT;

	if (!base)
		return -ENOENT;
	base_lock(base);
	if (__atomic_load_n(&dw->base, __ATOMIC_RELAXED) == base) {
		wheel_del_locked(base, dw);
		armed_add_locked(dw->wq, base, -1);
		__atomic_store_n(&dw->base, NULL, __ATOMIC_RELAXED);
		ret = 0;
	}
	base_unlock(base);
	return ret;
}

/*
 * Queue what expired (firing_locked() counted it).  Each item is unlinked
 * before it is queued: once queued it may run and be armed again at once.
 * The queue cannot go away meanwhile, since destroy_workqueue() waits for
 * wq->nr_firing to drop.
 */
static void fire(struct kwq_list_node *expired)
{
	if (kwq__list_empty(expired))
		return;
	kwq__batch_begin();
	while (!kwq__list_empty(expired)) {
		struct delayed_work *dw = kwq__list_entry(expired->next,
						struct delayed_work, timer);
		struct workqueue_struct *wq = dw->wq;

		kwq__list_del_init(&dw->timer);
		kwq__queue_owned(dw->cpu, wq, &dw->work, work_data(&dw->work),
				 1);
		__atomic_sub_fetch(&wq->nr_firing, 1, __ATOMIC_RELEASE);
	}
	kwq__batch_end();
}

static unsigned long run_base(struct kwq__timer_base *base, unsigned long now)
{
	struct kwq_list_node expired;
	unsigned long next;

	kwq__list_init(&expired);
	base_lock(base);
	wheel_advance_locked(base, now, &expired);
	for (struct kwq_list_node *n = expired.next; n != &expired;
	     n = n->next) {
		firing_locked(kwq__list_entry(n, struct delayed_work, timer),
			      base);
	}
	next = next_event_locked(base);
	base_unlock(base);
	fire(&expired);
	return next;
}

static void *timer_main(void *arg)
{
	struct timespec ts;

	(void)arg;
	pthread_setname_np(pthread_self(), "kwq/timer");
	kwq__thread_prio(false);
	kwq__thread_short_slice();
	for (;;) {
		unsigned long next = NEVER, now;
		uint32_t seen;

		/* Arms from here on must wake us: see timer_thread_nudge(). */
		__atomic_store_n(&tt.sleep_until, NEVER, __ATOMIC_SEQ_CST);
		seen = __atomic_load_n(&tt.seq, __ATOMIC_SEQ_CST);
		kwq__timer_clock_check();
		now = ticks();
		for (int cpu = 0; cpu < kwq__g.nr_cpu_ids; cpu++) {
			if (bases[cpu]) {
				unsigned long at = run_base(bases[cpu], now);

				if (at < next)
					next = at;
			}
		}
		__atomic_store_n(&tt.sleep_until, next, __ATOMIC_SEQ_CST);
		if (next == NEVER) {
			kwq__futex_wait(&tt.seq, seen, NULL);
			continue;
		}
		ts.tv_sec = (time_t)(next / (1000000000ULL / TICK_NS));
		ts.tv_nsec = (long)(next % (1000000000ULL / TICK_NS) * TICK_NS);
		syscall(SYS_futex, &tt.seq, FUTEX_WAIT_BITSET_PRIVATE, seen,
			&ts, NULL, FUTEX_BITSET_MATCH_ANY);
	}
	return NULL;
}

/* Move @wq's items on @base's wheel to @mine, unless it has none there. */
static void take_wq_items(struct kwq__timer_base *base,
			  struct workqueue_struct *wq,
			  struct kwq_list_node *mine)
{
	base_lock(base);
	for (int i = 0; wq->armed[base->cpu].n &&
	     i < WHEEL_LEVELS * WHEEL_SIZE; i++) {
		struct kwq_list_node *head = &base->slots[i];
		struct kwq_list_node *n = head->next, *next;

		for (; n != head; n = next) {
			struct delayed_work *dw = kwq__list_entry(n,
					struct delayed_work, timer);

			next = n->next;
			if (dw->wq != wq)
				continue;
			wheel_del_locked(base, dw);
			firing_locked(dw, base);
			kwq__list_add_before(&dw->timer, mine);
		}
	}
	base_unlock(base);
}

/*
 * Take every armed item of @wq off the wheels and queue it now.  Returns how
 * many are still armed or being queued by the timer thread, as
 * kwq__timer_armed() counts them.
 */
unsigned long kwq__timer_fire_wq(struct workqueue_struct *wq)
{
	struct kwq_list_node mine;

	kwq__list_init(&mine);
	for (int cpu = 0; cpu < kwq__g.nr_cpu_ids; cpu++)
		if (bases[cpu])
			take_wq_items(bases[cpu], wq, &mine);
	fire(&mine);
	return kwq__timer_armed(wq);
}

/*
 * How many items of @wq are armed or being queued by the timer thread.  Each
 * wheel's count is read under its lock: an item counted there has either
 * left the wheel by then, or is counted in nr_firing before it leaves it, so
 * an item moving between the two while this runs is counted at least once.
 */
unsigned long kwq__timer_armed(struct workqueue_struct *wq)
{
	unsigned long sum = 0;

	for (int cpu = 0; bases && cpu < kwq__g.nr_cpu_ids; cpu++) {
		struct kwq__timer_base *base = bases[cpu];

		if (!base)
			continue;
		base_lock(base);
		sum += wq->armed[cpu].n;
		base_unlock(base);
	}
	return sum + __atomic_load_n(&wq->nr_firing, __ATOMIC_ACQUIRE);
}

void kwq__timers_lock(int lock)
{
	for (int cpu = 0; bases && cpu < kwq__g.nr_cpu_ids; cpu++) {
		if (!bases[cpu])
			continue;
		if (lock)
			base_lock(bases[cpu]);
		else
			base_unlock(bases[cpu]);
	}
}

/*
 * In a fork()ed child, with the bases' locks held: the armed items belong
 * to the parent (see fork.c).  Unlocks the bases.
 */
void kwq__timers_child(void)
{
	for (int cpu = 0; bases && cpu < kwq__g.nr_cpu_ids; cpu++) {
		struct kwq__timer_base *base = bases[cpu];

		if (!base)
			continue;
		for (int i = 0; i < WHEEL_LEVELS * WHEEL_SIZE; i++) {
			struct kwq_list_node *head = &base->slots[i];

			while (!kwq__list_empty(head)) {
				struct delayed_work *dw = kwq__list_entry(
					head->next, struct delayed_work, timer);

				kwq__list_del_init(&dw->timer);
				dw->base = NULL;
				kwq__forget(&dw->work);
			}
		}
		memset(base->pending, 0, sizeof(base->pending));
		__atomic_store_n(&base->clk, ticks(), __ATOMIC_RELAXED);
		base->lock = 0;		/* no waiter in the child */
	}
	tt.seq = 0;
	tt.sleep_until = NEVER;
	kwq__timer_clock_child();
}

/* In a fork()ed child, once every lock is free: the timer thread again. */
void kwq__timers_restart(void)
{
	if (bases && kwq__spawn(timer_main, NULL, -1))
		kwq__warn(KWQ_WARN_INTERNAL, NULL, 0, "fork", -EAGAIN,
			  "could not restart kwq's timer after fork()");
}

int kwq__timer_init(void)
{
	int err;

	tt.sleep_until = NEVER;
	kwq__timer_clock_init();
	bases = kwq__zalloc_array(kwq__g.nr_cpu_ids, sizeof(*bases));
	if (!bases)
		return -ENOMEM;
	for (int cpu = 0; cpu < kwq__g.nr_cpu_ids; cpu++) {
		struct kwq__timer_base *base;

		if (!CPU_ISSET(cpu, &kwq__g.cpus))
			continue;
		base = kwq__zalloc_aligned(sizeof(*base));
		if (!base) {
			err = -ENOMEM;
			goto fail_bases;
		}
		base->cpu = cpu;
		base->clk = ticks();
		for (int i = 0; i < WHEEL_LEVELS * WHEEL_SIZE; i++)
			kwq__list_init(&base->slots[i]);
		bases[cpu] = base;
	}

	err = kwq__spawn(timer_main, NULL, -1);
	if (err)
		goto fail_bases;
	return 0;

fail_bases:
	for (int cpu = 0; cpu < kwq__g.nr_cpu_ids; cpu++)
		free(bases[cpu]);
	free(bases);
	bases = NULL;
	return err;
}
