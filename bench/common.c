// SPDX-License-Identifier: MIT
/*
 * Helpers every benchmark program uses (bench, bench-mem, bench-timers,
 * bench-manager): a monotonic clock, a futex-based signal (a counter one
 * thread raises and another waits on, with no lock and one system call each
 * way), the figure lines bench/run.pl reads, percentiles, the allocation of
 * item arrays, and two counts of context switches: the whole process's from
 * getrusage(), and each thread's from /proc/self/task/TID/status, which is
 * how issues 3 and 7 define a wake-up.
 *
 * The futex signal is also what every library's items use to tell the
 * measuring thread they ran, so that the cost of that notification is the
 * same whichever library runs them.
 *
 * A wake-up, for idle_wakeups(), is a context switch of any thread of the
 * process, voluntary or not.  The thread that measures is left out of the
 * sum: it sleeps through the window, and its own sleep is the benchmark's,
 * not kwq's.  A thread that exits during the window is counted as one
 * wake-up (it had to run to exit); one that starts counts all its switches.
 */
#include "bench.h"

#include <dirent.h>
#include <errno.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

void sleep_ns(uint64_t ns)
{
	struct timespec ts = {
		.tv_sec = (time_t)(ns / 1000000000u),
		.tv_nsec = (long)(ns % 1000000000u),
	};

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

void bsig_add(uint32_t *w, uint32_t n)
{
	__atomic_add_fetch(w, n, __ATOMIC_RELEASE);
	syscall(SYS_futex, w, FUTEX_WAKE_PRIVATE, 0x7fffffff, NULL, NULL, 0);
}

int bsig_wait(uint32_t *w, uint32_t target, int64_t timeout_ns)
{
	uint64_t deadline = now_ns() + (uint64_t)timeout_ns;

	for (;;) {
		uint32_t v = __atomic_load_n(w, __ATOMIC_ACQUIRE);
		struct timespec ts, *tsp = NULL;

		if (v >= target)
			return 0;
		if (timeout_ns >= 0) {
			uint64_t t = now_ns();

			if (t >= deadline)
				return -ETIMEDOUT;
			ts.tv_sec = (time_t)((deadline - t) / 1000000000u);
			ts.tv_nsec = (long)((deadline - t) % 1000000000u);
			tsp = &ts;
		}
		/* A wake-up may be spurious or for an old value: recheck. */
		syscall(SYS_futex, w, FUTEX_WAIT_PRIVATE, v, tsp, NULL, 0);
	}
}

void figure(const char *metric, const char *impl, const char *param,
	    const char *fmt, ...)
{
	va_list ap;

	printf("%s,%s,%s,", metric, impl, param);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
}

void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", program_invocation_short_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(1);
}

char *items_alloc(const struct bench_impl *im, size_t n, bitem_fn fn)
{
	char *items = calloc(n, im->stride);

	if (!items)
		die("out of memory for %zu items of %s", n, im->name);
	/* Touching every item here keeps page faults out of timed code. */
	for (size_t i = 0; i < n; i++) {
		struct bitem *b = item_at(im, items, i);

		b->fn = fn;
		if (im->init_item)
			im->init_item(b);
	}
	return items;
}

long env_long(const char *name, long dfl)
{
	const char *s = getenv(name);
	char *end;
	long v;

	if (!s || !*s)
		return dfl;
	v = strtol(s, &end, 10);
	if (*end)
		die("%s=%s is not a number", name, s);
	return v;
}

/* The stub for programs built without malloc-count.c. */
__attribute__((weak)) int heap_snapshot(struct heap_snap *s)
{
	(void)s;
	return -ENOSYS;
}

int64_t rss_bytes(void)
{
	FILE *f = fopen("/proc/self/statm", "r");
	long size, resident = 0;

	if (!f)
		die("cannot open /proc/self/statm");
	if (fscanf(f, "%ld %ld", &size, &resident) != 2)
		die("cannot read /proc/self/statm");
	fclose(f);
	return (int64_t)resident * sysconf(_SC_PAGESIZE);
}

int nr_cpus(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set))
		return (int)sysconf(_SC_NPROCESSORS_ONLN);
	return CPU_COUNT(&set);
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

