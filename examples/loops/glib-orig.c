// SPDX-License-Identifier: MIT
/*
 * The reference for cq-glib.c, in GLib's own idiom: eight jobs count
 * primes in GTask's thread pool (g_task_run_in_thread()), their callbacks
 * print the results on the main loop's thread, and the two largest are
 * cancelled through their GCancellable; the loop is quit when the last
 * has reported.  docs/loops.md compares the two.
 */
#include <gio/gio.h>
#include <stdio.h>

#include "../primes.h"

#define NR_JOBS 8

static GMainLoop *loop;
static int jobs_left;

static void count_primes(GTask *task, gpointer source, gpointer data,
			 GCancellable *cancellable)	/* on a pool thread */
{
	unsigned long *n = data;

	(void)source;
	(void)cancellable;
	g_task_return_int(task, (gssize)primes_below(*n));
}

static void report(GObject *source, GAsyncResult *res, gpointer data)
{
	unsigned long *n = data;	/* on the loop */
	GError *error = NULL;
	gssize primes = g_task_propagate_int(G_TASK(res), &error);

	(void)source;
	if (error)
		printf("primes below %lu: cancelled\n", *n);
	else
		printf("primes below %lu: %ld\n", *n, (long)primes);
	g_clear_error(&error);
	if (--jobs_left == 0)
		g_main_loop_quit(loop);
}

int main(void)
{
	static unsigned long n[NR_JOBS];
	GCancellable *cancel[NR_JOBS];

	loop = g_main_loop_new(NULL, FALSE);
	for (int i = 0; i < NR_JOBS; i++) {
		GTask *task;

		n[i] = 10000UL << i;
		cancel[i] = g_cancellable_new();
		task = g_task_new(NULL, cancel[i], report, &n[i]);
		g_task_set_task_data(task, &n[i], NULL);
		g_task_run_in_thread(task, count_primes);
		g_object_unref(task);
		jobs_left++;
	}
	for (int i = NR_JOBS - 2; i < NR_JOBS; i++)
		g_cancellable_cancel(cancel[i]);
	g_main_loop_run(loop);
	for (int i = 0; i < NR_JOBS; i++)
		g_object_unref(cancel[i]);
	g_main_loop_unref(loop);
	return 0;
}
