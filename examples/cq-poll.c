// SPDX-License-Identifier: MIT
/*
 * Results back to a plain poll() loop: jobs run on a kwq workqueue (two at
 * a time), and their completion callbacks run here, on the main thread,
 * whenever the completion queue's descriptor polls readable.
 */
#include "cq-jobs.h"

#include <poll.h>

int main(void)
{
	struct workqueue_struct *wq = alloc_workqueue("primes", WQ_UNBOUND, 2);
	struct kwq_cq *cq = kwq_cq_create(0);
	struct pollfd p;

	if (!wq || !cq) {
		perror("kwq");
		return 1;
	}
	if (jobs_start(wq, cq))
		return 1;
	p.fd = kwq_cq_fd(cq);
	p.events = POLLIN;
	while (jobs_left > 0) {
		if (poll(&p, 1, -1) < 0 && errno != EINTR) {
			perror("poll");
			return 1;
		}
		kwq_cq_run(cq, 0, NULL);
	}
	kwq_cq_destroy(cq);
	destroy_workqueue(wq);
	return 0;
}
