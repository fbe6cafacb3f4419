// An attempt on a lock named before "try" (a reader-writer lock's
// rwlock_try_read, a mutex's try_start_write) is a trylock by another
// spelling: 1 when it took the lock, 0 when not, the kernel's
// down_read_trylock() convention, a predicate, as try with lock last
// (try_tree_lock) is.  An attempt on anything else says neither
// (ring_try_read returns whether it read, and stays an action that
// returns a boolean), nor does a block's or a clock's try (not locks);
// pthread's convention (0 when taken, an errno when not) still makes the
// action it is.  Kernel style first (ints, 0/-errno), then user space
// (bool, camelCase).
#include <errno.h>
#include <stdbool.h>

struct rwlock {
	int readers, writer;
};

int rwlock_try_read(struct rwlock *l)
{
	if (l->writer)
		return 0;
	l->readers++;
	return 1;
}

int rwlock_try_start_write(struct rwlock *l)
{
	if (l->writer || l->readers)
		return 0;
	l->writer = 1;
	return 1;
}

int mutex_try_hold(struct rwlock *l)
{
	if (l->writer)
		return -EBUSY;
	l->writer = 1;
	return 0;
}

int ring_try_read(struct rwlock *l)
{
	if (l->writer)
		return 0;
	l->readers++;
	return 1;
}

int block_try_read(struct rwlock *l)
{
	if (l->writer)
		return 0;
	return 1;
}

struct spinlock {
	int held;
};

bool spinlockTryTake(struct spinlock *s)
{
	if (s->held)
		return false;
	s->held = 1;
	return true;
}

bool queueTryInsert(struct spinlock *s)
{
	if (s->held)
		return false;
	return true;
}
// expect: names-try.c:42:5: warning: action 'ring_try_read' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: names-try.c:47:2: note: returns 1
// expect: names-try.c:50:5: warning: action 'block_try_read' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: names-try.c:54:2: note: returns 1
// expect: names-try.c:69:6: warning: action 'queueTryInsert' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: names-try.c:72:3: note: returns false
// expect: names-try.c:73:2: note: returns true
