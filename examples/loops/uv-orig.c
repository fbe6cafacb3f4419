// SPDX-License-Identifier: MIT
/*
 * The reference for cq-uv.c, in libuv's own idiom: eight jobs count primes
 * on libuv's thread pool (uv_queue_work()), their after_work_cb prints the
 * results on the loop's thread, and the two largest are cancelled with
 * uv_cancel() before they start.  docs/loops.md compares the two.
 */
#include <stdio.h>
#include <uv.h>

#include "../primes.h"

#define NR_JOBS 8

struct job {
	uv_work_t req;
	unsigned long n;	/* count the primes below n */
	unsigned long primes;
};

static void count_primes(uv_work_t *req)	/* on a thread of the pool */
{
	struct job *j = req->data;

	j->primes = primes_below(j->n);
}

static void report(uv_work_t *req, int status)	/* on the loop */
{
	struct job *j = req->data;

	if (status == UV_ECANCELED)
		printf("primes below %lu: cancelled\n", j->n);
	else
		printf("primes below %lu: %lu\n", j->n, j->primes);
}

int main(void)
{
	static struct job jobs[NR_JOBS];
	uv_loop_t *loop = uv_default_loop();
	int err;

	for (int i = 0; i < NR_JOBS; i++) {
		jobs[i].n = 10000UL << i;
		jobs[i].req.data = &jobs[i];
		err = uv_queue_work(loop, &jobs[i].req, count_primes, report);
		if (err) {
			fprintf(stderr, "uv_queue_work: %s\n", uv_strerror(err));
			return 1;
		}
	}
	/* UV_EBUSY if one has started already: it then completes as usual. */
	for (int i = NR_JOBS - 2; i < NR_JOBS; i++)
		uv_cancel((uv_req_t *)&jobs[i].req);
	uv_run(loop, UV_RUN_DEFAULT);	/* until every after_work_cb ran */
	return uv_loop_close(loop) ? 1 : 0;
}
