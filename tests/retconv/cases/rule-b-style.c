// With --style, rule B also reports a tri-state predicate (1, 0 or a
// negative errno) whose callers all test its sign first, and one no
// caller in the run reads: advice on the name, as the contract is kept.
// pthread's trylock, 0 or an errno, is an action, and a kernel trylock (1
// when it took the lock) that can fail too is a tri-state predicate.
// args: --style
#include <errno.h>
#include <stdbool.h>

struct lock {
	int held;
};

int lock_is_held(const struct lock *l)
{
	if (!l)
		return -EINVAL;
	return l->held;
}

int lock_can_take(const struct lock *l)
{
	if (!l)
		return -EINVAL;
	return !l->held;
}

int lock_trylock(struct lock *l)
{
	if (l->held)
		return -EBUSY;
	l->held = 1;
	return 0;
}

int lock_spin_trylock(struct lock *l)
{
	if (!l)
		return -EINVAL;
	if (l->held)
		return 0;
	l->held = 1;
	return 1;
}

int lock_take(struct lock *l)
{
	int held = lock_is_held(l);

	if (held < 0)
		return held;
	if (held)
		return -EBUSY;
	return lock_trylock(l);
}
// expect: rule-b-style.c:14:5: warning: predicate 'lock_is_held' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: rule-b-style.c:17:3: note: returns a negative errno
// expect: rule-b-style.c:21:5: warning: predicate 'lock_can_take' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: rule-b-style.c:24:3: note: returns a negative errno
// expect: rule-b-style.c:36:5: warning: predicate 'lock_spin_trylock' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: rule-b-style.c:39:3: note: returns a negative errno
