// SPDX-License-Identifier: MIT
/*
 * Workqueues: creating and destroying them, flushing and draining.
 *
 * A queue is a name, flags and one pool_workqueue (pwq) per pool it uses.
 * The public add functions are add.c's, front to end: an add checks the
 * item and the CPU, takes the item's PENDING bit, picks the pwq (the
 * adding CPU's, the given CPU's, or the unbound one) and puts the item on
 * that pool's worklist, or on the pwq's inactive list or push queue when
 * max_active items of the queue are already active there.
 *
 * DESIGN
 *
 * The add path takes no global lock and never allocates (add.c).  A flush
 * flips the queue's flush colour and waits for every item of the old
 * colour; a drain flushes until nothing is left.
 *
 * Not supported: the kernel's per-NUMA-node unbound pools and changing a
 * queue's attributes after creation.
 */
#include "internal.h"

#include <stdarg.h>
#include <string.h>

static const unsigned int known_flags = WQ_UNBOUND | WQ_FREEZABLE |
	WQ_MEM_RECLAIM | WQ_HIGHPRI | WQ_CPU_INTENSIVE;

static struct kwq__pwq *pwq_alloc(struct workqueue_struct *wq,
				  struct kwq__pool *pool)
{
	unsigned int nr_push = kwq__wq_push_queues(wq);
	struct kwq__pwq *pwq = kwq__zalloc_aligned(sizeof(*pwq) +
		nr_push * sizeof(pwq->push[0]));

	if (!pwq)
		return NULL;
	pwq->pool = pool;
	pwq->push_mask = nr_push - 1;
	pwq->wq = wq;
	pwq->wq_flags = wq->flags;
	pwq->max_active = wq->max_active;
	pwq->limit = wq->max_active;
	pwq->name = wq->name;
	pwq->flush_color = -1;
	kwq__list_init(&pwq->inactive);
	kwq__pwq_init_push(pwq);
	if (kwq__debugging())
		kwq__debug_pwq(pwq, true);
	return pwq;
}

static void pwq_free(struct kwq__pwq *pwq)
{
	if (pwq && kwq__debugging())
		kwq__debug_pwq(pwq, false);
	if (pwq && unlikely(pwq->cut)) {
		/* A ghost its queue used (pwq_fence()): a ghost alone now. */
		kwq__lock(pwq->pool);
		pwq->cut = 0;
		kwq__unlock(pwq->pool);
		return;
	}
	free(pwq);
}

/*
 * Free @wq, which @destroyer destroyed (NULL: its creation failed).  Debug
 * mode keeps the queue itself a while, poisoned, to report later uses.
 */
static void wq_free(struct workqueue_struct *wq, void *destroyer)
{
	if (wq->dfl_pwq)
		kwq__pool_user(wq->dfl_pwq->pool, wq, 0);
	if (wq->cpu_pwqs)
		for (int cpu = 0; cpu < kwq__g.nr_cpu_ids; cpu++)
			pwq_free(wq->cpu_pwqs[cpu]);
	free(wq->cpu_pwqs);
	pwq_free(wq->dfl_pwq);
	wq->cpu_pwqs = NULL;
	wq->dfl_pwq = NULL;
	pthread_mutex_destroy(&wq->flush_mutex);
	free(wq->armed);
	wq->armed = NULL;
	if (destroyer && kwq__debugging())
		kwq__debug_quarantine(wq, destroyer);
	else
		free(wq);
}

/* Does @wq's add index push_qs[] by the CPU's low byte (it has them)? */
static bool wq_has_push_qs(unsigned int flags)
{
	return (flags & WQ_UNBOUND) || kwq__g.cpu_byte;
}

/*
 * @wq's push queue for each CPU's low byte, where it has them: an unbound
 * queue's pwq's, shared if fewer; a bound queue's CPU's pwq's, or the
 * first CPU's where that CPU has none, as kwq__this_cpu() would choose.
 */
