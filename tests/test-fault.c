// SPDX-License-Identifier: MIT
/*
 * The fault sweep: for n = 1, 2, ... a fresh child process (so kwq's
 * one-time set-up is exercised too) makes the n-th fallible call kwq makes
 * fail (src/fault.c: any site, then malloc, pthread_create, pthread_attr_*
 * and CPU affinity alone; and once with every call from the n-th on
 * failing), then runs a scenario: queues of every kind, immediate and
 * delayed items, a burst of blocking items that makes the pools grow,
 * flushes and destroys.  A sweep ends at the first n that no call reached,
 * so every failure point the scenario reaches is covered.
 *
 * Each child checks that a failing constructor returns NULL with errno
 * ENOMEM, EAGAIN or EINVAL, that a failing call returns a negative errno,
 * and that every item whose add returned 0 ran exactly once by the end
 * (nothing lost: the existing workers or the rescuer ran it).  The parent
 * fails a sweep on a failed check, a crash, a hang (alarm in the child) or,
 * under a sanitizer or valgrind, a leak the child's exit reports.
 *
 * White-box: kwq__fault_set() is hidden, so this links libkwq.a.
 */
#include "../src/internal.h"
#include "util.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>

#define NR_IMM		6	/* immediate items per queue */
#define NR_DLY		3	/* delayed items per queue */
#define NR_BURST	6	/* blocking items, one burst */
#define MAX_N		5000	/* a sweep that never ends is a failure */

enum { CHILD_OK = 0, CHILD_FAILED = 1, CHILD_NO_FAULT = 3 };

struct fitem {
	struct delayed_work dw;
	long sleep_us;
	int runs;		/* A */
	int want;		/* adds that returned 0 */
};

