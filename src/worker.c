// SPDX-License-Identifier: MIT
/*
 * The workers: their threads, their loop, and an item's run.  A worker
 * takes the item at the head of its pool's worklist while the pool is
 * within its target (kwq__may_run_locked()), runs it with the pool lock
 * dropped (kwq__process_one_locked(), which a rescuer calls too), gives its
 * slot back to the pwq (the usual case here, the rest in add.c), and
 * sleeps on its own futex when nothing is left, until a kick (pool.c)
 * wakes it or the idle timeout retires it.  Its starts count down to the
 * next judgement of an unbound pool's target (tune.c).  Workers are
 * started by the manager (manager.c) and when a queue first uses a pool
 * (kwq__pool_get_worker()).
 *
 * The file stays whole a little past 800 lines: the end of an item and
 * the start of the next (the hand-over, the pass, the head's take) are
 * inlined into the loop's two copies of an item's run, and read best
 * beside the loop whose tests they stand in for.
 */
#include "internal.h"

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
 * Is @w, of word @data, an item queued alone: pending on a pwq, with no
 * barrier linked behind it, and not itself a barrier?  A barrier's word
 * lacks INIT (set_barrier_pwq()), so one compare says it all, where the
 * function was loaded and compared too.  The loop runs such an item from
 * the worklist; it moves anything else to its scheduled list.
 */
static inline bool queued_alone(const struct work_struct *w,
				unsigned long data)
{
	kwq__assert(!(data & WORK_INIT) == kwq__is_barrier(w) ||
		    !(data & WORK_PENDING));
	return (data & (WORK_PENDING | WORK_PWQ | WORK_LINKED | WORK_INIT)) ==
		(WORK_PENDING | WORK_PWQ | WORK_INIT);
}

/*
 * Where process_one() finds its item: on a list, the busy hash not looked
 * up (any caller); at the head of the worklist, the loop having looked it
 * up (kwq__find_busy_for_locked()); handed over by the end of the
 * previous item (end_item_locked()), looked up there too, on no list; at
 * the head of the worklist, taken by the end of the previous item after
 * its pass (takes_head_locked()), looked up there, with the pass's kick
 * for the items behind it.
 */
enum start { FROM_LIST, FROM_LOOP, FROM_HAND, FROM_HEAD };

/*
 * The kick of a start from the head after a pass (FROM_HEAD) that has
 * itself let one more worker run: the pass's kick, in the same hold of
 * the lock, found nobody to wake for the items behind it, and the start
 * makes none of its own (see process_one()), but a target the tuner
 * raised or a worker a CPU-intensive item uncounted leaves room that
 * kick did not see; missed, the items behind would wait for the
 * manager's next look.  Rare: woken under the lock, out of line, so that
 * the usual start keeps no worker to wake.
 */
static __attribute__((noinline, cold)) void
head_kick_locked(struct kwq__pool *pool)
{
	struct kwq__worker *other = kwq__kick_more_locked(pool);

	if (other)
		kwq__wake_worker(other);
}

/*
 * Has nothing sent @worker back to its loop since the loop's look
 * (kwq__worker_detour())?  Then nothing would come before the next item
 * (an item on its scheduled list, a run on another pool to release), it
 * counts, it is named for its pool's queues, and no mode has come on
 * (kwq__pools_detour()): what the loop found before its item, and what
 * an end that starts the next item itself must find, in one test.  Debug
 * builds check the first four (a mode comes on without the pool lock,
 * and its writer then takes each pool's).
 */
static inline __attribute__((always_inline)) bool
worker_straight_locked(struct kwq__worker *worker)
{
	kwq__assert(worker->detour ||
		    (kwq__list_empty(&worker->scheduled) && !worker->wait_pool &&
		     worker->counted &&
		     worker->name_gen == worker->pool->name_gen));
	return !worker->detour;
}

/*
 * Would @worker, ending an item of a pwq, take @w, the first item pushed
 * on that pwq, from the worklist next, were the slot given to it there?  The
 * caller has found the worklist empty.  Yes when nothing else would come
 * first (an item on the worker's scheduled list, a run on another pool
 * to release) and the
 * loop would take it: the worker counted, within the pool's target and
 * named for it, no mode come on since the loop's look (each checks or
 * times a queued item; those five: worker_straight_locked()), and @w
 * not running on another worker of the pool, after whose run it must
 * start.  The insertion too would put it on the worklist: the pwq not
 * frozen below its slots (the caller's pwq->detour said so), no item of
 * the pool waiting for a run elsewhere (pool->waits, which an insertion
 * looks up).  @pool: the worker's, in the end's register, where a load of
 * worker->pool again cost an instruction an item.
 */
