// SPDX-License-Identifier: MIT
/*
 * libuv's queue-cancel example (docs/code/queue-cancel/main.c) done with
 * kwq: 25 Fibonacci numbers, each after a sleep of 1 or 3 s, four at a time
 * as libuv's thread pool runs them; Ctrl-C cancels those not yet started,
 * whose callbacks then report it.  The completion queue takes the place of
 * libuv's after_work_cb, a signalfd that of uv_signal_t, poll() that of
 * uv_run().
 */
#include <kwq/completion.h>

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/signalfd.h>
#include <unistd.h>

#define FIB_UNTIL 25

struct fib_req {
	struct kwq_cq_work cw;
	int n;
};

static struct fib_req fib_reqs[FIB_UNTIL];

static long fib_(long t)
{
	if (t == 0 || t == 1)
		return 1;
	return fib_(t - 1) + fib_(t - 2);
}

static void fib(struct kwq_cq_work *cw)
{
	int n = container_of(cw, struct fib_req, cw)->n;

	sleep(random() % 2 ? 1 : 3);
	fprintf(stderr, "%dth fibonacci is %lu\n", n, fib_(n));
}

static void after_fib(struct kwq_cq_work *cw, int status)
{
	if (status == -ECANCELED)
		fprintf(stderr, "Calculation of %d cancelled.\n",
			container_of(cw, struct fib_req, cw)->n);
}

int main(void)
{
	struct workqueue_struct *wq;
	struct kwq_cq *cq;
	struct pollfd fds[2];
	unsigned int nr;
	int i, left = 0;
	sigset_t mask;

	/* Blocked before kwq starts its threads, so that they inherit it. */
	sigemptyset(&mask);
	sigaddset(&mask, SIGINT);
	sigprocmask(SIG_BLOCK, &mask, NULL);
	wq = alloc_workqueue("fib", WQ_UNBOUND, 4);
	cq = kwq_cq_create(0);
	if (!wq || !cq)
		return 1;
	fds[0] = (struct pollfd){ .fd = kwq_cq_fd(cq), .events = POLLIN };
	fds[1] = (struct pollfd){ .fd = signalfd(-1, &mask, SFD_CLOEXEC),
				  .events = POLLIN };

	for (i = 0; i < FIB_UNTIL; i++) {
		fib_reqs[i].n = i;
		kwq_cq_init_work(&fib_reqs[i].cw, cq, fib, after_fib);
		left += kwq_cq_add(wq, &fib_reqs[i].cw) == 0;
	}
	while (left > 0 && poll(fds, 2, -1) > 0) {
		if (fds[1].revents & POLLIN) {
			printf("Signal received!\n");
			for (i = 0; i < FIB_UNTIL; i++)
				kwq_cq_remove(&fib_reqs[i].cw, 0);
			fds[1].fd = -1;		/* as uv_signal_stop() */
		}
		kwq_cq_run(cq, 0, &nr);
		left -= nr;
	}
	kwq_cq_destroy(cq);
	destroy_workqueue(wq);
	return 0;
}
