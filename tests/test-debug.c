// SPDX-License-Identifier: MIT
/*
 * Debug mode (KWQ_DEBUG=1): INIT_WORK() of a pending item is reported with
 * both call sites and refused; a flush dependency that closes a cycle is
 * reported although this run did not deadlock; destroying a queue from its
 * own item is reported; and the memory of a pending item, freed and
 * initialised again, is reported before kwq stops the program.
 */
#include "util.h"

#include <kwq/stats.h>

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

static const char *self;
static int add_line;		/* where test_reinit() adds its item */

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
	add_line = __LINE__ + 1;
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

/*
 * More items pending than the first table held (65,536): each is still
 * tracked, so re-initialising the last one is reported like the first.
 */
static void test_scale(void)
{
	enum { N = 70000 };
	struct workqueue_struct *wq = new_ordered("scale-q");
	struct work_struct *ws = calloc(N, sizeof(*ws));
	int before = LOAD(&nr_reports), ran = LOAD(&runs_a), added = 0;
	struct tw blocker;
	struct gate gate;

	if (!ws || block_ordered(wq, &blocker, &gate))
		bail_out("could not set up %d items", N);
	for (int i = 0; i < N; i++) {
		INIT_WORK(&ws[i], fn_a);
		added += !add_work_to_q(wq, &ws[i]);
	}
	INIT_WORK(&ws[N - 1], fn_b);
	ok(added == N && LOAD(&nr_reports) == before + 1 &&
	   found("INIT_WORK() of an item pending on 'scale-q'"),
	   "with %d items pending, re-initialising the last is reported", N);
	gate_open(&gate);
	flush_workqueue(wq);
	is_int(LOAD(&runs_a) - ran, N, "and all of them ran once");
	destroy_workqueue(wq);
	free(ws);
}

/* Call sites are named module+offset, which addr2line understands. */
static void test_sites(void)
{
	const char *at = strstr(reports[0], "added at test-debug+0x");
	char cmd[512], out[512] = "", want[64];
	FILE *p;

	ok(at, "call sites are printed as module+offset: %.160s", reports[0]);
	if (!at || system("addr2line --version >/dev/null 2>&1")) {
		skip(1, "no addr2line (binutils) to read the offset");
		return;
	}
	snprintf(cmd, sizeof(cmd), "addr2line -e '%s' %.*s", self,
		 (int)strspn(at + 20, "0123456789abcdefx"), at + 20);
	p = popen(cmd, "r");
	if (!p || !fgets(out, sizeof(out), p))
		out[0] = '\0';
	if (p)
		pclose(p);
	snprintf(want, sizeof(want), "test-debug.c:%d", add_line);
	ok(strstr(out, want) != NULL,
	   "which addr2line turns into the add's line (%s): %s", want, out);
}

static struct workqueue_struct *qd;

static void test_destroyed(void)
{
	struct kwq_stats st;
	struct work_struct w;
	int before;

	qd = new_wq("dead-q", 0, 0);
	destroy_workqueue(qd);
	nr_reports = 0;
	INIT_WORK(&w, fn_a);
	is_int(add_work_to_q(qd, &w), -EINVAL,
	       "an add to a destroyed queue is refused");
	ok(found("add of queue 'dead-q' at test-debug+0x") &&
	   found("after destroy_workqueue() at test-debug+0x"),
	   "and reported with both call sites: %.160s", reports[0]);
	before = LOAD(&nr_reports);
	is_int(flush_workqueue(qd), -EINVAL, "so is a flush");
	is_int(kwq_stats_get(qd, &st, sizeof(st)), -EINVAL,
	       "and a look at its statistics");
	destroy_workqueue(qd);
	is_int(LOAD(&nr_reports), before + 3, "and a second destroy");
	ok(!work_pending(&w), "the item was left idle");
}

/*
 * The cases that stop the program run in a fresh copy of this program
 * (spawned, not forked, so that the sanitizers can watch them too).
 */
static void *poisoned_item(void)
{
	struct work_struct *w = malloc(sizeof(*w));

	if (!w)
		_exit(3);
	memset(w, 0xa5, sizeof(*w));	/* as MALLOC_PERTURB_ leaves it */
	return w;
}

static int child(const char *what)
{
	struct workqueue_struct *wq = new_ordered("child-q");
	struct work_struct *w;
	struct tw blocker;
	struct gate gate;

	alarm(20);
	if (!strcmp(what, "uninit")) {
		add_work_to_q(wq, poisoned_item());
	} else if (!strcmp(what, "uninit-idle")) {
		/* Looks initialised and idle, but its function is no code. */
		w = poisoned_item();
		w->data = 0x20;
		add_work_to_q(wq, w);
	} else {
		if (block_ordered(wq, &blocker, &gate))
			_exit(3);
		w = malloc(sizeof(*w));
		if (!w)
			_exit(3);
		INIT_WORK(w, fn_a);
		add_work_to_q(wq, w);
		/* Freed and handed out again... */
		memset(w, 0xa5, sizeof(*w));
		/* ...and used as a new item, or left for the worker to meet. */
		if (!strcmp(what, "reused"))
			INIT_WORK(w, fn_b);
		if (strcmp(what, "overwritten"))
			add_work_to_q(wq, w);
		gate_open(&gate);
		flush_workqueue(wq);
	}
	_exit(4);			/* not reached: kwq stops first */
}

static void test_garbage(void)
{
	static const struct {
		const char *what;	/* the child's case */
		const char *site;	/* the report names the add... */
		const char *why;	/* ...and what was found */
		const char *name;
	} cases[] = {
		{ "uninit", "added to 'child-q' at test-debug+0x",
		  "was never initialised",
		  "an item never initialised is reported at its add" },
		{ "uninit-idle", "added to 'child-q' at test-debug+0x",
		  "was never initialised",
		  "so is one whose word looks idle but whose function is no code" },
		{ "reused", "pending on 'child-q' (added at test-debug+0x",
		  "was freed and initialised again at tests/test-debug.c:",
		  "a pending item freed and initialised again: both call sites" },
		{ "reused-add", "pending on 'child-q' (added at test-debug+0x",
		  "was freed and added again at test-debug+0x",
		  "one added again without INIT_WORK(): both call sites" },
		{ "overwritten", "pending on 'child-q' (added at test-debug+0x",
		  "was overwritten before it ran",
		  "one overwritten and left: reported before a worker follows its pointers" },
	};
	char buf[2048];
	int status;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		status = spawn_self(self, cases[i].what, buf, sizeof(buf));
		ok(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT &&
		   strstr(buf, cases[i].site) && strstr(buf, cases[i].why),
		   "%s, and kwq stops: %.200s", cases[i].name, buf);
	}
}

int main(int argc, char **argv)
{
	self = argv[0];
	setenv("KWQ_DEBUG", "1", 1);
	if (argc > 1)
		return child(argv[1]);
	tap_watchdog(60);
	plan(23);
	kwq_set_warn_handler(catch_misuse);
	test_reinit();
	test_sites();
	test_cycle();
	test_destroy_own();
	test_reuse();
	test_scale();
	test_destroyed();
	test_garbage();
	kwq_set_warn_handler(NULL);
	return done_testing();
}
