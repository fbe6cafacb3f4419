// SPDX-License-Identifier: MIT
/*
 * kwq's threads belong to the process, not to the thread that happened to
 * use kwq first.  Here that thread is pinned to the last CPU and runs at
 * nice 19 under SCHED_BATCH; afterwards add_work_on() to the first CPU
 * still works, every kwq thread but the bound workers may run on all the
 * process's CPUs (a bound worker on its own CPU only), each has the normal
 * policy, SCHED_OTHER, and nice 0, or -20 in the high-priority pools (where
 * the process may lower nice values: it may here when it has
 * CAP_SYS_NICE, or RLIMIT_NICE allows it), and every worker the default
 * scheduler slice, not the manager's short one (Linux 6.12 and later show a
 * slice; older kernels, 0 for all).  Among them are the workers of
 * a burst of blocking items on the first CPU, which kwq's own threads
 * create (the manager, from another CPU, with its affinity and slice
 * changed for the burst; with one CPU, each new worker one more too): a
 * creator passes on only what is right for the new thread (src/thread.c,
 * set_attrs()).
 */
#include "util.h"

#include <dirent.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/syscall.h>

static int cpus[CPU_SETSIZE], nr_cpus;
static cpu_set_t process_cpus;
#define BURST 16

static struct tw on_first, unbound, high, high_unbound;
static struct work_struct burst_items[BURST];
static int burst_started, burst_release;
static struct delayed_work dw;
static int add_on_ret = 1, setup_ret = 1;

static void dw_fn(struct work_struct *work)
{
	(void)work;
}

/* Blocks until all of the burst have started: kwq must start a worker each. */
static void burst_fn(struct work_struct *work)
{
	(void)work;
	INC(&burst_started);
	wait_for(&burst_release, 1, 30000);
}

/* The burst, on the first CPU's pool; 0 once every item has started. */
static int burst(void)
{
	int all;

	for (int i = 0; i < BURST; i++) {
		INIT_WORK(&burst_items[i], burst_fn);
		if (add_work_on(cpus[0], &burst_items[i]))
			return -1;
	}
	all = wait_for(&burst_started, BURST, 30000);
	STORE(&burst_release, 1);
	for (int i = 0; i < BURST; i++)
		flush_work(&burst_items[i]);
	return all ? 0 : -1;
}

/* The first user of kwq: pinned to the last CPU, at nice 19, batch. */
static void *first_user(void *arg)
{
	struct sched_param batch = { .sched_priority = 0 };
	struct workqueue_struct *wq_u, *wq_h, *wq_hu, *wq_r;

	(void)arg;
	if (pin_self(cpus[nr_cpus - 1]) ||
	    setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 19) ||
	    sched_setscheduler(0, SCHED_BATCH, &batch))
		return NULL;
	add_on_ret = add_work_on(cpus[0], &on_first.work);
	wq_u = alloc_workqueue("aff-u", WQ_UNBOUND, 0);
	wq_h = alloc_workqueue("aff-h", WQ_HIGHPRI, 0);
	wq_hu = alloc_workqueue("aff-hu", WQ_HIGHPRI | WQ_UNBOUND, 0);
	wq_r = alloc_workqueue("aff-r", WQ_MEM_RECLAIM, 0);
	if (!wq_u || !wq_h || !wq_hu || !wq_r)
		return NULL;
	INIT_DELAYED_WORK(&dw, dw_fn);
	/* Each kind of thread gets to run once. */
	if (add_work_to_q(wq_u, &unbound.work) ||
	    add_work_to_q_on(cpus[0], wq_h, &high.work) ||
	    add_work_to_q(wq_hu, &high_unbound.work) ||
	    add_delayed_work_to_q(wq_u, &dw, 1))
		return NULL;
	flush_work(&on_first.work);
	flush_workqueue(wq_u);
	flush_workqueue(wq_h);
	flush_workqueue(wq_hu);
	flush_delayed_work(&dw);
	if (burst())
		return NULL;
	setup_ret = 0;
	return NULL;
}