static void wq_set_push_qs(struct workqueue_struct *wq)
{
	if (wq->dfl_pwq) {
		for (int i = 0; i < KWQ_PUSHQ_BY_CPU; i++)
			wq->push_qs[i] = &wq->dfl_pwq->push[
				(unsigned int)i & wq->dfl_pwq->push_mask];
		return;
	}
	if (!wq_has_push_qs(wq->flags))
		return;
	for (int i = 0; i < KWQ_PUSHQ_BY_CPU; i++) {
		struct kwq__pwq *pwq = i < kwq__g.nr_cpu_ids ?
			wq->cpu_pwqs[i] : NULL;

		wq->push_qs[i] = pwq ? pwq->push :
			wq->cpu_pwqs[kwq__g.first_cpu]->push;
	}
}

/* Give @wq its pwqs, and the pools behind them a worker each. */
static int wq_alloc_pwqs(struct workqueue_struct *wq)
{
	int hi = !!(wq->flags & WQ_HIGHPRI);
	int err;

	if (wq->flags & WQ_UNBOUND) {
		wq->dfl_pwq = pwq_alloc(wq, kwq__g.unbound_pools[hi]);
		if (!wq->dfl_pwq)
			return -ENOMEM;
		wq_set_push_qs(wq);
		kwq__pool_user(wq->dfl_pwq->pool, wq, 1);
		return kwq__pool_get_worker(wq->dfl_pwq->pool);
	}
	wq->cpu_pwqs = kwq__zalloc_array(kwq__g.nr_cpu_ids,
					 sizeof(*wq->cpu_pwqs));
	if (!wq->cpu_pwqs)
		return -ENOMEM;
	for (int cpu = 0; cpu < kwq__g.nr_cpu_ids; cpu++) {
		if (!kwq__cpu_valid(cpu))
			continue;
		wq->cpu_pwqs[cpu] = pwq_alloc(wq, kwq__g.cpu_pools[hi][cpu]);
		if (!wq->cpu_pwqs[cpu])
			return -ENOMEM;
		err = kwq__pool_get_worker(wq->cpu_pwqs[cpu]->pool);
		if (err)
			return err;
	}
	wq_set_push_qs(wq);
	return 0;
}

__attribute__((format(printf, 1, 0)))
static struct workqueue_struct *wq_create(const char *fmt, va_list ap,
					  unsigned int flags, int max_active,
					  int ordered)
{
	struct workqueue_struct *wq;
	int err;

	if (!fmt || (flags & ~known_flags) || max_active < 0 ||
	    max_active > WQ_MAX_ACTIVE) {
		err = -EINVAL;
		goto fail;
	}
	err = kwq__init();
	if (err)
		goto fail;
	wq = kwq__zalloc(sizeof(*wq) + (wq_has_push_qs(flags) ?
		KWQ_PUSHQ_BY_CPU * sizeof(wq->push_qs[0]) : 0));
	if (!wq) {
		err = -ENOMEM;
		goto fail;
	}
	vsnprintf(wq->name, sizeof(wq->name), fmt, ap);
	wq->flags = flags;
	wq->ordered = ordered;
	if (!(flags & WQ_UNBOUND))
		wq->draining = KWQ_WQ_BOUND |
			(wq_has_push_qs(flags) ? 0 : KWQ_WQ_CPU_CALL);
	wq->max_active = max_active ? max_active : WQ_DFL_ACTIVE;
	pthread_mutex_init(&wq->flush_mutex, NULL);
	wq->armed = kwq__zalloc_aligned(kwq__g.nr_cpu_ids * sizeof(*wq->armed));
	err = wq->armed ? wq_alloc_pwqs(wq) : -ENOMEM;
	if (err)
		goto fail_pwqs;
	if (flags & WQ_MEM_RECLAIM) {
		err = kwq__rescuer_start(wq);
		if (err)
			goto fail_pwqs;
	}
	/* Registered and, if the others are, frozen in one step. */
	kwq__registry_lock(1);
	kwq__register_wq_locked(wq);
	kwq__freeze_new_wq(wq);
	kwq__registry_lock(0);
	return wq;

fail_pwqs:
	wq_free(wq, NULL);
fail:
	errno = -err;
	return NULL;
}

