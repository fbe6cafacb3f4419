// SPDX-License-Identifier: MIT
/*
 * The manager: kwq's concurrency management and lockup watchdog, one thread
 * (kwq/manager) for all pools.
 *
 * The kernel keeps exactly one runnable worker per CPU busy because its
 * scheduler tells the workqueue code when a worker sleeps.  A user-space
 * program gets no such call, so the manager looks instead: while some pool
 * has items waiting, it wakes up every millisecond and checks the workers
 * that have run the same item since its previous look.  One the kernel
 * reports as sleeping (state S or D in /proc/self/task/TID/stat) no longer
 * counts against the pool's target, and another worker, woken or created,
 * takes the next item; unless it sleeps on a kwq lock, whose holder runs
 * (lock_waited_locked()).  Items that only compute are never taken out of the
 * count, so a pool never has more runnable workers than its target (one per
 * CPU for a CPU's pool).
 *
 * DESIGN
 *
 * Blocking tends to come in bursts of like items (200 items that each sleep
 * 10 ms).  Starting one replacement per blocked worker per tick would need
 * 200 ticks, and growing fourfold per tick still five; so once a worker is
 * seen blocked the manager starts one worker for every item waiting, and
 * looks at every running worker at the next tick for as long as they keep
 * blocking.  Thread creation, not the tick, is then what takes time (20-40
 * us a thread), so workers are created side by side: the manager creates
 * them, for a bound pool from another CPU (keep_off()), and each new
 * worker of an unbound pool creates one more before it takes its item.  Each
 * extra worker takes one item beyond the target and then goes idle unless
 * the pool is under its target again, so the excess dies out as soon as
 * items stop blocking.  An item must block through two looks (1 ms) to
 * count: short waits start nobody, but one long wait with a long backlog
 * behind it starts a worker per waiting item (up to the cap of 512 a pool),
 * which retire after the idle timeout.  A look at a new backlog that comes
 * before its worker has taken the item asks for the next look early
 * (look_soon()), so that the item is timed from its start, not from a
 * tick later.  Without /proc the manager falls back to time: an item that
 * has run through two looks is treated as blocked.
 *
 * The manager sleeps without a timeout while no pool has waiting items (an
 * add that leaves an item waiting behind running workers wakes it), so an
 * idle process sees no wake-ups from kwq.  It also creates the workers pools
 * ask for, since an add may not, and watches for lockups: a pool that has
 * had items waiting for the watchdog threshold (30 s by default) without
 * starting any is reported through the warn handler, once per stall, with
 * the queue waiting and the function that holds the pool.
 */
#include "internal.h"

#include <fcntl.h>
#include <limits.h>
#include <string.h>

#define TICK_NS		(1000 * 1000)
#define SOON_NS		(100 * 1000)	/* a look after one that came early */
#define MAX_LOOK	64	/* workers looked at per pool and tick */
#define DFL_WATCHDOG_MS	30000

struct kwq__manager kwq__mgr = { .watchdog_ms = DFL_WATCHDOG_MS };
#ifdef KWQ_TEST_HOOKS
void (*kwq__look_hook)(struct kwq__pool *pool, int stage, int n);
void (*kwq__proc_hook)(struct kwq__pool *pool, int *state);
void (*kwq__wait_hook)(int busy);
#endif

static int no_proc;			/* M: /proc is not readable */

/* A test reads a worker's state with it too (test-manager-lock). */
int kwq__thread_sleeping(pid_t tid)
{
	char path[64], buf[512], *p;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", (int)tid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	/* The name may hold anything, ')' too: the state follows the last. */
	p = strrchr(buf, ')');
	if (!p || p[1] != ' ')
		return -1;
	return p[2] == 'S' || p[2] == 'D';
}

struct look {
	struct kwq__worker *worker;
	unsigned long seq;
	unsigned int lock_waits;	/* the worker's, at the look */
	pid_t tid;
};

/*
 * Workers to look at: those that have run one item since the previous look
 * and still do; while the pool's items have been blocking, every worker
 * running one, since its neighbours' items are likely to block too.
 * *@starting says whether a worker that is not idle has not taken an item
 * yet (woken for the backlog, or a new thread still starting): this look
 * cannot time that item's wait.
 */
