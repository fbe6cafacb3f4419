// SPDX-License-Identifier: MIT
/*
 * The APR adapter: apr_thread_pool from libaprutil with the peers' thread
 * count (initial and maximum alike).  apr_thread_pool_push() takes a
 * pointer; APR allocates its task records from the pool's memory pool and
 * recycles them, so the caller keeps nothing per item.
 */
#include "bench.h"

#include <apr_general.h>
#include <apr_pools.h>
#include <apr_thread_pool.h>

static apr_pool_t *mp;
static apr_thread_pool_t *tp;

static void *APR_THREAD_FUNC aprb_fn(apr_thread_t *t, void *param)
{
	(void)t;
	bitem_run(param);
	return NULL;
}

static int aprb_init(int nthreads)
{
	if (apr_initialize() != APR_SUCCESS)
		return -1;
	if (apr_pool_create(&mp, NULL) != APR_SUCCESS)
		return -1;
	if (apr_thread_pool_create(&tp, (apr_size_t)nthreads,
				   (apr_size_t)nthreads, mp) != APR_SUCCESS)
		return -1;
	return 0;
}

static void aprb_fini(void)
{
	apr_thread_pool_destroy(tp);
	apr_pool_destroy(mp);
	apr_terminate();
}

static int aprb_add(struct bitem *b)
{
	return apr_thread_pool_push(tp, aprb_fn, b,
				    APR_THREAD_TASK_PRIORITY_NORMAL,
				    NULL) != APR_SUCCESS;
}

const struct bench_impl impl_apr = {
	.name = "apr",
	.entry = "apr_thread_pool_push",
	.stride = sizeof(struct bitem),
	.item_bytes = 0,
	.init = aprb_init,
	.fini = aprb_fini,
	.add = aprb_add,
};
