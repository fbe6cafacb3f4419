// SPDX-License-Identifier: MIT
/*
 * Every add, front to end, and the slots of a pwq: everything that puts an
 * item on a pool's lists.  The public adds (add_work_to_q() and its kin)
 * win an item's PENDING bit, pick the pwq and insert the item under the
 * pool lock, or push it on the pwq's lock-free push queue when it would
 * wait for a slot anyway (see kwq__pwq in internal.h), in one function.
 * The worker that frees a slot (kwq__pwq_dec_locked(), called when an item
 * ends) gives it to the next inactive item or pops the next pushed one; a
 * pwq's lists are settled (kwq__pwq_splice_locked()) before anybody else
 * reads them.
 * An item added while an earlier instance still runs on another pool goes
 * there, or is held until that run ends (kwq__queue_owned()).  The kicks
 * and the busy hash this needs are pool.c's; nothing here runs an item.
 *
 * The file stays whole a little past 800 lines: the add's fast path and
 * the slot accounting that ends it share the push queue's invariants
 * (who may pop, who settles), and split they would read each other's
 * fields across files, the arrows tests/layout.t keeps one way.
 */
#include "internal.h"

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
	unsigned long data = kwq__pwq_count_in_locked(pool, pwq, w, old);

	kwq__assert_locked(pool);
	if (!fast && kwq__stats_enabled())
		kwq__stat_queued_locked(pool, w);
	if (pwq->nr_active >= pwq->limit) {
		set_work_pwq(w, data | WORK_INACTIVE);
		kwq__list_add_before(&w->entry, &pwq->inactive);
		/* The next end must give its slot to this one first. */
		kwq__pwq_detour(pwq);
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

/* pushed_next()'s wait: a pusher is between its exchange and its link. */
static __attribute__((noinline)) struct work_struct *
pushed_wait(struct work_struct *w)
{
	struct work_struct *next;
	unsigned int round = 0;

	while (!(next = kwq__pushed_after(w, __ATOMIC_ACQUIRE)))
		kwq__backoff(&round);
	return next;
}

/*
 * The item pushed after @w (or after a queue's stub), once its pusher has
 * linked it: almost always now.
 */
static inline struct work_struct *pushed_next(struct work_struct *w)
{
	struct work_struct *next = kwq__pushed_after(w, __ATOMIC_ACQUIRE);

	return likely(next) ? next : pushed_wait(w);
}

/*
 * Insert @w, a pushed item of @pwq just taken off the push queue, as an
 * add would; true when the pool needs a kick.  Inline: a serial queue's
 * worker pops every item.
 */
static inline __attribute__((always_inline)) bool
insert_pushed_locked(struct kwq__pwq *pwq, struct work_struct *w)
{
	return insert_locked(pwq->pool, pwq, w, kwq__pushed_data(pwq, w),
			     false);
}

/*
 * Take every item pushed on @q, a push queue of @pwq, and insert them in
 * the order of their pushes; true when the pool needs a kick.
 */
static bool splice_one_locked(struct kwq__pwq *pwq, struct kwq__pushq *q)
{
	struct work_struct *w, *next, *last;
	bool kick = false;

	if (__atomic_load_n(&q->tail, __ATOMIC_ACQUIRE) == &q->stub)
		return false;
	/*
	 * Unlink the first before the tail goes back to the stub: only a
	 * pusher that finds the tail at the stub links behind it.
	 */
	w = pushed_next(&q->stub);
	kwq__pushed_link(&q->stub, NULL, __ATOMIC_RELAXED);
	kwq__test_hook(splice, pwq);
	last = __atomic_exchange_n(&q->tail, &q->stub, __ATOMIC_ACQ_REL);
	for (;;) {
		/* Read before the insertion rewrites the links. */
		next = w == last ? NULL : pushed_next(w);
		kick |= insert_pushed_locked(pwq, w);
		if (!next)
			break;
		w = next;
	}
	return kick;
}

/*
 * Take every item pushed on @pwq (see kwq__pwq) and insert them, each
 * push queue's in the order of its pushes, kicking the pool if one is
 * ready to run.  The queues of a pwq with one per CPU go in CPU order:
 * their adds were concurrent, or came from a producer that moved between
 * CPUs, and such a queue promises no order between them.  One consumer
 * at a time: the pool lock is held.
 */
void kwq__pwq_splice_locked(struct kwq__pwq *pwq)
{
	bool kick = false;

	kwq__assert_locked(pwq->pool);
	for (unsigned int i = 0; i <= pwq->push_mask; i++)
		kick |= splice_one_locked(pwq, &pwq->push[i]);
	if (kick)
		kwq__kick_locked(pwq->pool);
}

/*
 * How many push queues @wq's pwqs have: one per CPU (a power of two, at
 * most KWQ_PUSHQ_MAX, CPUs beyond sharing them) for an unbound queue that
 * promises no order (not ordered, max_active above 1), so that producers
 * on two CPUs exchange no tail and link no item of the other's; one
 * otherwise, since the order of adds is the promise of the others, and a
 * bound pwq takes the adds of its own CPU.  And one where an add cannot
 * read its CPU in one load (no rseq area: valgrind, an older glibc), since
 * every add would take the same queue.
 */
unsigned int kwq__wq_push_queues(const struct workqueue_struct *wq)
{
	unsigned int n = 1;

	if (!(wq->flags & WQ_UNBOUND) || wq->ordered || wq->max_active < 2 ||
	    kwq__rseq_cpu() < 0)
		return 1;
	while (n < (unsigned int)kwq__g.nr_cpu_ids && n < KWQ_PUSHQ_MAX)
		n <<= 1;
	return n;
}

/* A new pwq's push queues, @pwq->push_mask + 1 of them, empty. */
void kwq__pwq_init_push(struct kwq__pwq *pwq)
{
	pwq->push_turn = pwq->push;
	pwq->push_left = KWQ_PUSHQ_TURN;
	for (unsigned int i = 0; i <= pwq->push_mask; i++) {
		pwq->push[i].tail = &pwq->push[i].stub;
		pwq->push[i].add_pwq = pwq;
		pwq->push[i].add_pool = pwq->pool;
		pwq->push[i].add_data = work_pwq_data(pwq, 0);
	}
}

/*
 * kwq__pwq_linked_locked()'s other case: the turn of a queue that links
 * items is over.  The next queue after it that links one becomes the
 * turn, the same again when no other does.
 */
struct kwq__pushq *kwq__pwq_next_linked_locked(struct kwq__pwq *pwq)
{
	unsigned int i = (unsigned int)(pwq->push_turn - pwq->push);

	for (unsigned int n = pwq->push_mask + 1; n; n--) {
		i = (i + 1) & pwq->push_mask;
		if (kwq__pushq_first(&pwq->push[i], __ATOMIC_RELAXED)) {
			pwq->push_turn = &pwq->push[i];
			pwq->push_left = KWQ_PUSHQ_TURN;
			return pwq->push_turn;
		}
	}
	return NULL;
}

/*
 * Push @w, whose PENDING bit the caller owns, on @q, a push queue of a pwq,
 * without the pool lock, its word then @data (q->add_data, with DELAYED
 * for a delayed item), which names the pwq.  Returns true when the queue
 * was empty: the caller must then see to it that somebody settles it
 * (push_first()).
 */
static inline bool push(struct kwq__pushq *q, struct work_struct *w,
			unsigned long data)
{
	struct work_struct *prev;

	kwq__pushed_link(w, NULL, __ATOMIC_RELAXED);
	prev = __atomic_exchange_n(&q->tail, w, __ATOMIC_SEQ_CST);
	kwq__test_hook(link, q->add_pwq);
	/*
	 * Named only now: whoever finds the pwq in the word, locks it and
	 * settles it must find the item in the queue.  Until then the item
	 * is pending on no list, as in any add before its insertion.  The
	 * link below publishes the word to the splicer, who waits for it.
	 */
	set_work_pwq(w, data);
	kwq__pushed_link(prev, w, __ATOMIC_RELEASE);
	return prev == &q->stub;
}

/*
 * Kick @pool for an item a freed slot has just put on its worklist.  The
 * kick's usual answers are tested inline first, since every item of a
 * serial or busy queue passes here: behind other items, a pool at its
 * target (kwq__kick_more_locked()); alone, a busy, watched pool, or the
 * finishing worker taking this item itself.
 */
static inline void kick_unless_taken_locked(struct kwq__pool *pool)
{
	struct kwq__worker *worker;

	if (pool->worklist.next->next != &pool->worklist) {
		worker = kwq__kick_more_locked(pool);
		if (worker)
			kwq__wake_worker(worker);
	} else if (!kwq__busy_watched_locked(pool) &&
		   !kwq__finisher_takes_locked(pool)) {
		kwq__kick_locked(pool);
	}
}

/*
 * Take the first item pushed on @q, a push queue of @pwq, off it: the
 * caller has seen it is not empty.  Only the worker that frees a slot
 * pops, one item per slot: the rest stay pushed, untouched, until their
 * turn.  A splice would walk every item at once, and a producer far ahead
 * of its worker would leave a list longer than the caches, each item then
 * read twice from memory.
 */
static inline __attribute__((always_inline)) struct work_struct *
unlink_first_locked(struct kwq__pwq *pwq, struct kwq__pushq *q)
{
	struct work_struct *w, *next;

	kwq__assert_locked(pwq->pool);
	w = pushed_next(&q->stub);
	next = kwq__pushed_after(w, __ATOMIC_ACQUIRE);
	if (!next) {
		/*
		 * @w looks last.  As in the splice, the stub's link goes
		 * before the tail comes back to the stub; a pusher that took
		 * @w as its predecessor first links behind it, and we wait
		 * for that.
		 */
		struct work_struct *expect = w;

		kwq__pushed_link(&q->stub, NULL, __ATOMIC_RELAXED);
		kwq__test_hook(pop_last, pwq);
		if (!__atomic_compare_exchange_n(&q->tail, &expect, &q->stub,
						 false, __ATOMIC_ACQ_REL,
						 __ATOMIC_ACQUIRE))
			kwq__pushed_link(&q->stub, pushed_next(w),
					 __ATOMIC_RELAXED);
	} else {
		kwq__pushed_link(&q->stub, next, __ATOMIC_RELAXED);
	}
	return w;
}

/*
 * Take the first item pushed on @q, a push queue of @pwq, and insert it,
 * kicking the pool if it is ready to run.  Inline in kwq__pwq_dec_locked():
 * a serial queue's worker comes here per item.
 */
static inline __attribute__((always_inline)) void
pop_locked(struct kwq__pwq *pwq, struct kwq__pushq *q)
{
	if (insert_pushed_locked(pwq, unlink_first_locked(pwq, q)))
		kick_unless_taken_locked(pwq->pool);
}

/*
 * In a fork()ed child: the parent's pushed items idle here, like its
 * inactive ones.  A push that was half done in another parent thread has
 * no link yet: the walk of its queue stops there, and the items from
 * that push to the tail are cut off, pending, out of reach.  Returns
 * true then: the caller fences them off (kwq__wq_child()).
 */
bool kwq__pwq_forget_pushed(struct kwq__pwq *pwq)
{
	bool cut = false;

	for (unsigned int i = 0; i <= pwq->push_mask; i++) {
		struct kwq__pushq *q = &pwq->push[i];
		struct work_struct *w = kwq__pushq_first(q, __ATOMIC_RELAXED);
		struct work_struct *next, *last = q->tail;
		bool first = w;

		while (w) {
			next = w == last ? NULL :
				kwq__pushed_after(w, __ATOMIC_RELAXED);
			kwq__list_init(&w->entry);
			kwq__forget(w);
			if (!next && w != last)
				cut = true;
			w = next;
		}
		if (!first && last != &q->stub)
			cut = true;	/* the first push itself is half done */
		kwq__pushed_link(&q->stub, NULL, __ATOMIC_RELAXED);
		q->tail = &q->stub;
	}
	return cut;
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
 * (see release_waiter_locked() in worker.c).  Both pools' locks are held.
 */
static void insert_waiting_locked(struct kwq__worker *worker,
				  struct kwq__pwq *pwq, struct work_struct *w,
				  unsigned long old)
{
	kwq__assert_locked(worker->pool);
	kwq__assert_locked(pwq->pool);
	worker->wait_pool = pwq->pool;
	kwq__worker_detour(worker);
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

	if (unlikely(kwq__wq_draining(wq)) && !force && !kwq__in_wq(wq)) {
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

/* add_won()'s insertion when the lock is busy, or held (@locked). */
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
 * The add's first pusher, who found @q, a push queue of a pwq, empty: if no
 * slot is free, the worker freeing one settles it, since
 * kwq__pwq_dec_locked() looks at every queue after it lowers nr_active,
 * and so does a thaw after it raises the limit.  The exchange in push()
 * and these loads, against those stores and looks, all sequentially
 * consistent: one of the two sees the other.  Its own function, so that
 * every other push saves no register.
 */
static __attribute__((noinline)) int push_first(struct kwq__pushq *q)
{
	struct kwq__pwq *pwq = q->add_pwq;

	if (__atomic_load_n(&pwq->nr_active, __ATOMIC_SEQ_CST) >=
	    __atomic_load_n(&pwq->limit, __ATOMIC_SEQ_CST)) {
		kwq__test_hook(push, pwq, KWQ__PUSH_LEFT);
		return 0;
	}
	kwq__lock(pwq->pool);
	kwq__pwq_splice_locked(pwq);
	kwq__unlock(pwq->pool);
	return 0;
}

/*
 * The rare adds, out of line: to a queue being drained or destroyed, of
 * an item never initialised, or of one that last ran on another pool.
 * The first is tested with the queue's kind in one compare (wq->draining,
 * see KWQ_WQ_BOUND), the other two with a fresh item in one (add_won()).
 */
static __attribute__((noinline)) int add_rare(struct workqueue_struct *wq,
					      struct work_struct *w, int cpu,
					      unsigned long old)
{
	/*
	 * Tested after the fetch-or, to keep the test off the -EBUSY path:
	 * an item that is pending was initialised, since every add tests
	 * this, and one that never was gives the bit back.
	 */
	if (unlikely(!(old & WORK_INIT))) {
		clear_work_pending(w);
		return -EINVAL;
	}
	return kwq__queue_owned(cpu, wq, w, old, 0);
}

/*
 * add_won()'s insertion of @w, whose word was @old, through @q, a push
 * queue of the pwq it goes to: the item never ran, or last ran on that
 * pwq's pool, whose lock covers both the busy check and the insertion.
 * Pushed without the lock behind pushed items or where it would wait for
 * a slot; otherwise inserted under the lock.  Inline twice, @old a
 * constant in the copy for a fresh item.
 */
static inline __attribute__((always_inline)) int
add_to(struct kwq__pushq *q, struct work_struct *w, unsigned long old)
{
	struct kwq__pwq *pwq;
	struct kwq__pool *pool;

	/*
	 * Behind pushed items, or where it would wait for a slot: pushed.
	 * Items on another CPU's queue it may pass: that pwq keeps no order.
	 */
	if (kwq__pushq_linked(q))
		goto push;
	pwq = q->add_pwq;
	if (unlikely(__atomic_load_n(&pwq->nr_active, __ATOMIC_RELAXED) >=
		     __atomic_load_n(&pwq->limit, __ATOMIC_RELAXED)))
		goto push;
	pool = q->add_pool;
	if (unlikely(!kwq__trylock(pool)))
		return add_locked(pwq, w, old, false);
	if (unlikely(!kwq__list_empty(&pool->waits)))
		return add_locked(pwq, w, old, true);
	/*
	 * On the worklist, the item needs a kick unless the pool is busy and
	 * watched (no worker can be finishing with this lock held).
	 */
	if (insert_locked(pool, pwq, w, old, true) &&
	    !kwq__busy_watched_locked(pool))
		return kwq__kick_unlock(pool);
	kwq__unlock(pool);
	return 0;
push:
	kwq__test_hook(push, q->add_pwq, KWQ__PUSH_BEFORE);
	if (!push(q, w, q->add_data | (old & WORK_DELAYED)))
		return 0;	/* the first pusher saw to the queue */
	return push_first(q);
}

/*
 * add_won()'s end, with @q, the push queue it picked: its test of the
 * item's word, then add_to() or add_rare().  @at is the add's CPU, or
 * any.
 */
static inline __attribute__((always_inline)) int
add_item(struct workqueue_struct *wq, struct work_struct *w,
	 struct kwq__pushq *q, int at)
{
	unsigned long old;

	/*
	 * PENDING is ours: nobody else writes the word until it is queued.
	 * Not pending before, so on no list: the word names at most a pool,
	 * the last it ran on.  A fresh item (INIT and our PENDING, nothing
	 * else) costs one compare of the word, which also says it is
	 * initialised and no delayed item; one that ran must have run on
	 * this pool.  What follows reads only the word's pointer and its
	 * INIT and DELAYED bits.
	 */
	if (likely(!kwq__word_ne(&w->data, WORK_INIT | WORK_PENDING)))
		return add_to(q, w, WORK_INIT | WORK_PENDING);
	old = work_data(w);
	kwq__assert(!(old & WORK_PWQ));
	if (unlikely(!(old & WORK_INIT)) ||
	    ((old & ~WORK_FLAG_MASK) &&
	     unlikely((struct kwq__pool *)(old & ~WORK_FLAG_MASK) !=
		      q->add_pool)))
		return add_rare(wq, w, at, old);
	return add_to(q, w, old);
}

/*
 * A bound queue's add without a CPU that neither rseq nor RDPID gave: its
 * own function, so that the add makes no call and saves no register
 * around one.  add_won() has tried both: only the call is left, and the
 * add goes on from the push queue of that CPU's pwq.
 */
static __attribute__((noinline)) int add_won_local(struct workqueue_struct *wq,
						   struct work_struct *w)
{
	int cpu = pwq_cpu(wq, sched_getcpu());

	return add_item(wq, w, wq->cpu_pwqs[cpu]->push, WORK_CPU_ANY);
}

/*
 * The rest of an add, once PENDING is won: after the -EBUSY path's
 * return, inline in the public adds of any CPU (the common case) and in
 * add_won_on() (@at: the caller's CPU, or any).  The common case makes
 * no call but tail calls, so that it saves no register.  Anything rarer
 * goes to add_rare() or add_locked().
 */
static inline __attribute__((always_inline)) int
add_won(struct workqueue_struct *wq, struct work_struct *w, int at)
{
	struct kwq__pushq *q;
	int cpu = at;

	/*
	 * Its CPU's push queue from push_qs[], and nobody drains the queue,
	 * in one compare: unbound (0) or, for an add on any CPU, bound where
	 * the CPU's byte indexes push_qs[] (KWQ_WQ_BOUND).  Unbound, the
	 * CPU's queue where it has one per CPU: any is correct, its own
	 * writes no line another CPU's adds write (without rseq the byte is
	 * a negative number's, and there is one).  Bound, the CPU's pwq's,
	 * as kwq__this_cpu() would choose it.  Each compare is a look at the
	 * word, and add_rare() looks again (kwq__queue_owned()).
	 */
	if (at == WORK_CPU_ANY ?
	    likely(!kwq__word_above(&wq->draining, KWQ_WQ_BOUND)) :
	    likely(!kwq__word_ne(&wq->draining, 0))) {
		q = wq->push_qs[kwq__add_cpu_byte()];
	} else if (likely(!kwq__word_above(&wq->draining,
					   KWQ_WQ_BOUND | KWQ_WQ_CPU_CALL))) {
		/*
		 * Bound, nobody draining it: on a given CPU, or on any where
		 * the CPU's byte does not index push_qs[] (no rseq, or over
		 * 256 CPUs).
		 */
		if (cpu == WORK_CPU_ANY) {
			cpu = kwq__add_cpu();
			if (unlikely((unsigned int)cpu >=
				     (unsigned int)kwq__g.nr_cpu_ids ||
				     !wq->cpu_pwqs[cpu])) {
				/*
				 * Off the rseq path: RDPID, else a call.  The
				 * bound read again, so that gcc keeps it out
				 * of a register on the rseq path.
				 */
				cpu = kwq__rdpid_cpu();
				if ((unsigned int)cpu >=
				    (unsigned int)__atomic_load_n(
					    &kwq__g.nr_cpu_ids,
					    __ATOMIC_RELAXED) ||
				    !wq->cpu_pwqs[cpu])
					return add_won_local(wq, w);
			}
		}
		q = wq->cpu_pwqs[cpu]->push;
	} else {
		return add_rare(wq, w, at, work_data(w));
	}
	return add_item(wq, w, q, at);
}

/* --- the public adds ----------------------------------------------------- */

/*
 * An add in debug mode, with statistics on, or in a fork child with
 * orphans: the whole add, out of line, so that the others pay one test of
 * kwq__modes for all three.
 */
static __attribute__((noinline)) int add_slow(struct workqueue_struct *wq,
					      struct work_struct *w, int cpu,
					      void *caller)
{
	if (unlikely(!(__atomic_load_n(&w->data, __ATOMIC_RELAXED) &
		       WORK_INIT)))
		return -EINVAL;
	if (kwq__debugging()) {
		int err = kwq__debug_check_add(wq, w, caller);

		if (err)
			return err;
	}
	if (kwq__add_refused(w)) {
		kwq__stat_rejected(wq);
		return -EBUSY;
	}
	if (kwq__debugging())
		kwq__debug_added(w, wq, caller);
	return kwq__queue_owned(cpu, wq, w, work_data(w), 0);
}

/*
 * add_work_cpu()'s end for an add on a given CPU, valid (never
 * WORK_CPU_ANY, which the compiler is told): one copy, out of line.
 */
static __attribute__((noinline)) int add_won_on(struct workqueue_struct *wq,
						struct work_struct *w, int cpu)
{
	if (cpu == WORK_CPU_ANY)
		__builtin_unreachable();
	return add_won(wq, w, cpu);
}

/*
 * The front of every add, inlined into each entry point, so that an add of
 * an item already pending costs the argument tests, one test of the modes
 * and one locked bit-test-and-set (10 instructions; a fork child with
 * orphans is a mode, see kwq__orphans()).  The won add of any CPU goes on
 * inline, in the same function, so that it makes no call and no jump to
 * another (add_won()); one on a given CPU by a tail call.  Inlined,
 * __builtin_return_address() names the entry point's caller; it is read
 * only where it is needed, since gcc would otherwise load it on every path.
 */
static inline __attribute__((always_inline)) int
add_work_cpu(int cpu, struct workqueue_struct *wq, struct work_struct *w)
{
	if (unlikely(!wq || !w))
		return -EINVAL;
	if (cpu != WORK_CPU_ANY && unlikely(!kwq__cpu_valid(cpu)))
		return -EINVAL;
	if (kwq__any_mode())
		return add_slow(wq, w, cpu, __builtin_return_address(0));
	if (test_and_set_work_pending(w) & WORK_PENDING)
		return -EBUSY;
	if (cpu == WORK_CPU_ANY)
		return add_won(wq, w, WORK_CPU_ANY);
	return add_won_on(wq, w, cpu);
}

int add_work_to_q_on(int cpu, struct workqueue_struct *wq,
		     struct work_struct *work)
{
	if (cpu == WORK_CPU_ANY)
		return -EINVAL;
	return add_work_cpu(cpu, wq, work);
}

int add_work_to_q(struct workqueue_struct *wq, struct work_struct *work)
{
	return add_work_cpu(WORK_CPU_ANY, wq, work);
}

int add_work(struct work_struct *work)
{
	struct workqueue_struct *wq = kwq__system_queue(KWQ_SYSTEM_WQ);

	if (unlikely(!wq))
		return -errno;
	return add_work_cpu(WORK_CPU_ANY, wq, work);
}

int add_work_on(int cpu, struct work_struct *work)
{
	struct workqueue_struct *wq = kwq__system_queue(KWQ_SYSTEM_WQ);

	if (unlikely(!wq))
		return -errno;
	if (cpu == WORK_CPU_ANY)
		return -EINVAL;
	return add_work_cpu(cpu, wq, work);
}

#ifdef KWQ_TEST_HOOKS
/* The test build's hooks: see internal.h. */
void (*kwq__splice_hook)(struct kwq__pwq *pwq);
void (*kwq__pop_last_hook)(struct kwq__pwq *pwq);
void (*kwq__push_hook)(struct kwq__pwq *pwq, int at);
void (*kwq__release_hook)(struct kwq__pwq *pwq);
void (*kwq__link_hook)(struct kwq__pwq *pwq);
void (*kwq__hand_over_hook)(struct kwq__pwq *pwq, struct work_struct *w);
#endif

/* --- pwq accounting: activation and completion -------------------------- */

/*
 * Make inactive @w active: onto the pool's worklist with its barriers.
 * True when the pool needs a kick.  Inline in the release: with inactive
 * items, a busy queue's worker comes here per item.
 */
static inline __attribute__((always_inline)) bool
activate_locked(struct kwq__pwq *pwq, struct work_struct *w)
{
	struct kwq__pool *pool = pwq->pool;
	bool head = pwq->inactive.next == &w->entry;
	unsigned long data = work_data(w);

	kwq__assert_locked(pool);
	if (kwq__debugging())
		kwq__debug_check_queued(pool, w, head ? &pwq->inactive : NULL);
	KWQ_TRACE(activate, w, w->func, pwq->name);
	mark_work_active(w);
	__atomic_store_n(&pwq->nr_active, pwq->nr_active + 1, __ATOMIC_RELAXED);
	if (unlikely(!kwq__list_empty(&pool->waits)) &&
	    kwq__waited_locked(pool, w)) {
		kwq__move_linked_locked(w, &pool->held);
		return false;
	}
	if (likely(!(data & WORK_LINKED))) {
		kwq__list_del_init(&w->entry);
		kwq__list_add_before(&w->entry, &pool->worklist);
	} else {
		kwq__move_linked_locked(w, &pool->worklist);
	}
	return true;
}

void kwq__pwq_activate_locked(struct kwq__pwq *pwq, struct work_struct *w)
{
	if (activate_locked(pwq, w))
		kwq__kick_locked(pwq->pool);
}

/* The last item of the color @pwq's flusher waits for is done: tell it. */
static __attribute__((noinline)) void flushed_locked(struct kwq__pwq *pwq)
{
	struct workqueue_struct *wq = pwq->wq;

	pwq->flush_color = -1;
	/* The flusher may free @wq as soon as this completes. */
	if (!__atomic_sub_fetch(&wq->nr_pwqs_to_flush, 1, __ATOMIC_ACQ_REL))
		kwq__complete(wq->flush_done);
}

/*
 * kwq__pwq_release_locked()'s pop: its look after the store found items
 * pushed on @q, which becomes the queue of the turn (see
 * kwq__pwq_linked_locked()); or kwq__pwq_free_slot_locked()'s, @q the
 * turn's, linking one.  Out of line, so that the inline release saves no
 * register.
 */
void kwq__pwq_pop_locked(struct kwq__pwq *pwq, struct kwq__pushq *q)
{
	if (unlikely(pwq->push_turn != q)) {
		pwq->push_turn = q;
		pwq->push_left = KWQ_PUSHQ_TURN;
	}
	pop_locked(pwq, q);
}

/*
 * kwq__pwq_unlink_first_locked()'s rarer case: the item it takes looked
 * the last pushed, whose unlinking puts the tail back
 * (unlink_first_locked()).
 */
struct work_struct *kwq__pwq_unlink_last_locked(struct kwq__pwq *pwq,
					       struct kwq__pushq *q)
{
	return unlink_first_locked(pwq, q);
}

/*
 * An active item of @pwq, of flush color @color, is done (it ran, or was
 * cancelled): free its slot for the next inactive item, and tell a flusher
 * waiting for that color.  Every item ends here, the worker's usual case
 * (nothing waiting, no flusher) inline in worker.c: what is rare (inactive
 * items, a flush) is tested last or kept out of line, so that the pop of a
 * pushed item saves few registers.
 */
void kwq__pwq_dec_locked(struct kwq__pwq *pwq, int color)
{
	kwq__assert_locked(pwq->pool);
	if (unlikely(!kwq__list_empty(&pwq->inactive))) {
		/*
		 * Items wait: the slot goes to the first, an inactive one
		 * (pushed items came after those).  No add can be left
		 * waiting on this store: the queue stays in the care of
		 * whoever frees the next slot.
		 */
		__atomic_store_n(&pwq->nr_active, pwq->nr_active - 1,
				 __ATOMIC_RELAXED);
		if (pwq->nr_active < pwq->limit &&
		    activate_locked(pwq, kwq__list_entry(pwq->inactive.next,
							 struct work_struct,
							 entry)))
			kick_unless_taken_locked(pwq->pool);
	} else {
		kwq__pwq_free_slot_locked(pwq);
	}
	pwq->nr_in_flight[color]--;
	if (unlikely(pwq->flush_color == color) && !pwq->nr_in_flight[color])
		flushed_locked(pwq);
}