static inline __attribute__((always_inline)) bool
takes_pushed_locked(struct kwq__worker *worker, struct kwq__pool *pool,
		    struct work_struct *w)
{
	kwq__assert(pool == worker->pool);
	return worker_straight_locked(worker) &&
		pool->nr_running <= pool->target &&
		kwq__list_empty(&pool->waits) &&
		!kwq__find_busy_for_locked(pool, worker, w);
}

/*
 * Would a worker, ending an item of @pwq while other items wait on the
 * pool's worklist (the caller has looked), put the first item pushed on
 * @pwq behind them, were the
 * slot freed and the item popped (pop_locked() in add.c)?  Yes, when the
 * insertion would make it active on the worklist: the pwq not frozen
 * below its slots (the caller's pwq->detour said so), and no item of the
 * pool waiting for a run elsewhere.
 * The modes were off when the ended item started (the caller's @hand):
 * debug mode is set once, before any worker, and statistics that came on
 * since leave this item's wait unsampled, as they leave an add's that
 * tested them before (insert_locked() in add.c); the loop tests them
 * again before it takes the item.
 */
static inline __attribute__((always_inline)) bool
passes_pushed_locked(struct kwq__pool *pool)
{
	return kwq__list_empty(&pool->waits);
}

/*
 * The slot of an item of @pwq, of flush color @color, that has ended goes
 * as it is to @first, the first item pushed on @q, a push queue of @pwq,
 * queued behind the items on the worklist as its pop and insertion would
 * queue it, in the same hold of the lock: nr_active and the flush count
 * stay (the ended item's color is the pwq's), where the pop would lower
 * them and the insertion raise them again.  Behind other items, the
 * kick's only question is whether the pool is below its target: the
 * caller's (passes_kick_locked()).
 */
static inline __attribute__((always_inline)) void
pass_pushed_locked(struct kwq__pool *pool, struct kwq__pwq *pwq,
		   struct kwq__pushq *q, struct work_struct *first,
		   int color)
{
	struct work_struct *w = kwq__pwq_unlink_first_locked(pwq, q, first);

	/*
	 * The check's word is not kept for color 1's store, which reads it
	 * again: kept, gcc copied it before the check's mask, for every
	 * item, where the second color is a flush's rare turn.
	 */
	(void)kwq__pushed_data(pwq, w);
	pwq->st.added++;
	KWQ_TRACE(add, w, w->func, pwq->name, pool->cpu);
	KWQ_TRACE(activate, w, w->func, pwq->name);
	/* Pushed with no color (push() in add.c): only color 1 is written. */
	if (color)
		set_work_pwq(w, work_data(w) | WORK_COLOR);
	kwq__list_add_before(&w->entry, &pool->worklist);
}

/*
 * After a pass on @pool, the kick for the items behind the worker's
 * (kwq__kick_more_locked()) and the take's test of the target, with one
 * compare: at its target, the usual case, the pool has nobody to wake,
 * and the worker may take the head; below it, the kick's other tests, and
 * the loop looks again if it woke a worker; above it, the loop.  True
 * when the worker may take the head (takes_head_locked()).
 *
 * Below the target, the pass has just put an item on the worklist, so of
 * kwq__kick_more_locked()'s three tests only the last can answer: a pool
 * whose kick has asked the manager already, with no idle worker
 * (kwq__kick_asked_locked()), the usual case of an unbound pool held
 * below its target of two while a producer is ahead (every end there
 * until the worker asked for runs, or the manager's next look drops the
 * request; under valgrind, whole runs).  That test alone, then the call.
 */
static inline __attribute__((always_inline)) bool
passes_kick_locked(struct kwq__pool *pool)
{
	struct kwq__worker *other;

	if (likely(pool->nr_running == pool->target))
		return true;
	if (pool->nr_running > pool->target)
		return false;
	kwq__assert(!kwq__list_empty(&pool->worklist));
	if (kwq__kick_asked_locked(pool))
		return true;
	other = kwq__kick_prepare_locked(pool);
	if (!other)
		return true;
	kwq__wake_worker(other);
	return false;
}

