/* SPDX-License-Identifier: MIT */
/*
 * A warn handler for tests of kwq's warnings: kwq_set_warn_handler(
 * warnlog_record) keeps a copy of each warning (its strings are valid only
 * during the call), and warnlog_is() compares one with what was expected.
 */
#ifndef KWQ_TESTS_WARNLOG_H
#define KWQ_TESTS_WARNLOG_H

#include <kwq/workqueue.h>

#include "tap.h"

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define WARNLOG_MAX 32

static struct {
	pthread_mutex_t lock;
	unsigned int ignored;		/* 1 << kind: not recorded */
	int n;
	struct {
		enum kwq_warning_kind kind;
		int line, err;
		char file[128], func[64], message[256];
	} w[WARNLOG_MAX];
} warnlog = { .lock = PTHREAD_MUTEX_INITIALIZER };

static inline void warnlog_record(const struct kwq_warning *w)
{
	pthread_mutex_lock(&warnlog.lock);
	if (warnlog.n < WARNLOG_MAX && !(warnlog.ignored & 1u << w->kind)) {
		int i = warnlog.n++;

		warnlog.w[i].kind = w->kind;
		warnlog.w[i].line = w->line;
		warnlog.w[i].err = w->err;
		snprintf(warnlog.w[i].file, sizeof(warnlog.w[i].file), "%s",
			 w->file ? w->file : "");
		snprintf(warnlog.w[i].func, sizeof(warnlog.w[i].func), "%s",
			 w->func ? w->func : "");
		snprintf(warnlog.w[i].message, sizeof(warnlog.w[i].message),
			 "%s", w->message ? w->message : "");
	}
	pthread_mutex_unlock(&warnlog.lock);
}

/*
 * Record no warning of @kind from now on: for a test of one kind of
 * report that may run in debug mode (KWQ_DEBUG=1), whose misuse reports
 * come in addition.
 */
static inline void warnlog_ignore(enum kwq_warning_kind kind)
{
	pthread_mutex_lock(&warnlog.lock);
	warnlog.ignored |= 1u << kind;
	pthread_mutex_unlock(&warnlog.lock);
}

static inline int warnlog_count(void)
{
	int n;

	pthread_mutex_lock(&warnlog.lock);
	n = warnlog.n;
	pthread_mutex_unlock(&warnlog.lock);
	return n;
}

/*
 * Is warning @i of @kind, from @func with @err at @file:@line (0 and NULL:
 * no file and line), with one line of text containing @text?
 */
static inline bool warnlog_was(int i, enum kwq_warning_kind kind,
			       const char *func, int err, const char *file,
			       int line, const char *text)
{
	bool ret;

	pthread_mutex_lock(&warnlog.lock);
	ret = i < warnlog.n && warnlog.w[i].kind == kind &&
		warnlog.w[i].line == line && warnlog.w[i].err == err &&
		strcmp(warnlog.w[i].file, file ? file : "") == 0 &&
		strcmp(warnlog.w[i].func, func) == 0 &&
		strstr(warnlog.w[i].message, text) &&
		!strchr(warnlog.w[i].message, '\n');
	pthread_mutex_unlock(&warnlog.lock);
	return ret;
}

/* Is warning @i a failed add through @func, with @err, at @file:@line? */
static inline bool warnlog_is(int i, const char *func, int err,
			      const char *file, int line)
{
	return warnlog_was(i, KWQ_WARN_COMPAT_ADD_FAILED, func, err, file,
			   line, "");
}

/* Show the warnings from @from on, as TAP diagnostics. */
static inline void warnlog_show(int from)
{
	for (int i = from; i < warnlog_count(); i++)
		diag("warning %d: %s:%d %s kind %d err %d: %s", i,
		     warnlog.w[i].file, warnlog.w[i].line, warnlog.w[i].func,
		     warnlog.w[i].kind, warnlog.w[i].err,
		     warnlog.w[i].message);
}

#endif /* KWQ_TESTS_WARNLOG_H */
