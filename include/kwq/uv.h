/* SPDX-License-Identifier: MIT */
/*
 * kwq's libuv adapter, header-only: a completion queue whose callbacks a
 * libuv loop runs, as it runs uv_queue_work()'s after_work_cb.
 *
 * kwq_cq_create_uv() creates the queue and attaches it to the loop.  While
 * a job added to it is outstanding (from kwq_cq_add() until its callback
 * has been called), a uv_poll_t on the queue's descriptor is active and
 * referenced, so the loop stays alive, and runs the callbacks on the
 * loop's thread.  When none is, the handle is closed, so uv_run() returns
 * once the jobs are done, as after uv_queue_work(), and uv_loop_close()
 * finds no handle of kwq's.  kwq_cq_destroy() delivers (or, for jobs
 * removed with kwq_cq_remove(), cancels) every completion still due, then
 * closes the handle.
 *
 * libkwq does not link libuv; the program does (pkg-config libuv).  As with
 * uv_queue_work() and uv_cancel(), add and remove the queue's items on the
 * loop's thread, or from their own functions and callbacks, and destroy
 * the queue there too.
 */
#ifndef KWQ_UV_H
#define KWQ_UV_H

#include <errno.h>
#include <stdlib.h>

#include <uv.h>

#include <kwq/completion.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The adapter's state, kwq's own; freed by kwq_cq_destroy(). */
struct kwq_uv {
	uv_loop_t *loop;
	struct kwq_cq *cq;
	uv_poll_t *poll;	/* open while jobs are outstanding */
};

static inline void kwq_uv_free_(uv_handle_t *handle)
{
	free(handle);
}

static inline void kwq_uv_readable_(uv_poll_t *poll, int status, int events)
{
	struct kwq_uv *u = (struct kwq_uv *)poll->data;

	/* An eventfd has no error to report: run whatever waits. */
	(void)status;
	(void)events;
	kwq_cq_run(u->cq, 0, NULL);
}

/* Open a fresh handle for each busy spell: a closed one closes late. */
static inline int kwq_uv_open_(struct kwq_uv *u)
{
	uv_poll_t *poll = (uv_poll_t *)malloc(sizeof(*poll));
	int err;

	if (!poll)
		return -ENOMEM;
	err = uv_poll_init(u->loop, poll, kwq_cq_fd(u->cq));
	if (err) {
		free(poll);
		return err;
	}
	poll->data = u;
	err = uv_poll_start(poll, UV_READABLE, kwq_uv_readable_);
	if (err) {
		uv_close((uv_handle_t *)poll, kwq_uv_free_);
		return err;
	}
	u->poll = poll;
	return 0;
}

static inline int kwq_uv_notify_(struct kwq_cq *cq, enum kwq_cq_event event,
				 void *arg)
{
	struct kwq_uv *u = (struct kwq_uv *)arg;

	(void)cq;
	if (event == KWQ_CQ_BUSY)
		return kwq_uv_open_(u);
	if (u->poll)
		uv_close((uv_handle_t *)u->poll, kwq_uv_free_);
	u->poll = NULL;
	if (event == KWQ_CQ_CLOSE)
		free(u);
	return 0;
}

/**
 * kwq_cq_create_uv() - create a completion queue that @loop delivers
 * @loop: the libuv loop whose thread runs the completion callbacks
 *
 * The queue keeps @loop alive exactly while it has jobs outstanding: with
 * its jobs added before uv_run(loop, UV_RUN_DEFAULT), that returns once
 * every callback has been called.  kwq_cq_remove(cw, 0) is uv_cancel():
 * the callback still comes, with -ECANCELED.  Destroy the queue with
 * kwq_cq_destroy(), on the loop's thread (after uv_run() has returned, no
 * handle is left to close; with jobs still outstanding, the handle is
 * closed as uv_close() closes, on the loop's next turn).
 *
 * Context: The loop's thread.
 * Return: The queue, or NULL with errno set: EINVAL for a NULL @loop;
 * ENOMEM; or an error of kwq_cq_create().
 */
static inline struct kwq_cq *kwq_cq_create_uv(uv_loop_t *loop)
{
	struct kwq_uv *u;
	int err;

	if (!loop) {
		errno = EINVAL;
		return NULL;
	}
	u = (struct kwq_uv *)calloc(1, sizeof(*u));
	if (!u)
		return NULL;
	u->loop = loop;
	u->cq = kwq_cq_create(0);
	if (!u->cq) {
		err = errno;
		free(u);
		errno = err;
		return NULL;
	}
	kwq_cq_set_notify(u->cq, kwq_uv_notify_, u);
	return u->cq;
}

#ifdef __cplusplus
}
#endif

#endif /* KWQ_UV_H */
