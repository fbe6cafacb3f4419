// SPDX-License-Identifier: MIT
/*
 * kwq's benchmark program: one process runs one workload on one library and
 * prints its figures ("metric,impl,param,value", see bench.h), which
 * bench/run.pl collects, alternating the libraries over many runs.
 *
 *   bench tp    IMPL PRODUCERS ITEMS   add->run throughput, items/s, the
 *                                      adds' own rate, and context switches
 *                                      and CPU per item;
 *                                      with several producers, how often
 *                                      they shared a CPU; BENCH_PRODUCER_CPUS
 *                                      (a list, "0,1"): producer i stays on
 *                                      its i-th CPU, to hold one mode
 *   bench rt    IMPL SAMPLES GAP_NS    idle round trip percentiles, ns, and
 *                                      context switches and CPU per trip
 *   bench hol   IMPL SLEEP_NS          head-of-line blocking, ns
 *   bench ipa   IMPL ADDS              adds for callgrind (ipa_loop)
 *   bench ebusy IMPL ADDS              -EBUSY adds for callgrind (ipa_loop)
 *   bench wpf   IMPL ADDS              the workers' side of ADDS items added
 *                                      while they cannot start them, for
 *                                      callgrind (worker_main, kwq only)
 *   bench ipn   IMPL ADDS              instructions per add, counted on the
 *                                      machine by single-stepping (step.c);
 *                                      BENCH_STEP_EACH=1: how many adds cost
 *                                      how many, on stderr
 *   bench mem   IMPL ITEMS             heap per pending item and per add
 *                                      (bench-mem only: it counts mallocs)
 *
 * Every item reports back through the futex signals of common.c, so the
 * notification costs the same whichever library runs it.  Peers get
 * BENCH_THREADS worker threads (default: the online CPUs), the serial peers
 * one; kwq sizes its pools itself.  The param field of every figure is the
 * workload's first argument.
 *
 * Context switches and CPU time are the whole process's (getrusage), over
 * the timed part: the adding and the measuring threads count as well as the
 * library's, so that a library that spins or hands the lock back and forth
 * pays for it here whichever thread does it.
 */
#include "bench.h"

#include <dlfcn.h>
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

static const struct bench_impl *const impls[] = {
	&impl_kwq_bound, &impl_kwq_unbound, &impl_kwq_ordered,
	&impl_kwq_unbound_ma1, &impl_kwq_unbound_ma2, &impl_kwq_bound_ma1,
	&impl_baseline, &impl_baseline_serial, &impl_libuv, &impl_glib,
	&impl_glib_serial, &impl_apr,
};

static const struct bench_impl *im;
static const char *param = "";

#define result(key, ...) figure(key, im->name, param, __VA_ARGS__)

/* What the process spent from @u0 to now, per @n items or trips. */
static void usage_result(const struct usage *u0, size_t n)
{
	struct usage u1;

	usage_take(&u1);
	result("csw_per_item", "%.4f", (double)(u1.csw - u0->csw) / (double)n);
	result("cpu_ns_per_item", "%.1f",
	       (double)(u1.cpu_ns - u0->cpu_ns) / (double)n);
}

/*
 * Items report here: how many ran, and a signal raised when all have.  In
 * a cache line of their own: the workers write it for every item, and a
 * producer that read a variable beside it for every add (the library's
 * table, @im, did) pulled the line to its CPU and sent it back each time,
 * a cost of the harness that every library's figure carried.
 */
static struct __attribute__((aligned(64))) {
	uint64_t done;
	uint64_t target;
	uint32_t all_done;
} runs;

static void count_item(struct bitem *b)
{
	uint64_t n = __atomic_add_fetch(&runs.done, 1, __ATOMIC_RELAXED);

	(void)b;
	if (n == __atomic_load_n(&runs.target, __ATOMIC_RELAXED))
		bsig_add(&runs.all_done, 1);
}

