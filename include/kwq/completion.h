/* SPDX-License-Identifier: MIT */
/*
 * kwq's completion queues: results handed back to the thread that submitted
 * the work, the way libuv's after_work_cb or a GLib main loop expects them.
 *
 * A struct kwq_cq_work is a work item with a second function, its completion
 * callback.  kwq_cq_add() queues it on any workqueue; a worker runs its
 * function and puts it on the tail of its completion queue, whose file
 * descriptor (an eventfd) then polls readable.  The submitting thread, woken
 * by poll(), epoll, libuv's uv_poll_t or GLib's g_unix_fd_add(), calls
 * kwq_cq_run(), which calls the callbacks of the finished items in the order
 * they finished, on that thread; or it takes them one by one with
 * kwq_cq_pop().  An item removed before it ran, with kwq_cq_remove(), is
 * delivered the same way with -ECANCELED, as libuv's uv_cancel() does.
 * <kwq/uv.h> and <kwq/glib.h> attach a queue to a libuv or GLib loop in
 * one call, through kwq_cq_set_notify().
 *
 * Nothing is allocated per item: the item is intrusive, like a work_struct,
 * and belongs to kwq from kwq_cq_add() until its completion is delivered.
 */
#ifndef KWQ_COMPLETION_H
#define KWQ_COMPLETION_H

#include <kwq/workqueue.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A completion queue; opaque. */
struct kwq_cq;

/*
 * A work item whose completion is delivered through a completion queue.
 * Embed it in your own structure and use container_of() in the functions.
 * Set it up with kwq_cq_init_work(); every field but @status is kwq's own.
 * Its memory must stay valid from kwq_cq_add() until its completion has been
 * delivered (or kwq_cq_remove() took it off without delivery).
 */
struct kwq_cq_work {
	struct work_struct work;	/* queued by kwq_cq_add() only */
	struct kwq_list_node node;	/* on its queue's lists */
	struct kwq_cq *cq;		/* where its completion goes */
	void (*func)(struct kwq_cq_work *cw);	/* runs on a worker */
	void (*done)(struct kwq_cq_work *cw, int status); /* runs on delivery */
	int status;			/* last delivered: 0 or -ECANCELED */
	int state;			/* idle, queued or finished */
};

/* kwq_cq_remove() flags. */
enum {
	KWQ_CQ_DELIVER		= 1U << 0, /* the default: -ECANCELED comes */
	KWQ_CQ_DROP		= 1U << 1, /* no callback: the item is idle */
};

/* What kwq_cq_set_notify()'s function is told. */
enum kwq_cq_event {
	KWQ_CQ_BUSY,		/* an item is outstanding, none was */
	KWQ_CQ_IDLE,		/* none is outstanding any more */
	KWQ_CQ_CLOSE,		/* kwq_cq_destroy() closes the descriptor */
};

/**
 * kwq_cq_create() - create a completion queue
 * @flags: 0 (no flag is defined yet)
 *
 * The queue owns an eventfd (close-on-exec, non-blocking), which
 * kwq_cq_fd() returns.  One queue takes the completions of any number of
 * items, added to any number of workqueues.
 *
 * Context: Any thread.
 * Return: The new queue, or NULL with errno set: EINVAL for unknown @flags;
 * ENOMEM; EAGAIN when kwq's own threads cannot start (as for the first
 * alloc_workqueue()); or the error of eventfd() (EMFILE, ENFILE).
 */
KWQ_API struct kwq_cq *kwq_cq_create(unsigned int flags);

