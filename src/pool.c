// SPDX-License-Identifier: MIT
/*
 * Worker pools: the threads that run work items, shared by every queue.
 *
 * Each CPU the process may run on has two pools (normal and high priority)
 * whose workers are pinned to it; two more pools (normal and high priority)
 * serve unbound queues with workers free to run anywhere.  Pools are created
 * on first use and live as long as the process.  A pool owns a worklist of
 * items ready to run; its workers take items from the head, one at a time.
 * This file holds the pools themselves: their creation, their state in a
 * fork()ed child, the lock's slow path, the kick that lets one more worker
 * run, the busy hash, completions, and the waits during which a worker
 * stops counting.  The end of every add and the pwq's slots are add.c's;
 * the workers' loop is worker.c's.  Neither file is called from here.
 *
 * DESIGN
 *
 * A pool lets at most `target` workers run items at once: one for a CPU's
 * pool (the CPU has nothing more to give), one per CPU for an unbound pool,
 * or one while the unbound pool's items are too short to gain from more
 * (tune_locked(), tune.c).
 * Workers beyond that sleep on their own futex, idle, latest-idle first so
 * that a warm thread is reused.  An add that finds the pool under its target
 * wakes exactly one idle worker; an add to a pool whose workers are already
 * running makes no system call, since a running worker looks at the worklist
 * again before it sleeps (the one exception: the first add that leaves items
 * waiting behind busy workers wakes the manager, once per busy spell).
 * A completion that activates the next item of its pwq (an ordered queue's
 * every completion) wakes nobody when the finishing worker takes that item
 * itself, as it does when it is the only item waiting.
 *
 * The kernel keeps a CPU busy when an item sleeps by hooking the scheduler.
 * User space has no such hook: a worker that waits inside kwq (flush,
 * cancel_sync, drain) stops counting against the target for the wait, and
 * the manager (manager.c) finds workers blocked anywhere else and lets
 * others run in their place.  Idle workers beyond the first of a pool retire
 * after an idle timeout (kwq_set_idle_timeout(), 5 s by default).
 *
 * A work item never runs concurrently with itself: workers record the item
 * they run in the pool's busy hash, and a worker that takes an item another
 * worker of the pool is running hands it to that worker's `scheduled` list
 * instead.  An add whose item last ran on another pool takes that pool's
 * lock first, alone, to look for an instance still running there.  If there
 * is one, for the same queue, the item is queued on that pool; for another
 * queue, it is queued on the queue as usual, and so counted by its flushes
 * and kept in order, but held until the running instance ends (the two pool
 * locks are then taken together, in the order fork() takes them).  When an
 * active item finishes, its pwq activates the next inactive one, so a pwq
 * with max_active 1 (an ordered queue) runs its items in order.
 */
#include "internal.h"

#include <string.h>

/*
 * A worker asleep here counts as running to the manager's look (its
 * lock_waits odd: see lock_waited_locked() in manager.c): the lock is
 * held for a few list operations by a thread that runs, and the worker
 * runs once it is free.  The bumps cost only a wait that sleeps.
 */
void kwq__lock_slow(uint32_t *word)
{
	struct kwq__worker *me;
	uint32_t c;

	/* Held for a few list operations: worth a short spin first. */
	for (int i = 0; i < 100; i++) {
		c = __atomic_load_n(word, __ATOMIC_RELAXED);
		if (!c) {
			if (__atomic_compare_exchange_n(word, &c, 1, 0,
							__ATOMIC_ACQUIRE,
							__ATOMIC_RELAXED))
				return;
		}
		kwq__cpu_relax();
	}
	/* Mark it contended; whoever releases it then wakes a sleeper. */
	c = __atomic_exchange_n(word, 2, __ATOMIC_ACQUIRE);
	if (!c)
		return;
	me = kwq__self;
	if (me)
		__atomic_fetch_add(&me->lock_waits, 1, __ATOMIC_SEQ_CST);
	do {
		kwq__futex_wait(word, 2, NULL);
		c = __atomic_exchange_n(word, 2, __ATOMIC_ACQUIRE);
	} while (c);
	if (me)
		__atomic_fetch_add(&me->lock_waits, 1, __ATOMIC_SEQ_CST);
}

void kwq__complete(struct kwq__completion *c)
{
	__atomic_store_n(&c->done, 1, __ATOMIC_RELEASE);
	kwq__futex_wake(&c->done, INT32_MAX);
}

