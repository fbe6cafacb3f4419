// Rule A: actions return 0 or a negative errno.  Every way to break it.
#include <errno.h>
#include <stdbool.h>

struct work {
	int pending;
};

/* The 2006 queue_work: 1 for "queued", 0 for "already pending". */
int queue_work(struct work *w)
{
	int ret = 0;

	if (!w->pending) {
		w->pending = 1;
		ret = 1;
	}
	return ret;
}

bool add_work(struct work *w)
{
	if (w->pending)
		return false;
	w->pending = 1;
	return true;
}

int flush_work(struct work *w)
{
	return w->pending == 0;
}

int cancel_work(struct work *w)
{
	if (!w)
		return -EINVAL;
	if (!w->pending)
		return 0;
	w->pending = 0;
	return 1;
}

int start_work(struct work *w)
{
	return w ? 1 : 0;
}

/* Right: 0 or a negative errno. */
int schedule_work(struct work *w)
{
	if (!w)
		return -EINVAL;
	if (w->pending)
		return -EBUSY;
	w->pending = 1;
	return 0;
}

/* A count with errnos is a computation, read()'s shape: not rule A. */
int read_works(struct work *w, int n)
{
	if (!w)
		return -EINVAL;
	return n > 2 ? n : 2;
}
// expect: rule-a.c:10:5: warning: action 'queue_work' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: rule-a.c:18:2: note: returns 0 or 1
// expect: rule-a.c:21:6: warning: action 'add_work' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: rule-a.c:24:3: note: returns false
// expect: rule-a.c:26:2: note: returns true
// expect: rule-a.c:29:5: warning: action 'flush_work' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: rule-a.c:31:2: note: returns a boolean
// expect: rule-a.c:34:5: warning: action 'cancel_work' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: rule-a.c:37:3: note: returns a negative errno
// expect: rule-a.c:41:2: note: returns 1
// expect: rule-a.c:44:5: warning: action 'start_work' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: rule-a.c:46:2: note: returns 0 or 1
