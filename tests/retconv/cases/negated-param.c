// SPDX-License-Identifier: MIT
/*
 * A parameter negated below a test that returned on its other signs.
 *
 * A converter from a library's negative codes to positive errno values
 * (to_errno(), stored into errno by its callers) returns early for 0 and
 * above, so "return -code;" after that test gives a positive errno, as
 * do its constant returns: the function is one of positive errnos
 * throughout, and none of its returns is a positive errno "beside
 * negative failures".  A function that negates a parameter nothing
 * bounds still gives a negative errno (clamp_err(): "return -n;" is
 * kernel style's -errno), and one whose test leaves the parameter
 * positive (neg_errno()) gives a negative one, so its positive EIO
 * beside them is still reported.
 */
#include <errno.h>

#define LIB_NOMEM 1
#define LIB_BUSY 2
#define LIB_MAX 16

static int to_errno(int code)
{
	if (code >= 0)
		return 0;
	if (-code > LIB_MAX)
		return -code;
	switch (-code) {
	case LIB_NOMEM:
		return ENOMEM;
	case LIB_BUSY:
		return EBUSY;
	default:
		return EINVAL;
	}
}

int lib_call(int arg);

int do_call(int arg)
{
	int code = lib_call(arg);

	if (code < 0) {
		errno = to_errno(code);
		return -1;
	}
	return 0;
}

int clamp_err(int n)
{
	if (n == 0)
		return 0;
	return -n;
}

int neg_errno(int e)
{
	if (e <= 0)
		return EIO;
	return -e;
}
// expect: negated-param.c:61:3: warning: 'neg_errno' fails with a negative value elsewhere, but returns EIO here, a positive errno its callers' failure tests (< 0) miss; return -EIO [retconv-E]
