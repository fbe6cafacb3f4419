// SPDX-License-Identifier: MIT
/*
 * The loop adapters beyond the examples (tests/cq-loops.t builds this with
 * -DKWQ_TEST_UV and -DKWQ_TEST_GLIB for the loops pkg-config finds).
 *
 * libuv: an idle queue does not hold the loop; jobs added from a timer
 * once the loop runs hold it until delivered; a callback that adds again
 * keeps it alive; dropping the only job (KWQ_CQ_DROP) lets it end, and
 * removing it by default calls back with UV_ECANCELED; kwq_cq_destroy()
 * from a callback with a job running delivers it and closes the handle; a
 * handle the program already has on the descriptor fails the add with
 * libuv's error, and the queue works once it is gone.  After each,
 * uv_loop_close() finds no handle left.
 *
 * GLib: g_main_loop_run() returns once the jobs are delivered; a callback
 * that adds again keeps it running; dropping the only job from a timeout
 * quits it; kwq_cq_create_glib(NULL) delivers on the thread-default
 * context and quits nothing.
 */
#include "../util.h"

#include <kwq/completion.h>
#ifdef KWQ_TEST_UV
#include <kwq/uv.h>
#endif
#ifdef KWQ_TEST_GLIB
#include <kwq/glib.h>
#endif

struct job {
	struct kwq_cq_work cw;
	int again;		/* the callback adds it again this many times */
	int status;		/* of the last callback */
	int sleep_ms;		/* the function takes this long */
};

static int delivered;
static struct workqueue_struct *wq;

static void job_run(struct kwq_cq_work *cw)
{
	struct job *j = container_of(cw, struct job, cw);

	if (j->sleep_ms)
		sleep_ms(j->sleep_ms);
}

static void job_done(struct kwq_cq_work *cw, int status)
{
	struct job *j = container_of(cw, struct job, cw);

	j->status = status;
	delivered++;
	if (j->again-- > 0 && kwq_cq_add(wq, cw))
		bail_out("cannot add a job again");
}

static void job_init(struct job *j, struct kwq_cq *cq)
{
	memset(j, 0, sizeof(*j));
	if (!cq || kwq_cq_init_work(&j->cw, cq, job_run, job_done))
		bail_out("no completion queue: %s", strerror(errno));
}

/* An ordered queue whose items wait until gate_open(@g). */
static struct workqueue_struct *held_queue(struct tw *blocker, struct gate *g)
{
	struct workqueue_struct *ord = new_ordered("held");

	if (block_ordered(ord, blocker, g))
		bail_out("cannot block the ordered queue");
	return ord;
}

#ifdef KWQ_TEST_UV
#define NR_UV 9

static struct kwq_cq *uv_cq;
static struct job uv_jobs[3];
static struct workqueue_struct *uv_ord;
static int uv_ret;			/* what a timer's call returned */

static void add_three(uv_timer_t *t)
{
	(void)t;
	for (int i = 0; i < 3; i++) {
		job_init(&uv_jobs[i], uv_cq);
		kwq_cq_add(wq, &uv_jobs[i].cw);
	}
}

static void drop_first(uv_timer_t *t)
{
	(void)t;
	uv_ret = kwq_cq_remove(&uv_jobs[0].cw, KWQ_CQ_DROP);
}

static void cancel_first(uv_timer_t *t)
{
	(void)t;
	kwq_cq_remove(&uv_jobs[0].cw, 0);
}

static void never(uv_poll_t *poll, int status, int events)
{
	(void)poll;
	(void)status;
	(void)events;
}

static void destroy_cq(uv_timer_t *t)
{
	(void)t;
	uv_ret = kwq_cq_destroy(uv_cq);
}

/* Run @loop with a timer calling @fn at once, if any; then close it. */
static int run_uv(uv_loop_t *loop, uv_timer_cb fn)
{
	uv_timer_t t;

	if (fn) {
		uv_timer_init(loop, &t);
		uv_timer_start(&t, fn, 1, 0);
		uv_unref((uv_handle_t *)&t);	/* only the jobs hold the loop */
	}
	uv_run(loop, UV_RUN_DEFAULT);
	if (fn) {
		uv_close((uv_handle_t *)&t, NULL);
		uv_run(loop, UV_RUN_DEFAULT);
	}
	return uv_loop_close(loop);
}

/* A fresh loop and queue; uv_jobs[0] added to a held ordered queue. */
static void uv_held_job(uv_loop_t *loop, struct tw *blocker, struct gate *g)
{
	uv_loop_init(loop);
	uv_cq = kwq_cq_create_uv(loop);
	uv_ord = held_queue(blocker, g);
	job_init(&uv_jobs[0], uv_cq);
	kwq_cq_add(uv_ord, &uv_jobs[0].cw);
	delivered = 0;
	uv_ret = -1;
}

static void uv_release(struct gate *g)
{
	gate_open(g);
	destroy_workqueue(uv_ord);
	kwq_cq_destroy(uv_cq);
}

