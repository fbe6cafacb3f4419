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
 * max_active items per pwq again.  All queues are found through a registry,
 * which destroy_workqueue() leaves; the statistics table walks it too.
 */
#include "internal.h"

#include <time.h>

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct kwq_list_node registry = { &registry, &registry };
static int frozen;			/* registry_lock */

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
		pwq->nr_active--;
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
	kwq__lock(pwq->pool);
	pwq->frozen = 1;
	deactivate_locked(pwq);
	kwq__unlock(pwq->pool);
}

static void thaw_pwq(struct kwq__pwq *pwq, void *arg)
{
	(void)arg;
	kwq__lock(pwq->pool);
	pwq->frozen = 0;
	while (!kwq__list_empty(&pwq->inactive) &&
	       pwq->nr_active < pwq->max_active)
		kwq__pwq_activate_locked(pwq,
			kwq__list_entry(pwq->inactive.next,
					struct work_struct, entry));
	kwq__unlock(pwq->pool);
}

static void pwq_running(struct kwq__pwq *pwq, void *arg)
{
	kwq__lock(pwq->pool);
	if (pwq->nr_active)
		*(int *)arg = 1;
	kwq__unlock(pwq->pool);
}

static void for_each_freezable(void (*fn)(struct kwq__pwq *pwq, void *arg),
			       void *arg)
{
	struct kwq_list_node *pos;

	for (pos = registry.next; pos != &registry; pos = pos->next) {
		struct workqueue_struct *wq = kwq__list_entry(pos,
					struct workqueue_struct, node);

		if (wq->flags & WQ_FREEZABLE)
			kwq__for_each_pwq(wq, fn, arg);
	}
}

/* Call @fn on every queue, with the registry held: none goes away meanwhile. */
void kwq__for_each_wq(void (*fn)(struct workqueue_struct *wq, void *arg),
		      void *arg)
{
	struct kwq_list_node *pos;

	pthread_mutex_lock(&registry_lock);
	for (pos = registry.next; pos != &registry; pos = pos->next)
		fn(kwq__list_entry(pos, struct workqueue_struct, node), arg);
	pthread_mutex_unlock(&registry_lock);
}

void kwq__registry_lock(int lock)
{
	if (lock)
		pthread_mutex_lock(&registry_lock);
	else
		pthread_mutex_unlock(&registry_lock);
}

/* In a fork()ed child, with every lock held: see fork.c. */
void kwq__registry_child(void)
{
	struct kwq_list_node *pos;

	for (pos = registry.next; pos != &registry; pos = pos->next)
		kwq__wq_child(kwq__list_entry(pos, struct workqueue_struct,
					      node));
}

void kwq__register_wq(struct workqueue_struct *wq)
{
	pthread_mutex_lock(&registry_lock);
	kwq__list_add_before(&wq->node, &registry);
	if (frozen && (wq->flags & WQ_FREEZABLE))
		kwq__for_each_pwq(wq, freeze_pwq, NULL);
	pthread_mutex_unlock(&registry_lock);
}

void kwq__unregister_wq(struct workqueue_struct *wq)
{
	pthread_mutex_lock(&registry_lock);
	kwq__list_del_init(&wq->node);
	pthread_mutex_unlock(&registry_lock);
}

int kwq_freeze_workqueues(void)
{
	const struct timespec poll = { 0, 1000000 };
	struct kwq__worker *me = kwq__self;
	int busy;

	/* Freezing waits for running items: never for the caller's own. */
	if (me && current_work() && (me->current_pwq->wq->flags & WQ_FREEZABLE))
		return -EDEADLK;
	pthread_mutex_lock(&registry_lock);
	if (frozen) {
		pthread_mutex_unlock(&registry_lock);
		return -EALREADY;
	}
	frozen = 1;
	for_each_freezable(freeze_pwq, NULL);
	pthread_mutex_unlock(&registry_lock);
	/*
	 * Items already running finish; the kernel polls here too.  The
	 * registry is free meanwhile: a running item may create or destroy
	 * queues.
	 */
	kwq__sleep_begin();
	do {
		busy = 0;
		pthread_mutex_lock(&registry_lock);
		for_each_freezable(pwq_running, &busy);
		pthread_mutex_unlock(&registry_lock);
		if (busy)
			nanosleep(&poll, NULL);
	} while (busy);
	kwq__sleep_end();
	return 0;
}

int kwq_thaw_workqueues(void)
{
	pthread_mutex_lock(&registry_lock);
	if (!frozen) {
		pthread_mutex_unlock(&registry_lock);
		return -EALREADY;
	}
	frozen = 0;
	for_each_freezable(thaw_pwq, NULL);
	pthread_mutex_unlock(&registry_lock);
	return 0;
}
