// SPDX-License-Identifier: MIT
/*
 * Two readings of rule E that depend on more than a return's spelling.
 *
 * A comparison for order returns less than, equal to or greater than 0:
 * its -1 is "less", no failure, so a positive errno it also returns
 * (label_cmp()'s EINVAL for labels that cannot be compared, which its
 * callers test for by name first) is not "a positive errno beside
 * negative failures".  A function that does fail with -1 and returns
 * EINVAL elsewhere is still reported (fetch_label()).
 *
 * "return -rc;" of a 0/-errno result is a positive value, reported; but
 * under "if (rc > 0)" the test has left rc positive, and the negation
 * turns a result its callee was not meant to give into the negative errno
 * the caller promises (parse_mcc(); its "rc > 0" is still rule C's, a
 * dead test, since str_to_num() gives no positive value).  The same
 * negation under "if (rc < 0)" is still reported (parse_mnc()).
 */
#include <errno.h>
#include <string.h>

int str_to_num(int *out, const char *s);

static int label_cmp(const char *a, const char *b)
{
	size_t al = strlen(a), bl = strlen(b);

	if (strncmp(a, b, al < bl ? al : bl))
		return EINVAL;
	if (al == bl)
		return 0;
	return al < bl ? -1 : 1;
}

int fetch_label(const char *a, char *out, size_t len)
{
	if (!a)
		return -1;
	if (strlen(a) >= len)
		return EINVAL;
	strcpy(out, a);
	return 0;
}

int label_level(const char *a, const char *b)
{
	int cmp = label_cmp(a, b);

	if (cmp == EINVAL)
		return -EINVAL;
	return cmp < 0 ? 1 : 0;
}

int str_to_num(int *out, const char *s)
{
	if (!s || !*s)
		return -EINVAL;
	*out = (int)strlen(s);
	return 0;
}

int parse_mcc(const char *s, int *mcc)
{
	int rc = str_to_num(mcc, s);

	if (rc > 0)
		return -rc;
	if (rc < 0)
		return rc;
	return 0;
}

int parse_mnc(const char *s, int *mnc)
{
	int rc;

	if (!mnc)
		return -EINVAL;
	rc = str_to_num(mnc, s);
	if (rc < 0)
		return -rc;
	return 0;
}
// expect: negated-guarded.c:40:3: warning: 'fetch_label' fails with a negative value elsewhere, but returns EINVAL here, a positive errno its callers' failure tests (< 0) miss; return -EINVAL [retconv-E]
// expect: negated-guarded.c:66:6: warning: 'str_to_num' returns 0 or a negative errno (class errno, from its definition at negated-guarded.c:54): 'rc > 0' is never true; its success is 0 and its failure negative [retconv-C]
// expect: negated-guarded.c:64:6: note: 'rc' holds the result of 'str_to_num' from here
// expect: negated-guarded.c:81:3: warning: 'str_to_num' returns 0 or a negative errno (class errno, from its definition at negated-guarded.c:54): 'parse_mnc' returns '-rc', a positive value, where it fails with a negative value elsewhere; return 'rc' as it is [retconv-E]
// expect: negated-guarded.c:79:2: note: 'rc' holds the result of 'str_to_num' from here
