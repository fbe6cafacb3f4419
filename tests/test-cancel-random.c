// SPDX-License-Identifier: MIT
/*
 * Threads cancelled at random moments while they use kwq (kwq(7),
 * "Cancellation"; issue 25 §2).  No call of kwq is a cancellation point,
 * so a cancellation requested while a thread is inside one takes effect at
 * the thread's own next point, after the call: whatever the moment, kwq
 * holds no lock of a dead thread and has lost nothing.
 *
 * Each round starts threads that loop over adds, completion queue adds and
 * runs, flushes, and queue creation and destruction, counting each add
 * that returned 0, and cancels them one by one at random moments.  Each
 * then must have died at its own pthread_testcancel(), and the library
 * must still run, flush and deliver: every add counted ran once, every
 * completion counted was delivered once, and every item is idle.
 * test-cancelpt forces each blocking call's wait; this looks for the
 * moments nobody thought of.
 */
#include "util.h"

#include <kwq/completion.h>

#include <stdlib.h>

#define NR_VICTIMS	4
#define PER_VICTIM	32

static struct workqueue_struct *rq;
static struct kwq_cq *rcq;
static int nr_ran;		/* A: work functions run */
static int nr_delivered;	/* A: completions delivered */

struct victim {
	pthread_t thread;
	struct work_struct w[PER_VICTIM];
	struct kwq_cq_work cw[PER_VICTIM];
	long adds, cq_adds;	/* returned 0; read after the join */
};

static void r_fn(struct work_struct *w)
{
	(void)w;
	INC(&nr_ran);
}

static void r_cw_fn(struct kwq_cq_work *cw)
{
	(void)cw;
}

static void r_done(struct kwq_cq_work *cw, int status)
{
	(void)cw;
	if (status == 0)
		INC(&nr_delivered);
}

/* Until cancelled: every kind of call, between two cancellation points. */
static void *victim_main(void *arg)
{
	struct victim *v = arg;

	for (unsigned int round = 0;; round++) {
		for (int i = 0; i < PER_VICTIM; i++) {
			if (add_work_to_q(rq, &v->w[i]) == 0)
				v->adds++;
			if (kwq_cq_add(rq, &v->cw[i]) == 0)
				v->cq_adds++;
			if (i % 8 == 0)
				kwq_cq_run(rcq, 4, NULL);
			/* kwq's calls are not cancellation points: this is. */
			pthread_testcancel();
		}
		flush_workqueue(rq);
		kwq_cq_run(rcq, 0, NULL);
		if (round % 4 == 0) {
			struct workqueue_struct *tmp;

			tmp = alloc_workqueue("victim", WQ_UNBOUND, 0);
			if (tmp)
				destroy_workqueue(tmp);
		}
		pthread_testcancel();
	}
	return NULL;
}

int main(void)
{
	static struct victim v[NR_VICTIMS];
	int rounds = (int)tap_scale(40), died = 0, idle = 1;
	long adds = 0, cq_adds = 0;

	tap_watchdog(120);
	rq = alloc_workqueue("cancel-random", 0, 0);
	rcq = kwq_cq_create(0);
	if (!rq || !rcq)
		bail_out("set-up: %s", strerror(errno));
	srand(25);
	for (int r = 0; r < rounds; r++) {
		for (int i = 0; i < NR_VICTIMS; i++) {
			for (int j = 0; j < PER_VICTIM; j++) {
				INIT_WORK(&v[i].w[j], r_fn);
				kwq_cq_init_work(&v[i].cw[j], rcq, r_cw_fn,
						 r_done);
			}
			v[i].adds = v[i].cq_adds = 0;
			pthread_create(&v[i].thread, NULL, victim_main, &v[i]);
		}
		sleep_us(200 + rand() % 3000);
		for (int i = 0; i < NR_VICTIMS; i++) {
			void *res;

			sleep_us(rand() % 200);
			pthread_cancel(v[i].thread);
			pthread_join(v[i].thread, &res);
			died += res == PTHREAD_CANCELED;
			adds += v[i].adds;
			cq_adds += v[i].cq_adds;
		}
		/* What they left: it runs, and is delivered. */
		if (flush_workqueue(rq) || kwq_cq_run(rcq, 0, NULL))
			bail_out("the library no longer flushes or delivers");
		for (int i = 0; i < NR_VICTIMS; i++)
			for (int j = 0; j < PER_VICTIM; j++)
				if (work_pending(&v[i].w[j]) ||
				    kwq_cq_remove(&v[i].cw[j], 0) != -ENOENT)
					idle = 0;
	}
	is_int(died, rounds * NR_VICTIMS,
	       "%d rounds of %d threads cancelled at random moments: each "
	       "died at its own cancellation point", rounds, NR_VICTIMS);
	ok(adds > 0 && LOAD(&nr_ran) == adds,
	   "every add that returned 0 ran once (%ld)", adds);
	ok(cq_adds > 0 && LOAD(&nr_delivered) == cq_adds,
	   "every completion queue add that returned 0 was delivered once (%ld)",
	   cq_adds);
	ok(idle, "every item is idle after");
	is_int(kwq_cq_destroy(rcq), 0, "the completion queue is destroyed");
	destroy_workqueue(rq);
	return done_testing();
}
