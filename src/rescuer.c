// SPDX-License-Identifier: MIT
/*
 * Rescuers: the worker a WQ_MEM_RECLAIM queue owns from its creation, so
 * that its items still run when no new worker thread can be created.
 *
 * Pools grow by creating threads, which can fail (memory, thread limits).
 * When the manager cannot create a worker for a pool whose items wait, it
 * calls for help (kwq__mayday_locked()): each queue with a rescuer that has
 * items among them is marked on that pool.  The rescuer then attaches to the
 * pool, pinned to its CPU for a bound pool, takes its own queue's waiting
 * items off the worklist and runs them, exactly as a worker would.  It never
 * counts against the pool's concurrency: it runs only when the pool cannot
 * get workers otherwise.
 */
#include "internal.h"

struct kwq__rescuer {
	struct kwq__worker worker;	/* W: lent to the pool it helps */
	struct workqueue_struct *wq;	/* I */
	uint32_t wake;			/* A: bumped to wake it */
	int stop;			/* A: destroy_workqueue() is done */
	struct kwq__completion exited;
};

/* Wake @wq's rescuer. */
static void rescuer_poke(struct kwq__rescuer *r)
{
	__atomic_add_fetch(&r->wake, 1, __ATOMIC_RELEASE);
	kwq__futex_wake(&r->wake, 1);
}

/*
 * @pool needs a worker it cannot get: ask the rescuers of the queues whose
 * items wait there for help.  Looks at the first items only: a rescuer,
 * once there, runs all of its queue's items.
 */
void kwq__mayday_locked(struct kwq__pool *pool)
{
	struct kwq_list_node *pos = pool->worklist.next;

	kwq__assert_locked(pool);
	for (int n = 0; pos != &pool->worklist && n < 256;
	     pos = pos->next, n++) {
		struct work_struct *w = kwq__list_entry(pos,
						struct work_struct, entry);
		struct kwq__pwq *pwq;

		/* A barrier's queue may be gone: its item was cancelled. */
		if (kwq__is_barrier(w))
			continue;
		pwq = data_pwq(work_data(w));
		if (!pwq || !pwq->wq->rescuer || pwq->mayday)
			continue;
		pwq->mayday = 1;
		rescuer_poke(pwq->wq->rescuer);
	}
}

/* Move this pwq's waiting items to the rescuer, and run them. */
static void rescue_locked(struct kwq__rescuer *r, struct kwq__pwq *pwq)
{
	struct kwq__worker *worker = &r->worker;
	struct kwq__pool *pool = pwq->pool;
	struct kwq_list_node *pos, *next;

	kwq__assert_locked(pool);
	worker->pool = pool;
	for (pos = pool->worklist.next; pos != &pool->worklist; pos = next) {
		struct work_struct *w = kwq__list_entry(pos,
						struct work_struct, entry);

		next = pos->next;
		if (data_pwq(work_data(w)) != pwq || kwq__is_barrier(w) ||
		    kwq__find_busy_locked(pool, w))
			continue;
		kwq__move_linked_locked(w, &worker->scheduled);
		next = pool->worklist.next;	/* the list has changed */
	}
	while (!kwq__list_empty(&worker->scheduled)) {
		struct work_struct *w = kwq__list_entry(worker->scheduled.next,
						struct work_struct, entry);

		if (!kwq__is_barrier(w))
			pwq->st.rescued++;
		kwq__process_one_locked(worker, w);
	}
}

/* Pin the rescuer to @pool's CPU; best effort, it may run anywhere. */
static void rescuer_attach(struct kwq__pool *pool)
{
	cpu_set_t set;

	if (pool->cpu >= 0) {
		CPU_ZERO(&set);
		CPU_SET(pool->cpu, &set);
	} else {
		set = kwq__g.cpus;
	}
	if (!kwq__fault(FAULT_AFFINITY))
		pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

static void rescue_pwq(struct kwq__pwq *pwq, void *arg)
{
	struct kwq__rescuer *r = arg;

	kwq__lock_pwq(pwq);
	/*
	 * Not a pwq a fork cut without memory for its copy: its items are
	 * told from its orphans by the pool's lists, which this list is not.
	 */
	if (pwq->mayday && likely(!pwq->cut)) {
		pwq->mayday = 0;
		kwq__unlock(pwq->pool);
		rescuer_attach(pwq->pool);
		kwq__lock(pwq->pool);
		rescue_locked(r, pwq);
	}
	kwq__unlock(pwq->pool);
}

static void *rescuer_main(void *arg)
{
	struct kwq__rescuer *r = arg;
	char name[80];

	snprintf(name, sizeof(name), "kwq/R:%s", r->wq->name);
	name[15] = '\0';
	pthread_setname_np(pthread_self(), name);
	kwq__thread_prio(r->wq->flags & WQ_HIGHPRI);
	kwq__self = &r->worker;
	for (;;) {
		uint32_t seen = __atomic_load_n(&r->wake, __ATOMIC_ACQUIRE);

		if (__atomic_load_n(&r->stop, __ATOMIC_ACQUIRE))
			break;
		kwq__for_each_pwq(r->wq, rescue_pwq, r);
		kwq__futex_wait(&r->wake, seen, NULL);
	}
	/* A worker no more, for its thread's destructors (worker_main()). */
	kwq__self = NULL;
	/* The last thing it does: destroy_workqueue() frees @r after this. */
	kwq__complete(&r->exited);
	return NULL;
}

/* In a fork()ed child: start @wq's rescuer thread again, with a clean slate. */
static void rescuer_child(struct workqueue_struct *wq, void *arg)
{
	struct kwq__rescuer *r = wq->rescuer;

	(void)arg;
	if (!r)
		return;
	r->wake = 0;
	r->stop = 0;
	r->exited.done = 0;
	r->worker.current_work = NULL;
	r->worker.current_pwq = NULL;
	r->worker.wait_pool = NULL;
	r->worker.wait_work = NULL;
	kwq__list_init(&r->worker.wait_node);
	while (!kwq__list_empty(&r->worker.scheduled)) {
		struct work_struct *w = kwq__list_entry(r->worker.scheduled.next,
						struct work_struct, entry);

		kwq__list_del_init(&w->entry);
		kwq__forget(w);
	}
	if (kwq__spawn(rescuer_main, r, -1))
		kwq__warn(KWQ_WARN_INTERNAL, NULL, 0, "fork", -EAGAIN,
			  "could not restart the rescuer of '%s' after fork()",
			  wq->name);
}

void kwq__rescuers_child(void)
{
	kwq__for_each_wq(rescuer_child, NULL);
}

int kwq__rescuer_start(struct workqueue_struct *wq)
{
	struct kwq__rescuer *r = kwq__zalloc(sizeof(*r));
	int err;

	if (!r)
		return -ENOMEM;
	r->wq = wq;
	r->worker.current_color = -1;
	kwq__list_init(&r->worker.idle_node);
	kwq__list_init(&r->worker.node);
	kwq__list_init(&r->worker.scheduled);
	kwq__list_init(&r->worker.wait_node);
	err = kwq__spawn(rescuer_main, r, -1);
	if (err) {
		free(r);
		return err;
	}
	wq->rescuer = r;
	return 0;
}

/* Stop @wq's rescuer, whose queue is empty, and free it. */
void kwq__rescuer_stop(struct workqueue_struct *wq)
{
	struct kwq__rescuer *r = wq->rescuer;

	if (!r)
		return;
	__atomic_store_n(&r->stop, 1, __ATOMIC_RELEASE);
	rescuer_poke(r);
	kwq__wait_for_completion(&r->exited);
	free(r);
	wq->rescuer = NULL;
}
