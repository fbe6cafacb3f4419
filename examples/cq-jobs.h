/* SPDX-License-Identifier: MIT */
/*
 * The jobs of cq-poll.c: each counts the primes below a number on a kwq
 * worker, and its completion callback prints the result on the event
 * loop's thread.  The two largest are cancelled before they start, and
 * report back with -ECANCELED.  loops/ has the same with libuv and GLib,
 * written whole, as a port from their own offload would be.
 */
#ifndef KWQ_EXAMPLES_CQ_JOBS_H
#define KWQ_EXAMPLES_CQ_JOBS_H

#include <kwq/completion.h>

#include "primes.h"

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

	j->primes = primes_below(j->n);
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
		(void)kwq_cq_remove(&jobs[i].cw, 0);
	return 0;
}

#endif /* KWQ_EXAMPLES_CQ_JOBS_H */