struct workqueue_struct *alloc_workqueue(const char *fmt, unsigned int flags,
					 int max_active, ...)
{
	struct workqueue_struct *wq;
	va_list ap;

	va_start(ap, max_active);
	wq = wq_create(fmt, ap, flags, max_active, 0);
	va_end(ap);
	return wq;
}

struct workqueue_struct *alloc_ordered_workqueue(const char *fmt,
						 unsigned int flags, ...)
{
	struct workqueue_struct *wq;
	va_list ap;

	va_start(ap, flags);
	wq = wq_create(fmt, ap, flags | WQ_UNBOUND, 1, 1);
	va_end(ap);
	return wq;
}

static pthread_mutex_t system_queues_lock = PTHREAD_MUTEX_INITIALIZER;
struct workqueue_struct *kwq__system_queues[KWQ_NR_SYSTEM_QUEUES]; /* A */

void kwq__system_queues_lock(int lock)
{
	if (lock)
		pthread_mutex_lock(&system_queues_lock);
	else
		pthread_mutex_unlock(&system_queues_lock);
}

/* kwq__system_queue()'s first use of @which: made under the lock, once. */
struct workqueue_struct *kwq__system_queue_make(enum kwq_system_queue which)
{
	static const struct {
		const char *name;
		unsigned int flags;
		int max_active;
	} spec[KWQ_NR_SYSTEM_QUEUES] = {
		[KWQ_SYSTEM_WQ] = { "events", 0, 0 },
		[KWQ_SYSTEM_HIGHPRI_WQ] = { "events_highpri", WQ_HIGHPRI, 0 },
		[KWQ_SYSTEM_LONG_WQ] = { "events_long", 0, 0 },
		[KWQ_SYSTEM_UNBOUND_WQ] = { "events_unbound", WQ_UNBOUND,
					    WQ_MAX_ACTIVE },
	};
	struct workqueue_struct *wq;

	pthread_mutex_lock(&system_queues_lock);
	wq = kwq__system_queues[which];
	if (!wq) {
		wq = alloc_workqueue("%s", spec[which].flags,
				     spec[which].max_active, spec[which].name);
		if (wq)
			__atomic_store_n(&kwq__system_queues[which], wq,
					 __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&system_queues_lock);
	return wq;
}

struct workqueue_struct *kwq_system_queue(enum kwq_system_queue which)
{
	if ((unsigned int)which >= KWQ_NR_SYSTEM_QUEUES) {
		errno = EINVAL;
		return NULL;
	}
	return kwq__system_queue(which);
}

/* --- a queue in a fork()ed child --------------------------------------- */

/*
 * A fork cut @pwq's push queue (kwq__pwq_forget_pushed()): the items
 * behind the cut name @pwq, pending, and no list holds them.  The queue
 * goes on with a copy of @pwq, which stays a ghost, never freed, so that
 * a word naming it is an orphan's (see kwq__ghosts).  Returns the pwq to
 * go on with.  Without memory for the copy, @pwq itself, a ghost still
 * (`cut`: its queue's items are told by the lists); without room in the
 * table of ghosts either, @pwq as it was.  Both counted in *@unfenced.
 */
static struct kwq__pwq *pwq_fence(struct kwq__pwq *pwq,
				  unsigned int *unfenced)
{
	struct kwq__pwq *fresh = kwq__zalloc_aligned(sizeof(*pwq) +
		(pwq->push_mask + 1) * sizeof(pwq->push[0]));

	if (kwq__ghost_add(pwq)) {
		free(fresh);
		(*unfenced)++;
		return pwq;
	}
	if (!fresh) {
		pwq->cut = 1;
		(*unfenced)++;
		return pwq;
	}
	memcpy(fresh, pwq, offsetof(struct kwq__pwq, push));
	/* Cut without a copy in a child before, used by no queue now. */
	pwq->cut = 0;
	fresh->cut = 0;
	kwq__list_init(&fresh->inactive);
	kwq__pwq_init_push(fresh);
	if (kwq__debugging())
		kwq__debug_pwq(fresh, true);
	/*
	 * A fork from an item of @pwq: the item ends on the copy, which
	 * counts it (adopt_locked() in pool.c), so that an ordered queue
	 * starts nothing beside it and a flush waits for it.
	 */
	if (kwq__self && kwq__self->current_pwq == pwq)
		kwq__self->current_pwq = fresh;
	return fresh;
}

/*
 * In a fork()ed child, with every lock held: nothing is in flight here.
 * Returns the pwq the queue goes on with (pwq_fence()).
 */
static struct kwq__pwq *pwq_child(struct kwq__pwq *pwq, unsigned int *unfenced)
{
	bool cut = kwq__pwq_forget_pushed(pwq);

