// A call site is wherever a result is tested: while and for conditions,
// ?:, the operands of && and ||, a switch, an assignment inside the test,
// a result passed through a local copy, a chain of "ret = f(); if (ret)".
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>

struct ring {
	int head;
	int tail;
};

/* 0 or a negative errno, from its definition. */
static int ring_push(struct ring *r, int v)
{
	if (r->head - r->tail > 15)
		return -ENOSPC;
	r->head += v ? 1 : 1;
	return 0;
}

/* 0 or 1, from its definition. */
static int ring_has_room(const struct ring *r)
{
	return r->head - r->tail < 16;
}

int fill(struct ring *r, int n)
{
	int i, ret;

	while (ring_push(r, n) == 1)
		n--;
	for (i = 0; ring_has_room(r) >= 0; i++)
		ring_push(r, i);
	ret = n && ring_push(r, 1) > 0 ? 1 : 0;
	if (!r || ring_has_room(r) < 0)
		return -EINVAL;
	if ((ret = ring_push(r, 2)) == 1)
		return -EIO;
	return ret;
}

int drain(struct ring *r)
{
	int ret = ring_has_room(r);
	int copy, again;

	copy = ret;
	again = copy;
	if (again < 0)
		return -EIO;
	ret = ring_push(r, 3);
	if (ret)
		return ret;
	ret = ring_push(r, 4);
	switch (ret) {
	case 0:
		return 0;
	case 1:
		return -EAGAIN;
	}
	return ret;
}

/* Not flagged: the copy was changed, or another value may reach the
 * test. */
int drain_right(struct ring *r, bool twice)
{
	int ret = ring_has_room(r);
	int copy = ret;

	copy -= 2;
	if (copy < 0)
		return -EIO;
	ret = ring_has_room(r);
	copy = ret;
	if (twice)
		copy = ring_push(r, 5);
	if (copy < 0)
		return copy;
	return 0;
}
// expect: callsite-contexts.c:32:9: warning: 'ring_push' returns 0 or a negative errno (class errno, from its definition at callsite-contexts.c:14): 'ring_push(...) == 1' is never true; its success is 0 and its failure negative [retconv-C]
// expect: callsite-contexts.c:34:14: warning: 'ring_has_room' returns only 0 or 1 (class boolean, from its definition at callsite-contexts.c:23), never negative: 'ring_has_room(...) >= 0' is always true; test it against 0 for what it means [retconv-C]
// expect: callsite-contexts.c:36:13: warning: 'ring_push' returns 0 or a negative errno (class errno, from its definition at callsite-contexts.c:14): 'ring_push(...) > 0' is never true; its success is 0 and its failure negative [retconv-C]
// expect: callsite-contexts.c:37:12: warning: 'ring_has_room' returns only 0 or 1 (class boolean, from its definition at callsite-contexts.c:23), never negative: 'ring_has_room(...) < 0' is never true; test it against 0 for what it means [retconv-C]
// expect: callsite-contexts.c:39:6: warning: 'ring_push' returns 0 or a negative errno (class errno, from its definition at callsite-contexts.c:14): 'ret == 1' is never true; its success is 0 and its failure negative [retconv-C]
// expect: callsite-contexts.c:39:7: note: 'ret' holds the result of 'ring_push' from here
// expect: callsite-contexts.c:51:6: warning: 'ring_has_room' returns only 0 or 1 (class boolean, from its definition at callsite-contexts.c:23), never negative: 'again < 0' is never true; test it against 0 for what it means [retconv-C]
// expect: callsite-contexts.c:46:6: note: 'again' holds the result of 'ring_has_room' from here
// expect: callsite-contexts.c:60:2: warning: 'ring_push' returns 0 or a negative errno (class errno, from its definition at callsite-contexts.c:14): 'case 1:' of a switch on 'ret' is never taken; its success is 0 and its failure negative [retconv-C]
// expect: callsite-contexts.c:56:2: note: 'ret' holds the result of 'ring_push' from here