/*
 * Expect @n more runs of count_item(), before adding them; returns the
 * ticket wait_runs() waits for.
 */
static uint32_t arm_runs(uint64_t n)
{
	uint32_t seen = __atomic_load_n(&runs.all_done, __ATOMIC_ACQUIRE);

	__atomic_add_fetch(&runs.target, n, __ATOMIC_RELAXED);
	return seen + 1;
}

static void wait_runs(uint32_t ticket)
{
	bsig_wait(&runs.all_done, ticket, -1);
}

static void impl_start(int nthreads)
{
	int err = im->init(nthreads);

	if (err)
		die("%s: init failed (%d)", im->name, err);
}

static void impl_stop(void)
{
	if (im->fini)
		im->fini();
}

/* --- throughput --------------------------------------------------------- */

/* A line each: a producer writes its CPU while the others read theirs. */
struct producer {
	pthread_t thread;
	char *items;
	size_t count;
	size_t errors;
	uint64_t added_ns;	/* when its last add returned */
	int cpu;		/* where it was at its last look */
	size_t looks, shared;	/* looks, and those that found another here */
} __attribute__((aligned(64)));

static uint32_t tp_ready;
static uint32_t tp_go;
static struct producer *tp_prod;
static int tp_nprod;

/*
 * Where the producers ran: every 4,096 adds a producer reads its CPU and
 * counts whether another one was last seen there.  Two producers run in
 * one of two ways, taking turns on one CPU or at once on two, at different
 * costs; this says which way a run went (issue 24 §2).
 */
static void producer_look(struct producer *p)
{
	int cpu = sched_getcpu();

	__atomic_store_n(&p->cpu, cpu, __ATOMIC_RELAXED);
	p->looks++;
	for (int i = 0; i < tp_nprod; i++)
		if (&tp_prod[i] != p &&
		    __atomic_load_n(&tp_prod[i].cpu, __ATOMIC_RELAXED) == cpu) {
			p->shared++;
			break;
		}
}

/*
 * BENCH_PRODUCER_CPUS: producer @i stays on the @i-th CPU of the list (in
 * turn), so that a run holds the mode it is asked for ("0,0" one CPU,
 * "0,1" two) where the scheduler would pick one per run.
 */
