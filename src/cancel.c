// SPDX-License-Identifier: MIT
/*
 * Waiting for and cancelling single work items: wait_for_work(), remove_work()
 * and remove_work_sync().
 *
 * Flushing an item queues a barrier, an item of kwq's own that completes an
 * event, right behind it: behind the pending instance on its list (linked to
 * it, so that the two move together), or at the head of the scheduled list of
 * the worker running the instance.  When the barrier runs, everything queued
 * before the flush has finished.
 *
 * Cancelling steals the PENDING bit: whoever holds it owns the item, so a
 * cancel that wins it while the item sits on a list takes it off that list
 * under the pool's lock, and one that wins it from an idle item simply owns
 * an idle item.  remove_work_sync() keeps the bit, marked CANCELING, while it
 * waits for a running instance, so adds meanwhile fail with -EBUSY; a second
 * remove_work_sync() of the item sleeps until the first lets go.
 */
#include "internal.h"

#include <string.h>

/*
 * A cancel_*_sync() that finds another owning the item sleeps on
 * cancel_word until some cancel_*_sync() lets go of an item.  Bit 0 says
 * that one sleeps, which spares the letting go a system call otherwise;
 * each letting go adds 2.  One word for all items: two cancels of one item
 * at once are rare, and a waiter woken for another item only looks again.
 * Both sides change the word with a read-modify-write, so of any sleeper
 * and any letting go, either the sleeper's look sees the item released or
 * the letting go sees bit 0.
 */
#define CANCEL_SLEEPERS 1U
#define CANCEL_LET_GO 2U

static uint32_t cancel_word;		/* A: see above */

/* --- orphans of a fork (see internal.h) --------------------------------- */

unsigned int kwq__ghosts;		/* A: see internal.h */

/*
 * The ghosts.  Never freed: an orphan may name one for as long as the
 * program keeps the item, past its queue's destruction.  Written only in
 * a fork child before it has another thread, read without a lock after.
 * The first GHOSTS_FIRST need no memory, so that a child short of it
 * still tells its orphans (pwq_fence() in workqueue.c).
 */
#define GHOSTS_FIRST 8
static struct kwq__pwq *ghosts_first[GHOSTS_FIRST];
static struct kwq__pwq **ghosts = ghosts_first;

/*
 * In a fork child, before it has another thread: @pwq is a ghost.  Past
 * the first, the table grows by one: ghosts are few, one per fork that
 * cut a push.
 *
 * The growth frees the table that kwq__is_ghost() reads without a lock,
 * and no reader can be there: the only caller is fork.c's child handler
 * (kwq__wq_child(), pwq_fence()), in the one thread a fork leaves, before
 * fork() returns and before the handler restarts kwq's own threads.  The
 * threads that read the table in a child that forks again (a grandchild's
 * ghosts, past the eighth) read the child's copy, in another address
 * space: the grandchild frees and writes its own.  A thread started by an
 * earlier-registered atfork handler could call kwq before this handler
 * has run, but it would find kwq's every lock held and its state the
 * parent's: kwq is not usable in a child until its handler has run.
 */
int kwq__ghost_add(struct kwq__pwq *pwq)
{
	unsigned int n = kwq__ghosts;
	struct kwq__pwq **tab = ghosts;

	if (kwq__is_ghost(pwq))
		return 0;		/* cut again, in a grandchild */
	if (n >= GHOSTS_FIRST) {
		tab = kwq__zalloc_array(n + 1, sizeof(*tab));
		if (!tab)
			return -ENOMEM;
		memcpy(tab, ghosts, n * sizeof(*tab));
		if (ghosts != ghosts_first)
			free(ghosts);
		ghosts = tab;
	}
	tab[n] = pwq;
	__atomic_store_n(&kwq__ghosts, n + 1, __ATOMIC_RELEASE);
	kwq__mode_set(KWQ_MODE_ORPHANS, true);
	return 0;
}

