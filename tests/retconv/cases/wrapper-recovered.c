// A pass-through wrapper clang met an error in (a member its missing
// header would declare) is still a wrapper when all it returns is its
// callee's result: its finding is the callee's, reported once, there.
#include <errno.h>

struct table {
	int n;
};

/* 0 or 1, or -EINVAL: a predicate's negative errno reads as true. */
int __table_is_mounted(struct table *tb, const char *prefix)
{
	if (!tb)
		return -EINVAL;
	return prefix != 0;
}
// args: --style
// expect: wrapper-recovered.c:11:5: warning: predicate '__table_is_mounted' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: wrapper-recovered.c:14:3: note: returns a negative errno

int table_is_mounted(struct table *tb)
{
	tb->lookups++;
	return __table_is_mounted(tb, 0);
}
// stderr: retconv: wrapper-recovered.c: note: parsed with errors: 1 other error, the first: wrapper-recovered.c:23:6: error: no member named 'lookups' in 'struct table'; checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
