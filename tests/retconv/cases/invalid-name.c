// SPDX-License-Identifier: MIT
/*
 * A file checked without its include path, as a user runs retconv on a
 * source tree that has no compilation database: a header the compiler did
 * not find left a name to be declared implicitly at its first use, and
 * the real declaration, found later, conflicts with it and is invalid.
 * clang then drops every statement that names it, here the return of a
 * negative value, without an error where the statement was: what the
 * function returns is unknown, and neither it nor its callers' tests may
 * be judged.  So when a macro of the file names it (bad_stage(), written
 * in drop_marked() with no tr in the body's text): the macro counts as
 * the name.  A function that does not name it is judged as ever.
 */
#include "absent-config.h"

int report(const char *fmt, ...);
#define error(...) (report(__VA_ARGS__), -1)
#define bad_stage(n) error(tr("bad stage %d"), (n))

static inline int warn_twice(const char *s)
{
	return report(tr(s)) + report(tr(s));
}

static inline const char *tr(const char *s)
{
	return s;
}

int drop_stage(int *stages, int n)
{
	int unmerged = 0;
	int i;

	for (i = 0; i < n; i++) {
		if (!stages[i])
			continue;
		unmerged = 1;
		if (stages[i] > 3)
			return error(tr("bad stage %d"), stages[i]);
	}
	return unmerged;
}

int drop_marked(int *stages, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (stages[i] < 0)
			return bad_stage(stages[i]);
	return n > 0;
}

int clear_stage(int *stages, int i)
{
	if (!stages[i])
		return 0;
	stages[i] = 0;
	return 1;
}

int reset_stages(int *stages, int n)
{
	if (drop_stage(stages, n) < 0)
		return error("could not drop stages");
	if (drop_marked(stages, n) < 0)
		return error("could not drop marked stages");
	if (clear_stage(stages, 0) < 0)
		return error("could not clear stage 0");
	return 0;
}
// stderr: retconv: invalid-name.c: note: parsed with errors: 1 header not found (absent-config.h); 1 other error, the first: invalid-name.c:25:27: error: static declaration of 'tr' follows non-static declaration; checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
// expect: invalid-name.c:55:5: warning: action 'clear_stage' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: invalid-name.c:60:2: note: returns 1
// expect: invalid-name.c:69:6: warning: 'clear_stage' returns only 0 or 1 (class boolean, from its definition at invalid-name.c:55), never negative: 'clear_stage(...) < 0' is never true; test it against 0 for what it means [retconv-C]
