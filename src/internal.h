/* SPDX-License-Identifier: MIT */
/*
 * kwq internals shared between the library's files; never installed.
 *
 * The model is the kernel's.  A work item is intrusive: its data word holds
 * its state bits and, while it is queued, a pointer to the pool_workqueue
 * (pwq) it was queued through; once it has run, a pointer to the pool it last
 * ran on, so that a new add can find an instance still running there.  A
 * workqueue owns one pwq per pool it uses (one per CPU for a bound queue, one
 * for an unbound queue); the pwq enforces max_active and counts the items in
 * flight for flush_workqueue().  Pools are shared by every queue, live as
 * long as the process, and own the worker threads and the worklist.
 *
 * Ownership of an item follows its PENDING bit: whoever sets it (an add, or a
 * cancel stealing it) owns the data word until it publishes the item on a
 * list under a pool lock; from then on that pool's lock protects it.  An
 * armed delayed item belongs to its timer base (base->lock), and an item a
 * cancel_*_sync() holds (CANCELING) to that canceller.  An item added to a
 * queue while it still runs on another pool is queued there at once, but
 * held (pool->held) until that run ends: the worker running it records it
 * (wait_work), and its end releases it.
 *
 * Structure fields follow one of these exclusion rules:
 *
 * I: Set at creation, then only read.
 * L: pool->lock.
 * F: wq->flush_mutex (flushers are serialised).
 * A: Atomic (__atomic builtins); the comment says which ordering matters.
 * M: Only the manager thread (manager.c).
 * W: Only the worker itself (read by others under L where marked L/W).
 */
/*
 * Layout: the common macros, the data word and its transitions, lists,
 * futexes and the shared types first; then one section per .c file with the
 * kwq__ names it defines, in the order an add travels (warn.c ... debug.c),
 * each with the inline helpers through which other files reach it without
 * a cycle (kwq__init(), kwq__is_barrier(), ...: tests/layout.t); last, the
 * inline helpers built on them (data_pwq(), the pool lock).
 * It stays one header past 800 lines: every file of the library includes
 * it whole, its sections are already one per file, and the legend above
 * has to govern every type in it.
 */
#ifndef KWQ_INTERNAL_H
#define KWQ_INTERNAL_H

#include <kwq/workqueue.h>

#include <errno.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#if defined(__GLIBC__) && defined(__has_include)
#if __has_include(<sys/rseq.h>)
#include <sys/rseq.h>
#define KWQ_HAVE_RSEQ 1
#endif
#endif

#define KWQ_HIDDEN __attribute__((visibility("hidden")))

#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)

/*
 * Impossible internal states are not errors to return: report where and
 * abort, in release builds too.
 */
#define kwq__bug_on(cond) do {						\
	if (unlikely(cond))						\
		kwq__bug(__FILE__, __LINE__, __func__, #cond);		\
} while (0)

/* The BUG report, see warn.c. */
KWQ_HIDDEN void kwq__bug(const char *file, int line, const char *func,
			 const char *cond) __attribute__((noreturn, cold));

/*
 * Debug-build assertions (-DKWQ_ASSERT, on in the sanitizer builds): checks
 * too costly for the add path in a release build, where they compile to
 * nothing and their condition is never evaluated.
 */
#ifdef KWQ_ASSERT
#define kwq__assert(cond) kwq__bug_on(!(cond))
#else
#define kwq__assert(cond) do {						\
	if (0)								\
		(void)(cond);						\
} while (0)
#endif

/*
 * Every `_locked` function that needs a pool's lock checks it on entry.  The
 * lock word does not record its owner, so this catches a lock not taken at
 * all, not one taken by another thread.
 */
#define kwq__assert_locked(pool)					\
	kwq__assert(__atomic_load_n(&(pool)->lock, __ATOMIC_RELAXED) != 0)

/*
 * USDT probes (provider "kwq"), as the kernel's workqueue tracepoints: each is
 * a single nop until a tracer (bpftrace, perf probe, systemtap) attaches.
 * Built without them when <sys/sdt.h> (systemtap-sdt-dev) is missing.
 */
#if defined(__has_include) && __has_include(<sys/sdt.h>)
#define SDT_USE_VARIADIC 1
#include <sys/sdt.h>
#define KWQ_TRACE(name, ...) STAP_PROBEV(kwq, name, __VA_ARGS__)
#else
#define KWQ_TRACE(name, ...) do { } while (0)
#endif

/* --- the work item's data word ------------------------------------------ */

/*
 * Low bits of work->data.  Pools and pwqs are aligned so that the pointer
 * stored above these bits leaves them free.
 */
enum {
	WORK_PENDING	= 1UL << 0, /* queued, armed, or owned by an add or
				       a cancel in progress */
	WORK_INACTIVE	= 1UL << 1, /* on pwq->inactive (with WORK_PWQ) */
	WORK_CANCELING	= 1UL << 1, /* a cancel_*_sync owns it (off queue) */
	WORK_PWQ	= 1UL << 2, /* the pointer is the pwq it is queued on */
	WORK_LINKED	= 1UL << 3, /* the next item must run right after */
	WORK_COLOR	= 1UL << 4, /* flush color, with WORK_PWQ */
	WORK_INIT	= 1UL << 5, /* INIT_WORK() was called */
	WORK_DELAYED	= 1UL << 6, /* the item is part of a delayed_work */

	WORK_FLAG_BITS	= 7,
	WORK_FLAG_MASK	= (1UL << WORK_FLAG_BITS) - 1,
	WORK_ALIGN	= 1UL << WORK_FLAG_BITS,
};

_Static_assert(WORK_INIT == KWQ_WORK_INIT_DATA, "INIT bit out of step");
_Static_assert(WORK_PENDING == 1UL, "work_pending() tests bit 0");
_Static_assert(sizeof(struct work_struct) <= 32, "work_struct too big");

static inline unsigned long work_data(const struct work_struct *w)
{
	return __atomic_load_n(&w->data, __ATOMIC_ACQUIRE);
}

static inline void set_work_data(struct work_struct *w, unsigned long data)
{
	__atomic_store_n(&w->data, data, __ATOMIC_RELEASE);
}

/*
 * The data word's transitions, named as the kernel's are; nothing else
 * writes the word.  An item moves through these states (docs/internals.md
 * §1 has the table):
 *
 *   idle (INIT, maybe a pool)
 *     -- test_and_set_work_pending() won: an add, a cancel, the timer -->
 *   owned (PENDING, no list)
 *     -- set_work_pwq(work_pwq_data()) under the pool lock -->
 *   queued (pwq | PWQ | PENDING, maybe INACTIVE, LINKED, COLOR)
 *     -- set_work_pool_and_clear_pending() as a worker starts it (on x86,
 *        set_work_pool_and_store_idle() before the unlock) -->
 *   idle, with the pool it ran on
 *
 * An owner that does not queue the item gives it back with
 * clear_work_pending() (a refused add) or release_work_pending() (a cancel,
 * which may have marked it with mark_work_canceling()); a cancel that takes
 * a queued item off its list keeps it owned with
 * set_work_pool_and_keep_pending().  While queued, mark_work_inactive(),
 * mark_work_active() and mark_work_linked() change one bit under the pool
 * lock.  A fork child starts over with clear_work_data(); an orphan of a
 * fork (kwq__ghosts) is taken with set_work_pool_and_keep_pending(), or
 * made idle with set_work_pool_and_clear_pending().  Each transition
 * asserts (kwq__assert) the bits it expects.
 */
struct kwq__pool;
struct kwq__pwq;

/* Try to own @w; returns the word from before: PENDING set means it failed. */
static inline unsigned long test_and_set_work_pending(struct work_struct *w)
{
	return __atomic_fetch_or(&w->data, WORK_PENDING, __ATOMIC_ACQ_REL);
}

/* An owner that queued nothing lets go; the rest of the word stays. */
static inline void clear_work_pending(struct work_struct *w)
{
	unsigned long old = __atomic_fetch_and(&w->data,
					       ~(unsigned long)WORK_PENDING,
					       __ATOMIC_RELEASE);

	kwq__assert((old & WORK_PENDING) && !(old & WORK_PWQ));
	(void)old;
}

/* The word of an item queued on @pwq with @flags (INACTIVE, LINKED, COLOR). */
static inline unsigned long work_pwq_data(struct kwq__pwq *pwq,
					  unsigned long flags)
{
	kwq__assert(!((unsigned long)pwq & WORK_FLAG_MASK));
	kwq__assert(!(flags & ~(unsigned long)(WORK_INACTIVE | WORK_LINKED |
					       WORK_COLOR | WORK_DELAYED)));
	return (unsigned long)pwq | WORK_PWQ | WORK_PENDING | WORK_INIT |
		flags;
}

/*
 * Queued, with @data from work_pwq_data(): the caller owns PENDING and holds
 * the pwq's pool lock.
 */
static inline void set_work_pwq(struct work_struct *w, unsigned long data)
{
	kwq__assert((data & (WORK_PWQ | WORK_PENDING | WORK_INIT)) ==
		    (WORK_PWQ | WORK_PENDING | WORK_INIT));
	set_work_data(w, data);
}

/*
 * A flush barrier @w, seen by nobody else yet, queued on @pwq with @flags
 * (INACTIVE, LINKED) by the holder of its pool lock: an item's queued word
 * without INIT, which no item queued by an add lacks (INIT_WORK() set it,
 * and the add refuses an item without it).  So a worker's one compare of
 * the word's PENDING, PWQ, LINKED and INIT bits tells a real item alone
 * from a barrier or an item with one linked behind it, where it loaded the
 * function to compare it with kwq__barrier_func() too (worker.c).  Run, a
 * barrier's word gets INIT with its pool, as an item's.
 */
static inline void set_barrier_pwq(struct work_struct *w,
				   struct kwq__pwq *pwq, unsigned long flags)
{
	set_work_data(w, work_pwq_data(pwq, flags) & ~(unsigned long)WORK_INIT);
}

/* Queued @w waits for an active slot (on pwq->inactive), or no longer. */
static inline void mark_work_inactive(struct work_struct *w)
{
	unsigned long data = work_data(w);

	kwq__assert((data & (WORK_PWQ | WORK_PENDING | WORK_INACTIVE)) ==
		    (WORK_PWQ | WORK_PENDING));
	set_work_data(w, data | WORK_INACTIVE);
}

static inline void mark_work_active(struct work_struct *w)
{
	unsigned long data = work_data(w);

	kwq__assert((data & (WORK_PWQ | WORK_PENDING | WORK_INACTIVE)) ==
		    (WORK_PWQ | WORK_PENDING | WORK_INACTIVE));
	set_work_data(w, data & ~(unsigned long)WORK_INACTIVE);
}

/* A flush barrier now follows queued @w and moves with it. */
static inline void mark_work_linked(struct work_struct *w)
{
	unsigned long data = work_data(w);

	kwq__assert((data & (WORK_PWQ | WORK_PENDING)) ==
		    (WORK_PWQ | WORK_PENDING));
	set_work_data(w, data | WORK_LINKED);
}

/*
 * A worker starts queued @w (@data its word): PENDING goes, with a full
 * barrier, so that the function may re-add it and sees everything done
 * before any add that found it pending; the pool it ran on stays.
 */
static inline void set_work_pool_and_clear_pending(struct work_struct *w,
						   struct kwq__pool *pool,
						   unsigned long data)
{
	unsigned long old = __atomic_exchange_n(&w->data,
						(unsigned long)pool |
						WORK_INIT |
						(data & WORK_DELAYED),
						__ATOMIC_ACQ_REL);

	kwq__assert((old & (WORK_PWQ | WORK_PENDING)) ==
		    (WORK_PWQ | WORK_PENDING));
	(void)old;
}