/**
 * kwq_cq_destroy() - deliver everything still due on @cq, then free it
 * @cq: the queue; NULL is ignored
 *
 * Loses nothing, as destroy_workqueue(): it waits for every item added
 * through @cq that is still queued or running, and calls, on the calling
 * thread and in order, the callback of every completion not yet delivered
 * (removals made with KWQ_CQ_DELIVER with -ECANCELED), then closes the
 * descriptor and frees @cq.  While it runs, kwq_cq_add() of an item of @cq
 * fails with -ESHUTDOWN, except from one of @cq's own functions or
 * callbacks (chained work).  Stop polling the descriptor first, unless
 * the function of kwq_cq_set_notify() does it (KWQ_CQ_CLOSE, as the loop
 * adapters do); no other call on @cq may be under way or follow.
 *
 * Context: Any thread but a function or callback of an item of @cq.  Sleeps
 * until the items in flight have finished.
 * Return: 0; -EDEADLK, doing nothing, when called from a function or a
 * callback of an item of @cq, which would wait for itself.
 */
KWQ_API int kwq_cq_destroy(struct kwq_cq *cq);

/**
 * kwq_cq_fd() - the file descriptor that polls readable while completions wait
 * @cq: the queue
 *
 * The descriptor is readable (POLLIN) from the moment a completion is queued
 * until kwq_cq_run() or kwq_cq_pop() has taken the last one, and it gets a
 * fresh event when kwq_cq_run() returns with completions left, so that
 * edge-triggered epoll works too.  Poll it; never read it, close it or
 * write to it: @cq does that.  It stays the same number for the life of
 * @cq, in a fork() child too (where it is a new eventfd of the child's own).
 *
 * Context: Any thread.  Never sleeps.
 * Return: The descriptor; -EINVAL for a NULL @cq.
 */
KWQ_API int kwq_cq_fd(const struct kwq_cq *cq);

/**
 * kwq_cq_init_work() - prepare @cw to run @func, then @done through @cq
 * @cw: the item
 * @cq: the queue its completions go to, for as long as it lives
 * @func: called on a worker with @cw, as a work item's function
 * @done: called with @cw and its status when the completion is delivered
 *	by kwq_cq_run() or kwq_cq_destroy() (0: @func ran; -ECANCELED:
 *	removed before it ran); kwq_cq_pop() takes an item without calling it
 *
 * Never call it on an item that is in flight (added and not yet delivered).
 *
 * Context: Any thread.  Never sleeps.
 * Return: 0; -EINVAL for a NULL @cw, @cq, @func or @done (a completion
 * nobody is called for would be lost without a word).
 */
KWQ_API int kwq_cq_init_work(struct kwq_cq_work *cw, struct kwq_cq *cq,
			     void (*func)(struct kwq_cq_work *cw),
			     void (*done)(struct kwq_cq_work *cw, int status));

/**
 * kwq_cq_add() - add @cw to @wq; its completion goes to its queue
 * @wq: the workqueue that runs @cw->func
 * @cw: the item, prepared with kwq_cq_init_work()
 *
 * On success @cw is in flight: it runs once, as add_work_to_q() would run
 * it, then its completion (status 0) is queued on its completion queue; or
 * kwq_cq_remove() removes it.  It cannot be added again until its
 * completion has been delivered, which makes one completion per add.  Never
 * allocates.
 *
 * Context: Any thread, including a work item and a completion callback.
 * Never sleeps; takes the completion queue's lock and a pool lock briefly.
 * Return: 0 when @cw was queued.  -EBUSY when it is in flight (nothing
 * changes).  -EINVAL for a NULL argument or an item never prepared.
 * -ESHUTDOWN when @wq is being drained or destroyed (as add_work_to_q()),
 * or the completion queue is being destroyed, and the caller is not one of
 * its own items.  The negative errno of the kwq_cq_set_notify() function,
 * which refused KWQ_CQ_BUSY (a loop adapter: -ENOMEM, or libuv's error).
 */
KWQ_API int kwq_cq_add(struct workqueue_struct *wq, struct kwq_cq_work *cw);

