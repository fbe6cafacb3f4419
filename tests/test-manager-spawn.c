// SPDX-License-Identifier: MIT
/*
 * The manager's burst (src/manager.c): the workers it starts for blocked
 * ones, from a count the pool keeps (pool->spawn): one per waiting item at
 * the first look that sees a worker blocked.  An unbound pool's are
 * created side by side, by the manager and by each new worker before its
 * item: a hook holds the manager before its second creation until a
 * worker has created one, which it does only if new workers create.  A
 * bound pool's the manager creates alone, from another CPU than the
 * pool's (keep_off()), and its new workers create none.  A creation that
 * fails, in either, must neither lose the burst nor leave workers
 * promised.
 *
 * A burst is a set of items that each wait until all of them have started,
 * which finishes only if the pool lets them all run at once.
 *
 * White-box: kwq__fault_set() and the pool are hidden, so this links
 * libkwq.a.
 */
#include "../src/internal.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>

#define BURST 48

static int started, added;

static void burst_fn(struct work_struct *work)
{
	(void)work;
	/* Computing, not blocked, until the whole burst waits behind it. */
	while (!LOAD(&added))
		;
	INC(&started);
	wait_for(&started, BURST, 60000);
}

/* @cpu's pool, or the unbound one if @cpu is negative. */
static struct kwq__pool *pool_of(int cpu)
{
	return cpu < 0 ? kwq__g.unbound_pools[0] : kwq__g.cpu_pools[0][cpu];
}

/*
 * Run a burst on @cpu's pool (the unbound pool if negative) with the
 * creation @spec names failing.
 */
static void burst(int cpu, const char *spec)
{
	struct work_struct *ws = calloc(BURST, sizeof(*ws));
	struct workqueue_struct *wq = new_wq("spawn", cpu < 0 ? WQ_UNBOUND : 0,
					     0);
	long failed = kwq__fault_injected();
	struct kwq__pool *pool;
	int spawn;

	if (!ws)
		bail_out("out of memory");
	STORE(&started, 0);
	STORE(&added, 0);
	if (spec && kwq__fault_set(spec))
		bail_out("fault spec %s", spec);
	for (int i = 0; i < BURST; i++) {
		INIT_WORK(&ws[i], burst_fn);
		if (cpu < 0 ? add_work_to_q(wq, &ws[i]) :
		    add_work_to_q_on(cpu, wq, &ws[i]))
			bail_out("add failed");
	}
	STORE(&added, 1);
	flush_workqueue(wq);
	kwq__fault_set("");
	is_int(LOAD(&started), BURST, "%d blocking items all ran at once%s%s",
	       BURST, spec ? ", failing thread creation " : "",
	       spec ? spec : "");
	if (spec)
		is_int((int)(kwq__fault_injected() - failed), 1,
		       "one creation failed");
	/*
	 * Creations still under way when the flush returns (a look that
	 * promised a worker as the last item started, or one that a failed
	 * creation made promise again) end soon, each taking its promise:
	 * what must not be is a promise that nothing will ever take.
	 */
	pool = pool_of(cpu);
	for (int ms = 0; ms < 10000; ms += 10) {
		kwq__lock(pool);
		spawn = pool->spawn;
		kwq__unlock(pool);
		if (!spawn)
			break;
		sleep_ms(10);
	}
	is_int(spawn, 0, "no worker is left promised once the burst is done");
	destroy_workqueue(wq);
	free(ws);
}

/* Until the pool is down to its last worker, or 20 s. */
static void wait_pool_retired(struct kwq__pool *pool)
{
	for (int ms = 0; ms < 20000; ms += 20) {
		int n;

		kwq__lock(pool);
		n = pool->nr_workers;
		kwq__unlock(pool);
		if (n <= 1)
			return;
		sleep_ms(20);
	}
}

/*
 * The hook counts the creations for the watched pool, by the manager and
 * by new workers.  In an unbound pool the manager, about to create its
 * second worker of the burst, waits until a worker has created one: the
 * first it created must do so before taking its item.  Were workers not
 * to create, it would wait 20 s in vain.  In a bound pool it notes the
 * manager's creations on the pool's CPU and on another.
 */
static int watched, chains;	/* chains: the watched pool's workers create */
static int by_manager, by_worker, first_ask, mgr_on_cpu, mgr_elsewhere;
static int mgr_tid;	/* the manager's thread, seen by the hook */
static int create_errs;	/* creations the system refused (EAGAIN) */

/*
 * A creation the system refused (a loaded machine's EAGAIN, not one of
 * kwq__fault_set()'s) drops the rest of the manager's creations until
 * its next look, as it should: such a burst shows nothing of who
 * creates, and is run again.
 */
static void count_refused(const struct kwq_warning *w)
{
	if (w->func && !strcmp(w->func, "create_worker"))
		INC(&create_errs);
	diag("kwq: %s", w->message);
}

