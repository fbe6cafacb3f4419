// SPDX-License-Identifier: MIT
/*
 * Worker pools: the threads that run work items, shared by every queue.
 *
 * Each CPU the process may run on has two pools (normal and high priority)
 * whose workers are pinned to it; two more pools (normal and high priority)
 * serve unbound queues with workers free to run anywhere.  Pools are created
 * on first use and live as long as the process.  A pool owns a worklist of
 * items ready to run; its workers take items from the head, one at a time.
 * Everything done under a pool's lock is here: the end of every add
 * (insertion, activation under max_active), the pwq's accounting when an
 * item finishes, and the workers' loop.
 *
 * DESIGN
 *
 * A pool lets at most `target` workers run items at once: one for a CPU's
 * pool (the CPU has nothing more to give), one per CPU for an unbound pool,
 * or one while the unbound pool's items are too short to gain from more
 * (tune_locked() below).
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

void kwq__lock_slow(uint32_t *word)
{
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
	while (c) {
		kwq__futex_wait(word, 2, NULL);
		c = __atomic_exchange_n(word, 2, __ATOMIC_ACQUIRE);
	}
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

void kwq__uncount_locked(struct kwq__pool *pool, struct kwq__worker *worker)
{
	kwq__assert_locked(pool);
	if (worker->counted) {
		worker->counted = 0;
		pool->nr_running--;
	}
}

static int may_run_locked(struct kwq__worker *worker);

/*
 * Will the worker finishing an item take the worklist's only item itself,
 * before it runs or waits for anything else?  Then nobody need be woken for
 * it: this is what lets an ordered queue, whose every completion activates
 * the next item, run without a wake-up per item.
 */