/*
 * set_work_pool_and_clear_pending() as a plain store, for a caller whose
 * next step is a locked instruction, a full barrier on x86: see
 * clear_pending_unlock() in worker.c.  @data is the word, read under the pool
 * lock; an add or a cancel that finds PENDING set changes nothing in it.
 */
static inline void set_work_pool_and_store_idle(struct work_struct *w,
						struct kwq__pool *pool,
						unsigned long data)
{
	kwq__assert((data & (WORK_PWQ | WORK_PENDING)) ==
		    (WORK_PWQ | WORK_PENDING));
	__atomic_store_n(&w->data, (unsigned long)pool | WORK_INIT |
			 (data & WORK_DELAYED), __ATOMIC_RELEASE);
}

/*
 * A cancel took queued @w (@data its word) off its list: it stays owned
 * (PENDING), naming @pool, where a running instance may still be waited for.
 */
static inline void set_work_pool_and_keep_pending(struct work_struct *w,
						  struct kwq__pool *pool,
						  unsigned long data)
{
	kwq__assert((data & (WORK_PWQ | WORK_PENDING)) ==
		    (WORK_PWQ | WORK_PENDING));
	set_work_data(w, (unsigned long)pool | WORK_PENDING | WORK_INIT |
		      (data & WORK_DELAYED));
}

/* A cancel_*_sync() owns off-queue @w until release_work_pending(). */
static inline void mark_work_canceling(struct work_struct *w)
{
	unsigned long data = work_data(w);

	kwq__assert((data & (WORK_PWQ | WORK_PENDING)) == WORK_PENDING);
	set_work_data(w, data | WORK_CANCELING);
}

/* A cancel lets go of off-queue @w: idle, its last pool kept. */
static inline void release_work_pending(struct work_struct *w)
{
	unsigned long data = work_data(w);

	kwq__assert((data & (WORK_PWQ | WORK_PENDING)) == WORK_PENDING);
	set_work_data(w, data & ~(unsigned long)(WORK_PENDING |
						 WORK_CANCELING));
}

/* Never queued, armed or run (a fork child's items): INIT and DELAYED only. */
static inline void clear_work_data(struct work_struct *w)
{
	set_work_data(w, WORK_INIT | (work_data(w) & WORK_DELAYED));
}

/* --- lists -------------------------------------------------------------- */

#define kwq__list_entry(p, type, member) container_of(p, type, member)

static inline void kwq__list_init(struct kwq_list_node *h)
{
	h->next = h;
	h->prev = h;
}

static inline int kwq__list_empty(const struct kwq_list_node *h)
{
	return h->next == h;
}

/*
 * In this order gcc cannot merge the first two stores into one vector
 * store, which costs it four instructions instead of two.
 */
static inline void kwq__list_insert(struct kwq_list_node *n,
				    struct kwq_list_node *prev,
				    struct kwq_list_node *next)
{
	n->next = next;
	prev->next = n;
	n->prev = prev;
	next->prev = n;
}

/* Insert @n before @pos (at the tail when @pos is the head). */
static inline void kwq__list_add_before(struct kwq_list_node *n,
					struct kwq_list_node *pos)
{
	kwq__list_insert(n, pos->prev, pos);
}

static inline void kwq__list_add_head(struct kwq_list_node *n,
				      struct kwq_list_node *h)
{
	kwq__list_insert(n, h, h->next);
}

/* Unlink @n, its own links left as they were: for a node that is read
 * again only once it is inserted somewhere. */
static inline void kwq__list_del(struct kwq_list_node *n)
{
	n->prev->next = n->next;
	n->next->prev = n->prev;
}

static inline void kwq__list_del_init(struct kwq_list_node *n)
{
	kwq__list_del(n);
	kwq__list_init(n);
}

/* --- futex-based waiting ------------------------------------------------ */

/*
 * futex(2) with four arguments: its result, or a negative errno.  On
 * x86-64 the system call is made here: glibc's variadic syscall() moved
 * every argument once more, some 15 instructions on a path a worker woken
 * per item takes once an item (issue 24 §1), and set errno.
 */
static inline long kwq__futex(uint32_t *uaddr, int op, uint32_t val,
			      const struct timespec *rel)
{
#ifdef __x86_64__
	register const struct timespec *r10 __asm__("r10") = rel;
	long ret;

	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "0"((long)SYS_futex), "D"(uaddr), "S"((long)op),
			   "d"((long)val), "r"(r10)
			 : "rcx", "r11", "memory");
	return ret;
#else
	long ret = syscall(SYS_futex, uaddr, op, val, rel, NULL, 0);

	return ret < 0 ? -errno : ret;
#endif
}

static inline int kwq__futex_wait(uint32_t *uaddr, uint32_t val,
				  const struct timespec *rel)
{
	return (int)kwq__futex(uaddr, FUTEX_WAIT_PRIVATE, val, rel);
}

static inline void kwq__futex_wake(uint32_t *uaddr, int n)
{
	kwq__futex(uaddr, FUTEX_WAKE_PRIVATE, (uint32_t)n, NULL);
}

/* A one-shot event: complete() once, any number of waiters. */
struct kwq__completion {
	uint32_t done;		/* A: release on complete, acquire on wait */
};


/* --- pools, workers, pwqs, queues: the shared types ---------------------- */

#define WORK_CPU_ANY (-1)	/* "the calling CPU" */
#define KWQ_BUSY_HASH_BITS 6
#define KWQ_MAX_WORKERS 512	/* per pool; beyond it adds wait their turn */

struct kwq__pwq;

struct kwq__worker {
	struct kwq_list_node idle_node;	/* L: on pool->idle while idle */
	struct kwq_list_node node;	/* L: on pool->workers */
	struct kwq__worker *hnext;	/* L: pool->busy hash chain */
	struct kwq__worker **hhead;	/* L: that chain's head, while busy,
					   or the one its next item joins */
	struct kwq__pool *pool;		/* I */
	struct work_struct *current_work; /* L/W: the item running, or NULL */
	work_func_t current_func;	/* L/W: its function */
	struct kwq__pwq *current_pwq;	/* L/W: the pwq it came through */
	int current_color;		/* L/W: its flush color, -1: a barrier */
	struct kwq_list_node scheduled;	/* L: items to run next, in order */
	uint32_t wake;			/* A: 1 when woken from idle */
	int id;				/* I: number within the pool */
	unsigned long seq;		/* L: items started so far */
	unsigned long mon_seq;		/* M+L: seq at the manager's last look */
	unsigned long long started_ns;	/* W: when its item started (stats) */
	char idle;			/* L: on pool->idle */
	char counted;			/* L: counts in pool->nr_running */
	char slept;			/* W: uncounted itself to sleep in kwq */
	char boost;			/* L: may take one item beyond target */
	char detour;			/* L: back to the loop before the next
					   item (see kwq__worker_detour()) */
	char mon_blocked;		/* M+L: looks on one item, no /proc */
	unsigned int lock_waits;	/* A: odd while it sleeps in
					   kwq__lock_slow(), bumped by it */
	pid_t tid;			/* L: its thread, for the manager */
	struct kwq__pool *wait_pool;	/* L/W: a pool where its item, added
					   again, waits for this run to end */
	struct work_struct *wait_work;	/* wait_pool's L: that item, or
					   NULL once cancelled */
	struct kwq_list_node wait_node;	/* wait_pool's L: on its waits */
	unsigned int name_gen;		/* W: pool->name_gen its name shows */
	char reap;			/* L: leave: another pool needs a slot */
	unsigned int idle_ms;		/* W: the idle timeout idle_ts holds */
	struct timespec idle_ts;	/* W: idle_ms as a relative timeout */
};

struct kwq__pool {
	/*
	 * What an add and a worker's start and end of an item touch, in the
	 * lock's cache line: the line moves between them with the lock on
	 * every item, and a second line written per item would move too.
	 */
	uint32_t lock;			/* see kwq__lock() */
	int nr_running;			/* L: busy workers counted below */
	struct kwq_list_node worklist;	/* L: items ready to run, in order */
	struct kwq_list_node waits;	/* L: workers elsewhere whose run an
					   item queued here waits for */
	struct kwq__worker *finisher;	/* L: back from its item, it takes
					 * the worklist's next item itself */
	unsigned long started_mark;	/* L: items started, ever, once
					   tune_left more have started
					   (kwq__pool_started()) */
	int target;			/* L: how many may run at once */
	unsigned int tune_left;		/* L: starts until target is judged */
	struct kwq_list_node idle;	/* L: idle workers, latest first */
	struct kwq_list_node workers;	/* L: every worker */
	struct kwq_list_node held;	/* L: active items whose start waits
					   for a run on another pool */
	int rank;			/* I: lock order, as in fork.c */
	int cpu;			/* I: its CPU, or -1 when unbound */
	int nr_workers;			/* L */
	int nr_idle;			/* L */
	int highpri;			/* I */
	int next_id;			/* L: for worker names */
	char need_worker;		/* L: the manager should create one */
	char blocking;			/* M+L: its items blocked at last look */
	int spawn;			/* L: boosted workers still to create */
	unsigned int create_failed;	/* M: worker creations failed in a row */
	unsigned long wd_seen;		/* M: kwq__pool_started() at the last
					   progress */
	unsigned long wd_since;		/* M: jiffy of the last progress */
	char wd_reported;		/* M: this stall was reported */
	unsigned long long backlog_ns;	/* M: when a look first saw items
					   waiting, 0 when none were */
	int max_target;			/* I: the most target may be */
	unsigned long long tune_ns;	/* L: when target was last judged */
	unsigned long tune_seen;	/* M+L: kwq__pool_started() at the
					   last tick */
	unsigned long long st_created;	/* L: workers started */
	unsigned long long st_retired;	/* L: workers that retired */
	struct kwq_list_node wqs;	/* L: queues using it (unbound only) */
	int nr_wqs;			/* L: how many */
	struct workqueue_struct *sole_wq; /* L: the one of them, or NULL */
	unsigned int name_gen;		/* L: bumped when sole_wq changes */
	struct {
		struct work_struct *w;
		unsigned long long t;
	} st_queued[128];		/* L: when items were queued, sampled */
	struct kwq__worker *busy[1 << KWQ_BUSY_HASH_BITS]; /* L: by item */
} __attribute__((aligned(WORK_ALIGN)));

/* Per-pwq statistics, see stats.c; all L. */
#define KWQ_STAT_BUCKETS 64

struct kwq__pwq_stats {
	unsigned long long added;	/* queued */
	unsigned long long started;	/* a pwq's: less those running at
					   the last reset; the rest counted
					   by reports (sum_pwq()) */
	unsigned long long finished;
	unsigned long long cpu_ns;	/* while enabled */
	unsigned long long lockups;	/* watchdog reports for its items */
	unsigned long long rescued;	/* run by its queue's rescuer */
	unsigned long long lat[KWQ_STAT_BUCKETS]; /* add to start, log2 ns */
	unsigned long long run[KWQ_STAT_BUCKETS]; /* start to return */
	unsigned long long lat_max;
	unsigned long long run_max;
};

/*
 * One push queue of a pwq (see kwq__pwq): a multi-producer queue of
 * items linked by their entry.next (kwq__pushed_after()), taken by the
 * pool's workers under its lock.  The tail is the pushers' line, the
 * stub's the worker's: only a push to an empty queue writes the stub.
 */