int64_t percentile(int64_t *v, size_t n, double q)
{
	size_t k;

	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), cmp_i64);
	k = (size_t)(q * (double)n + 0.999999);
	if (k < 1)
		k = 1;
	if (k > n)
		k = n;
	return v[k - 1];
}

static uint64_t tv_ns(struct timeval tv)
{
	return (uint64_t)tv.tv_sec * 1000000000u + (uint64_t)tv.tv_usec * 1000u;
}

void usage_take(struct usage *u)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru))
		die("getrusage: %s", strerror(errno));
	u->csw = (uint64_t)ru.ru_nvcsw + (uint64_t)ru.ru_nivcsw;
	u->cpu_ns = tv_ns(ru.ru_utime) + tv_ns(ru.ru_stime);
}

/* Voluntary plus nonvoluntary switches of thread @tid; -1 once it is gone. */
static int64_t task_switches(int tid)
{
	char path[64], line[128];
	int64_t sum = 0;
	unsigned long long v;
	int found = 0;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%d/status", tid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "voluntary_ctxt_switches: %llu", &v) == 1 ||
		    sscanf(line, "nonvoluntary_ctxt_switches: %llu", &v) == 1) {
			sum += (int64_t)v;
			found++;
		}
	}
	fclose(f);
	return found == 2 ? sum : -1;
}

void csw_take(struct csw_snap *s)
{
	int self = gettid();
	struct dirent *de;
	DIR *d;

	s->n = 0;
	d = opendir("/proc/self/task");
	if (!d)
		die("cannot read /proc/self/task: %s", strerror(errno));
	while ((de = readdir(d)) && s->n < BENCH_MAX_TASKS) {
		int tid = atoi(de->d_name);
		int64_t sw;

		if (tid <= 0 || tid == self)
			continue;
		sw = task_switches(tid);
		if (sw < 0)
			continue;
		s->tid[s->n] = tid;
		s->sw[s->n] = (uint64_t)sw;
		s->n++;
	}
	closedir(d);
}

static int snap_find(const struct csw_snap *s, int tid)
{
	for (int i = 0; i < s->n; i++)
		if (s->tid[i] == tid)
			return i;
	return -1;
}

/* Switches from @a to @b; threads that come or go: see the top of the file. */
uint64_t csw_delta(const struct csw_snap *a, const struct csw_snap *b)
{
	uint64_t sum = 0;

	for (int i = 0; i < b->n; i++) {
		int j = snap_find(a, b->tid[i]);

		sum += b->sw[i] - (j >= 0 ? a->sw[j] : 0);
	}
	for (int i = 0; i < a->n; i++)
		if (snap_find(b, a->tid[i]) < 0)
			sum++;
	return sum;
}

/*
 * Sleep @settle_ns (so that what ran before has finished, and idle workers
 * have retired), then count the process's wake-ups over @window_ns.
 */
struct idle_result idle_wakeups(uint64_t settle_ns, uint64_t window_ns)
{
	static struct csw_snap a, b;
	struct idle_result r;
	uint64_t t0, t1;

	sleep_ns(settle_ns);
	csw_take(&a);
	t0 = now_ns();
	sleep_ns(window_ns);
	t1 = now_ns();
	csw_take(&b);
	r.per_s = (double)csw_delta(&a, &b) * 1e9 / (double)(t1 - t0);
	r.threads = b.n + 1;
	return r;
}

int goals_options(int argc, char **argv, int *quick, int *rot,
		  const char **only)
{
	int opt;

	*quick = 0;
	*rot = 0;
	*only = NULL;
	while ((opt = getopt(argc, argv, "qr:o:")) != -1) {
		switch (opt) {
		case 'q':
			*quick = 1;
			break;
		case 'r':
			*rot = atoi(optarg);
			break;
		case 'o':
			*only = optarg;
			break;
		default:
			fprintf(stderr,
				"usage: %s [-q] [-r ROTATION] [-o PART]\n",
				argv[0]);
			return 2;
		}
	}
	return 0;
}

int goals_part(const char *only, const char *part)
{
	return !only || !strcmp(only, part);
}
