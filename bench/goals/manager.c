// SPDX-License-Identifier: MIT
/*
 * bench-manager: kwq's concurrency manager against the speed goals of
 * issue 7.
 *
 *   sleepers   200 items that each sleep 10 ms, added to system_wq from one
 *              thread: time until all have finished, against the same 200
 *              sleeps on 200 threads of their own (unlimited parallelism)
 *              and on a fixed pool of 4 threads with a mutex and a condition
 *              variable (goal: kwq within 3x of unlimited; the 4-thread
 *              pool needs about 25x)
 *   compute    1 million items that only compute (about 1 us each, a
 *              calibrated loop) on system_wq, added to each CPU in turn
 *              (add_work_to_q_on()): items per second, and the
 *              largest number of kwq worker threads in state R that a
 *              sampler thread sees, reading the stat file of every thread
 *              in /proc/self/task every millisecond (goal: never more than
 *              the CPUs)
 *   idle       context switches per second of the whole process while it
 *              idles after that load (goal: 0)
 *
 * A kwq worker is a thread named "kwq/" followed by a CPU number or "u"
 * (pool workers) or "R:" (rescuers); the manager and the timer thread are
 * not workers.  A sampler's sweep reads the threads one after the other,
 * so a count is of states seen within about a sweep, not at one instant.
 * The idle timeout is set to 50 ms so that the workers the load made retire
 * before the idle window rather than in it.
 *
 * Usage: bench-manager [-q] [-r ROTATION] [-o PART]; -q is a shorter run
 * (fewer compute items, shorter idle window), -r rotates the order of the
 * three sleeper runs, -o runs only sleepers, compute or idle.  Output: "metric,impl,param,value" lines (see bench.h).
 */
#include "../bench.h"

#include <kwq/workqueue.h>

#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <semaphore.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define SLEEPERS	200
#define SLEEP_NS	10000000LL
#define POOL_THREADS	4

static struct {
	int items;		/* compute items */
	uint64_t settle_ns;	/* quiet time before the idle window */
	uint64_t window_ns;	/* the idle window */
} cfg = { 1000000, 1000000000LL, 2000000000LL };

static struct workqueue_struct *wq;

/* Items count down here; the last one posts the semaphore. */
static sem_t done_sem;
static int left;

static void one_done(void)
{
	if (__atomic_sub_fetch(&left, 1, __ATOMIC_ACQ_REL) == 0)
		sem_post(&done_sem);
}

static void expect(int n)
{
	__atomic_store_n(&left, n, __ATOMIC_RELEASE);
}

static void wait_all(const char *what)
{
	struct timespec deadline;

	clock_gettime(CLOCK_REALTIME, &deadline);
	deadline.tv_sec += 60;
	while (sem_timedwait(&done_sem, &deadline))
		if (errno != EINTR)
			die("%s: %d items still not done after 60 s", what,
			    __atomic_load_n(&left, __ATOMIC_ACQUIRE));
}

/* --- sleepers ------------------------------------------------------------- */

static void sleeper_fn(struct work_struct *w)
{
	(void)w;
	sleep_ns(SLEEP_NS);
	one_done();
}

static double sleepers_kwq(void)
{
	static struct work_struct w[SLEEPERS];
	uint64_t t0;

	expect(SLEEPERS);
	t0 = now_ns();
	for (int i = 0; i < SLEEPERS; i++) {
		INIT_WORK(&w[i], sleeper_fn);
		if (add_work_to_q(wq, &w[i]))
			die("kwq: cannot add sleeper %d", i);
	}
	wait_all("kwq sleepers");
	return (double)(now_ns() - t0) / 1e6;
}

static void *sleeper_thread(void *arg)
{
	(void)arg;
	sleep_ns(SLEEP_NS);
	one_done();
	return NULL;
}

static double sleepers_unlimited(void)
{
	static pthread_t t[SLEEPERS];
	double ms;
	uint64_t t0;

	expect(SLEEPERS);
	t0 = now_ns();
	for (int i = 0; i < SLEEPERS; i++)
		if (pthread_create(&t[i], NULL, sleeper_thread, NULL))
			die("cannot create thread %d", i);
	wait_all("thread sleepers");
	ms = (double)(now_ns() - t0) / 1e6;
	for (int i = 0; i < SLEEPERS; i++)
		pthread_join(t[i], NULL);
	return ms;
}

/* A fixed pool: POOL_THREADS threads take jobs from one locked list. */
struct job {
	struct job *next;
};

