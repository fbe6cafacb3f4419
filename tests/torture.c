// SPDX-License-Identifier: MIT
/*
 * kwq torture, after the kernel's rcutorture and locktorture: for as long as
 * asked, many threads apply a random mix of every add, mod, flush and cancel
 * form, immediate and delayed, on bound (with and without a cpu), unbound,
 * high-priority, WQ_MEM_RECLAIM, ordered and system queues, to a population
 * of items, some of which re-add themselves; a churn thread meanwhile
 * creates queues and destroys them once no thread can add to them again.
 * Every run is checked against design.md's guarantees as it happens, and
 * everything is accounted for at the end:
 *
 *   1. runs == adds that returned 0 - cancels that returned 0, per item
 *      (rearm_delayed_work() returns 0 whether or not it replaced a pending
 *      instance, so its items are checked for everything but the count);
 *   4. an item never runs concurrently with itself;
 *   5. ordered queues run one item at a time, in add order per producer;
 *   7. a delayed item never starts before its delay, unless a flush or a
 *      destroy was pulling it forward;
 *   8. after its owner's cancel_*_sync(), an item is neither pending nor
 *      running;
 *   9. freezing and thawing lose nothing: a freezer thread freezes and
 *      thaws the WQ_FREEZABLE queues (the static unbound and ordered ones,
 *      some of the churned ones) all along, a prober adds to freezable
 *      queues of its own and waits for each run without a flush, and once
 *      everything stops, every item must come to rest with no flush;
 *  10. a thread cancelled inside flush_workqueue() or wait_for_work()
 *      returns from the call (no call of kwq is a cancellation point),
 *      and the rest of the run goes on unharmed;
 *   and nothing runs after its queue's destroy_workqueue() returned, and
 *   every call returns one of its documented values.  Movers are items
 *   whose runs add them to another queue, usually on another pool, while
 *   threads flush the queues: every flush_workqueue() must have seen every
 *   add of a mover to its queue made before it (guarantee 4: the re-add
 *   takes its place in the queue at once).
 *
 * Who writes what: the earliest start allowed for a delayed item is written
 * before the add (the run may start before the add returns), by the one
 * thread that owns the item, and is only lowered while an earlier instance
 * may still be pending.  An ordered item is added only when all its earlier
 * instances are accounted for, so the sequence number it carries is its own.
 * A violation prints the seed and the item's last events, and fails.
 *
 * torture() (tests/torture.h) is the whole run; two programs link this
 * unit: build/tests/torture, by hand (tests/torture-main.c: [--duration
 * SECONDS] [--seed N] [--threads N] [--verbose]), and test-torture, a few
 * seconds of it under `make test`.  The file stays whole past 800
 * lines: its checks share one ledger of every item's adds and runs, and
 * must see every operation of the one run.
 */
#include "torture.h"
#include "dwork.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_TT		32	/* torture threads */
#define NR_SHARED	32	/* immediate items any thread adds anywhere */
#define NR_DLY		4	/* per thread: delayed items it owns */
#define NR_MODI		2	/* per thread: items only it mods */
#define NR_ORD		4	/* per thread: items for the ordered queue */
#define NR_SLOTS	2	/* queues that come and go */
#define EP_IMM		8	/* per epoch: immediate items */
#define NR_RETIRED	8	/* retired epochs kept before they are freed */
#define HIST		16	/* events kept per item */
#define CHAIN_HOPS	8	/* most re-adds a self-adding item makes */
#define NR_MOVE		2	/* per thread: movers it starts */
#define MOVE_RING	8	/* a mover's latest instances, by number */

enum kind { K_IMM, K_DLY, K_MOD, K_CHAIN, K_DCHAIN, K_ORD, K_MOVE };

static const char *const kind_names[] = {
	"imm", "delayed", "mod", "chain", "delayed-chain", "ordered", "mover",
};

enum op {
	OP_ADD, OP_ADD_ON, OP_ADD_SYS, OP_ADD_SYS_ON, OP_DADD, OP_DADD_ON,
	OP_DADD_SYS, OP_DADD_SYS_ON, OP_MOD, OP_MOD_ON, OP_CANCEL,
	OP_CANCEL_SYNC, OP_DCANCEL, OP_DCANCEL_SYNC, OP_FLUSH, OP_DFLUSH,
	OP_RUN, OP_READD, OP_DESTROY, OP_NR
};

static const char *const op_names[OP_NR] = {
	"add_work_to_q", "add_work_to_q_on", "add_work", "add_work_on",
	"add_delayed_work_to_q", "add_delayed_work_to_q_on",
	"add_delayed_work", "add_delayed_work_on", "rearm_delayed_work",
	"rearm_delayed_work_on", "remove_work", "remove_work_sync",
	"remove_delayed_work", "remove_delayed_work_sync", "wait_for_work",
	"wait_for_delayed_work", "run", "re-add (from its run)",
	"destroy_workqueue",
};

/* One event in an item's history; fields are written with atomics. */
struct ev {
	long long t_us;		/* since the start */
	int who;		/* torture thread, or 100 + cpu for a run */
	int op;			/* enum op */
	long arg;		/* delay, cpu, or queue */
	int rc;			/* what the call returned */
};

struct epoch;

struct item {
	struct delayed_work dw;	/* immediate items use dw.work only */
	enum kind kind;
	int id;
	int owner;		/* the only thread that adds it, or -1 */
	int q;			/* fixed queue (chains, ordered), or -1 */
	long sleep_us;		/* each run sleeps this long */
	struct epoch *ep;	/* the epoch it belongs to, or NULL */
	long adds;		/* A: adds that returned 0 */
	long cancels;		/* A: cancels that returned 0 */
	long runs;		/* A: runs finished */
	int in;			/* A: runs in progress */
	long long due;		/* A: earliest allowed start, ns (owner) */
	long fl_begin;		/* A: wait_for_delayed_work() calls begun */
	long fl_end;		/* A: ... and returned */
	int hops;		/* A: re-adds a chain still makes */
	long seq;		/* A: producer's sequence (ordered, owner) */
	long inst_next;		/* A: movers: instance numbers handed out */
	long inst_added;	/* A: ... and added, highest number */
	long inst_done;		/* A: ... and run to the end */
	int inst_q[MOVE_RING];	/* A: ... the queue of each */
	int owner_idle;		/* owner only: nothing of it can be pending */
	long quiet_runs;	/* owner only: runs when its cancel_*_sync()
				   returned, or -1 */
	unsigned int hpos;	/* A: next history slot */
	struct ev hist[HIST];
};

/* A queue and the items only it gets, retired as a whole. */
struct epoch {
	struct workqueue_struct *wq;
	const char *what;	/* the kind of queue */
	int bound;		/* _on(cpu) forms apply */
	int ordered;
	long gen;
	int dying;		/* A: destroy_workqueue() has begun */
	int dead;		/* A: ... and returned */
	int running;		/* A: runs in progress (ordered check) */
	int nr;
	struct item *items;	/* EP_IMM immediate, then one delayed per
				   thread, then one chain */
};

