// SPDX-License-Identifier: MIT
/*
 * The clock an arm reads: a time never earlier than CLOCK_MONOTONIC's "now",
 * for less than clock_gettime() costs.
 *
 * An item armed for @delay must not become due before the arm's time plus
 * @delay (design.md, guarantee 7), so the arm may take a time that is late
 * (its item is then that much late) but never one that is early.  On the
 * x86 virtual machines kwq is measured on, clock_gettime(CLOCK_MONOTONIC)
 * and its fenced counter read cost a third of an arm and its cancel.  The
 * timer thread, which decides when an item is due, keeps reading the
 * kernel's clock: only the arm's "now" comes from here.
 *
 * DESIGN
 *
 * Where the kernel keeps CLOCK_MONOTONIC with the TSC and the CPU says the
 * TSC is invariant, the arm reads the counter and counts from a base: a
 * counter
 * value and a CLOCK_MONOTONIC reading taken after it, plus a 2 us slack,
 * so the clock was below the base's time when the counter showed the
 * base's count.  From there, time is counted 1.5 times as fast as the
 * counter runs against CLOCK_MONOTONIC_RAW, faster than adjtimex() can make
 * CLOCK_MONOTONIC run (its limits keep it within about a quarter of the raw
 * clock; NTP daemons stay within a few hundred parts per million), so the
 * count stays ahead of the clock.  It gains half the base's age, so a base
 * is renewed once it is 16 us old: an arm's time is at most 10 us late.
 *
 * The kernel keeps its clock with the TSC in two ways.  Its clocksource is
 * "tsc": the counter then runs at a constant rate and in step on every CPU,
 * or the kernel would have given it up.  Or it is "kvm-clock" and the
 * hypervisor's page for it (pvclock, which the vDSO reads) carries the
 * stable bit: the host then promises one scale and one counter for every
 * virtual CPU, which is what lets the vDSO read the TSC on any CPU without
 * a system call (a VM may mark the TSC clocksource unstable and still give
 * that promise, as the machine kwq is measured on does).  The page is
 * looked at through a pipe first, since the kernel maps it only when its
 * clock uses it and touching it otherwise would be SIGBUS; the timer
 * thread looks at the bit again at each renewal, as the vDSO does at each
 * read, and gives the counter up if the host took the promise back.
 *
 * The arm's counter read has no fence, which would cost what the kernel's
 * clock does: the CPU may execute it a little before the instructions ahead
 * of it, by no more than its reorder window (a few hundred instructions, a
 * few cache misses), which the slack covers.  A clock read by the caller
 * before the arm is never later than the count: the vDSO's read is fenced.
 *
 * Renewing checks the old base first: CLOCK_MONOTONIC was at least @t when
 * the counter, read after it, showed @after, so a count below @t there means
 * the bound no longer holds (the clocksource changed, or a rate beyond the
 * margin); the counter is then never used again, and a warning says so.
 * The timer thread renews (and so checks) at each wake-up.  An arm renews
 * only when arms come close together (within two bases' lives): one alone
 * reads clock_gettime(), which costs less than a renewal.  Everything else
 * falls back to clock_gettime() as well: another architecture or
 * clocksource, the first millisecond (the counter's rate is being
 * measured), a renewal in progress elsewhere, a counter read behind the base
 * (another CPU's).
 *
 * The base is a sequence lock, whose writer is whoever renews it first (a
 * compare-and-swap of the sequence); readers never wait for it.
 */
#include "internal.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>

/* The measuring of the counter's rate lasts this long at least. */
#define CAL_NS		1000000ULL
/* A base this old is renewed: ns. */
#define MAX_AGE_NS	16000ULL
/*
 * A reading of the kernel's clock between two counter reads further apart
 * than this (ns) was interrupted: it makes no base.
 */
#define MAX_BRACKET_NS	2000ULL
/*
 * Added to a base's time: room for counters a few cycles out of step
 * between CPUs, and for a counter read that the CPU executes a little
 * before the instructions ahead of it.
 */