struct kwq__pushq {
	/*
	 * The item before the first, of which only entry.next is used: the
	 * first pushed (kwq__pushq_first()).  An empty queue's tail points
	 * here, so that every push links its item the same way, behind the
	 * previous tail.  First, so that its address is the queue's: the
	 * add's test of an empty queue compares the tail with the register
	 * it has.
	 */
	struct work_struct stub		/* A: .entry.next */
		__attribute__((aligned(64)));
	struct work_struct *tail	/* A: last pushed, or &stub */
		__attribute__((aligned(64)));
	/*
	 * What the add needs, read where it writes anyway, not in the pwq's
	 * first line, which the worker writes per item: the pwq, its pool,
	 * and the word of an item pushed here (work_pwq_data(), DELAYED
	 * added for a delayed item), one load for a fresh one.
	 */
	struct kwq__pwq *add_pwq;	/* I */
	struct kwq__pool *add_pool;	/* I */
	unsigned long add_data;		/* I */
};

/*
 * In a push queue, an item's entry.next holds the next item's own address,
 * not its entry's, so that a push links the pointer it has, where the
 * entry's address would be computed and kept in a register of its own
 * beside it, an instruction more on every push; NULL until the next
 * pusher links it.  Read and written only through these two, atomically:
 * the pusher links, the worker reads, under the pool lock.  Once off the
 * queue, the item's entry is a list node again (its insertion writes it).
 */
#define kwq__pushed_after(w_, order_)					\
	((struct work_struct *)(void *)__atomic_load_n(&(w_)->entry.next, \
						       (order_)))
#define kwq__pushed_link(w_, next_, order_)				\
	__atomic_store_n(&(w_)->entry.next,				\
			 (struct kwq_list_node *)(void *)(next_), (order_))
/* The first item pushed on @q (its stub's successor), or NULL. */
#define kwq__pushq_first(q_, order_) kwq__pushed_after(&(q_)->stub, (order_))

/* At most this many push queues per pwq: a release looks at every tail. */
#define KWQ_PUSHQ_MAX 8
/*
 * An unbound queue's table of its push queues (wq->push_qs[]), by the
 * adding CPU's low byte (kwq__add_cpu_byte()): the add indexes it with the
 * byte as it loads it, where a table of KWQ_PUSHQ_MAX would need a mask
 * of the CPU number first, an instruction more on every add.
 */
#define KWQ_PUSHQ_BY_CPU 256
/* Takes from a pwq's push queue after which the next one has its turn. */
#define KWQ_PUSHQ_TURN 64

struct kwq__pwq {
	/*
	 * What every add and every start and end of an item write, the
	 * counters of st included, in one cache line (see kwq__pool).
	 */
	struct kwq__pool *pool;		/* I */
	int limit;			/* L: max_active, or 0 while frozen
					   (freeze.c): the add's one test */
	int nr_active;			/* L: on the worklist or running */
	unsigned int color;		/* L: new items' flush color, 0 or 1;
					   flush_mark() flips it */
	int nr_in_flight[2];		/* L: queued or running, per color */
	int flush_color;		/* L: color a flusher waits for, or -1 */
	unsigned int wq_flags;		/* I: wq->flags, read by each start
					   here and not in another line */
	unsigned char detour;		/* L: the ends of its items go the
					   general way (kwq__pwq_detour()) */
	struct kwq__pwq_stats st;	/* L */
	struct workqueue_struct *wq;	/* I */
	int max_active;			/* I */
	const char *name;		/* I: its queue's, for the probes */
	char mayday;			/* L: its rescuer is called to help */
	/*
	 * L: a fork cut its push queue and the child had no memory for
	 * the copy (pwq_fence() in workqueue.c): a ghost that its queue
	 * still uses, whose own items are told from the orphans by the
	 * lists (kwq__pool_holds_locked()); 0 again once its queue is
	 * destroyed, a ghost like the others then.
	 */
	char cut;
	struct kwq_list_node inactive;	/* L: waiting for an active slot */
	/* Beside inactive, which the end of every item reads too. */
	unsigned int push_mask;		/* I: push queues - 1 (a power of 2) */
	struct kwq__pushq *push_turn;	/* L: the push queue taken from */
	unsigned int push_left;		/* L: takes left to its turn */
	/*
	 * Items added while every slot is taken, pushed without the pool
	 * lock: they would only wait on the inactive list, and an add then
	 * writes no line a worker writes.  Whoever frees a slot takes the
	 * first (pop_locked() in add.c), or starts it itself (the hand-over,
	 * kwq__pwq_hand_over_locked()); whoever locks the pool to look at
	 * the pwq moves them all to the lists at once
	 * (kwq__pwq_settle_locked()).  One queue keeps the order of adds,
	 * which an ordered or max_active 1 queue promises, and a bound pwq
	 * takes its own CPU's adds; an unbound queue with more slots promises
	 * no order and has one per CPU (kwq__wq_push_queues()), so that
	 * producers on two CPUs write no common line.  Its workers take from
	 * one queue, in turn (kwq__pwq_linked_locked()).
	 */
	struct kwq__pushq push[];
} __attribute__((aligned(WORK_ALIGN)));

/* A queue's count of items armed on one CPU's wheel, a line of its own. */
struct kwq__armed {
	unsigned long n;		/* that wheel's L */
} __attribute__((aligned(64)));

struct workqueue_struct {
	unsigned int flags;		/* I: WQ_* */
	int ordered;			/* I */
	int max_active;			/* I */
	unsigned int work_color;	/* F: the pwqs' color, 0 or 1 */
	unsigned int draining;		/* A: KWQ_WQ_DRAIN per drain or destroy
					   under way, plus KWQ_WQ_BOUND (I) */
	int dying;			/* A: destroy_workqueue() has begun:
					   nothing may arm on it any more */
	int nr_waiters;			/* A: flushes and drains under way,
					   which destroy waits out */
	pthread_mutex_t flush_mutex;
	int nr_pwqs_to_flush;		/* A: pwqs the flusher still waits on */
	/*
	 * Its delayed items on each CPU's wheel, by CPU, each written under
	 * that wheel's lock (timer.c): an arm and its cancel then count
	 * with the lock they take anyway, not with two atomics of their own.
	 */
	struct kwq__armed *armed;	/* I: the array */
	unsigned long nr_firing;	/* A: off a wheel, not queued yet */
	unsigned long long st_rejected;	/* A: -EBUSY adds, while enabled */
	struct kwq__completion *flush_done; /* F: the flusher's event */
	struct kwq__pwq *dfl_pwq;	/* I: an unbound queue's only pwq */
	struct kwq__pwq **cpu_pwqs;	/* I: a bound queue's, by CPU */
	struct kwq__rescuer *rescuer;	/* I: WQ_MEM_RECLAIM's own worker */
	struct kwq_list_node node;	/* on the registry (registry.c) */
	struct kwq_list_node pool_node;	/* L: on its unbound pool's wqs */
	char name[64];			/* I */
	void *destroyed_at;		/* A: debug mode: who destroyed it */
	/*
	 * The push queues of its adds, KWQ_PUSHQ_BY_CPU of them, by the
	 * adding CPU's low byte, the add's choice in one load: an unbound
	 * queue's entry i is its pwq's push[i % its push queues] (see
	 * kwq__wq_push_queues()), wherever its CPU number falls; a bound
	 * queue's is CPU i's pwq's, or the first CPU's where i has none
	 * (kwq__this_cpu()'s pwq), where every CPU number is below 256
	 * (kwq__g.cpu_byte; none otherwise, KWQ_WQ_CPU_CALL).  2 KB, at
	 * the end of the queue's own allocation.
	 */
	struct kwq__pushq *push_qs[];	/* I */
};

/*
 * wq->draining: the drains and destroys under way, and how the queue's add
 * finds its push queue, in one word, so that an add that reads its push
 * queue from push_qs[] by the CPU's low byte and that nobody drains is one
 * compare with KWQ_WQ_BOUND (add_won() in add.c): an unbound queue (0),
 * or a bound one (KWQ_WQ_BOUND) where the byte is the CPU
 * (kwq__g.cpu_byte).  Other bound queues find their CPU the long way.
 */
enum {
	KWQ_WQ_BOUND	= 1U,		/* set at creation, never changed */
	KWQ_WQ_CPU_CALL	= 2U,		/* the same, for a bound queue whose
					   push_qs[] the CPU's byte cannot
					   index: no rseq, or over 256 CPUs */
	KWQ_WQ_DRAIN	= 4U,		/* one drain or destroy under way */
};

/* A drain or a destroy of @wq is under way: adds from outside fail. */
static inline bool kwq__wq_draining(const struct workqueue_struct *wq)
{
	return __atomic_load_n(&wq->draining, __ATOMIC_ACQUIRE) >=
		KWQ_WQ_DRAIN;
}

/* Process-wide state, set up once by kwq__init(). */
struct kwq__global {
	cpu_set_t cpus;			/* I: CPUs the process may run on */
	int nr_cpus;			/* I */
	int first_cpu;			/* I */
	int nr_cpu_ids;			/* I: highest CPU + 1 */
	int rdpid;			/* I: RDPID gives the CPU (thread.c) */
	int cpu_byte;			/* I: rseq's cpu_id's low byte is the
					   CPU: it has one, below 256 */
	long rseq_offset;		/* I: glibc's __rseq_offset, or 0 */
	struct kwq__pool **cpu_pools[2]; /* I: [highpri][cpu], NULL if none */
	struct kwq__pool *unbound_pools[2]; /* I: [highpri] */
	unsigned int idle_timeout_ms;	/* A: before an extra worker retires */
	int idle_timeout_set;		/* A: set by the program: env ignored */
};

/* --- warn.c: warnings, naming code, the BUG report ----------------------- */

KWQ_HIDDEN void kwq__warn(enum kwq_warning_kind kind, const char *file,
			  int line, const char *func, int err,
			  const char *fmt, ...) __attribute__((format(printf, 6, 7)));
KWQ_HIDDEN void kwq__symbol(void *addr, char *buf, size_t len);
KWQ_HIDDEN void kwq__site(void *ret, char *buf, size_t len);

/* --- fault.c: fault injection and the allocators ------------------------- */

enum kwq__fault_site {
	FAULT_MALLOC,			/* memory */
	FAULT_THREAD,			/* pthread_create() */
	FAULT_ATTR,			/* pthread_attr_*() */
	FAULT_AFFINITY,			/* pinning a thread to a CPU */
	FAULT_NR
};

KWQ_HIDDEN bool kwq__fault(enum kwq__fault_site site);
KWQ_HIDDEN int kwq__fault_set(const char *spec);
KWQ_HIDDEN long kwq__fault_injected(void);
KWQ_HIDDEN void kwq__fault_init(void);
KWQ_HIDDEN void *kwq__zalloc(size_t size);
KWQ_HIDDEN void *kwq__zalloc_array(size_t n, size_t size);
KWQ_HIDDEN void *kwq__zalloc_aligned(size_t size);

/* --- limits.c: the worker cap and the stack size ------------------------- */

KWQ_HIDDEN void kwq__limits_init(void);
/* 0, or -EUSERS when the cap is reached. */
KWQ_HIDDEN int kwq__worker_slot_get(void);
KWQ_HIDDEN void kwq__worker_slot_put(void);
KWQ_HIDDEN void kwq__worker_slots_child(unsigned int nr);
/* 0 for the default. */
KWQ_HIDDEN size_t kwq__worker_stack(void);

/* --- thread.c: the process's CPUs, the calling thread, the spawner ------- */

KWQ_HIDDEN extern struct kwq__global kwq__g;

/*
 * Whether @pool's bursts are created by the manager alone, from another
 * CPU (keep_off() in manager.c), and not also by its new workers one by
 * one (worker_main()): a bound pool in a process with another CPU.
 */
static inline bool kwq__burst_by_manager(const struct kwq__pool *pool)
{
	return pool->cpu >= 0 && kwq__g.nr_cpus > 1;
}

