// SPDX-License-Identifier: MIT
/*
 * The registry of queues: every queue from alloc_workqueue() until
 * destroy_workqueue(), for what must reach them all, freezing (freeze.c),
 * the statistics table (stats.c), the rescuers and fork() (fork.c).
 *
 * One mutex guards the list.  Walkers hold it for the whole walk, so no
 * queue goes away meanwhile; freezing holds it across its own state too, so
 * that a queue registered while the others are frozen starts frozen.
 */
#include "internal.h"

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct kwq_list_node registry = { &registry, &registry };

/* Call @fn on every queue; the caller holds the registry (kwq__registry_lock). */
void kwq__for_each_wq_locked(void (*fn)(struct workqueue_struct *wq,
					void *arg), void *arg)
{
	struct kwq_list_node *pos;

	for (pos = registry.next; pos != &registry; pos = pos->next)
		fn(kwq__list_entry(pos, struct workqueue_struct, node), arg);
}

/* Call @fn on every queue, with the registry held: none goes away meanwhile. */
void kwq__for_each_wq(void (*fn)(struct workqueue_struct *wq, void *arg),
		      void *arg)
{
	pthread_mutex_lock(&registry_lock);
	kwq__for_each_wq_locked(fn, arg);
	pthread_mutex_unlock(&registry_lock);
}

void kwq__registry_lock(int lock)
{
	if (lock)
		pthread_mutex_lock(&registry_lock);
	else
		pthread_mutex_unlock(&registry_lock);
}

/* The caller holds the registry, and freezes @wq if the others are. */
void kwq__register_wq_locked(struct workqueue_struct *wq)
{
	kwq__list_add_before(&wq->node, &registry);
}

void kwq__unregister_wq(struct workqueue_struct *wq)
{
	pthread_mutex_lock(&registry_lock);
	kwq__list_del_init(&wq->node);
	pthread_mutex_unlock(&registry_lock);
}
