// SPDX-License-Identifier: MIT
/*
 * Freezing: kwq_freeze_workqueues() stops the WQ_FREEZABLE queues from
 * starting items, and waits for those already running to finish;
 * kwq_thaw_workqueues() lets them go on.  A program uses it around a
 * snapshot, a checkpoint or a suspend, as the kernel does around suspend.
 *
 * A frozen pwq activates nothing: items added meanwhile (and delayed items
 * whose timers expire) wait on its inactive list, and items already on the
 * pool's worklist but not yet started go back there, ahead of the others,
 * keeping their order.  Adds still succeed.  Thawing activates up to
 * max_active items per pwq again.  All queues are found through the
 * registry (registry.c), whose lock also guards the frozen state, so that a
 * queue created meanwhile is frozen too.
 */
#include "internal.h"

#include <time.h>

static int frozen;			/* the registry's lock */

/*
 * Move the items of @pwq on @list (the worklist, or the held list) to the
 * tail of @back, inactive.
 */
static void deactivate_list_locked(struct kwq__pwq *pwq,
				   struct kwq_list_node *list,
				   struct kwq_list_node *back)
{
	struct kwq_list_node *pos, *next;

	kwq__assert_locked(pwq->pool);
	for (pos = list->next; pos != list; pos = next) {
		struct work_struct *w = kwq__list_entry(pos, struct work_struct,
							entry);

		next = pos->next;
		if (data_pwq(work_data(w)) != pwq || kwq__is_barrier(w))
			continue;
		mark_work_inactive(w);
		__atomic_store_n(&pwq->nr_active, pwq->nr_active - 1,
				 __ATOMIC_RELAXED);
		kwq__move_linked_locked(w, back);
		next = list->next;	/* the list has changed */
	}
}

/*
 * Put the items of @pwq that wait on the worklist, or are held for a run
 * elsewhere, back on its inactive list.
 */
static void deactivate_locked(struct kwq__pwq *pwq)
{
	struct kwq__pool *pool = pwq->pool;
	struct kwq_list_node back;

	kwq__assert_locked(pool);
	kwq__list_init(&back);
	deactivate_list_locked(pwq, &pool->held, &back);
	deactivate_list_locked(pwq, &pool->worklist, &back);
	/* They were added before anything already inactive. */
	while (!kwq__list_empty(&back)) {
		struct kwq_list_node *n = back.prev;

		kwq__list_del_init(n);
		kwq__list_add_head(n, &pwq->inactive);
	}
}

static void freeze_pwq(struct kwq__pwq *pwq, void *arg)
{
	(void)arg;
	kwq__lock_pwq(pwq);
	__atomic_store_n(&pwq->limit, 0, __ATOMIC_RELAXED);
	/* Its running items' ends must start nothing: the general way. */
	kwq__pwq_detour(pwq);
	deactivate_locked(pwq);
	kwq__unlock(pwq->pool);
}

#ifdef KWQ_TEST_HOOKS
void (*kwq__thaw_hook)(struct kwq__pwq *pwq);	/* see internal.h */
#endif

static void thaw_pwq(struct kwq__pwq *pwq, void *arg)
{
	(void)arg;
	kwq__lock_pwq(pwq);
	kwq__test_hook(thaw, pwq);
	/*
	 * An add that pushed since the settle read the limit 0, and left its
	 * item to whoever frees a slot: with nothing active, nobody will.
	 * So thaw looks at the push queues again after this store, as
	 * kwq__pwq_dec_locked() does after it lowers nr_active: the push's
	 * exchange and its re-read of the limit (add_push()) against this
	 * store and that look, all sequentially consistent, so one of the
	 * two sees the other.  The look comes after the activations, since
	 * the items settled inactive were added before the pushed ones.
	 */
	__atomic_store_n(&pwq->limit, pwq->max_active, __ATOMIC_SEQ_CST);
	while (!kwq__list_empty(&pwq->inactive) &&
	       pwq->nr_active < pwq->limit)
		kwq__pwq_activate_locked(pwq,
			kwq__list_entry(pwq->inactive.next,
					struct work_struct, entry));
	if (kwq__pwq_look_pushed(pwq))
		kwq__pwq_splice_locked(pwq);
	kwq__unlock(pwq->pool);
}

static void pwq_running(struct kwq__pwq *pwq, void *arg)
{
	kwq__lock_pwq(pwq);
	if (pwq->nr_active)
		*(int *)arg = 1;
	kwq__unlock(pwq->pool);
}

struct freezable {
	void (*fn)(struct kwq__pwq *pwq, void *arg);
	void *arg;
};

static void freezable_wq(struct workqueue_struct *wq, void *arg)
{
	struct freezable *f = arg;

	if (wq->flags & WQ_FREEZABLE)
		kwq__for_each_pwq(wq, f->fn, f->arg);
}

/* Call @fn on each pwq of the freezable queues; the registry is held. */
static void for_each_freezable(void (*fn)(struct kwq__pwq *pwq, void *arg),
			       void *arg)
{
	struct freezable f = { fn, arg };

	kwq__for_each_wq_locked(freezable_wq, &f);
}

/* A new queue, under the registry's lock: frozen if the others are. */
void kwq__freeze_new_wq(struct workqueue_struct *wq)
{
	if (frozen && (wq->flags & WQ_FREEZABLE))
		kwq__for_each_pwq(wq, freeze_pwq, NULL);
}

int kwq_freeze_workqueues(void)
{
	const struct timespec poll = { 0, 1000000 };
	struct kwq__worker *me = kwq__self;
	int busy;

	/* Freezing waits for running items: never for the caller's own. */
	if (me && current_work() && (me->current_pwq->wq->flags & WQ_FREEZABLE))
		return -EDEADLK;
	kwq__registry_lock(1);
	if (frozen) {
		kwq__registry_lock(0);
		return -EALREADY;
	}
	frozen = 1;
	for_each_freezable(freeze_pwq, NULL);
	kwq__registry_lock(0);
	/*
	 * Items already running finish; the kernel polls here too.  The
	 * registry is free meanwhile: a running item may create or destroy
	 * queues.
	 */
	kwq__sleep_begin();
	do {
		busy = 0;
		kwq__registry_lock(1);
		for_each_freezable(pwq_running, &busy);
		kwq__registry_lock(0);
		if (busy) {
			int old = kwq__nocancel_begin();

			nanosleep(&poll, NULL);
			kwq__nocancel_end(old);
		}
	} while (busy);
	kwq__sleep_end();
	return 0;
}

int kwq_thaw_workqueues(void)
{
	kwq__registry_lock(1);
	if (!frozen) {
		kwq__registry_lock(0);
		return -EALREADY;
	}
	frozen = 0;
	for_each_freezable(thaw_pwq, NULL);
	kwq__registry_lock(0);
	return 0;
}