#define SLACK_NS	2000ULL

struct kwq__clock kwq__clk;

/* Since when, by the counter and CLOCK_MONOTONIC_RAW, the rate is measured. */
static uint64_t cal_tsc, cal_raw;

/*
 * kvm-clock's page for the first virtual CPU, whose flags say whether the
 * host keeps the TSC stable, or NULL: its layout is the hypervisor's ABI
 * (struct pvclock_vcpu_time_info), and the vDSO reads the same page.
 */
static const volatile uint8_t *pvclock;

#define PVCLOCK_FLAGS		29	/* byte offset of its flags */
#define PVCLOCK_TSC_STABLE	0x01

/* The counter when kwq__timer_now() last found the base too old. */
static uint64_t last_slow __attribute__((aligned(64)));

/*
 * A field of the base, written by the holder of the sequence lock: a
 * reader that loads the new value (with acquire) then finds the sequence
 * odd or moved on, so no fence is needed on either side.
 */
static void publish(uint64_t *field, uint64_t v)
{
	__atomic_store_n(field, v, __ATOMIC_RELEASE);
}

static uint64_t tsc_ordered(void)
{
#ifdef __x86_64__
	uint32_t lo, hi;

	/* Executes after every earlier instruction, as the vDSO's read. */
	__asm__ volatile("lfence; rdtsc" : "=a"(lo), "=d"(hi) :: "memory");
	return (uint64_t)hi << 32 | lo;
#else
	return 0;
#endif
}

/*
 * The start of the vDSO's page of virtual clocks, whose first page is
 * kvm-clock's ([vvar_vclock], Linux 6.13 and later; older kernels keep it
 * at an offset of [vvar] that changed between versions, and are not read),
 * or NULL; *@valgrind says whether valgrind runs us (its preloaded objects
 * are mapped).
 */
static const volatile uint8_t *vclock_page(bool *valgrind)
{
	unsigned long start = 0, end;
	char line[256];
	FILE *f = fopen("/proc/self/maps", "re");

	*valgrind = false;
	if (!f)
		return NULL;
	while (fgets(line, sizeof(line), f)) {
		if (strstr(line, "/vgpreload_"))
			*valgrind = true;
		else if (!start && strstr(line, "[vvar_vclock]") &&
			 sscanf(line, "%lx-%lx", &start, &end) != 2)
			start = 0;
	}
	fclose(f);
	return (const volatile uint8_t *)start;
}

/*
 * Does the host keep kvm-clock's TSC stable?  The page is copied by the
 * kernel into a pipe, which gets -EFAULT where a read of ours would get
 * SIGBUS (the kernel maps the page only if its clock is kvm-clock's).
 */
static bool pvclock_stable(const volatile uint8_t *page)
{
	uint8_t copy[PVCLOCK_FLAGS + 1];
	bool ok = false;
	int fd[2];

	if (!page || pipe2(fd, O_CLOEXEC))
		return false;
	if (write(fd[1], (const void *)page, sizeof(copy)) ==
	    (ssize_t)sizeof(copy) &&
	    read(fd[0], copy, sizeof(copy)) == (ssize_t)sizeof(copy))
		ok = copy[PVCLOCK_FLAGS] & PVCLOCK_TSC_STABLE;
	close(fd[0]);
	close(fd[1]);
	if (ok)
		pvclock = page;
	return ok;
}

/*
 * Does this machine's kernel keep CLOCK_MONOTONIC with an invariant TSC?
 * Not under valgrind, whatever the clocksource: a base lives 16 us, one
 * or two arm+cancel pairs at valgrind's speed, so arms kept renewing it,
 * which costs more than clock_gettime() and made callgrind's count of an
 * arm depend on how fast valgrind ran; and valgrind does not know
 * kvm-clock's page, and would report every read of it.
 */
