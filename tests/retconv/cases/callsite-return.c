// What a function that fails with negative errnos must not return: an
// errno without its minus sign ("return EIO;"), an errno negated once
// more ("err = start(); if (err < 0) return -err;"), a positive errno
// from pthread passed on as it is.  Its callers test for < 0 and take
// each of these for success.
#include <errno.h>
#include <pthread.h>
#include <stddef.h>

#define EMYPROTO 200	/* a project's own code, not an errno */

struct chan {
	int open;
	pthread_mutex_t lock;
};

/* 0 or a negative errno, from its definition. */
static int chan_start(struct chan *c)
{
	if (!c)
		return -EINVAL;
	c->open = 1;
	return 0;
}

int chan_open(struct chan *c)
{
	if (!c)
		return -EINVAL;
	if (c->open)
		return EBUSY;
	return chan_start(c);
}

int chan_reopen(struct chan *c)
{
	int err = chan_start(c);

	if (err < 0)
		return -err;
	if (!c->open)
		return -ENODEV;
	return 0;
}

int chan_lock(struct chan *c)
{
	if (!c)
		return -EINVAL;
	return pthread_mutex_lock(&c->lock);
}

/* Not flagged: this function's convention is the positive errno
 * throughout, so a negation converts to it. */
int chan_open_pos(struct chan *c)
{
	if (!c)
		return EINVAL;
	if (c->open)
		return EBUSY;
	return -chan_start(c);
}

/* Not flagged: a project's constant that is not an errno, a
 * negation of a positive errno, a pthread errno converted. */
int chan_check(struct chan *c)
{
	int err;

	if (!c)
		return -EINVAL;
	if (c->open > 2)
		return EMYPROTO;
	err = pthread_mutex_unlock(&c->lock);
	if (err)
		return -err;
	return -pthread_mutex_trylock(&c->lock);
}
// expect: callsite-return.c:31:3: warning: 'chan_open' fails with a negative value elsewhere, but returns EBUSY here, a positive errno its callers' failure tests (< 0) miss; return -EBUSY [retconv-E]
// expect: callsite-return.c:40:3: warning: 'chan_start' returns 0 or a negative errno (class errno, from its definition at callsite-return.c:18): 'chan_reopen' returns '-err', a positive value, where it fails with a negative value elsewhere; return 'err' as it is [retconv-E]
// expect: callsite-return.c:37:6: note: 'err' holds the result of 'chan_start' from here
// expect: callsite-return.c:50:2: warning: 'pthread_mutex_lock' returns 0 or a positive errno (class perrno, from the built-in table), and 'chan_lock' returns 'pthread_mutex_lock(...)' as it is, where it fails with a negative value elsewhere: its callers' failure tests (< 0) miss this one; return it negated [retconv-E]
