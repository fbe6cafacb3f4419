// Rule B, where a predicate's negative errno reads as true.  Declared
// bool, the function itself turns it into true: reported always.  Declared
// int, it is a tri-state (1, 0 or a negative errno) whose callers must
// test the sign: reported, with a note at the read, where a caller reads
// it as a condition (if, a loop, ?:, !, && and ||) before any test of its
// sign, directly or through the variable that holds it; silent where every
// caller tests the sign first, tells it apart inside, or passes it on,
// and where no caller is in the run (a library's public predicate), which
// --style reports as advice (rule-b-style.c); and where rule D reports the
// read already, at the call.  A trylock whose
// returns are 0 and negative errnos is pthread's, an action.
#include <errno.h>
#include <stdbool.h>

struct req {
	int state;
	int owner;
	int held;
};

/* The bug: no caller can ever see the error. */
bool req_is_pending(const struct req *r)
{
	if (!r)
		return -EINVAL;
	return r->state == 1;
}

/* Tested as a condition by its callers: -ENOSYS reads as "bad". */
int req_is_bad(const struct req *r)
{
	if (r->state < 0)
		return -ENOSYS;
	return r->state == 2;
}

/* Every caller tests the sign first. */
int req_has_owner(const struct req *r)
{
	if (!r)
		return -EINVAL;
	return r->owner != 0;
}

/* A public predicate nothing in the run calls. */
int req_can_retry(const struct req *r)
{
	if (!r)
		return -EINVAL;
	return r->state == 3;
}

/* pthread's trylock: 0 when it took the lock, an errno when not. */
int req_trylock(struct req *r)
{
	if (r->held)
		return -EBUSY;
	r->held = 1;
	return 0;
}

int req_drop(struct req *r)
{
	if (req_is_bad(r))
		return -EIO;
	r->state = 0;
	return 0;
}

int req_wait(struct req *r)
{
	int bad = req_is_bad(r);

	if (!bad && r->state == 1)
		r->state = 0;
	return bad ? -EIO : 0;
}

int req_claim(struct req *r)
{
	int rc = req_has_owner(r);

	if (rc < 0)
		return rc;
	if (rc)
		return -EBUSY;
	r->owner = 1;
	return 0;
}

int req_steal(struct req *r)
{
	int rc = req_has_owner(r);

	if (rc) {
		if (rc == -EINVAL)
			return rc;
		r->owner = 0;
	}
	return 0;
}

int req_owned(struct req *r)
{
	int rc = req_has_owner(r);

	if (rc)
		return rc;
	return req_is_pending(r) ? 1 : 0;
}

/* Its positive values are counts too: rule D reports the call that
 * reads its error as a value, and rule B does not say it again. */
int req_has_waiters(const struct req *r)
{
	if (!r)
		return -EINVAL;
	if (r->state > 4)
		return r->state;
	return r->owner != 0;
}

int req_wake(struct req *r)
{
	if (!req_has_waiters(r))
		return -ENOENT;
	r->state = 0;
	return 0;
}

/* The sign test around the store itself: the only negative value it
 * can be goes before the read as a truth value. */
int req_yield(struct req *r)
{
	int rc;

	if ((rc = req_has_owner(r)) == -EINVAL)
		return -EIO;
	return rc ? -EBUSY : 0;
}
// expect: rule-b-tristate.c:22:6: warning: predicate 'req_is_pending' returns a negative errno, which reads as true; return a bool, or give it an action's name [retconv-B]
// expect: rule-b-tristate.c:25:3: note: returns a negative errno, converted to true
// expect: rule-b-tristate.c:30:5: warning: predicate 'req_is_bad' returns a negative errno beside its answer, and a caller reads the result as true or false, so the error reads as true; test its sign there, or return a bool [retconv-B]
// expect: rule-b-tristate.c:64:6: note: its result is read as true or false here, with no test of its sign: a negative errno reads as true
// expect: rule-b-tristate.c:74:7: note: 'bad', holding its result, is read as true or false here, with no test of its sign: a negative errno reads as true
// expect: rule-b-tristate.c:76:9: note: 'bad', holding its result, is read as true or false here, with no test of its sign: a negative errno reads as true
// expect: rule-b-tristate.c:33:3: note: returns a negative errno
// expect: rule-b-tristate.c:125:6: warning: 'req_has_waiters' returns a value or a negative errno (class mixed, from its definition at rule-b-tristate.c:114): the branch taken on 0 handles an error, but nothing here tests for a negative value, so its errors pass as values; test it for < 0 too [retconv-D]
// expect: rule-b-tristate.c:126:3: note: the branch returns a negative errno