static bool tsc_usable(void)
{
#ifdef __x86_64__
	const volatile uint8_t *page;
	char name[32] = "";
	unsigned int a, b, c, d;
	bool valgrind;
	FILE *f;

	__asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d)
			 : "a"(0x80000000U), "c"(0));
	if (a < 0x80000007U)
		return false;
	__asm__ volatile("cpuid" : "=a"(a), "=b"(b), "=c"(c), "=d"(d)
			 : "a"(0x80000007U), "c"(0));
	if (!(d & (1U << 8)))
		return false;	/* not invariant */
	page = vclock_page(&valgrind);
	if (valgrind)
		return false;
	f = fopen("/sys/devices/system/clocksource/clocksource0/"
		  "current_clocksource", "re");
	if (!f)
		return false;
	if (!fgets(name, sizeof(name), f))
		name[0] = '\0';
	fclose(f);
	if (!strcmp(name, "kvm-clock\n"))
		return pvclock_stable(page);
	return !strcmp(name, "tsc\n");
#else
	return false;
#endif
}

/*
 * Read CLOCK_MONOTONIC (or @clock) between two counter reads: @tsc is the
 * first.  Returns false when the two reads are too far apart to trust the
 * pair (the thread was preempted or interrupted in between).
 */
static bool bracket(clockid_t clock, uint64_t *tsc, uint64_t *ns,
		    uint64_t max_counts)
{
	uint64_t after;

	*tsc = tsc_ordered();
	*ns = kwq__clock_ns(clock);
	after = tsc_ordered();
	return after - *tsc <= max_counts;
}

/*
 * Finish measuring the counter's rate, if it has run long enough: the
 * mult, with the margin, and the base's greatest age, in counts.
 */
static void calibrate_locked(void)
{
	uint64_t tsc, raw;
	double ns_per_count;

	if (!bracket(CLOCK_MONOTONIC_RAW, &tsc, &raw, 1U << 16) ||
	    raw - cal_raw < CAL_NS || tsc <= cal_tsc)
		return;
	ns_per_count = (double)(raw - cal_raw) / (double)(tsc - cal_tsc);
	publish(&kwq__clk.mult, (uint64_t)(ns_per_count * 1.5 * 4294967296.0));
	publish(&kwq__clk.max_age, (uint64_t)(MAX_AGE_NS / ns_per_count));
	publish(&kwq__clk.max_bracket,
		(uint64_t)(MAX_BRACKET_NS / ns_per_count));
	__atomic_store_n(&kwq__clk.state, KWQ_CLOCK_TSC, __ATOMIC_RELEASE);
}

/* Was the count from the current base at least @t at counter value @tsc? */
static bool bound_held_locked(uint64_t tsc, uint64_t t)
{
	unsigned __int128 ahead;

	if (tsc < kwq__clk.tsc)
		return true;	/* not comparable: counts from another CPU */
	ahead = (unsigned __int128)(tsc - kwq__clk.tsc) * kwq__clk.mult >> 32;
	return kwq__clk.ns + ahead >= t;
}

static void turn_off_locked(void)
{
	__atomic_store_n(&kwq__clk.state, KWQ_CLOCK_OFF, __ATOMIC_RELEASE);
	__atomic_add_fetch(&kwq__clk.broken, 1, __ATOMIC_RELAXED);
	publish(&kwq__clk.max_age, 0);
}

/*
 * Check the base and renew it: *@t gets a CLOCK_MONOTONIC reading.
 * Returns false when the check found the bound broken.  The caller holds
 * the write side of the sequence lock.
 */