/*
 * The CPU the caller runs on.  Where glibc registers an rseq area for each
 * thread (2.35 and later, Linux 4.18 and later) its cpu_id is one load,
 * what sched_getcpu() reads first, without the call.  Negative when there
 * is none (an older glibc, rseq turned off or taken by another library,
 * valgrind).
 */
static inline int kwq__rseq_cpu(void)
{
#ifdef KWQ_HAVE_RSEQ
	const struct rseq *rs = (const struct rseq *)(void *)
		((char *)__builtin_thread_pointer() + __rseq_offset);

	return (int)__atomic_load_n(&rs->cpu_id, __ATOMIC_RELAXED);
#else
	return -1;
#endif
}

/*
 * kwq__rseq_cpu() for an add, which comes after kwq__init(): the offset
 * read from kwq__g, one load where glibc's, through the GOT, takes two.
 */
static inline int kwq__add_cpu(void)
{
#ifdef KWQ_HAVE_RSEQ
	const struct rseq *rs = (const struct rseq *)(void *)
		((char *)__builtin_thread_pointer() + kwq__g.rseq_offset);

	return (int)__atomic_load_n(&rs->cpu_id, __ATOMIC_RELAXED);
#else
	return -1;
#endif
}

/*
 * The low byte of kwq__add_cpu(), as an index of wq->push_qs[]: loaded as
 * a byte, so that the load is the index, with no mask after it.  Without
 * an rseq area it reads the low byte of a negative number, an index as
 * good as any (there is one push queue then).
 */
static inline unsigned int kwq__add_cpu_byte(void)
{
#ifdef KWQ_HAVE_RSEQ
	const struct rseq *rs = (const struct rseq *)(void *)
		((char *)__builtin_thread_pointer() + kwq__g.rseq_offset);
	const unsigned char *low = (const unsigned char *)&rs->cpu_id;

#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	low += sizeof(rs->cpu_id) - 1;
#endif
	return __atomic_load_n(low, __ATOMIC_RELAXED);
#else
	return 0;
#endif
}

#ifdef __x86_64__
/*
 * RDPID: the register where Linux keeps the CPU number for its vDSO's
 * getcpu() (the low 12 bits; the node above).  Only where CPUID has it.
 */
static inline int kwq__rdpid(void)
{
	unsigned long aux;

	__asm__ volatile(".byte 0xf3, 0x0f, 0xc7, 0xf8" : "=a"(aux)); /* rdpid */
	return (int)(aux & 0xfff);
}
#endif

/*
 * Without rseq, on x86: RDPID, one instruction where sched_getcpu() is a
 * call into glibc and the vDSO, once kwq__read_cpus() has found it agrees
 * with sched_getcpu().  Negative where it is not used.
 */
static inline int kwq__rdpid_cpu(void)
{
#ifdef __x86_64__
	return kwq__g.rdpid ? kwq__rdpid() : -1;
#else
	return -1;
#endif
}

/* Any of the above, or else sched_getcpu(): negative only on its error. */
static inline int kwq__this_cpu(void)
{
	int cpu = kwq__rseq_cpu();

	if (cpu < 0)
		cpu = kwq__rdpid_cpu();
	return cpu >= 0 ? cpu : sched_getcpu();
}

KWQ_HIDDEN extern __thread struct kwq__worker *kwq__self;

KWQ_HIDDEN void kwq__init_lock(int lock);
KWQ_HIDDEN int kwq__read_cpus(void);
KWQ_HIDDEN int kwq__cpu_valid(int cpu);
KWQ_HIDDEN int kwq__spawn(void *(*fn)(void *), void *arg, int cpu);
KWQ_HIDDEN void kwq__spawn_lock(int lock);
KWQ_HIDDEN void kwq__spawn_child(void);
/*
 * kwq__spawn_window_hook (tests/test-fork-spawn.c): called by a spawn
 * between its attributes' allocations and their free, inside the window
 * a fork() waits for; in thread.c's test build.
 */
KWQ_HIDDEN extern void (*kwq__spawn_window_hook)(void);
KWQ_HIDDEN void kwq__thread_prio(bool highpri);
KWQ_HIDDEN void kwq__thread_short_slice(void);
KWQ_HIDDEN void kwq__thread_slice_again(bool on);

/* --- init.c: the process bootstrap --------------------------------------- */

KWQ_HIDDEN extern int kwq__initialized;
KWQ_HIDDEN int kwq__init_slow(void);

/*
 * Set kwq up, once: 0, or the error of the step that failed, retried by
 * the next call.  After the first success it is one load.
 */
static inline int kwq__init(void)
{
	if (likely(__atomic_load_n(&kwq__initialized, __ATOMIC_ACQUIRE)))
		return 0;
	return kwq__init_slow();
}

/* --- pool.c: pools, kicks, the busy hash, completions ------------------- */

KWQ_HIDDEN int kwq__pools_init(void);
KWQ_HIDDEN int kwq__reclaim_slot(struct kwq__pool *except);
KWQ_HIDDEN void kwq__pool_user(struct kwq__pool *pool,
			       struct workqueue_struct *wq, int add);
KWQ_HIDDEN struct kwq__worker *kwq__wake_idle_locked(struct kwq__pool *pool);

/*
 * Send @worker, whose pool lock the caller holds, back to its loop before
 * it takes another item: an item was put on its scheduled list, or waits
 * for its run to end (wait_pool), or it stopped counting, or its pool's
 * queues changed its name, or a mode came on (kwq__pools_detour()).  The
 * end of an item that would start the next itself (takes_pushed_locked()
 * and takes_head_locked() in worker.c) tests this one byte for those
 * five, where it tested each: the loop clears it where it has found all
 * five as they should be (the modes: read just after), before its item,
 * and only these writers set it.
 */
static inline void kwq__worker_detour(struct kwq__worker *worker)
{
	kwq__assert_locked(worker->pool);
	worker->detour = 1;
}

/*
 * @worker stops counting in @pool's nr_running (it sleeps, blocks, or
 * runs a CPU-intensive item).  Inline: a worker going idle comes here,
 * under a producer that wakes it per item, once an item.
 */
static inline void kwq__uncount_locked(struct kwq__pool *pool,
				       struct kwq__worker *worker)
{
	kwq__assert_locked(pool);
	if (worker->counted) {
		worker->counted = 0;
		kwq__worker_detour(worker);
		pool->nr_running--;
	}
}

/* A kick's slow half: see kwq__kick_busy_locked() for the fast one. */
KWQ_HIDDEN struct kwq__worker *
kwq__kick_prepare_locked(struct kwq__pool *pool);
KWQ_HIDDEN void kwq__kick_locked(struct kwq__pool *pool);
/* Hold the kicks' wakes and pokes of the calling thread until the end. */
KWQ_HIDDEN void kwq__batch_begin(void);
KWQ_HIDDEN void kwq__batch_end(void);
KWQ_HIDDEN int kwq__kick_unlock(struct kwq__pool *pool);
KWQ_HIDDEN struct kwq__worker *kwq__waited_locked(struct kwq__pool *pool,
						  struct work_struct *w);
KWQ_HIDDEN void kwq__move_linked_locked(struct work_struct *w,
					struct kwq_list_node *head);
KWQ_HIDDEN void kwq__sleep_begin(void);
KWQ_HIDDEN void kwq__sleep_end(void);
KWQ_HIDDEN void kwq__complete(struct kwq__completion *c);
/* Sleeps; a worker calling it stops counting against its pool's limit. */
KWQ_HIDDEN void kwq__wait_for_completion(struct kwq__completion *c);
KWQ_HIDDEN void kwq__pools_lock(int lock);
KWQ_HIDDEN void kwq__pools_detour(void);
KWQ_HIDDEN void kwq__pools_child(void);
KWQ_HIDDEN bool kwq__pool_holds_locked(struct kwq__pool *pool,
				       const struct work_struct *w);

/* --- add.c: the end of every add, the pwq's slots and push queue -------- */

/*
 * Send the ends of @pwq's items, whose pool lock the caller holds, the
 * general way (kwq__pwq_dec_locked()) until one finds it plain again: an
 * item went on its inactive list, a flusher waits for a color, or its
 * limit fell below its active items (a freeze).  The end of every item
 * (end_item_locked() in worker.c) tests this one byte for those three,
 * where it tested each, before it hands its slot over or passes it on;
 * the end that finds the byte set clears it when all three are over
 * (kwq__pwq_plain_again_locked()), and only these writers set it.
 */
static inline void kwq__pwq_detour(struct kwq__pwq *pwq)
{
	kwq__assert_locked(pwq->pool);
	pwq->detour = 1;
}

/*
 * What the pwq's byte stands for, as the end of an item reads it, the
 * item's slot still counted: nothing inactive, no flusher, the limit not
 * below the active items.
 */
static inline bool kwq__pwq_plain_locked(const struct kwq__pwq *pwq)
{
	return kwq__list_empty(&pwq->inactive) && pwq->flush_color < 0 &&
		pwq->nr_active <= pwq->limit;
}


/*
 * The insertion of an item whose PENDING bit the caller owns, on the
 * locked path: add.c's rare and slow adds, a delayed item's expiry.
 */
KWQ_HIDDEN int kwq__queue_owned(int cpu, struct workqueue_struct *wq,
				struct work_struct *w, unsigned long old,
				int force);
KWQ_HIDDEN void kwq__pwq_activate_locked(struct kwq__pwq *pwq,
					 struct work_struct *w);
KWQ_HIDDEN void kwq__pwq_dec_locked(struct kwq__pwq *pwq, int color);
KWQ_HIDDEN void kwq__pwq_pop_locked(struct kwq__pwq *pwq,
				    struct kwq__pushq *q);
KWQ_HIDDEN struct work_struct *
kwq__pwq_unlink_last_locked(struct kwq__pwq *pwq, struct kwq__pushq *q);
KWQ_HIDDEN void kwq__pwq_splice_locked(struct kwq__pwq *pwq);
KWQ_HIDDEN unsigned int kwq__wq_push_queues(const struct workqueue_struct *wq);
KWQ_HIDDEN void kwq__pwq_init_push(struct kwq__pwq *pwq);
KWQ_HIDDEN struct kwq__pushq *kwq__pwq_next_linked_locked(struct kwq__pwq *pwq);
/*
 * Hooks of the test build (KWQ_TEST_HOOKS): white-box tests link add.o
 * and freeze.o compiled with them ahead of libkwq.a (the Makefile's
 * tests/hooks/), set a hook (an atomic store: workers read it), and stop
 * a thread in the window it names to race it there.  In the shipped
 * library kwq__test_hook() is nothing, since several windows are on every
 * item's path.
 *
 * kwq__splice_hook (tests/test-pop.c): called by a settle between its
 * unlinking of the first pushed item and its exchange of the tail.
 * kwq__pop_last_hook (tests/test-pop.c): called by a worker that pops the
 * pwq's last pushed item, between its look at the item's link and its
 * exchange of the tail.
 */
