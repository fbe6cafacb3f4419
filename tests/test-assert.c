// SPDX-License-Identifier: MIT
/*
 * The data word's transitions and kwq__assert_locked() (src/internal.h).
 *
 * A legal chain of transitions leaves the words the state machine says.
 * Each illegal one, run in a child process, aborts with a BUG report in a
 * build with -DKWQ_ASSERT (the sanitizer builds) and does nothing at all in
 * a release build, where the assertions must cost nothing.
 *
 * White-box: it uses internal.h's inline helpers and kwq__bug(), so it
 * links libkwq.a.
 */
#include "../src/internal.h"
#include "tap.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>

#ifdef KWQ_ASSERT
#define CHECKED 1
#else
#define CHECKED 0
#endif

static struct kwq__pool pool;
static struct kwq__pwq pwq;
static struct work_struct w;

static void fn(struct work_struct *work)
{
	(void)work;
}

static void legal_chain(void)
{
	unsigned long data;

	INIT_WORK(&w, fn);
	pwq.pool = &pool;
	pool.lock = 1;		/* as if held: the helpers only look */
	kwq__assert_locked(&pool);
	ok(!(test_and_set_work_pending(&w) & WORK_PENDING),
	   "an idle item's PENDING is won");
	set_work_pwq(&w, work_pwq_data(&pwq, WORK_COLOR));
	mark_work_inactive(&w);
	is_int(work_data(&w) & WORK_FLAG_MASK,
	       WORK_PWQ | WORK_PENDING | WORK_INIT | WORK_COLOR |
	       WORK_INACTIVE, "queued inactive: the bits of the state");
	ok(data_pwq(work_data(&w)) == &pwq, "queued: the word names its pwq");
	mark_work_active(&w);
	mark_work_linked(&w);
	data = work_data(&w);
	set_work_pool_and_clear_pending(&w, &pool, data);
	is_int(work_data(&w), (unsigned long)&pool | WORK_INIT,
	       "started: the pool it ran on, PENDING gone");
	test_and_set_work_pending(&w);
	mark_work_canceling(&w);
	release_work_pending(&w);
	is_int(work_data(&w), (unsigned long)&pool | WORK_INIT,
	       "a cancel lets go: idle, the pool kept");
	clear_work_data(&w);
	is_int(work_data(&w), WORK_INIT, "a fork child's item: INIT only");
	pool.lock = 0;
}

static void active_while_idle(void)
{
	INIT_WORK(&w, fn);
	mark_work_active(&w);
}

static void release_while_idle(void)
{
	INIT_WORK(&w, fn);
	release_work_pending(&w);
}

static void start_while_idle(void)
{
	INIT_WORK(&w, fn);
	set_work_pool_and_clear_pending(&w, &pool, work_data(&w));
}

static void canceling_while_queued(void)
{
	INIT_WORK(&w, fn);
	test_and_set_work_pending(&w);
	set_work_pwq(&w, work_pwq_data(&pwq, 0));
	mark_work_canceling(&w);
}

static void unlocked(void)
{
	pool.lock = 0;
	kwq__assert_locked(&pool);
}

/* Run @bad in a child: it aborts exactly when the assertions are built. */
static void illegal(void (*bad)(void), const char *name)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		int null = open("/dev/null", O_WRONLY);

		if (null >= 0)
			dup2(null, 2);	/* the BUG line is expected */
		bad();
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid) {
		ok(0, "%s: child ran", name);
		return;
	}
	if (CHECKED)
		ok(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT,
		   "KWQ_ASSERT: %s aborts", name);
	else
		ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		   "release build: %s is not checked", name);
}

int main(void)
{
	alarm(30);
	plan(11);
	legal_chain();
	illegal(active_while_idle, "mark_work_active() of an idle item");
	illegal(release_while_idle, "release_work_pending() of an idle item");
	illegal(start_while_idle,
		"set_work_pool_and_clear_pending() of an idle item");
	illegal(canceling_while_queued, "mark_work_canceling() while queued");
	illegal(unlocked, "kwq__assert_locked() of a free pool");
	return 0;
}
