// SPDX-License-Identifier: MIT
/*
 * Completion queues (include/kwq/completion.h): the results of work items
 * handed back to the thread that submitted them, through a file descriptor
 * an event loop polls.
 *
 * A struct kwq_cq_work is a work item whose function is cw_main() here: it
 * calls the user's function, then moves the item from its queue's "queued"
 * list to the tail of its "done" list, under the queue's lock, and makes
 * the eventfd readable if it was not.  kwq_cq_run() and kwq_cq_pop() take
 * items from the head of "done", one at a time under the lock, and reset
 * the eventfd when they take the last one.  kwq_cq_remove() is
 * remove_work() plus the same move, with -ECANCELED, or a plain unlink.
 *
 * DESIGN.  Guarantees: every kwq_cq_add() that returned 0 gives exactly one
 * completion, status 0 after the function has returned, unless a
 * kwq_cq_remove() that returned 0 removed the item (then one completion
 * with -ECANCELED, or none with KWQ_CQ_DROP).  Completions are
 * delivered in the order they were queued (FIFO of completion, not of
 * submission).  While "done" is not empty the eventfd's counter is not zero:
 * both change only under the lock, so a completion queued while a runner
 * empties the list either is taken by that runner or writes the eventfd
 * after the runner's reset, and no wake-up is lost.  The item's state field
 * (under the lock) says which list it is on, so an item in flight cannot be
 * added twice and each add has one completion.  destroy_workqueue() runs
 * the queued items, whose completions stay on "done" until delivered;
 * kwq_cq_destroy() waits for "queued" to empty and delivers "done" before
 * it frees.  fork(): the child's queues are empty (what was in flight or
 * undelivered is the parent's: its items are idle in the child, except the
 * one whose function called fork(), which completes in both) and get an
 * eventfd of their own at the same number, so the two processes never
 * take each other's wake-ups.  The notify function (kwq_cq_set_notify())
 * hears, under the lock, each change between "nothing outstanding" (both
 * lists empty) and "something", at the add, delivery or drop that makes
 * it, so a loop adapter's view cannot lag behind the lists.
 *
 * Not supported: delayed items (arm a delayed_work whose function adds the
 * kwq_cq_work), a -ECANCELED completion for an item removed with plain
 * remove_work() (it would stay in flight: use kwq_cq_remove()).
 *
 * Locking: the queue's lock is held across add_work_to_q() and
 * remove_work(), which take pool locks, so that the item's state here and
 * its PENDING bit change together (a remove_work() that finds nothing to
 * remove still holds PENDING for a moment, and an add beside it would fail
 * with -EBUSY).  The order is queue lock, then pool lock: no pool lock is
 * held where the queue's lock is taken (cw_main() runs unlocked), and the
 * fork handlers take them in that order.  The queue's lock is never held
 * while an item's function or callback runs.
 */
#include "internal.h"

#include <kwq/completion.h>

#include <fcntl.h>
#include <string.h>
#include <sys/eventfd.h>

enum {
	CW_IDLE,			/* not in flight: may be added */
	CW_QUEUED,			/* added: queued or running */
	CW_DONE,			/* finished: waits for delivery */
};

/* Fields under "lock" unless marked; R: registry_lock. */
struct kwq_cq {
	pthread_mutex_t lock;
	pthread_cond_t changed;		/* a destroy waits for "queued" */
	struct kwq_list_node queued;	/* items in flight, not finished */
	struct kwq_list_node done;	/* finished items, oldest first */
	unsigned long nr_done;		/* on "done" */
	int fd;				/* I: the eventfd (fork: same number) */
	bool signalled;			/* the eventfd's counter is not 0 */
	bool dying;			/* kwq_cq_destroy() is under way */
	bool waiting;			/* and sleeps on "changed" */
	int (*notify)(struct kwq_cq *cq, enum kwq_cq_event event, void *arg);
	void *notify_arg;		/* kwq_cq_set_notify()'s */
	struct kwq_list_node node;	/* R: on the registry */
};

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static struct kwq_list_node registry = { &registry, &registry };
static pthread_once_t fork_once = PTHREAD_ONCE_INIT;
static int fork_err;

/* The item whose function this thread runs, the queue whose callback. */
static __thread struct kwq_cq_work *cur_work;
static __thread struct kwq_cq *cur_cq;

/* Is the caller one of @cq's own functions or callbacks? */
static bool own(const struct kwq_cq *cq)
{
	return cur_cq == cq || (cur_work && cur_work->cq == cq);
}