static struct {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	struct job *head;
	struct job **tail;
	bool stop;
} pool = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.cond = PTHREAD_COND_INITIALIZER,
	.tail = &pool.head,
};

static void *pool_thread(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&pool.lock);
	for (;;) {
		struct job *j = pool.head;

		if (!j) {
			if (pool.stop)
				break;
			pthread_cond_wait(&pool.cond, &pool.lock);
			continue;
		}
		pool.head = j->next;
		if (!pool.head)
			pool.tail = &pool.head;
		pthread_mutex_unlock(&pool.lock);
		sleep_ns(SLEEP_NS);
		one_done();
		pthread_mutex_lock(&pool.lock);
	}
	pthread_mutex_unlock(&pool.lock);
	return NULL;
}

static double sleepers_pool(void)
{
	static struct job jobs[SLEEPERS];
	pthread_t t[POOL_THREADS];
	double ms;
	uint64_t t0;

	pool.stop = false;
	for (int i = 0; i < POOL_THREADS; i++)
		if (pthread_create(&t[i], NULL, pool_thread, NULL))
			die("cannot create pool thread %d", i);
	expect(SLEEPERS);
	t0 = now_ns();
	for (int i = 0; i < SLEEPERS; i++) {
		pthread_mutex_lock(&pool.lock);
		jobs[i].next = NULL;
		*pool.tail = &jobs[i];
		pool.tail = &jobs[i].next;
		pthread_cond_signal(&pool.cond);
		pthread_mutex_unlock(&pool.lock);
	}
	wait_all("pool sleepers");
	ms = (double)(now_ns() - t0) / 1e6;
	pthread_mutex_lock(&pool.lock);
	pool.stop = true;
	pthread_cond_broadcast(&pool.cond);
	pthread_mutex_unlock(&pool.lock);
	for (int i = 0; i < POOL_THREADS; i++)
		pthread_join(t[i], NULL);
	return ms;
}

static void sleepers(int rot)
{
	static const char *const names[] = { "kwq", "unlimited", "pool4" };
	double (*const run[])(void) = {
		sleepers_kwq, sleepers_unlimited, sleepers_pool,
	};
	double ms[3];
	char p[16];

	for (int k = 0; k < 3; k++) {
		int i = (k + rot) % 3;

		ms[i] = run[i]();
		/* Let kwq's extra workers retire between the runs. */
		sleep_ns(200000000LL);
	}
	snprintf(p, sizeof(p), "%d", SLEEPERS);
	for (int i = 0; i < 3; i++)
		figure("sleepers_ms", names[i], p, "%.2f", ms[i]);
	figure("sleepers_ratio", "kwq/unlimited", p, "%.2f", ms[0] / ms[1]);
	figure("sleepers_ratio", "pool4/unlimited", p, "%.2f", ms[2] / ms[1]);
}

/* --- compute -------------------------------------------------------------- */

static unsigned long spin_iters;	/* iterations of spin() in about 1 us */
static double spin_ns;			/* what spin(spin_iters) takes, ns */
static volatile unsigned long spin_sink;

static void spin(unsigned long n)
{
	unsigned long x = 88172645463325252UL;

	for (unsigned long i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
	}
	spin_sink = x;
}

/* The fastest of a few tries, so that a preemption does not skew it. */
static void calibrate(void)
{
	const unsigned long n = 1000000;
	int64_t best = -1;

	for (int i = 0; i < 5; i++) {
		int64_t t0 = (int64_t)now_ns(), t;

		spin(n);
		t = (int64_t)now_ns() - t0;
		if (best < 0 || t < best)
			best = t;
	}
	spin_iters = (unsigned long)((double)n * 1000.0 / (double)best);
	if (!spin_iters)
		spin_iters = 1;
	best = (int64_t)now_ns();
	for (int i = 0; i < 10000; i++)
		spin(spin_iters);
	spin_ns = (double)((int64_t)now_ns() - best) / 10000.0;
}

static void compute_fn(struct work_struct *w)
{
	(void)w;
	spin(spin_iters);
	one_done();
}

/* The sampler: kwq workers in state R, sweep after sweep. */
static struct {
	bool stop;		/* A */
	int max_running;
	long sweeps;
	long sweeps_over;	/* sweeps that saw more running than CPUs */
	int cpus;
} smp;

static bool is_worker(const char *comm)
{
	if (strncmp(comm, "kwq/", 4))
		return false;
	comm += 4;
	return (*comm >= '0' && *comm <= '9') || *comm == 'u' ||
	       !strncmp(comm, "R:", 2);
}

