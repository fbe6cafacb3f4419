// SPDX-License-Identifier: MIT
/*
 * The GLib adapter: a GThreadPool with the peers' thread count, exclusive
 * (its threads start at once and serve only this pool).  g_thread_pool_push()
 * takes a pointer, so the caller keeps nothing per item; GLib queues it on a
 * GAsyncQueue, whose list nodes come from GLib's slice allocator.
 * With max_threads = 1 ("glib-serial") it runs items one at a time, in
 * order: GLib's serial queue.
 */
#include "bench.h"

#include <glib.h>

static GThreadPool *pool;

static void gtp_fn(gpointer data, gpointer user_data)
{
	(void)user_data;
	bitem_run(data);
}

static int gtp_init(int nthreads)
{
	GError *err = NULL;

	pool = g_thread_pool_new(gtp_fn, NULL, nthreads, TRUE, &err);
	if (!pool) {
		g_error_free(err);
		return -1;
	}
	return 0;
}

static int gtp_init_serial(int nthreads)
{
	(void)nthreads;
	return gtp_init(1);
}

static void gtp_fini(void)
{
	g_thread_pool_free(pool, FALSE, TRUE);
	pool = NULL;
}

static int gtp_add(struct bitem *b)
{
	return !g_thread_pool_push(pool, b, NULL);
}

#define GTP_IMPL(n, initfn) {					\
	.name = (n),							\
	.entry = "g_thread_pool_push",					\
	.stride = sizeof(struct bitem),					\
	.item_bytes = 0,						\
	.init = (initfn),						\
	.fini = gtp_fini,						\
	.add = gtp_add,							\
}

const struct bench_impl impl_glib = GTP_IMPL("glib", gtp_init);
const struct bench_impl impl_glib_serial =
	GTP_IMPL("glib-serial", gtp_init_serial);
