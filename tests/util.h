/* SPDX-License-Identifier: MIT */
/*
 * Scaffolding shared by kwq's test programs: a work item that counts its
 * runs and notices when it overlaps itself, a gate that holds a work item
 * (and with it an ordered queue) until the test opens it, a call made in a
 * background thread whose return the test can watch, and thread and CPU
 * helpers.
 *
 * Everything is static inline so that each test program links only tap.o.
 * Shared counters are touched with __atomic builtins only, so the test
 * itself is race-free under TSan and every report is about kwq.
 */
#ifndef KWQ_TESTS_UTIL_H
#define KWQ_TESTS_UTIL_H

#include <kwq/workqueue.h>

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <spawn.h>
#include <stdio.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tap.h"

#define LOAD(p)		__atomic_load_n((p), __ATOMIC_ACQUIRE)
#define STORE(p, v)	__atomic_store_n((p), (v), __ATOMIC_RELEASE)
#define INC(p)		__atomic_add_fetch((p), 1, __ATOMIC_ACQ_REL)
#define DEC(p)		__atomic_sub_fetch((p), 1, __ATOMIC_ACQ_REL)
#define XCHG(p, v)	__atomic_exchange_n((p), (v), __ATOMIC_ACQ_REL)

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))
#define MAX_THREADS	64