void kwq__wait_for_completion(struct kwq__completion *c)
{
	if (__atomic_load_n(&c->done, __ATOMIC_ACQUIRE))
		return;
	kwq__sleep_begin();
	/* Wake-ups may be spurious: the flag, not the futex, decides. */
	while (!__atomic_load_n(&c->done, __ATOMIC_ACQUIRE))
		kwq__futex_wait(&c->done, 0, NULL);
	kwq__sleep_end();
}

/* Take the latest idle worker off the idle list, or return NULL if none. */
static struct kwq__worker *take_idle_locked(struct kwq__pool *pool)
{
	struct kwq__worker *worker;

	kwq__assert_locked(pool);
	if (kwq__list_empty(&pool->idle))
		return NULL;
	worker = kwq__list_entry(pool->idle.next, struct kwq__worker,
				 idle_node);
	kwq__list_del_init(&worker->idle_node);
	worker->idle = 0;
	pool->nr_idle--;
	__atomic_store_n(&worker->wake, 1, __ATOMIC_RELEASE);
	return worker;
}

/*
 * A batch of adds by one thread: the timer thread queueing what expired at
 * once (timer.c's fire()).  Item by item, each add woke the worker that the
 * previous one had left idle, and poked the manager while it ran, so that
 * a hundred items due in the same tick went out one per wake, 10 to 25 us
 * each on a machine whose CPUs were busy, with the manager preempting the
 * timer thread at every poke.  In a batch the kicks' wakes and pokes wait
 * for its end (kwq__batch_end()): the worker taken by the first add finds
 * every item queued when it runs.  A wake beyond KICK_BATCH is not held.
 */
#define KICK_BATCH 8

static __thread struct {
	bool on;
	bool poke;
	unsigned int n;
	struct kwq__worker *w[KICK_BATCH];
} batch;

void kwq__batch_begin(void)
{
	batch.on = true;
}

void kwq__batch_end(void)
{
	batch.on = false;
	for (unsigned int i = 0; i < batch.n; i++)
		kwq__wake_worker(batch.w[i]);
	batch.n = 0;
	if (batch.poke) {
		batch.poke = false;
		kwq__manager_poke();
	}
}

static void poke(void)
{
	if (batch.on)
		batch.poke = true;
	else
		kwq__manager_poke();
}

/*
 * Let one more worker run if the pool has work and room for it: take the
 * latest idle worker, counted, and return it for the caller to wake, or
 * ask the manager for a new one.
 */
struct kwq__worker *kwq__kick_prepare_locked(struct kwq__pool *pool)
{
	struct kwq__worker *worker;

	kwq__assert_locked(pool);
	if (kwq__list_empty(&pool->worklist) ||
	    kwq__finisher_takes_locked(pool))
		return NULL;
	if (pool->nr_running >= pool->target) {
		/*
		 * The running workers will come back for it; the manager
		 * must watch in case one of them is blocked.  `watching` is
		 * read under the pool lock after queueing, and the manager
		 * clears it before it looks at the pools.
		 */
		if (!__atomic_load_n(&kwq__mgr.watching, __ATOMIC_SEQ_CST))
			poke();
		return NULL;
	}
	worker = take_idle_locked(pool);
	if (worker) {
		worker->counted = 1;
		pool->nr_running++;
	} else if (!pool->need_worker && pool->nr_workers < KWQ_MAX_WORKERS) {
		pool->need_worker = 1;
		poke();
	}
	return worker;
}

void kwq__kick_locked(struct kwq__pool *pool)
{
	struct kwq__worker *worker = kwq__kick_busy_locked(pool);

	if (!worker)
		return;
	if (batch.on && batch.n < KICK_BATCH)
		batch.w[batch.n++] = worker;
	else
		kwq__wake_worker(worker);
}

/*
 * Kick @pool and unlock it, waking the worker only once the lock is free:
 * woken under it, the worker would find it held and sleep again on the
 * lock, two more system calls and a context switch (an add to an idle
 * pool did so in 40% of idle round trips).  Taken off the idle list, the
 * worker cannot retire before this wake, unless it runs, goes idle and
 * times out meanwhile: then the wake lands on freed memory, a spurious
 * wake that every futex waiter tolerates (glibc's mutex unlock wakes after
 * the release too).  Returns 0, so that an add can end in a tail call.
 */