struct slot {
	pthread_rwlock_t lock;	/* users read, the churn thread swaps */
	struct epoch *cur;
};

enum { Q_BOUND, Q_UNBOUND, Q_HIGHPRI, Q_RECLAIM, Q_SYSTEM, Q_ORDERED, NR_Q };

static const char *const q_names[NR_Q] = {
	"bound", "unbound", "highpri", "reclaim", "system", "ordered",
};
static const int q_bound[NR_Q] = { 1, 0, 1, 1, 1, 0 };

struct tthread {
	pthread_t thread;
	int idx;
	unsigned long long rng;
	long ops;		/* A: calls made */
	long stalls;		/* last ops seen by the watchdog */
	long long stall_since;
	int cur_op;		/* A: the call in progress, or -1 */
	struct item *cur_item;	/* A */
	struct item dly[NR_DLY];
	struct item mod[NR_MODI];
	struct item chain;
	struct item dchain;
	struct item ord[NR_ORD];
	struct item move[NR_MOVE];
	long ord_seq;		/* producer sequence for ordered items */
};

static struct torture_opts opt;
static struct workqueue_struct *wqs[NR_Q];
static struct item shared[NR_SHARED];
static struct tthread *tt;
static struct slot slots[NR_SLOTS];
static struct epoch *retired[NR_RETIRED];
static int nr_retired_next;
static int cpus[CPU_SETSIZE];
static int nr_cpus;
static long long t0;
static int stop;		/* A: threads finish their loop */
static int settling;		/* A: the final flushes pull delays in */
static int all_dead;		/* A: the static queues are destroyed */
static long violations;		/* A */
static long total_runs;		/* A */
static long readds;		/* A */
static long epochs;		/* A: queues created and destroyed */
static long last_ord_seq[MAX_TT];	/* A: per producer, on Q_ORDERED */
static int ord_running;		/* A */
static pthread_mutex_t print_lock = PTHREAD_MUTEX_INITIALIZER;

static unsigned int rnd(unsigned long long *s)
{
	/* xorshift64* */
	*s ^= *s >> 12;
	*s ^= *s << 25;
	*s ^= *s >> 27;
	return (unsigned int)((*s * 2685821657736338717ULL) >> 32);
}

static void hist(struct item *it, int who, int op, long arg, int rc)
{
	unsigned int i = __atomic_fetch_add(&it->hpos, 1, __ATOMIC_RELAXED);
	struct ev *e = &it->hist[i % HIST];

	__atomic_store_n(&e->t_us, (tap_now_ns() - t0) / 1000,
			 __ATOMIC_RELAXED);
	__atomic_store_n(&e->who, who, __ATOMIC_RELAXED);
	__atomic_store_n(&e->op, op, __ATOMIC_RELAXED);
	__atomic_store_n(&e->arg, arg, __ATOMIC_RELAXED);
	__atomic_store_n(&e->rc, rc, __ATOMIC_RELAXED);
}

static void item_name(const struct item *it, char *buf, size_t len)
{
	if (it->ep)
		snprintf(buf, len, "%s item %d of epoch %ld (%s queue)",
			 kind_names[it->kind], it->id, it->ep->gen,
			 it->ep->what);
	else
		snprintf(buf, len, "%s item %d (owner %d, queue %s)",
			 kind_names[it->kind], it->id, it->owner,
			 it->q >= 0 ? q_names[it->q] : "any");
}

static void dump_history(struct item *it)
{
	unsigned int end = LOAD(&it->hpos);
	unsigned int i = end > HIST ? end - HIST : 0;

	fprintf(stderr, "  adds %ld, cancels %ld, runs %ld, in %d, pending %d; last %u events:\n",
		LOAD(&it->adds), LOAD(&it->cancels), LOAD(&it->runs),
		LOAD(&it->in), work_pending(&it->dw.work), end - i);
	for (; i < end; i++) {
		struct ev *e = &it->hist[i % HIST];
		int who = __atomic_load_n(&e->who, __ATOMIC_RELAXED);
		int op = __atomic_load_n(&e->op, __ATOMIC_RELAXED);

		fprintf(stderr, "    %10lld us  %s%-3d %-26s arg %-6ld rc %d\n",
			__atomic_load_n(&e->t_us, __ATOMIC_RELAXED),
			who >= 100 ? "cpu " : "thr ",
			who >= 100 ? who - 100 : who,
			op >= 0 && op < OP_NR ? op_names[op] : "?",
			__atomic_load_n(&e->arg, __ATOMIC_RELAXED),
			__atomic_load_n(&e->rc, __ATOMIC_RELAXED));
	}
}