static void spawn_hook(struct kwq__pool *pool)
{
	int cpu = LOAD(&watched);

	if (pool != pool_of(cpu))
		return;
	if (kwq__self) {
		INC(&by_worker);
		return;
	}
	STORE(&mgr_tid, (int)syscall(SYS_gettid));
	if (cpu >= 0)
		INC(sched_getcpu() == cpu ? &mgr_on_cpu : &mgr_elsewhere);
	if (INC(&by_manager) == 1) {
		kwq__lock(pool);
		STORE(&first_ask, pool->spawn);
		kwq__unlock(pool);
	} else if (LOAD(&by_manager) == 2 && LOAD(&chains)) {
		wait_for(&by_worker, 1, 20000);
	}
}

/*
 * Whether the manager, moved off a bound pool's CPU for its burst, has its
 * affinity back: all the process's CPUs (kwq__g.cpus), within 5 s, as it
 * leaves the burst's creations a moment after the last one.
 */
static bool manager_back(int tid)
{
	cpu_set_t set;

	for (int ms = 0; tid > 0 && ms < 5000; ms += 10) {
		if (sched_getaffinity(tid, sizeof(set), &set))
			return false;
		if (CPU_EQUAL(&set, &kwq__g.cpus))
			return true;
		sleep_ms(10);
	}
	return false;
}

/*
 * One burst under the hook, until a look of the manager's saw a worker
 * blocked and created for it (by_manager): a burst the pool served with
 * workers it had already, or before any look, shows nothing of the
 * boosted path (seen once in some hundred runs), so it is run again.
 */
static void side_by_side(int cpu, bool chain)
{
	const char *what = cpu < 0 ? "unbound" : "bound";
	struct kwq__pool *pool;
	unsigned long long created;
	int tries;

	STORE(&watched, cpu);
	STORE(&chains, chain);
	flush_workqueue(system_wq);	/* kwq is up: its pools exist */
	pool = pool_of(cpu);
	for (tries = 1; tries <= 5; tries++) {
		STORE(&by_manager, 0);
		STORE(&by_worker, 0);
		STORE(&first_ask, 0);
		STORE(&mgr_on_cpu, 0);
		STORE(&mgr_elsewhere, 0);
		STORE(&create_errs, 0);
		wait_pool_retired(pool);
		kwq__lock(pool);
		created = pool->st_created;
		kwq__unlock(pool);
		__atomic_store_n(&kwq__spawn_hook, spawn_hook,
				 __ATOMIC_RELEASE);
		kwq_set_warn_handler(count_refused);
		burst(cpu, NULL);
		kwq_set_warn_handler(NULL);
		__atomic_store_n(&kwq__spawn_hook, NULL, __ATOMIC_RELEASE);
		if (LOAD(&by_manager) && !LOAD(&create_errs))
			break;
		kwq__lock(pool);
		diag("try %d, no boosted creation or one refused (%d): %llu workers created, %d idle, %d in all",
		     tries, LOAD(&create_errs), pool->st_created - created,
		     pool->nr_idle, pool->nr_workers);
		kwq__unlock(pool);
	}
	/* One or two run, one idle worker woken: the rest are asked for. */
	ok(LOAD(&first_ask) >= BURST - 4,
	   "%s: the manager's first look asked for a worker per waiting item (%d)",
	   what, LOAD(&first_ask));
	if (chain) {
		ok(LOAD(&by_manager) >= 2,
		   "%s: the manager created more than one of the burst's workers (%d)",
		   what, LOAD(&by_manager));
		ok(LOAD(&by_worker) >= 1,
		   "%s: a new worker created one of the burst's workers too (%d)",
		   what, LOAD(&by_worker));
		return;
	}
	/* Each creation, and the look that finds none left, call the hook. */
	ok(LOAD(&by_manager) > LOAD(&first_ask),
	   "bound: the manager created every one of the burst's workers (%d calls, %d asked)",
	   LOAD(&by_manager), LOAD(&first_ask));
	is_int(LOAD(&by_worker), 0,
	       "bound: no new worker created one");
	is_int(LOAD(&mgr_on_cpu), 0,
	       "bound: the manager created none on the pool's CPU (%d elsewhere)",
	       LOAD(&mgr_elsewhere));
	ok(manager_back(LOAD(&mgr_tid)),
	   "bound: after the burst the manager may run on every CPU again");
}

int main(void)
{
	int cpus[2], n;

	tap_watchdog(240);
	n = allowed_cpus(cpus, 2);
	kwq_set_idle_timeout(100);
	side_by_side(-1, true);
	/* With one CPU a bound pool's new workers create too. */
	side_by_side(cpus[0], n < 2);
	/* The third creation, by the manager (or by a new worker). */
	wait_retired(cpus[0]);
	burst(cpus[0], "thread:3");
	/* Later, when more of the burst's are created: from none. */
	wait_retired(cpus[0]);
	burst(cpus[0], "thread:20");
	return done_testing();
}
