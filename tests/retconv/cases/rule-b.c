// Rule B: predicates return a boolean, never a negative errno.
#include <errno.h>
#include <stdbool.h>

struct work {
	int state;
};

int is_queued(struct work *w)
{
	if (!w)
		return -EINVAL;
	return w->state == 1;
}

bool has_timer(struct work *w)
{
	if (!w)
		return -EINVAL;
	return w->state == 2;
}

int work_pending(struct work *w)
{
	return w->state ? 1 : -ENOENT;
}

int list_empty(struct work *w)
{
	if (w->state < 0)
		return -EIO;
	return !w->state;
}

/* Right: an int predicate that only gives 0 and 1 is a boolean. */
int should_run(struct work *w)
{
	return w->state > 0;
}

bool can_cancel(struct work *w)
{
	return w && w->state != 3;
}
// args: --style
// expect: rule-b.c:9:5: warning: predicate 'is_queued' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: rule-b.c:12:3: note: returns a negative errno
// expect: rule-b.c:16:6: warning: predicate 'has_timer' returns a negative errno, which reads as true; return a bool, or give it an action's name [retconv-B]
// expect: rule-b.c:19:3: note: returns a negative errno, converted to true
// expect: rule-b.c:23:5: warning: predicate 'work_pending' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: rule-b.c:25:2: note: returns a negative errno
// expect: rule-b.c:28:5: warning: predicate 'list_empty' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: rule-b.c:31:3: note: returns a negative errno
