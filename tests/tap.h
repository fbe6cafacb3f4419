/* SPDX-License-Identifier: MIT */
/*
 * A small TAP producer for kwq's test programs, run by prove(1).
 *
 * Each test program calls plan() (or done_testing() at the end), then one
 * ok()/is_int() per assertion.  Failures print both operands as TAP
 * diagnostics so a CI log says what went wrong without a re-run.  Every
 * program is bounded: tap_watchdog() arms alarm() so a deadlock fails loudly
 * instead of hanging the suite.
 */
#ifndef KWQ_TESTS_TAP_H
#define KWQ_TESTS_TAP_H

#include <stdbool.h>

void plan(int n);
int done_testing(void);
void tap_watchdog(unsigned int seconds);
bool tap_ok(bool cond, const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
bool tap_is_long(long got, long want, const char *file, int line,
		 const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void skip(int n, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void bail_out(const char *fmt, ...)
	__attribute__((format(printf, 1, 2), noreturn));

/*
 * Scale a loop count down under valgrind (KWQ_TEST_QUICK) or a sanitizer
 * (KWQ_TEST_SAN), up under KWQ_TEST_LONG=N (soak runs: N times the
 * count); tap_watchdog() waits five times longer under valgrind/sanitizers,
 * and up to four times longer again on a machine loaded past 4 per CPU.
 */
long tap_scale(long n);
/* Monotonic time in nanoseconds. */
long long tap_now_ns(void);

#define ok(cond, ...) tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)
#define is_int(got, want, ...) \
	tap_is_long((long)(got), (long)(want), __FILE__, __LINE__, __VA_ARGS__)

#endif /* KWQ_TESTS_TAP_H */
