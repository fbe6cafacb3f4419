// A body a macro may have written (a return on the line of the name)
// does not give rule C's comparisons beyond the sign a class: what the
// macro's body stores is not seen, so a count reads as its first 0.
#include <errno.h>

#define DEFINE_COUNT(name, type)					\
static int count_##name(const type *v, int n)			\
{								\
	int ret = 0;						\
								\
	if (n < 0)						\
		return -EINVAL;					\
	while (ret < n && v[ret])				\
		ret++;						\
	return ret;						\
}

DEFINE_COUNT(bytes, char)

static int get_mode(int x) { return x ? -EINVAL : 0; }

int load(const char *v, int n)
{
	if (count_bytes(v, n) > 4)
		return -E2BIG;
	if (get_mode(n) > 0)
		return -EIO;
	return 0;
}