/*
 * The item at the head of the pool's worklist, which @worker, having
 * ended an item and passed its slot behind the worklist's items
 * (pass_pushed_locked()), would take next from its loop, or NULL when
 * the loop must look: the loop's own tests, with what the end knows
 * left out.  The worklist holds the passed item; the pool is not above
 * its target (passes_kick_locked() has looked); the worker is not
 * boosted (only an idle worker is: boost_locked() in manager.c, and the
 * loop clears it at its first item); the rest may have changed while
 * the ended item ran: an item moved to the worker's scheduled list, a
 * run elsewhere to release, the worker uncounted by a CPU-intensive
 * item, the pool's queues renamed, a mode turned on: the worker's
 * detour byte says all five.
 * The head's word must be a queued item's with no barrier linked behind
 * it, and not a barrier, and no other worker may run it: each of those
 * the loop takes another way.  The busy lookup keeps the chain for the
 * start, as the loop's does.  @pool: the worker's, in a register.
 */
static inline __attribute__((always_inline)) struct work_struct *
takes_head_locked(struct kwq__worker *worker, struct kwq__pool *pool)
{
	struct work_struct *w;
	unsigned long data;

	kwq__assert(!worker->boost && !kwq__list_empty(&pool->worklist) &&
		    pool->nr_running <= pool->target);
	if (!worker_straight_locked(worker))
		return NULL;
	w = kwq__list_entry(pool->worklist.next, struct work_struct, entry);
	data = work_data(w);
	if (!queued_alone(w, data) ||
	    kwq__find_busy_for_locked(pool, worker, w))
		return NULL;
	kwq__test_hook(take_head, pool, w);
	return w;
}

/*
 * Has what sent the ends of @pwq's items the general way
 * (kwq__pwq_detour()) passed?  Then the byte goes, and this end and the
 * next take the usual way.  Out of line: once after each such writer.
 */
static __attribute__((noinline, cold)) bool
plain_again_locked(struct kwq__pwq *pwq)
{
	if (!kwq__pwq_plain_locked(pwq))
		return false;
	pwq->detour = 0;
	return true;
}

/*
 * The end of an item of @pwq, of flush color @color, by @worker: returns
 * the item it starts next, when the first item of a push queue of @pwq
 * (the turn's, or the next that links one: kwq__pwq_linked_locked())
 * takes the slot and takes_pushed_locked() says the worker would take it
 * next anyway (@hand: the loop's own items, that may; *@next FROM_HAND),
 * or when the slot passed to that item queued behind others
 * (passes_pushed_locked()) and takes_head_locked() gives the worklist's
 * head (*@next FROM_HEAD); else NULL, the slot released or passed.
 * The handed item skips its insertion, the kicks' tests (which would find
 * the finisher taking it) and the loop's tests of it: the lock is held
 * from the end of one item to the start of the next, so no add, cancel or
 * flush can find it between the two (kwq__pwq_hand_over_locked()).
 */
static inline __attribute__((always_inline)) struct work_struct *
end_item_locked(struct kwq__worker *worker, struct kwq__pool *pool,
		struct kwq__pwq *pwq, int color, const bool pooled,
		const bool hand, enum start *next)
{
	struct kwq__pushq *q;
	struct work_struct *n;

	/*
	 * Inactive items, a flusher or a freeze (pwq->detour): the general
	 * way, which gives the slot to the first inactive item, counts the
	 * color down for the flusher and starts nothing past the limit.  A
	 * pool's worker goes back to the worklist from there, with the lock
	 * held; a rescuer (on no pool's list) does not.
	 */
	if (unlikely(pwq->detour) && !plain_again_locked(pwq)) {
		if (pooled)
			pool->finisher = worker;
		kwq__pwq_dec_locked(pwq, color);
		pool->finisher = NULL;
		return NULL;
	}
	/*
	 * The usual case: no item waits for the slot on the lists, no
	 * flusher, the pwq not frozen.  Linked: its pusher has written the
	 * item before (see push()).  One push queue: its first item is the
	 * answer, read once.
	 */
	kwq__assert(kwq__pwq_plain_locked(pwq));
	if (likely(!pwq->push_mask)) {
		q = pwq->push;
		n = kwq__pushq_first(q, __ATOMIC_ACQUIRE);
		if (!n)
			q = NULL;
	} else {
		q = kwq__pwq_linked_locked(pwq);
		n = q ? kwq__pushq_first(q, __ATOMIC_ACQUIRE) : NULL;
	}
	if (hand && n) {
		/*
		 * The slot and the flush count go to the pushed item as they
		 * are: it is counted in the pwq's color, which is the ended
		 * item's.  A flush that turned the pwq to the other color
		 * since the ended item was counted waits for that item's
		 * color (flush_color), and flushes take turns.
		 */
		kwq__assert((int)pwq->color == color);
		if (kwq__list_empty(&pool->worklist)) {
			if (takes_pushed_locked(worker, pool, n)) {
				*next = FROM_HAND;
				return kwq__pwq_hand_over_locked(pwq, q, n);
			}
		} else if (passes_pushed_locked(pool)) {
			pass_pushed_locked(pool, pwq, q, n, color);
			if (!passes_kick_locked(pool))
				return NULL;
			*next = FROM_HEAD;
			return takes_head_locked(worker, pool);
		}
	}
	if (pooled)
		pool->finisher = worker;
	kwq__pwq_give_slot_locked(pwq, q);
	pwq->nr_in_flight[color]--;
	pool->finisher = NULL;
	return NULL;
}