__attribute__((noinline)) int kwq__kick_unlock(struct kwq__pool *pool)
{
	struct kwq__worker *worker = kwq__kick_prepare_locked(pool);

	kwq__unlock(pool);
	if (worker)
		kwq__wake_worker(worker);
	return 0;
}

/* Wake the latest idle worker, uncounted, or return NULL if none. */
struct kwq__worker *kwq__wake_idle_locked(struct kwq__pool *pool)
{
	struct kwq__worker *worker = take_idle_locked(pool);

	if (worker)
		kwq__wake_worker(worker);
	return worker;
}

struct kwq__worker *kwq__waited_locked(struct kwq__pool *pool,
					struct work_struct *w)
{
	struct kwq_list_node *pos;

	kwq__assert_locked(pool);
	for (pos = pool->waits.next; pos != &pool->waits; pos = pos->next) {
		struct kwq__worker *worker =
			kwq__list_entry(pos, struct kwq__worker, wait_node);

		if (worker->wait_work == w)
			return worker;
	}
	return NULL;
}

/*
 * Move @w, and the barriers linked behind it, to the tail of @head, keeping
 * their order.
 */
void kwq__move_linked_locked(struct work_struct *w, struct kwq_list_node *head)
{
	struct work_struct *next;

	for (;;) {
		int linked = work_data(w) & WORK_LINKED;

		next = kwq__list_entry(w->entry.next, struct work_struct, entry);
		kwq__list_del_init(&w->entry);
		kwq__list_add_before(&w->entry, head);
		if (!linked)
			break;
		w = next;
	}
}

/* Ask the longest idle worker of @pool to leave: 0, or -ENOENT if none. */
static int reap_one(struct kwq__pool *pool)
{
	struct kwq__worker *worker;

	kwq__lock(pool);
	if (kwq__list_empty(&pool->idle)) {
		kwq__unlock(pool);
		return -ENOENT;
	}
	worker = kwq__list_entry(pool->idle.prev, struct kwq__worker,
				 idle_node);
	kwq__list_del_init(&worker->idle_node);
	worker->idle = 0;
	worker->reap = 1;
	pool->nr_idle--;
	__atomic_store_n(&worker->wake, 1, __ATOMIC_RELEASE);
	kwq__futex_wake(&worker->wake, 1);
	kwq__unlock(pool);
	return 0;
}

/*
 * At the worker cap: ask an idle worker of a pool other than @except to
 * leave, even its pool's last, so that its slot goes where items wait.
 * 0, or -ENOENT when no other pool has an idle worker.
 */
int kwq__reclaim_slot(struct kwq__pool *except)
{
	for (int hi = 0; hi < 2; hi++) {
		for (int cpu = -1; cpu < kwq__g.nr_cpu_ids; cpu++) {
			struct kwq__pool *pool = cpu < 0 ?
				kwq__g.unbound_pools[hi] :
				kwq__g.cpu_pools[hi][cpu];

			if (pool && pool != except && !reap_one(pool))
				return 0;
		}
	}
	return -ENOENT;
}

/* Send every worker of @pool back to its loop (kwq__worker_detour()). */
static void workers_detour_locked(struct kwq__pool *pool)
{
	struct kwq_list_node *pos;

	kwq__assert_locked(pool);
	for (pos = pool->workers.next; pos != &pool->workers; pos = pos->next)
		kwq__worker_detour(kwq__list_entry(pos, struct kwq__worker,
						   node));
}

/*
 * @wq starts (@add) or stops using the unbound @pool.  While it is the
 * pool's only queue, the workers carry its name.
 */
void kwq__pool_user(struct kwq__pool *pool, struct workqueue_struct *wq,
		    int add)
{
	struct workqueue_struct *sole = NULL;

	kwq__lock(pool);
	if (add) {
		kwq__list_add_before(&wq->pool_node, &pool->wqs);
		pool->nr_wqs++;
	} else {
		kwq__list_del_init(&wq->pool_node);
		pool->nr_wqs--;
	}
	if (pool->nr_wqs == 1)
		sole = kwq__list_entry(pool->wqs.next, struct workqueue_struct,
				       pool_node);
	if (sole != pool->sole_wq) {
		pool->sole_wq = sole;
		pool->name_gen++;
		workers_detour_locked(pool);
	}
	kwq__unlock(pool);
}