/*
 * Is @pwq, named by a pending item's word, a ghost?  Compared, never
 * followed: a live pwq may be going away with its queue.
 */
bool kwq__is_ghost(const struct kwq__pwq *pwq)
{
	unsigned int n = __atomic_load_n(&kwq__ghosts, __ATOMIC_ACQUIRE);

	for (unsigned int i = 0; i < n; i++)
		if (ghosts[i] == pwq)
			return true;
	return false;
}

/*
 * Under the pool lock of @pwq, a ghost named by @w's word: is @w an
 * orphan?  Always, but on a ghost that its queue still uses (`cut`),
 * whose own items are on its lists once its push queues are settled.
 */
static bool orphan_locked(struct kwq__pwq *pwq, const struct work_struct *w)
{
	const struct kwq_list_node *n;

	if (likely(!pwq->cut))
		return true;
	kwq__pwq_settle_locked(pwq);
	for (n = pwq->inactive.next; n != &pwq->inactive; n = n->next)
		if (n == &w->entry)
			return false;
	return !kwq__pool_holds_locked(pwq->pool, w);
}

/*
 * An add found @w pending: if it is an orphan, make it the caller's, as a
 * won fetch-or would (PENDING, no list), naming the ghost's pool, where an
 * instance still running in the thread that forked (a fork from an item)
 * is found.  Under that pool's lock, so that of the calls that meet it,
 * one takes it.
 */
bool kwq__take_orphan(struct work_struct *w)
{
	unsigned long data = work_data(w);
	struct kwq__pwq *pwq = data_pwq(data);
	bool taken = false;

	if (!(data & WORK_PENDING) || !pwq || !kwq__is_ghost(pwq))
		return false;
	kwq__lock(pwq->pool);
	if (work_data(w) == data && orphan_locked(pwq, w)) {
		set_work_pool_and_keep_pending(w, pwq->pool, data);
		kwq__list_init(&w->entry);
		taken = true;
	}
	kwq__unlock(pwq->pool);
	return taken;
}

/* A barrier's work: wake its flusher (kwq__is_barrier() knows it by this). */
void kwq__barrier_func(struct work_struct *work)
{
	struct kwq__barrier *b = container_of(work, struct kwq__barrier, work);

	kwq__complete(&b->done);
}

/*
 * Queue barrier @b behind the instance of @w queued on, or running in, the
 * pool its data names, and say whether there is anything to wait for.
 */
enum kwq__flush_wait kwq__start_flush(struct work_struct *w,
				      struct kwq__barrier *b,
				      struct workqueue_struct **wq)
{
	struct kwq__worker *worker;
	struct kwq__pool *pool;
	struct kwq__pwq *pwq;
	unsigned long data;

	b->done.done = 0;
	b->work.func = kwq__barrier_func;
	kwq__list_init(&b->work.entry);
retry:
	data = work_data(w);
	pool = data_pool(data);
	if (!pool)
		return FLUSH_NOTHING;
	kwq__lock(pool);
	/*
	 * Only a holder of this lock can move an item queued here; an idle
	 * item may be queued elsewhere meanwhile, but then only a running
	 * instance here is looked for, which this lock keeps in place.
	 */
	data = work_data(w);
	if (data_pool(data) != pool) {
		kwq__unlock(pool);
		goto retry;
	}
	pwq = data_pwq(data);
	if (unlikely(pwq && kwq__is_ghost(pwq)) && orphan_locked(pwq, w)) {
		/* An orphan: forgotten, then looked at as an idle item. */
		set_work_pool_and_clear_pending(w, pool, data);
		kwq__list_init(&w->entry);
		kwq__unlock(pool);
		goto retry;
	}
	if (pwq) {
		/* Pushed, it takes its place in the lists first. */
		kwq__pwq_settle_locked(pwq);
		data = work_data(w);
		/* Pending: run right after it, wherever it is moved. */
		set_barrier_pwq(&b->work, pwq,
				data & (WORK_INACTIVE | WORK_LINKED));
		mark_work_linked(w);
		kwq__list_add_head(&b->work.entry, &w->entry);
		*wq = pwq->wq;
	} else {
		worker = kwq__find_busy_locked(pool, w);
		if (!worker) {
			kwq__unlock(pool);
			return FLUSH_NOTHING;
		}
		set_barrier_pwq(&b->work, worker->current_pwq, 0);
		kwq__list_add_head(&b->work.entry, &worker->scheduled);
		kwq__worker_detour(worker);
		*wq = worker->current_pwq->wq;
	}
	kwq__unlock(pool);
	return FLUSH_BARRIER;
}

