// SPDX-License-Identifier: MIT
/*
 * kwq's public headers from a C++17 program (tests/cxx.t builds it with
 * g++ and clang++, -std=c++17 -pedantic -Wall -Wextra -Werror, and runs
 * it): DECLARE_WORK() and DECLARE_DELAYED_WORK() at file and block scope,
 * whose items kwq runs; the old void names, each of whose call sites warns
 * once on a failed add as in C; a completion queue whose jobs come back
 * through its descriptor; the statistics.  Built with KWQ_TEST_UV or
 * KWQ_TEST_GLIB, also the loop adapters, whose loop must end by itself
 * once every callback has run.  Exit status 0, or one line per failure.
 */
#include <kwq/compat.h>
#include <kwq/completion.h>
#include <kwq/stats.h>
#include <kwq/workqueue.h>
#ifdef KWQ_TEST_UV
#include <kwq/uv.h>
#endif
#ifdef KWQ_TEST_GLIB
#include <kwq/glib.h>
#endif

#include <cerrno>
#include <cstdio>
#include <poll.h>

static int failures;
static int runs;
static int compat_warnings;

static void check(bool ok, const char *what)
{
	if (!ok) {
		std::printf("fail: %s\n", what);
		failures++;
	}
}

static void fn(struct work_struct *w)
{
	(void)w;
	__atomic_add_fetch(&runs, 1, __ATOMIC_RELAXED);
}

static DECLARE_WORK(file_work, fn);
static DECLARE_DELAYED_WORK(file_dwork, fn);

static void count_compat(const struct kwq_warning *w)
{
	if (w->kind == KWQ_WARN_COMPAT_ADD_FAILED)
		compat_warnings++;
}

struct job {
	struct kwq_cq_work cw;
	int n;
	int result;
};

static int delivered;

static void job_run(struct kwq_cq_work *cw)
{
	struct job *j = container_of(cw, struct job, cw);

	j->result = j->n * j->n;
}

static void job_done(struct kwq_cq_work *cw, int status)
{
	struct job *j = container_of(cw, struct job, cw);

	if (status == 0 && j->result == j->n * j->n)
		delivered++;
}

/* Add four jobs to @cq; true when every add succeeded. */
static bool add_jobs(struct kwq_cq *cq, struct job *jobs)
{
	bool ok = cq != nullptr;

	delivered = 0;
	for (int i = 0; ok && i < 4; i++) {
		jobs[i].n = i + 1;
		ok = !kwq_cq_init_work(&jobs[i].cw, cq, job_run, job_done) &&
		     !kwq_cq_add(system_unbound_wq, &jobs[i].cw);
	}
	return ok;
}

static void test_declare(void)
{
	DECLARE_WORK(local_work, fn);
	DECLARE_DELAYED_WORK(local_dwork, fn);

	schedule_work(&file_work);
	flush_work(&file_work);
	schedule_work(&local_work);
	flush_work(&local_work);
	schedule_delayed_work(&local_dwork, 0);
	flush_delayed_work(&local_dwork);
	mod_delayed_work(system_wq, &file_dwork, 3600 * HZ);
	check(remove_delayed_work_sync(&file_dwork) == 0,
	      "a DECLARE_DELAYED_WORK() item is armed and taken back");
	cancel_delayed_work_sync(&local_dwork);
	check(__atomic_load_n(&runs, __ATOMIC_RELAXED) == 3,
	      "the DECLARE_WORK() and DECLARE_DELAYED_WORK() items ran once each");
}

static void test_compat_sites(void)
{
	static struct work_struct zeroed;	/* never initialised: -EINVAL */

	kwq_set_warn_handler(count_compat);
	for (int i = 0; i < 3; i++)
		queue_work(system_wq, &zeroed);
	check(compat_warnings == 1, "a call site whose add fails warns once");
	schedule_work(&zeroed);
	check(compat_warnings == 2, "and another call site once more");
	kwq_set_warn_handler(nullptr);
}

static void test_cq(void)
{
	struct kwq_cq *cq = kwq_cq_create(0);
	struct pollfd p = { kwq_cq_fd(cq), POLLIN, 0 };
	struct job jobs[4];

	check(add_jobs(cq, jobs), "four jobs added to a completion queue");
	while (delivered < 4 && poll(&p, 1, 10000) == 1)
		kwq_cq_run(cq, 0, nullptr);
	check(delivered == 4, "their callbacks ran, with their results");
	check(kwq_cq_destroy(cq) == 0, "kwq_cq_destroy()");
}

static void test_stats(void)
{
	struct workqueue_struct *wq = alloc_workqueue("cxx", WQ_UNBOUND, 1);
	struct kwq_stats st;
	struct work_struct w;

	INIT_WORK(&w, fn);
	check(wq && !add_work_to_q(wq, &w) && !wait_for_work(&w) &&
	      !kwq_stats_get(wq, &st, sizeof(st)) && st.finished == 1,
	      "kwq_stats_get() counts the item that ran");
	destroy_workqueue(wq);
}

#ifdef KWQ_TEST_UV
static void test_uv(void)
{
	uv_loop_t loop;
	struct job jobs[4];
	struct kwq_cq *cq;

	uv_loop_init(&loop);
	cq = kwq_cq_create_uv(&loop);
	check(add_jobs(cq, jobs), "libuv: four jobs added");
	uv_run(&loop, UV_RUN_DEFAULT);
	check(delivered == 4, "libuv: uv_run() returns once every callback ran");
	check(kwq_cq_destroy(cq) == 0 && uv_loop_close(&loop) == 0,
	      "libuv: no handle is left for uv_loop_close()");
}
#endif

#ifdef KWQ_TEST_GLIB
static void test_glib(void)
{
	GMainLoop *loop = g_main_loop_new(nullptr, FALSE);
	struct kwq_cq *cq = kwq_cq_create_glib(loop);
	struct job jobs[4];

	check(add_jobs(cq, jobs), "GLib: four jobs added");
	g_main_loop_run(loop);
	check(delivered == 4,
	      "GLib: g_main_loop_run() returns once every callback ran");
	check(kwq_cq_destroy(cq) == 0, "GLib: kwq_cq_destroy()");
	g_main_loop_unref(loop);
}
#endif

int main()
{
	test_declare();
	test_compat_sites();
	test_cq();
	test_stats();
#ifdef KWQ_TEST_UV
	test_uv();
#endif
#ifdef KWQ_TEST_GLIB
	test_glib();
#endif
	return failures ? 1 : 0;
}
