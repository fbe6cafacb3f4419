// SPDX-License-Identifier: MIT
/*
 * A trylock that succeeds where the lock should already be held is the
 * error: "if (mutex_trylock(&m)) BUG();" asserts that the caller holds
 * it, and so does a branch that releases the lock it just took before
 * it complains.  Rule D leaves such branches alone.  A branch taken on
 * the trylock's success that returns an error without releasing the lock
 * or aborting is the inverted test, and is reported.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

struct mutex;

int mutex_trylock(struct mutex *m);
void mutex_unlock(struct mutex *m);

struct pool {
	struct mutex *lock;
	int free;
};

void pool_shrink_held(struct pool *p)
{
	if (mutex_trylock(p->lock))
		abort();
	p->free = 0;
}

void pool_flush_held(struct pool *p)
{
	if (mutex_trylock(p->lock)) {
		mutex_unlock(p->lock);
		fprintf(stderr, "pool: flush without the lock\n");
		return;
	}
	p->free = 0;
}

int pool_grow(struct pool *p)
{
	if (mutex_trylock(p->lock))
		return -EBUSY;
	p->free++;
	mutex_unlock(p->lock);
	return 0;
}
// expect: rule-d-trylock.c:43:6: warning: 'mutex_trylock' returns only 0 or 1 (class boolean, from the built-in table): 1 is success, but the branch taken on 1 handles an error [retconv-D]
// expect: rule-d-trylock.c:44:3: note: the branch returns a negative errno
