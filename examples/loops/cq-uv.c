// SPDX-License-Identifier: MIT
/*
 * uv-orig.c ported to kwq: the jobs run on system_unbound_wq, kwq's match
 * for libuv's thread pool, and <kwq/uv.h> delivers their completions to
 * the libuv loop, keeping it alive exactly while jobs are outstanding.
 * kwq_cq_remove() is uv_cancel(): the callback still comes, -ECANCELED.
 * docs/loops.md compares the two.
 */
#include <stdio.h>
#include <string.h>
#include <kwq/uv.h>

#include "../primes.h"

#define NR_JOBS 8

struct job {
	struct kwq_cq_work cw;
	unsigned long n;	/* count the primes below n */
	unsigned long primes;
};

static void count_primes(struct kwq_cq_work *cw)	/* on a kwq worker */
{
	struct job *j = container_of(cw, struct job, cw);

	j->primes = primes_below(j->n);
}

static void report(struct kwq_cq_work *cw, int status)	/* on the loop */
{
	struct job *j = container_of(cw, struct job, cw);

	if (status == -ECANCELED)
		printf("primes below %lu: cancelled\n", j->n);
	else
		printf("primes below %lu: %lu\n", j->n, j->primes);
}

int main(void)
{
	static struct job jobs[NR_JOBS];
	uv_loop_t *loop = uv_default_loop();
	struct kwq_cq *cq = kwq_cq_create_uv(loop);
	int err;

	if (!cq) {
		perror("kwq_cq_create_uv");
		return 1;
	}
	for (int i = 0; i < NR_JOBS; i++) {
		jobs[i].n = 10000UL << i;
		kwq_cq_init_work(&jobs[i].cw, cq, count_primes, report);
		err = kwq_cq_add(system_unbound_wq, &jobs[i].cw);
		if (err) {
			fprintf(stderr, "kwq_cq_add: %s\n", strerror(-err));
			return 1;
		}
	}
	/* -ENOENT if one has started already: it then completes as usual. */
	for (int i = NR_JOBS - 2; i < NR_JOBS; i++)
		kwq_cq_remove(&jobs[i].cw, 0);
	uv_run(loop, UV_RUN_DEFAULT);	/* until every callback ran */
	kwq_cq_destroy(cq);
	return uv_loop_close(loop) ? 1 : 0;
}