static void test_uv(void)
{
	struct tw blocker;
	struct gate g;
	uv_loop_t loop;
	uv_poll_t mine;

	uv_loop_init(&loop);
	uv_cq = kwq_cq_create_uv(&loop);
	ok(uv_run(&loop, UV_RUN_DEFAULT) == 0 && kwq_cq_destroy(uv_cq) == 0 &&
	   uv_loop_close(&loop) == 0,
	   "libuv: an idle queue does not hold the loop, nor leave a handle");

	uv_loop_init(&loop);
	uv_cq = kwq_cq_create_uv(&loop);
	delivered = 0;
	{
		uv_timer_t t;

		/* Referenced: the timer holds the loop until it adds. */
		uv_timer_init(&loop, &t);
		uv_timer_start(&t, add_three, 1, 0);
		uv_run(&loop, UV_RUN_DEFAULT);
		uv_close((uv_handle_t *)&t, NULL);
		uv_run(&loop, UV_RUN_DEFAULT);
	}
	is_int(delivered, 3,
	       "libuv: jobs added from a timer hold the loop until delivered");
	kwq_cq_destroy(uv_cq);
	is_int(uv_loop_close(&loop), 0, "libuv: and no handle is left");

	uv_loop_init(&loop);
	uv_cq = kwq_cq_create_uv(&loop);
	job_init(&uv_jobs[0], uv_cq);
	uv_jobs[0].again = 2;
	delivered = 0;
	kwq_cq_add(wq, &uv_jobs[0].cw);
	ok(run_uv(&loop, NULL) == 0 && delivered == 3,
	   "libuv: a callback that adds again keeps the loop alive");
	kwq_cq_destroy(uv_cq);

	uv_held_job(&loop, &blocker, &g);
	ok(run_uv(&loop, drop_first) == 0 && uv_ret == 0 &&
	   delivered == 0,
	   "libuv: KWQ_CQ_DROP of the only job lets the loop end, no callback");
	uv_release(&g);

	uv_held_job(&loop, &blocker, &g);
	ok(run_uv(&loop, cancel_first) == 0 && delivered == 1 &&
	   uv_jobs[0].status == UV_ECANCELED,
	   "libuv: kwq_cq_remove(cw, 0) calls back with UV_ECANCELED, as uv_cancel()");
	uv_release(&g);

	uv_loop_init(&loop);
	uv_cq = kwq_cq_create_uv(&loop);
	job_init(&uv_jobs[0], uv_cq);
	uv_jobs[0].sleep_ms = 50;
	kwq_cq_add(wq, &uv_jobs[0].cw);
	delivered = 0;
	uv_ret = -1;
	ok(run_uv(&loop, destroy_cq) == 0 && uv_ret == 0 &&
	   delivered == 1,
	   "libuv: kwq_cq_destroy() from a callback delivers the running job and closes the handle");

	uv_loop_init(&loop);
	uv_cq = kwq_cq_create_uv(&loop);
	uv_poll_init(&loop, &mine, kwq_cq_fd(uv_cq));
	uv_poll_start(&mine, UV_READABLE, never);
	job_init(&uv_jobs[0], uv_cq);
	is_int(kwq_cq_add(wq, &uv_jobs[0].cw), UV_EEXIST,
	       "libuv: a handle of the program's on the descriptor fails the add with UV_EEXIST");
	uv_close((uv_handle_t *)&mine, NULL);
	uv_run(&loop, UV_RUN_DEFAULT);
	delivered = 0;
	ok(kwq_cq_add(wq, &uv_jobs[0].cw) == 0 && run_uv(&loop, NULL) == 0 &&
	   delivered == 1,
	   "libuv: once it is closed, the queue works");
	kwq_cq_destroy(uv_cq);
}
#else
#define NR_UV 0
#endif

#ifdef KWQ_TEST_GLIB
#define NR_GLIB 4

static struct job glib_job;

static gboolean drop_glib_job(gpointer data)
{
	(void)data;
	kwq_cq_remove(&glib_job.cw, KWQ_CQ_DROP);
	return G_SOURCE_REMOVE;
}

static void test_glib(void)
{
	GMainLoop *loop = g_main_loop_new(NULL, FALSE);
	struct kwq_cq *cq = kwq_cq_create_glib(loop);
	struct job jobs[3];
	GMainContext *ctx;
	struct tw blocker;
	struct gate g;
	struct workqueue_struct *ord;

	delivered = 0;
	for (int i = 0; i < 3; i++) {
		job_init(&jobs[i], cq);
		kwq_cq_add(wq, &jobs[i].cw);
	}
	g_main_loop_run(loop);
	is_int(delivered, 3,
	       "GLib: g_main_loop_run() returns once the jobs are delivered");

	delivered = 0;
	jobs[0].again = 2;
	kwq_cq_add(wq, &jobs[0].cw);
	g_main_loop_run(loop);
	is_int(delivered, 3, "GLib: a callback that adds again keeps it running");

	ord = held_queue(&blocker, &g);
	job_init(&glib_job, cq);
	kwq_cq_add(ord, &glib_job.cw);
	delivered = 0;
	g_timeout_add(1, drop_glib_job, NULL);
	g_main_loop_run(loop);
	is_int(delivered, 0,
	       "GLib: dropping the only job from a timeout quits the loop");
	gate_open(&g);
	destroy_workqueue(ord);
	kwq_cq_destroy(cq);
	g_main_loop_unref(loop);

	ctx = g_main_context_new();
	g_main_context_push_thread_default(ctx);
	cq = kwq_cq_create_glib(NULL);
	delivered = 0;
	for (int i = 0; i < 3; i++) {
		job_init(&jobs[i], cq);
		kwq_cq_add(wq, &jobs[i].cw);
	}
	while (delivered < 3)
		g_main_context_iteration(ctx, TRUE);
	kwq_cq_destroy(cq);
	g_main_context_pop_thread_default(ctx);
	g_main_context_unref(ctx);
	is_int(delivered, 3,
	       "GLib: with no loop, the thread-default context delivers");
}
#else
#define NR_GLIB 0
#endif

int main(void)
{
	tap_watchdog(60);
	plan(NR_UV + NR_GLIB);
	wq = new_wq("loops", WQ_UNBOUND, 2);
#ifdef KWQ_TEST_UV
	test_uv();
#endif
#ifdef KWQ_TEST_GLIB
	test_glib();
#endif
	destroy_workqueue(wq);
	return done_testing();
}