static void violation(struct item *it, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void violation(struct item *it, const char *fmt, ...)
{
	char name[160];
	va_list ap;

	if (INC(&violations) > 10)
		return;
	pthread_mutex_lock(&print_lock);
	fprintf(stderr, "torture: VIOLATION (seed %u): ", opt.seed);
	if (it) {
		item_name(it, name, sizeof(name));
		fprintf(stderr, "%s: ", name);
	}
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	if (it)
		dump_history(it);
	pthread_mutex_unlock(&print_lock);
}

static bool is_delayed(const struct item *it)
{
	return it->kind == K_DLY || it->kind == K_MOD ||
		it->kind == K_DCHAIN;
}

static struct workqueue_struct *item_wq(const struct item *it, int q)
{
	return it->ep ? it->ep->wq : wqs[q];
}

/* Nothing of @it is pending or running: every add is accounted for. */
static bool quiescent(struct item *it)
{
	/*
	 * Runs before adds: a run counts the add it makes before it counts
	 * itself, so adds read after runs include every instance a counted
	 * run added.  Read the other way round, a move_add() between the two
	 * loads looked quiescent while its instance was pending.
	 */
	long r = LOAD(&it->runs);
	long c = LOAD(&it->cancels);

	return LOAD(&it->adds) - c - r == 0;
}

/*
 * Set the earliest start of the instance about to be armed by its owner:
 * exactly, if nothing earlier can still run; otherwise only lower it, so
 * an earlier instance is never judged against a later deadline.
 */
static void set_due(struct item *it, long long due, bool exact)
{
	if (exact || due < LOAD(&it->due))
		STORE(&it->due, due);
}

/*
 * Add mover @it, idle but for the run that may be calling, to a random
 * static queue, numbering the instance first: its run may end before the
 * add returns.  Only one instance is added at a time (the owner starts a
 * mover only when it is idle, then each run adds the next).
 */
static void move_add(struct item *it, unsigned long long *rng, int who)
{
	int q = (int)(rnd(rng) % NR_Q), cpu = cpus[rnd(rng) % nr_cpus];
	bool on = q_bound[q] && rnd(rng) % 2;
	/*
	 * Numbered before the add, and from a counter of its own: the
	 * instance may start, and number its successor, before this add
	 * has returned and published its number in inst_added.
	 */
	long k = INC(&it->inst_next), cur;
	int rc;

	STORE(&it->inst_q[k % MOVE_RING], q);
	rc = on ? add_work_to_q_on(cpu, wqs[q], &it->dw.work) :
		add_work_to_q(wqs[q], &it->dw.work);
	hist(it, who, who >= 100 ? OP_READD : on ? OP_ADD_ON : OP_ADD, q, rc);
	if (rc == 0) {
		INC(&it->adds);
		/* The successor's add may have published a higher number. */
		cur = LOAD(&it->inst_added);
		while (cur < k &&
		       !__atomic_compare_exchange_n(&it->inst_added, &cur, k,
						    false, __ATOMIC_ACQ_REL,
						    __ATOMIC_ACQUIRE))
			;
		return;
	}
	/* Nothing was added, and nobody else adds it meanwhile. */
	DEC(&it->inst_next);
	/* The final drains refuse adds from other queues' items. */
	if (rc != -ESHUTDOWN || !LOAD(&settling))
		violation(it, "moving to queue %s returned %d", q_names[q], rc);
	STORE(&it->hops, 0);
}

static __thread unsigned long long run_rng;

static void item_fn(struct work_struct *w)
{
	struct item *it = container_of(to_delayed_work(w), struct item, dw);
	long long now = tap_now_ns();
	int cpu = sched_getcpu();
	struct epoch *ep = it->ep;

	hist(it, 100 + cpu, OP_RUN, 0, 0);
	if (INC(&it->in) != 1)
		violation(it, "runs concurrently with itself");
	if (LOAD(&all_dead))
		violation(it, "runs after every queue was destroyed");
	if (ep && LOAD(&ep->dead))
		violation(it, "runs after its queue's destroy_workqueue() returned");
	if (ep && ep->ordered && INC(&ep->running) != 1)
		violation(it, "runs alongside another item of its ordered queue");
	if (is_delayed(it)) {
		long long due = LOAD(&it->due);
		long end = LOAD(&it->fl_end);

		/* A flush under way, a destroy or the settle may pull it in. */
		if (now < due && LOAD(&it->fl_begin) == end &&
		    !LOAD(&settling) && !(ep && LOAD(&ep->dying)))
			violation(it, "started %lld us before its delay was up",
				  (due - now) / 1000);
	}
	if (it->kind == K_ORD) {
		long seq = LOAD(&it->seq), last = LOAD(&last_ord_seq[it->owner]);

		if (INC(&ord_running) != 1)
			violation(it, "runs alongside another item of the ordered queue");
		if (seq <= last)
			violation(it, "ordered: sequence %ld runs after %ld of the same producer",
				  seq, last);
		STORE(&last_ord_seq[it->owner], seq);
	}
	if (it->sleep_us)
		sleep_us(it->sleep_us);
	if (it->kind == K_ORD)
		DEC(&ord_running);
	if (ep && ep->ordered)
		DEC(&ep->running);
	INC(&total_runs);

	if (it->kind == K_CHAIN || it->kind == K_DCHAIN) {
		int hops = LOAD(&it->hops), rc;
		unsigned long delay = 0;

		if (!run_rng)
			run_rng = (unsigned long long)now | 1;
		if (hops > 0) {
			STORE(&it->hops, hops - 1);
			if (it->kind == K_DCHAIN) {
				/*
				 * Only lowered: the owner may have added the
				 * item again, and that instance may still
				 * be pending with an earlier deadline.
				 */
				delay = rnd(&run_rng) % 3;
				set_due(it, tap_now_ns() + (long long)delay * MS,
					false);
				rc = add_delayed_work_to_q(item_wq(it, it->q),
							   &it->dw, delay);
			} else {
				rc = add_work_to_q(item_wq(it, it->q), w);
			}
			hist(it, 100 + cpu, OP_READD, (long)delay, rc);
			INC(&readds);
			if (rc == 0) {
				INC(&it->adds);
			} else {
				if (rc != -EBUSY)
					violation(it, "re-add from its run returned %d",
						  rc);
				STORE(&it->hops, 0);
			}
		}
	}
	if (it->kind == K_MOVE) {
		long me = LOAD(&it->inst_done) + 1;

		if (!run_rng)
			run_rng = (unsigned long long)now | 1;
		if (LOAD(&it->hops) > 0) {
			DEC(&it->hops);
			move_add(it, &run_rng, 100 + cpu);
			/* Keep running a while: flushes meet the move. */
			if (rnd(&run_rng) % 2)
				sleep_us(rnd(&run_rng) % 200);
		}
		STORE(&it->inst_done, me);
	}
	/* From here on, another instance may already be running. */
	INC(&it->runs);
	DEC(&it->in);
}

static void item_init(struct item *it, enum kind kind, int id, int owner,
		      int q, struct epoch *ep, unsigned long long *rng)
{
	memset(it, 0, sizeof(*it));
	INIT_DELAYED_WORK(&it->dw, item_fn);
	if (kind == K_IMM || kind == K_CHAIN || kind == K_ORD ||
	    kind == K_MOVE)
		INIT_WORK(&it->dw.work, item_fn);
	it->kind = kind;
	it->id = id;
	it->owner = owner;
	it->q = q;
	it->ep = ep;
	it->quiet_runs = -1;
	/* One item in eight blocks for a while, so pools must grow. */
	if (rnd(rng) % 8 == 0)
		it->sleep_us = 20 + rnd(rng) % 300;
}

/* --- calls, with their returns checked and recorded --------------------- */

static void begin(struct tthread *t, struct item *it, int op)
{
	STORE(&t->cur_item, it);
	STORE(&t->cur_op, op);
	INC(&t->ops);
}

static int pick_cpu(struct tthread *t)
{
	return cpus[rnd(&t->rng) % nr_cpus];
}

/* An immediate add of @it to queue @q (or its epoch's queue). */
static int do_add(struct tthread *t, struct item *it, int q)
{
	struct workqueue_struct *wq = item_wq(it, q);
	bool bound = it->ep ? it->ep->bound : q_bound[q];
	bool on = bound && rnd(&t->rng) % 2;
	int cpu = pick_cpu(t), op, rc;

	if (!it->ep && q == Q_SYSTEM) {
		op = on ? OP_ADD_SYS_ON : OP_ADD_SYS;
		begin(t, it, op);
		rc = on ? add_work_on(cpu, &it->dw.work) : add_work(&it->dw.work);
	} else {
		op = on ? OP_ADD_ON : OP_ADD;
		begin(t, it, op);
		rc = on ? add_work_to_q_on(cpu, wq, &it->dw.work) :
			add_work_to_q(wq, &it->dw.work);
	}
	hist(it, t->idx, op, on ? cpu : -1, rc);
	if (rc == 0)
		INC(&it->adds);
	else if (rc != -EBUSY)
		violation(it, "%s returned %d", op_names[op], rc);
	return rc;
}

/* A delayed add (or, now and then, an immediate one) by @it's owner. */
static int do_dadd(struct tthread *t, struct item *it, int q, bool exact)
{
	struct workqueue_struct *wq = item_wq(it, q);
	bool bound = it->ep ? it->ep->bound : q_bound[q];
	bool on = bound && rnd(&t->rng) % 2;
	bool sys = !it->ep && q == Q_SYSTEM;
	unsigned long delay = rnd(&t->rng) % 8 ? rnd(&t->rng) % 4 :
		rnd(&t->rng) % 20;
	int cpu = pick_cpu(t), op, rc;

	if (rnd(&t->rng) % 8 == 0) {
		set_due(it, tap_now_ns(), exact);
		return do_add(t, it, q);
	}
	set_due(it, tap_now_ns() + (long long)delay * MS, exact);
	if (sys)
		op = on ? OP_DADD_SYS_ON : OP_DADD_SYS;
	else
		op = on ? OP_DADD_ON : OP_DADD;
	begin(t, it, op);
	if (sys)
		rc = on ? add_delayed_work_on(cpu, &it->dw, delay) :
			add_delayed_work(&it->dw, delay);
	else
		rc = on ? add_delayed_work_to_q_on(cpu, wq, &it->dw, delay) :
			add_delayed_work_to_q(wq, &it->dw, delay);
	hist(it, t->idx, op, (long)delay, rc);
	if (rc == 0)
		INC(&it->adds);
	else if (rc != -EBUSY)
		violation(it, "%s returned %d", op_names[op], rc);
	return rc;
}

static void do_mod(struct tthread *t, struct item *it)
{
	int q = (int)(rnd(&t->rng) % Q_SYSTEM);	/* a queue of our own */
	bool on = q_bound[q] && rnd(&t->rng) % 2;
	unsigned long delay = rnd(&t->rng) % 6;
	int cpu = pick_cpu(t), op = on ? OP_MOD_ON : OP_MOD, rc;

	set_due(it, tap_now_ns() + (long long)delay * MS, it->owner_idle);
	it->owner_idle = 0;
	begin(t, it, op);
	rc = on ? rearm_delayed_work_on(cpu, wqs[q], &it->dw, delay) :
		rearm_delayed_work(wqs[q], &it->dw, delay);
	hist(it, t->idx, op, (long)delay, rc);
	if (rc != 0 && rc != -EBUSY)
		violation(it, "%s returned %d", op_names[op], rc);
}

static void do_cancel(struct tthread *t, struct item *it, bool sync)
{
	bool d = is_delayed(it) && rnd(&t->rng) % 4;
	int op = d ? (sync ? OP_DCANCEL_SYNC : OP_DCANCEL) :
		(sync ? OP_CANCEL_SYNC : OP_CANCEL);
	int rc;

	begin(t, it, op);
	if (d)
		rc = sync ? remove_delayed_work_sync(&it->dw) :
			remove_delayed_work(&it->dw);
	else
		rc = sync ? remove_work_sync(&it->dw.work) :
			remove_work(&it->dw.work);
	hist(it, t->idx, op, 0, rc);
	if (rc == 0) {
		INC(&it->cancels);
		/* A cancelled chain is over; its owner may start another. */
		if (it->kind == K_CHAIN || it->kind == K_DCHAIN)
			STORE(&it->hops, 0);
	} else if (rc != -ENOENT && rc != -EBUSY) {
		violation(it, "%s returned %d", op_names[op], rc);
	}
	/*
	 * Guarantee 8, where no one else adds the item: not running now, and
	 * no run until its owner adds it again (owner_adds()).  Pending is
	 * not tested here: another thread's cancel may own the bit a while.
	 */
	if (sync && it->owner == t->idx &&
	    (it->kind == K_DLY || it->kind == K_MOD || it->kind == K_ORD)) {
		if (LOAD(&it->in))
			violation(it, "running after %s returned",
				  op_names[op]);
		it->quiet_runs = LOAD(&it->runs);
		it->owner_idle = 1;
	}
}

/* @it's owner is about to add it: did it run since its cancel_*_sync()? */
static void owner_adds(struct item *it)
{
	if (it->quiet_runs >= 0 && LOAD(&it->runs) != it->quiet_runs)
		violation(it, "ran %ld times after cancel_*_sync() returned, without an add",
			  LOAD(&it->runs) - it->quiet_runs);
	it->quiet_runs = -1;
}

static void do_flush(struct tthread *t, struct item *it)
{
	int rc;

	if (is_delayed(it) && rnd(&t->rng) % 2) {
		begin(t, it, OP_DFLUSH);
		INC(&it->fl_begin);
		rc = wait_for_delayed_work(&it->dw);
		INC(&it->fl_end);
		hist(it, t->idx, OP_DFLUSH, 0, rc);
	} else {
		begin(t, it, OP_FLUSH);
		rc = wait_for_work(&it->dw.work);
		hist(it, t->idx, OP_FLUSH, 0, rc);
	}
	if (rc)
		violation(it, "flush returned %d", rc);
}

static void do_flush_wq(struct tthread *t, struct workqueue_struct *wq,
			const char *what)
{
	int rc;

	begin(t, NULL, OP_FLUSH);
	rc = flush_workqueue(wq);
	if (rc)
		violation(NULL, "flush_workqueue(%s) returned %d", what, rc);
}

/*
 * flush_workqueue() of static queue @q, checked against the movers: every
 * instance added to @q before the call has run to its end when it returns.
 * Instances end in the order they were added, at most two are outstanding
 * (one running, the next added by that run), so numbers tell it all.
 */
static void do_flush_moved(struct tthread *t, int q)
{
	struct {
		struct item *it;
		long k;
	} want[MAX_TT * NR_MOVE * 2];
	int n = 0;

	for (int i = 0; i < opt.threads; i++) {
		for (int m = 0; m < NR_MOVE; m++) {
			struct item *it = &tt[i].move[m];
			long added = LOAD(&it->inst_added);
			long done = LOAD(&it->inst_done);

			for (long k = done + 1; k <= added &&
			     k <= done + MOVE_RING; k++)
				if (LOAD(&it->inst_q[k % MOVE_RING]) == q)
					want[n++] = (typeof(want[0])){ it, k };
		}
	}
	do_flush_wq(t, wqs[q], q_names[q]);
	for (int i = 0; i < n; i++)
		if (LOAD(&want[i].it->inst_done) < want[i].k)
			violation(want[i].it, "flush_workqueue(%s) returned before instance %ld, added to it before the flush, ran",
				  q_names[q], want[i].k);
}

/* One random operation on a random item of the static queues. */
static void op_static(struct tthread *t)
{
	unsigned int r = rnd(&t->rng) % 100;
	struct item *it;

	if (r < 40) {
		it = &shared[rnd(&t->rng) % NR_SHARED];
		r = rnd(&t->rng) % 100;
		if (r < 60)
			do_add(t, it, (int)(rnd(&t->rng) % NR_Q));
		else if (r < 88)
			do_cancel(t, it, r >= 80);
		else
			do_flush(t, it);
		return;
	}
	if (r < 45) {
		do_flush_moved(t, (int)(rnd(&t->rng) % NR_Q));
		return;
	}
	if (r < 50) {
		/* Start one of our movers, or flush one. */
		it = &t->move[rnd(&t->rng) % NR_MOVE];
		if (LOAD(&it->hops) || !quiescent(it)) {
			do_flush(t, it);
			return;
		}
		STORE(&it->hops, 1 + (int)(rnd(&t->rng) % CHAIN_HOPS));
		move_add(it, &t->rng, t->idx);
		return;
	}
	/* An item of a random thread: only its owner adds it. */
	struct tthread *o = &tt[rnd(&t->rng) % (unsigned int)opt.threads];
	bool mine = o == t;

	r = rnd(&t->rng) % 5;
	if (r == 0)
		it = &o->dly[rnd(&t->rng) % NR_DLY];
	else if (r == 1)
		it = &o->mod[rnd(&t->rng) % NR_MODI];
	else if (r == 2)
		it = rnd(&t->rng) % 2 ? &o->chain : &o->dchain;
	else
		it = &o->ord[rnd(&t->rng) % NR_ORD];

	r = rnd(&t->rng) % 100;
	if (r < 60 && mine) {
		owner_adds(it);
		switch (it->kind) {
		case K_DLY:
			do_dadd(t, it, (int)(rnd(&t->rng) % Q_ORDERED),
				quiescent(it));
			break;
		case K_MOD:
			do_mod(t, it);
			break;
		case K_CHAIN:
		case K_DCHAIN:
			if (LOAD(&it->hops))
				break;
			STORE(&it->hops, 1 + (int)(rnd(&t->rng) % CHAIN_HOPS));
			if ((it->kind == K_CHAIN ? do_add(t, it, it->q) :
			     do_dadd(t, it, it->q, quiescent(it))) != 0)
				STORE(&it->hops, 0);
			break;
		default:
			if (!quiescent(it))
				break;
			STORE(&it->seq, ++t->ord_seq);
			do_add(t, it, Q_ORDERED);
			break;
		}
	} else if (r < 85) {
		do_cancel(t, it, r >= 75);
	} else {
		do_flush(t, it);
	}
}

/* One random operation on the current queue of a random slot. */
static void op_epoch(struct tthread *t)
{
	struct slot *s = &slots[rnd(&t->rng) % NR_SLOTS];
	unsigned int r = rnd(&t->rng) % 100;
	struct epoch *ep;
	struct item *it;

	pthread_rwlock_rdlock(&s->lock);
	ep = s->cur;
	if (r < 5) {
		do_flush_wq(t, ep->wq, ep->what);
	} else if (r < 50) {
		it = &ep->items[rnd(&t->rng) % EP_IMM];
		r = rnd(&t->rng) % 100;
		if (r < 65)
			do_add(t, it, -1);
		else if (r < 90)
			do_cancel(t, it, r >= 85);
		else
			do_flush(t, it);
	} else if (r < 80) {
		it = &ep->items[EP_IMM + t->idx];	/* our delayed item */
		r = rnd(&t->rng) % 100;
		if (r < 65) {
			owner_adds(it);
			do_dadd(t, it, -1, quiescent(it));
		}
		else if (r < 90)
			do_cancel(t, it, r >= 85);
		else
			do_flush(t, it);
	} else {
		it = &ep->items[ep->nr - 1];		/* the chain */
		if (it->owner == t->idx && !LOAD(&it->hops) && r < 90) {
			STORE(&it->hops, 1 + (int)(rnd(&t->rng) % CHAIN_HOPS));
			if (do_add(t, it, -1) != 0)
				STORE(&it->hops, 0);
		} else if (r < 95) {
			do_cancel(t, it, r >= 93);
		} else {
			do_flush(t, it);
		}
	}
	pthread_rwlock_unlock(&s->lock);
}

static void *torture_thread(void *arg)
{
	struct tthread *t = arg;

	if (t->idx % 2 == 0 && nr_cpus > 1)
		pin_self(cpus[(t->idx / 2) % nr_cpus]);
	while (!LOAD(&stop)) {
		if (rnd(&t->rng) % 4)
			op_static(t);
		else
			op_epoch(t);
		STORE(&t->cur_op, -1);
		if (rnd(&t->rng) % 512 == 0)
			sched_yield();
	}
	return NULL;
}

/* --- queues that come and go ------------------------------------------- */

static struct epoch *epoch_new(unsigned long long *rng)
{
	static const struct {
		const char *what;
		unsigned int flags;
		int ordered;
		int legacy;	/* 1: create_workqueue, 2: ..._singlethread */
	} kinds[] = {
		{ "bound", 0, 0, 0 },
		{ "unbound", WQ_UNBOUND, 0, 0 },
		{ "highpri", WQ_HIGHPRI, 0, 0 },
		{ "ordered", 0, 1, 0 },
		{ "reclaim", WQ_MEM_RECLAIM, 0, 0 },
		{ "unbound reclaim", WQ_UNBOUND | WQ_MEM_RECLAIM, 0, 0 },
		{ "cpu-intensive", WQ_CPU_INTENSIVE, 0, 0 },
		{ "create_workqueue", 0, 0, 1 },
		{ "singlethread", 0, 1, 2 },
		{ "freezable bound", WQ_FREEZABLE, 0, 0 },
		{ "freezable unbound", WQ_UNBOUND | WQ_FREEZABLE, 0, 0 },
		{ "freezable ordered", WQ_FREEZABLE, 1, 0 },
	};
	unsigned int k = rnd(rng) % ARRAY_SIZE(kinds);
	struct epoch *ep = calloc(1, sizeof(*ep));
	long gen = INC(&epochs);
	int n = EP_IMM + opt.threads + 1;

	if (!ep || !(ep->items = calloc((size_t)n, sizeof(*ep->items))))
		bail_out("torture: no memory");
	ep->what = kinds[k].what;
	ep->ordered = kinds[k].ordered;
	ep->bound = !(kinds[k].flags & WQ_UNBOUND) && !ep->ordered;
	ep->gen = gen;
	ep->nr = n;
	if (kinds[k].legacy == 1)
		ep->wq = create_workqueue("tt-legacy");
	else if (kinds[k].legacy == 2)
		ep->wq = create_singlethread_workqueue("tt-single");
	else if (ep->ordered)
		ep->wq = alloc_ordered_workqueue("tt-ord%ld", kinds[k].flags,
						 gen);
	else
		ep->wq = alloc_workqueue("tt-%ld", kinds[k].flags,
					 (int)(rnd(rng) % 5), gen);
	if (!ep->wq)
		bail_out("torture: cannot create a %s queue: %s", ep->what,
			 strerror(errno));
	for (int i = 0; i < n; i++) {
		enum kind kind = i < EP_IMM ? K_IMM :
			i < n - 1 ? K_DLY : K_CHAIN;
		int owner = i < EP_IMM ? -1 : i < n - 1 ? i - EP_IMM :
			(int)(gen % opt.threads);

		item_init(&ep->items[i], kind, i, owner, -1, ep, rng);
	}
	return ep;
}

static void epoch_free(struct epoch *ep)
{
	if (ep) {
		free(ep->items);
		free(ep);
	}
}

/* Check every item of a queue destroy_workqueue() just returned for. */
static void account(struct item *it, int n)
{
	for (int i = 0; i < n; i++, it++) {
		long runs = LOAD(&it->runs), want;

		if (it->quiet_runs >= 0 && runs != it->quiet_runs)
			violation(it, "ran after cancel_*_sync() returned, without an add");
		if (work_pending(&it->dw.work) || LOAD(&it->in))
			violation(it, "still %s after its queue was flushed",
				  LOAD(&it->in) ? "running" : "pending");
		if (it->kind == K_MOD)
			continue;
		want = LOAD(&it->adds) - LOAD(&it->cancels);
		if (runs != want)
			violation(it, "guarantee 1: %ld runs, but %ld adds - %ld cancels = %ld",
				  runs, LOAD(&it->adds), LOAD(&it->cancels),
				  want);
	}
}

/* No thread can reach @ep any more: destroy its queue and check it. */
static void epoch_retire(struct epoch *ep)
{
	STORE(&ep->dying, 1);
	destroy_workqueue(ep->wq);
	STORE(&ep->dead, 1);
	account(ep->items, ep->nr);
	/* Kept a while, so that a late run is seen rather than a crash. */
	epoch_free(retired[nr_retired_next]);
	retired[nr_retired_next] = ep;
	nr_retired_next = (nr_retired_next + 1) % NR_RETIRED;
}

static void *churn_thread(void *arg)
{
	unsigned long long rng = opt.seed * 7919ULL + 17;
	struct tthread *self = arg;

	while (!LOAD(&stop)) {
		struct slot *s = &slots[rnd(&rng) % NR_SLOTS];
		struct epoch *ep = epoch_new(&rng), *old;

		pthread_rwlock_wrlock(&s->lock);
		old = s->cur;
		s->cur = ep;
		pthread_rwlock_unlock(&s->lock);
		begin(self, NULL, OP_DESTROY);
		epoch_retire(old);
		STORE(&self->cur_op, -1);
		sleep_us(1000 + rnd(&rng) % 20000);
	}
	return NULL;
}

/* --- set-up, the watchdog, the settle and the report ------------------- */

static void static_items(void (*fn)(struct item *it))
{
	for (int i = 0; i < NR_SHARED; i++)
		fn(&shared[i]);
	for (int i = 0; i < opt.threads; i++) {
		struct tthread *t = &tt[i];

		for (int k = 0; k < NR_DLY; k++)
			fn(&t->dly[k]);
		for (int k = 0; k < NR_MODI; k++)
			fn(&t->mod[k]);
		fn(&t->chain);
		fn(&t->dchain);
		for (int k = 0; k < NR_ORD; k++)
			fn(&t->ord[k]);
		for (int k = 0; k < NR_MOVE; k++)
			fn(&t->move[k]);
	}
}

static int nr_busy;

static void settle_one(struct item *it)
{
	if (is_delayed(it))
		wait_for_delayed_work(&it->dw);
	else
		wait_for_work(&it->dw.work);
}

static void count_busy(struct item *it)
{
	if (work_pending(&it->dw.work) || LOAD(&it->in) || LOAD(&it->hops))
		nr_busy++;
}

static void account_one(struct item *it)
{
	account(it, 1);
}

/* A thread stuck in one call for @limit seconds: report it and give up. */
static void watchdog_check(long long now, double limit)
{
	for (int i = 0; i <= opt.threads; i++) {
		struct tthread *t = &tt[i];
		long ops = LOAD(&t->ops);
		int op = LOAD(&t->cur_op);
		struct item *it = LOAD(&t->cur_item);

		if (ops != t->stalls || op < 0) {
			t->stalls = ops;
			t->stall_since = now;
			continue;
		}
		if (now - t->stall_since < (long long)(limit * 1e9))
			continue;
		violation(it, "thread %d stuck in %s for %.0f s (a hang)", i,
			  op_names[op], limit);
		if (!it)
			fprintf(stderr, "torture: seed %u: thread %d stuck in %s\n",
				opt.seed, i, op_names[op]);
		fflush(stderr);
		_exit(2);
	}
}

static void make_static_queues(void)
{
	wqs[Q_BOUND] = alloc_workqueue("tt-bound", 0, 4);
	wqs[Q_UNBOUND] = alloc_workqueue("tt-unbound",
					 WQ_UNBOUND | WQ_FREEZABLE, 0);
	wqs[Q_HIGHPRI] = alloc_workqueue("tt-highpri", WQ_HIGHPRI, 2);
	wqs[Q_RECLAIM] = alloc_workqueue("tt-reclaim",
					 WQ_MEM_RECLAIM | WQ_CPU_INTENSIVE, 0);
	wqs[Q_SYSTEM] = system_wq;
	wqs[Q_ORDERED] = alloc_ordered_workqueue("tt-ordered", WQ_FREEZABLE);
	for (int q = 0; q < NR_Q; q++)
		if (!wqs[q])
			bail_out("torture: cannot create queue %s: %s",
				 q_names[q], strerror(errno));
}

/* --- freezing: a freezer, a prober, and the rest without a flush -------- */

/*
 * The freezer freezes and thaws all along.  The prober is the issue 25
 * test: it adds one item at a time to a freezable queue nobody else
 * touches, most often as a thaw begins, and waits for its run with no
 * flush, since a flush would settle an item stranded on the pwq's push
 * queue and hide the loss.  So would the next freeze: the freezer waits
 * for each probe to end before it freezes again.
 */
enum { P_ORDERED, P_UNBOUND, P_BOUND, NR_PROBE };

static const char *const probe_names[NR_PROBE] = {
	"ordered", "unbound max_active 2", "bound max_active 1",
};

struct probe {
	struct work_struct work;
	struct workqueue_struct *wq;
	int runs;		/* A */
};

static struct probe probes[NR_PROBE];
static pthread_t freezer, prober;
static long freeze_ops;		/* A: freezes and thaws, probe adds */
static int thaws;		/* A: thaws begun */
static int probe_rounds;	/* A: probes run, or given up on */

static void probe_fn(struct work_struct *w)
{
	INC(&container_of(w, struct probe, work)->runs);
}

static void *freezer_main(void *arg)
{
	unsigned long long rng = opt.seed * 104729ULL + 3;
	int rc;

	(void)arg;
	while (!LOAD(&stop)) {
		int seen = LOAD(&probe_rounds);

		rc = kwq_freeze_workqueues();
		if (rc)
			violation(NULL, "kwq_freeze_workqueues returned %d", rc);
		if (rnd(&rng) % 2)
			sleep_us(rnd(&rng) % 300);
		INC(&thaws);
		rc = kwq_thaw_workqueues();
		if (rc)
			violation(NULL, "kwq_thaw_workqueues returned %d", rc);
		__atomic_add_fetch(&freeze_ops, 2, __ATOMIC_RELAXED);
		while (LOAD(&probe_rounds) == seen && !LOAD(&stop))
			sleep_us(20);
		if (rnd(&rng) % 4)
			sleep_us(rnd(&rng) % 2000);
	}
	return NULL;
}

/*
 * Most probes aim at a thaw: wait (a while at most) for the next to begin,
 * then a random few microseconds, so that the add meets the thaw in its
 * loop over the pwqs, each held a few nanoseconds.
 */
static void aim_at_thaw(unsigned long long *rng)
{
	int seen = LOAD(&thaws);
	long long end = tap_now_ns() + 5 * MS;
	unsigned int spin = rnd(rng) % (1U << (rnd(rng) % 13));

	for (unsigned int i = 0; LOAD(&thaws) == seen; i++)
		if (!(i & 255) && tap_now_ns() > end)
			return;
	while (spin--)
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
}

/* Wait for @p's run number @want, yielding a while, then napping. */
static bool probe_ran(struct probe *p, int want, double limit)
{
	long long end = tap_now_ns() + (long long)(limit * 1e9);

	for (unsigned int i = 0; LOAD(&p->runs) < want; i++) {
		if (i < 64) {
			sched_yield();
			continue;
		}
		if (tap_now_ns() > end)
			return false;
		sleep_us(20);
	}
	return true;
}

static void *prober_main(void *arg)
{
	unsigned long long rng = opt.seed * 15485863ULL + 5;
	double limit = *(double *)arg;

	while (!LOAD(&stop)) {
		unsigned int q = rnd(&rng) % NR_PROBE;
		struct probe *p = &probes[q];
		int want = LOAD(&p->runs) + 1, rc;

		if (rnd(&rng) % 4)
			aim_at_thaw(&rng);
		if (q == P_BOUND && rnd(&rng) % 2)
			rc = add_work_to_q_on(cpus[rnd(&rng) % nr_cpus], p->wq,
					      &p->work);
		else
			rc = add_work_to_q(p->wq, &p->work);
		__atomic_add_fetch(&freeze_ops, 1, __ATOMIC_RELAXED);
		if (rc) {
			violation(NULL, "probe add to %s returned %d, its item idle",
				  probe_names[q], rc);
		} else if (!probe_ran(p, want, limit)) {
			violation(NULL, "guarantee 9: an add to the %s probe queue returned 0, and its item has not run %.0f s later (stranded)",
				  probe_names[q], limit);
			flush_workqueue(p->wq);
		}
		INC(&probe_rounds);
	}
	return NULL;
}

static void freeze_start(double *limit)
{
	probes[P_ORDERED].wq = alloc_ordered_workqueue("tt-probe-ord",
						       WQ_FREEZABLE);
	probes[P_UNBOUND].wq = alloc_workqueue("tt-probe-unb",
					       WQ_UNBOUND | WQ_FREEZABLE, 2);
	probes[P_BOUND].wq = alloc_workqueue("tt-probe-bnd", WQ_FREEZABLE, 1);
	for (int q = 0; q < NR_PROBE; q++) {
		if (!probes[q].wq)
			bail_out("torture: cannot create probe queue %s: %s",
				 probe_names[q], strerror(errno));
		INIT_WORK(&probes[q].work, probe_fn);
	}
	if (pthread_create(&freezer, NULL, freezer_main, NULL) ||
	    pthread_create(&prober, NULL, prober_main, limit))
		bail_out("torture: pthread_create failed");
}

/* After `stop`: the freezer's last act was a thaw. */
static void freeze_stop(void)
{
	pthread_join(freezer, NULL);
	pthread_join(prober, NULL);
	for (int q = 0; q < NR_PROBE; q++)
		destroy_workqueue(probes[q].wq);
}

/* --- cancelled callers: no call of kwq is a cancellation point --------- */

/*
 * A canceller starts threads that each call a blocking function of kwq
 * (flush_workqueue() on a static queue, whose items keep coming, or
 * wait_for_work() on a probe of their own) and cancels each at a random
 * moment.  kwq(7): the call finishes, and the thread dies at its next
 * cancellation point; a thread that died inside the call would leave a
 * lock held or a flush half done, which the rest of the run would show.
 */
struct victim {
	struct workqueue_struct *wq;
	struct work_struct work;
	bool wait_item;
	int returned;		/* A */
};

static pthread_t canceller;
static long cancel_ops;		/* A: threads cancelled inside a call */

static void victim_fn(struct work_struct *w)
{
	(void)w;
}

static void *victim_main(void *arg)
{
	struct victim *v = arg;

	if (v->wait_item) {
		if (add_work_to_q(v->wq, &v->work) == 0)
			wait_for_work(&v->work);
	} else {
		flush_workqueue(v->wq);
	}
	STORE(&v->returned, 1);
	for (;;)
		pause();	/* the request acts here */
	return NULL;
}

static void *canceller_main(void *arg)
{
	unsigned long long rng = opt.seed * 7919ULL + 3;

	(void)arg;
	while (!LOAD(&stop)) {
		struct victim v = { .wq = wqs[rnd(&rng) % NR_Q] };
		pthread_t t;

		v.wait_item = rnd(&rng) & 1;
		INIT_WORK(&v.work, victim_fn);
		if (pthread_create(&t, NULL, victim_main, &v))
			break;
		sleep_us(rnd(&rng) % 500);
		pthread_cancel(t);
		pthread_join(t, NULL);
		if (!LOAD(&v.returned))
			violation(NULL, "a thread cancelled in %s did not return from it",
				  v.wait_item ? "wait_for_work()" : "flush_workqueue()");
		if (v.wait_item)
			wait_for_work(&v.work);	/* its item is on the stack */
		INC(&cancel_ops);
	}
	return NULL;
}

static void count_busy_epochs(void)
{
	for (int s = 0; s < NR_SLOTS; s++)
		for (int i = 0; i < slots[s].cur->nr; i++)
			count_busy(&slots[s].cur->items[i]);
}

static void report_busy(struct item *it)
{
	if (work_pending(&it->dw.work))
		violation(it, "guarantee 1: still pending after every thread stopped, and no flush came (stranded)");
	else if (LOAD(&it->in) || LOAD(&it->hops))
		violation(it, "still running or chaining after every thread stopped");
}

/*
 * Everything has stopped and the queues are thawed: every item must come
 * to rest on its own, within @limit seconds, before the settle's flushes
 * would rescue one stranded on a push queue.
 */
static void rest_unflushed(double limit)
{
	long long end = tap_now_ns() + (long long)(limit * 1e9);

	for (;;) {
		nr_busy = 0;
		static_items(count_busy);
		count_busy_epochs();
		if (!nr_busy)
			return;
		if (tap_now_ns() > end)
			break;
		sleep_ms(1);
	}
	static_items(report_busy);
	for (int s = 0; s < NR_SLOTS; s++)
		for (int i = 0; i < slots[s].cur->nr; i++)
			report_busy(&slots[s].cur->items[i]);
}

int torture(const struct torture_opts *o, struct torture_result *res)
{
	unsigned long long rng = o->seed * 2654435761ULL + 1;
	pthread_rwlockattr_t ra;
	long long start, end;
	bool slow = getenv("KWQ_TEST_SAN") || getenv("KWQ_TEST_QUICK");
	double stuck = slow ? 120 : 30;	/* seconds: a hang, or a lost item */

	opt = *o;
	if (opt.threads < 1 || opt.threads > MAX_TT)
		bail_out("torture: --threads must be 1..%d", MAX_TT);
	nr_cpus = allowed_cpus(cpus, CPU_SETSIZE);
	t0 = tap_now_ns();
	make_static_queues();
	/* One more for the churn thread, which the watchdog also watches. */
	tt = calloc((size_t)opt.threads + 1, sizeof(*tt));
	if (!tt)
		bail_out("torture: no memory");
	for (int i = 0; i < NR_SHARED; i++)
		item_init(&shared[i], K_IMM, i, -1, -1, NULL, &rng);
	for (int i = 0; i <= opt.threads; i++) {
		struct tthread *t = &tt[i];

		t->idx = i;
		t->cur_op = -1;
		t->rng = (o->seed + 1ULL) * 0x9E3779B97F4A7C15ULL + (unsigned)i;
		for (int k = 0; k < NR_DLY; k++)
			item_init(&t->dly[k], K_DLY, k, i, -1, NULL, &rng);
		for (int k = 0; k < NR_MODI; k++)
			item_init(&t->mod[k], K_MOD, k, i, -1, NULL, &rng);
		/* Chains re-add on a queue of their own choosing. */
		item_init(&t->chain, K_CHAIN, 0, i, i % Q_ORDERED, NULL, &rng);
		item_init(&t->dchain, K_DCHAIN, 0, i, (i + 2) % Q_ORDERED,
			  NULL, &rng);
		for (int k = 0; k < NR_ORD; k++)
			item_init(&t->ord[k], K_ORD, k, i, Q_ORDERED, NULL,
				  &rng);
		for (int k = 0; k < NR_MOVE; k++)
			item_init(&t->move[k], K_MOVE, k, i, -1, NULL, &rng);
	}
	pthread_rwlockattr_init(&ra);
	pthread_rwlockattr_setkind_np(&ra,
			PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
	for (int s = 0; s < NR_SLOTS; s++) {
		pthread_rwlock_init(&slots[s].lock, &ra);
		slots[s].cur = epoch_new(&rng);
	}
	pthread_rwlockattr_destroy(&ra);

	start = tap_now_ns();
	end = start + (long long)(opt.duration * 1e9);
	for (int i = 0; i < opt.threads; i++)
		if (pthread_create(&tt[i].thread, NULL, torture_thread, &tt[i]))
			bail_out("torture: pthread_create failed");
	if (pthread_create(&tt[opt.threads].thread, NULL, churn_thread,
			   &tt[opt.threads]))
		bail_out("torture: pthread_create failed");
	freeze_start(&stuck);
	if (pthread_create(&canceller, NULL, canceller_main, NULL))
		bail_out("torture: pthread_create failed");
	for (long long now = start; now < end; now = tap_now_ns()) {
		long long left = (end - now) / 1000;

		sleep_us(left < 100000 ? left : 100000);
		watchdog_check(tap_now_ns(), stuck);
		if (opt.verbose && (now - start) / 10000000000LL !=
		    (tap_now_ns() - start) / 10000000000LL) {
			long ops = 0;

			for (int i = 0; i <= opt.threads; i++)
				ops += LOAD(&tt[i].ops);
			fprintf(stderr, "torture: %.0f s: %ld ops, %ld runs, %ld queues, %ld violations\n",
				(tap_now_ns() - start) / 1e9, ops,
				LOAD(&total_runs), LOAD(&epochs),
				LOAD(&violations));
		}
	}
	STORE(&stop, 1);
	for (int i = 0; i <= opt.threads; i++)
		pthread_join(tt[i].thread, NULL);
	freeze_stop();
	pthread_join(canceller, NULL);
	end = tap_now_ns();
	rest_unflushed(stuck);

	/* Settle: everything accepted runs; then account for every item. */
	STORE(&settling, 1);
	for (int s = 0; s < NR_SLOTS; s++)
		epoch_retire(slots[s].cur);
	for (int round = 0; round < 1000; round++) {
		static_items(settle_one);
		for (int q = 0; q < NR_Q; q++)
			drain_workqueue(wqs[q]);
		nr_busy = 0;
		static_items(count_busy);
		if (!nr_busy)
			break;
		sleep_ms(1);
	}
	static_items(account_one);
	for (int q = 0; q < NR_Q; q++)
		if (q != Q_SYSTEM)
			destroy_workqueue(wqs[q]);
	flush_workqueue(system_wq);
	STORE(&all_dead, 1);
	sleep_ms(20);

	res->ops = 0;
	for (int i = 0; i <= opt.threads; i++)
		res->ops += tt[i].ops;
	res->ops += LOAD(&readds) + LOAD(&freeze_ops) + LOAD(&cancel_ops);
	res->runs = LOAD(&total_runs);
	res->violations = LOAD(&violations);
	res->epochs = LOAD(&epochs);
	res->secs = (end - start) / 1e9;
	for (int i = 0; i < NR_RETIRED; i++) {
		epoch_free(retired[i]);
		retired[i] = NULL;
	}
	for (int s = 0; s < NR_SLOTS; s++)
		pthread_rwlock_destroy(&slots[s].lock);
	free(tt);
	tt = NULL;
	return res->violations ? -EPROTO : 0;
}
