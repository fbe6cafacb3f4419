// SPDX-License-Identifier: MIT
/*
 * Misuse that must not crash, outside debug mode: destroying a system queue
 * is refused with one warning, and the queue goes on working; a bad
 * KWQ_IDLE_TIMEOUT_MS is reported and ignored rather than read as 49 days
 * ("-5") or as a prefix ("10abc"), and so is a bad KWQ_WORKER_STACK or
 * KWQ_WORKER_LIMIT, each message naming what is accepted; the switches
 * KWQ_DEBUG, KWQ_STATS and KWQ_STATS_AT_EXIT take 1 and 0, and "yes" or
 * "true" is reported and ignored, not read as on; and when misuse leads
 * kwq into an
 * impossible state, its BUG message tells the user to run with KWQ_DEBUG=1.
 *
 * The last two run this program again (spawned, not forked, so that the
 * sanitizers stay usable) with the case to try as its argument.
 */
#include "util.h"

#include <kwq/stats.h>

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

/*
 * Start a child with @env=@val: kwq must report @val in one line that
 * names what is accepted (@names, if not NULL), ignore it, and work.
 */
static void bad_env_names(const char *env, const char *val, const char *why,
			  const char *names)
{
	char buf[1024], want[64];
	const char *line;
	int status;

	status = run_self("start", env, val, buf, sizeof(buf));
	snprintf(want, sizeof(want), "%s=%s: not a", env, val);
	line = strstr(buf, want);
	if (!ok(WIFEXITED(status) && !WEXITSTATUS(status) && line &&
		(!names || (strstr(line, names) &&
			    strstr(line, names) < strchrnul(line, '\n'))),
		"%s=\"%s\" (%s) is reported%s%s, and ignored", env, val, why,
		names ? ", naming " : "", names ? names : ""))
		diag("status %#x, output: %s", status, buf);
}

static void bad_env(const char *env, const char *val, const char *why)
{
	bad_env_names(env, val, why, NULL);
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
		{ "KWQ_WORKER_STACK", "18446744073709551615", "SIZE_MAX: a stack no thread can have" },
		{ "KWQ_WORKER_STACK", "17179869184m", "16 PiB: more than any machine maps" },
		{ "KWQ_WORKER_LIMIT", "-5", "a sign" },
		{ "KWQ_WORKER_LIMIT", " 3", "a space" },
		{ "KWQ_WORKER_LIMIT", "+3", "a sign" },
		{ "KWQ_WORKER_LIMIT", "4294967296", "beyond 32 bits" },
	};
	char buf[1024];
	int status;

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		bad_env(bad[i].env, bad[i].val, bad[i].why);
	bad_env_names("KWQ_WORKER_STACK", "2g", "a suffix kwq does not know",
		      "with a k or m suffix");
	bad_env_names("KWQ_WORKER_LIMIT", "lots", "not a number",
		      "from 0 to 4294967295");
	bad_env_names("KWQ_IDLE_TIMEOUT_MS", "5s", "a unit",
		      "milliseconds from 1 to 4294967295");
	bad_env_names("KWQ_FAULT_INJECT", "+3", "a sign",
		      "malloc, thread, attr, affinity or any");
	status = run_self("start", "KWQ_WORKER_STACK", "256K", buf,
			  sizeof(buf));
	ok(WIFEXITED(status) && !WEXITSTATUS(status) && !strstr(buf, "kwq:"),
	   "KWQ_WORKER_STACK=256K is taken quietly");
}

/* A child's item @w, pending on a new ordered queue held at @gate. */
static struct workqueue_struct *pending_item(const char *name,
					     struct work_struct *w,
					     struct gate *gate)
{
	static struct tw blocker;
	struct workqueue_struct *wq = new_ordered(name);

	alarm(20);
	if (block_ordered(wq, &blocker, gate))
		exit(3);
	INIT_WORK(w, nop);
	if (add_work_to_q(wq, w))
		exit(4);
	return wq;
}