static bool renew_locked(uint64_t *t)
{
	uint64_t tsc, after;

	if (__atomic_load_n(&kwq__clk.state, __ATOMIC_RELAXED) ==
	    KWQ_CLOCK_CALIBRATING)
		calibrate_locked();
	if (__atomic_load_n(&kwq__clk.state, __ATOMIC_RELAXED) !=
	    KWQ_CLOCK_TSC) {
		*t = kwq__clock_ns(CLOCK_MONOTONIC);
		return true;
	}
	/*
	 * No fence: the vDSO's own counter read waits for every instruction
	 * before it, so @tsc is read first; @after may run a few cycles
	 * before the vDSO's read, which the check's slack absorbs.
	 */
	tsc = kwq__tsc();
	*t = kwq__clock_ns(CLOCK_MONOTONIC);
	after = kwq__tsc();
	if ((pvclock && !(pvclock[PVCLOCK_FLAGS] & PVCLOCK_TSC_STABLE)) ||
	    (kwq__clk.ns && !bound_held_locked(after, *t))) {
		turn_off_locked();
		return false;
	}
	if (after - tsc <= kwq__clk.max_bracket) {
		publish(&kwq__clk.tsc, tsc);
		publish(&kwq__clk.ns, *t + SLACK_NS);
	}
	return true;
}

/* Check and renew the base, if no other thread is at it. */
static uint64_t renew(void)
{
	uint32_t seq = __atomic_load_n(&kwq__clk.seq, __ATOMIC_RELAXED);
	uint64_t t;
	bool held;

	if ((seq & 1) ||
	    !__atomic_compare_exchange_n(&kwq__clk.seq, &seq, seq + 1, false,
					 __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		return kwq__clock_ns(CLOCK_MONOTONIC);
	held = renew_locked(&t);
	__atomic_store_n(&kwq__clk.seq, seq + 2, __ATOMIC_RELEASE);
	if (!held)
		kwq__warn(KWQ_WARN_INTERNAL, NULL, 0, "timer", -ERANGE,
			  "the TSC ran behind CLOCK_MONOTONIC, or the host "
			  "no longer keeps it stable: delayed work reads "
			  "clock_gettime() from now on");
	return t;
}

/*
 * kwq__timer_now() found the base too old (or none): renew it when arms
 * come close together, since the next ones will use it; an arm that comes
 * alone (the previous one found the base old too, a while ago) reads the
 * kernel's clock, which costs less than a renewal.  @tsc: the counter.
 */
uint64_t kwq__timer_now_slow(uint64_t tsc)
{
	uint64_t last = __atomic_load_n(&last_slow, __ATOMIC_RELAXED);
	int state = __atomic_load_n(&kwq__clk.state, __ATOMIC_RELAXED);

	__atomic_store_n(&last_slow, tsc, __ATOMIC_RELAXED);
	if (state == KWQ_CLOCK_OFF || (state == KWQ_CLOCK_TSC &&
	    tsc - last > 2 * __atomic_load_n(&kwq__clk.max_age,
					     __ATOMIC_RELAXED)))
		return kwq__clock_ns(CLOCK_MONOTONIC);
	return renew();
}

/* The timer thread, at each wake-up: check the bound, renew the base. */
void kwq__timer_clock_check(void)
{
	if (__atomic_load_n(&kwq__clk.state, __ATOMIC_RELAXED) !=
	    KWQ_CLOCK_OFF)
		(void)renew();
}

/* In a fork()ed child: a renewal the fork cut short is started again. */
void kwq__timer_clock_child(void)
{
	kwq__clk.seq = 0;
	kwq__clk.tsc = 0;
	kwq__clk.ns = 0;
}

void kwq__timer_clock_init(void)
{
	uint64_t tsc, raw;
	int tries = 0;

	memset(&kwq__clk, 0, sizeof(kwq__clk));
	if (!tsc_usable())
		return;
	/*
	 * The process's first read of a clock may fault the vDSO's page in
	 * (a third of the first brackets on kvm-clock took longer than the
	 * limit): a few more tries, rather than no counter for its life.
	 */
	while (!bracket(CLOCK_MONOTONIC_RAW, &tsc, &raw, 1U << 16))
		if (++tries == 4)
			return;
	cal_tsc = tsc;
	cal_raw = raw;
	kwq__clk.state = KWQ_CLOCK_CALIBRATING;
}