static inline void sleep_us(long us)
{
	struct timespec ts = { us / 1000000, (us % 1000000) * 1000 };

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

static inline void sleep_ms(long ms)
{
	sleep_us(ms * 1000);
}

/* Wait until *@p >= @want, for at most @ms milliseconds; true if it did. */
static inline bool wait_for(const int *p, int want, long ms)
{
	long long end = tap_now_ns() + ms * 1000000LL;

	while (LOAD(p) < want) {
		if (tap_now_ns() > end)
			return false;
		sleep_us(200);
	}
	return true;
}

/* Raise *@max to @v if @v is larger. */
static inline void note_max(int *max, int v)
{
	int cur = LOAD(max);

	while (v > cur &&
	       !__atomic_compare_exchange_n(max, &cur, v, false,
					    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		;
}

/* A queue the test cannot do without: bail out if it cannot be made. */
static inline struct workqueue_struct *new_wq(const char *name,
					      unsigned int flags,
					      int max_active)
{
	struct workqueue_struct *wq = alloc_workqueue("%s", flags, max_active,
						      name);

	if (!wq)
		bail_out("alloc_workqueue(%s): %s", name, strerror(errno));
	return wq;
}

static inline struct workqueue_struct *new_ordered(const char *name)
{
	struct workqueue_struct *wq = alloc_ordered_workqueue("%s", 0, name);

	if (!wq)
		bail_out("alloc_ordered_workqueue(%s): %s", name,
			 strerror(errno));
	return wq;
}

/* --- the queues whose adds wait for a slot -------------------------------- */

/* A kind of queue a user can make: alloc_ordered_workqueue() for 0. */
struct wq_kind {
	const char *name;
	unsigned int flags;
	int max_active;
};

/* Every kind of serial or small-max_active queue; their count in @n. */
static inline const struct wq_kind *small_kinds(size_t *n)
{
	static const struct wq_kind kinds[] = {
		{ "ordered", 0, 0 },
		{ "ordered freezable", WQ_FREEZABLE, 0 },
		{ "unbound max_active 1", WQ_UNBOUND, 1 },
		{ "unbound max_active 2", WQ_UNBOUND, 2 },
		{ "bound max_active 1", 0, 1 },
		{ "bound max_active 2 high priority", WQ_HIGHPRI, 2 },
	};

	*n = ARRAY_SIZE(kinds);
	return kinds;
}

static inline struct workqueue_struct *new_kind_wq(const char *prefix,
						   const struct wq_kind *k)
{
	struct workqueue_struct *wq = k->max_active ?
		alloc_workqueue("%s-%s", k->flags, k->max_active, prefix,
				k->name) :
		alloc_ordered_workqueue("%s-%s", k->flags, prefix, k->name);

	if (!wq)
		bail_out("alloc %s: %s", k->name, strerror(errno));
	return wq;
}

/* --- a gate: holds whoever waits on it until the test opens it ---------- */

struct gate {
	int open;	/* A */
	int entered;	/* A: how many have reached the gate */
	int spin;	/* A: wait running, not asleep: kwq's manager then
			   sees no blocked worker to start another for */
};

static inline void gate_wait(struct gate *g)
{
	INC(&g->entered);
	while (!LOAD(&g->open))
		if (LOAD(&g->spin))
			sched_yield();
		else
			sleep_us(100);
}

static inline void gate_open(struct gate *g)
{
	STORE(&g->open, 1);
}

/* --- a counting work item ------------------------------------------------ */

/*
 * tw ("test work"): counts its runs, notices a run that overlaps another run
 * of itself, optionally waits at a gate or sleeps, and records what it saw
 * of kwq from inside.
 */
struct tw {
	struct work_struct work;
	struct gate *gate;	/* if set, every run waits at it */
	long sleep_us;		/* each run sleeps this long */
	int runs;		/* A: runs finished */
	int in;			/* A: runs in progress */
	int overlaps;		/* A: runs that found another one in progress */
	int cpu;		/* A: sched_getcpu() in the last run */
	int not_current;	/* A: runs where current_work() was not us */
	int pending_inside;	/* A: runs where work_pending() was true at entry */
};

static inline void tw_fn(struct work_struct *work)
{
	struct tw *t = container_of(work, struct tw, work);

	if (work_pending(work))
		INC(&t->pending_inside);
	if (INC(&t->in) != 1)
		INC(&t->overlaps);
	STORE(&t->cpu, sched_getcpu());
	if (current_work() != work || !current_is_workqueue_worker())
		INC(&t->not_current);
	if (t->gate)
		gate_wait(t->gate);
	if (t->sleep_us)
		sleep_us(t->sleep_us);
	DEC(&t->in);
	INC(&t->runs);
}

static inline void tw_init(struct tw *t)
{
	memset(t, 0, sizeof(*t));
	INIT_WORK(&t->work, tw_fn);
}

static inline int tw_runs(struct tw *t)
{
	return LOAD(&t->runs);
}

/*
 * Add a gated item to the ordered queue @wq and wait until it runs: until
 * gate_open(@g), every item added to @wq after it stays pending.
 */
static inline int block_ordered(struct workqueue_struct *wq, struct tw *blocker,
				struct gate *g)
{
	int err;

	memset(g, 0, sizeof(*g));
	tw_init(blocker);
	blocker->gate = g;
	err = add_work_to_q(wq, &blocker->work);
	if (err)
		return err;
	return wait_for(&g->entered, 1, 10000) ? 0 : -ETIMEDOUT;
}

/* --- a blocking call made in a background thread ------------------------ */

/* wait_for_work()/remove_work_sync(), or flush/drain/destroy of a queue. */
struct bg_call {
	pthread_t thread;
	int (*work_fn)(struct work_struct *work);
	int (*wq_fn)(struct workqueue_struct *wq);
	struct work_struct *work;
	struct workqueue_struct *wq;
	int ret;	/* A */
	int started;	/* A: 1 just before the call */
	int done;	/* A: 1 once the call has returned */
};

static inline void *bg_main(void *arg)
{
	struct bg_call *c = arg;
	int ret;

	STORE(&c->started, 1);
	if (c->work_fn)
		ret = c->work_fn(c->work);
	else if (c->wq_fn)
		ret = c->wq_fn(c->wq);
	else {
		destroy_workqueue(c->wq);
		ret = 0;
	}
	STORE(&c->ret, ret);
	STORE(&c->done, 1);
	return NULL;
}

static inline void bg_start(struct bg_call *c)
{
	STORE(&c->started, 0);
	STORE(&c->done, 0);
	if (pthread_create(&c->thread, NULL, bg_main, c))
		bail_out("pthread_create failed");
}

/* Start @fn(@work) in a new thread. */
static inline void bg_work(struct bg_call *c,
			   int (*fn)(struct work_struct *work),
			   struct work_struct *work)
{
	memset(c, 0, sizeof(*c));
	c->work_fn = fn;
	c->work = work;
	bg_start(c);
}

/* Start @fn(@wq) in a new thread; a NULL @fn means destroy_workqueue(). */
static inline void bg_wq(struct bg_call *c,
			 int (*fn)(struct workqueue_struct *wq),
			 struct workqueue_struct *wq)
{
	memset(c, 0, sizeof(*c));
	c->wq_fn = fn;
	c->wq = wq;
	bg_start(c);
}

static inline int bg_join(struct bg_call *c)
{
	pthread_join(c->thread, NULL);
	return LOAD(&c->ret);
}

/* --- threads and CPUs --------------------------------------------------- */

/* Run @fn in @n threads, the i-th given @args + i * @size; wait for all. */
static inline void run_threads(int n, void *(*fn)(void *), void *args,
			       size_t size)
{
	pthread_t t[MAX_THREADS];

	if (n > MAX_THREADS)
		bail_out("run_threads: %d threads is too many", n);
	for (int i = 0; i < n; i++)
		if (pthread_create(&t[i], NULL, fn, (char *)args + i * size))
			bail_out("pthread_create failed");
	for (int i = 0; i < n; i++)
		pthread_join(t[i], NULL);
}

/* Fill @cpus with the CPUs this process may run on; return how many. */
static inline int allowed_cpus(int *cpus, int max)
{
	cpu_set_t set;
	int n = 0;

	if (sched_getaffinity(0, sizeof(set), &set))
		bail_out("sched_getaffinity: %s", strerror(errno));
	for (int cpu = 0; cpu < CPU_SETSIZE && n < max; cpu++)
		if (CPU_ISSET(cpu, &set))
			cpus[n++] = cpu;
	return n;
}

/*
 * The last CPU this process may run on: a test that pins its adds there
 * puts them on a push queue other than the first where an unbound queue
 * has one per CPU (src/add.c), so that a look at the first alone fails.
 */
static inline int last_allowed_cpu(void)
{
	static int cpus[CPU_SETSIZE];

	return cpus[allowed_cpus(cpus, CPU_SETSIZE) - 1];
}

/* Pin the calling thread to @cpu. */
static inline int pin_self(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return -pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

/* --- worker threads, seen from /proc ------------------------------------- */

#define KWQ_TEST_MAX_POOLS 64

/*
 * Workers are named "kwq/<pool>:<id>" (kwq/0, kwq/1H, kwq/u, ...); threads
 * named kwq/ without a colon (the monitor, the timer) are not workers.
 */
struct worker_pools {
	int n;
	char name[KWQ_TEST_MAX_POOLS][16];	/* "kwq/0", "kwq/uH", ... */
	int workers[KWQ_TEST_MAX_POOLS];
};

/*
 * Call @fn(tid, name, @arg), unless @fn is NULL, for each of this process's
 * threads whose name starts with @prefix; return how many there were.
 */
static inline int each_thread(const char *prefix,
			      void (*fn)(int tid, const char *name, void *arg),
			      void *arg)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	int n = 0;

	if (!d)
		bail_out("cannot list /proc/self/task");
	while ((e = readdir(d))) {
		char path[300], comm[32] = "";
		FILE *f;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%s/comm",
			 e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;	/* the thread just exited */
		if (fgets(comm, sizeof(comm), f) &&
		    !strncmp(comm, prefix, strlen(prefix))) {
			if (fn)
				fn(atoi(e->d_name), comm, arg);
			n++;
		}
		fclose(f);
	}
	closedir(d);
	return n;
}

/* How many of this process's threads have a name starting with @prefix. */
static inline int count_threads(const char *prefix)
{
	return each_thread(prefix, NULL, NULL);
}

/*
 * Wait, up to 20 s, until the normal pool of @cpu is down to its last
 * worker, which never retires (the idle timeout decides how soon).
 */
static inline void wait_retired(int cpu)
{
	long long end = tap_now_ns() + 20000000000LL;
	char prefix[16];

	snprintf(prefix, sizeof(prefix), "kwq/%d:", cpu);
	while (count_threads(prefix) > 1 && tap_now_ns() < end)
		sleep_ms(20);
}

/* Count this process's worker threads per pool, from their names. */
static inline void count_pool_workers(struct worker_pools *p)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;

	memset(p, 0, sizeof(*p));
	if (!d)
		bail_out("cannot list /proc/self/task");
	while ((e = readdir(d))) {
		char path[300], comm[32] = "", *colon;
		FILE *f;
		int i;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%s/comm",
			 e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;	/* the thread just exited */
		if (!fgets(comm, sizeof(comm), f))
			comm[0] = '\0';
		fclose(f);
		colon = strchr(comm, ':');
		if (strncmp(comm, "kwq/", 4) != 0 || !colon)
			continue;	/* not a worker (main, monitor, ...) */
		*colon = '\0';
		for (i = 0; i < p->n && strcmp(p->name[i], comm); i++)
			;
		if (i == p->n) {
			if (p->n == KWQ_TEST_MAX_POOLS)
				continue;
			snprintf(p->name[p->n++], sizeof(p->name[0]), "%s",
				 comm);
		}
		p->workers[i]++;
	}
	closedir(d);
}

static inline int most_pool_workers(const struct worker_pools *p)
{
	int most = 0;

	for (int i = 0; i < p->n; i++)
		if (p->workers[i] > most)
			most = p->workers[i];
	return most;
}

/* --- running this program again, for a case that must stop it ---------- */

/*
 * Run @path (this program, argv[0]) with the one argument @arg, in the
 * current environment; collect its stderr into @out and return its wait
 * status.  posix_spawn(), not fork(): TSan lets no thread start in the
 * child of a multi-threaded fork(), and the spawned program is fresh.
 */
static inline int spawn_self(const char *path, const char *arg, char *out,
			     size_t size)
{
	extern char **environ;
	char *argv[] = { (char *)path, (char *)arg, NULL };
	posix_spawn_file_actions_t fa;
	int fds[2], status = -1;
	size_t got = 0;
	ssize_t n;
	pid_t pid;

	if (pipe(fds) || posix_spawn_file_actions_init(&fa) ||
	    posix_spawn_file_actions_adddup2(&fa, fds[1], STDERR_FILENO) ||
	    posix_spawn_file_actions_addclose(&fa, fds[0]))
		bail_out("spawn_self: set-up failed");
	if (posix_spawn(&pid, path, &fa, NULL, argv, environ))
		bail_out("spawn_self: cannot run %s", path);
	posix_spawn_file_actions_destroy(&fa);
	close(fds[1]);
	while (got < size - 1 &&
	       (n = read(fds[0], out + got, size - 1 - got)) > 0)
		got += (size_t)n;
	out[got] = '\0';
	close(fds[0]);
	waitpid(pid, &status, 0);
	return status;
}

#endif /* KWQ_TESTS_UTIL_H */
