// A body with a preprocessor conditional inside is one configuration's:
// others may return what this one does not.  libuv's uv_cpumask_size()
// returns CPU_SETSIZE on Linux and UV_ENOTSUP elsewhere, and its callers
// rightly test it for < 0.  Such a function has no class.
#include <errno.h>

int cpumask_size(void)
{
#ifdef __linux__
	return 1024;
#else
	return -ENOTSUP;
#endif
}

int set_affinity(void)
{
	int n = cpumask_size();

	if (n < 0)
		return n;
	return 0;
}

/* Flagged: the same function without the conditional. */
int mask_words(void)
{
	return 16;
}

int set_mask(void)
{
	if (mask_words() < 0)
		return -EINVAL;
	return 0;
}
// expect: configured.c:26:5: warning: 'mask_words' is declared to return a signed int and 1 call site tests it for a negative value, but its body never returns one (class count, from its definition): return a negative value on failure, or make its failure plain to its callers and drop their tests [retconv-C]
// expect: configured.c:33:6: note: 'mask_words(...) < 0' in set_mask() expects a negative value