/* May this process lower a nice value?  Tried on a scratch thread. */
static void *try_lower(void *arg)
{
	id_t tid = (id_t)syscall(SYS_gettid);

	*(int *)arg = !setpriority(PRIO_PROCESS, tid, 1) &&
		!setpriority(PRIO_PROCESS, tid, -20);
	return NULL;
}

struct kwq_thread {
	char comm[32];
	int bound_cpu;		/* a bound worker's CPU, or -1 */
	int highpri;
	int nice;
	int policy;
	uint64_t slice;
	cpu_set_t cpus;
};

/* sched_getattr(2)'s first version; glibc has no wrapper. */
struct sched_attr0 {
	uint32_t size, sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime, sched_deadline, sched_period;
};

/* The scheduler slice of thread @tid (its runtime, for SCHED_OTHER). */
static int slice_of(pid_t tid, uint64_t *slice)
{
	struct sched_attr0 attr = { .size = sizeof(attr) };

	if (syscall(SYS_sched_getattr, tid, &attr, sizeof(attr), 0))
		return -1;
	*slice = attr.sched_runtime;
	return 0;
}

/* Read the state of every kwq thread; return how many were read. */
static int kwq_threads(struct kwq_thread *t, int max)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	int n = 0;

	if (!d)
		bail_out("cannot list /proc/self/task");
	while ((e = readdir(d)) && n < max) {
		char path[300], *colon;
		pid_t tid = atoi(e->d_name);
		FILE *f;

		if (tid <= 0)
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%d/comm", tid);
		f = fopen(path, "r");
		if (!f)
			continue;
		if (!fgets(t[n].comm, sizeof(t[n].comm), f))
			t[n].comm[0] = '\0';
		fclose(f);
		t[n].comm[strcspn(t[n].comm, "\n")] = '\0';
		if (strncmp(t[n].comm, "kwq/", 4))
			continue;
		colon = strchr(t[n].comm, ':');
		t[n].bound_cpu = -1;
		t[n].highpri = 0;
		if (colon && t[n].comm[4] >= '0' && t[n].comm[4] <= '9')
			t[n].bound_cpu = atoi(t[n].comm + 4);
		if (colon && colon[-1] == 'H')
			t[n].highpri = 1;
		errno = 0;
		t[n].nice = getpriority(PRIO_PROCESS, (id_t)tid);
		t[n].policy = sched_getscheduler(tid);
		if (errno || t[n].policy < 0 || slice_of(tid, &t[n].slice) ||
		    sched_getaffinity(tid, sizeof(t[n].cpus), &t[n].cpus))
			continue;	/* it just exited */
		n++;
	}
	closedir(d);
	return n;
}

static bool cpus_ok(const struct kwq_thread *t)
{
	cpu_set_t one;

	if (t->bound_cpu < 0)
		return CPU_EQUAL(&t->cpus, &process_cpus);
	CPU_ZERO(&one);
	CPU_SET(t->bound_cpu, &one);
	return CPU_EQUAL(&t->cpus, &one);
}

static bool nice_ok(const struct kwq_thread *t)
{
	return t->nice == (t->highpri ? -20 : 0);
}

static bool policy_ok(const struct kwq_thread *t)
{
	return t->policy == SCHED_OTHER;
}

/* The slice of a thread that never asked for one: the main thread's. */
static uint64_t default_slice;

/* The timer thread and the manager ask for a short one (src/thread.c). */
static bool slice_ok(const struct kwq_thread *t)
{
	return !strcmp(t->comm, "kwq/timer") ||
		!strcmp(t->comm, "kwq/manager") || t->slice == default_slice;
}

static int bound_workers(const struct kwq_thread *t, int n)
{
	int nr = 0;

	for (int i = 0; i < n; i++)
		nr += t[i].bound_cpu == cpus[0];
	return nr;
}

