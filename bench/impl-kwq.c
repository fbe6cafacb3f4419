// SPDX-License-Identifier: MIT
/*
 * The kwq adapter: a bound queue (items run on the adding CPU's pool, as on
 * the kernel's system_wq) and a WQ_UNBOUND one (one pool for the process),
 * both with the default max_active; and the queues a user picks to
 * serialise work, measured against the serial peers (issue 14): an ordered
 * queue, WQ_UNBOUND with max_active 1 and 2, and create_workqueue() (bound,
 * max_active 1).  kwq sizes its pools itself, so the thread count the peers
 * get is not used here.  The item is intrusive: a struct work_struct in the
 * caller's structure, and adding never allocates.
 */
#include "bench.h"

#include <errno.h>
#include <kwq/workqueue.h>

struct kitem {
	struct bitem b;
	struct work_struct w;
};

static struct workqueue_struct *wq;

static void kq_fn(struct work_struct *w)
{
	bitem_run(&bench_container_of(w, struct kitem, w)->b);
}

static int kq_init(unsigned int flags, int max_active)
{
	wq = alloc_workqueue("bench%s-%d", flags, max_active,
			     flags & WQ_UNBOUND ? "-unbound" : "", max_active);
	return wq ? 0 : -errno;
}

static int kq_init_bound(int nthreads)
{
	(void)nthreads;
	return kq_init(0, 0);
}

static int kq_init_unbound(int nthreads)
{
	(void)nthreads;
	return kq_init(WQ_UNBOUND, 0);
}

static int kq_init_unbound_ma1(int nthreads)
{
	(void)nthreads;
	return kq_init(WQ_UNBOUND, 1);
}

static int kq_init_unbound_ma2(int nthreads)
{
	(void)nthreads;
	return kq_init(WQ_UNBOUND, 2);
}

static int kq_init_ordered(int nthreads)
{
	(void)nthreads;
	wq = alloc_ordered_workqueue("bench-ordered", 0);
	return wq ? 0 : -errno;
}

static int kq_init_bound_ma1(int nthreads)
{
	(void)nthreads;
	wq = create_workqueue("bench-legacy");
	return wq ? 0 : -errno;
}

static void kq_fini(void)
{
	destroy_workqueue(wq);
	wq = NULL;
}

static void kq_init_item(struct bitem *b)
{
	INIT_WORK(&((struct kitem *)(void *)b)->w, kq_fn);
}

static int kq_add(struct bitem *b)
{
	return add_work_to_q(wq, &((struct kitem *)(void *)b)->w);
}

static void kq_cap_workers(int n)
{
	kwq_set_worker_limit((unsigned int)n);
}

/*
 * The queues differ only in how they are created, and in how many of one
 * CPU's items run at once (@running, 0: one per CPU).
 */
#define KQ_IMPL(n, initfn, nrun) {						\
	.name = (n),							\
	.entry = "add_work_to_q",					\
	.stride = sizeof(struct kitem),					\
	.item_bytes = sizeof(struct work_struct),			\
	.has_ebusy = 1,							\
	.init = (initfn),						\
	.fini = kq_fini,						\
	.init_item = kq_init_item,					\
	.add = kq_add,							\
	.cap_workers = kq_cap_workers,					\
	.running = (nrun),						\
}

const struct bench_impl impl_kwq_bound =
	KQ_IMPL("kwq-bound", kq_init_bound, 1);
const struct bench_impl impl_kwq_unbound =
	KQ_IMPL("kwq-unbound", kq_init_unbound, 0);
const struct bench_impl impl_kwq_ordered =
	KQ_IMPL("kwq-ordered", kq_init_ordered, 1);
const struct bench_impl impl_kwq_unbound_ma1 =
	KQ_IMPL("kwq-unbound-ma1", kq_init_unbound_ma1, 1);
const struct bench_impl impl_kwq_unbound_ma2 =
	KQ_IMPL("kwq-unbound-ma2", kq_init_unbound_ma2, 2);
const struct bench_impl impl_kwq_bound_ma1 =
	KQ_IMPL("kwq-bound-ma1", kq_init_bound_ma1, 1);
