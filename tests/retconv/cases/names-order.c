// A comparison for order returns less than, equal to or greater than 0,
// whatever verb its name starts with: neither an action nor a predicate.
// A state after an adverb of time (already_done, still_running) asks
// whether the state is reached: a predicate, even after a verb.
#include <errno.h>
#include <stdbool.h>

struct entry {
	long when;
	int pri;
};

/* User space: ordering for a sorted schedule. */
int schedule_entry_compare(const struct entry *a, const struct entry *b)
{
	if (a->when < b->when)
		return -1;
	if (a->when > b->when)
		return 1;
	return 0;
}

int key_cmp(const char *a, const char *b)
{
	if (*a == *b)
		return 0;
	return *a < *b ? -1 : 1;
}

/* The same returns from an action are still rule A's. */
int schedule_entry(struct entry *e)
{
	if (!e)
		return -EINVAL;
	return e->pri > 0;
}
// expect: names-order.c:31:5: warning: action 'schedule_entry' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: names-order.c:34:3: note: returns a negative errno
// expect: names-order.c:35:2: note: returns a boolean

/* Kernel style: whether the firmware load is done already. */
int fw_load_already_done(const struct entry *fw)
{
	return fw->pri == 1;
}

/* A predicate's negative errno reads as true: rule B's. */
int mnt_update_already_done(struct entry *u)
{
	if (!u)
		return -EINVAL;
	return u->when != 0;
}
// expect: names-order.c:48:5: warning: predicate 'mnt_update_already_done' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: names-order.c:51:3: note: returns a negative errno
// args: --style