#ifdef KWQ_TEST_HOOKS
#define kwq__test_hook(name, ...)					\
	do {								\
		__typeof__(kwq__##name##_hook) h_ = __atomic_load_n(	\
			&kwq__##name##_hook, __ATOMIC_ACQUIRE);		\
		if (h_)							\
			h_(__VA_ARGS__);				\
	} while (0)
#else
#define kwq__test_hook(name, ...) do { } while (0)
#endif
KWQ_HIDDEN extern void (*kwq__splice_hook)(struct kwq__pwq *pwq);
KWQ_HIDDEN extern void (*kwq__pop_last_hook)(struct kwq__pwq *pwq);
/*
 * kwq__push_hook, kwq__release_hook (tests/test-release.c): the two sides
 * of the handshake between an add that finds no free slot and the release
 * of a slot.  The push hook is called by such an add before its exchange
 * of the tail (KWQ__PUSH_BEFORE) and when, the first pusher, it found no
 * slot again and left the item to the release (KWQ__PUSH_LEFT), no lock
 * held; the release hook by kwq__pwq_release_locked() between the look at
 * the pushed items (none) and its store of nr_active, the pool lock held
 * (inline, in worker.c too: a test of it links worker.c's test build).
 */
enum { KWQ__PUSH_BEFORE, KWQ__PUSH_LEFT };
KWQ_HIDDEN extern void (*kwq__push_hook)(struct kwq__pwq *pwq, int at);
KWQ_HIDDEN extern void (*kwq__release_hook)(struct kwq__pwq *pwq);
/*
 * kwq__link_hook (tests/test-backoff-cancel.c): called by every push
 * between its exchange of the tail and its link, no lock held: a pusher
 * stalled there makes whoever settles the queue wait, the pool lock held.
 */
KWQ_HIDDEN extern void (*kwq__link_hook)(struct kwq__pwq *pwq);
/*
 * kwq__sync_release_hook (tests/test-debug-relay.c): called by
 * remove_work_sync() between its release of the item and its last word to
 * debug mode, no lock held: another remove can own the item there.
 */
KWQ_HIDDEN extern void (*kwq__sync_release_hook)(struct work_struct *w);
/*
 * kwq__hand_over_hook (tests/test-hand-over.c): called by a worker that
 * has taken a pushed item to start next itself, the pool lock held, before
 * it starts it (kwq__pwq_hand_over_locked()).
 */
KWQ_HIDDEN extern void (*kwq__hand_over_hook)(struct kwq__pwq *pwq,
					      struct work_struct *w);
/*
 * kwq__take_head_hook (tests/test-hand-over.c): called by a worker that
 * has passed its slot behind the worklist's items and takes the head @w
 * to start next itself (takes_head_locked() in worker.c), the pool lock
 * held, before it starts it; in worker.c's test build.
 */
KWQ_HIDDEN extern void (*kwq__take_head_hook)(struct kwq__pool *pool,
					      struct work_struct *w);
/*
 * kwq__look_hook (tests/test-manager-lock.c): called by the manager's look
 * at a pool (manage_pool()) with @n workers to read in /proc, no lock
 * held: before the reads (KWQ__LOOK_READ), and after the verdict, before
 * any creation (KWQ__LOOK_DONE); in manager.c's test build.
 */
enum { KWQ__LOOK_READ, KWQ__LOOK_DONE };
KWQ_HIDDEN extern void (*kwq__look_hook)(struct kwq__pool *pool, int stage,
					 int n);
/*
 * kwq__wait_hook (tests/test-manager-soon.c): called by the manager before
 * it waits, with what its looks asked of the wait: 0 (no timeout), or
 * KWQ__MGR_WATCH (a tick) with KWQ__MGR_SOON if the next look is to come
 * early; no lock held; in manager.c's test build.
 */
enum { KWQ__MGR_WATCH = 1, KWQ__MGR_SOON = 2 };
KWQ_HIDDEN extern void (*kwq__wait_hook)(int busy);
/*
 * kwq__proc_hook (tests/test-manager-proc.c): called by the manager's look
 * after each read of a worker's state in /proc, with what it read (-1: the
 * read failed), which it may change; no lock held; in manager.c's test
 * build.
 */
KWQ_HIDDEN extern void (*kwq__proc_hook)(struct kwq__pool *pool, int *state);
/*
 * kwq__spawn_hook (tests/test-manager-spawn.c): called by the manager and
 * by a new worker before each boosted worker either creates, no lock held.
 */
KWQ_HIDDEN extern void (*kwq__spawn_hook)(struct kwq__pool *pool);
KWQ_HIDDEN bool kwq__pwq_forget_pushed(struct kwq__pwq *pwq);

/*
 * A push queue of @pwq whose tail is not its stub, or NULL: the look after
 * a store that lowers nr_active or raises the limit (see add_push()), each
 * load sequentially consistent, so that none passes that store.
 */
static inline struct kwq__pushq *kwq__pwq_look_pushed(struct kwq__pwq *pwq)
{
	struct kwq__pushq *q = pwq->push, *last;

	/* One queue: a serial queue's release of every item looks. */
	if (likely(!pwq->push_mask))
		return __atomic_load_n(&q->tail, __ATOMIC_SEQ_CST) != &q->stub ?
			q : NULL;
	for (last = q + pwq->push_mask;; q++) {
		if (__atomic_load_n(&q->tail, __ATOMIC_SEQ_CST) != &q->stub)
			return q;
		if (q == last)
			return NULL;
	}
}

/*
 * The push queue of @pwq whose first item (kwq__pushq_first(), which
 * stays linked while the pool lock is held) a freed slot goes to, or NULL
 * for the release (kwq__pwq_release_locked()).  With one queue, that one if it
 * links an item; with one per CPU, the queue of the turn while it links
 * items, so that a producer's worker looks at one line per item, and the
 * next that does once this has answered KWQ_PUSHQ_TURN times
 * (kwq__pwq_next_linked_locked()), so that a producer that keeps its
 * CPU's queue full holds another's items back for that many takes at
 * most, not for as long as it adds.  When the turn's queue links
 * nothing, the usual case of a worker that keeps up, NULL: the release's
 * look after its store, which it makes anyway, looks at every queue once
 * and pops from the one that has items, which becomes the turn
 * (kwq__pwq_pop_locked()); a look here first walked them all twice.
 */
static inline __attribute__((always_inline)) struct kwq__pushq *
kwq__pwq_linked_locked(struct kwq__pwq *pwq)
{
	struct kwq__pushq *q = pwq->push;

	if (likely(!pwq->push_mask))
		return kwq__pushq_first(q, __ATOMIC_RELAXED) ? q : NULL;
	q = pwq->push_turn;
	if (!q)
		__builtin_unreachable();	/* one of push[], never NULL */
	if (!kwq__pushq_first(q, __ATOMIC_RELAXED))
		return NULL;
	if (likely(--pwq->push_left))
		return q;
	return kwq__pwq_next_linked_locked(pwq);
}

/*
 * Free a slot of @pwq when nothing waits for it on the lists: lower
 * nr_active, then look at the push queues, and take a first item if an
 * add pushed one meanwhile.  The adds that found no slot rely on this look
 * after the store (see add_push()): both sequentially consistent, so that
 * the load cannot pass the store.  Inline: nearly every item ends here,
 * from kwq__pwq_dec_locked() or from the worker's loop, which tests that
 * case itself.
 */
static inline void kwq__pwq_release_locked(struct kwq__pwq *pwq)
{
	struct kwq__pushq *q;

	kwq__assert_locked(pwq->pool);
	kwq__test_hook(release, pwq);
	__atomic_store_n(&pwq->nr_active, pwq->nr_active - 1, __ATOMIC_SEQ_CST);
	q = kwq__pwq_look_pushed(pwq);
	if (unlikely(q))
		kwq__pwq_pop_locked(pwq, q);
}

/*
 * The slot of an item of @pwq that ended, with no inactive item waiting
 * for it: to the first item of @q, the push queue that
 * kwq__pwq_linked_locked() answered (no look after the store is needed
 * then: the queues stay in the care of whoever frees the next slot), or
 * released if it answered NULL.  The worker's loop, which has asked
 * already, passes its answer: asking again would count a take of the
 * turn twice.
 */
static inline void kwq__pwq_give_slot_locked(struct kwq__pwq *pwq,
					     struct kwq__pushq *q)
{
	if (q) {
		__atomic_store_n(&pwq->nr_active, pwq->nr_active - 1,
				 __ATOMIC_RELAXED);
		kwq__pwq_pop_locked(pwq, q);
	} else {
		kwq__pwq_release_locked(pwq);
	}
}

/* The same, from kwq__pwq_dec_locked(), which has not asked. */
static inline void kwq__pwq_free_slot_locked(struct kwq__pwq *pwq)
{
	kwq__pwq_give_slot_locked(pwq, kwq__pwq_linked_locked(pwq));
}

/* --- tune.c: an unbound pool's target ------------------------------------ */

KWQ_HIDDEN void kwq__tune_count_locked(struct kwq__pool *pool);
KWQ_HIDDEN void kwq__tune_stall_locked(struct kwq__pool *pool);

/*
 * Items @pool has started, ever (the watchdog's and the tuner's sign of
 * progress, and reports): the start counts tune_left down, and
 * kwq__tune_count_locked() moves the mark on by what it counts down
 * again, so that a start writes one count, not two.  Under the lock.
 */
static inline unsigned long kwq__pool_started(const struct kwq__pool *pool)
{
	return pool->started_mark - pool->tune_left;
}

/* --- worker.c: the workers, their loop, an item's run -------------------- */

KWQ_HIDDEN int kwq__pool_get_worker(struct kwq__pool *pool);
KWQ_HIDDEN int kwq__create_worker(struct kwq__pool *pool, int boost);
KWQ_HIDDEN int kwq__spawn_boosted(struct kwq__pool *pool, int max);
KWQ_HIDDEN void kwq__process_one_locked(struct kwq__worker *worker,
					struct work_struct *w);

/* --- workqueue.c: queues, the flush API --------------------------------- */

KWQ_HIDDEN void kwq__system_queues_lock(int lock);
/* The system queues once made (A), and their making, on first use. */
KWQ_HIDDEN extern struct workqueue_struct *
	kwq__system_queues[KWQ_NR_SYSTEM_QUEUES];
KWQ_HIDDEN struct workqueue_struct *
kwq__system_queue_make(enum kwq_system_queue which);

/*
 * kwq_system_queue() of a valid @which inside the library (add_work()):
 * the queue once made is one load, where the public function is a call.
 */
static inline struct workqueue_struct *
kwq__system_queue(enum kwq_system_queue which)
{
	struct workqueue_struct *wq =
		__atomic_load_n(&kwq__system_queues[which], __ATOMIC_ACQUIRE);

	return likely(wq) ? wq : kwq__system_queue_make(which);
}
KWQ_HIDDEN void kwq__wq_child(struct workqueue_struct *wq, void *arg);

/* Call @fn on each pwq of @wq. */
static inline void kwq__for_each_pwq(struct workqueue_struct *wq,
				     void (*fn)(struct kwq__pwq *pwq,
						void *arg),
				     void *arg)
{
	if (wq->dfl_pwq) {
		fn(wq->dfl_pwq, arg);
		return;
	}
	for (int cpu = 0; cpu < kwq__g.nr_cpu_ids; cpu++)
		if (wq->cpu_pwqs[cpu])
			fn(wq->cpu_pwqs[cpu], arg);
}

/* --- cancel.c: cancelling, and flushing one item ------------------------- */

/* Flushing a single item: a barrier queued behind it. */
struct kwq__barrier {
	struct work_struct work;
	struct kwq__completion done;
};

enum kwq__flush_wait {
	FLUSH_NOTHING,			/* neither queued nor running */
	FLUSH_BARRIER,			/* wait for the barrier */
};

KWQ_HIDDEN enum kwq__flush_wait kwq__start_flush(struct work_struct *w,
						 struct kwq__barrier *b,
						 struct workqueue_struct **wq);
KWQ_HIDDEN int kwq__grab_pending(struct work_struct *w, bool *removed);

/*
 * Orphans of a fork: a fork() that fell while another thread was between
 * its push's exchange and its link (push() in add.c) leaves the child
 * items it cannot reach, pending, their words naming the pwq.  The child
 * gives the queue a new pwq and keeps the old one, never freed, as a
 * ghost (kwq__wq_child()), so that a word naming a ghost is an orphan's:
 * the first call that meets one under the ghost's pool lock forgets it.
 * Without memory for the new pwq, the queue goes on with the ghost (its
 * `cut`).  kwq__ghosts counts them; the count and the table are written
 * only in a fork child, before it has another thread.
 */
KWQ_HIDDEN extern unsigned int kwq__ghosts;	/* A */
KWQ_HIDDEN int kwq__ghost_add(struct kwq__pwq *pwq);
KWQ_HIDDEN bool kwq__is_ghost(const struct kwq__pwq *pwq);
KWQ_HIDDEN bool kwq__take_orphan(struct work_struct *w);

/*
 * Has a fork left orphans here?  Tested by the slow add once refused
 * (KWQ_MODE_ORPHANS sends every add of such a child there) and by the
 * delayed add once refused.
 */
static inline bool kwq__orphans(void)
{
	return unlikely(__atomic_load_n(&kwq__ghosts, __ATOMIC_RELAXED));
}

/*
 * The slow adds' fetch-or of PENDING (add.c's in debug mode, with
 * statistics or in a child with orphans; every delayed add): true when
 * @w was pending already and is no orphan to take, the add refused.
 */
static inline bool kwq__add_refused(struct work_struct *w)
{
	return (test_and_set_work_pending(w) & WORK_PENDING) &&
		!(kwq__orphans() && kwq__take_orphan(w));
}
KWQ_HIDDEN int kwq__remove_work(struct work_struct *work);
KWQ_HIDDEN int kwq__wait_for_work(struct work_struct *work, const char *what,
			      void *caller);
KWQ_HIDDEN void kwq__barrier_func(struct work_struct *work);

static inline bool kwq__is_barrier(const struct work_struct *w)
{
	return w->func == kwq__barrier_func;
}

/* --- timer.c: the timer wheels of delayed work --------------------------- */

KWQ_HIDDEN int kwq__timer_init(void);
KWQ_HIDDEN unsigned long kwq__jiffies(void);

/* @clock's time in nanoseconds. */
static inline unsigned long long kwq__clock_ns(clockid_t clock)
{
	struct timespec ts;

	clock_gettime(clock, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ULL +
		(unsigned long long)ts.tv_nsec;
}

/* --- timer-clock.c: the arm's clock, never early ------------------------ */

enum { KWQ_CLOCK_OFF, KWQ_CLOCK_CALIBRATING, KWQ_CLOCK_TSC };

struct kwq__clock {
	uint32_t seq;		/* A: odd while a renewal writes the base */
	int state;		/* A: KWQ_CLOCK_* */
	uint64_t tsc;		/* S: the base's counter value */
	uint64_t ns;		/* S: its time, not earlier than the clock's */
	uint64_t mult;		/* S: ns per count << 32, with the margin */
	uint64_t max_age;	/* S: counts; an older base is renewed */
	uint64_t max_bracket;	/* S: counts (timer-clock.c) */
	unsigned long broken;	/* A: checks that found the bound broken */
} __attribute__((aligned(64)));

KWQ_HIDDEN extern struct kwq__clock kwq__clk;

KWQ_HIDDEN void kwq__timer_clock_init(void);
KWQ_HIDDEN uint64_t kwq__timer_now_slow(uint64_t tsc);
KWQ_HIDDEN void kwq__timer_clock_check(void);
KWQ_HIDDEN void kwq__timer_clock_child(void);

static inline uint64_t kwq__tsc(void)
{
#ifdef __x86_64__
	uint32_t lo, hi;

	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return (uint64_t)hi << 32 | lo;
#else
	return 0;
#endif
}

/*
 * CLOCK_MONOTONIC's time or a little later (8 us at most), never earlier:
 * the arm's "now" (timer-clock.c).  A counter read and a multiply where
 * it can, clock_gettime() where it cannot.
 */
static inline uint64_t kwq__timer_now(void)
{
	/* A sequence lock's read; acquire loads are plain loads on x86. */
	uint32_t seq = __atomic_load_n(&kwq__clk.seq, __ATOMIC_ACQUIRE);
	uint64_t tsc = kwq__tsc();
	uint64_t age = tsc - __atomic_load_n(&kwq__clk.tsc, __ATOMIC_ACQUIRE);
	uint64_t ns = __atomic_load_n(&kwq__clk.ns, __ATOMIC_ACQUIRE) +
		(age * __atomic_load_n(&kwq__clk.mult, __ATOMIC_ACQUIRE) >> 32);

	if (likely(age <= __atomic_load_n(&kwq__clk.max_age,
					  __ATOMIC_ACQUIRE) && !(seq & 1) &&
		   seq == __atomic_load_n(&kwq__clk.seq, __ATOMIC_RELAXED)))
		return ns;
	return kwq__timer_now_slow(tsc);
}

/* --- timer.c (continued) -------------------------------------------------- */

KWQ_HIDDEN bool kwq__timer_base_known(const void *base);
KWQ_HIDDEN void kwq__timer_arm(struct delayed_work *dw, int cpu,
			       unsigned long delay);
KWQ_HIDDEN int kwq__timer_disarm(struct delayed_work *dw);
KWQ_HIDDEN unsigned long kwq__timer_fire_wq(struct workqueue_struct *wq);
KWQ_HIDDEN unsigned long kwq__timer_armed(struct workqueue_struct *wq);
KWQ_HIDDEN void kwq__timers_lock(int lock);
KWQ_HIDDEN void kwq__timers_child(void);
KWQ_HIDDEN void kwq__timers_restart(void);

/* --- manager.c: the manager thread --------------------------------------- */

struct kwq__manager {
	uint32_t word;			/* A: bumped by 2 to wake it; bit 0:
					   it waits on the word */
	int watching;			/* A: it looks at the pools every tick */
	unsigned int watchdog_ms;	/* A: lockup threshold, 0: off */
};

KWQ_HIDDEN extern struct kwq__manager kwq__mgr;
KWQ_HIDDEN int kwq__manager_init(void);
/* Is thread @tid asleep (state S or D)?  -1 when /proc cannot say. */
KWQ_HIDDEN int kwq__thread_sleeping(pid_t tid);

/*
 * Wake the manager for a look at the pools.  The system call is for a
 * manager that waits, and one poker makes it: a producer whose adds find a
 * busy pool unwatched pokes on every add until the manager has run.  The
 * manager sets bit 0 of the word only if no poke changed the word since
 * its look, and waits on that value: a poke that finds the bit clear
 * changes the value it will wait on, one that finds it set clears it and
 * wakes it.  The flag lives in the word, so a poker late to clear it can
 * only change the value waited on, never leave a waiting manager unflagged.
 */
static inline void kwq__manager_poke(void)
{
	if ((__atomic_fetch_add(&kwq__mgr.word, 2, __ATOMIC_SEQ_CST) & 1) &&
	    (__atomic_fetch_and(&kwq__mgr.word, ~1U, __ATOMIC_SEQ_CST) & 1))
		kwq__futex_wake(&kwq__mgr.word, 1);
}

/* --- rescuer.c: rescuers of WQ_MEM_RECLAIM queues ------------------------ */

struct kwq__rescuer;
KWQ_HIDDEN int kwq__rescuer_start(struct workqueue_struct *wq);
KWQ_HIDDEN void kwq__rescuer_stop(struct workqueue_struct *wq);
KWQ_HIDDEN void kwq__mayday_locked(struct kwq__pool *pool);
KWQ_HIDDEN void kwq__rescuers_child(void);

/* --- registry.c: the registry of queues ---------------------------------- */

KWQ_HIDDEN void kwq__register_wq_locked(struct workqueue_struct *wq);
KWQ_HIDDEN void kwq__unregister_wq(struct workqueue_struct *wq);
KWQ_HIDDEN void kwq__for_each_wq(void (*fn)(struct workqueue_struct *wq,
					    void *arg), void *arg);
KWQ_HIDDEN void kwq__for_each_wq_locked(void (*fn)(struct workqueue_struct *wq,
						   void *arg), void *arg);
KWQ_HIDDEN void kwq__registry_lock(int lock);

/* --- freeze.c: freezing -------------------------------------------------- */

/* A queue registered while the others are frozen starts frozen. */
KWQ_HIDDEN void kwq__freeze_new_wq(struct workqueue_struct *wq);
/*
 * Test build only (kwq__test_hook(), tests/test-thaw.c): called by
 * kwq_thaw_workqueues() for each pwq it thaws, with the pool lock held,
 * after the settle and before the limit goes up, so that a test can push
 * there.
 */
KWQ_HIDDEN extern void (*kwq__thaw_hook)(struct kwq__pwq *pwq);

/* compat.c: the set of old names' call sites that have warned (fork). */
KWQ_HIDDEN void kwq__compat_lock(int lock);

/* --- fork.c: fork() ------------------------------------------------------ */

/*
 * Each file's part of fork() is declared in its section: the *_lock()
 * functions take and release its locks around the fork, and its *_child()
 * functions run in the child while the locks taken before the fork are
 * still held, except kwq__rescuers_child() and kwq__timers_restart(),
 * which run once all are free.
 */
KWQ_HIDDEN int kwq__fork_init(void);

/*
 * Forget that @w was queued, armed or deferred: the thread that would have
 * run it does not exist here.  A barrier belongs to a flusher that does not
 * exist here either, and is simply dropped.
 */
static inline void kwq__forget(struct work_struct *w)
{
	kwq__list_init(&w->entry);
	if (kwq__is_barrier(w))
		return;
	clear_work_data(w);
}

/* --- the modes: debug mode (debug.c) and statistics (stats.c) ------------ */

/*
 * Both modes slow every add down, so they share one word: an add tests
 * them with one predictable branch and goes the slow way when either is on.
 * So does a fork child that has orphans (kwq__ghosts): its adds go the
 * slow way for the rest of its life, where a refused add looks for an
 * orphan, and the -EBUSY add of every other process pays nothing for it.
 */
#ifndef KWQ_DEBUG_DEFAULT
#define KWQ_DEBUG_DEFAULT 0
#endif
enum {
	KWQ_MODE_DEBUG	= 1U << 0,	/* set once, by kwq__debug_init() */
	KWQ_MODE_STATS	= 1U << 1,	/* kwq_stats_enable() */
	KWQ_MODE_ORPHANS = 1U << 2,	/* a fork child with orphans */
};

KWQ_HIDDEN extern unsigned int kwq__modes;	/* A */

static inline void kwq__mode_set(unsigned int mode, bool on)
{
	if (on)
		__atomic_or_fetch(&kwq__modes, mode, __ATOMIC_RELAXED);
	else
		__atomic_and_fetch(&kwq__modes, ~mode, __ATOMIC_RELAXED);
}

/*
 * Is any mode on?  On x86-64, one compare of the word in memory: gcc
 * loads an atomic into a register first, an instruction more on every add.
 */
static inline bool kwq__any_mode(void)
{
#if defined(__x86_64__) && defined(__GCC_ASM_FLAG_OUTPUTS__)
	bool on;

	__asm__("cmpl $0, %1" : "=@ccne"(on) : "m"(kwq__modes));
	return unlikely(on);
#else
	return unlikely(__atomic_load_n(&kwq__modes, __ATOMIC_RELAXED));
#endif
}

/*
 * *@p != @v, for a word an add tests and need not keep (@v a constant
 * that fits 32 bits): on x86-64 one compare of the word in memory, as
 * kwq__any_mode().  Relaxed: the add's fetch-or of PENDING, before,
 * orders it.
 */
#if defined(__x86_64__) && defined(__GCC_ASM_FLAG_OUTPUTS__)
#define kwq__word_ne(p, v)						\
	({								\
		bool ne_;						\
		_Static_assert(sizeof(*(p)) == 8 || sizeof(*(p)) == 4,	\
			       "a word of 4 or 8 bytes");		\
		if (sizeof(*(p)) == 8)	/* no %z: clang lacks it */	\
			__asm__("cmpq %2, %1" : "=@ccne"(ne_)		\
				: "m"(*(p)), "er"((long)(v)));		\
		else							\
			__asm__("cmpl %2, %1" : "=@ccne"(ne_)		\
				: "m"(*(p)), "er"((int)(v)));		\
		ne_;							\
	})
#else
#define kwq__word_ne(p, v) (__atomic_load_n((p), __ATOMIC_RELAXED) != (v))
#endif

/*
 * *@p > @v, unsigned, for an unsigned int an add tests and need not keep:
 * as kwq__word_ne(), one compare of the word in memory on x86-64.
 */
#if defined(__x86_64__) && defined(__GCC_ASM_FLAG_OUTPUTS__)
#define kwq__word_above(p, v)						\
	({								\
		bool above_;						\
		_Static_assert(sizeof(*(p)) == 4, "an unsigned int");	\
		__asm__("cmpl %2, %1" : "=@cca"(above_)			\
			: "m"(*(p)), "er"((int)(v)));			\
		above_;							\
	})
#else
#define kwq__word_above(p, v)						\
	(__atomic_load_n((p), __ATOMIC_RELAXED) > (unsigned int)(v))
#endif

/*
 * A push queue @q is not empty: its tail is not its stub, which is at
 * @q's address.  As kwq__word_ne(), with the tail's address left to the
 * compare, so that gcc does not compute it into a register the push's
 * exchange then uses, an instruction more on every push.
 */
static inline bool kwq__pushq_linked(const struct kwq__pushq *q)
{
#if defined(__x86_64__) && defined(__GCC_ASM_FLAG_OUTPUTS__)
	bool ne;

	_Static_assert(offsetof(struct kwq__pushq, stub) == 0,
		       "the stub is at the queue's address");
	__asm__("cmpq %1, %c2(%1)" : "=@ccne"(ne)
		: "r"(q), "i"(offsetof(struct kwq__pushq, tail)),
		  "m"(q->tail));
	return ne;
#else
	return __atomic_load_n(&q->tail, __ATOMIC_RELAXED) != &q->stub;
#endif
}

static inline bool kwq__debugging(void)
{
	return unlikely(__atomic_load_n(&kwq__modes, __ATOMIC_RELAXED) &
			KWQ_MODE_DEBUG);
}

static inline bool kwq__stats_enabled(void)
{
	return unlikely(__atomic_load_n(&kwq__modes, __ATOMIC_RELAXED) &
			KWQ_MODE_STATS);
}

/* --- stats.c: statistics ------------------------------------------------- */

KWQ_HIDDEN void kwq__stats_init(void);
KWQ_HIDDEN void kwq__stat_queued_locked(struct kwq__pool *pool,
					struct work_struct *w);
KWQ_HIDDEN void kwq__stat_timed_start_locked(struct kwq__worker *worker,
					     struct work_struct *w,
					     unsigned long long *cpu);
KWQ_HIDDEN void kwq__stat_timed_end_locked(struct kwq__worker *worker,
					   struct kwq__pwq *pwq,
					   unsigned long long cpu);

/*
 * Every end is counted, and the starts are the ends and the items running
 * (kwq_stats_get() reports both whether or not statistics are on); only
 * statistics mode times them.  Inline, so that a worker pays one
 * increment per item, not two calls.
 */
static inline void kwq__stat_start_locked(struct kwq__worker *worker,
					  struct work_struct *w,
					  unsigned long long *cpu)
{
	if (unlikely(kwq__stats_enabled()))
		kwq__stat_timed_start_locked(worker, w, cpu);
}

static inline void kwq__stat_end_locked(struct kwq__worker *worker,
					struct kwq__pwq *pwq,
					unsigned long long cpu)
{
	pwq->st.finished++;
	if (unlikely(worker->started_ns))
		kwq__stat_timed_end_locked(worker, pwq, cpu);
}

static inline void kwq__stat_rejected(struct workqueue_struct *wq)
{
	if (unlikely(kwq__stats_enabled()))
		__atomic_add_fetch(&wq->st_rejected, 1, __ATOMIC_RELAXED);
}

/* --- debug.c: debug mode, misuse detection ------------------------------- */

KWQ_HIDDEN void kwq__debug_init(void);
KWQ_HIDDEN bool kwq__env_switch(const char *name, bool dflt);
KWQ_HIDDEN void kwq__debug_added(struct work_struct *w,
				 struct workqueue_struct *wq, void *caller);
KWQ_HIDDEN void kwq__debug_idle(struct work_struct *w);
KWQ_HIDDEN void kwq__debug_flush(struct workqueue_struct *to, void *caller);
KWQ_HIDDEN void kwq__debug_forget_wq(struct workqueue_struct *wq);
KWQ_HIDDEN void kwq__debug_child(void);
KWQ_HIDDEN int kwq__debug_check_add(struct workqueue_struct *wq,
				    struct work_struct *w, void *caller);
KWQ_HIDDEN void kwq__debug_pwq(struct kwq__pwq *pwq, bool live);
KWQ_HIDDEN void kwq__debug_check_queued(struct kwq__pool *pool,
					struct work_struct *w,
					struct kwq_list_node *head);
KWQ_HIDDEN void kwq__debug_quarantine(struct workqueue_struct *wq,
				      void *caller);
KWQ_HIDDEN int kwq__debug_check_wq(struct workqueue_struct *wq,
				   const char *what, void *caller);
KWQ_HIDDEN bool kwq__debug_pending(const struct work_struct *w);
KWQ_HIDDEN int kwq__debug_check_item(struct work_struct *w, bool delayed,
				     const char *what, void *caller);
KWQ_HIDDEN void kwq__debug_canceling(struct work_struct *w, bool on);
KWQ_HIDDEN void kwq__debug_self_wait(const char *wq_name, const char *what,
				     void *caller);

/*
 * Take an armed @dw off its wheel, its PENDING then owned as an idle
 * item's is: true when it was armed.  The wheel's lock, which
 * kwq__timer_disarm() takes, decides; the debug mode is told the item is
 * idle.  Both cancels' armed case: kwq__grab_pending()'s and
 * remove_delayed_work()'s fast path.
 */
static inline bool kwq__take_armed(struct delayed_work *dw)
{
	if (kwq__timer_disarm(dw))
		return false;
	if (kwq__debugging())
		kwq__debug_idle(&dw->work);
	return true;
}



static inline struct kwq__pwq *data_pwq(unsigned long data)
{
	return (data & WORK_PWQ) ?
		(struct kwq__pwq *)(data & ~WORK_FLAG_MASK) : NULL;
}

/* The pool an item is queued on or last ran on, or NULL. */
static inline struct kwq__pool *data_pool(unsigned long data)
{
	if (data & WORK_PWQ)
		return data_pwq(data)->pool;
	return (struct kwq__pool *)(data & ~WORK_FLAG_MASK);
}

/*
 * The pool lock: a futex word, 0 free, 1 held, 2 held with waiters (Ulrich
 * Drepper's "Futexes Are Tricky", mutex 2).  Taking and releasing a free
 * lock is one atomic operation each, a fifth of a pthread mutex's cost on
 * the add path; a contended taker spins briefly before it sleeps, since the
 * lock is only ever held for a few list operations.
 */
KWQ_HIDDEN void kwq__lock_slow(uint32_t *word);

static inline void kwq__cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ __volatile__("yield" ::: "memory");
#endif
}

/*
 * No call of kwq is a cancellation point (kwq(7), "Cancellation"): a thread
 * cancelled inside read(2), nanosleep(2) or a condition wait would die
 * holding a lock of kwq's or half way through a change.  Each such wait
 * runs with cancellation disabled; a request pending or arriving meanwhile
 * acts at the caller's next cancellation point, after kwq has returned.
 */
static inline int kwq__nocancel_begin(void)
{
	int old;

	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
	return old;
}

static inline void kwq__nocancel_end(int old)
{
	pthread_setcancelstate(old, &old);
}

/*
 * Wait, one round per call, for another thread to end a step of a few
 * instructions: a push between its exchange and its link, an item in
 * transit to a list, a flush leaving.  Spinning, then yielding, serve a
 * thread preempted in that step as soon as it can run; but a thread of
 * lower real-time priority on this CPU never runs while we spin or yield,
 * so after those rounds we sleep, 16 us and doubling up to 1 ms.  @round
 * counts the caller's rounds, from 0.
 */
static inline void kwq__backoff(unsigned int *round)
{
	unsigned int r = (*round)++;
	struct timespec ts = { 0, 0 };

	if (r < 64) {
		kwq__cpu_relax();
	} else if (r < 128) {
		sched_yield();
	} else {
		int old = kwq__nocancel_begin();

		ts.tv_nsec = 16000L << (r - 128 < 6 ? r - 128 : 6);
		nanosleep(&ts, NULL);
		kwq__nocancel_end(old);
	}
}

/*
 * The futex lock on a word: the pools' lock, and the timer wheels'.  Taking
 * a free one is one compare-and-swap.
 */
static inline bool kwq__word_trylock(uint32_t *word)
{
	uint32_t free_ = 0;

	return likely(__atomic_compare_exchange_n(word, &free_, 1, 0,
						  __ATOMIC_ACQUIRE,
						  __ATOMIC_RELAXED));
}

static inline void kwq__word_lock(uint32_t *word)
{
	if (!kwq__word_trylock(word))
		kwq__lock_slow(word);
}

/*
 * The paper's release: a decrement, which needs no register holding 0 and
 * no compare; from 2 (waiters), the word is then cleared and one woken.
 */
static inline void kwq__word_unlock(uint32_t *word)
{
	if (unlikely(__atomic_sub_fetch(word, 1, __ATOMIC_RELEASE))) {
		__atomic_store_n(word, 0, __ATOMIC_RELEASE);
		kwq__futex_wake(word, 1);
	}
}

static inline bool kwq__trylock(struct kwq__pool *pool)
{
	return kwq__word_trylock(&pool->lock);
}

static inline void kwq__lock(struct kwq__pool *pool)
{
	kwq__word_lock(&pool->lock);
}

static inline void kwq__unlock(struct kwq__pool *pool)
{
	kwq__word_unlock(&pool->lock);
}

/*
 * The busy hash: the workers of a pool by the item they
 * run, so that an item never runs concurrently with itself.  Inline, since
 * a worker looks an item up, adds and removes itself once per item.
 */
static inline unsigned long kwq__busy_hash(const struct work_struct *w)
{
	/*
	 * 64 bits wide: the chain's address is then one lea.  The address's
	 * low 32 bits multiplied as they are: the product's top bits mix
	 * every bit below them, the zero low bits of an aligned item only
	 * shift it, and a three-operand imul then needs no copy and no shift
	 * first (two instructions an item, where the address was shifted by
	 * 5 first).  Items 4 GiB apart share a chain: a longer walk, never a
	 * wrong answer.
	 */
	return (uint32_t)((uint32_t)(uintptr_t)w * 0x9e3779b1u) >>
		(32 - KWQ_BUSY_HASH_BITS);
}

/* The chain of @pool's busy hash where a worker running @w would be. */
static inline struct kwq__worker **kwq__busy_chain(struct kwq__pool *pool,
						   const struct work_struct *w)
{
	return &pool->busy[kwq__busy_hash(w)];
}

/* The worker of the busy chain @chain running @w, or NULL. */
static inline struct kwq__worker *
kwq__find_busy_in(struct kwq__worker **chain, struct work_struct *w)
{
	struct kwq__worker *worker = *chain;

	/*
	 * Compare the function too: the memory of a finished item may have
	 * been freed and reused for another item while a worker still
	 * records it.  An empty chain is the usual answer: said first, so
	 * that it falls through to the start, where gcc jumped twice.
	 */
	if (likely(!worker))
		return NULL;
	for (; worker; worker = worker->hnext)
		if (worker->current_work == w && worker->current_func == w->func)
			return worker;
	return NULL;
}

/* The worker of @pool running @w, or NULL. */
static inline struct kwq__worker *
kwq__find_busy_locked(struct kwq__pool *pool, struct work_struct *w)
{
	kwq__assert_locked(pool);
	return kwq__find_busy_in(kwq__busy_chain(pool, w), w);
}

/*
 * kwq__find_busy_locked() for @me, about to start @w if nobody runs it:
 * the chain looked at is kept for kwq__busy_join_locked(), so that the
 * hash is computed once an item.  Forced inline, as kwq__pushed_data():
 * worker_main()'s copies of process_one() are near gcc's growth limit,
 * and two more out-of-line calls there (head_kick_locked() in worker.c)
 * made it call both, 14 instructions an ordered item more.
 */
static inline __attribute__((always_inline)) struct kwq__worker *
kwq__find_busy_for_locked(struct kwq__pool *pool, struct kwq__worker *me,
			  struct work_struct *w)
{
	kwq__assert_locked(pool);
	me->hhead = kwq__busy_chain(pool, w);
	return kwq__find_busy_in(me->hhead, w);
}

/* @worker, which runs current_work now, joins the chain found for it. */
static inline void kwq__busy_join_locked(struct kwq__worker *worker)
{
	struct kwq__worker **head = worker->hhead;

	kwq__assert_locked(worker->pool);
	kwq__assert(head == kwq__busy_chain(worker->pool,
					    worker->current_work));
	worker->hnext = *head;
	*head = worker;
}

static inline void kwq__busy_add_locked(struct kwq__pool *pool,
					struct kwq__worker *worker)
{
	worker->hhead = kwq__busy_chain(pool, worker->current_work);
	kwq__busy_join_locked(worker);
}

static inline void kwq__busy_del_locked(struct kwq__pool *pool,
					struct kwq__worker *worker)
{
	struct kwq__worker **p = worker->hhead;

	kwq__assert_locked(pool);
	kwq__assert(p == kwq__busy_chain(pool, worker->current_work));
	/* Mostly first: the chain's latest, and one worker per item. */
	while (*p != worker)
		p = &(*p)->hnext;
	*p = worker->hnext;
}

/*
 * Should the worker take the next item?  Within the pool's target, yes; a
 * worker the manager started in place of a blocked one may take one item
 * beyond it.  Asked by the worker's loop (worker.c) before every item, and
 * by a kick (pool.c) about the worker finishing one.
 */
static inline int kwq__may_run_locked(struct kwq__worker *worker)
{
	struct kwq__pool *pool = worker->pool;

	kwq__assert_locked(pool);
	if (kwq__list_empty(&pool->worklist))
		return 0;
	if (worker->boost)
		return 1;
	return worker->counted ? pool->nr_running <= pool->target :
		pool->nr_running < pool->target;
}

/*
 * Will the worker finishing an item take the worklist's only item itself,
 * before it runs or waits for anything else?  Then nobody need be woken for
 * it: this is what lets an ordered queue, whose every completion activates
 * the next item, run without a wake-up per item.  Asked by a kick (pool.c),
 * and inline by a pop (add.c), which an ordered queue makes per item.
 */
static inline int kwq__finisher_takes_locked(struct kwq__pool *pool)
{
	struct kwq__worker *worker = pool->finisher;

	return worker && pool->worklist.next->next == &pool->worklist &&
		kwq__list_empty(&worker->scheduled) && !worker->wait_pool &&
		kwq__may_run_locked(worker);
}

/* Wake @worker, taken off its pool's idle list by a kick. */
static inline void kwq__wake_worker(struct kwq__worker *worker)
{
	kwq__futex_wake(&worker->wake, 1);
}

/*
 * The usual case of a busy pool: its workers all run and the manager
 * watches, so kwq__kick_prepare_locked() would do nothing.  Tested inline
 * on the paths taken for every item (an add, a worker starting one), to
 * spare them the call.
 */
static inline bool kwq__busy_watched_locked(struct kwq__pool *pool)
{
	return pool->nr_running >= pool->target &&
		__atomic_load_n(&kwq__mgr.watching, __ATOMIC_SEQ_CST);
}

/*
 * A kick's first half: the worker to wake once the lock is free, or NULL.
 * An empty worklist, a serial queue's worker's usual case as it starts its
 * item, is tested inline too: the slow half would find nothing to do.
 */
static inline struct kwq__worker *kwq__kick_busy_locked(struct kwq__pool *pool)
{
	return kwq__busy_watched_locked(pool) ||
		kwq__list_empty(&pool->worklist) ? NULL :
		kwq__kick_prepare_locked(pool);
}

/*
 * Below its target with no idle worker, a pool whose kick has asked the
 * manager for one already (need_worker) has nothing for another kick to
 * do until the manager's next look: kwq__kick_prepare_locked() would
 * find that after five tests and a call.  A pool with a producer ahead of
 * its worker and items long enough for two of them (the unbound target's
 * raise) was there for every start and every pass until the look.
 */
static inline bool kwq__kick_asked_locked(struct kwq__pool *pool)
{
	return pool->need_worker && kwq__list_empty(&pool->idle);
}

/*
 * A kick for the items behind the caller's on @pool's worklist (a worker
 * starting the head, a freed slot appending behind others): the worker
 * to wake, or NULL.  At the pool's target a kick could only poke a
 * manager that does not watch, and this one need not: every item went on
 * the worklist with a kick that found the manager watching or poked it,
 * and the manager stops watching only after a look that found every
 * worklist empty, and then looks once more (manager_main()).  So while an
 * item is on a worklist, the manager watches or a look that will see it
 * is still to come.  Under a producer far ahead, that poke was an atomic
 * operation and a call per start and per pop.
 */
static inline struct kwq__worker *kwq__kick_more_locked(struct kwq__pool *pool)
{
	return pool->nr_running >= pool->target ||
		kwq__list_empty(&pool->worklist) ||
		kwq__kick_asked_locked(pool) ? NULL :
		kwq__kick_prepare_locked(pool);
}

/*
 * Count @w, whose PENDING bit the caller owns, in @pwq's flush color, as
 * every insertion does, and return its word queued on @pwq (@old: its
 * word from before).  @pool is @pwq's, passed in: already in a register.
 */
static inline __attribute__((always_inline)) unsigned long
kwq__pwq_count_in_locked(struct kwq__pool *pool, struct kwq__pwq *pwq,
			 struct work_struct *w, unsigned long old)
{
	unsigned int color = pwq->color;

	pwq->nr_in_flight[color]++;
	pwq->st.added++;
	KWQ_TRACE(add, w, w->func, pwq->name, pool->cpu);
	/* color is 0 or 1: a shift, not a branch. */
	return work_pwq_data(pwq, color * WORK_COLOR | (old & WORK_DELAYED));
}

/*
 * The word of @w, pushed on @pwq and just taken off its push queue.
 * Forced inline: see kwq__find_busy_for_locked().
 */
static inline __attribute__((always_inline)) unsigned long
kwq__pushed_data(struct kwq__pwq *pwq, struct work_struct *w)
{
	unsigned long data = work_data(w);

	/*
	 * Re-initialised or freed while pending: see kwq__bug().  Its
	 * pointer, WORK_PWQ and PENDING in one compare: a handed or passed
	 * item's only check.  The pwq is aligned past the flags, so the sum
	 * is the or, in one lea where gcc made a move and an or.
	 */
	kwq__bug_on((data & ~(WORK_FLAG_MASK & ~(WORK_PWQ | WORK_PENDING))) !=
		    (unsigned long)pwq + (WORK_PWQ | WORK_PENDING));
	return data;
}

/*
 * The hand-over's accounting of @w, just taken off @pwq's push queue by
 * the worker that starts it next (kwq__pwq_hand_over_locked()): probed
 * as an insertion and an activation would, on no list, its word as its
 * push wrote it, PENDING still.  Its flush count is the ended item's,
 * whose color is the pwq's (see end_item_locked() in worker.c).
 */
static inline __attribute__((always_inline)) struct work_struct *
kwq__pwq_handed_locked(struct kwq__pwq *pwq, struct work_struct *w)
{
	kwq__assert_locked(pwq->pool);
	(void)kwq__pushed_data(pwq, w);
	pwq->st.added++;
	KWQ_TRACE(add, w, w->func, pwq->name, pwq->pool->cpu);
	KWQ_TRACE(activate, w, w->func, pwq->name);
	kwq__test_hook(hand_over, pwq, w);
	return w;
}

/*
 * Take @first, the first item pushed on @q, a push queue of @pwq, which
 * the caller has seen linked (kwq__pwq_linked_locked()), off it: an item
 * with a successor in one store, as pop_locked() in add.c does; the last,
 * which puts the tail back, there.  Inline: a worker that hands its slot
 * over or passes it on takes every item here.
 */
static inline __attribute__((always_inline)) struct work_struct *
kwq__pwq_unlink_first_locked(struct kwq__pwq *pwq, struct kwq__pushq *q,
			     struct work_struct *first)
{
	struct work_struct *next = kwq__pushed_after(first, __ATOMIC_ACQUIRE);

	kwq__assert_locked(pwq->pool);
	if (unlikely(!next))
		return kwq__pwq_unlink_last_locked(pwq, q);
	kwq__pushed_link(&q->stub, next, __ATOMIC_RELAXED);
	return first;
}

/*
 * The hand-over: an item of @pwq has ended, and the worker that ran it
 * starts a first pushed item next, in the same hold of the lock
 * (takes_pushed_locked() in worker.c says when): @first, the first item of
 * push queue @q, which kwq__pwq_linked_locked() has found linked.  The
 * ended item's slot goes to it as it is: nr_active stays, where a pop
 * would lower it and the insertion raise it again.  It stays PENDING
 * until the caller starts it, so that meanwhile an add gets -EBUSY and a
 * cancel, which needs this lock to take a queued item, waits and then
 * finds it started.
 */
static inline __attribute__((always_inline)) struct work_struct *
kwq__pwq_hand_over_locked(struct kwq__pwq *pwq, struct kwq__pushq *q,
			  struct work_struct *first)
{
	return kwq__pwq_handed_locked(pwq,
				      kwq__pwq_unlink_first_locked(pwq, q,
								   first));
}

/*
 * Move the items pushed on @pwq without the lock (see kwq__pwq) to its
 * lists.  Whoever looks at a pwq's lists or counts, or at a pending item's
 * place in them, calls this first, with the pool lock held.  An item's
 * word must be read before: a push names the pwq in it after the push's
 * exchange, so a word naming @pwq then is on a list after the settle; read
 * after, it may name @pwq for a push that came since (see push()).
 */
static inline void kwq__pwq_settle_locked(struct kwq__pwq *pwq)
{
	struct kwq__pushq *q = pwq->push, *last = q + pwq->push_mask;

	for (;; q++) {
		if (unlikely(__atomic_load_n(&q->tail, __ATOMIC_ACQUIRE) !=
			     &q->stub)) {
			kwq__pwq_splice_locked(pwq);
			return;
		}
		if (q == last)
			return;
	}
}

/* Lock @pwq's pool, with the pwq's pushed items settled. */
static inline void kwq__lock_pwq(struct kwq__pwq *pwq)
{
	kwq__lock(pwq->pool);
	kwq__pwq_settle_locked(pwq);
}

/* Is the caller running a work item of @wq (a chained add or flush)? */
static inline int kwq__in_wq(const struct workqueue_struct *wq)
{
	struct kwq__worker *me = kwq__self;

	return me && me->current_pwq && me->current_work &&
		me->current_color >= 0 && me->current_pwq->wq == wq;
}

#endif /* KWQ_INTERNAL_H */
