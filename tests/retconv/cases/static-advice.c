// With --static, static functions are reported too, and say so.
// args: --static
#include <errno.h>
#include <stdbool.h>

static bool add_entry(int *slot)
{
	if (*slot)
		return false;
	*slot = 1;
	return true;
}

static int entry_busy(const int *slot)
{
	return *slot < 0 ? -EINVAL : *slot != 0;
}

int use_entry(int *slot)
{
	if (entry_busy(slot))
		return -EBUSY;
	return add_entry(slot) ? 0 : -EBUSY;
}
// expect: static-advice.c:6:13: warning: static action 'add_entry' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: static-advice.c:9:3: note: returns false
// expect: static-advice.c:11:2: note: returns true
// expect: static-advice.c:14:12: warning: static predicate 'entry_busy' returns a negative errno beside its answer, and a caller reads the result as true or false, so the error reads as true; test its sign there, or return a bool [retconv-B]
// expect: static-advice.c:21:6: note: its result is read as true or false here, with no test of its sign: a negative errno reads as true
// expect: static-advice.c:16:2: note: returns a negative errno
