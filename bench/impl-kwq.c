// SPDX-License-Identifier: MIT
/*
 * The kwq adapter: a bound queue (items run on the adding CPU's pool, as on
 * the kernel's system_wq) and a WQ_UNBOUND one (one pool for the process),
 * both with the default max_active.  kwq sizes its pools itself, so the
 * thread count the peers get is not used here.  The item is intrusive: a
 * struct work_struct in the caller's structure, and adding never allocates.
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

static int kq_init(unsigned int flags)
{
	wq = alloc_workqueue("bench%s", flags, 0,
			     flags & WQ_UNBOUND ? "-unbound" : "");
	return wq ? 0 : -errno;
}

static int kq_init_bound(int nthreads)
{
	(void)nthreads;
	return kq_init(0);
}

static int kq_init_unbound(int nthreads)
{
	(void)nthreads;
	return kq_init(WQ_UNBOUND);
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

/* The two queues differ only in how they are created. */
#define KQ_IMPL(n, initfn) {						\
	.name = (n),							\
	.entry = "add_work_to_q",					\
	.stride = sizeof(struct kitem),					\
	.item_bytes = sizeof(struct work_struct),			\
	.has_ebusy = 1,							\
	.init = (initfn),						\
	.fini = kq_fini,						\
	.init_item = kq_init_item,					\
	.add = kq_add,							\
}

const struct bench_impl impl_kwq_bound = KQ_IMPL("kwq-bound", kq_init_bound);
const struct bench_impl impl_kwq_unbound =
	KQ_IMPL("kwq-unbound", kq_init_unbound);
