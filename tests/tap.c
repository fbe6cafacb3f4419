// SPDX-License-Identifier: MIT
/*
 * The TAP producer behind tests/tap.h.  Output goes through stdio with a
 * lock, so assertions made from several threads never interleave within a
 * line; the numbering is atomic for the same reason.
 */
#include "tap.h"

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static int planned = -1;
static int counter;
static int failed;

static void __attribute__((format(printf, 3, 0)))
vline(FILE *f, const char *prefix, const char *fmt, va_list ap)
{
	flockfile(f);
	fputs(prefix, f);
	vfprintf(f, fmt, ap);
	fputc('\n', f);
	funlockfile(f);
	fflush(f);
}

void plan(int n)
{
	planned = n;
	printf("1..%d\n", n);
	fflush(stdout);
}

static void on_alarm(int sig)
{
	static const char msg[] = "Bail out! watchdog: test timed out\n";

	(void)sig;
	if (write(STDOUT_FILENO, msg, sizeof(msg) - 1) < 0)
		_exit(3);
	_exit(3);
}

/* True when the program runs under valgrind or a sanitizer. */
static bool slow_run(void)
{
	const char *q = getenv("KWQ_TEST_QUICK");
	const char *san = getenv("KWQ_TEST_SAN");

	return (q && *q && strcmp(q, "0") != 0) || (san && *san);
}

/*
 * How many times longer a loaded machine makes a test: the last minute's
 * load per CPU, a quarter of it above 4 (rounded up), at most 4 times.
 * CI shares its two CPUs: at load 28-44 the plain test-fault took 118 s
 * of its 120 and TSan's test-misuse 229 s of its 300.
 */
static unsigned int load_factor(void)
{
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	double load, f;

	if (cpus < 1 || getloadavg(&load, 1) != 1)
		return 1;
	f = load / (double)cpus / 4;
	if (f <= 1)
		return 1;
	return f >= 4 ? 4 : (unsigned int)f + 1;
}

/*
 * The watchdog catches hangs, not slowness: under valgrind or a sanitizer
 * everything runs several times slower, and on a loaded machine too, so
 * it waits longer there.
 */
void tap_watchdog(unsigned int seconds)
{
	const char *soak = getenv("KWQ_TEST_LONG");

	if (soak && atol(soak) > 1)
		seconds *= (unsigned int)atol(soak);
	seconds *= load_factor();
	signal(SIGALRM, on_alarm);
	alarm(slow_run() ? seconds * 5 : seconds);
}

/*
 * What a failure says goes to stderr, as Test::More's does: prove shows
 * stderr without --verbose, so a CI log holds it.
 */
static void __attribute__((format(printf, 1, 2))) fail_diag(const char *fmt,
							     ...)
{
	va_list ap;

	va_start(ap, fmt);
	vline(stderr, "# ", fmt, ap);
	va_end(ap);
}

static bool __attribute__((format(printf, 4, 0)))
vresult(bool cond, const char *file, int line, const char *fmt, va_list ap)
{
	int n = __atomic_add_fetch(&counter, 1, __ATOMIC_SEQ_CST);
	char head[32], name[256];
	va_list copy;

	va_copy(copy, ap);
	snprintf(head, sizeof(head), "%sok %d - ", cond ? "" : "not ", n);
	vline(stdout, head, fmt, ap);
	if (!cond) {
		__atomic_add_fetch(&failed, 1, __ATOMIC_SEQ_CST);
		vsnprintf(name, sizeof(name), fmt, copy);
		fail_diag("  Failed test %d - %s", n, name);
		fail_diag("  at %s line %d.", file, line);
	}
	va_end(copy);
	return cond;
}

bool tap_ok(bool cond, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vresult(cond, file, line, fmt, ap);
	va_end(ap);
	return cond;
}

bool tap_is_long(long got, long want, const char *file, int line,
		 const char *fmt, ...)
{
	bool cond = got == want;
	va_list ap;

	va_start(ap, fmt);
	vresult(cond, file, line, fmt, ap);
	va_end(ap);
	if (!cond)
		fail_diag("         got: %ld\n#     expected: %ld", got, want);
	return cond;
}

void diag(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vline(stdout, "# ", fmt, ap);
	va_end(ap);
}

void skip(int n, const char *fmt, ...)
{
	char reason[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(reason, sizeof(reason), fmt, ap);
	va_end(ap);
	while (n-- > 0) {
		int k = __atomic_add_fetch(&counter, 1, __ATOMIC_SEQ_CST);

		printf("ok %d # skip %s\n", k, reason);
	}
	fflush(stdout);
}

void bail_out(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vline(stdout, "Bail out! ", fmt, ap);
	va_end(ap);
	exit(255);
}

int done_testing(void)
{
	if (planned < 0) {
		printf("1..%d\n", counter);
		planned = counter;
	}
	fflush(stdout);
	if (counter != planned)
		return 255;
	return failed ? (failed > 254 ? 254 : failed) : 0;
}

/*
 * Valgrind serialises threads and runs ~50 times slower: a tenth of the
 * iterations.  TSan costs 5-15 times: a fifth.  ASan+UBSan about twice.
 * KWQ_TEST_LONG=N multiplies the counts by N, for soak runs by hand.
 */
long tap_scale(long n)
{
	const char *q = getenv("KWQ_TEST_QUICK");
	const char *san = getenv("KWQ_TEST_SAN");
	const char *soak = getenv("KWQ_TEST_LONG");
	long div = 1;

	if (soak && atol(soak) > 1)
		n *= atol(soak);
	if (q && *q && strcmp(q, "0") != 0)
		div = 10;
	else if (san && strstr(san, "thread"))
		div = 5;
	else if (san && *san)
		div = 2;
	return n / div > 0 ? n / div : 1;
}

long long tap_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}
