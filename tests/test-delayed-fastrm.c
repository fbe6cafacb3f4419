// SPDX-License-Identifier: MIT
/*
 * remove_delayed_work()'s armed fast path (removed_armed() in delayed.c)
 * against every other owner of the item's PENDING bit at once: the
 * lock-free add arming it on several wheels, the timer thread expiring it,
 * remove_delayed_work_sync() holding it CANCELING, wait_for_delayed_work()
 * between its disarm and its queueing, rearm_delayed_work() between its
 * grab and its arm, and an item that re-arms itself from its run on
 * another CPU's wheel (so that a canceller that read the old wheel finds
 * the item armed on a new one); cancellers cancelled with pthread_cancel()
 * meanwhile; and a fork child, where the parent's armed item is forgotten.
 *
 * Whatever the interleaving, every arm that returned 0 ends as exactly one
 * remove that returned 0 or one run, no result is other than the calls
 * document, no run starts early, and the queue's count of armed items
 * comes back to 0.  (wait_for_delayed_work() runs an armed item at once,
 * so the self-re-arming cases, which check the delay, do without it.)  With KWQ_DEBUG=1 (make test-lib-debug) debug mode's
 * records must also agree: a fast removal that skipped kwq__debug_idle()
 * would leave a stale record, and the next add would be reported.
 *
 * White-box: it reads kwq__timer_armed(), so it links libkwq.a.
 */
#include "../src/internal.h"
#include "dwork.h"

#include <stdlib.h>
#include <sys/wait.h>

struct mix {
	struct workqueue_struct *wq;
	struct delayed_work dw;
	int cpus[CPU_SETSIZE];
	int nr_cpus;
	int hop;		/* I: the run re-arms itself on the next CPU */
	int stop;		/* A: no more re-arms from the run */
	int runs;		/* A */
	int arms;		/* A: adds (test or run) that returned 0 */
	int removes;		/* A: remove_delayed_work() that returned 0 */
	int syncs;		/* A: remove_delayed_work_sync() that did */
	int rearms;		/* A: rearm_delayed_work_on() that returned 0 */
	int waits;		/* A: wait_for_delayed_work() calls */
	int odd;		/* A: results the calls do not document */
	int early;		/* A: runs before their delay (hop only) */
	int done;		/* A: the armer has finished */
	long long armed_ns;	/* A: when the run's own re-arm was made */
};

static void mix_fn(struct work_struct *work)
{
	struct mix *m = container_of(to_delayed_work(work), struct mix, dw);
	long long armed = LOAD(&m->armed_ns);

	if (m->hop && armed && tap_now_ns() - armed < 1 * MS)
		INC(&m->early);
	if (m->hop && !LOAD(&m->stop)) {
		int n = LOAD(&m->runs);
		int cpu = m->cpus[(n + 1) % m->nr_cpus];
		int rc;

		/*
		 * Noted before the arm, undone if it failed: no other run
		 * starts before this one returns.
		 */
		STORE(&m->armed_ns, tap_now_ns());
		rc = add_delayed_work_to_q_on(cpu, m->wq, &m->dw, 1);
		if (!rc)
			INC(&m->arms);
		else
			STORE(&m->armed_ns, 0);
		if (rc && rc != -EBUSY)
			INC(&m->odd);
	}
	INC(&m->runs);
}

static void *armer_main(void *p)
{
	struct mix *m = p;
	int want = (int)tap_scale(3000);
	long long end = tap_now_ns() + 4000 * MS;

	pin_self(m->cpus[0]);
	for (long i = 0; LOAD(&m->arms) < want && tap_now_ns() < end; i++) {
		int cpu = m->cpus[i % m->nr_cpus];
		int rc;

		if (m->hop) {
			/* Only restart a chain a remove ended. */
			if (delayed_work_pending(&m->dw)) {
				sleep_us(100);
				continue;
			}
			STORE(&m->armed_ns, 0);
		}
		rc = add_delayed_work_to_q_on(cpu, m->wq, &m->dw,
					      (unsigned long)(i % 3));
		if (!rc)
			INC(&m->arms);
		else if (rc != -EBUSY)
			INC(&m->odd);
	}
	STORE(&m->done, 1);
	return NULL;
}

/* The _sync form sleeps between its calls, which each wait for a run. */
static int remove_once(struct mix *m, bool sync)
{
	int rc = sync ? remove_delayed_work_sync(&m->dw) :
		remove_delayed_work(&m->dw);

	if (!rc)
		INC(sync ? &m->syncs : &m->removes);
	else if (rc != -ENOENT)
		INC(&m->odd);
	return rc;
}

static void *remover_main(void *p)
{
	struct mix *m = p;

	while (!LOAD(&m->done))
		remove_once(m, false);
	return NULL;
}