/*
 * Is @w an item, for @what at @caller?  Only an initialised word is
 * checked; debug mode also refuses, with a report, memory that does not
 * hold an item kwq left (see kwq__debug_check_item()).
 */
static int work_valid(struct work_struct *w, const char *what, void *caller)
{
	if (!w)
		return 0;
	if (kwq__debugging() && kwq__debug_check_item(w, false, what, caller))
		return 0;
	return !!(work_data(w) & WORK_INIT);
}

static int running_self(const struct work_struct *w)
{
	return kwq__self && current_work() == w;
}

/*
 * Is @w, whose word named @pwq, a ghost (kwq__is_ghost()), queued on it?
 * Only on a ghost that its queue still uses (`cut`, pwq_fence() in
 * workqueue.c), and for an item that is not an orphan: that ghost is its
 * queue's pwq, and @w waits there as on any.  The other ghosts' words are
 * orphans', which kwq__start_flush() forgets; their queues may be gone,
 * so that nothing past the ghost may be read.  A `cut` ghost's queue
 * lives while the flag is set: its destruction clears it under this lock
 * before it frees the queue (pwq_free()).
 */
static bool ghost_queued(struct kwq__pwq *pwq, const struct work_struct *w)
{
	bool queued;

	kwq__lock(pwq->pool);
	queued = pwq->cut && data_pwq(work_data(w)) == pwq &&
		 !orphan_locked(pwq, w);
	kwq__unlock(pwq->pool);
	return queued;
}

/*
 * The ordered queue on which @w is queued behind the item the caller runs
 * (that is, the caller runs on it, or re-added itself there), or NULL:
 * then @w cannot start before this run returns.  The re-add is seen in
 * debug mode only: the caller's item may have freed itself, so its word is
 * read only once debug mode's records say it is pending (self_pending_on()
 * in workqueue.c says the same).  In a fork child, @w queued on a pwq
 * that its queue goes on with as a ghost, for want of memory for the
 * fence (ghost_queued()), is looked at as on any pwq, so that the child
 * gets -EDEADLK where the parent does, not a wait for ever.
 */
static struct workqueue_struct *behind_self(struct work_struct *w)
{
	struct work_struct *me = current_work();
	struct kwq__pwq *pwq = data_pwq(work_data(w));
	struct workqueue_struct *wq = NULL;
	struct kwq_list_node *n;

	if (!me || !pwq)
		return NULL;
	if (unlikely(kwq__is_ghost(pwq)) && !ghost_queued(pwq, w))
		return NULL;
	if (!pwq->wq->ordered)
		return NULL;
	/* Running on that very queue, the caller holds its one slot. */
	if (kwq__self->current_pwq == pwq && kwq__in_wq(pwq->wq))
		return pwq->wq;
	if (!kwq__debugging() || !kwq__debug_pending(me) ||
	    data_pwq(work_data(me)) != pwq)
		return NULL;
	kwq__lock(pwq->pool);
	if (data_pwq(work_data(w)) != pwq || data_pwq(work_data(me)) != pwq)
		goto out;
	/* Named before the settle, both are on lists after it. */
	kwq__pwq_settle_locked(pwq);
	/* One item of an ordered queue is active: the one ahead of all. */
	if (!(work_data(me) & WORK_INACTIVE)) {
		wq = pwq->wq;
		goto out;
	}
	for (n = pwq->inactive.next; n != &pwq->inactive; n = n->next) {
		if (n == &w->entry)
			break;
		if (n == &me->entry) {
			wq = pwq->wq;
			break;
		}
	}
out:
	kwq__unlock(pwq->pool);
	return wq;
}