/*
 * Run @w, the item at the head of the pool's worklist (with no barrier
 * linked behind it) or of the worker's scheduled list, or handed over by
 * the end of the previous one (@from says which).  Drops the pool lock
 * while the function runs: the item may be freed by it, so nothing here
 * touches it afterwards.  @barrier: @w is a flush's barrier; @pooled: the
 * worker is its pool's, not a rescuer.  All constant where it is inlined,
 * so that the worker's loop, which runs every item through it, makes no
 * call and tests none of them per item.  @modes: debug or statistics mode
 * may be on; the loop, which has tested both at once, passes false, so
 * that its items test neither again, and takes the item handed over that
 * this returns (see end_item_locked()), or NULL.
 *
 * A handed item's word is still the one its push wrote (pwq, PENDING, no
 * color): the hand-over counted it in the pwq's color but did not write
 * that in the word, since the lock, held from the hand-over to the
 * store of its idle word here, keeps every reader of the color (the
 * cancels and flushes that take a queued item's lock) out, and an add
 * needs only PENDING.  Its color is the pwq's, unchanged meanwhile; it is
 * on no list; it is not CPU-intensive, since the hand-over takes only for
 * a counted worker (an item of such a queue uncounts it); and the
 * worklist is empty, so that the start's kick has nothing to kick for.
 */