static void *syncer_main(void *p)
{
	struct mix *m = p;
	unsigned int seed = 11;

	while (!LOAD(&m->done)) {
		remove_once(m, true);
		sleep_us(rand_r(&seed) % 300);
	}
	return NULL;
}

static void *waiter_main(void *p)
{
	struct mix *m = p;
	unsigned int seed = 13;

	while (!LOAD(&m->done)) {
		if (wait_for_delayed_work(&m->dw))
			INC(&m->odd);
		INC(&m->waits);
		sleep_us(rand_r(&seed) % 300);
	}
	return NULL;
}

/* Rearms on every wheel in turn: its instances are not counted. */
static void *rearmer_main(void *p)
{
	struct mix *m = p;
	unsigned int seed = 17;

	for (long i = 0; !LOAD(&m->done); i++) {
		int rc = rearm_delayed_work_on(m->cpus[i % m->nr_cpus], m->wq,
					       &m->dw, (unsigned long)(i % 3));

		if (!rc)
			INC(&m->rearms);
		else if (rc != -EBUSY)	/* a _sync cancel owns it */
			INC(&m->odd);
		sleep_us(rand_r(&seed) % 200);
	}
	return NULL;
}

enum { SYNC = 1, WAIT = 2, REARM = 4, HOP = 8, TWO = 16 };

static void mix(const char *what, unsigned int flags, unsigned int kinds)
{
	struct mix m = { 0 };
	pthread_t t[6];
	int n = 0, left, rc;

	m.wq = new_wq(what, flags, 0);
	m.nr_cpus = allowed_cpus(m.cpus, CPU_SETSIZE);
	m.hop = !!(kinds & HOP);
	INIT_DELAYED_WORK(&m.dw, mix_fn);
	if (pthread_create(&t[n++], NULL, armer_main, &m) ||
	    pthread_create(&t[n++], NULL, remover_main, &m) ||
	    ((kinds & TWO) &&
	     pthread_create(&t[n++], NULL, remover_main, &m)) ||
	    ((kinds & SYNC) &&
	     pthread_create(&t[n++], NULL, syncer_main, &m)) ||
	    ((kinds & WAIT) &&
	     pthread_create(&t[n++], NULL, waiter_main, &m)) ||
	    ((kinds & REARM) &&
	     pthread_create(&t[n++], NULL, rearmer_main, &m)))
		bail_out("pthread_create failed");
	while (n)
		pthread_join(t[--n], NULL);
	STORE(&m.stop, 1);
	remove_once(&m, true);
	if (kinds & REARM) {
		/* Its instances are uncounted: the item must end idle. */
		ok(!delayed_work_pending(&m.dw) && !LOAD(&m.odd) &&
		   LOAD(&m.runs) <= LOAD(&m.arms) + LOAD(&m.rearms),
		   "%s: idle at the end, runs %d <= arms %d + rearms %d, removes %d + %d, nothing odd (%d)",
		   what, LOAD(&m.runs), LOAD(&m.arms), LOAD(&m.rearms),
		   LOAD(&m.removes), LOAD(&m.syncs), LOAD(&m.odd));
		/* Nothing lost: one more arm runs once, and only once. */
		left = LOAD(&m.runs) + 1;
		rc = add_delayed_work_to_q(m.wq, &m.dw, 1);
		ok(!rc && wait_for(&m.runs, left, 5000) &&
		   (sleep_ms(20), LOAD(&m.runs) == left),
		   "%s: an arm after the race runs exactly once (%d)", what,
		   rc);
	} else {
		left = LOAD(&m.arms) - LOAD(&m.removes) - LOAD(&m.syncs);
		ok(left >= 0 && wait_for(&m.runs, left, 10000) &&
		   LOAD(&m.runs) == left && !LOAD(&m.odd) && !LOAD(&m.early),
		   "%s: runs == arms - removes - sync removes (%d == %d - %d - %d), waits %d, nothing odd (%d) or early (%d)",
		   what, LOAD(&m.runs), LOAD(&m.arms), LOAD(&m.removes),
		   LOAD(&m.syncs), LOAD(&m.waits), LOAD(&m.odd),
		   LOAD(&m.early));
	}
	ok(armed_settles(m.wq), "%s: nothing is counted armed: %lu", what,
	   kwq__timer_armed(m.wq));
	destroy_workqueue(m.wq);
}

/*
 * Cancellers cancelled with pthread_cancel() at random moments: kwq's calls
 * are no cancellation points, so a request lands only at the loop's own
 * pthread_testcancel(), after the result is counted, and the counts stay
 * exact; a cancel inside a call would leave PENDING owned (a hang) or a
 * remove uncounted.
 */
static void *cancelled_main(void *p)
{
	struct mix *m = p;

	for (;;) {
		remove_once(m, false);
		pthread_testcancel();
	}
	return NULL;
}