static int candidates_locked(struct kwq__pool *pool, struct look *out,
			     int *starting)
{
	int backlog = !kwq__list_empty(&pool->worklist), n = 0;
	struct kwq_list_node *pos;

	kwq__assert_locked(pool);
	*starting = 0;
	for (pos = pool->workers.next; pos != &pool->workers; pos = pos->next) {
		struct kwq__worker *worker =
			kwq__list_entry(pos, struct kwq__worker, node);
		int same = worker->seq == worker->mon_seq;

		worker->mon_seq = worker->seq;
		if (backlog && !worker->current_work && !worker->idle)
			*starting = 1;
		if (!same)
			worker->mon_blocked = 0;
		if (!same && !(pool->blocking && !no_proc))
			continue;
		if (backlog && worker->current_work &&
		    worker->counted && worker->tid && n < MAX_LOOK)
			out[n++] = (struct look){ worker, worker->seq,
				__atomic_load_n(&worker->lock_waits,
						__ATOMIC_SEQ_CST),
				worker->tid };
	}
	return n;
}

/* Is @worker still one of @pool's workers, on the item it was seen on? */
static int still_on_locked(struct kwq__pool *pool, const struct look *l)
{
	struct kwq_list_node *pos;

	kwq__assert_locked(pool);
	for (pos = pool->workers.next; pos != &pool->workers; pos = pos->next)
		if (pos == &l->worker->node)
			return l->worker->seq == l->seq &&
				l->worker->current_work;
	return 0;
}

/*
 * Was the worker of @l asleep on a kwq lock (kwq__lock_slow()) at the
 * look or since: its lock_waits odd now or changed?  Then the state S
 * read may be that wait's, and the worker is not blocked: the lock's
 * holder runs, and holds it for a few list operations; the worker runs
 * once it is free, and another worker put in its place would wait for
 * the same lock (under TSan, whose lock waits are long, the boosts for
 * them grew a pool to some 500 workers).  A worker that blocks for real
 * after such a wait is seen at the next look.  still_on_locked() first:
 * the worker is alive.
 */
static int lock_waited_locked(struct kwq__pool *pool, const struct look *l)
{
	unsigned int now = __atomic_load_n(&l->worker->lock_waits,
					   __ATOMIC_SEQ_CST);

	kwq__assert_locked(pool);
	return (now & 1) || now != l->lock_waits;
}

/*
 * Does @pool still want the worker a kick asked for (need_worker)?  Not if
 * the reason has gone since (an item waiting, the pool under its target,
 * no idle worker to wake), and not while a worker created earlier has not
 * started (no tid; *@starting set): it looks at the worklist when it
 * starts, and asked for at every look while its thread is slow to start,
 * there would be one more per tick.
 */
static int want_worker_locked(struct kwq__pool *pool, int *starting)
{
	struct kwq_list_node *pos;

	kwq__assert_locked(pool);
	*starting = 0;
	if (!pool->need_worker || kwq__list_empty(&pool->worklist) ||
	    pool->nr_running >= pool->target || !kwq__list_empty(&pool->idle))
		return 0;
	for (pos = pool->workers.next; pos != &pool->workers; pos = pos->next)
		if (!kwq__list_entry(pos, struct kwq__worker, node)->tid) {
			*starting = 1;
			return 0;
		}
	return 1;
}

/* How many items wait on the worklist, counting no further than @max. */
static int waiting_locked(struct kwq__pool *pool, int max)
{
	struct kwq_list_node *pos = pool->worklist.next;
	int n = 0;

	kwq__assert_locked(pool);
	for (; pos != &pool->worklist && n < max; pos = pos->next)
		n++;
	return n;
}

/*
 * Start a worker for every item waiting and not yet promised one, that may
 * take one item beyond the target: idle ones first; returns how many more
 * must be created.
 */
static int boost_locked(struct kwq__pool *pool)
{
	int n = KWQ_MAX_WORKERS;

	kwq__assert_locked(pool);
	n = waiting_locked(pool, n + pool->spawn) - pool->spawn;
	while (n > 0) {
		struct kwq__worker *worker = kwq__wake_idle_locked(pool);

		if (!worker)
			break;
		worker->counted = 1;
		worker->boost = 1;
		pool->nr_running++;
		n--;
	}
	if (n > KWQ_MAX_WORKERS - pool->nr_workers - pool->spawn)
		n = KWQ_MAX_WORKERS - pool->nr_workers - pool->spawn;
	return n > 0 ? n : 0;
}

