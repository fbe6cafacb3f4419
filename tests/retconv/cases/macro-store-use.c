// SPDX-License-Identifier: MIT
/*
 * A store that a macro used in the body writes ("ret = (func); if (ret)
 * goto abort;" of md4c's MD_CHECK()): libclang places the macro body's
 * tokens at its use, so the first punctuation between the store's operands
 * was the "(" after the macro's name, taken for the operator, and the
 * store was no store.  The function then read as its constants alone, 0
 * and 1, and a caller's "< 0" of the -1 the store passes on was "never
 * true" (false).  Nothing written between two operands reads as no
 * operator: the store leaves the value unknown, and nothing is said of
 * the caller's test.  The same store written out is followed, and the
 * test is right.  A function that only tests inside the macro is still
 * read by its returns.
 */
#define CHECK(func)				\
	do {					\
		ret = (func);			\
		if (ret != 0)			\
			goto abort;		\
	} while (0)

static int alloc_title(int n)
{
	if (n > 100)
		return -1;
	return 0;
}

static int is_link_spec(int n)
{
	int ret = 0;

	if (n < 2)
		return 0;
	if (n > 10)
		return 1;
	CHECK(alloc_title(n));
	ret = 1;
abort:
	return ret;
}

static int is_link_spec_written(int n)
{
	int ret = 0;

	if (n < 2)
		return 0;
	ret = alloc_title(n);
	if (ret != 0)
		goto abort;
	ret = 1;
abort:
	return ret;
}

static int is_short(int n)
{
	return n < 3;
}

int resolve_link(int n)
{
	int is = is_link_spec(n);

	if (is < 0)
		return -1;
	is = is_link_spec_written(n);
	if (is < 0)
		return -1;
	if (is_short(n) < 0)
		return -1;
	return 0;
}
// expect: macro-store-use.c:71:6: warning: 'is_short' returns only 0 or 1 (class boolean, from its definition at macro-store-use.c:57), never negative: 'is_short(...) < 0' is never true; test it against 0 for what it means [retconv-C]
