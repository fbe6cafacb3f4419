/* SPDX-License-Identifier: MIT */
/*
 * A warn handler for tests of kwq's warnings: kwq_set_warn_handler(
 * warnlog_record) keeps a copy of each warning (its strings are valid only
 * during the call), and warnlog_is() compares one with what was expected.
 */
#ifndef KWQ_TESTS_WARNLOG_H
#define KWQ_TESTS_WARNLOG_H

#include <kwq/workqueue.h>

#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#define WARNLOG_MAX 32

static struct {
	pthread_mutex_t lock;
	int n;
	struct {
		enum kwq_warning_kind kind;
		int line, err;
		char file[128], func[64];
	} w[WARNLOG_MAX];
} warnlog = { .lock = PTHREAD_MUTEX_INITIALIZER };

static inline void warnlog_record(const struct kwq_warning *w)
{
	pthread_mutex_lock(&warnlog.lock);
	if (warnlog.n < WARNLOG_MAX) {
		int i = warnlog.n++;

		warnlog.w[i].kind = w->kind;
		warnlog.w[i].line = w->line;
		warnlog.w[i].err = w->err;
		snprintf(warnlog.w[i].file, sizeof(warnlog.w[i].file), "%s",
			 w->file ? w->file : "");
		snprintf(warnlog.w[i].func, sizeof(warnlog.w[i].func), "%s",
			 w->func ? w->func : "");
	}
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

/* Is warning @i a failed add through @func, with @err, at @file:@line? */
static inline bool warnlog_is(int i, const char *func, int err,
			      const char *file, int line)
{
	bool ret;

	pthread_mutex_lock(&warnlog.lock);
	ret = i < warnlog.n &&
		warnlog.w[i].kind == KWQ_WARN_COMPAT_ADD_FAILED &&
		warnlog.w[i].line == line && warnlog.w[i].err == err &&
		strcmp(warnlog.w[i].file, file) == 0 &&
		strcmp(warnlog.w[i].func, func) == 0;
	pthread_mutex_unlock(&warnlog.lock);
	return ret;
}

#endif /* KWQ_TESTS_WARNLOG_H */