static void test_cancelled(void)
{
	struct mix m = { 0 };
	unsigned int seed = 19;
	pthread_t a, c;
	int left, rounds = (int)tap_scale(200);

	m.wq = new_wq("fr-cancelled", 0, 0);
	m.nr_cpus = allowed_cpus(m.cpus, CPU_SETSIZE);
	INIT_DELAYED_WORK(&m.dw, mix_fn);
	if (pthread_create(&a, NULL, armer_main, &m))
		bail_out("pthread_create failed");
	for (int i = 0; i < rounds && !LOAD(&m.done); i++) {
		if (pthread_create(&c, NULL, cancelled_main, &m))
			bail_out("pthread_create failed");
		sleep_us(rand_r(&seed) % 2000);
		pthread_cancel(c);
		pthread_join(c, NULL);
	}
	pthread_join(a, NULL);
	remove_once(&m, true);
	left = LOAD(&m.arms) - LOAD(&m.removes) - LOAD(&m.syncs);
	ok(left >= 0 && wait_for(&m.runs, left, 10000) &&
	   LOAD(&m.runs) == left && !LOAD(&m.odd) && armed_settles(m.wq),
	   "cancelled cancellers: runs == arms - removes - sync removes (%d == %d - %d - %d), nothing odd (%d), nothing armed",
	   LOAD(&m.runs), LOAD(&m.arms), LOAD(&m.removes), LOAD(&m.syncs),
	   LOAD(&m.odd));
	destroy_workqueue(m.wq);
}

static int fork_runs;

static void fork_fn(struct work_struct *work)
{
	(void)work;
	INC(&fork_runs);
}

/*
 * In a fork child the parent's armed item is forgotten (word idle, on no
 * wheel), so the fast path must not find it; the child's own arms are
 * taken off its fresh wheels by it.  Returns a bit per failed check.
 */
static int fork_child(struct workqueue_struct *wq, struct delayed_work *dw)
{
	int bad = 0, rc[5];

	alarm(20);
	rc[0] = remove_delayed_work(dw);
	bad |= (rc[0] != -ENOENT) << 0;
	rc[1] = add_delayed_work_to_q(wq, dw, HOUR);
	bad |= (rc[1] != 0) << 1;
	rc[2] = remove_delayed_work(dw);
	bad |= (rc[2] != 0 || delayed_work_pending(dw)) << 2;
	rc[3] = remove_delayed_work(dw);
	bad |= (rc[3] != -ENOENT) << 3;
	rc[4] = add_delayed_work_to_q(wq, dw, 1);
	bad |= (rc[4] != 0 || !wait_for(&fork_runs, 1, 5000)) << 4;
	sleep_ms(20);
	bad |= (LOAD(&fork_runs) != 1 || kwq__timer_armed(wq)) << 5;
	if (bad)
		dprintf(2, "# child: failed checks %#x: %d %d %d %d %d, runs %d\n",
			bad, rc[0], rc[1], rc[2], rc[3], rc[4],
			LOAD(&fork_runs));
	return bad;
}

static void test_fork(void)
{
	struct workqueue_struct *wq;
	struct delayed_work dw;
	int status = -1;
	pid_t pid;

	if (getenv("KWQ_TEST_SAN")) {
		/* As test-fork: no sanitizer supports threads after fork(). */
		skip(2, "the sanitizers do not support threads after fork()");
		return;
	}
	wq = new_wq("fr-fork", 0, 0);
	INIT_DELAYED_WORK(&dw, fork_fn);
	if (add_delayed_work_to_q(wq, &dw, HOUR))
		bail_out("arm before the fork failed");
	pid = fork();
	if (pid < 0)
		bail_out("fork failed");
	if (!pid)
		_exit(fork_child(wq, &dw));
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && !WEXITSTATUS(status),
	   "fork child: the parent's armed item is idle there, its own arms are removed (status %#x)",
	   status);
	ok(remove_delayed_work(&dw) == 0 && !LOAD(&fork_runs) &&
	   armed_settles(wq),
	   "parent: its armed item is still armed and removed");
	destroy_workqueue(wq);
}

int main(void)
{
	tap_watchdog(240);
	plan(18);
	test_fork();
	test_cancelled();
	mix("fr-sync-b", 0, SYNC | TWO);
	mix("fr-sync-u", WQ_UNBOUND, SYNC | TWO);
	mix("fr-wait-b", 0, WAIT | SYNC);
	mix("fr-wait-u", WQ_UNBOUND, WAIT | TWO);
	mix("fr-hop-b", 0, HOP | TWO);
	mix("fr-hop-u", WQ_UNBOUND, HOP | SYNC | TWO);
	mix("fr-rearm-b", 0, REARM | SYNC | WAIT | TWO);
	return done_testing();
}
