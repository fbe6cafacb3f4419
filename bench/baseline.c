// SPDX-License-Identifier: MIT
/*
 * The baseline: the thread pool most C programmers would write in an
 * afternoon, so that the table shows what the libraries (kwq included) buy
 * over it.  One mutex and one condition variable guard an intrusive FIFO;
 * a fixed set of workers (the peers' thread count) take items from its head.
 * An add appends under the mutex and signals the condition only when a
 * worker is waiting on it.  The caller keeps a 16-byte node per item, so
 * adding never allocates, like kwq.
 *
 * With one worker ("baseline-serial") it is the serial queue a programmer
 * writes by hand, the peer of kwq's ordered and max_active 1 queues.
 */
#include "bench.h"

#include <pthread.h>
#include <stdlib.h>

struct bnode {
	struct bnode *next;
	void (*fn)(struct bnode *n);
};

struct bpool {
	pthread_mutex_t lock;
	pthread_cond_t cond;	/* signalled when work arrives or on stop */
	struct bnode *head;	/* the FIFO, under lock */
	struct bnode **tail;
	int nr_idle;		/* workers waiting on cond, under lock */
	int stop;		/* under lock */
	int nr_threads;
	pthread_t *threads;
};

struct nitem {
	struct bitem b;
	struct bnode n;
};

static struct bpool pool = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.cond = PTHREAD_COND_INITIALIZER,
};

/* Run items until the pool stops and its FIFO is empty. */
static void *worker(void *arg)
{
	struct bpool *p = arg;

	pthread_mutex_lock(&p->lock);
	for (;;) {
		struct bnode *n = p->head;

		if (!n) {
			if (p->stop)
				break;
			p->nr_idle++;
			pthread_cond_wait(&p->cond, &p->lock);
			p->nr_idle--;
			continue;
		}
		p->head = n->next;
		if (!p->head)
			p->tail = &p->head;
		pthread_mutex_unlock(&p->lock);
		n->fn(n);
		pthread_mutex_lock(&p->lock);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

static int bp_init(int nthreads)
{
	pool.head = NULL;
	pool.tail = &pool.head;
	pool.threads = calloc((size_t)nthreads, sizeof(*pool.threads));
	if (!pool.threads)
		return -1;
	for (pool.nr_threads = 0; pool.nr_threads < nthreads; pool.nr_threads++)
		if (pthread_create(&pool.threads[pool.nr_threads], NULL, worker,
				   &pool))
			return -1;
	return 0;
}

static int bp_init_serial(int nthreads)
{
	(void)nthreads;
	return bp_init(1);
}

static void bp_fini(void)
{
	pthread_mutex_lock(&pool.lock);
	pool.stop = 1;
	pthread_cond_broadcast(&pool.cond);
	pthread_mutex_unlock(&pool.lock);
	for (int i = 0; i < pool.nr_threads; i++)
		pthread_join(pool.threads[i], NULL);
	free(pool.threads);
}

static void bp_fn(struct bnode *n)
{
	bitem_run(&bench_container_of(n, struct nitem, n)->b);
}

static void bp_init_item(struct bitem *b)
{
	((struct nitem *)(void *)b)->n.fn = bp_fn;
}

static int bp_add(struct bitem *b)
{
	struct bnode *n = &((struct nitem *)(void *)b)->n;

	n->next = NULL;
	pthread_mutex_lock(&pool.lock);
	*pool.tail = n;
	pool.tail = &n->next;
	if (pool.nr_idle)
		pthread_cond_signal(&pool.cond);
	pthread_mutex_unlock(&pool.lock);
	return 0;
}

#define BP_IMPL(n, initfn) {						\
	.name = (n),							\
	.entry = "bp_add",						\
	.stride = sizeof(struct nitem),					\
	.item_bytes = sizeof(struct bnode),				\
	.init = (initfn),						\
	.fini = bp_fini,						\
	.init_item = bp_init_item,					\
	.add = bp_add,							\
}

const struct bench_impl impl_baseline = BP_IMPL("baseline", bp_init);
const struct bench_impl impl_baseline_serial =
	BP_IMPL("baseline-serial", bp_init_serial);
