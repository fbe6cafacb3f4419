// SPDX-License-Identifier: MIT
/*
 * A function whose body a macro writes (DEFINE_PARSE_LIST(u16, ...)):
 * libclang places the operators of a macro's body at the macro's use,
 * where their text is not, so "n++" or "n = count" reads as no operator
 * at all.  Such a store to a local left it at its first value, and a
 * count that starts at 0 and grows with each item parsed read as 0 or
 * -1: a "n == 0" test for "no item" was then "0 is success, but the
 * branch taken on 0 handles an error" (false).  A store that cannot be
 * read leaves the value unknown.  A macro-written function whose returns
 * are constants (0 or -EINVAL, nothing followed) is read as before, and
 * its 0 taken for a failure is still reported; so is a plain function's
 * count that the body leaves 0.
 */
#include <stdlib.h>
#include <string.h>

#define EINVAL 22

/* User space: a list parser per type, the number of values parsed. */
#define DEFINE_PARSE_LIST(name, type)					\
int parse_list_##name(char *s, type *val, unsigned int max)		\
{									\
	unsigned int n = 0;						\
	int ret = 0;							\
	char *tok;							\
									\
	if (!s || !*s)							\
		return 0;						\
	for (tok = strtok(s, ","); tok; tok = strtok(NULL, ",")) {	\
		if (n >= max)						\
			return -1;					\
		val[n++] = (type)atoi(tok);				\
		ret++;							\
	}								\
	return ret;							\
}

DEFINE_PARSE_LIST(u16, unsigned short)

int set_ids(char *arg)
{
	unsigned short ids[8];
	int n = parse_list_u16(arg, ids, 8);

	if (n < 0)
		return -EINVAL;
	if (n == 0)
		return -EINVAL;
	return 0;
}

/* Kernel style: a macro-written check whose returns are constants. */
struct dev {
	int mode;
};

#define DEFINE_MODE_CHECK(name, want)					\
static int name##_check(struct dev *d)					\
{									\
	if (d->mode != (want))						\
		return -EINVAL;						\
	return 0;							\
}

DEFINE_MODE_CHECK(fast, 2)

int dev_go_fast(struct dev *d)
{
	if (!fast_check(d))
		return -EINVAL;
	return 0;
}

/* A plain function whose count nothing raises: still 0 or -1, never 1
 * (its 0 and -1 alone show no success: rule D says nothing of them). */
static int parse_nothing(char *s)
{
	int ret = 0;

	if (!s)
		return -1;
	return ret;
}

int use_nothing(char *s)
{
	if (parse_nothing(s) == 1)
		return -EINVAL;
	return 0;
}

// expect: macro-body-ops.c:70:6: warning: 'fast_check' returns 0 or a negative errno (class errno, from its definition at macro-body-ops.c:66): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: macro-body-ops.c:71:3: note: the branch returns a negative errno
// expect: macro-body-ops.c:88:6: warning: 'parse_nothing' returns 0 or a negative errno (class errno, from its definition at macro-body-ops.c:77): 'parse_nothing(...) == 1' is never true; its success is 0 and its failure negative [retconv-C]
