// A definition that shows only one way is one configuration's stub, not
// the function's class for rule C's comparisons: a stub that returns 0
// (or only -ENOSYS) may stand for a function that returns 1 elsewhere.
// A signed function whose body never returns a negative value, compared
// with -1 by its callers, is reported once at the callee.
#include <errno.h>

struct bus;

#ifdef CONFIG_BUS_PM
int bus_suspend(struct bus *b);
int bus_wake(struct bus *b);
#else
static inline int bus_suspend(struct bus *b)
{
	return 0;
}

static inline int bus_wake(struct bus *b)
{
	return -ENOSYS;
}
#endif

/* Never negative, though declared int. */
int bus_count(struct bus *b)
{
	return b ? 2 : 0;
}

/* Not flagged: the stubs. */
int bus_settle(struct bus *b)
{
	if (bus_suspend(b) == 1)
		return 0;
	if (bus_wake(b) > 0)
		return -EAGAIN;
	return -bus_suspend(b) + 1;
}

int bus_check(struct bus *b)
{
	if (bus_count(b) == -1)
		return -EIO;
	return 0;
}
// expect: callsite-stub.c:26:5: warning: 'bus_count' is declared to return a signed int and 1 call site tests it for a negative value, but its body never returns one (class count, from its definition): return a negative value on failure, or make its failure plain to its callers and drop their tests [retconv-C]
// expect: callsite-stub.c:43:6: note: 'bus_count(...) == -1' in bus_check() expects a negative value
