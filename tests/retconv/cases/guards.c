// "if (ret < 0) return ret;" passes on only the errnos of ret: an action
// may call a function that gives 1 and still return 0 or -errno.
#include <errno.h>

struct item {
	int state;
};

int grab_item(struct item *it);

/* 1 when stolen, 0 when idle, -EAGAIN meanwhile: mixed, and static. */
static int steal_item(struct item *it)
{
	if (it->state < 0)
		return -EAGAIN;
	return it->state ? 1 : 0;
}

int cancel_item(struct item *it)
{
	int ret;

	ret = steal_item(it);
	if (ret < 0)
		return ret;
	if (!ret)
		return -ENOENT;
	it->state = 0;
	return 0;
}

int flush_item(struct item *it)
{
	int ret = steal_item(it);

	if (ret >= 0) {
		it->state = 0;
	} else {
		it->state = -1;
		return ret;
	}
	return 0;
}

/* The guard tests another variable: ret may still be 1. */
int drain_item(struct item *it)
{
	int ret = steal_item(it);
	int busy = it->state;

	if (busy < 0)
		return ret;
	return -EBUSY;
}

/* A guard on 0 keeps the 1. */
int stop_item(struct item *it)
{
	int ret = steal_item(it);

	if (ret)
		return ret;
	return -EIO;
}

/* A conditional's test restricts its arms the same way. */
int reset_item(struct item *it)
{
	int ret = steal_item(it);

	return ret < 0 ? ret : 0;
}

/* ...and lets the 1 through when it lets the positives through. */
int queue_item(struct item *it)
{
	int ret = steal_item(it);

	return ret >= 0 ? ret : -EIO;
}

/* A statement expression gives its last statement. */
int sync_item(struct item *it)
{
	return ({ int r = steal_item(it); r < 0 ? r : 0; });
}

int arm_item(struct item *it)
{
	return ({ it->state = 1; 1; });
}
// expect: guards.c:46:5: warning: action 'drain_item' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: guards.c:52:3: note: returns 1 or a negative errno
// expect: guards.c:53:2: note: returns a negative errno
// expect: guards.c:57:5: warning: action 'stop_item' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: guards.c:62:3: note: returns 1 or a negative errno
// expect: guards.c:63:2: note: returns a negative errno
// expect: guards.c:75:5: warning: action 'queue_item' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: guards.c:79:2: note: returns 1 or a negative errno
// expect: guards.c:88:5: warning: action 'arm_item' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: guards.c:90:2: note: returns 1