static int finisher_takes_locked(struct kwq__pool *pool)
{
	struct kwq__worker *worker = pool->finisher;

	return worker && pool->worklist.next->next == &pool->worklist &&
		kwq__list_empty(&worker->scheduled) && !worker->wait_pool &&
		may_run_locked(worker);
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

static void wake_worker(struct kwq__worker *worker)
{
	kwq__futex_wake(&worker->wake, 1);
}

/*
 * Let one more worker run if the pool has work and room for it: take the
 * latest idle worker, counted, and return it for the caller to wake, or
 * ask the manager for a new one.
 */
static struct kwq__worker *kick_prepare_locked(struct kwq__pool *pool)
{
	struct kwq__worker *worker;

	kwq__assert_locked(pool);
	if (kwq__list_empty(&pool->worklist) || finisher_takes_locked(pool))
		return NULL;
	if (pool->nr_running >= pool->target) {
		/*
		 * The running workers will come back for it; the manager
		 * must watch in case one of them is blocked.  `watching` is
		 * read under the pool lock after queueing, and the manager
		 * clears it before it looks at the pools.
		 */
		if (!__atomic_load_n(&kwq__mgr.watching, __ATOMIC_SEQ_CST))
			kwq__manager_poke();
		return NULL;
	}
	worker = take_idle_locked(pool);
	if (worker) {
		worker->counted = 1;
		pool->nr_running++;
	} else if (!pool->need_worker && pool->nr_workers < KWQ_MAX_WORKERS) {
		pool->need_worker = 1;
		kwq__manager_poke();
	}
	return worker;
}

/*
 * The usual case of a busy pool: its workers all run and the manager
 * watches, so kick_prepare_locked() would do nothing.  Tested inline on
 * the paths taken for every item, to spare them the call.
 */
static inline bool busy_watched_locked(struct kwq__pool *pool)
{
	return pool->nr_running >= pool->target &&
		__atomic_load_n(&kwq__mgr.watching, __ATOMIC_SEQ_CST);
}

static inline struct kwq__worker *kick_busy_locked(struct kwq__pool *pool)
{
	return busy_watched_locked(pool) ? NULL : kick_prepare_locked(pool);
}

void kwq__kick_locked(struct kwq__pool *pool)
{
	struct kwq__worker *worker = kick_busy_locked(pool);

	if (worker)
		wake_worker(worker);
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
	struct kwq__worker *worker = kick_prepare_locked(pool);

	kwq__unlock(pool);
	if (worker)
		wake_worker(worker);
	return 0;
}

/* Wake the latest idle worker, uncounted, or return NULL if none. */
struct kwq__worker *kwq__wake_idle_locked(struct kwq__pool *pool)
{
	struct kwq__worker *worker = take_idle_locked(pool);

	if (worker)
		wake_worker(worker);
	return worker;
}

static unsigned int busy_hash(const struct work_struct *w)
{
	return (uint32_t)((uintptr_t)w >> 5) * 0x9e3779b1u >>
		(32 - KWQ_BUSY_HASH_BITS);
}

struct kwq__worker *kwq__find_busy_locked(struct kwq__pool *pool,
					  struct work_struct *w)
{
	struct kwq__worker *worker = pool->busy[busy_hash(w)];

	kwq__assert_locked(pool);
	/*
	 * Compare the function too: the memory of a finished item may have
	 * been freed and reused for another item while a worker still
	 * records it.
	 */
	for (; worker; worker = worker->hnext)
		if (worker->current_work == w && worker->current_func == w->func)
			return worker;
	return NULL;
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

static void busy_add_locked(struct kwq__pool *pool, struct kwq__worker *worker)
{
	struct kwq__worker **head = &pool->busy[busy_hash(worker->current_work)];

	kwq__assert_locked(pool);
	worker->hnext = *head;
	*head = worker;
}

static void busy_del_locked(struct kwq__pool *pool, struct kwq__worker *worker)
{
	struct kwq__worker **p = &pool->busy[busy_hash(worker->current_work)];

	kwq__assert_locked(pool);
	while (*p != worker)
		p = &(*p)->hnext;
	*p = worker->hnext;
	worker->hnext = NULL;
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

/* --- adding work: insertion under the pool lock ------------------------- */

/* @cpu if a bound queue has a pwq for it, else the first CPU. */
static inline int pwq_cpu(struct workqueue_struct *wq, int cpu)
{
	/*
	 * A bound queue has a pwq for exactly the CPUs kwq__cpu_valid()
	 * accepts: testing the pwq is the same test, in 8 instructions
	 * instead of 14.
	 */
	if (unlikely((unsigned int)cpu >= (unsigned int)kwq__g.nr_cpu_ids ||
		     !wq->cpu_pwqs[cpu]))
		cpu = kwq__g.first_cpu;
	return cpu;
}

/* The adding CPU, for a bound queue: one it has a pwq for. */
static inline int local_cpu(struct workqueue_struct *wq)
{
	return pwq_cpu(wq, kwq__this_cpu());
}

static struct kwq__pwq *pick_pwq(struct workqueue_struct *wq, int cpu)
{
	if (wq->flags & WQ_UNBOUND)
		return wq->dfl_pwq;
	if (cpu == WORK_CPU_ANY)
		cpu = local_cpu(wq);
	return wq->cpu_pwqs[cpu];
}

/*
 * Put @w, whose PENDING bit the caller owns, on @pwq of @pool (its pool,
 * passed in: already in a register).  Returns true when the item went on
 * the worklist and the pool must be kicked: the caller does it, before or
 * (kwq__kick_unlock()) as it unlocks.  @fast: the add's fast path, which
 * has tested the modes already (statistics may have come on since: this
 * item then goes unsampled) and found pool->waits empty.  The caller holds
 * the pool lock.
 */
static inline __attribute__((always_inline)) bool
insert_locked(struct kwq__pool *pool, struct kwq__pwq *pwq,
	      struct work_struct *w, unsigned long old, bool fast)
{
	unsigned int color = pwq->color;
	/* color is 0 or 1: a shift, not a branch. */
	unsigned long data = work_pwq_data(pwq, color * WORK_COLOR |
					   (old & WORK_DELAYED));

	kwq__assert_locked(pool);
	pwq->nr_in_flight[color]++;
	pwq->st.added++;
	KWQ_TRACE(add, w, w->func, pwq->name, pool->cpu);
	if (!fast && kwq__stats_enabled())
		kwq__stat_queued_locked(pool, w);
	if (pwq->nr_active >= pwq->limit) {
		set_work_pwq(w, data | WORK_INACTIVE);
		kwq__list_add_before(&w->entry, &pwq->inactive);
		return false;
	}
	KWQ_TRACE(activate, w, w->func, pwq->name);
	__atomic_store_n(&pwq->nr_active, pwq->nr_active + 1, __ATOMIC_RELAXED);
	set_work_pwq(w, data);
	if (!fast && unlikely(!kwq__list_empty(&pool->waits)) &&
	    kwq__waited_locked(pool, w)) {
		kwq__list_add_before(&w->entry, &pool->held);
		return false;
	}
	kwq__list_add_before(&w->entry, &pool->worklist);
	return true;
}

/* The link after @n, once its pusher has written it. */
static struct kwq_list_node *pushed_next(struct kwq_list_node *n)
{
	struct kwq_list_node *next;
	unsigned int round = 0;

	/* A pusher is between its exchange and its link: two stores. */
	while (!(next = __atomic_load_n(&n->next, __ATOMIC_ACQUIRE)))
		kwq__backoff(&round);
	return next;
}

/*
 * Insert @n, a pushed item of @pwq just taken off the push queue, as an
 * add would; true when the pool needs a kick.
 */
static bool insert_pushed_locked(struct kwq__pwq *pwq, struct kwq_list_node *n)
{
	struct work_struct *w = kwq__list_entry(n, struct work_struct, entry);
	unsigned long data = work_data(w);

	/* Re-initialised or freed while pending: see kwq__bug(). */
	kwq__bug_on(!(data & WORK_PENDING) || data_pwq(data) != pwq);
	return insert_locked(pwq->pool, pwq, w, data, false);
}

/* Tests only: see internal.h. */
void (*kwq__splice_hook)(struct kwq__pwq *pwq);

/*
 * Take every item pushed on @pwq (see kwq__pwq) and insert them in the
 * order of their pushes, kicking the pool if one is ready to run.  One
 * consumer at a time: the pool lock is held.
 */
void kwq__pwq_splice_locked(struct kwq__pwq *pwq)
{
	struct kwq__pool *pool = pwq->pool;
	struct kwq_list_node *n, *next, *last;
	bool kick = false;

	kwq__assert_locked(pool);
	if (__atomic_load_n(&pwq->push_tail, __ATOMIC_ACQUIRE) ==
	    &pwq->push_head)
		return;
	/*
	 * Unlink the first before the tail goes back to the head: only a
	 * pusher that finds the tail at the head writes head.next.
	 */
	n = pushed_next(&pwq->push_head);
	__atomic_store_n(&pwq->push_head.next, NULL, __ATOMIC_RELAXED);
	if (unlikely(kwq__splice_hook))
		kwq__splice_hook(pwq);
	last = __atomic_exchange_n(&pwq->push_tail, &pwq->push_head,
				   __ATOMIC_ACQ_REL);
	for (;;) {
		/* Read before the insertion rewrites the links. */
		next = n == last ? NULL : pushed_next(n);
		kick |= insert_pushed_locked(pwq, n);
		if (!next)
			break;
		n = next;
	}
	if (kick)
		kwq__kick_locked(pool);
}

/*
 * Push @w, whose PENDING bit the caller owns, on @pwq without the pool
 * lock, its word naming @pwq from @data.  Returns true when the queue was
 * empty: the caller must then see to it that somebody settles it
 * (add_push()).
 */
static inline bool push(struct kwq__pwq *pwq, struct work_struct *w,
			unsigned long data)
{
	struct kwq_list_node *prev;

	__atomic_store_n(&w->entry.next, NULL, __ATOMIC_RELAXED);
	prev = __atomic_exchange_n(&pwq->push_tail, &w->entry,
				   __ATOMIC_SEQ_CST);
	/*
	 * Named only now: whoever finds the pwq in the word, locks it and
	 * settles it must find the item in the queue.  Until then the item
	 * is pending on no list, as in any add before its insertion.  The
	 * link below publishes the word to the splicer, who waits for it.
	 */
	set_work_pwq(w, data);
	__atomic_store_n(&prev->next, &w->entry, __ATOMIC_RELEASE);
	return prev == &pwq->push_head;
}

/* Tests only: see internal.h. */
void (*kwq__pop_last_hook)(struct kwq__pwq *pwq);

/*
 * Take the first item pushed on @pwq, which the caller has seen is not
 * empty, and insert it.  Only the worker that frees a slot pops, one item
 * per slot: the rest stay pushed, untouched, until their turn.  A splice
 * would walk every item at once, and a producer far ahead of its worker
 * would leave a list longer than the caches, each item then read twice
 * from memory.  Kicks the pool if the item is ready to run.
 */
static void pop_locked(struct kwq__pwq *pwq)
{
	struct kwq_list_node *n, *next;

	kwq__assert_locked(pwq->pool);
	n = pushed_next(&pwq->push_head);
	next = __atomic_load_n(&n->next, __ATOMIC_ACQUIRE);
	if (!next) {
		/*
		 * @n looks last.  As in the splice, head.next goes before the
		 * tail comes back to the head; a pusher that took @n as its
		 * predecessor first links behind it, and we wait for that.
		 */
		struct kwq_list_node *expect = n;

		__atomic_store_n(&pwq->push_head.next, NULL,
				 __ATOMIC_RELAXED);
		if (unlikely(kwq__pop_last_hook))
			kwq__pop_last_hook(pwq);
		if (!__atomic_compare_exchange_n(&pwq->push_tail, &expect,
						 &pwq->push_head, false,
						 __ATOMIC_ACQ_REL,
						 __ATOMIC_ACQUIRE))
			__atomic_store_n(&pwq->push_head.next, pushed_next(n),
					 __ATOMIC_RELAXED);
	} else {
		__atomic_store_n(&pwq->push_head.next, next, __ATOMIC_RELAXED);
	}
	if (insert_pushed_locked(pwq, n))
		kwq__kick_locked(pwq->pool);
}

/*
 * In a fork()ed child: the parent's pushed items idle here, like its
 * inactive ones.  A push that was half done in another parent thread has
 * no link yet: the walk stops there, and that item stays pending.
 */
void kwq__pwq_forget_pushed(struct kwq__pwq *pwq)
{
	struct kwq_list_node *n = pwq->push_head.next, *next;
	struct kwq_list_node *last = pwq->push_tail;

	while (n) {
		next = n == last ? NULL : n->next;
		kwq__list_init(n);
		kwq__forget(kwq__list_entry(n, struct work_struct, entry));
		n = next;
	}
	pwq->push_head.next = NULL;
	pwq->push_tail = &pwq->push_head;
}

/*
 * insert_locked() for the other paths: kicks the pool itself.  Items
 * pushed before go first, so that an ordered queue keeps the order of adds.
 */
static void insert_kick_locked(struct kwq__pwq *pwq, struct work_struct *w,
			       unsigned long old)
{
	kwq__pwq_settle_locked(pwq);
	if (insert_locked(pwq->pool, pwq, w, old, false))
		kwq__kick_locked(pwq->pool);
}

/* Take the locks of two pools in the order fork() takes them all. */
static void lock_two(struct kwq__pool *a, struct kwq__pool *b)
{
	if (a->rank > b->rank) {
		struct kwq__pool *t = a;

		a = b;
		b = t;
	}
	kwq__lock(a);
	kwq__lock(b);
}

/*
 * @w still runs on @worker, for another queue, and has just been added to
 * @pwq, on another pool.  It takes its place on @pwq now, so that flushes
 * count it and an ordered queue keeps the order of adds, but it may not
 * start before that run ends: the worker records it, and releases it then
 * (see release_waiter_locked() in pool.c).  Both pools' locks are held.
 */
static void insert_waiting_locked(struct kwq__worker *worker,
				  struct kwq__pwq *pwq, struct work_struct *w,
				  unsigned long old)
{
	kwq__assert_locked(worker->pool);
	kwq__assert_locked(pwq->pool);
	worker->wait_pool = pwq->pool;
	worker->wait_work = w;
	kwq__list_add_before(&worker->wait_node, &pwq->pool->waits);
	insert_kick_locked(pwq, w, old);
}

/*
 * Queue @w, whose PENDING bit the caller owns, on @wq; @old is its data word
 * from before.  If an earlier instance still runs on the pool the item last
 * ran on, queue it there: the busy check and the insertion happen under that
 * pool's lock, so the instance cannot finish unseen in between.  @force is
 * for items already accepted (an expired timer), which a drain must not
 * refuse.
 */
int kwq__queue_owned(int cpu, struct workqueue_struct *wq,
		     struct work_struct *w, unsigned long old, int force)
{
	struct kwq__pwq *pwq;
	struct kwq__pool *last;

	if (unlikely(__atomic_load_n(&wq->draining, __ATOMIC_ACQUIRE)) &&
	    !force && !kwq__in_wq(wq)) {
		/* Forgotten before PENDING goes: a new add may follow at once. */
		if (kwq__debugging())
			kwq__debug_idle(w);
		clear_work_pending(w);
		return -ESHUTDOWN;
	}
	pwq = pick_pwq(wq, cpu);
	last = data_pool(old);
	if (last && last != pwq->pool) {
		struct kwq__worker *worker;

		kwq__lock(last);
		worker = kwq__find_busy_locked(last, w);
		if (worker && worker->current_pwq->wq == wq) {
			insert_kick_locked(worker->current_pwq, w, old);
			kwq__unlock(last);
			return 0;
		}
		kwq__unlock(last);
		if (worker) {
			/*
			 * Look again with both locks: the run may have ended
			 * meanwhile, but no other can have begun, since the
			 * item is ours.
			 */
			lock_two(last, pwq->pool);
			worker = kwq__find_busy_locked(last, w);
			if (worker)
				insert_waiting_locked(worker, pwq, w, old);
			else
				insert_kick_locked(pwq, w, old);
			kwq__unlock(last);
			kwq__unlock(pwq->pool);
			return 0;
		}
	}
	kwq__lock(pwq->pool);
	insert_kick_locked(pwq, w, old);
	kwq__unlock(pwq->pool);
	return 0;
}

/* kwq__add_won()'s insertion when the lock is busy, or held (@locked). */
static __attribute__((noinline)) int add_locked(struct kwq__pwq *pwq,
						struct work_struct *w,
						unsigned long old, bool locked)
{
	if (!locked)
		kwq__lock(pwq->pool);
	insert_kick_locked(pwq, w, old);
	kwq__unlock(pwq->pool);
	return 0;
}

/*
 * kwq__add_won()'s insertion where the item would wait for a slot: pushed
 * without the lock, for the worker that frees a slot to take (see
 * kwq__pwq).  An ordered queue's producer then writes no line its worker
 * writes, and its worker takes the lock without a transfer per item.
 */
static __attribute__((noinline)) int add_push(struct kwq__pwq *pwq,
					      struct work_struct *w,
					      unsigned long old)
{
	if (!push(pwq, w, work_pwq_data(pwq, old & WORK_DELAYED)))
		return 0;	/* the first pusher saw to the queue */
	/*
	 * The queue was empty: if no slot is free, the worker freeing one
	 * settles it, since kwq__pwq_dec_locked() looks at the queue after
	 * it lowers nr_active, and so does a thaw after it raises the limit.
	 * The exchange in push() and these loads, against those stores and
	 * looks, all sequentially consistent: one of the two sees the other.
	 */
	if (__atomic_load_n(&pwq->nr_active, __ATOMIC_SEQ_CST) >=
	    __atomic_load_n(&pwq->limit, __ATOMIC_SEQ_CST))
		return 0;
	kwq__lock(pwq->pool);
	kwq__pwq_splice_locked(pwq);
	kwq__unlock(pwq->pool);
	return 0;
}

/*
 * A bound queue's add without a CPU that neither rseq nor RDPID gave: its
 * own function, so that kwq__add_won() makes no call and saves no register
 * around one.  kwq__add_won() has tried both: only the call is left.
 */
static __attribute__((noinline)) int add_won_local(struct workqueue_struct *wq,
						   struct work_struct *w)
{
	return kwq__add_won(wq, w, pwq_cpu(wq, sched_getcpu()));
}

/*
 * The rest of an add, once PENDING is won: kept out of the -EBUSY path.
 * The common case makes no call but tail calls, so that it saves no
 * register: the item never ran, or last ran on this very pool, whose lock
 * covers both the busy check and the insertion.  Anything rarer goes to
 * kwq__queue_owned() or add_locked().
 */
int kwq__add_won(struct workqueue_struct *wq, struct work_struct *w, int cpu)
{
	/*
	 * PENDING is ours: nobody else writes the word until it is queued.
	 * What follows reads only its pointer and its INIT and DELAYED bits.
	 */
	unsigned long old = work_data(w);
	struct kwq__pwq *pwq;
	struct kwq__pool *pool, *last;

	if (wq->flags & WQ_UNBOUND) {
		pwq = wq->dfl_pwq;
	} else if (cpu == WORK_CPU_ANY) {
		cpu = kwq__rseq_cpu();
		if (unlikely((unsigned int)cpu >=
			     (unsigned int)kwq__g.nr_cpu_ids ||
			     !wq->cpu_pwqs[cpu])) {
			/*
			 * Off the rseq path: RDPID, else a call.  The bound
			 * read again, so that gcc keeps it out of a register
			 * on the rseq path.
			 */
			cpu = kwq__rdpid_cpu();
			if ((unsigned int)cpu >= (unsigned int)__atomic_load_n(
				    &kwq__g.nr_cpu_ids, __ATOMIC_RELAXED) ||
			    !wq->cpu_pwqs[cpu])
				return add_won_local(wq, w);
		}
		pwq = wq->cpu_pwqs[cpu];
	} else {
		pwq = wq->cpu_pwqs[cpu];
	}
	/*
	 * Tested here rather than before the fetch-or, to keep the test off
	 * the -EBUSY path: an item that is pending was initialised, since
	 * every add tests this, and one that never was gives the bit back.
	 */
	if (unlikely(!(old & WORK_INIT))) {
		clear_work_pending(w);
		return -EINVAL;
	}
	if (unlikely(__atomic_load_n(&wq->draining, __ATOMIC_ACQUIRE)))
		return kwq__queue_owned(cpu, wq, w, old, 0);
	/*
	 * Not pending, so on no list: the word names at most a pool, the
	 * last it ran on.  A fresh item names none, and that costs one test.
	 */
	kwq__assert(!(old & WORK_PWQ));
	pool = pwq->add_pool;
	if (old & ~WORK_FLAG_MASK) {
		last = (struct kwq__pool *)(old & ~WORK_FLAG_MASK);
		if (unlikely(last != pool))
			return kwq__queue_owned(cpu, wq, w, old, 0);
	}
	/* Behind pushed items, or where it would wait for a slot: pushed. */
	if (unlikely(__atomic_load_n(&pwq->push_tail, __ATOMIC_RELAXED) !=
		     &pwq->push_head ||
		     __atomic_load_n(&pwq->nr_active, __ATOMIC_RELAXED) >=
		     __atomic_load_n(&pwq->limit, __ATOMIC_RELAXED)))
		return add_push(pwq, w, old);
	if (unlikely(!kwq__trylock(pool)))
		return add_locked(pwq, w, old, false);
	if (unlikely(!kwq__list_empty(&pool->waits)))
		return add_locked(pwq, w, old, true);
	/*
	 * On the worklist, the item needs a kick unless the pool is busy and
	 * watched (no worker can be finishing with this lock held).
	 */
	if (insert_locked(pool, pwq, w, old, true) &&
	    !busy_watched_locked(pool))
		return kwq__kick_unlock(pool);
	kwq__unlock(pool);
	return 0;
}

/* --- how many workers an unbound pool's items are worth ----------------- */

/*
 * Two workers of one unbound pool pay for every item they take with the
 * pool lock's cache line, which crosses between their CPUs twice per item:
 * some 500 ns on a two-CPU machine, where one worker alone runs a trivial
 * item in 60.  A second worker gains only for items longer than that.  So
 * every TUNE_EVERY starts the pool judges what an item has cost each of
 * its running workers since the last judgement, idle gaps included: with
 * all its CPUs, below LOWER_NS it keeps one worker; with one, above
 * RAISE_NS it takes all its CPUs again.  Measured with two workers, an
 * item looks dearer by what the second one costs, hence the two bounds.
 * An item that runs long while others wait starts nothing to judge by: the
 * manager sees that one (kwq__tune_stall_locked()).
 */
#define TUNE_EVERY	512
#define LOWER_NS	1000
#define RAISE_NS	600

static void tune_locked(struct kwq__pool *pool)
{
	unsigned long long now = kwq__clock_ns(CLOCK_MONOTONIC);
	unsigned long long per = (now - pool->tune_ns) *
		(unsigned int)(pool->nr_running ? pool->nr_running : 1) /
		TUNE_EVERY;

	kwq__assert_locked(pool);
	pool->tune_ns = now;
	if (pool->target < pool->max_target) {
		if (per > RAISE_NS)
			pool->target = pool->max_target;
	} else if (per < LOWER_NS) {
		pool->target = 1;
	}
}

/*
 * The manager's tick: a pool held to fewer workers than its CPUs that has
 * started nothing since the previous tick while items wait is running a
 * long item, behind which short ones must not wait; it gets all its CPUs
 * back, and the caller's kick wakes a worker for the waiting item.
 */
void kwq__tune_stall_locked(struct kwq__pool *pool)
{
	kwq__assert_locked(pool);
	if (pool->target < pool->max_target &&
	    pool->nr_started == pool->tune_seen &&
	    !kwq__list_empty(&pool->worklist))
		pool->target = pool->max_target;
	pool->tune_seen = pool->nr_started;
}

/* --- pwq accounting: activation and completion -------------------------- */

/* Make inactive @w active: onto the pool's worklist with its barriers. */
void kwq__pwq_activate_locked(struct kwq__pwq *pwq, struct work_struct *w)
{
	struct kwq__pool *pool = pwq->pool;
	bool head = pwq->inactive.next == &w->entry;

	kwq__assert_locked(pool);
	if (kwq__debugging())
		kwq__debug_check_queued(pool, w, head ? &pwq->inactive : NULL);
	KWQ_TRACE(activate, w, w->func, pwq->name);
	mark_work_active(w);
	__atomic_store_n(&pwq->nr_active, pwq->nr_active + 1, __ATOMIC_RELAXED);
	if (unlikely(!kwq__list_empty(&pool->waits)) &&
	    kwq__waited_locked(pool, w)) {
		kwq__move_linked_locked(w, &pool->held);
		return;
	}
	kwq__move_linked_locked(w, &pool->worklist);
	kwq__kick_locked(pool);
}

/*
 * An active item of @pwq, of flush color @color, is done (it ran, or was
 * cancelled): free its slot for the next inactive item, and tell a flusher
 * waiting for that color.
 */
void kwq__pwq_dec_locked(struct kwq__pwq *pwq, int color)
{
	struct workqueue_struct *wq = pwq->wq;

	kwq__assert_locked(pwq->pool);
	if (!kwq__list_empty(&pwq->inactive) ||
	    __atomic_load_n(&pwq->push_head.next, __ATOMIC_RELAXED)) {
		/*
		 * Items wait: the slot goes to the first, an inactive one
		 * (pushed items came after those) or else the first pushed.
		 * No add can be left waiting on this store: the queue stays in
		 * the care of whoever frees the next slot.
		 */
		__atomic_store_n(&pwq->nr_active, pwq->nr_active - 1,
				 __ATOMIC_RELAXED);
		if (kwq__list_empty(&pwq->inactive))
			pop_locked(pwq);
		else if (pwq->nr_active < pwq->limit)
			kwq__pwq_activate_locked(pwq,
				kwq__list_entry(pwq->inactive.next,
						struct work_struct, entry));
	} else {
		/*
		 * The adds that found no slot rely on this look at the queue
		 * after the store (see add_push()): both sequentially
		 * consistent, so that the load cannot pass the store.
		 */
		__atomic_store_n(&pwq->nr_active, pwq->nr_active - 1,
				 __ATOMIC_SEQ_CST);
		if (__atomic_load_n(&pwq->push_tail, __ATOMIC_SEQ_CST) !=
		    &pwq->push_head)
			pop_locked(pwq);
	}
	pwq->nr_in_flight[color]--;
	if (pwq->flush_color == color && !pwq->nr_in_flight[color]) {
		pwq->flush_color = -1;
		/* The flusher may free @wq as soon as this completes. */
		if (!__atomic_sub_fetch(&wq->nr_pwqs_to_flush, 1,
					__ATOMIC_ACQ_REL))
			kwq__complete(wq->flush_done);
	}
}

/* --- running work ------------------------------------------------------- */

/*
 * The run has ended of an item that was meanwhile added to a queue on
 * another pool (see insert_waiting_locked()): let that
 * instance start, unless a cancel has taken it.  No add can find this run
 * any more, so nothing records a new wait meanwhile.  The pool lock is
 * dropped, and taken again, so that the other pool's lock is taken alone.
 */
static void release_waiter_locked(struct kwq__worker *worker)
{
	struct kwq__pool *pool = worker->pool;
	struct kwq__pool *to = worker->wait_pool;
	struct work_struct *w;

	kwq__assert_locked(worker->pool);
	worker->wait_pool = NULL;
	kwq__unlock(pool);
	kwq__lock(to);
	w = worker->wait_work;
	if (w) {
		worker->wait_work = NULL;
		kwq__list_del_init(&worker->wait_node);
		/* Active: held; inactive: its activation will see no wait. */
		if (!(work_data(w) & WORK_INACTIVE)) {
			kwq__move_linked_locked(w, &to->worklist);
			kwq__kick_locked(to);
		}
	}
	kwq__unlock(to);
	kwq__lock(pool);
}

/* TSan's own builds, of gcc or of clang. */
#if defined(__SANITIZE_THREAD__)
#define TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define TSAN 1
#endif
#endif

/*
 * Start queued @w, @data its word: PENDING goes before the function runs,
 * so that it may re-add itself, the pool it runs on stays, and the pool
 * lock is released.  The function must see everything done before any add
 * that found the item pending: a full barrier goes between the clear and
 * the function's loads, as the kernel's smp_mb() there.  On x86 the
 * unlock's locked instruction is that barrier, and the clear a plain
 * store: one atomic operation an item fewer, some 7 ns of the 45 a short
 * item cost an unbound worker on the bench's machine.  Elsewhere, and
 * under TSan, which would not see that barrier, the clear is an exchange.
 */
static inline void clear_pending_unlock(struct work_struct *w,
					struct kwq__pool *pool,
					unsigned long data)
{
#if (defined(__x86_64__) || defined(__i386__)) && !defined(TSAN)
	set_work_pool_and_store_idle(w, pool, data);
	kwq__unlock(pool);
	/* The locked instruction orders the store; keep gcc from it too. */
	__atomic_signal_fence(__ATOMIC_SEQ_CST);
#else
	set_work_pool_and_clear_pending(w, pool, data);
	kwq__unlock(pool);
#endif
}

/*
 * Run @w, the item at the head of the pool's worklist (with no barrier
 * linked behind it) or of the worker's scheduled list.  Drops the pool
 * lock while the function runs: the item may be freed by it, so nothing
 * here touches it afterwards.
 */
void kwq__process_one_locked(struct kwq__worker *worker, struct work_struct *w)
{
	struct kwq__pool *pool = worker->pool;
	unsigned long data = work_data(w);
	struct kwq__pwq *pwq = data_pwq(data);
	int barrier = kwq__is_barrier(w);
	int color = barrier ? -1 : !!(data & WORK_COLOR);
	unsigned long long cpu = 0;
	struct kwq__worker *other;

	kwq__assert_locked(pool);
	kwq__bug_on(!(data & WORK_PENDING) || !pwq);
	kwq__list_del_init(&w->entry);
	worker->current_work = w;
	worker->current_func = w->func;
	/* A barrier's pwq may be freed while it runs: never keep it. */
	worker->current_pwq = barrier ? NULL : pwq;
	worker->current_color = color;
	worker->seq++;
	if (unlikely(!(++pool->nr_started % TUNE_EVERY)) &&
	    pool->max_target > 1)
		tune_locked(pool);
	busy_add_locked(pool, worker);

	if (!barrier && (pwq->wq->flags & WQ_CPU_INTENSIVE))
		kwq__uncount_locked(pool, worker);
	if (!barrier)
		kwq__stat_start_locked(worker, w, &cpu);
	/* Woken once the lock is free, as kwq__kick_unlock() says why. */
	other = kick_busy_locked(pool);

	/* Forgotten before PENDING goes: it may be re-added at once. */
	if (!barrier && kwq__debugging())
		kwq__debug_idle(w);
	clear_pending_unlock(w, pool, data);
	if (other)
		wake_worker(other);

	if (!barrier)
		KWQ_TRACE(execute_start, w, worker->current_func);
	worker->current_func(w);
	/* @w may be gone: the end probe passes its address, never reads it. */
	if (!barrier)
		KWQ_TRACE(execute_end, w, worker->current_func);

	kwq__lock(pool);
	busy_del_locked(pool, worker);
	worker->current_work = NULL;
	worker->current_func = NULL;
	worker->current_pwq = NULL;
	if (!barrier) {
		kwq__stat_end_locked(worker, pwq, cpu);
		/*
		 * A pool's worker goes back to the worklist from here, with
		 * the lock held; a rescuer (on no pool's list) does not.
		 */
		if (!kwq__list_empty(&worker->node))
			pool->finisher = worker;
		kwq__pwq_dec_locked(pwq, color);
		pool->finisher = NULL;
	}
	if (unlikely(worker->wait_pool))
		release_waiter_locked(worker);
}

/*
 * Sleep until kicked, or retire.  Returns 0 when the worker should leave:
 * it has been idle for the timeout and is not its pool's last worker.
 */
static int worker_idle_locked(struct kwq__worker *worker)
{
	struct kwq__pool *pool = worker->pool;
	struct timespec ts, *timeout = NULL;
	unsigned int ms = __atomic_load_n(&kwq__g.idle_timeout_ms,
					  __ATOMIC_RELAXED);

	kwq__assert_locked(pool);
	kwq__uncount_locked(pool, worker);
	worker->idle = 1;
	kwq__list_add_head(&worker->idle_node, &pool->idle);
	pool->nr_idle++;
	__atomic_store_n(&worker->wake, 0, __ATOMIC_RELAXED);
	if (pool->nr_workers > 1) {
		ts.tv_sec = ms / 1000;
		ts.tv_nsec = (long)(ms % 1000) * 1000000;
		timeout = &ts;
	}
	kwq__unlock(pool);

	while (!__atomic_load_n(&worker->wake, __ATOMIC_ACQUIRE))
		if (kwq__futex_wait(&worker->wake, 0, timeout) == -ETIMEDOUT)
			break;

	kwq__lock(pool);
	if (worker->reap)
		goto leave;		/* its slot went to another pool */
	if (!worker->idle)
		return 1;		/* kicked: counted by the kicker */
	kwq__list_del_init(&worker->idle_node);
	worker->idle = 0;
	pool->nr_idle--;
	if (pool->nr_workers == 1)
		return 1;		/* the last one stays, idle again */
leave:
	kwq__list_del_init(&worker->node);
	pool->nr_workers--;
	pool->st_retired++;
	return 0;
}

/*
 * Name the thread after its pool and number, or after @wq when that is the
 * one queue the pool serves: kwq/u:<queue>.  The kernel keeps 15 bytes.
 */
static void worker_name(struct kwq__worker *worker, const char *wq)
{
	struct kwq__pool *pool = worker->pool;
	char name[80];

	if (pool->cpu >= 0)
		snprintf(name, sizeof(name), "kwq/%d%s:%d", pool->cpu,
			 pool->highpri ? "H" : "", worker->id);
	else if (wq)
		snprintf(name, sizeof(name), "kwq/u%s:%s",
			 pool->highpri ? "H" : "", wq);
	else
		snprintf(name, sizeof(name), "kwq/u%s:%d",
			 pool->highpri ? "H" : "", worker->id);
	name[15] = '\0';
	pthread_setname_np(pthread_self(), name);
}

/*
 * The queues using the worker's pool changed since it was named: name it
 * again.  Drops the pool lock for the system call.
 */
static void worker_rename_locked(struct kwq__worker *worker)
{
	struct kwq__pool *pool = worker->pool;
	char wq[64];
	int sole = pool->sole_wq != NULL;

	kwq__assert_locked(pool);
	worker->name_gen = pool->name_gen;
	if (sole)
		snprintf(wq, sizeof(wq), "%s", pool->sole_wq->name);
	kwq__unlock(pool);
	worker_name(worker, sole ? wq : NULL);
	kwq__lock(pool);
}

static void worker_setup(struct kwq__worker *worker)
{
	struct kwq__pool *pool = worker->pool;

	worker_name(worker, NULL);
	kwq__thread_prio(pool->highpri);
	kwq__self = worker;
}

/*
 * Should the worker take the next item?  Within the pool's target, yes; a
 * worker the manager started in place of a blocked one may take one item
 * beyond it.
 */
static int may_run_locked(struct kwq__worker *worker)
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

static void *worker_main(void *arg)
{
	struct kwq__worker *worker = arg;
	struct kwq__pool *pool = worker->pool;

	worker_setup(worker);
	kwq__lock(pool);
	worker->tid = (pid_t)syscall(SYS_gettid);
	for (;;) {
		if (!may_run_locked(worker))
			goto idle;
		/* Before it counts: a boosted worker keeps its boost. */
		if (unlikely(worker->name_gen != pool->name_gen)) {
			worker_rename_locked(worker);
			continue;
		}
		if (!worker->counted) {
			worker->counted = 1;
			pool->nr_running++;
		}
		worker->boost = 0;
		struct work_struct *w = kwq__list_entry(pool->worklist.next,
							struct work_struct,
							entry);
		struct kwq__worker *other;

		if (kwq__debugging())
			kwq__debug_check_queued(pool, w, &pool->worklist);
		other = kwq__find_busy_locked(pool, w);

		if (other) {
			/* It runs it when its current instance is done. */
			kwq__move_linked_locked(w, &other->scheduled);
			continue;
		}
		/*
		 * Alone, it runs from where it is; with barriers linked, they
		 * go to the scheduled list together, to run right after it.
		 */
		if (likely(!(work_data(w) & WORK_LINKED)))
			kwq__process_one_locked(worker, w);
		else
			kwq__move_linked_locked(w, &worker->scheduled);
		while (!kwq__list_empty(&worker->scheduled))
			kwq__process_one_locked(worker,
				kwq__list_entry(worker->scheduled.next,
						struct work_struct, entry));
		continue;
idle:
		if (!worker_idle_locked(worker))
			break;
	}
	kwq__unlock(pool);
	free(worker);
	kwq__worker_slot_put();
	return NULL;
}

/*
 * Start one more worker for @pool; with @boost, it takes the next item
 * whatever the pool's target (the manager starts it for a blocked worker).
 * Never called with the pool lock held: thread creation may take a while.
 */
int kwq__create_worker(struct kwq__pool *pool, int boost)
{
	struct kwq__worker *worker;
	int err;

	err = kwq__worker_slot_get();
	if (err)
		return err;
	worker = kwq__zalloc(sizeof(*worker));
	if (!worker) {
		kwq__worker_slot_put();
		return -ENOMEM;
	}
	worker->pool = pool;
	worker->current_color = -1;
	kwq__list_init(&worker->idle_node);
	kwq__list_init(&worker->scheduled);
	kwq__list_init(&worker->wait_node);

	worker->boost = boost;
	worker->counted = boost;

	kwq__lock(pool);
	worker->id = pool->next_id++;
	kwq__list_add_before(&worker->node, &pool->workers);
	pool->nr_workers++;
	pool->nr_running += boost;
	pool->st_created++;
	kwq__unlock(pool);

	err = kwq__spawn(worker_main, worker, pool->cpu);
	if (err)
		goto fail_spawn;
	return 0;

fail_spawn:
	kwq__lock(pool);
	kwq__list_del_init(&worker->node);
	pool->nr_workers--;
	pool->nr_running -= boost;
	pool->st_created--;
	kwq__unlock(pool);
	free(worker);
	kwq__worker_slot_put();
	return err;
}

/*
 * Make sure @pool has a worker; used when a queue starts using it.  At the
 * worker cap the pool goes without: the manager finds it one when an item
 * comes (limits.c).
 */
int kwq__pool_get_worker(struct kwq__pool *pool)
{
	int have, err;

	kwq__lock(pool);
	have = pool->nr_workers > 0;
	kwq__unlock(pool);
	err = have ? 0 : kwq__create_worker(pool, 0);
	return err == -EUSERS ? 0 : err;
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
	busy_add_locked(pool, me);
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
	pool->wd_since = 0;
	memset(pool->busy, 0, sizeof(pool->busy));
	if (me && me->pool == pool)
		adopt_locked(pool, me);
	kwq__unlock(pool);
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
