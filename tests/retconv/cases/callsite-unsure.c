// The comparisons rule C reads beyond the sign, a negation (rule E) and
// a count's test for 0 (rule D) take a definition's class when clang met
// no error in it.  An error elsewhere in its file (here a constant no
// header defined, at file scope; in a tree, a stand-in type that
// conflicts in a header) leaves its statements alone: every statement
// clang drops leaves an error, or a name whose declaration is invalid,
// where it was.  A definition with an error in its body is not judged by
// these rules (a loop that counted may be gone).  Sign tests are as
// before, and a right test is silent.
#include <errno.h>
#include <stddef.h>

int broken = UNDECLARED_CONSTANT;

/* 0 or a negative errno. */
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

/* 0 or a negative errno as far as the parse shows: struct slot is in a
 * header no one found, and clang dropped the loop's test. */
static int insert_some(const struct slot *s, int n)
{
	int i;

	if (n < 0)
		return -EINVAL;
	for (i = 0; i < n; i++)
		if (s[i].used < 0)
			return -ERANGE;
	return 0;
}

/* 0, or -1 with errno set. */
static int open_slots(int n)
{
	if (n > 8) {
		errno = EMFILE;
		return -1;
	}
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
	if (insert_some(NULL, n) == 1)
		return 0;
	if (open_slots(n) == 1)
		return 0;
	if (insert_all(v, n) < 0)
		return -ENOMEM;
	err = insert_all(v, n);
	if (err < 0)
		return -err;
	if (has_room(n) < 0)
		return -ENOSPC;
	return 0;
}
// expect: callsite-unsure.c:62:6: warning: 'insert_all' returns 0 or a negative errno (class errno, from its definition at callsite-unsure.c:16): 'insert_all(...) == 1' is never true; its success is 0 and its failure negative [retconv-C]
// expect: callsite-unsure.c:66:6: warning: 'open_slots' returns 0 or a negative errno (class errno, from its definition at callsite-unsure.c:43): 'open_slots(...) == 1' is never true; its success is 0 and its failure negative [retconv-C]
// expect: callsite-unsure.c:72:3: warning: 'insert_all' returns 0 or a negative errno (class errno, from its definition at callsite-unsure.c:16): 'load' returns '-err', a positive value, where it fails with a negative value elsewhere; return 'err' as it is [retconv-E]
// expect: callsite-unsure.c:70:2: note: 'err' holds the result of 'insert_all' from here
// expect: callsite-unsure.c:73:6: warning: 'has_room' returns only 0 or 1 (class boolean, from its definition at callsite-unsure.c:53), never negative: 'has_room(...) < 0' is never true; test it against 0 for what it means [retconv-C]
// stderr: retconv: callsite-unsure.c: note: parsed with errors: 2 other errors, the first: callsite-unsure.c:13:14: error: use of undeclared identifier 'UNDECLARED_CONSTANT'; checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