static void signal_locked(struct kwq_cq *cq)
{
	int old = kwq__nocancel_begin();
	int err = eventfd_write(cq->fd, 1) ? -errno : 0;

	kwq__nocancel_end(old);
	if (err)
		kwq__warn(KWQ_WARN_INTERNAL, NULL, 0, "kwq_cq", err,
			  "cannot signal completion queue fd %d", cq->fd);
	else
		cq->signalled = true;
}

/* Items added and not yet delivered or dropped: a loop waits for them. */
static bool busy_locked(const struct kwq_cq *cq)
{
	return !kwq__list_empty(&cq->queued) || !kwq__list_empty(&cq->done);
}

/*
 * Tell the program's function, with cancellation off: it runs with the
 * queue's lock held (busy, idle) or in the middle of a destroy (close), and
 * one that reaches a cancellation point (GLib's adapter wakes its loop with
 * a write(2)) would otherwise die there, the lock held or the queue half
 * destroyed.
 */
static int notify(struct kwq_cq *cq, enum kwq_cq_event event)
{
	int old, err;

	if (!cq->notify)
		return 0;
	old = kwq__nocancel_begin();
	err = cq->notify(cq, event, cq->notify_arg);
	kwq__nocancel_end(old);
	return err;
}

/* Queue @cw, finished or removed, on "done" with @status. */
static void finish_locked(struct kwq_cq *cq, struct kwq_cq_work *cw,
			  int status)
{
	kwq__list_del_init(&cw->node);
	cw->status = status;
	cw->state = CW_DONE;
	kwq__list_add_before(&cw->node, &cq->done);
	cq->nr_done++;
	if (!cq->signalled)
		signal_locked(cq);
}

/* Take the oldest completion, or NULL; reset the eventfd with the last. */
static struct kwq_cq_work *take_locked(struct kwq_cq *cq, int *status)
{
	struct kwq_cq_work *cw;
	eventfd_t v;

	if (kwq__list_empty(&cq->done))
		return NULL;
	cw = kwq__list_entry(cq->done.next, struct kwq_cq_work, node);
	kwq__list_del_init(&cw->node);
	cq->nr_done--;
	cw->state = CW_IDLE;
	*status = cw->status;
	if (kwq__list_empty(&cq->done) && cq->signalled) {
		/* Non-blocking: EAGAIN only if someone else read it. */
		int old = kwq__nocancel_begin();

		(void)eventfd_read(cq->fd, &v);
		kwq__nocancel_end(old);
		cq->signalled = false;
	}
	if (!busy_locked(cq))
		notify(cq, KWQ_CQ_IDLE);
	return cw;
}

static void changed_locked(struct kwq_cq *cq)
{
	if (cq->waiting)
		pthread_cond_broadcast(&cq->changed);
}

/* The function of every kwq_cq_work: the user's, then the completion. */
static void cw_main(struct work_struct *w)
{
	struct kwq_cq_work *cw = container_of(w, struct kwq_cq_work, work);
	struct kwq_cq_work *outer = cur_work;
	struct kwq_cq *cq = cw->cq;

	cur_work = cw;
	cw->func(cw);
	cur_work = outer;

	pthread_mutex_lock(&cq->lock);
	if (cw->state != CW_QUEUED) {
		pthread_mutex_unlock(&cq->lock);
		kwq__warn(KWQ_WARN_MISUSE, NULL, 0, "kwq_cq_add", -EINVAL,
			  "completion item %p ran without kwq_cq_add()",
			  (void *)cw);
		return;
	}
	finish_locked(cq, cw, 0);
	changed_locked(cq);
	/*
	 * From here on the loop thread may free @cw, or destroy @cq: glibc's
	 * unlock does not touch the mutex once another thread may own it.
	 */
	pthread_mutex_unlock(&cq->lock);
}

/* --- fork() -------------------------------------------------------------- */

static void fork_prepare(void)
{
	struct kwq_list_node *n;

	pthread_mutex_lock(&registry_lock);
	for (n = registry.next; n != &registry; n = n->next)
		pthread_mutex_lock(&kwq__list_entry(n, struct kwq_cq,
						    node)->lock);
}

static void fork_parent(void)
{
	struct kwq_list_node *n;

	for (n = registry.next; n != &registry; n = n->next)
		pthread_mutex_unlock(&kwq__list_entry(n, struct kwq_cq,
						      node)->lock);
	pthread_mutex_unlock(&registry_lock);
}

/* Make every item on @head idle, but the one this thread is running. */
static void forget_list(struct kwq_list_node *head)
{
	struct kwq_list_node *n, *next;
	struct kwq_cq_work *cw;

	for (n = head->next; n != head; n = next) {
		next = n->next;
		cw = kwq__list_entry(n, struct kwq_cq_work, node);
		if (cw == cur_work)
			continue;
		kwq__list_del_init(n);
		cw->state = CW_IDLE;
	}
}