/* Describe @pool's stall into @msg, to be reported once unlocked. */
static void describe_lockup_locked(struct kwq__pool *pool, unsigned long ms,
				   char *msg, size_t len)
{
	char running[128] = "nothing", where[32];
	struct kwq__pwq *pwq = NULL;
	struct kwq_list_node *pos;

	kwq__assert_locked(pool);
	/*
	 * The first item that is not a flush barrier names the queue: a
	 * barrier's pwq may belong to a queue destroyed since it was queued
	 * (its item cancelled), and must not be read.
	 */
	for (pos = pool->worklist.next; pos != &pool->worklist;
	     pos = pos->next) {
		struct work_struct *w = kwq__list_entry(pos, struct work_struct,
							entry);

		if (!kwq__is_barrier(w)) {
			pwq = data_pwq(work_data(w));
			break;
		}
	}

	for (pos = pool->workers.next; pos != &pool->workers; pos = pos->next) {
		struct kwq__worker *worker =
			kwq__list_entry(pos, struct kwq__worker, node);

		if (worker->current_work && worker->current_color >= 0) {
			kwq__symbol((void *)worker->current_func, running,
				    sizeof(running));
			break;
		}
	}
	if (pool->cpu >= 0)
		snprintf(where, sizeof(where), "cpu %d%s", pool->cpu,
			 pool->highpri ? " highpri" : "");
	else
		snprintf(where, sizeof(where), "unbound%s",
			 pool->highpri ? " highpri" : "");
	if (pwq)
		pwq->st.lockups++;
	snprintf(msg, len,
		 "workqueue lockup: pool %s stuck for %lu ms; queue '%s' waiting; running %s",
		 where, ms, pwq ? pwq->wq->name : "?", running);
}

/*
 * The watchdog's look at a pool with items waiting.  Returns 1, with the
 * report in @msg, the first time a stall passes the threshold.
 */
static int watchdog_locked(struct kwq__pool *pool, unsigned long now,
			   char *msg, size_t len)
{
	unsigned int thresh = __atomic_load_n(&kwq__mgr.watchdog_ms,
					      __ATOMIC_RELAXED);

	kwq__assert_locked(pool);
	if (kwq__pool_started(pool) != pool->wd_seen || !pool->wd_since) {
		pool->wd_seen = kwq__pool_started(pool);
		pool->wd_since = now;
		pool->wd_reported = 0;
		return 0;
	}
	if (!thresh || pool->wd_reported || now - pool->wd_since < thresh)
		return 0;
	pool->wd_reported = 1;
	describe_lockup_locked(pool, now - pool->wd_since, msg, len);
	return 1;
}

/* Note a creation's result: a failure once, not at every tick it recurs. */
static int created(struct kwq__pool *pool, int err)
{
	/* At the worker cap (-EUSERS) nothing failed: no report. */
	if (!err)
		pool->create_failed = 0;
	else if (err != -EUSERS && !pool->create_failed++)
		kwq__warn(KWQ_WARN_INTERNAL, NULL, 0, "create_worker", err,
			  "could not start a worker (%s); retrying",
			  strerror(-err));
	return err;
}

/*
 * Should the next look come SOON_NS after this one rather than a tick?
 * A worker's item counts as blocked once two looks a tick apart find it
 * on that item, asleep.  The first look at a backlog is mostly the one an
 * add asks for, right after the add woke a worker, before the worker has
 * taken its item (@starting, or @woken by this look's kick; in a process's
 * first burst, the pool's first worker is often still starting): the
 * tick's look would find the worker on an item it was not on, and the
 * item would be timed from there, judged only at the look after, two
 * ticks in (2.3 ms of a 20 ms burst of 200 sleepers, in most first bursts
 * of a process).  Looking again soon finds the item started and times it
 * from there.  Only within the first tick of a backlog, so that a worker seen
 * between two short items of a long backlog does not make the manager
 * look ten times a tick.
 */
