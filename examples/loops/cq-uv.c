// SPDX-License-Identifier: MIT
/*
 * Results back to a libuv loop: the completion queue's descriptor is
 * watched by a uv_poll_t, whose callback runs the completions on the loop's
 * thread.  The jobs are those of cq-poll.c (../cq-jobs.h).  Built by
 * `make examples-loops` when pkg-config finds libuv.
 */
#include "../cq-jobs.h"

#include <uv.h>

static void on_readable(uv_poll_t *handle, int status, int events)
{
	struct kwq_cq *cq = handle->data;

	(void)events;
	if (status < 0) {
		fprintf(stderr, "uv_poll: %s\n", uv_strerror(status));
		jobs_left = 0;
	} else {
		kwq_cq_run(cq, 0, NULL);
	}
	if (jobs_left == 0)
		uv_close((uv_handle_t *)handle, NULL);	/* stops polling */
}

int main(void)
{
	struct workqueue_struct *wq = alloc_workqueue("primes", WQ_UNBOUND, 2);
	struct kwq_cq *cq = kwq_cq_create(0);
	uv_loop_t *loop = uv_default_loop();
	uv_poll_t watch;
	int err;

	if (!wq || !cq) {
		perror("kwq");
		return 1;
	}
	err = uv_poll_init(loop, &watch, kwq_cq_fd(cq));
	if (err) {
		fprintf(stderr, "uv_poll_init: %s\n", uv_strerror(err));
		return 1;
	}
	watch.data = cq;
	uv_poll_start(&watch, UV_READABLE, on_readable);
	if (jobs_start(wq, cq))
		return 1;
	uv_run(loop, UV_RUN_DEFAULT);	/* until the handle is closed */
	uv_loop_close(loop);
	kwq_cq_destroy(cq);
	destroy_workqueue(wq);
	return jobs_left ? 1 : 0;
}
