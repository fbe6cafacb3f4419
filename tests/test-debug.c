// SPDX-License-Identifier: MIT
/*
 * Debug mode (KWQ_DEBUG=1): INIT_WORK() of a pending item is reported with
 * both call sites and refused; a flush dependency that closes a cycle is
 * reported although this run did not deadlock; destroying a queue from its
 * own item is reported; and the memory of a pending item, freed and
 * initialised again, is reported before kwq stops the program.
 */
#include "util.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

static char reports[4][512];
static int nr_reports;

static void catch_misuse(const struct kwq_warning *w)
{
	int n;

	if (w->kind != KWQ_WARN_MISUSE)
		return;
	n = INC(&nr_reports) - 1;
	if (n < 4)
		snprintf(reports[n], sizeof(reports[n]), "%s:%d: %s",
			 w->file ? w->file : "-", w->line, w->message);
}

static int found(const char *what)
{
	for (int i = 0; i < LOAD(&nr_reports) && i < 4; i++)
		if (strstr(reports[i], what))
			return 1;
	return 0;
}

static int runs_a, runs_b;

static void fn_a(struct work_struct *work)
{
	(void)work;
	INC(&runs_a);
}

static void fn_b(struct work_struct *work)
{
	(void)work;
	INC(&runs_b);
}

static void test_reinit(void)
{
	struct workqueue_struct *wq = new_ordered("reinit-q");
	struct work_struct w;
	struct tw blocker;
	struct gate gate;
	int line;

	if (block_ordered(wq, &blocker, &gate))
		bail_out("could not block the queue");
	INIT_WORK(&w, fn_a);
	add_work_to_q(wq, &w);
	line = __LINE__ + 1;
	INIT_WORK(&w, fn_b);
	char where[64];

	snprintf(where, sizeof(where), "test-debug.c:%d:", line);
	ok(found("INIT_WORK() of an item pending on 'reinit-q'") &&
	   found("since it was added at") && found(where),
	   "INIT_WORK() of a pending item is reported with both call sites");
	gate_open(&gate);
	flush_workqueue(wq);
	ok(LOAD(&runs_a) == 1 && LOAD(&runs_b) == 0,
	   "the pending item was left alone and ran as added");
	destroy_workqueue(wq);
}

static struct workqueue_struct *qa, *qb;

static void flush_b(struct work_struct *work)
{
	(void)work;
	flush_workqueue(qb);
}

static void flush_a(struct work_struct *work)
{
	(void)work;
	flush_workqueue(qa);
}

static void test_cycle(void)
{
	struct work_struct a, b;

	qa = new_wq("cycle-a", WQ_UNBOUND, 0);
	qb = new_wq("cycle-b", WQ_UNBOUND, 0);
	INIT_WORK(&a, flush_b);
	INIT_WORK(&b, flush_a);
	add_work_to_q(qa, &a);
	wait_for_work(&a);
	ok(!found("possible deadlock"), "one dependency alone is no cycle");
	add_work_to_q(qb, &b);
	wait_for_work(&b);
	ok(found("possible deadlock: an item of 'cycle-b'") &&
	   found("waits for 'cycle-a'"),
	   "the dependency that closes a cycle is reported, though no deadlock happened");
	destroy_workqueue(qa);
	destroy_workqueue(qb);
}

static struct workqueue_struct *qc;

static void destroy_own(struct work_struct *work)
{
	(void)work;
	destroy_workqueue(qc);
}

static void test_destroy_own(void)
{
	struct work_struct w;

	qc = new_wq("self-destroy", 0, 0);
	INIT_WORK(&w, destroy_own);
	add_work_to_q(qc, &w);
	wait_for_work(&w);
	ok(found("queue 'self-destroy' destroyed from its own work item"),
	   "destroying a queue from its own item is reported");
	INIT_WORK(&w, fn_a);
	is_int(add_work_to_q(qc, &w), 0, "and the queue was left working");
	wait_for_work(&w);
	destroy_workqueue(qc);
}

/* In a child: a pending item's memory "freed" and initialised again. */
static void reuse_child(void)
{
	struct workqueue_struct *wq = new_ordered("reuse-q");
	struct work_struct *w = malloc(sizeof(*w));
	struct tw blocker;
	struct gate gate;

	alarm(20);
	kwq_set_warn_handler(NULL);
	if (!w || block_ordered(wq, &blocker, &gate))
		_exit(3);
	INIT_WORK(w, fn_a);
	add_work_to_q(wq, w);
	memset(w, 0, sizeof(*w));	/* as if freed and handed out again */
	INIT_WORK(w, fn_b);
	_exit(4);			/* not reached: kwq stops first */
}

static void test_reuse(void)
{
	char buf[1024] = "";
	int fds[2], status;
	ssize_t n;
	pid_t pid;

	if (getenv("KWQ_TEST_SAN")) {
		/*
		 * TSan refuses threads after a multi-threaded fork(), and
		 * GCC 12's ASan allocator can be left locked in the child.
		 */
		skip(2, "the sanitizers do not support threads after fork()");
		return;
	}
	if (pipe(fds))
		bail_out("pipe");
	pid = fork();
	if (pid == 0) {
		dup2(fds[1], STDERR_FILENO);
		reuse_child();
	}
	close(fds[1]);
	n = read(fds[0], buf, sizeof(buf) - 1);
	buf[n > 0 ? n : 0] = '\0';
	close(fds[0]);
	waitpid(pid, &status, 0);
	if (!strstr(buf, "was freed and initialised again"))
		diag("child status %#x", status);
	ok(strstr(buf, "was freed and initialised again") != NULL,
	   "reused memory of a pending item is reported: %.120s", buf);
	ok(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
	   "and kwq stops the program, whose queue is corrupt");
}

int main(void)
{
	setenv("KWQ_DEBUG", "1", 1);
	tap_watchdog(60);
	plan(8);
	kwq_set_warn_handler(catch_misuse);
	test_reinit();
	test_cycle();
	test_destroy_own();
	test_reuse();
	kwq_set_warn_handler(NULL);
	return done_testing();
}
