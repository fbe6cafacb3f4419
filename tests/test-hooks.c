// SPDX-License-Identifier: MIT
/*
 * kwq_set_thread_hooks(): the program's start hook runs on every thread kwq
 * starts before anything else does there, so every work item finds it
 * done, and every thread named kwq/ (worker, rescuer, timer, manager)
 * has run it; the stop hook runs on a thread that ran start, after its
 * last item, when a worker retires at its idle timeout; and the hooks
 * can be set only before kwq starts its first thread (-EBUSY after, the
 * hooks in force unchanged).
 *
 * Workers beyond the first of a pool are had by items that sleep: the
 * manager starts others in their place, and these retire once idle.
 */
#include "util.h"

#include <sys/syscall.h>

#define NR_ITEMS 6
#define MAX_TIDS 256

static __thread int started;		/* this thread ran start_hook() */
static int nr_starts, nr_stops;		/* A */
static int bad_stops;			/* A: stop without start, or in an item */
static int tids[MAX_TIDS];		/* A: the threads that ran start_hook() */
static int other_runs;			/* A: the second pair's calls */

static void start_hook(void)
{
	int i = INC(&nr_starts) - 1;

	if (i < MAX_TIDS)
		STORE(&tids[i], (int)syscall(SYS_gettid));
	started = 1;
}

static void stop_hook(void)
{
	if (!started || current_work() || current_is_workqueue_worker())
		INC(&bad_stops);
	INC(&nr_stops);
}

static void other_hook(void)
{
	INC(&other_runs);
}

static struct gate gate;
static int unstarted_runs, runs;	/* A */

static void item_fn(struct work_struct *w)
{
	(void)w;
	if (!started)
		INC(&unstarted_runs);
	gate_wait(&gate);
	INC(&runs);
}

static bool tid_started(int tid)
{
	int n = LOAD(&nr_starts);

	for (int i = 0; i < n && i < MAX_TIDS; i++)
		if (LOAD(&tids[i]) == tid)
			return true;
	return false;
}

static bool tid_alive(int tid)
{
	char path[64];

	snprintf(path, sizeof(path), "/proc/self/task/%d", tid);
	return access(path, F_OK) == 0;
}

struct scan {
	long long end;		/* the one deadline of every wait below */
	int unhooked;
};

/*
 * Count, in @arg's unhooked, a thread named kwq/ that did not run
 * start_hook().  A thread is named after its creator until it names
 * itself, after the hook: one the manager or a worker is starting right
 * now (a burst's chain, or a creation retried after EAGAIN) is named kwq/
 * and has not reached the hook yet, nor stored its tid in tids[] (which
 * follows the count).  So wait, until the scan's deadline,
 * for it to run the hook or to be gone; the threads that stay (timer,
 * manager, rescuer, a pool's last worker) fail here if they never run it.
 */
static void check_started(int tid, const char *name, void *arg)
{
	struct scan *s = arg;

	while (!tid_started(tid) && tid_alive(tid) && tap_now_ns() < s->end)
		sleep_ms(1);
	if (tid_started(tid) || !tid_alive(tid))
		return;
	diag("%d (%s) did not run the start hook", tid, name);
	s->unhooked++;
}

int main(void)
{
	struct work_struct items[NR_ITEMS];
	struct workqueue_struct *wq, *rwq;
	struct scan scan;
	int nr_kwq;

	plan(10);
	tap_watchdog(60);

	is_int(kwq_set_thread_hooks(other_hook, other_hook), 0,
	       "hooks may be set before kwq starts a thread");
	is_int(kwq_set_thread_hooks(start_hook, stop_hook), 0,
	       "and set again, replacing the first pair");
	kwq_set_idle_timeout(20);

	wq = alloc_workqueue("hooks", WQ_UNBOUND, NR_ITEMS);
	rwq = alloc_workqueue("hooks-r", WQ_MEM_RECLAIM, 1);
	if (!wq || !rwq)
		bail_out("alloc_workqueue: %s", strerror(errno));
	is_int(kwq_set_thread_hooks(other_hook, other_hook), -EBUSY,
	       "once kwq has started a thread, setting them is -EBUSY");

	for (int i = 0; i < NR_ITEMS; i++) {
		INIT_WORK(&items[i], item_fn);
		if (add_work_to_q(i % 2 ? rwq : wq, &items[i]))
			bail_out("add_work_to_q");
	}
	/* Sleeping items: the manager starts other workers meanwhile. */
	wait_for(&gate.entered, NR_ITEMS / 2, 10000);
	sleep_ms(100);
	gate_open(&gate);
	for (int i = 0; i < NR_ITEMS; i++)
		wait_for_work(&items[i]);

	is_int(LOAD(&runs), NR_ITEMS, "every item ran");
	is_int(LOAD(&unstarted_runs), 0,
	       "every item ran on a thread that had run the start hook");
	scan.end = tap_now_ns() + 10000000000LL;
	scan.unhooked = 0;
	nr_kwq = each_thread("kwq/", check_started, &scan);
	is_int(scan.unhooked, 0, "each of the %d threads named kwq/ ran the start hook",
	       nr_kwq);
	ok(nr_kwq >= 4, "they include workers, the timer and the manager (%d)",
	   nr_kwq);

	/* Workers beyond a pool's first retire at the idle timeout. */
	for (int ms = 0; ms < 20000 && !LOAD(&nr_stops); ms += 10)
		sleep_ms(10);
	ok(LOAD(&nr_stops) > 0, "a worker that retired ran the stop hook (%d of %d threads started)",
	   LOAD(&nr_stops), LOAD(&nr_starts));
	is_int(LOAD(&bad_stops), 0,
	       "each stop ran on a thread that had run start, no longer a worker");
	is_int(LOAD(&other_runs), 0,
	       "the pair set first, then replaced, and the one refused never ran");

	destroy_workqueue(rwq);
	destroy_workqueue(wq);
	return done_testing();
}