static inline __attribute__((always_inline)) struct work_struct *
process_one(struct kwq__worker *worker, struct work_struct *w,
	    unsigned long data, const bool barrier, const bool pooled,
	    const bool modes, const enum start from, enum start *next_from)
{
	struct kwq__pool *pool = worker->pool;
	struct kwq__pwq *pwq = (struct kwq__pwq *)(data & ~WORK_FLAG_MASK);
	int color;
	unsigned long long cpu = 0;
	struct kwq__worker *other;

	kwq__assert_locked(pool);
	/*
	 * Queued: pending, its word naming its pwq (never NULL then); the
	 * loop has tested that with its other bits.
	 */
	kwq__bug_on(from == FROM_LIST && (data & (WORK_PENDING | WORK_PWQ)) !=
		    (WORK_PENDING | WORK_PWQ));
	if (barrier)
		color = -1;
	else if (from == FROM_HAND)
		color = (int)pwq->color;
	else
		color = !!(data & WORK_COLOR);
	/*
	 * A started item's links are read again only once an add inserts
	 * or pushes it (a handed one starts with its push's): the loop's
	 * item is unlinked without re-initialising them.
	 */
	if (from == FROM_LOOP || from == FROM_HEAD)
		kwq__list_del(&w->entry);
	else if (from == FROM_LIST)
		kwq__list_del_init(&w->entry);
	worker->current_work = w;
	worker->current_func = w->func;
	/* A barrier's pwq may be freed while it runs: never keep it. */
	worker->current_pwq = barrier ? NULL : pwq;
	worker->current_color = color;
	worker->seq++;
	if (unlikely(!--pool->tune_left)) {
		kwq__tune_count_locked(pool);
		if (from == FROM_HEAD)
			head_kick_locked(pool);
	}
	if (from == FROM_LIST)
		kwq__busy_add_locked(pool, worker);
	else
		kwq__busy_join_locked(worker);

	kwq__assert(from != FROM_HAND ||
		    !(pwq->wq_flags & WQ_CPU_INTENSIVE));
	if (!barrier && from != FROM_HAND &&
	    unlikely(pwq->wq_flags & WQ_CPU_INTENSIVE)) {
		kwq__uncount_locked(pool, worker);
		if (from == FROM_HEAD)
			head_kick_locked(pool);
	}
	/* Counted by reports: the ended and the running (stats.c). */
	if (!barrier && modes)
		kwq__stat_start_locked(worker, w, &cpu);
	/*
	 * Woken once the lock is free, as kwq__kick_unlock() says why.  A
	 * head taken after a pass: the pass's kick, in this hold of the
	 * lock, found nobody to wake for the items behind it, and this one
	 * would find the same (kwq__kick_prepare_locked() sets need_worker
	 * or finds the target reached, and the finisher is not set), unless
	 * the start let one more worker run: head_kick_locked() above.
	 */
	other = from == FROM_HAND || from == FROM_HEAD ? NULL :
		kwq__kick_more_locked(pool);

	/* Forgotten before PENDING goes: it may be re-added at once. */
	if (!barrier && modes && kwq__debugging())
		kwq__debug_idle(w);
	clear_pending_unlock(w, pool, data);
	if (other)
		kwq__wake_worker(other);

	if (!barrier)
		KWQ_TRACE(execute_start, w, worker->current_func);
	worker->current_func(w);
	/* @w may be gone: the end probe passes its address, never reads it. */
	if (!barrier)
		KWQ_TRACE(execute_end, w, worker->current_func);

	kwq__lock(pool);
	/*
	 * Read back, not kept across the call: the loop's registers are
	 * few, and gcc kept the color in two and on the stack (not so for
	 * a handed item's, which costs more read back).
	 */
	if (from != FROM_HAND)
		color = worker->current_color;
	kwq__busy_del_locked(pool, worker);
	if (!barrier) {
		struct work_struct *next;

		/*
		 * Read back too: a fork child from this item may have moved
		 * it to the copy of a fenced pwq (pwq_fence() in
		 * workqueue.c), which counts it.
		 */
		pwq = worker->current_pwq;
		/* Timed only from a start with the modes tested. */
		if (modes)
			kwq__stat_end_locked(worker, pwq, cpu);
		else
			pwq->st.finished++;
		next = end_item_locked(worker, pool, pwq, color, pooled,
				       pooled && !modes, next_from);
		/*
		 * Its start records the next item over the ended one's:
		 * nobody reads the record of a worker out of the busy hash
		 * but the worker itself and holders of this lock, held on.
		 */
		if (next)
			return next;
	}
	worker->current_work = NULL;
	worker->current_func = NULL;
	worker->current_pwq = NULL;
	if (unlikely(worker->wait_pool))
		release_waiter_locked(worker);
	return NULL;
}

void kwq__process_one_locked(struct kwq__worker *worker, struct work_struct *w)
{
	bool pooled = !kwq__list_empty(&worker->node);
	enum start next;	/* unused: nothing is handed over here */

	if (kwq__is_barrier(w))
		process_one(worker, w, work_data(w), true, pooled, true,
			    FROM_LIST, &next);
	else
		process_one(worker, w, work_data(w), false, pooled, true,
			    FROM_LIST, &next);
}

/*
 * The idle timeout as the futex wants it, converted when it changes, not
 * on every sleep: a worker woken per item sleeps once an item.
 */
static const struct timespec *idle_timeout(struct kwq__worker *worker)
{
	unsigned int ms = __atomic_load_n(&kwq__g.idle_timeout_ms,
					  __ATOMIC_RELAXED);

	if (unlikely(worker->idle_ms != ms)) {
		worker->idle_ms = ms;
		worker->idle_ts.tv_sec = ms / 1000;
		worker->idle_ts.tv_nsec = (long)(ms % 1000) * 1000000;
	}
	return &worker->idle_ts;
}

/*
 * Sleep until kicked, or retire.  Returns 0 when the worker should leave:
 * it has been idle for the timeout and is not its pool's last worker.
 */
