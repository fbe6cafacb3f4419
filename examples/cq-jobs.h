/* SPDX-License-Identifier: MIT */
/*
 * The jobs of the completion-queue examples (cq-poll.c, loops/cq-uv.c,
 * loops/cq-glib.c): each counts the primes below a number on a kwq worker,
 * and its completion callback prints the result on the event loop's
 * thread.  The two largest are cancelled before they start, and report
 * back with -ECANCELED.  Each example differs only in its event loop.
 */
#ifndef KWQ_EXAMPLES_CQ_JOBS_H
#define KWQ_EXAMPLES_CQ_JOBS_H

#include <kwq/completion.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

#define NR_JOBS 8

struct job {
	struct kwq_cq_work cw;
	unsigned long n;	/* count the primes below n */
	unsigned long primes;
};

static struct job jobs[NR_JOBS];
static int jobs_left;		/* completions still to come */

static void count_primes(struct kwq_cq_work *cw)	/* on a worker */
{
	struct job *j = container_of(cw, struct job, cw);

	for (unsigned long i = 2; i < j->n; i++) {
		unsigned long d = 2;

		while (d * d <= i && i % d)
			d++;
		if (d * d > i)
			j->primes++;
	}
}

static void report(struct kwq_cq_work *cw, int status)	/* on the loop */
{
	struct job *j = container_of(cw, struct job, cw);

	if (status == -ECANCELED)
		printf("primes below %lu: cancelled\n", j->n);
	else
		printf("primes below %lu: %lu\n", j->n, j->primes);
	jobs_left--;
}

/* Add the jobs to @wq, then change our mind about the two largest. */
static int jobs_start(struct workqueue_struct *wq, struct kwq_cq *cq)
{
	int err;

	for (int i = 0; i < NR_JOBS; i++) {
		jobs[i].n = 10000UL << i;
		jobs[i].primes = 0;
		kwq_cq_init_work(&jobs[i].cw, cq, count_primes, report);
		err = kwq_cq_add(wq, &jobs[i].cw);
		if (err) {
			fprintf(stderr, "kwq_cq_add: %s\n", strerror(-err));
			return err;
		}
		jobs_left++;
	}
	/* -ENOENT if one has started already: it then completes as usual. */
	for (int i = NR_JOBS - 2; i < NR_JOBS; i++)
		(void)kwq_cq_remove(&jobs[i].cw, KWQ_CQ_DELIVER);
	return 0;
}

#endif /* KWQ_EXAMPLES_CQ_JOBS_H */