static void child_cq(struct kwq_cq *cq)
{
	int fd;

	forget_list(&cq->queued);
	forget_list(&cq->done);
	cq->nr_done = 0;
	cq->signalled = false;
	cq->waiting = false;
	pthread_cond_init(&cq->changed, NULL);
	/* The inherited eventfd is the parent's too: replace it in place. */
	fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (fd < 0 || dup3(fd, cq->fd, O_CLOEXEC) < 0)
		kwq__warn(KWQ_WARN_INTERNAL, NULL, 0, "fork", -errno,
			  "completion queue fd %d is still shared with the parent",
			  cq->fd);
	if (fd >= 0) {
		int old = kwq__nocancel_begin();

		close(fd);
		kwq__nocancel_end(old);
	}
}

static void fork_child(void)
{
	struct kwq_list_node *n;
	struct kwq_cq *cq;

	for (n = registry.next; n != &registry; n = n->next) {
		cq = kwq__list_entry(n, struct kwq_cq, node);
		child_cq(cq);
		pthread_mutex_unlock(&cq->lock);
	}
	pthread_mutex_unlock(&registry_lock);
}

static void fork_setup(void)
{
	fork_err = -pthread_atfork(fork_prepare, fork_parent, fork_child);
}

/* --- the API ------------------------------------------------------------- */

struct kwq_cq *kwq_cq_create(unsigned int flags)
{
	struct kwq_cq *cq;
	int err;

	if (flags) {
		err = -EINVAL;
		goto fail;
	}
	/*
	 * kwq's own fork handlers first: prepare handlers run in the reverse
	 * order, so a fork takes the queues' locks before the pool locks,
	 * the order kwq_cq_add() and kwq_cq_remove() take them in.
	 */
	err = kwq__init();
	if (err)
		goto fail;
	pthread_once(&fork_once, fork_setup);
	err = fork_err;
	if (err)
		goto fail;
	cq = kwq__zalloc(sizeof(*cq));
	if (!cq) {
		err = -ENOMEM;
		goto fail;
	}
	cq->fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (cq->fd < 0) {
		err = -errno;
		goto fail_eventfd;
	}
	pthread_mutex_init(&cq->lock, NULL);
	pthread_cond_init(&cq->changed, NULL);
	kwq__list_init(&cq->queued);
	kwq__list_init(&cq->done);
	pthread_mutex_lock(&registry_lock);
	kwq__list_add_before(&cq->node, &registry);
	pthread_mutex_unlock(&registry_lock);
	return cq;

fail_eventfd:
	free(cq);
fail:
	errno = -err;
	return NULL;
}

int kwq_cq_destroy(struct kwq_cq *cq)
{
	struct kwq_cq_work *cw;
	struct kwq_cq *outer = cur_cq;
	int status, old;

	if (!cq)
		return 0;
	if (own(cq))
		return -EDEADLK;
	/* A worker calling this must not hold back its pool meanwhile. */
	kwq__sleep_begin();
	pthread_mutex_lock(&cq->lock);
	cq->dying = true;
	for (;;) {
		cw = take_locked(cq, &status);
		if (cw) {
			pthread_mutex_unlock(&cq->lock);
			cur_cq = cq;
			if (cw->done)
				cw->done(cw, status);
			cur_cq = outer;
			pthread_mutex_lock(&cq->lock);
			continue;
		}
		if (kwq__list_empty(&cq->queued))
			break;
		cq->waiting = true;
		old = kwq__nocancel_begin();
		pthread_cond_wait(&cq->changed, &cq->lock);
		kwq__nocancel_end(old);
	}
	pthread_mutex_unlock(&cq->lock);
	kwq__sleep_end();
	notify(cq, KWQ_CQ_CLOSE);

	pthread_mutex_lock(&registry_lock);
	kwq__list_del_init(&cq->node);
	pthread_mutex_unlock(&registry_lock);
	old = kwq__nocancel_begin();	/* close(2) is a cancellation point */
	close(cq->fd);
	kwq__nocancel_end(old);
	pthread_cond_destroy(&cq->changed);
	pthread_mutex_destroy(&cq->lock);
	free(cq);
	return 0;
}

int kwq_cq_fd(const struct kwq_cq *cq)
{
	return cq ? cq->fd : -EINVAL;
}

int kwq_cq_init_work(struct kwq_cq_work *cw, struct kwq_cq *cq,
		     void (*func)(struct kwq_cq_work *cw),
		     void (*done)(struct kwq_cq_work *cw, int status))
{
	if (!cw || !cq || !func || !done)
		return -EINVAL;
	INIT_WORK(&cw->work, cw_main);
	kwq__list_init(&cw->node);
	cw->cq = cq;
	cw->func = func;
	cw->done = done;
	cw->status = 0;
	cw->state = CW_IDLE;
	return 0;
}