/* wait_for_work() for @what at @caller (wait_for_delayed_work() too). */
int kwq__wait_for_work(struct work_struct *work, const char *what,
		       void *caller)
{
	struct workqueue_struct *wq = NULL;
	struct kwq__barrier b;

	if (!work_valid(work, what, caller))
		return -EINVAL;
	if (running_self(work))
		return -EDEADLK;
	wq = kwq__self ? behind_self(work) : NULL;
	if (wq) {
		if (kwq__debugging())
			kwq__debug_self_wait(wq->name, what, caller);
		return -EDEADLK;
	}
	if (kwq__start_flush(work, &b, &wq) == FLUSH_NOTHING)
		return 0;
	if (kwq__debugging())
		kwq__debug_flush(wq, caller);
	kwq__wait_for_completion(&b.done);
	return 0;
}

int wait_for_work(struct work_struct *work)
{
	return kwq__wait_for_work(work, "wait_for_work",
				  __builtin_return_address(0));
}

/*
 * Try to take the PENDING bit of @w.  Returns 0 when the caller owns it,
 * with *@removed telling whether a pending instance was taken off its timer
 * or list (rather than the item having been idle); -EAGAIN when the item is
 * between states (being queued or armed) and the caller should try again;
 * -EBUSY when a cancel_*_sync() owns it.  On 0 the caller must release
 * PENDING.
 */
int kwq__grab_pending(struct work_struct *w, bool *removed)
{
	struct kwq__worker *waiter;
	unsigned long old, data;
	struct kwq__pool *pool;
	struct kwq__pwq *pwq;

	*removed = false;
	/*
	 * Setting a bit that is set changes nothing: a pending item (the
	 * common case of a cancel) is read, not written, which saves an
	 * atomic.  Every path below judges @old again under a lock.
	 */
	old = __atomic_load_n(&w->data, __ATOMIC_ACQUIRE);
	if (!(old & WORK_PENDING)) {
		old = test_and_set_work_pending(w);
		if (!(old & WORK_PENDING))
			return 0;
	}
	pwq = data_pwq(old);
	if (!pwq) {
		if (old & WORK_CANCELING)
			return -EBUSY;
		if ((old & WORK_DELAYED) &&
		    kwq__take_armed(to_delayed_work(w))) {
			*removed = true;
			return 0;
		}
		return -EAGAIN;
	}

	kwq__lock(pwq->pool);
	if (data_pwq(work_data(w)) != pwq) {
		kwq__unlock(pwq->pool);	/* started, or moved meanwhile */
		return -EAGAIN;
	}
	if (unlikely(kwq__is_ghost(pwq)) && orphan_locked(pwq, w)) {
		/* An orphan: on no list, so owned as an idle item is. */
		set_work_pool_and_keep_pending(w, pwq->pool, work_data(w));
		kwq__list_init(&w->entry);
		kwq__unlock(pwq->pool);
		if (kwq__debugging())
			kwq__debug_idle(w);
		return 0;
	}
	/* Named before the settle, the item is on a list after it. */
	kwq__pwq_settle_locked(pwq);
	data = work_data(w);
	/*
	 * Held for a run on another pool: that worker forgets it, and the
	 * data names that pool, where a cancel_*_sync() must wait.
	 */
	pool = pwq->pool;
	waiter = kwq__waited_locked(pool, w);
	if (waiter) {
		waiter->wait_work = NULL;
		kwq__list_del_init(&waiter->wait_node);
		pool = waiter->pool;
	}
	/*
	 * An inactive or held item is activated first, so that the barriers
	 * linked behind it reach the worklist and still run.
	 */
	if (data & WORK_INACTIVE) {
		kwq__pwq_activate_locked(pwq, w);
	} else if (waiter && (data & WORK_LINKED)) {
		kwq__move_linked_locked(w, &pwq->pool->worklist);
		kwq__kick_locked(pwq->pool);
	}
	kwq__list_del_init(&w->entry);
	kwq__pwq_dec_locked(pwq, !!(data & WORK_COLOR));
	set_work_pool_and_keep_pending(w, pool, data);
	kwq__unlock(pwq->pool);
	*removed = true;
	if (kwq__debugging())
		kwq__debug_idle(w);
	return 0;
}