	while (!kwq__list_empty(&pwq->inactive)) {
		struct work_struct *w = kwq__list_entry(pwq->inactive.next,
						struct work_struct, entry);

		kwq__list_del_init(&w->entry);
		kwq__forget(w);
	}
	pwq->nr_active = 0;
	pwq->nr_in_flight[0] = 0;
	pwq->nr_in_flight[1] = 0;
	pwq->flush_color = -1;
	/* A fork in the middle of a flush may have left it unflipped. */
	pwq->color = pwq->wq->work_color;
	pwq->mayday = 0;
	return cut ? pwq_fence(pwq, unfenced) : pwq;
}

/* @arg: the count of pwqs left unfenced for want of memory (pwq_fence()). */
void kwq__wq_child(struct workqueue_struct *wq, void *arg)
{
	/*
	 * A fork from an item of @wq: the flush colour is the item's, which
	 * a flush under way in the parent may have turned, so that a flush
	 * in the child waits for that item (counted in adopt_locked()).
	 */
	if (kwq__in_wq(wq))
		wq->work_color = (unsigned int)kwq__self->current_color;
	if (wq->dfl_pwq) {
		wq->dfl_pwq = pwq_child(wq->dfl_pwq, arg);
		wq_set_push_qs(wq);
	} else {
		for (int cpu = 0; cpu < kwq__g.nr_cpu_ids; cpu++)
			if (wq->cpu_pwqs[cpu])
				wq->cpu_pwqs[cpu] = pwq_child(wq->cpu_pwqs[cpu],
							      arg);
		wq_set_push_qs(wq);
	}
	pthread_mutex_init(&wq->flush_mutex, NULL);
	wq->nr_pwqs_to_flush = 0;
	wq->nr_waiters = 0;
	memset(wq->armed, 0, kwq__g.nr_cpu_ids * sizeof(*wq->armed));
	wq->nr_firing = 0;
}

/* --- flushing and draining ---------------------------------------------- */

static void flush_mark(struct kwq__pwq *pwq, void *arg)
{
	int color = *(int *)arg;

	kwq__lock_pwq(pwq);
	pwq->color = color ^ 1;
	if (pwq->nr_in_flight[color]) {
		pwq->flush_color = color;
		/* Each end must count down the color: the general way. */
		kwq__pwq_detour(pwq);
		__atomic_add_fetch(&pwq->wq->nr_pwqs_to_flush, 1,
				   __ATOMIC_RELAXED);
	}
	kwq__unlock(pwq->pool);
}

/*
 * Wait for every item queued before now.  Items carry their pwq's current
 * flush color; flipping it splits them into "before" and "after", and the
 * flusher waits until no pwq has an item of the old color in flight.
 * Each pwq flips under its pool lock, in flush_mark(), so that an add
 * reads its color there, in the line it writes anyway; an add that comes
 * between the call and that flip is concurrent with the flush and may be
 * waited for.  Flushers take turns, so two colors are enough.
 */
static void flush_wq(struct workqueue_struct *wq)
{
	struct kwq__completion done = { 0 };
	int color;

	if (pthread_mutex_trylock(&wq->flush_mutex)) {
		kwq__sleep_begin();
		pthread_mutex_lock(&wq->flush_mutex);
		kwq__sleep_end();
	}
	color = (int)wq->work_color;
	wq->flush_done = &done;
	__atomic_store_n(&wq->nr_pwqs_to_flush, 1, __ATOMIC_RELAXED);
	wq->work_color = color ^ 1;
	kwq__for_each_pwq(wq, flush_mark, &color);
	if (!__atomic_sub_fetch(&wq->nr_pwqs_to_flush, 1, __ATOMIC_ACQ_REL))
		kwq__complete(&done);
	kwq__wait_for_completion(&done);
	pthread_mutex_unlock(&wq->flush_mutex);
}

static void pwq_is(struct kwq__pwq *pwq, void *arg)
{
	struct kwq__pwq **want = arg;

	if (pwq == *want)
		*want = NULL;
}

/*
 * Is the item the caller runs pending on @wq?  That instance cannot start
 * before this run returns, so a flush of @wq would wait for itself.  Only
 * the caller re-adds it while it runs, or another thread that must then
 * not count on it, so a read of its word now is as good as any.  The pwq
 * is compared, never followed: it may belong to a queue going away.
 *
 * In debug mode only: a function may free its own item and then flush,
 * so its word may be read only once debug mode's records say it is
 * pending (and so, by contract, still there).  Elsewhere such a flush
 * hangs, as the kernel's does (kwq(7)).
 */
static bool self_pending_on(struct workqueue_struct *wq)
{
	struct work_struct *w = current_work();
	struct kwq__pwq *pwq;

	if (!w || !kwq__debugging() || !kwq__debug_pending(w))
		return false;
	pwq = data_pwq(work_data(w));
	if (!pwq)
		return false;
	kwq__for_each_pwq(wq, pwq_is, &pwq);
	return !pwq;
}

/*
 * May the caller, at @caller, wait for all of @wq?  Not from one of @wq's
 * own items, nor from an item that re-added itself to @wq, which would
 * wait for itself; debug mode reports the latter, and notes the
 * dependency.
 */
static int check_wait(struct workqueue_struct *wq, const char *what,
		      void *caller)
{
	if (!wq)
		return -EINVAL;
	if (kwq__debugging() && kwq__debug_check_wq(wq, what, caller))
		return -EINVAL;
	if (kwq__in_wq(wq))
		return -EDEADLK;
	if (self_pending_on(wq)) {
		if (kwq__debugging())
			kwq__debug_self_wait(wq->name, what, caller);
		return -EDEADLK;
	}
	if (kwq__debugging())
		kwq__debug_flush(wq, caller);
	return 0;
}

/*
 * A flush or drain from another thread may overlap destroy_workqueue():
 * counted, it is waited for before the queue is freed.
 */
static void waiter(struct workqueue_struct *wq, int in)
{
	__atomic_add_fetch(&wq->nr_waiters, in, __ATOMIC_SEQ_CST);
}

int flush_workqueue(struct workqueue_struct *wq)
{
	int err;

	if (!wq)
		return -EINVAL;
	waiter(wq, 1);
	err = check_wait(wq, "flush_workqueue", __builtin_return_address(0));
	if (!err)
		flush_wq(wq);
	waiter(wq, -1);
	return err;
}

static void pwq_busy(struct kwq__pwq *pwq, void *arg)
{
	kwq__lock_pwq(pwq);
	if (pwq->nr_active || !kwq__list_empty(&pwq->inactive) ||
	    pwq->nr_in_flight[0] || pwq->nr_in_flight[1])
		*(int *)arg = 1;
	kwq__unlock(pwq->pool);
}

static void drain_wq(struct workqueue_struct *wq)
{
	int busy;

	__atomic_add_fetch(&wq->draining, KWQ_WQ_DRAIN, __ATOMIC_SEQ_CST);
	/* Each round sleeps in the flush; only chained adds make another. */
	do {
		flush_wq(wq);
		busy = 0;
		kwq__for_each_pwq(wq, pwq_busy, &busy);
	} while (busy);
	__atomic_sub_fetch(&wq->draining, KWQ_WQ_DRAIN, __ATOMIC_SEQ_CST);
}

int drain_workqueue(struct workqueue_struct *wq)
{
	int err;

	if (!wq)
		return -EINVAL;
	waiter(wq, 1);
	err = check_wait(wq, "drain_workqueue", __builtin_return_address(0));
	if (!err)
		drain_wq(wq);
	waiter(wq, -1);
	return err;
}

/* Wait out any worker still inside pwq accounting for this queue. */
static void pwq_quiesce(struct kwq__pwq *pwq, void *arg)
{
	(void)arg;
	kwq__lock_pwq(pwq);
	kwq__unlock(pwq->pool);
}

/*
 * The system queues are shared by every user of kwq in the process, and
 * their pointers are handed out for its whole life: never destroy them.
 */
static bool refuse_system_wq(struct workqueue_struct *wq, void *caller)
{
	static int warned;
	char at[128];

	for (int i = 0; i < KWQ_NR_SYSTEM_QUEUES; i++) {
		if (wq != __atomic_load_n(&kwq__system_queues[i],
					  __ATOMIC_ACQUIRE))
			continue;
		if (__atomic_exchange_n(&warned, 1, __ATOMIC_RELAXED))
			return true;
		kwq__site(caller, at, sizeof(at));
		kwq__warn(KWQ_WARN_MISUSE, NULL, 0, "destroy_workqueue", -EPERM,
			  "system queue '%s' destroyed at %s; not destroyed (further attempts are ignored silently)",
			  wq->name, at);
		return true;
	}
	return false;
}

void destroy_workqueue(struct workqueue_struct *wq)
{
	void *caller = __builtin_return_address(0);
	unsigned int round = 0;

	if (!wq || refuse_system_wq(wq, caller))
		return;
	if (kwq__debugging() &&
	    kwq__debug_check_wq(wq, "destroy_workqueue", caller))
		return;
	if (kwq__in_wq(wq)) {
		char at[128], fn[128];

		kwq__site(caller, at, sizeof(at));
		kwq__symbol((void *)kwq__self->current_func, fn, sizeof(fn));
		kwq__warn(KWQ_WARN_MISUSE, NULL, 0, "destroy_workqueue",
			  -EDEADLK, "queue '%s' destroyed from its own work item %s, at %s; not destroyed",
			  wq->name, fn, at);
		return;
	}
	/* Adds from outside fail from now on; the count never drops. */
	__atomic_add_fetch(&wq->draining, KWQ_WQ_DRAIN, __ATOMIC_SEQ_CST);
	__atomic_store_n(&wq->dying, 1, __ATOMIC_SEQ_CST);
	/*
	 * Armed items run now rather than being lost.  Nothing arms from now
	 * on (an arm that saw the queue alive may still land), and the timer
	 * thread may be queueing one it took off a wheel: go round until
	 * nothing is armed or queued.
	 */
	for (;;) {
		unsigned long armed = kwq__timer_fire_wq(wq);

		drain_wq(wq);
		if (!armed && !kwq__timer_armed(wq))
			break;
		kwq__backoff(&round);
	}
	/*
	 * A flush or drain from another thread may still be looking at the
	 * pwqs after the queue emptied: it leaves at once, so wait.
	 */
	round = 0;
	while (__atomic_load_n(&wq->nr_waiters, __ATOMIC_ACQUIRE))
		kwq__backoff(&round);
	kwq__unregister_wq(wq);
	if (kwq__debugging())
		kwq__debug_forget_wq(wq);
	kwq__rescuer_stop(wq);
	kwq__for_each_pwq(wq, pwq_quiesce, NULL);
	wq_free(wq, caller);
}