/*
 * A worker about to wait inside kwq stops counting, so that the pool's
 * other items are not held up by the wait; it counts again afterwards.
 */
void kwq__sleep_begin(void)
{
	struct kwq__worker *me = kwq__self;

	if (!me)
		return;
	kwq__lock(me->pool);
	if (me->counted) {
		kwq__uncount_locked(me->pool, me);
		me->slept = 1;
		kwq__kick_locked(me->pool);
	}
	kwq__unlock(me->pool);
}

void kwq__sleep_end(void)
{
	struct kwq__worker *me = kwq__self;

	if (!me || !me->slept)
		return;
	kwq__lock(me->pool);
	me->slept = 0;
	me->counted = 1;
	me->pool->nr_running++;
	kwq__unlock(me->pool);
}

static struct kwq__pool *pool_alloc(int cpu, int highpri)
{
	struct kwq__pool *pool = kwq__zalloc_aligned(sizeof(*pool));

	if (!pool)
		return NULL;
	kwq__list_init(&pool->worklist);
	kwq__list_init(&pool->idle);
	kwq__list_init(&pool->workers);
	kwq__list_init(&pool->held);
	kwq__list_init(&pool->waits);
	kwq__list_init(&pool->wqs);
	pool->cpu = cpu;
	pool->highpri = highpri;
	/* for_each_pool()'s order: CPU pools, then unbound; normal first. */
	pool->rank = highpri * (kwq__g.nr_cpu_ids + 1) +
		(cpu >= 0 ? cpu : kwq__g.nr_cpu_ids);
	pool->max_target = cpu >= 0 ? 1 : kwq__g.nr_cpus;
	pool->target = pool->max_target;
	/* The first start judges, from the creation: see tune.c. */
	pool->tune_left = 1;
	pool->started_mark = 1;
	return pool;
}

static void pools_free(void)
{
	for (int hi = 0; hi < 2; hi++) {
		for (int cpu = 0; kwq__g.cpu_pools[hi] &&
		     cpu < kwq__g.nr_cpu_ids; cpu++)
			free(kwq__g.cpu_pools[hi][cpu]);
		free(kwq__g.cpu_pools[hi]);
		free(kwq__g.unbound_pools[hi]);
		kwq__g.cpu_pools[hi] = NULL;
		kwq__g.unbound_pools[hi] = NULL;
	}
}

static int pools_alloc(void)
{
	for (int hi = 0; hi < 2; hi++) {
		kwq__g.cpu_pools[hi] = kwq__zalloc_array(kwq__g.nr_cpu_ids,
						sizeof(struct kwq__pool *));
		if (!kwq__g.cpu_pools[hi])
			return -ENOMEM;
		for (int cpu = 0; cpu < kwq__g.nr_cpu_ids; cpu++) {
			if (!CPU_ISSET(cpu, &kwq__g.cpus))
				continue;
			kwq__g.cpu_pools[hi][cpu] = pool_alloc(cpu, hi);
			if (!kwq__g.cpu_pools[hi][cpu])
				return -ENOMEM;
		}
		kwq__g.unbound_pools[hi] = pool_alloc(-1, hi);
		if (!kwq__g.unbound_pools[hi])
			return -ENOMEM;
	}
	return 0;
}

/* Every pool, once, at init: 0, or -ENOMEM with none left allocated. */
int kwq__pools_init(void)
{
	int err = pools_alloc();

	if (err)
		pools_free();
	return err;
}

static void for_each_pool(void (*fn)(struct kwq__pool *pool, int arg),
			  int arg)
{
	for (int hi = 0; hi < 2 && kwq__g.unbound_pools[hi]; hi++) {
		for (int cpu = 0; cpu < kwq__g.nr_cpu_ids; cpu++)
			if (kwq__g.cpu_pools[hi][cpu])
				fn(kwq__g.cpu_pools[hi][cpu], arg);
		fn(kwq__g.unbound_pools[hi], arg);
	}
}

static void pool_lock(struct kwq__pool *pool, int lock)
{
	if (lock)
		kwq__lock(pool);
	else
		kwq__unlock(pool);
}

void kwq__pools_lock(int lock)
{
	for_each_pool(pool_lock, lock);
}

static void pool_detour(struct kwq__pool *pool, int arg)
{
	(void)arg;
	kwq__lock(pool);
	workers_detour_locked(pool);
	kwq__unlock(pool);
}

