// SPDX-License-Identifier: MIT
/*
 * Results back to a GLib main loop: g_unix_fd_add() watches the completion
 * queue's descriptor, and its callback runs the completions on the loop's
 * thread.  The jobs are those of cq-poll.c (../cq-jobs.h).  Built by
 * `make examples-loops` when pkg-config finds glib-2.0.
 */
#include "../cq-jobs.h"

#include <glib-unix.h>

static GMainLoop *loop;

static gboolean on_readable(gint fd, GIOCondition cond, gpointer data)
{
	struct kwq_cq *cq = data;

	(void)fd;
	(void)cond;
	kwq_cq_run(cq, 0, NULL);
	if (jobs_left > 0)
		return G_SOURCE_CONTINUE;
	g_main_loop_quit(loop);
	return G_SOURCE_REMOVE;			/* stops polling */
}

int main(void)
{
	struct workqueue_struct *wq = alloc_workqueue("primes", WQ_UNBOUND, 2);
	struct kwq_cq *cq = kwq_cq_create(0);

	if (!wq || !cq) {
		perror("kwq");
		return 1;
	}
	loop = g_main_loop_new(NULL, FALSE);
	g_unix_fd_add(kwq_cq_fd(cq), G_IO_IN, on_readable, cq);
	if (jobs_start(wq, cq))
		return 1;
	g_main_loop_run(loop);
	g_main_loop_unref(loop);
	kwq_cq_destroy(cq);
	destroy_workqueue(wq);
	return jobs_left ? 1 : 0;
}
