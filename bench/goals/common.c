// SPDX-License-Identifier: MIT
/*
 * Helpers shared by bench-timers and bench-manager (see common.h).
 *
 * A wake-up is a context switch of any thread of the process, voluntary or
 * not, as /proc/self/task/TID/status counts them.  The thread that measures
 * is left out of the sum: it sleeps through the window, and its own sleep is
 * the benchmark's, not kwq's.  A thread that exits during the window is
 * counted as one wake-up (it had to run to exit); one that starts counts all
 * its switches.
 */
#include "common.h"

#include <dirent.h>
#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void die(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("bench-goals: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
	exit(1);
}

long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

void sleep_ns(long long ns)
{
	struct timespec ts = {
		.tv_sec = ns / 1000000000LL,
		.tv_nsec = ns % 1000000000LL,
	};

	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* The CPUs this process may run on, as kwq counts them. */
int nr_cpus(void)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set))
		return (int)sysconf(_SC_NPROCESSORS_ONLN);
	return CPU_COUNT(&set);
}

/* Voluntary plus nonvoluntary switches of thread @tid; -1 once it is gone. */
static long long task_switches(int tid)
{
	char path[64], line[128];
	long long sum = 0;
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
			sum += (long long)v;
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
	while ((de = readdir(d)) && s->n < GOALS_MAX_TASKS) {
		int tid = atoi(de->d_name);
		long long sw;

		if (tid <= 0 || tid == self)
			continue;
		sw = task_switches(tid);
		if (sw < 0)
			continue;
		s->tid[s->n] = tid;
		s->sw[s->n] = (unsigned long long)sw;
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
unsigned long long csw_delta(const struct csw_snap *a,
			     const struct csw_snap *b)
{
	unsigned long long sum = 0;

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
struct idle_result idle_wakeups(long long settle_ns, long long window_ns)
{
	static struct csw_snap a, b;
	struct idle_result r;
	long long t0, t1;

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

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/* The nearest-rank @q quantile of @v (sorted in place), 0 < @q <= 1. */
double percentile(long long *v, size_t n, double q)
{
	size_t k;

	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), cmp_ll);
	k = (size_t)(q * (double)n + 0.999999);
	if (k < 1)
		k = 1;
	if (k > n)
		k = n;
	return (double)v[k - 1];
}

int goals_options(int argc, char **argv, int *quick, int *rot)
{
	int opt;

	*quick = 0;
	*rot = 0;
	while ((opt = getopt(argc, argv, "qr:")) != -1) {
		switch (opt) {
		case 'q':
			*quick = 1;
			break;
		case 'r':
			*rot = atoi(optarg);
			break;
		default:
			fprintf(stderr, "usage: %s [-q] [-r ROTATION]\n",
				argv[0]);
			return 2;
		}
	}
	return 0;
}