static int look_soon(struct kwq__pool *pool, unsigned long long now_ns,
		     int waiting, int blocked, int starting, int woken)
{
	if (!waiting) {
		pool->backlog_ns = 0;
		return 0;
	}
	if (!pool->backlog_ns)
		pool->backlog_ns = now_ns;
	return !blocked && (starting || woken) &&
		now_ns - pool->backlog_ns < TICK_NS;
}

/*
 * A bound pool's burst is created by the manager alone, from another CPU
 * than the pool's; the pool's new workers do not create more
 * (worker_main()).  The workers must run on their CPU, but their creation
 * need not: on the pool's CPU, each new worker's creation of the next
 * shared the CPU with the burst's starts and items, and the manager,
 * woken there by the adds, waited behind them, or in the process's mmap
 * lock and glibc's locks behind a creator they had preempted there (issue
 * 24 §3).  For the burst the manager also gives up its short slice: each
 * thread it creates would have to give it back (start_main() in thread.c:
 * an allocation, a lock and two system calls on the pool's CPU), and with
 * the default slice it is not preempted by each thread it creates, which
 * the attributes move to the pool's CPU before it first runs.  Returns
 * whether the manager moved; come_back() undoes both.  A process with one
 * CPU has nowhere to move to: there the new workers create too.
 */
static bool keep_off(int cpu)
{
	cpu_set_t set = kwq__g.cpus;

	CPU_CLR(cpu, &set);
	if (!CPU_COUNT(&set) || sched_setaffinity(0, sizeof(set), &set))
		return false;
	kwq__thread_slice_again(false);
	return true;
}

static void come_back(void)
{
	sched_setaffinity(0, sizeof(kwq__g.cpus), &kwq__g.cpus);
	kwq__thread_slice_again(true);
}

/*
 * One look at @pool.  Returns what it needs: KWQ__MGR_WATCH while it has
 * items waiting or asked for a worker, with KWQ__MGR_SOON if the next look
 * should come early (look_soon()).
 */
static int manage_pool(struct kwq__pool *pool, unsigned long now,
		       unsigned long long now_ns)
{
	struct look looks[MAX_LOOK];
	int state[MAX_LOOK];
	int n, blocked = 0, boost, need, waiting, stalled = 0, err = 0;
	int starting, thread_starting, soon;
	struct kwq__worker *woken;
	char msg[256];

	kwq__lock(pool);
	n = candidates_locked(pool, looks, &starting);
	kwq__unlock(pool);

	/* /proc is read without the pool lock: adds must not wait on it. */
	kwq__test_hook(look, pool, KWQ__LOOK_READ, n);
	for (int i = 0; i < n; i++) {
		state[i] = no_proc ? -1 :
			kwq__thread_sleeping(looks[i].tid);
		kwq__test_hook(proc, pool, &state[i]);
	}

	kwq__lock(pool);
	for (int i = 0; i < n; i++) {
		/*
		 * A worker that left its item may have retired, its task
		 * gone from /proc: only a failed read of one still on it
		 * says that /proc is not readable.
		 */
		if (!still_on_locked(pool, &looks[i]))
			continue;
		if (state[i] < 0)
			no_proc = 1;
		/* Without /proc, two looks on one item count as blocked. */
		if (state[i] == 0 || lock_waited_locked(pool, &looks[i]))
			continue;
		if (state[i] < 0 && looks[i].worker->mon_blocked++ < 1)
			continue;
		kwq__uncount_locked(pool, looks[i].worker);
		blocked++;
	}
	pool->blocking = blocked > 0;
	boost = blocked ? boost_locked(pool) : 0;
	pool->spawn += boost;
	kwq__tune_stall_locked(pool);
	woken = kwq__kick_busy_locked(pool);
	if (woken)
		kwq__wake_worker(woken);
	/*
	 * If still wanted later, the next look's kick asks again; but while
	 * a worker's thread is starting the request stands, or this look's
	 * kick would ask at once, and its poke start the next look at once:
	 * the manager looked thousands of times a millisecond until the
	 * thread ran (a pool's first worker in a process's first burst).
	 */
	need = want_worker_locked(pool, &thread_starting);
	if (!thread_starting)
		pool->need_worker = 0;
	waiting = !kwq__list_empty(&pool->worklist);
	if (waiting)
		stalled = watchdog_locked(pool, now, msg, sizeof(msg));
	else
		pool->wd_since = 0;
	soon = look_soon(pool, now_ns, waiting, blocked, starting, !!woken);
	kwq__unlock(pool);
	kwq__test_hook(look, pool, KWQ__LOOK_DONE, n);

	/* Unlocked: the handler may add work, even to this pool. */
	if (stalled)
		kwq__warn(KWQ_WARN_LOCKUP, NULL, 0, "watchdog", 0, "%s", msg);

	if (boost) {
		bool away = kwq__burst_by_manager(pool) && keep_off(pool->cpu);

		err = created(pool, kwq__spawn_boosted(pool, INT_MAX));
		if (away)
			come_back();
	}
	if (!err && need)
		err = created(pool, kwq__create_worker(pool, 0));
	if (err) {
		/* At the cap, an idle worker elsewhere gives up its slot. */
		if (err == -EUSERS)
			kwq__reclaim_slot(pool);
		/* No thread to be had: the rescuers take over. */
		kwq__lock(pool);
		kwq__mayday_locked(pool);
		kwq__unlock(pool);
	}
	return (waiting || boost || need ? KWQ__MGR_WATCH : 0) |
		(soon ? KWQ__MGR_SOON : 0);
}