/* Is thread @tid a kwq worker in state R? */
static bool worker_running(int tid)
{
	char path[64], buf[512], *open, *close;
	ssize_t len;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", tid);
	f = fopen(path, "r");
	if (!f)
		return false;
	len = (ssize_t)fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	if (len <= 0)
		return false;
	buf[len] = '\0';
	open = strchr(buf, '(');
	close = strrchr(buf, ')');
	if (!open || !close || close[1] != ' ')
		return false;
	*close = '\0';
	return close[2] == 'R' && is_worker(open + 1);
}

static void *sampler(void *arg)
{
	(void)arg;
	while (!__atomic_load_n(&smp.stop, __ATOMIC_ACQUIRE)) {
		DIR *d = opendir("/proc/self/task");
		struct dirent *de;
		int running = 0;

		if (!d)
			die("cannot read /proc/self/task: %s", strerror(errno));
		while ((de = readdir(d)))
			if (atoi(de->d_name) > 0 &&
			    worker_running(atoi(de->d_name)))
				running++;
		closedir(d);
		if (running > smp.max_running)
			smp.max_running = running;
		smp.sweeps++;
		smp.sweeps_over += running > smp.cpus;
		sleep_ns(1000000LL);
	}
	return NULL;
}

/*
 * The items go to each CPU in turn.  Added to the adding CPU, they all ran
 * on the pool of the CPU the thread was on, unless the scheduler moved it
 * while it added: one CPU's throughput or two, from run to run.
 */
static void compute(void)
{
	struct work_struct *w = calloc((size_t)cfg.items, sizeof(*w));
	int cpu[CPU_SETSIZE], n = 0;
	cpu_set_t set;
	pthread_t st;
	uint64_t t0, t;
	char p[16];

	if (!w)
		die("out of memory");
	if (sched_getaffinity(0, sizeof(set), &set))
		die("sched_getaffinity failed");
	for (int c = 0; c < CPU_SETSIZE; c++)
		if (CPU_ISSET(c, &set))
			cpu[n++] = c;
	calibrate();
	for (int i = 0; i < cfg.items; i++)
		INIT_WORK(&w[i], compute_fn);
	smp.cpus = nr_cpus();
	if (pthread_create(&st, NULL, sampler, NULL))
		die("cannot create the sampler");
	expect(cfg.items);
	t0 = now_ns();
	for (int i = 0; i < cfg.items; i++)
		if (add_work_to_q_on(cpu[i % n], wq, &w[i]))
			die("kwq: cannot add compute item %d", i);
	wait_all("compute");
	t = now_ns() - t0;
	__atomic_store_n(&smp.stop, true, __ATOMIC_RELEASE);
	pthread_join(st, NULL);
	snprintf(p, sizeof(p), "%d", cfg.items);
	figure("compute_mitems_s", "kwq", p, "%.3f",
	       (double)cfg.items * 1e3 / (double)t);
	figure("compute_max_running", "kwq", p, "%d", smp.max_running);
	figure("compute_cpus", "kwq", p, "%d", smp.cpus);
	figure("compute_sweeps_over_pct", "kwq", p, "%.2f",
	       smp.sweeps ? 100.0 * (double)smp.sweeps_over /
			    (double)smp.sweeps : 0.0);
	figure("compute_item_ns", "kwq", p, "%.0f", spin_ns);
	free(w);
}

int main(int argc, char **argv)
{
	struct idle_result r;
	const char *only;
	int rot, quick;

	if (goals_options(argc, argv, &quick, &rot, &only))
		return 2;
	if (quick) {
		cfg.items = 200000;
		cfg.settle_ns = 500000000LL;
		cfg.window_ns = 1000000000LL;
	}
	kwq_set_idle_timeout(50);
	wq = system_wq;
	if (!wq)
		die("system_wq: %s", strerror(errno));
	sem_init(&done_sem, 0, 0);

	if (goals_part(only, "sleepers"))
		sleepers(rot);
	if (goals_part(only, "compute"))
		compute();
	if (goals_part(only, "idle")) {
		r = idle_wakeups(cfg.settle_ns, cfg.window_ns);
		figure("idle_wakeups_per_s", "kwq", "after-load", "%.2f",
		       r.per_s);
		figure("idle_threads", "kwq", "after-load", "%d", r.threads);
	}
	return 0;
}