/**
 * kwq_cq_remove() - remove @cw if it has not started yet
 * @cw: the item
 * @flags: 0 (or KWQ_CQ_DELIVER, the same) to queue the removal as a
 *	completion with -ECANCELED, as uv_cancel() does; KWQ_CQ_DROP to drop
 *	it, so that no callback is called
 *
 * An item that has started is not waited for: its completion comes as
 * usual.  With KWQ_CQ_DROP the removed item is idle on return, and may be
 * freed or added again: the caller takes over what its callback would
 * have done.
 *
 * Context: Any thread, including a work item and a completion callback.
 * Does not block, as remove_work().
 * Return: 0 when @cw was removed before it ran; -ENOENT when it was not
 * waiting to run (idle, running, or finished); -EINVAL for a NULL or
 * never-prepared @cw, unknown @flags, or both flags.
 */
KWQ_API int kwq_cq_remove(struct kwq_cq_work *cw, unsigned int flags);

/**
 * kwq_cq_run() - call the callbacks of the completions waiting on @cq
 * @cq: the queue
 * @max: deliver at most this many; 0 for all those waiting at the call
 * @nr: where to store how many were delivered; may be NULL
 *
 * Takes the completions in the order they were queued (the order in which
 * their items finished or were removed) and calls each item's callback on
 * the calling thread, with the queue's lock released.  The item is idle
 * when its callback is called, so the callback may free it or add it again.
 * Completions queued while it runs are left for the next call, so that a
 * busy queue cannot hold an event loop; the descriptor then stays readable.
 * Several threads may call it at once: each completion is delivered once,
 * to one of them, and callbacks then overlap.
 *
 * Context: Any thread, including a completion callback of @cq.  Never waits
 * for work.
 * Return: 0 (also when nothing was waiting); -EINVAL for a NULL @cq.
 */
KWQ_API int kwq_cq_run(struct kwq_cq *cq, unsigned int max, unsigned int *nr);

/**
 * kwq_cq_pop() - take the oldest completion waiting on @cq
 * @cq: the queue
 *
 * The callback is not called: the item is the caller's again, idle, with
 * the status of the completion in its status field.  kwq_cq_run() and
 * kwq_cq_pop() take from one list, in one order.
 *
 * Context: Any thread.  Never sleeps.
 * Return: The item, or NULL with errno EAGAIN when no completion waits
 * (EINVAL for a NULL @cq).
 */
KWQ_API struct kwq_cq_work *kwq_cq_pop(struct kwq_cq *cq);

/**
 * kwq_cq_set_notify() - tell @fn when @cq starts and stops having work
 * @cq: the queue
 * @fn: called with @cq, an event and @arg; NULL to tell nobody
 * @arg: passed to @fn
 *
 * For event-loop adapters (<kwq/uv.h>, <kwq/glib.h>), which keep their
 * loop alive exactly while work is outstanding: an item is outstanding
 * from its kwq_cq_add() until its completion has been delivered (or
 * dropped with KWQ_CQ_DROP).  @fn gets KWQ_CQ_BUSY in the kwq_cq_add()
 * that makes one outstanding when none was, before the item is queued: a
 * negative errno from it fails that add with that errno.  It gets
 * KWQ_CQ_IDLE when the last one has been delivered, before its callback
 * runs (which may add again), or dropped, or when the add that made it
 * busy failed.  It gets KWQ_CQ_CLOSE once, last, from kwq_cq_destroy(),
 * after every completion has been delivered and before the descriptor is
 * closed: the time to stop watching it.  @fn runs on the thread of that
 * call, for BUSY and IDLE with @cq's lock held: it must not call
 * kwq_cq_*() on @cq.
 *
 * Context: Any thread; call it before items are added.  Never sleeps.
 * Return: 0; -EINVAL for a NULL @cq.
 */
KWQ_API int kwq_cq_set_notify(struct kwq_cq *cq,
			      int (*fn)(struct kwq_cq *cq,
					enum kwq_cq_event event, void *arg),
			      void *arg);

#ifdef __cplusplus
}
#endif

#endif /* KWQ_COMPLETION_H */