static int manage_all(void)
{
	unsigned long long now_ns = kwq__clock_ns(CLOCK_MONOTONIC);
	unsigned long now = (unsigned long)(now_ns / 1000000ULL);
	int busy = 0;

	for (int hi = 0; hi < 2; hi++) {
		for (int cpu = 0; cpu < kwq__g.nr_cpu_ids; cpu++)
			if (kwq__g.cpu_pools[hi][cpu])
				busy |= manage_pool(kwq__g.cpu_pools[hi][cpu],
						    now, now_ns);
		busy |= manage_pool(kwq__g.unbound_pools[hi], now, now_ns);
	}
	return busy;
}

static void *manager_main(void *arg)
{
	const struct timespec tick = { 0, TICK_NS }, soon = { 0, SOON_NS };

	(void)arg;
	pthread_setname_np(pthread_self(), "kwq/manager");
	kwq__thread_prio(false);
	kwq__thread_short_slice();
	for (;;) {
		/*
		 * Read the word before looking: a poke after this fails the
		 * flagging below, so we look again, and an item queued
		 * before it is seen by the look.  Bit 0 is clear here.
		 */
		uint32_t seen = __atomic_load_n(&kwq__mgr.word,
						__ATOMIC_ACQUIRE) & ~1U;
		uint32_t expect = seen;
		int busy = manage_all();

		if (!busy) {
			/* Going quiet: pair with kwq__kick_locked(). */
			__atomic_store_n(&kwq__mgr.watching, 0,
					 __ATOMIC_SEQ_CST);
			busy = manage_all();
		}
		if (busy)
			__atomic_store_n(&kwq__mgr.watching, 1,
					 __ATOMIC_SEQ_CST);
		/* Flag the wait (see kwq__manager_poke()), unless poked. */
		if (!__atomic_compare_exchange_n(&kwq__mgr.word, &expect,
						 seen | 1, false,
						 __ATOMIC_SEQ_CST,
						 __ATOMIC_ACQUIRE))
			continue;
		kwq__test_hook(wait, busy);
		kwq__futex_wait(&kwq__mgr.word, seen | 1, !busy ? NULL :
				busy & KWQ__MGR_SOON ? &soon : &tick);
		/* Woken by the tick: nobody cleared the flag. */
		__atomic_fetch_and(&kwq__mgr.word, ~1U, __ATOMIC_ACQ_REL);
	}
	return NULL;
}

int kwq__manager_init(void)
{
	return kwq__spawn(manager_main, NULL, -1);
}

int kwq_set_watchdog_thresh(unsigned int msecs)
{
	__atomic_store_n(&kwq__mgr.watchdog_ms, msecs, __ATOMIC_RELAXED);
	return 0;
}

int kwq_set_idle_timeout(unsigned int msecs)
{
	if (!msecs)
		return -EINVAL;
	__atomic_store_n(&kwq__g.idle_timeout_ms, msecs, __ATOMIC_RELAXED);
	__atomic_store_n(&kwq__g.idle_timeout_set, 1, __ATOMIC_RELAXED);
	return 0;
}
