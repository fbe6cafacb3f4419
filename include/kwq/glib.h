/* SPDX-License-Identifier: MIT */
/*
 * kwq's GLib adapter, header-only: a completion queue whose callbacks a
 * GLib main loop runs, as it runs the callbacks of
 * g_task_run_in_thread().
 *
 * kwq_cq_create_glib() creates the queue and attaches a GSource, which
 * watches the queue's descriptor, to the loop's context; its dispatch runs
 * the callbacks on the loop's thread.  g_main_loop_run() runs until
 * g_main_loop_quit(), not while sources exist, so the source "holds" the
 * loop the way a GApplication is held: while jobs are outstanding (from
 * kwq_cq_add() until their callbacks have been called) it lets the loop
 * run, and once the last has been delivered it quits the loop, so that
 * g_main_loop_run() returns when the work is done.  A GTask program's
 * count of tasks in flight and its g_main_loop_quit() go away in the
 * port.  For a loop that serves more than the jobs (a GUI's), attach to
 * its context without quitting: kwq_cq_create_glib(NULL).
 * kwq_cq_destroy() delivers (or cancels) every completion still due, then
 * destroys the source.
 *
 * libkwq does not link GLib; the program does (pkg-config glib-2.0).  Add
 * and remove the queue's items on the loop's thread, or from their own
 * functions and callbacks, and destroy the queue there too.
 */
#ifndef KWQ_GLIB_H
#define KWQ_GLIB_H

#include <glib.h>

#include <kwq/completion.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The adapter's source, kwq's own; destroyed by kwq_cq_destroy(). */
struct kwq_glib_source {
	GSource source;
	struct kwq_cq *cq;
	GMainLoop *loop;	/* quit when no job is outstanding, or NULL */
	gpointer tag;		/* the descriptor, in the source */
	gint busy;		/* atomic: jobs are outstanding */
	gint went_idle;		/* atomic: the last one has gone since */
};

static inline gboolean kwq_glib_prepare_(GSource *source, gint *timeout)
{
	struct kwq_glib_source *s = (struct kwq_glib_source *)source;

	*timeout = -1;
	/* Here, between two turns: a callback may have added again. */
	if (g_atomic_int_compare_and_exchange(&s->went_idle, 1, 0) &&
	    !g_atomic_int_get(&s->busy) && s->loop)
		g_main_loop_quit(s->loop);
	return FALSE;
}

static inline gboolean kwq_glib_check_(GSource *source)
{
	struct kwq_glib_source *s = (struct kwq_glib_source *)source;

	return (g_source_query_unix_fd(source, s->tag) & G_IO_IN) != 0;
}

static inline gboolean kwq_glib_dispatch_(GSource *source,
					  GSourceFunc callback,
					  gpointer data)
{
	struct kwq_glib_source *s = (struct kwq_glib_source *)source;

	(void)callback;
	(void)data;
	kwq_cq_run(s->cq, 0, NULL);
	return G_SOURCE_CONTINUE;
}

static inline void kwq_glib_finalize_(GSource *source)
{
	struct kwq_glib_source *s = (struct kwq_glib_source *)source;

	if (s->loop)
		g_main_loop_unref(s->loop);
}

static inline int kwq_glib_notify_(struct kwq_cq *cq, enum kwq_cq_event event,
				   void *arg)
{
	struct kwq_glib_source *s = (struct kwq_glib_source *)arg;

	(void)cq;
	switch (event) {
	case KWQ_CQ_BUSY:
		g_atomic_int_set(&s->busy, 1);
		break;
	case KWQ_CQ_IDLE:
		g_atomic_int_set(&s->busy, 0);
		g_atomic_int_set(&s->went_idle, 1);
		/* Dropped from another thread: let the loop see it. */
		g_main_context_wakeup(g_source_get_context(&s->source));
		break;
	case KWQ_CQ_CLOSE:
		g_source_destroy(&s->source);
		g_source_unref(&s->source);
		break;
	}
	return 0;
}

/**
 * kwq_cq_create_glib() - create a completion queue that @loop delivers
 * @loop: the main loop whose context runs the completion callbacks, and
 *	which is quit once no job is outstanding; NULL to attach to the
 *	thread-default context and never quit a loop
 *
 * With its jobs added before g_main_loop_run(loop), that returns once
 * every callback has been called.  kwq_cq_remove(cw, 0) is
 * g_cancellable_cancel() for a job that has not started: its callback
 * comes, with -ECANCELED.  Destroy the queue with kwq_cq_destroy(), on the
 * loop's thread.
 *
 * Context: The thread that runs @loop's context.
 * Return: The queue, or NULL with errno set as by kwq_cq_create().
 */
static inline struct kwq_cq *kwq_cq_create_glib(GMainLoop *loop)
{
	static GSourceFuncs funcs = {
		kwq_glib_prepare_, kwq_glib_check_, kwq_glib_dispatch_,
		kwq_glib_finalize_, NULL, NULL,
	};
	struct kwq_cq *cq = kwq_cq_create(0);
	struct kwq_glib_source *s;

	if (!cq)
		return NULL;
	s = (struct kwq_glib_source *)g_source_new(&funcs, sizeof(*s));
	s->cq = cq;
	s->loop = loop ? g_main_loop_ref(loop) : NULL;
	s->tag = g_source_add_unix_fd(&s->source, kwq_cq_fd(cq), G_IO_IN);
	g_source_set_name(&s->source, "kwq completion queue");
	g_source_attach(&s->source, loop ? g_main_loop_get_context(loop) :
			g_main_context_get_thread_default());
	kwq_cq_set_notify(cq, kwq_glib_notify_, s);
	return cq;
}

#ifdef __cplusplus
}
#endif

#endif /* KWQ_GLIB_H */