/*
 * A mode came on (kwq_stats_enable()): every worker goes back to its loop,
 * which tests the modes before its next item, where the ends that start
 * the next item themselves test only their worker's byte.  Under the init
 * lock, which the set-up holds while it writes the pool table, so that
 * the table is read whole or not at all; pools not yet set up have no
 * worker to tell.
 */
void kwq__pools_detour(void)
{
	kwq__init_lock(1);
	for_each_pool(pool_detour, 0);
	kwq__init_lock(0);
}

/*
 * The worker that forked stays the pool's worker in the child, with its
 * running item in the busy hash and its pwq's accounting (which
 * kwq__wq_child() has zeroed) restored for that one item.
 */
static void adopt_locked(struct kwq__pool *pool, struct kwq__worker *me)
{
	kwq__assert_locked(pool);
	kwq__list_add_before(&me->node, &pool->workers);
	pool->nr_workers = 1;
	if (me->counted)
		pool->nr_running = 1;
	if (!me->current_work)
		return;
	kwq__busy_add_locked(pool, me);
	if (me->current_color >= 0) {
		me->current_pwq->nr_active = 1;
		me->current_pwq->nr_in_flight[me->current_color] = 1;
	}
}

static void forget_list(struct kwq_list_node *head)
{
	while (!kwq__list_empty(head)) {
		struct work_struct *w = kwq__list_entry(head->next,
						struct work_struct, entry);

		kwq__list_del_init(&w->entry);
		kwq__forget(w);
	}
}

/*
 * In a fork()ed child: the pool's workers are gone, and so is its work,
 * except the worker that called fork() from a work item, if it is one of
 * this pool's: it is the child's thread, and goes on as the pool's worker.
 */
static void pool_child(struct kwq__pool *pool, int arg)
{
	struct kwq__worker *me = kwq__self;

	(void)arg;
	forget_list(&pool->worklist);
	forget_list(&pool->held);
	kwq__list_init(&pool->waits);
	while (!kwq__list_empty(&pool->workers)) {
		struct kwq__worker *worker = kwq__list_entry(pool->workers.next,
						struct kwq__worker, node);

		forget_list(&worker->scheduled);
		worker->wait_pool = NULL;
		worker->wait_work = NULL;
		kwq__list_init(&worker->wait_node);
		kwq__list_del_init(&worker->node);
		if (worker != me)
			free(worker);
	}
	kwq__list_init(&pool->idle);
	pool->nr_workers = 0;
	pool->nr_idle = 0;
	pool->nr_running = 0;
	pool->need_worker = 0;
	pool->blocking = 0;
	pool->spawn = 0;
	pool->wd_since = 0;
	pool->backlog_ns = 0;
	memset(pool->busy, 0, sizeof(pool->busy));
	if (me && me->pool == pool)
		adopt_locked(pool, me);
	kwq__unlock(pool);
}

static bool list_holds(const struct kwq_list_node *head,
		       const struct work_struct *w)
{
	for (const struct kwq_list_node *n = head->next; n != head; n = n->next)
		if (n == &w->entry)
			return true;
	return false;
}

/*
 * Is @w on @pool's worklist, its held list or a worker's scheduled list?
 * With its pwq's inactive list, where an item queued on the pool waits
 * once the pwq's push queues are settled (a rescuer's list aside).  A
 * walk: only for a fork child's pwq that could not be fenced off (its
 * `cut`), whose orphans are on none.
 */
bool kwq__pool_holds_locked(struct kwq__pool *pool,
			    const struct work_struct *w)
{
	const struct kwq_list_node *n;

	kwq__assert_locked(pool);
	if (list_holds(&pool->worklist, w) || list_holds(&pool->held, w))
		return true;
	for (n = pool->workers.next; n != &pool->workers; n = n->next)
		if (list_holds(&kwq__list_entry(n, struct kwq__worker,
						node)->scheduled, w))
			return true;
	return false;
}

static unsigned int child_workers;

static void count_workers(struct kwq__pool *pool, int arg)
{
	(void)arg;
	child_workers += (unsigned int)pool->nr_workers;
}

void kwq__pools_child(void)
{
	for_each_pool(pool_child, 0);
	/* At most the worker that forked is left, holding its slot. */
	child_workers = 0;
	for_each_pool(count_workers, 0);
	kwq__worker_slots_child(child_workers);
}
