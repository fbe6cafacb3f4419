// SPDX-License-Identifier: MIT
/*
 * Limits a program sets on kwq's threads: a process-wide cap on the number
 * of workers (kwq_set_worker_limit(), KWQ_WORKER_LIMIT) and the stack size
 * of the threads kwq starts (kwq_set_worker_stack(), KWQ_WORKER_STACK).
 * The environment variables are read once, when kwq starts; a call made
 * before or after takes precedence over them.
 *
 * The cap counts the workers of every pool, bound and unbound, normal and
 * high priority; the timer thread, the manager and the rescuers of
 * WQ_MEM_RECLAIM queues are not workers and do not count.  A worker takes
 * a slot before its thread is created (kwq__worker_slot_get(), from
 * kwq__create_worker()) and gives it back when it exits.  With no slot
 * free, nothing is lost: items wait on their pool's worklist until a worker
 * of that pool is free or a slot is; meanwhile the manager asks an idle
 * worker of another pool to leave (kwq__reclaim_slot() in pool.c) so that a
 * pool with waiting items is not starved by idle ones, and calls the
 * pool's rescuers, which run their queues' items as when no thread can be
 * created.  Lowering the cap below the workers alive stops new ones; the
 * extra ones are not stopped, but retire at their idle timeout as usual.
 */
#include "internal.h"

#include <limits.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/sysinfo.h>

/* Room for kwq's own frames, with plenty to spare. */
#define MIN_STACK	(64 * 1024)

static struct {
	unsigned int max;	/* A: 0, or the cap on workers */
	unsigned int nr;	/* A: workers holding a slot */
	size_t stack;		/* A: 0, or new threads' stack size */
	int max_set;		/* A: set by the program: env ignored */
	int stack_set;		/* A: likewise */
} lim;

int kwq_set_worker_limit(unsigned int max)
{
	__atomic_store_n(&lim.max, max, __ATOMIC_RELAXED);
	__atomic_store_n(&lim.max_set, 1, __ATOMIC_RELAXED);
	/* Items may be waiting for a slot that is now free. */
	kwq__manager_poke();
	return 0;
}

/*
 * The largest stack a thread could be given here: no more than the
 * machine's memory and swap (a larger private mapping is refused unless
 * the system overcommits without limit) nor than half the address space
 * the process may map (RLIMIT_AS).  Refused when set, since a size above
 * it would only show later, as the failure of every alloc_workqueue().
 */
static unsigned long long max_stack(void)
{
	unsigned long long max = SIZE_MAX / 2;
	struct sysinfo si;
	struct rlimit rl;

	if (!sysinfo(&si) && si.mem_unit &&
	    (unsigned long long)(si.totalram + si.totalswap) <
	    max / si.mem_unit)
		max = (unsigned long long)(si.totalram + si.totalswap) *
		      si.mem_unit;
	if (!getrlimit(RLIMIT_AS, &rl) && rl.rlim_cur != RLIM_INFINITY &&
	    rl.rlim_cur / 2 < max)
		max = rl.rlim_cur / 2;
	return max;
}

int kwq_set_worker_stack(size_t bytes)
{
	if (bytes && (bytes < MIN_STACK || bytes > max_stack()))
		return -EINVAL;
	__atomic_store_n(&lim.stack, bytes, __ATOMIC_RELAXED);
	__atomic_store_n(&lim.stack_set, 1, __ATOMIC_RELAXED);
	return 0;
}

int kwq__worker_slot_get(void)
{
	unsigned int n = __atomic_load_n(&lim.nr, __ATOMIC_RELAXED);
	unsigned int max;

	do {
		max = __atomic_load_n(&lim.max, __ATOMIC_RELAXED);
		if (max && n >= max)
			return -EUSERS;
	} while (!__atomic_compare_exchange_n(&lim.nr, &n, n + 1, true,
					      __ATOMIC_RELAXED,
					      __ATOMIC_RELAXED));
	return 0;
}

void kwq__worker_slot_put(void)
{
	__atomic_sub_fetch(&lim.nr, 1, __ATOMIC_RELAXED);
}

void kwq__worker_slots_child(unsigned int nr)
{
	__atomic_store_n(&lim.nr, nr, __ATOMIC_RELAXED);
}

size_t kwq__worker_stack(void)
{
	return __atomic_load_n(&lim.stack, __ATOMIC_RELAXED);
}

/*
 * An environment number as kwq(7) describes them: decimal digits only, with
 * a k or m suffix (KiB, MiB) where @suffix allows, at most @max.  Returns
 * false for anything else.  strtoul() alone would take " 3" and "+3", and
 * "-5" as a number just below 2^64: a stack no thread can have, so every
 * queue's creation failed.
 */
static bool env_number(const char *s, bool suffix, unsigned long long max,
		       unsigned long long *out)
{
	unsigned long long n = 0;
	unsigned int shift = 0;
	const char *p;

	for (p = s; *p >= '0' && *p <= '9'; p++) {
		unsigned int digit = (unsigned int)(*p - '0');

		if (n > (ULLONG_MAX - digit) / 10)
			return false;
		n = n * 10 + digit;
	}
	if (p == s)
		return false;
	if (suffix && (*p == 'k' || *p == 'K'))
		shift = 10;
	else if (suffix && (*p == 'm' || *p == 'M'))
		shift = 20;
	if (shift)
		p++;
	if (*p || n > max >> shift)
		return false;
	*out = n << shift;
	return true;
}

void kwq__limits_init(void)
{
	const char *max = getenv("KWQ_WORKER_LIMIT");
	const char *stack = getenv("KWQ_WORKER_STACK");
	unsigned long long n;

	if (max && *max && !__atomic_load_n(&lim.max_set, __ATOMIC_RELAXED)) {
		if (!env_number(max, false, UINT_MAX, &n))
			fprintf(stderr, "kwq: KWQ_WORKER_LIMIT=%s: not a number from 0 to %u; ignored\n",
				max, UINT_MAX);
		else
			__atomic_store_n(&lim.max, (unsigned int)n,
					 __ATOMIC_RELAXED);
	}
	if (stack && *stack &&
	    !__atomic_load_n(&lim.stack_set, __ATOMIC_RELAXED)) {
		if (!env_number(stack, true, SIZE_MAX, &n) || n < MIN_STACK ||
		    n > max_stack())
			fprintf(stderr,
				"kwq: KWQ_WORKER_STACK=%s: not a size from 64k to %llum (the memory a thread may map), in bytes or with a k or m suffix; ignored\n",
				stack, max_stack() >> 20);
		else
			__atomic_store_n(&lim.stack, (size_t)n,
					 __ATOMIC_RELAXED);
	}
}