static int failures;		/* in the child: checks that failed */
static int warnings;		/* A: in the child: warnings kwq raised */

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void fail(const char *fmt, ...)
{
	va_list ap;

	failures++;
	fprintf(stderr, "# child: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

static void fitem_fn(struct work_struct *w)
{
	struct fitem *f = container_of(to_delayed_work(w), struct fitem, dw);

	if (f->sleep_us)
		sleep_us(f->sleep_us);
	INC(&f->runs);
}

static void quiet(const struct kwq_warning *w)
{
	(void)w;
	INC(&warnings);
}

/* A constructor's failure: NULL with one of the documented errnos. */
static void check_ctor(const char *what, struct workqueue_struct *wq, int err)
{
	if (wq)
		return;
	if (err != ENOMEM && err != EAGAIN && err != EINVAL)
		fail("%s: NULL with errno %d (%s)", what, err, strerror(err));
	if (!kwq__fault_injected())
		fail("%s: NULL with no fault injected (errno %s)", what,
		     strerror(err));
}

/* An add's result: 0, or a negative errno, which it may be under faults. */
static void note_add(const char *what, struct fitem *f, int rc)
{
	if (rc == 0)
		f->want++;
	else if (rc > 0 || rc < -4095)
		fail("%s returned %d, not 0 or a negative errno", what, rc);
	else if (rc != -ENOMEM && rc != -EAGAIN && rc != -EINVAL)
		fail("%s returned %d (%s) on a fresh item", what, rc,
		     strerror(-rc));
}

struct fq {
	const char *what;
	unsigned int flags;
	int ordered;		/* 1: alloc_ordered, 2: singlethread, 3: legacy */
	struct workqueue_struct *wq;
	struct fitem imm[NR_IMM];
	struct fitem dly[NR_DLY];
};

static struct fq queues[] = {
	{ .what = "bound", .flags = 0, .ordered = 0 },
	{ .what = "unbound", .flags = WQ_UNBOUND, .ordered = 0 },
	{ .what = "highpri", .flags = WQ_HIGHPRI, .ordered = 0 },
	{ .what = "reclaim", .flags = WQ_MEM_RECLAIM, .ordered = 0 },
	{ .what = "unbound reclaim", .flags = WQ_UNBOUND | WQ_MEM_RECLAIM, .ordered = 0 },
	{ .what = "ordered", .flags = 0, .ordered = 1 },
	{ .what = "singlethread", .flags = 0, .ordered = 2 },
	{ .what = "create_workqueue", .flags = 0, .ordered = 3 },
};

static struct fitem burst[NR_BURST], sys_item;

/* The scenario, in a child whose n-th fallible call fails. */
static int scenario(void)
{
	int cpus[CPU_SETSIZE], nr_cpus = allowed_cpus(cpus, CPU_SETSIZE);
	struct workqueue_struct *bwq = NULL;
	int rc;

	kwq_set_warn_handler(quiet);
	for (size_t i = 0; i < ARRAY_SIZE(queues); i++) {
		struct fq *q = &queues[i];

		errno = 0;
		if (q->ordered == 1)
			q->wq = alloc_ordered_workqueue("f-%s", q->flags,
							q->what);
		else if (q->ordered == 2)
			q->wq = create_singlethread_workqueue("f-single");
		else if (q->ordered == 3)
			q->wq = create_workqueue("f-legacy");
		else
			q->wq = alloc_workqueue("f-%s", q->flags, 0, q->what);
		check_ctor(q->what, q->wq, errno);
	}
	for (size_t i = 0; i < ARRAY_SIZE(queues); i++) {
		struct fq *q = &queues[i];
		bool bound = !(q->flags & WQ_UNBOUND) && !q->ordered;

		if (!q->wq)
			continue;
		if (bound && !(q->flags & WQ_MEM_RECLAIM) && !bwq)
			bwq = q->wq;
		for (int k = 0; k < NR_IMM; k++) {
			struct fitem *f = &q->imm[k];

			INIT_WORK(&f->dw.work, fitem_fn);
			if (bound && k % 2)
				rc = add_work_to_q_on(cpus[k % nr_cpus], q->wq,
						      &f->dw.work);
			else
				rc = add_work_to_q(q->wq, &f->dw.work);
			note_add("add_work_to_q", f, rc);
		}
		for (int k = 0; k < NR_DLY; k++) {
			struct fitem *f = &q->dly[k];

			INIT_DELAYED_WORK(&f->dw, fitem_fn);
			if (k == 2)
				rc = rearm_delayed_work(q->wq, &f->dw, 1);
			else
				rc = add_delayed_work_to_q(q->wq, &f->dw,
							   (unsigned long)k * 2);
			note_add("add_delayed_work_to_q", f, rc);
		}
	}
	/* A burst of blocking items: the manager must add workers. */
	for (int k = 0; k < NR_BURST && bwq; k++) {
		INIT_WORK(&burst[k].dw.work, fitem_fn);
		burst[k].sleep_us = 10000;
		rc = add_work_to_q_on(cpus[0], bwq, &burst[k].dw.work);
		note_add("add_work_to_q_on (burst)", &burst[k], rc);
	}
	/* The system queue is created on first use, which may fail too. */
	INIT_WORK(&sys_item.dw.work, fitem_fn);
	rc = add_work(&sys_item.dw.work);
	note_add("add_work", &sys_item, rc);
	if (rc == 0 && (rc = wait_for_work(&sys_item.dw.work)))
		fail("wait_for_work returned %d", rc);

	for (size_t i = 0; i < ARRAY_SIZE(queues); i++) {
		struct fq *q = &queues[i];

		if (!q->wq)
			continue;
		if ((rc = wait_for_delayed_work(&q->dly[0].dw)))
			fail("%s: wait_for_delayed_work returned %d", q->what, rc);
		if ((rc = flush_workqueue(q->wq)))
			fail("%s: flush_workqueue returned %d", q->what, rc);
	}
	for (size_t i = 0; i < ARRAY_SIZE(queues); i++)
		destroy_workqueue(queues[i].wq);

	for (size_t i = 0; i < ARRAY_SIZE(queues); i++) {
		struct fq *q = &queues[i];

		for (int k = 0; q->wq && k < NR_IMM + NR_DLY; k++) {
			struct fitem *f = k < NR_IMM ? &q->imm[k] :
				&q->dly[k - NR_IMM];

			if (LOAD(&f->runs) != f->want)
				fail("%s item %d: added %d times, ran %d times",
				     q->what, k, f->want, LOAD(&f->runs));
		}
	}
	for (int k = 0; k < NR_BURST && bwq; k++)
		if (LOAD(&burst[k].runs) != burst[k].want)
			fail("burst item %d: added %d times, ran %d times", k,
			     burst[k].want, LOAD(&burst[k].runs));
	if (LOAD(&sys_item.runs) != sys_item.want)
		fail("system_wq item: added %d times, ran %d times",
		     sys_item.want, LOAD(&sys_item.runs));
	/* The handler stays: a manager may still be retrying as we exit. */
	if (failures)
		return CHILD_FAILED;
	return kwq__fault_injected() ? CHILD_OK : CHILD_NO_FAULT;
}

struct sweep {
	const char *site;	/* fault spec prefix */
	const char *suffix;	/* "" or "+" */
	int stride;		/* n = 1, 1 + stride, ... */
	long reached;		/* children that had a fault injected */
	int bad;		/* children that failed */
	long last_n;
};

/* Fork a child with spec @spec; return its CHILD_* or a description. */
static int run_child(const char *spec, char *why, size_t len)
{
	unsigned int secs = 20;
	const char *san = getenv("KWQ_TEST_SAN");
	const char *quick = getenv("KWQ_TEST_QUICK");
	int status;
	pid_t pid;

	if ((san && *san) || (quick && *quick && strcmp(quick, "0")))
		secs = 100;
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0)
		bail_out("fork: %s", strerror(errno));
	if (pid == 0) {
		signal(SIGALRM, SIG_DFL);
		alarm(secs);
		if (kwq__fault_set(spec))
			_exit(CHILD_FAILED);
		/* exit(), not _exit(): leak checkers report at exit. */
		exit(scenario());
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			bail_out("waitpid: %s", strerror(errno));
	if (WIFSIGNALED(status)) {
		snprintf(why, len, "%s (%s)",
			 WTERMSIG(status) == SIGALRM ? "hang" : "crash",
			 strsignal(WTERMSIG(status)));
		return -1;
	}
	switch (WEXITSTATUS(status)) {
	case CHILD_OK:
	case CHILD_NO_FAULT:
		return WEXITSTATUS(status);
	case CHILD_FAILED:
		snprintf(why, len, "a check failed");
		return -1;
	default:
		snprintf(why, len, "exit status %d (a sanitizer or valgrind report: a leak?)",
			 WEXITSTATUS(status));
		return -1;
	}
}

static long total_injected;

static void do_sweep(struct sweep *s)
{
	char spec[64], why[128];
	long n;

	for (n = 1; n <= MAX_N; n += s->stride) {
		int rc;

		snprintf(spec, sizeof(spec), "%s%ld%s", s->site, n, s->suffix);
		rc = run_child(spec, why, sizeof(why));
		if (rc == CHILD_NO_FAULT)
			break;
		if (rc == CHILD_OK) {
			s->reached++;
			continue;
		}
		s->reached++;
		if (s->bad++ < 5)
			diag("KWQ_FAULT_INJECT=%s: %s", spec, why);
	}
	s->last_n = n;
	total_injected += s->reached;
	ok(s->bad == 0 && n <= MAX_N,
	   "fault sweep %s N%s: n = 1..%ld (stride %d): %ld children had a fault injected, %ld recovered cleanly, none lost an item",
	   s->site, s->suffix, n - 1, s->stride, s->reached,
	   s->reached - s->bad);
}

int main(void)
{
	const char *quick = getenv("KWQ_TEST_QUICK");
	const char *san = getenv("KWQ_TEST_SAN");
	bool vg = quick && *quick && strcmp(quick, "0");
	/*
	 * A child takes a second under valgrind and a few hundred ms under
	 * TSan: there, sample the points.
	 */
	int stride = vg ? 9 : san && strstr(san, "thread") ? 4 : 1;
	struct sweep sweeps[] = {
		{ .site = "any:", .suffix = "", .stride = stride },
		{ .site = "malloc:", .suffix = "", .stride = stride },
		{ .site = "thread:", .suffix = "", .stride = vg ? 3 : 1 },
		{ .site = "attr:", .suffix = "", .stride = stride },
		{ .site = "affinity:", .suffix = "", .stride = stride },
		{ .site = "any:", .suffix = "+", .stride = stride },
	};

	/*
	 * Each child has its own alarm for a hang; this bounds the ~400
	 * children together, whose time is mostly waits that grow with the
	 * machine's load (118 s at load 28 in the plain build).
	 */
	tap_watchdog(600);
	plan((int)ARRAY_SIZE(sweeps));
	for (size_t i = 0; i < ARRAY_SIZE(sweeps); i++)
		do_sweep(&sweeps[i]);
	diag("%ld faults injected, each in a fresh process", total_injected);
	return done_testing();
}
