// SPDX-License-Identifier: MIT
/*
 * A call written as a function-like macro that expands to the call alone
 * (casts aside) is that call: the short form of a function that fills in
 * an argument, "#define bus_claim(b) __bus_claim(b, 0)" in kernel style, a
 * portable name in user space.  The value the site tests is the
 * function's, and its class judges the site, as if the call were written
 * there.  Not read through: a macro that tests the result in its own body
 * (sites-macro.c), one that computes from it ("!!f(x)"), and a branch
 * hint's builtin.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <pthread.h>

struct bus {
	int owner;
	int users;
};

/* Kernel style: 0 or a negative errno, and a 0/1 answer. */
static int __bus_claim(struct bus *b, int flags)
{
	if (b->owner && !(flags & 1))
		return -EBUSY;
	b->owner = 1;
	return 0;
}

static bool __bus_idle(const struct bus *b, int strict)
{
	return strict ? !b->users : b->users < 2;
}

#define bus_claim(b) __bus_claim((b), 0)
#define bus_claim_shared(b) ((int)__bus_claim((b), 1))
#define bus_idle(b) __bus_idle((b), 1)
#define bus_busy(b) (!!__bus_idle((b), 0))
#define unlikely(x) __builtin_expect(!!(x), 0)

int bus_start(struct bus *b)
{
	int ret;

	if (bus_claim(b) == 1)
		return -EAGAIN;
	if (bus_idle(b) < 0)
		return -EIO;
	ret = bus_claim_shared(b);
	if (ret > 0)
		return -EIO;
	return 0;
}

/* User space: pthread's 0 or positive errno behind a portable name. */
#define os_mutex_lock(m) pthread_mutex_lock(m)

int os_enter(pthread_mutex_t *m)
{
	if (os_mutex_lock(m) < 0) {
		fprintf(stderr, "lock failed\n");
		return -1;
	}
	return 0;
}

/* Right: the same calls tested as their classes say, a macro that
 * computes from the result, and a branch hint. */
int bus_start_right(struct bus *b, pthread_mutex_t *m)
{
	int ret = bus_claim(b);

	if (ret < 0)
		return ret;
	if (!bus_idle(b))
		return -EBUSY;
	if (bus_busy(b) >= 0 && os_mutex_lock(m) != 0)
		return -EIO;
	if (unlikely(b->users > 4))
		return -EMFILE;
	return 0;
}
// expect: callsite-macro-call.c:46:6: warning: '__bus_claim' returns 0 or a negative errno (class errno, from its definition at callsite-macro-call.c:23): '__bus_claim(...) == 1' is never true; its success is 0 and its failure negative [retconv-C]
// expect: callsite-macro-call.c:48:6: warning: '__bus_idle' returns only 0 or 1 (class boolean, from its definition at callsite-macro-call.c:31), never negative: '__bus_idle(...) < 0' is never true; test it against 0 for what it means [retconv-C]
// expect: callsite-macro-call.c:51:6: warning: '__bus_claim' returns 0 or a negative errno (class errno, from its definition at callsite-macro-call.c:23): 'ret > 0' is never true; its success is 0 and its failure negative [retconv-C]
// expect: callsite-macro-call.c:50:2: note: 'ret' holds the result of '__bus_claim' from here
// expect: callsite-macro-call.c:61:6: warning: 'pthread_mutex_lock' returns 0 or a positive errno (class perrno, from the built-in table), never negative: 'pthread_mutex_lock(...) < 0' is never true; its failure is non-zero [retconv-C]
