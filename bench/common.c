// SPDX-License-Identifier: MIT
/*
 * Helpers every benchmark workload uses: a monotonic clock, a futex-based
 * signal (a counter one thread raises and another waits on, with no lock
 * and one system call each way), result lines for bench/run.pl, and the
 * allocation of item arrays.
 *
 * The futex signal is also what every library's items use to tell the
 * measuring thread they ran, so that the cost of that notification is the
 * same whichever library runs them.
 */
#include "bench.h"

#include <errno.h>
#include <linux/futex.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
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

void result(const char *key, const char *fmt, ...)
{
	va_list ap;

	printf("%s=", key);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

void die(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fputs("bench: ", stderr);
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
