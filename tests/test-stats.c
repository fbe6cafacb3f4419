// SPDX-License-Identifier: MIT
/*
 * Statistics: after a known sequence of adds, refusals, runs and delayed
 * arms, kwq_stats_get() reports exactly those numbers; kwq_stats_reset()
 * zeroes them; kwq_stats_print() and KWQ_STATS_AT_EXIT print the table.
 * No start writes a count: a report counts the ends and the items running
 * (sum_pwq() in stats.c), so the counts are read while an item runs and
 * across a reset too.
 */
#include "util.h"

#include <kwq/stats.h>

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>

#define NR 50

static void nop(struct work_struct *work)
{
	(void)work;
}

/* Re-executed with KWQ_STATS_AT_EXIT=1: use a queue, then exit. */
static int child(void)
{
	struct workqueue_struct *wq = alloc_workqueue("atexit-q", 0, 0);
	struct work_struct w;

	INIT_WORK(&w, nop);
	add_work_to_q(wq, &w);
	wait_for_work(&w);
	return 0;
}

static const char *self_path;

#define ROUNDS 5

/*
 * While an item runs, it is started and not finished; a reset then
 * leaves it out of the starts (it started before) and counts its end,
 * as a count raised by each start did.  Each round on a new queue: the
 * item at a gate, three more pushed behind it.
 */
static void test_running(void)
{
	int running = 0, reset = 0, after = 0;

	for (int r = 0; r < ROUNDS; r++) {
		struct workqueue_struct *wq = new_ordered("stats-run");
		struct work_struct ws[3];
		struct kwq_stats s;
		struct tw blocker;
		struct gate gate;

		if (block_ordered(wq, &blocker, &gate))
			bail_out("could not block the queue");
		for (int i = 0; i < 3; i++) {
			INIT_WORK(&ws[i], nop);
			if (add_work_to_q(wq, &ws[i]))
				bail_out("could not add");
		}
		kwq_stats_get(wq, &s, sizeof(s));
		running += s.started == 1 && s.finished == 0 && s.pending == 4;
		kwq_stats_reset(wq);
		kwq_stats_get(wq, &s, sizeof(s));
		reset += s.started == 0 && s.finished == 0 && s.pending == 4;
		gate_open(&gate);
		flush_workqueue(wq);
		kwq_stats_get(wq, &s, sizeof(s));
		after += s.started == 3 && s.finished == 4 && s.pending == 0;
		destroy_workqueue(wq);
	}
	is_int(running, ROUNDS, "an item running is started, not finished");
	is_int(reset, ROUNDS, "a reset while it runs leaves no start counted");
	is_int(after, ROUNDS, "then the starts since the reset, every end");
}

static void test_at_exit(void)
{
	char buf[4096] = "";
	int fds[2], status;
	size_t got = 0;
	ssize_t n;
	pid_t pid;

	if (getenv("KWQ_TEST_SAN") && strstr(getenv("KWQ_TEST_SAN"), "thread")) {
		skip(1, "ThreadSanitizer does not support fork() here");
		return;
	}
	/* Set up before fork(): the child only dup2()s and exec()s. */
	setenv("KWQ_STATS_AT_EXIT", "1", 1);
	if (pipe(fds))
		bail_out("pipe");
	pid = fork();
	if (pid == 0) {
		dup2(fds[1], STDERR_FILENO);
		/* argv[0], not /proc/self/exe, which is valgrind under it. */
		execl(self_path, self_path, "child", (char *)NULL);
		_exit(127);
	}
	unsetenv("KWQ_STATS_AT_EXIT");
	close(fds[1]);
	while (got < sizeof(buf) - 1 &&
	       (n = read(fds[0], buf + got, sizeof(buf) - 1 - got)) > 0)
		got += (size_t)n;
	close(fds[0]);
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0 &&
	   strstr(buf, "atexit-q") && strstr(buf, "workers"),
	   "KWQ_STATS_AT_EXIT=1 prints the table when the program exits");
}

int main(int argc, char **argv)
{
	struct workqueue_struct *wq;
	struct work_struct ws[NR];
	struct delayed_work dw;
	struct kwq_stats s;
	struct tw blocker;
	struct gate gate;
	int busy = 0, queued = 0;
	char table[8192] = "";
	FILE *f;

	if (argc > 1 && !strcmp(argv[1], "child"))
		return child();
	self_path = argv[0];
	tap_watchdog(60);
	plan(21);
	is_int(kwq_stats_enable(true), 0, "kwq_stats_enable(true)");
	wq = new_ordered("statsq");
	if (block_ordered(wq, &blocker, &gate))
		bail_out("could not block the queue");
	for (int i = 0; i < NR; i++) {
		INIT_WORK(&ws[i], nop);
		queued += add_work_to_q(wq, &ws[i]) == 0;
	}
	for (int i = 0; i < NR; i += 2)
		busy += add_work_to_q(wq, &ws[i]) == -EBUSY;
	INIT_DELAYED_WORK(&dw, nop);
	add_delayed_work_to_q(wq, &dw, 3600 * HZ);

	is_int(kwq_stats_get(wq, &s, sizeof(s)), 0, "kwq_stats_get() = 0");
	is_int(s.pending, queued + 1, "pending: the %d items and the gate",
	       queued);
	is_int(s.armed, 1, "armed: the delayed item");
	is_int(s.rejected, busy, "rejected: every -EBUSY add (%d)", busy);
	gate_open(&gate);
	flush_workqueue(wq);
	kwq_stats_get(wq, &s, sizeof(s));
	is_int(s.added, queued + 1, "added: every add that returned 0");
	is_int(s.started, queued + 1, "started: each of them once");
	is_int(s.finished, s.started, "finished: as many as started");
	is_int(s.pending, 0, "nothing pending after the flush");
	is_int(s.runtime.samples, s.finished, "every run was timed");
	ok(s.latency.samples > 0 && s.latency.samples <= s.started,
	   "add-to-start latency was sampled (%llu samples)",
	   s.latency.samples);
	ok(s.runtime.max_ns >= s.runtime.p99_ns &&
	   s.runtime.p99_ns >= s.runtime.p50_ns, "p50 <= p99 <= max");

	is_int(kwq_stats_get(wq, &s, 8), -EINVAL, "a size too small: -EINVAL");
	is_int(kwq_stats_reset(wq), 0, "kwq_stats_reset() = 0");
	kwq_stats_get(wq, &s, sizeof(s));
	is_int(s.added + s.started + s.finished + s.rejected, 0,
	       "after a reset the counts are zero");

	f = tmpfile();
	if (!f)
		bail_out("tmpfile");
	kwq_stats_print(f);
	rewind(f);
	if (fread(table, 1, sizeof(table) - 1, f) == 0)
		table[0] = '\0';
	fclose(f);
	ok(strstr(table, "statsq") && strstr(table, "unbound"),
	   "kwq_stats_print() lists the queue and the pools");
	ok(strstr(table, " flags ") && strstr(table, " rejected ") &&
	   !strstr(table, " busy ") && !strstr(table, " kind "),
	   "its columns are named as struct kwq_stats names them");

	remove_delayed_work_sync(&dw);
	destroy_workqueue(wq);
	test_running();
	test_at_exit();
	return done_testing();
}