/*
 * A child, with KWQ_DEBUG left as the parent set it: 0 if debug mode is
 * off, 7 if on.  kwq_track_init() of a pending item says which: in debug
 * mode it refuses it with -EBUSY.
 */
static int child_debug(void)
{
	static struct work_struct w;
	static struct gate gate;
	struct workqueue_struct *wq = pending_item("debug-q", &w, &gate);
	int err = kwq_track_init(&w, __FILE__, __LINE__);

	gate_open(&gate);
	destroy_workqueue(wq);
	return err == -EBUSY ? 7 : err ? 5 : 0;
}

/* A child: 0 if the statistics timed the item it ran, 8 if not. */
static int child_stats(void)
{
	struct workqueue_struct *wq = alloc_workqueue("stats-q", 0, 0);
	struct kwq_stats st;
	struct work_struct w;

	if (!wq)
		return 3;
	INIT_WORK(&w, nop);
	if (add_work_to_q(wq, &w) || wait_for_work(&w) ||
	    kwq_stats_get(wq, &st, sizeof(st)))
		return 4;
	destroy_workqueue(wq);
	return st.runtime.samples ? 0 : 8;
}

/* @env=@val in a child running @arg: its exit status, and no report. */
static bool switch_is(const char *arg, const char *env, const char *val,
		      int want_status, bool want_report)
{
	char buf[1024], want[64];
	int status;
	bool reported;

	status = run_self(arg, env, val, buf, sizeof(buf));
	snprintf(want, sizeof(want), "%s=%s: not a switch: 1 turns it on, 0 off",
		 env, val);
	reported = strstr(buf, want) != NULL;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != want_status ||
	    reported != want_report) {
		diag("status %#x, output: %s", status, buf);
		return false;
	}
	return true;
}

static void test_switches_env(void)
{
	static const char *const bad[] = { "yes", "true", "on", " 1", "2" };

	ok(switch_is("debug", "KWQ_DEBUG", "1", 7, false),
	   "KWQ_DEBUG=1 turns debug mode on, quietly");
	ok(switch_is("debug", "KWQ_DEBUG", "0", 0, false) &&
	   switch_is("debug", "KWQ_DEBUG", "", 0, false),
	   "KWQ_DEBUG=0 or empty leaves it off, quietly");
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		ok(switch_is("debug", "KWQ_DEBUG", bad[i], 0, true),
		   "KWQ_DEBUG=\"%s\" is reported, naming 1 and 0, and leaves debug mode off",
		   bad[i]);
	ok(switch_is("stats", "KWQ_STATS", "1", 0, false) &&
	   switch_is("stats", "KWQ_STATS", "0", 8, false),
	   "KWQ_STATS=1 times the items, =0 does not, quietly");
	ok(switch_is("stats", "KWQ_STATS", "yes", 8, true) &&
	   switch_is("stats", "KWQ_STATS_AT_EXIT", "true", 8, true),
	   "KWQ_STATS=yes and KWQ_STATS_AT_EXIT=true are reported and ignored");
}

/*
 * A child: re-initialise an item while it waits on an ordered queue, the
 * misuse debug mode refuses.  Without it the queue's worker meets an item
 * that is not pending, an impossible state.
 */
static int child_bug(void)
{
	static struct work_struct w;
	static struct gate gate;
	struct workqueue_struct *wq = pending_item("bug-q", &w, &gate);

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
	if (argc > 1 && !strcmp(argv[1], "debug"))
		return child_debug();
	unsetenv("KWQ_DEBUG");
	if (argc > 1 && !strcmp(argv[1], "start"))
		return child_start();
	if (argc > 1 && !strcmp(argv[1], "bug"))
		return child_bug();
	if (argc > 1 && !strcmp(argv[1], "stats"))
		return child_stats();
	tap_watchdog(60);
	plan(39);
	test_system_queues();
	test_idle_timeout_env();
	test_limits_env();
	test_switches_env();
	test_bug_message();
	return done_testing();
}
