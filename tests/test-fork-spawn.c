// SPDX-License-Identifier: MIT
/*
 * fork() beside a spawn (src/thread.c, src/fork.c): a thread that kwq
 * creates is given memory before it starts (glibc's attribute extension
 * for its signal mask and CPUs, kwq's start record), and a fork() that
 * fell between that memory's allocation and its free would leave it in
 * the child with nobody to free it: valgrind saw the child of test-fork
 * lose 152 bytes so.  And a fork() while another thread was in kwq's
 * first call, starting its threads, left the child with the set-up's lock
 * held: its first call into kwq never returned.  The promise: fork() waits
 * until no spawn is inside that window and no set-up is under way, and
 * the child's kwq runs items.
 *
 * A hook holds a spawn inside the window (thread.c's test build) while
 * the main thread forks; the hook watches for fork() to return in the
 * parent before it lets the spawn go on, which a fork that did not wait
 * does.  The first round's spawn is the timer thread's, in the
 * process's first call into kwq; the later rounds' the rescuer's of a
 * WQ_MEM_RECLAIM queue, made by a thread of the test's with no kwq lock
 * held, so that only the spawn's own lock can hold the fork back.
 *
 * Spawns themselves do not wait for each other (issue 24 §3: the manager
 * and the new workers of a burst create side by side): with one spawn
 * held inside its window, another thread's spawn completes.  A spawn that
 * held a lock across its creation, as this one once did, waits for the
 * held one and fails that check.
 *
 * White-box: the hook is hidden, so this links libkwq.a.
 */
#include "../src/internal.h"
#include "util.h"

#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>

#define ROUNDS		4	/* the first in kwq's set-up */
#define HOLD_MS		500	/* how long the hook holds the spawn */
#define SIDE_MS		10000	/* how long it holds it for another spawn */

static __thread int is_spawner;
static int armed, in_window, forked, fork_seen, hold_ms = HOLD_MS;

static void window_hook(void)
{
	int waited;

	if (!is_spawner || !XCHG(&armed, 0))
		return;		/* the round's first spawn only */
	STORE(&in_window, 1);
	for (waited = 0; waited < LOAD(&hold_ms) && !LOAD(&forked); waited++)
		sleep_ms(1);
	STORE(&fork_seen, LOAD(&forked));
	STORE(&in_window, 2);
}

static void *spawner_main(void *arg)
{
	is_spawner = 1;
	return alloc_workqueue("fork-spawn-%d", WQ_MEM_RECLAIM, 0,
			       *(int *)arg);
}

static int child_ran;

static void child_fn(struct work_struct *work)
{
	(void)work;
	STORE(&child_ran, 1);
}

/*
 * The child's kwq runs an item, its threads started again with the spawn
 * lock free.  Its answer goes through @fd, and it ends by exec: its
 * memory is a copy taken while the spawner thread, which it lacks, held
 * a queue and a rescuer it was making, and valgrind's leak report at an
 * exit would be about those, not about kwq.
 */
static void child(int fd)
{
	struct work_struct w;
	char ok;

	INIT_WORK(&w, child_fn);
	ok = !add_work(&w) && wait_for(&child_ran, 1, 20000) ? 'y' : 'n';
	if (write(fd, &ok, 1) != 1)
		_exit(1);
	execl("/bin/true", "true", (char *)NULL);
	_exit(1);
}

/* The child's answer, or 'n' if it gives none in 20 s (it hangs). */
static char answer(int fd, pid_t pid)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	char ok = 'n';

	if (poll(&p, 1, 20000) != 1 || read(fd, &ok, 1) != 1) {
		kill(pid, SIGKILL);
		ok = 'n';
	}
	return ok;
}

static void round_once(int round)
{
	struct workqueue_struct *wq;
	pthread_t t;
	int fds[2], status;
	pid_t pid;

	STORE(&in_window, 0);
	STORE(&forked, 0);
	STORE(&fork_seen, 0);
	STORE(&armed, 1);
	if (pipe(fds) || pthread_create(&t, NULL, spawner_main, &round))
		bail_out("pipe or pthread_create");
	if (!wait_for(&in_window, 1, 30000))
		bail_out("the spawn never reached its window");
	pid = fork();
	if (pid < 0)
		bail_out("fork");
	if (!pid)
		child(fds[1]);
	STORE(&forked, 1);
	pthread_join(t, (void **)&wq);
	ok(wq != NULL, "round %d: the queue whose rescuer was spawned is made",
	    round);
	is_int(LOAD(&fork_seen), 0,
	       "round %d: fork() returned only after the spawn left its window",
	       round);
	is_int(answer(fds[0], pid), 'y', "round %d: the child's kwq runs an item",
	       round);
	waitpid(pid, &status, 0);
	close(fds[0]);
	close(fds[1]);
	if (wq)
		destroy_workqueue(wq);
}

/*
 * The spawner's rescuer is held inside its window (up to SIDE_MS, until
 * `forked` says let go) while this thread makes a queue with a rescuer of
 * its own: that spawn must not wait for the held one.
 */
static void side_by_side(void)
{
	struct workqueue_struct *wq, *mine;
	int id = ROUNDS, held;
	pthread_t t;

	/* kwq set up first: a spawn held there would hold its lock. */
	mine = alloc_workqueue("fork-spawn-init", 0, 0);
	if (!mine)
		bail_out("alloc_workqueue");
	destroy_workqueue(mine);
	STORE(&in_window, 0);
	STORE(&forked, 0);
	STORE(&hold_ms, SIDE_MS);
	STORE(&armed, 1);
	if (pthread_create(&t, NULL, spawner_main, &id))
		bail_out("pthread_create");
	if (!wait_for(&in_window, 1, 30000))
		bail_out("the spawn never reached its window");
	mine = alloc_workqueue("fork-spawn-side", WQ_MEM_RECLAIM, 0);
	held = LOAD(&in_window) == 1;
	STORE(&forked, 1);
	pthread_join(t, (void **)&wq);
	ok(mine != NULL && wq != NULL, "side by side: both queues are made");
	ok(held, "side by side: a spawn completes while another is held in its window");
	if (mine)
		destroy_workqueue(mine);
	if (wq)
		destroy_workqueue(wq);
}

int main(void)
{
	tap_watchdog(120);
	plan(3 * ROUNDS + 2);
	__atomic_store_n(&kwq__spawn_window_hook, window_hook,
			 __ATOMIC_RELEASE);
	if (getenv("KWQ_TEST_SAN")) {
		/* As in test-fork: no threads after fork() under them. */
		skip(3 * ROUNDS, "the sanitizers do not support threads after fork()");
	} else {
		for (int i = 0; i < ROUNDS; i++)
			round_once(i);
	}
	side_by_side();
	__atomic_store_n(&kwq__spawn_window_hook, NULL, __ATOMIC_RELEASE);
	return done_testing();
}
