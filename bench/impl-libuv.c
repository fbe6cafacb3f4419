// SPDX-License-Identifier: MIT
/*
 * The libuv adapter: uv_queue_work() on libuv's global thread pool, sized to
 * the peers' thread count through UV_THREADPOOL_SIZE (libuv's default is 4).
 * uv_queue_work() may only be called from the thread that runs its loop, so
 * every adding thread has a loop of its own; producer_end() runs it until
 * libuv has reaped that thread's requests, as a libuv program must.  The
 * caller keeps a uv_work_t per item.
 */
#include "bench.h"

#include <stdio.h>
#include <stdlib.h>
#include <uv.h>

struct uitem {
	struct bitem b;
	uv_work_t req;
};

static __thread uv_loop_t loop;

static void luv_fn(uv_work_t *req)
{
	bitem_run(&bench_container_of(req, struct uitem, req)->b);
}

static int luv_init(int nthreads)
{
	char n[16];

	/* Read once, when the first request starts the pool. */
	snprintf(n, sizeof(n), "%d", nthreads);
	return setenv("UV_THREADPOOL_SIZE", n, 1);
}

static int luv_add(struct bitem *b)
{
	struct uitem *u = (struct uitem *)(void *)b;

	return uv_queue_work(&loop, &u->req, luv_fn, NULL);
}

static void luv_producer_begin(void)
{
	if (uv_loop_init(&loop))
		die("uv_loop_init failed");
}

static void luv_producer_end(void)
{
	uv_run(&loop, UV_RUN_DEFAULT);
	uv_loop_close(&loop);
}

static void luv_reap(void)
{
	uv_run(&loop, UV_RUN_NOWAIT);
}

const struct bench_impl impl_libuv = {
	.name = "libuv",
	.entry = "uv_queue_work",
	.stride = sizeof(struct uitem),
	.item_bytes = sizeof(uv_work_t),
	.init = luv_init,
	.add = luv_add,
	.producer_begin = luv_producer_begin,
	.producer_end = luv_producer_end,
	.reap = luv_reap,
};
