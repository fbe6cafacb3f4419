// The comparisons rule C reads beyond the sign, a negation (rule E) and
// a count's test for 0 (rule D) take a definition's class only when it
// is sure: not from a file that parsed with errors other than missing
// headers (clang drops the statements it cannot make sense of, and a loop
// that counted may be gone).  Sign tests are as before.
#include <errno.h>

int broken = UNDECLARED_CONSTANT;

/* 0 or a negative errno, as far as this file shows. */
static int insert_all(const int *v, int n)
{
	int i;

	if (n < 0)
		return -EINVAL;
	for (i = 0; i < n; i++)
		if (v[i] < 0)
			return -ERANGE;
	return 0;
}

/* 0 or 1. */
static int has_room(int n)
{
	return n < 8;
}

int load(const int *v, int n)
{
	int err;

	if (insert_all(v, n) == 1)
		return 0;
	err = insert_all(v, n);
	if (err < 0)
		return -err;
	if (has_room(n) < 0)
		return -ENOSPC;
	return 0;
}
// stderr: retconv: callsite-unsure.c: note: parsed with errors: 1 other error, the first: callsite-unsure.c:8:14: error: use of undeclared identifier 'UNDECLARED_CONSTANT'; checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
// expect: callsite-unsure.c:38:6: warning: 'has_room' returns only 0 or 1 (class boolean, from its definition at callsite-unsure.c:24), never negative: 'has_room(...) < 0' is never true; test it against 0 for what it means [retconv-C]
