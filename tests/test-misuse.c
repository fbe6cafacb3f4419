// SPDX-License-Identifier: MIT
/*
 * Misuse that must not crash, outside debug mode: destroying a system queue
 * is refused with one warning, and the queue goes on working; a bad
 * KWQ_IDLE_TIMEOUT_MS is reported and ignored rather than read as 49 days
 * ("-5") or as a prefix ("10abc"), and so is a bad KWQ_WORKER_STACK or
 * KWQ_WORKER_LIMIT; and when misuse leads kwq into an
 * impossible state, its BUG message tells the user to run with KWQ_DEBUG=1.
 *
 * The last two run this program again (spawned, not forked, so that the
 * sanitizers stay usable) with the case to try as its argument.
 */
#include "util.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>

static const char *self;
static char report[512];
static int nr_reports;

static void catch_misuse(const struct kwq_warning *w)
{
	if (w->kind != KWQ_WARN_MISUSE)
		return;
	if (INC(&nr_reports) == 1)
		snprintf(report, sizeof(report), "%s", w->message);
}

static void test_system_queues(void)
{
	struct workqueue_struct *sys[] = {
		system_wq, system_highpri_wq, system_long_wq, system_unbound_wq,
	};
	struct tw t[ARRAY_SIZE(sys)];
	int ran = 0;

	kwq_set_warn_handler(catch_misuse);
	destroy_workqueue(system_wq);
	is_int(LOAD(&nr_reports), 1, "destroying system_wq is reported");
	ok(strstr(report, "system queue 'events'") &&
	   strstr(report, "not destroyed"),
	   "as refused: %s", report);
	for (size_t i = 0; i < ARRAY_SIZE(sys); i++)
		destroy_workqueue(sys[i]);
	is_int(LOAD(&nr_reports), 1, "once: later attempts are refused quietly");
	kwq_set_warn_handler(NULL);

	for (size_t i = 0; i < ARRAY_SIZE(sys); i++) {
		tw_init(&t[i]);
		if (sys[i] != kwq_system_queue((enum kwq_system_queue)i) ||
		    add_work_to_q(sys[i], &t[i].work))
			continue;
		flush_work(&t[i].work);
		ran += tw_runs(&t[i]);
	}
	is_int(ran, (int)ARRAY_SIZE(sys),
	       "every system queue is the same queue and still runs work");
}

/* Run this program with @arg, and @env set to @val. */
static int run_self(const char *arg, const char *env, const char *val,
		    char *out, size_t size)
{
	int status;

	if (env)
		setenv(env, val, 1);
	status = spawn_self(self, arg, out, size);
	if (env)
		unsetenv(env);
	return status;
}

static void nop(struct work_struct *work)
{
	(void)work;
}

/* A child: start kwq, so that it reads its environment, and use it. */
static int child_start(void)
{
	struct workqueue_struct *wq = alloc_workqueue("env-q", 0, 0);
	struct work_struct w;

	if (!wq)
		return 3;
	INIT_WORK(&w, nop);
	if (add_work_to_q(wq, &w) || wait_for_work(&w))
		return 4;
	destroy_workqueue(wq);
	return 0;
}

/* Start a child with @env=@val: kwq must report @val, ignore it, and work. */
static void bad_env(const char *env, const char *val, const char *why)
{
	char buf[1024], want[64];
	int status;

	status = run_self("start", env, val, buf, sizeof(buf));
	snprintf(want, sizeof(want), "%s=%s: not a", env, val);
	if (!ok(WIFEXITED(status) && !WEXITSTATUS(status) && strstr(buf, want),
		"%s=\"%s\" (%s) is reported and ignored", env, val, why))
		diag("status %#x, output: %s", status, buf);
}