int kwq_cq_add(struct workqueue_struct *wq, struct kwq_cq_work *cw)
{
	struct kwq_cq *cq;
	bool idle;
	int err;

	if (!wq || !cw || !cw->cq || cw->work.func != cw_main || !cw->done)
		return -EINVAL;
	cq = cw->cq;
	pthread_mutex_lock(&cq->lock);
	if (cw->state != CW_IDLE) {
		err = -EBUSY;
		goto out_unlock;
	}
	if (cq->dying && !own(cq)) {
		err = -ESHUTDOWN;
		goto out_unlock;
	}
	/*
	 * Under the lock, so that a kwq_cq_remove(), whose remove_work()
	 * holds PENDING for a moment even when it finds nothing to remove,
	 * cannot make this add fail with -EBUSY; a worker that runs the item
	 * at once waits for the lock before it queues the completion.
	 */
	idle = !busy_locked(cq);
	if (idle) {
		err = notify(cq, KWQ_CQ_BUSY);
		if (err)
			goto out_unlock;
	}
	err = add_work_to_q(wq, &cw->work);
	if (!err) {
		cw->state = CW_QUEUED;
		kwq__list_add_before(&cw->node, &cq->queued);
	} else if (idle) {
		notify(cq, KWQ_CQ_IDLE);
	}
out_unlock:
	pthread_mutex_unlock(&cq->lock);
	return err;
}

int kwq_cq_remove(struct kwq_cq_work *cw, unsigned int flags)
{
	struct kwq_cq *cq;
	int err;

	if (!cw || !cw->cq || cw->work.func != cw_main ||
	    (flags & ~(unsigned int)(KWQ_CQ_DELIVER | KWQ_CQ_DROP)) ||
	    flags == (KWQ_CQ_DELIVER | KWQ_CQ_DROP))
		return -EINVAL;
	cq = cw->cq;
	pthread_mutex_lock(&cq->lock);
	if (cw->state != CW_QUEUED) {
		err = -ENOENT;
		goto out_unlock;
	}
	/* Under the lock: see kwq_cq_add(). */
	err = remove_work(&cw->work);
	if (err)
		goto out_unlock;
	if (flags & KWQ_CQ_DROP) {
		kwq__list_del_init(&cw->node);
		cw->state = CW_IDLE;
		if (!busy_locked(cq))
			notify(cq, KWQ_CQ_IDLE);
	} else {
		finish_locked(cq, cw, -ECANCELED);
	}
	changed_locked(cq);
out_unlock:
	pthread_mutex_unlock(&cq->lock);
	return err;
}

int kwq_cq_run(struct kwq_cq *cq, unsigned int max, unsigned int *nr)
{
	struct kwq_cq *outer = cur_cq;
	struct kwq_cq_work *cw;
	unsigned long budget;
	unsigned int count = 0;
	int status;

	if (!cq)
		return -EINVAL;
	pthread_mutex_lock(&cq->lock);
	budget = cq->nr_done;
	if (max && max < budget)
		budget = max;
	while (count < budget && (cw = take_locked(cq, &status))) {
		pthread_mutex_unlock(&cq->lock);
		count++;
		cur_cq = cq;
		if (cw->done)
			cw->done(cw, status);
		cur_cq = outer;
		pthread_mutex_lock(&cq->lock);
	}
	/* An edge for edge-triggered epoll: completions are left. */
	if (count && !kwq__list_empty(&cq->done))
		signal_locked(cq);
	pthread_mutex_unlock(&cq->lock);
	if (nr)
		*nr = count;
	return 0;
}

struct kwq_cq_work *kwq_cq_pop(struct kwq_cq *cq)
{
	struct kwq_cq_work *cw;
	int status;

	if (!cq) {
		errno = EINVAL;
		return NULL;
	}
	pthread_mutex_lock(&cq->lock);
	cw = take_locked(cq, &status);
	pthread_mutex_unlock(&cq->lock);
	if (!cw)
		errno = EAGAIN;
	return cw;
}

int kwq_cq_set_notify(struct kwq_cq *cq,
		      int (*fn)(struct kwq_cq *cq, enum kwq_cq_event event,
				void *arg),
		      void *arg)
{
	if (!cq)
		return -EINVAL;
	pthread_mutex_lock(&cq->lock);
	cq->notify = fn;
	cq->notify_arg = arg;
	pthread_mutex_unlock(&cq->lock);
	return 0;
}