static int worker_idle_locked(struct kwq__worker *worker)
{
	struct kwq__pool *pool = worker->pool;
	const struct timespec *timeout = NULL;

	kwq__assert_locked(pool);
	kwq__uncount_locked(pool, worker);
	worker->idle = 1;
	kwq__list_add_head(&worker->idle_node, &pool->idle);
	pool->nr_idle++;
	__atomic_store_n(&worker->wake, 0, __ATOMIC_RELAXED);
	if (pool->nr_workers > 1)
		timeout = idle_timeout(worker);
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

static void *worker_main(void *arg)
{
	struct kwq__worker *worker = arg;
	struct kwq__pool *pool = worker->pool;

	worker_setup(worker);
	kwq__lock(pool);
	worker->tid = (pid_t)syscall(SYS_gettid);
	/*
	 * A burst: start the next worker before taking an item; not in a
	 * bound pool of a process with another CPU, whose burst the manager
	 * creates from there (keep_off() in manager.c).
	 */
	if (unlikely(pool->spawn) && !kwq__burst_by_manager(pool)) {
		kwq__unlock(pool);
		kwq__spawn_boosted(pool, 1);
		kwq__lock(pool);
	}
	for (;;) {
		if (!kwq__may_run_locked(worker))
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
		/*
		 * Its scheduled list is empty (drained below before each
		 * return here; nobody adds to an idle worker's), it waits to
		 * release no run (released as each item ends), it counts and
		 * is named, and the modes are read below, in this hold of the
		 * lock, which a mode's writer takes after its store: the ends'
		 * one test holds from here on, until a writer says otherwise
		 * (kwq__worker_detour()).
		 */
		worker->detour = 0;
		struct work_struct *w = kwq__list_entry(pool->worklist.next,
							struct work_struct,
							entry);
		struct kwq__worker *other;
		unsigned long data;
		/*
		 * Debug and statistics modes, both tested once an item; a
		 * fork child's orphans are the adds' alone.
		 */
		bool modes = kwq__any_mode() &&
			     (kwq__debugging() || kwq__stats_enabled());

		if (modes && kwq__debugging())
			kwq__debug_check_queued(pool, w, &pool->worklist);
		other = kwq__find_busy_for_locked(pool, worker, w);

		if (other) {
			/* It runs it when its current instance is done. */
			kwq__move_linked_locked(w, &other->scheduled);
			kwq__worker_detour(other);
			continue;
		}
		/*
		 * Alone, an item runs from where it is; with barriers linked,
		 * they go to the scheduled list together, to run right after
		 * it, and so does a barrier whose item was cancelled.  The
		 * test of its word is process_one()'s check of it too (a word
		 * that fails it goes the general way, which checks it).
		 */
		data = work_data(w);
		if (likely(queued_alone(w, data))) {
			if (likely(!modes)) {
				enum start from;

				/*
				 * Each end may hand over the next item, or
				 * take the worklist's head after its pass.
				 */
				w = process_one(worker, w, data, false, true,
						false, FROM_LOOP, &from);
				while (w)
					w = from == FROM_HAND ?
						process_one(worker, w,
							    work_data(w),
							    false, true, false,
							    FROM_HAND, &from) :
						process_one(worker, w,
							    work_data(w),
							    false, true, false,
							    FROM_HEAD, &from);
			} else {
				kwq__process_one_locked(worker, w);
			}
		} else {
			kwq__move_linked_locked(w, &worker->scheduled);
			/* Drained below, through the ends that do not look. */
			kwq__worker_detour(worker);
		}
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
	/*
	 * The thread lives on past this: the program's thread-specific
	 * destructors run in it, and may call kwq, which must find no
	 * worker (nor bump the freed one's lock_waits in kwq__lock_slow()).
	 */
	kwq__self = NULL;
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

void (*kwq__spawn_hook)(struct kwq__pool *pool);	/* see internal.h */
#ifdef KWQ_TEST_HOOKS
void (*kwq__take_head_hook)(struct kwq__pool *pool, struct work_struct *w);
#endif

/*
 * Create boosted workers for @pool, up to @max of those the manager's looks
 * asked for (pool->spawn): 0, or the error that stopped it, which drops the
 * rest (the next look asks again if they are still wanted).  The manager
 * creates them, and so does each new worker of an unbound pool, one,
 * before its item: a burst's workers come up side by side, not one by one
 * (a bound pool's the manager creates alone, from another CPU:
 * keep_off() in manager.c).
 */
int kwq__spawn_boosted(struct kwq__pool *pool, int max)
{
	int err = 0;

	for (; max > 0 && !err; max--) {
		kwq__test_hook(spawn, pool);
		kwq__lock(pool);
		if (!pool->spawn) {
			kwq__unlock(pool);
			break;
		}
		pool->spawn--;
		kwq__unlock(pool);
		err = kwq__create_worker(pool, 1);
		if (err) {
			kwq__lock(pool);
			pool->spawn = 0;
			kwq__unlock(pool);
		}
	}
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
