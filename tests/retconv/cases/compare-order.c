// A comparison for order (str_cmp, key_compare) returns less than, equal
// to or greater than 0, and none of them is an error: its -1 is "less",
// so a branch taken on its 0 ("equal") is no error handling that misses
// negative values.  A value-or-errno callee of the same shape is still
// read so (rule D).
#include <errno.h>

struct str {
	const char *p;
	long len;
};

int str_cmp(const struct str *a, const struct str *b)
{
	if (a->len <= 0)
		return b->len <= 0 ? 0 : -1;
	if (b->len <= 0)
		return 1;
	return a->p[0] - b->p[0];
}

int str_unique(const struct str *v, int n)
{
	int i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < i; j++)
			if (str_cmp(&v[i], &v[j]) == 0)
				return -1;
	return 0;
}

int str_find_len(const struct str *s)
{
	if (!s->p)
		return -EINVAL;
	return s->len > 5 ? 5 : (int)s->len;
}

int str_check(const struct str *s)
{
	if (str_find_len(s) == 0)
		return -ENODATA;
	return 0;
}
// expect: compare-order.c:42:6: warning: 'str_find_len' returns a value or a negative errno (class mixed, from its definition at compare-order.c:33): the branch taken on 0 handles an error, but nothing here tests for a negative value, so its errors pass as values; test it for < 0 too [retconv-D]
// expect: compare-order.c:43:3: note: the branch returns a negative errno