/* A cancel_*_sync() has let go of its item: wake those that wait for one. */
static void wake_cancellers(void)
{
	if (__atomic_fetch_add(&cancel_word, CANCEL_LET_GO, __ATOMIC_ACQ_REL) &
	    CANCEL_SLEEPERS) {
		/* Woken sleepers that still must wait set the bit again. */
		__atomic_fetch_and(&cancel_word, ~CANCEL_SLEEPERS,
				   __ATOMIC_RELAXED);
		kwq__futex_wake(&cancel_word, INT32_MAX);
	}
}

/*
 * Take the PENDING bit of @w for remove_work_sync(), however long another
 * cancel_*_sync() owns it: sleep until that one lets go.
 */
static void grab_for_sync(struct work_struct *w, bool *removed)
{
	unsigned int round = 0;

	for (;;) {
		int ret = kwq__grab_pending(w, removed);
		uint32_t seen = 0;

		if (ret == -EBUSY) {
			/* Say that one sleeps, then look once more. */
			seen = __atomic_fetch_or(&cancel_word, CANCEL_SLEEPERS,
						 __ATOMIC_ACQ_REL) |
				CANCEL_SLEEPERS;
			ret = kwq__grab_pending(w, removed);
		}
		if (!ret)
			return;
		if (ret == -EAGAIN) {
			kwq__backoff(&round);	/* in transit, for a moment */
			continue;
		}
		kwq__sleep_begin();
		/* A wake-up may be for another item: the loop looks again. */
		kwq__futex_wait(&cancel_word, seen, NULL);
		kwq__sleep_end();
	}
}

/* remove_work() of a valid @work; remove_delayed_work() calls it direct. */
int kwq__remove_work(struct work_struct *work)
{
	unsigned int round = 0;
	bool removed;
	int ret;

	while ((ret = kwq__grab_pending(work, &removed)) == -EAGAIN)
		kwq__backoff(&round);
	/* A cancel_*_sync() owns it: nothing is pending for us to remove. */
	if (ret)
		return -ENOENT;
	release_work_pending(work);
	return removed ? 0 : -ENOENT;
}

int remove_work(struct work_struct *work)
{
	if (!work_valid(work, "remove_work", __builtin_return_address(0)))
		return -EINVAL;
	return kwq__remove_work(work);
}

int remove_work_sync(struct work_struct *work)
{
	struct workqueue_struct *wq = NULL;
	struct kwq__barrier b;
	bool removed;

	if (!work_valid(work, "remove_work_sync", __builtin_return_address(0)))
		return -EINVAL;
	if (running_self(work))
		return -EDEADLK;
	grab_for_sync(work, &removed);
	if (kwq__debugging())
		kwq__debug_canceling(work, true);
	mark_work_canceling(work);
	if (kwq__start_flush(work, &b, &wq) != FLUSH_NOTHING) {
		if (kwq__debugging())
			kwq__debug_flush(wq, __builtin_return_address(0));
		kwq__wait_for_completion(&b.done);
	}
	release_work_pending(work);
	kwq__test_hook(sync_release, work);
	if (kwq__debugging())
		kwq__debug_canceling(work, false);
	wake_cancellers();
	return removed ? 0 : -ENOENT;
}

#ifdef KWQ_TEST_HOOKS
/* The test build's hook: see internal.h. */
void (*kwq__sync_release_hook)(struct work_struct *w);
#endif