static void producer_pin(int i)
{
	const char *list = getenv("BENCH_PRODUCER_CPUS");
	int cpus[64], n = 0;
	cpu_set_t set;

	while (list && *list && n < 64) {
		cpus[n++] = atoi(list);
		list = strchr(list, ',');
		list = list ? list + 1 : NULL;
	}
	if (!n)
		return;
	CPU_ZERO(&set);
	CPU_SET(cpus[i % n], &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		die("BENCH_PRODUCER_CPUS: cannot run on CPU %d", cpus[i % n]);
}

static void *producer_main(void *arg)
{
	struct producer *p = arg;

	producer_pin((int)(p - tp_prod));
	if (im->producer_begin)
		im->producer_begin();
	bsig_add(&tp_ready, 1);
	bsig_wait(&tp_go, 1, -1);
	for (size_t i = 0; i < p->count; i++) {
		if (im->add(item_at(im, p->items, i)))
			p->errors++;
		if (tp_nprod > 1 && !(i & 4095))
			producer_look(p);
	}
	p->added_ns = now_ns();
	/* Done: a producer that runs on here later shares no CPU with it. */
	__atomic_store_n(&p->cpu, -1, __ATOMIC_RELAXED);
	if (im->producer_end)
		im->producer_end();
	return NULL;
}

/*
 * Time from releasing the producers until every item has run and every
 * producer has returned (a libuv producer returns once its loop has reaped
 * its requests).
 */
static void run_tp(int nprod, size_t n, int nthreads)
{
	struct producer *p = aligned_alloc(64, (size_t)nprod * sizeof(*p));
	char *items = items_alloc(im, n, count_item);
	size_t errors = 0, looks = 0, shared = 0;
	uint64_t added = 0;
	struct usage u0;
	uint64_t t0, t1;
	uint32_t ticket;

	if (!p)
		die("out of memory");
	memset(p, 0, (size_t)nprod * sizeof(*p));
	for (int i = 0; i < nprod; i++)
		p[i].cpu = -1;
	tp_prod = p;
	tp_nprod = nprod;
	impl_start(nthreads);
	ticket = arm_runs(n);
	for (int i = 0; i < nprod; i++) {
		p[i].count = n / (size_t)nprod + (i < (int)(n % (size_t)nprod));
		p[i].items = i ? p[i - 1].items + p[i - 1].count * im->stride
			       : items;
		if (pthread_create(&p[i].thread, NULL, producer_main, &p[i]))
			die("pthread_create failed");
	}
	bsig_wait(&tp_ready, (uint32_t)nprod, -1);
	usage_take(&u0);
	t0 = now_ns();
	bsig_add(&tp_go, 1);
	wait_runs(ticket);
	for (int i = 0; i < nprod; i++) {
		pthread_join(p[i].thread, NULL);
		errors += p[i].errors;
		looks += p[i].looks;
		shared += p[i].shared;
		if (p[i].added_ns > added)
			added = p[i].added_ns;
	}
	t1 = now_ns();
	usage_result(&u0, n);
	impl_stop();
	if (errors)
		die("%s: %zu adds failed", im->name, errors);
	result("items", "%zu", n);
	result("producers", "%d", nprod);
	result("wall_ns", "%llu", (unsigned long long)(t1 - t0));
	result("items_per_s", "%.0f", (double)n * 1e9 / (double)(t1 - t0));
	/* The adds alone: until the last producer's last add returned. */
	result("adds_per_s", "%.0f", (double)n * 1e9 / (double)(added - t0));
	if (looks)
		result("shared_cpu", "%.3f", (double)shared / (double)looks);
	free(items);
	free(p);
}

/* --- idle round trip ---------------------------------------------------- */

static uint32_t rt_ran;

static void rt_item(struct bitem *b)
{
	(void)b;
	bsig_add(&rt_ran, 1);
}

/*
 * Each sample: let the pool go idle for @gap ns, add one item, wait until
 * it has signalled; the time from before the add to the waiter's return.
 * The CPU per trip includes what a library burns while idle in the gap
 * (a worker that spins before it sleeps).
 */
static void run_rt(size_t samples, uint64_t gap, int nthreads)
{
	const size_t warmup = 100;
	size_t n = warmup + samples;
	char *items = items_alloc(im, n, rt_item);
	int64_t *t = calloc(samples, sizeof(*t));
	struct usage u0;

	if (!t)
		die("out of memory");
	impl_start(nthreads);
	if (im->producer_begin)
		im->producer_begin();
	for (size_t i = 0; i < n; i++) {
		uint64_t t0;

		if (i == warmup)
			usage_take(&u0);
		sleep_ns(gap);
		t0 = now_ns();
		if (im->add(item_at(im, items, i)))
			die("%s: add failed", im->name);
		bsig_wait(&rt_ran, (uint32_t)(i + 1), -1);
		if (i >= warmup)
			t[i - warmup] = (int64_t)(now_ns() - t0);
		if (im->reap)
			im->reap();
	}
	usage_result(&u0, samples);
	if (im->producer_end)
		im->producer_end();
	impl_stop();
	result("samples", "%zu", samples);
	result("gap_ns", "%llu", (unsigned long long)gap);
	result("p50_ns", "%" PRId64, percentile(t, samples, .5));
	result("p99_ns", "%" PRId64, percentile(t, samples, .99));
	result("p999_ns", "%" PRId64, percentile(t, samples, .999));
	result("max_ns", "%" PRId64, t[samples - 1]);
	free(t);
	free(items);
}

/* --- head-of-line blocking ---------------------------------------------- */

static uint32_t hol_started;
static uint32_t hol_slept;
static uint32_t hol_ran;
static uint64_t hol_sleep;

static void hol_sleeper(struct bitem *b)
{
	(void)b;
	bsig_add(&hol_started, 1);
	sleep_ns(hol_sleep);
	bsig_add(&hol_slept, 1);
}

static void hol_trivial(struct bitem *b)
{
	b->stamp = now_ns();
	bsig_add(&hol_ran, 1);
}

/*
 * Two items that sleep occupy the workers (we wait up to 100 ms for both to
 * start); then one trivial item: the time from its add until it starts.
 */
static void run_hol(uint64_t sleep, int nthreads)
{
	char *items = items_alloc(im, 3, hol_sleeper);
	struct bitem *trivial = item_at(im, items, 2);
	uint64_t t0;

	trivial->fn = hol_trivial;
	hol_sleep = sleep;
	impl_start(nthreads);
	if (im->producer_begin)
		im->producer_begin();
	if (im->add(item_at(im, items, 0)) || im->add(item_at(im, items, 1)))
		die("%s: add failed", im->name);
	bsig_wait(&hol_started, 2, 100 * 1000 * 1000);
	result("sleepers_started", "%u",
	       __atomic_load_n(&hol_started, __ATOMIC_ACQUIRE));
	t0 = now_ns();
	if (im->add(trivial))
		die("%s: add failed", im->name);
	bsig_wait(&hol_ran, 1, -1);
	bsig_wait(&hol_slept, 2, -1);
	if (im->producer_end)
		im->producer_end();
	impl_stop();
	result("sleep_ns", "%llu", (unsigned long long)sleep);
	result("hol_ns", "%llu", (unsigned long long)(trivial->stamp - t0));
	free(items);
}

/* --- instructions per add (run under callgrind) ------------------------- */

/* Keep the calling thread on the CPU it runs on now. */
static void stay_on_cpu(void)
{
	cpu_set_t set;
	int cpu = sched_getcpu();

	if (cpu < 0)
		return;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		die("sched_setaffinity: %s", strerror(errno));
}

/*
 * The only code callgrind counts (--toggle-collect=ipa_loop): @n adds of
 * the items @stride bytes apart from @items (stride 0: the same item).
 * Returns how many adds did not return 0.
 */
static __attribute__((noinline)) size_t ipa_loop(char *items, size_t stride,
						 size_t n)
{
	size_t failed = 0;

	for (size_t i = 0; i < n; i++)
		failed += im->add((struct bitem *)(void *)(items + i * stride))
			!= 0;
	return failed;
}

/* For run_ipn(): the adder's thread and where its adds enter the library. */
struct ipn_hello {
	pid_t tid;
	int cpu;
	uintptr_t entry;
};

static int ipn_hello_fd = -1;	/* the child's end, to the counting parent */
static int ipn_go_fd = -1;	/* the child's end, from it */

/*
 * In run_ipn()'s child, just before the counted adds: with the workers
 * asleep, say which thread adds and what it calls, then wait until the
 * parent has frozen the other threads.  The entry is the library's
 * function; the baseline's is its adapter's add, which dlsym() cannot see.
 */
static void ipn_ready(void)
{
	struct ipn_hello h = { .tid = gettid() };
	void *f = dlsym(RTLD_DEFAULT, im->entry);
	char go;

	h.entry = f ? (uintptr_t)f : (uintptr_t)im->add;
	sleep_ns(50 * 1000 * 1000);
	stay_on_cpu();
	h.cpu = sched_getcpu();
	if (write(ipn_hello_fd, &h, sizeof(h)) != (ssize_t)sizeof(h) ||
	    read(ipn_go_fd, &go, 1) != 1)
		die("ipn: lost the counting parent");
}

/*
 * Warm the library up (outside ipa_loop), let it go idle, then @n fresh
 * adds.  callgrind counts ipa_loop() and what it calls; run.pl divides the
 * cost of the library's add function (inclusive) by @n.
 */
static void run_ipa(size_t n, int nthreads)
{
	const size_t warmup = 100;
	char *items = items_alloc(im, warmup + n, count_item);
	uint32_t ticket;
	size_t failed;

	impl_start(nthreads);
	if (im->producer_begin)
		im->producer_begin();
	ticket = arm_runs(warmup);
	for (size_t i = 0; i < warmup; i++)
		if (im->add(item_at(im, items, i)))
			die("%s: add failed", im->name);
	wait_runs(ticket);
	ticket = arm_runs(n);
	if (ipn_hello_fd >= 0)
		ipn_ready();
	failed = ipa_loop(items + warmup * im->stride, im->stride, n);
	wait_runs(ticket);
	if (im->producer_end)
		im->producer_end();
	impl_stop();
	result("adds", "%zu", n);
	result("runs", "%zu", warmup + n);
	result("failed", "%zu", failed);
	result("entry", "%s", im->entry);
	free(items);
}

/*
 * The worker's side with a pre-filled queue (issue 24 §1): what a worker
 * executes per item when it never finds its queue empty, whatever the
 * order in which valgrind, one thread at a time, runs the adder and the
 * workers.  The library is held to @gates workers in all (im->cap_workers),
 * each kept on a gate item that spins until the @n items are all added;
 * then the gates open and the workers run the backlog.  callgrind counts
 * worker_main (--toggle-collect=worker_main) less wpf_gate(), the gates'
 * spin; run.pl divides by the runs, the warm-up and the gates included.
 */
static uint32_t gates_started;
static int gates_open;

static __attribute__((noinline)) void wpf_gate(struct bitem *b)
{
	(void)b;
	bsig_add(&gates_started, 1);
	while (!__atomic_load_n(&gates_open, __ATOMIC_ACQUIRE))
		sched_yield();
}

static void run_wpf(size_t n)
{
	const size_t warmup = 100;
	int gates = im->running ? im->running : nr_cpus();
	char *items = items_alloc(im, warmup + n, count_item);
	char *gate = items_alloc(im, (size_t)gates, wpf_gate);
	uint32_t ticket;

	if (!im->cap_workers)
		die("%s: wpf needs a library whose workers can be capped",
		    im->name);
	im->cap_workers(gates);
	impl_start(gates);
	/*
	 * After the start, where kwq counts the CPUs it may use: a bound
	 * queue's items go to the adding CPU's pool.
	 */
	stay_on_cpu();
	ticket = arm_runs(warmup);
	for (size_t i = 0; i < warmup; i++)
		if (im->add(item_at(im, items, i)))
			die("%s: add failed", im->name);
	wait_runs(ticket);
	for (int i = 0; i < gates; i++)
		if (im->add(item_at(im, gate, (size_t)i)))
			die("%s: add failed", im->name);
	if (bsig_wait(&gates_started, (uint32_t)gates,
		      (int64_t)env_long("BENCH_GATE_NS", 600000000000LL)))
		die("%s: %u of %d gates started", im->name, gates_started, gates);
	ticket = arm_runs(n);
	if (ipa_loop(items + warmup * im->stride, im->stride, n))
		die("%s: add failed", im->name);
	__atomic_store_n(&gates_open, 1, __ATOMIC_RELEASE);
	wait_runs(ticket);
	impl_stop();
	result("adds", "%zu", n);
	result("runs", "%zu", warmup + (size_t)gates + n);
	result("gates", "%d", gates);
	free(gate);
	free(items);
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/* BENCH_STEP_EACH=1: how many adds cost how many instructions, on stderr. */
static void print_counts(long long *each, size_t n)
{
	size_t i = 0, j;

	qsort(each, n, sizeof(*each), cmp_ll);
	for (; i < n; i = j) {
		for (j = i; j < n && each[j] == each[i]; j++)
			;
		fprintf(stderr, "%8zu adds of %lld instructions\n", j - i,
			each[i]);
	}
}

/*
 * run_ipa() in a child whose adding thread this process single-steps
 * through the @n adds, the child's other threads stopped meanwhile: the
 * instructions per add on the machine itself (step.c says why).  The
 * child prints run_ipa()'s figures, this process "ipn".
 */
static void run_ipn(size_t n, int nthreads)
{
	unsigned long long budget = (unsigned long long)
		env_long("BENCH_STEP_BUDGET", 50 * 1000 * 1000);
	long long *each = NULL;
	int hello[2], go[2], status;
	struct ipn_hello h;
	long long count;
	pid_t child;

	if (env_long("BENCH_STEP_EACH", 0) && !(each = calloc(n, sizeof(*each))))
		die("out of memory");
	if (pipe(hello) || pipe(go))
		die("pipe: %s", strerror(errno));
	child = fork();
	if (child < 0)
		die("fork: %s", strerror(errno));
	if (!child) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		ipn_hello_fd = hello[1];
		ipn_go_fd = go[0];
		run_ipa(n, nthreads);
		exit(0);
	}
	alarm(600);
	if (read(hello[0], &h, sizeof(h)) != (ssize_t)sizeof(h))
		die("ipn: the child did not get to its adds");
	/*
	 * On the adder's CPU, a step is a switch between two threads; from
	 * another, it wakes a CPU, several times slower on a virtual machine.
	 */
	if (h.cpu >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(h.cpu, &set);
		sched_setaffinity(0, sizeof(set), &set);
	}
	count = step_freeze(child);
	if (!count && write(go[1], "g", 1) != 1)
		count = -errno;
	if (!count)
		count = step_count(h.tid, h.entry, n, budget, each);
	step_thaw();
	if (count < 0) {
		kill(child, SIGKILL);
		die("ipn: %s", count == -E2BIG ? "over BENCH_STEP_BUDGET steps" :
		    strerror((int)-count));
	}
	if (waitpid(child, &status, 0) < 0 || !WIFEXITED(status) ||
	    WEXITSTATUS(status))
		die("ipn: the child failed");
	result("ipn", "%.1f", (double)count / (double)n);
	if (each)
		print_counts(each, n);
	free(each);
}

static uint32_t gate;
static uint32_t gate_started;

static void gate_item(struct bitem *b)
{
	(void)b;
	bsig_add(&gate_started, 1);
	bsig_wait(&gate, 1, -1);
}

/*
 * A gate item holds the adding CPU's worker; an item queued behind it is
 * added @n more times, which should all return -EBUSY.  The count says
 * whether a worker ran it meanwhile (then some adds queued it again).  The
 * adder stays on its CPU: moved between the two adds, it would queue the
 * item on another CPU's free worker, which runs it, and one of the @n adds
 * would be a fresh one.  On a queue of max_active above 1 a second worker
 * may run it while the gate holds the first (the concurrency manager sees
 * the gate's worker sleep): the driver counts on max_active 1.
 */
static void run_ebusy(size_t n, int nthreads)
{
	char *items = items_alloc(im, 2, gate_item);
	struct bitem *x = item_at(im, items, 1);
	uint32_t ticket;
	size_t ebusy;

	if (!im->has_ebusy)
		die("%s has no -EBUSY add", im->name);
	stay_on_cpu();
	result("entry", "%s", im->entry);
	x->fn = count_item;
	impl_start(nthreads);
	if (im->add(item_at(im, items, 0)))
		die("%s: add failed", im->name);
	bsig_wait(&gate_started, 1, -1);
	ticket = arm_runs(1);
	if (im->add(x))
		die("%s: add failed", im->name);
	ebusy = ipa_loop((char *)x, 0, n);
	bsig_add(&gate, 1);
	wait_runs(ticket);
	impl_stop();
	result("adds", "%zu", n);
	result("ebusy", "%zu", ebusy);
	free(items);
}

/* --- memory (bench-mem) ------------------------------------------------- */

static void mem_item(struct bitem *b)
{
	gate_item(b);
	count_item(b);
}

/*
 * Every item waits at a closed gate, so after @n adds all but the few the
 * workers hold are pending: the heap grown by the adds, per item, is what a
 * pending item costs beyond the caller's own memory.
 */
static void run_mem(size_t n, int nthreads)
{
	char *items = items_alloc(im, n, mem_item);
	struct heap_snap h0, h1, h2;
	int64_t rss0, rss1;
	uint32_t ticket;

	impl_start(nthreads);
	if (im->producer_begin)
		im->producer_begin();
	if (heap_snapshot(&h0))
		die("this program does not count mallocs: use bench-mem");
	ticket = arm_runs(n);
	rss0 = rss_bytes();
	for (size_t i = 0; i < n; i++)
		if (im->add(item_at(im, items, i)))
			die("%s: add failed", im->name);
	heap_snapshot(&h1);
	rss1 = rss_bytes();
	bsig_add(&gate, 1);
	wait_runs(ticket);
	heap_snapshot(&h2);
	if (im->producer_end)
		im->producer_end();
	impl_stop();
	result("items", "%zu", n);
	result("caller_bytes", "%zu", im->item_bytes);
	result("heap_bytes_per_pending", "%.1f",
	       (double)(h1.live - h0.live) / (double)n);
	result("rss_bytes_per_pending", "%.1f",
	       (double)(rss1 - rss0) / (double)n);
	result("allocs_per_add", "%.3f",
	       (double)(h1.thread_calls - h0.thread_calls) / (double)n);
	result("allocs_per_item_all_threads", "%.3f",
	       (double)(h2.calls - h0.calls) / (double)n);
	free(items);
}

/* --- main --------------------------------------------------------------- */

static const struct bench_impl *find_impl(const char *name)
{
	for (size_t i = 0; i < sizeof(impls) / sizeof(impls[0]); i++)
		if (!strcmp(impls[i]->name, name))
			return impls[i];
	die("unknown library '%s'", name);
}

static unsigned long long arg_num(const char *s)
{
	char *end;
	unsigned long long v = strtoull(s, &end, 10);

	if (!*s || *end)
		die("'%s' is not a number", s);
	return v;
}

static void usage(void)
{
	fputs("usage: bench tp|rt|hol|ipa|ipn|wpf|ebusy|mem IMPL ARGS...\n"
	      "libraries:", stderr);
	for (size_t i = 0; i < sizeof(impls) / sizeof(impls[0]); i++)
		fprintf(stderr, " %s", impls[i]->name);
	fputc('\n', stderr);
	exit(2);
}

int main(int argc, char **argv)
{
	int nthreads = (int)env_long("BENCH_THREADS",
				     sysconf(_SC_NPROCESSORS_ONLN));
	const char *w;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc < 4)
		usage();
	w = argv[1];
	im = find_impl(argv[2]);
	param = argv[3];
	result("threads", "%d", nthreads);
	if (!strcmp(w, "tp") && argc == 5)
		run_tp((int)arg_num(argv[3]), arg_num(argv[4]), nthreads);
	else if (!strcmp(w, "rt") && argc == 5)
		run_rt(arg_num(argv[3]), arg_num(argv[4]), nthreads);
	else if (!strcmp(w, "hol"))
		run_hol(arg_num(argv[3]), nthreads);
	else if (!strcmp(w, "ipa"))
		run_ipa(arg_num(argv[3]), nthreads);
	else if (!strcmp(w, "ipn"))
		run_ipn(arg_num(argv[3]), nthreads);
	else if (!strcmp(w, "wpf"))
		run_wpf(arg_num(argv[3]));
	else if (!strcmp(w, "ebusy"))
		run_ebusy(arg_num(argv[3]), nthreads);
	else if (!strcmp(w, "mem"))
		run_mem(arg_num(argv[3]), nthreads);
	else
		usage();
	return 0;
}