int main(void)
{
	struct kwq_thread t[256];
	int n = 0, bad_cpus, bad_nice, bad_policy, bad_slice, may_lower = 0;
	int found;
	long long end;
	pthread_t th;

	tap_watchdog(60);
	plan(9);
	if (sched_getaffinity(getpid(), sizeof(process_cpus), &process_cpus))
		bail_out("sched_getaffinity");
	nr_cpus = allowed_cpus(cpus, CPU_SETSIZE);
	if (nr_cpus < 2) {
		skip(9, "one CPU: no other CPU to pin the first user to");
		return done_testing();
	}
	if (slice_of(0, &default_slice))
		bail_out("sched_getattr");
	/* The burst's workers stay until they are counted. */
	kwq_set_idle_timeout(60000);
	tw_init(&on_first);
	tw_init(&unbound);
	tw_init(&high);
	tw_init(&high_unbound);
	if (pthread_create(&th, NULL, first_user, NULL))
		bail_out("pthread_create");
	pthread_join(th, NULL);
	if (pthread_create(&th, NULL, try_lower, &may_lower))
		bail_out("pthread_create");
	pthread_join(th, NULL);

	is_int(add_on_ret, 0,
	       "add_work_on(CPU %d) from a thread pinned to CPU %d works",
	       cpus[0], cpus[nr_cpus - 1]);
	ok(setup_ret == 0 && tw_runs(&on_first) == 1 &&
	   LOAD(&on_first.cpu) == cpus[0],
	   "and the item ran on CPU %d (%d)", cpus[0], LOAD(&on_first.cpu));

	/* Threads set their own nice value as they start: give them time. */
	end = tap_now_ns() + 10 * 1000000000LL;
	do {
		n = kwq_threads(t, (int)ARRAY_SIZE(t));
		bad_cpus = bad_nice = bad_policy = bad_slice = found = 0;
		for (int i = 0; i < n; i++) {
			found |= !strcmp(t[i].comm, "kwq/timer") << 0 |
				!strcmp(t[i].comm, "kwq/manager") << 1 |
				!strncmp(t[i].comm, "kwq/u:", 6) << 2 |
				!strncmp(t[i].comm, "kwq/uH:", 7) << 3 |
				!strncmp(t[i].comm, "kwq/R:", 6) << 4;
			bad_cpus += !cpus_ok(&t[i]);
			bad_nice += !nice_ok(&t[i]);
			bad_policy += !policy_ok(&t[i]);
			bad_slice += !slice_ok(&t[i]);
		}
		if (found == 0x1f && !bad_cpus && !bad_policy && !bad_slice &&
		    (!may_lower || !bad_nice))
			break;
		sleep_ms(10);
	} while (tap_now_ns() < end);
	for (int i = 0; i < n; i++)
		if (!cpus_ok(&t[i]) || !nice_ok(&t[i]) || !policy_ok(&t[i]) ||
		    !slice_ok(&t[i]))
			diag("%s: policy %d, slice %llu ns, nice %d, %d CPUs%s",
			     t[i].comm, t[i].policy,
			     (unsigned long long)t[i].slice, t[i].nice,
			     CPU_COUNT(&t[i].cpus),
			     CPU_ISSET(cpus[0], &t[i].cpus) ? "" :
			     ", not the first");
	is_int(found, 0x1f,
	       "timer, manager, unbound, high-priority unbound workers and a rescuer are there");
	is_int(bad_cpus, 0,
	       "each of the %d kwq threads may run on the process's CPUs (bound workers: on theirs)",
	       n);
	is_int(bad_policy, 0, "each has the normal policy, not its creator's");
	is_int(bad_slice, 0,
	       "each but the timer thread and the manager has the default slice (%llu ns)",
	       (unsigned long long)default_slice);
	ok(bound_workers(t, n) >= BURST,
	   "the burst's workers are among them (%d bound to CPU %d)",
	   bound_workers(t, n), cpus[0]);
	if (may_lower)
		is_int(bad_nice, 0,
		       "each has nice 0, or -20 in the high-priority pools");
	else
		skip(1, "this process may not lower a nice value");
	ok(tw_runs(&high) == 1 && tw_runs(&high_unbound) == 1 &&
	   tw_runs(&unbound) == 1, "every item ran");
	return done_testing();
}
