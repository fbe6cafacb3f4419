// An attempt named by "try" before a verb (a ring's try_read, a pool's
// try_start_write, a waiter's try_to_wake) answers whether it worked when
// its returns are only 0 and 1, as the kernel's try_module_get() and a
// trylock do: a predicate, not an action that returns a boolean.  The
// name says neither on its own, so the returns settle it: an attempt
// whose failure is a negative errno (pool_try_send) is the action it
// tries, and one that mixes 1 with negative errnos (pool_try_reserve)
// still mixes.  Kernel style first (ints, 0/-errno), then user space
// (bool, camelCase).
#include <errno.h>
#include <stdbool.h>

struct ring {
	unsigned head, tail, writers;
};

int ring_try_read(struct ring *r)
{
	if (r->writers)
		return 0;
	r->tail++;
	return 1;
}

int ring_try_start_write(struct ring *r)
{
	if (r->writers)
		return 0;
	r->writers = 1;
	return 1;
}

int ring_try_to_wake(struct ring *r)
{
	return r->writers == 0;
}

int pool_try_send(struct ring *r)
{
	if (r->writers)
		return -EAGAIN;
	r->head++;
	return 0;
}

int pool_try_reserve(struct ring *r)
{
	if (!r)
		return -EINVAL;
	if (r->writers)
		return 1;
	return 0;
}

struct cache {
	int used;
};

bool cacheTryInsert(struct cache *c)
{
	if (c->used > 7)
		return false;
	c->used++;
	return true;
}

bool cacheInsert(struct cache *c)
{
	if (c->used > 7)
		return false;
	c->used++;
	return true;
}

// expect: names-try.c:46:5: warning: action 'pool_try_reserve' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: names-try.c:49:3: note: returns a negative errno
// expect: names-try.c:51:3: note: returns 1
// expect: names-try.c:67:6: warning: action 'cacheInsert' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: names-try.c:70:3: note: returns false
// expect: names-try.c:72:2: note: returns true