static void test_idle_timeout_env(void)
{
	static const char *const bad[] = { "-5", "10abc", "0", "4294967296",
					   " 10", "0x10" };
	char buf[1024];
	int status;

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		bad_env("KWQ_IDLE_TIMEOUT_MS", bad[i], "the default stays");
	status = run_self("start", "KWQ_IDLE_TIMEOUT_MS", "4294967295", buf,
			  sizeof(buf));
	ok(WIFEXITED(status) && !WEXITSTATUS(status) &&
	   !strstr(buf, "KWQ_IDLE_TIMEOUT_MS"),
	   "the largest valid value is taken quietly");
	status = run_self("start", "KWQ_IDLE_TIMEOUT_MS", "7", buf,
			  sizeof(buf));
	ok(WIFEXITED(status) && !WEXITSTATUS(status) && !strstr(buf, "kwq:"),
	   "and a small one");
}

/*
 * The other two numbers kwq reads, as strictly: "-5" is not 2^64 - 5
 * bytes of stack (every queue's creation then failed), nor is " 3" or
 * "+3" a cap.
 */
static void test_limits_env(void)
{
	static const struct {
		const char *env, *val, *why;
	} bad[] = {
		{ "KWQ_WORKER_STACK", "-5", "not 2^64 - 5 bytes" },
		{ "KWQ_WORKER_STACK", "-1k", "not 2^64 - 1 KiB" },
		{ "KWQ_WORKER_STACK", "18014398509481984k", "a KiB count that overflows" },
		{ "KWQ_WORKER_STACK", " 256k", "a space" },
		{ "KWQ_WORKER_STACK", "+256k", "a sign" },
		{ "KWQ_WORKER_STACK", "256kb", "a suffix kwq does not know" },
		{ "KWQ_WORKER_LIMIT", "-5", "a sign" },
		{ "KWQ_WORKER_LIMIT", " 3", "a space" },
		{ "KWQ_WORKER_LIMIT", "+3", "a sign" },
		{ "KWQ_WORKER_LIMIT", "4294967296", "beyond 32 bits" },
	};
	char buf[1024];
	int status;

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		bad_env(bad[i].env, bad[i].val, bad[i].why);
	status = run_self("start", "KWQ_WORKER_STACK", "256K", buf,
			  sizeof(buf));
	ok(WIFEXITED(status) && !WEXITSTATUS(status) && !strstr(buf, "kwq:"),
	   "KWQ_WORKER_STACK=256K is taken quietly");
}

/*
 * A child: re-initialise an item while it waits on an ordered queue, the
 * misuse debug mode refuses.  Without it the queue's worker meets an item
 * that is not pending, an impossible state.
 */
static int child_bug(void)
{
	static struct work_struct w;
	static struct tw blocker;
	static struct gate gate;
	struct workqueue_struct *wq = new_ordered("bug-q");

	alarm(20);
	if (block_ordered(wq, &blocker, &gate))
		return 3;
	INIT_WORK(&w, nop);
	if (add_work_to_q(wq, &w))
		return 4;
	INIT_WORK(&w, nop);
	gate_open(&gate);
	flush_workqueue(wq);
	return 5;		/* not reached: kwq stops first */
}

static void test_bug_message(void)
{
	const char *san = getenv("KWQ_TEST_SAN");
	char buf[2048];
	int status;

	if (san && strstr(san, "thread")) {
		skip(1, "the misuse is a data race, which TSan reports first");
		return;
	}
	status = run_self("bug", NULL, NULL, buf, sizeof(buf));
	ok(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT &&
	   strstr(buf, "kwq: BUG at") && strstr(buf, "KWQ_DEBUG=1"),
	   "kwq's BUG message names KWQ_DEBUG=1: %.200s", buf);
}

int main(int argc, char **argv)
{
	self = argv[0];
	unsetenv("KWQ_DEBUG");
	if (argc > 1 && !strcmp(argv[1], "start"))
		return child_start();
	if (argc > 1 && !strcmp(argv[1], "bug"))
		return child_bug();
	tap_watchdog(60);
	plan(24);
	test_system_queues();
	test_idle_timeout_env();
	test_limits_env();
	test_bug_message();
	return done_testing();
}
