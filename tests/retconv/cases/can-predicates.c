// User space: can_ starts only predicates' names here, so it asks, and a
// predicate that returns a negative errno is still reported (rule B).  One
// function of the kind no predicate is does not make can a noun.
#include <stdbool.h>
#include <stddef.h>

struct task {
	int prio;
	bool frozen;
};

void can_trace(struct task *t)
{
	(void)t;
}

bool can_freeze(const struct task *t)
{
	return !t->frozen;
}

int can_sleep(const struct task *t)
{
	if (!t)
		return -1;
	return t->prio < 10;
}
// args: --style
// expect: can-predicates.c:22:5: warning: predicate 'can_sleep' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: can-predicates.c:25:3: note: returns a negative errno
