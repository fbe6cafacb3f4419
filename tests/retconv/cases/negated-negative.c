// SPDX-License-Identifier: MIT
/*
 * "return -res;" where res holds only 0 and negative values at that
 * return: the negation gives the failure positive, where the function
 * fails with a negative value elsewhere and its callers test for < 0.
 * Right: a variable that holds a call's negative result (judged by the
 * callee's class, callsite-return.c), one that may hold a positive value,
 * a function that fails with no negative value elsewhere, and a
 * comparison for order.  The same reading in a branch of #if that the
 * configuration skips, where the function's other returns are weighed
 * too (and "return EIO;" there).
 */
#include <errno.h>

struct sock {
	int bound;
	int type;
	int backlog;
};

int sock_listen_tcp(struct sock *s);
int sock_peek(struct sock *s);

/* User space: -1 with errno set, as POSIX's listen() does. */
int sock_listen(struct sock *s, int backlog)
{
	int res = 0;

	if (!s) {
		errno = EBADF;
		return -1;
	}
	switch (s->type) {
	case 1:
		if (s->bound)
			res = sock_listen_tcp(s);
		else
			res = -EDESTADDRREQ;
		break;
	default:
		res = -EOPNOTSUPP;
		break;
	}
	if (res == 0) {
		s->backlog = backlog;
	} else {
		errno = -res;
		res = -1;
	}
	return -res;
}

/* Kernel style: 0 or a negative errno. */
int quux_bind(struct sock *s)
{
	int err = -EINVAL;

	if (!s)
		return -ENODEV;
	if (s->type == 2)
		err = -EAFNOSUPPORT;
	return -err;
}

/* Right: the value may be positive at the return. */
int quux_depth(struct sock *s)
{
	int n = -EINVAL;

	if (!s)
		return -ENODEV;
	if (s->backlog > 0)
		n = -s->backlog;
	return -n;
}

/* Right: a call's negative result, whatever the callee gives. */
int quux_peek(struct sock *s)
{
	int err = 0;

	if (!s)
		return -ENODEV;
	if (s->bound)
		err = sock_peek(s);
	else
		err = sock_listen_tcp(s);
	if (err < 0)
		return -err;
	return 0;
}

/* Right: no negative value elsewhere (a function of positive errnos). */
int quux_reason(struct sock *s)
{
	int err = -EPIPE;

	if (!s)
		return EINVAL;
	if (s->bound)
		err = 0;
	return -err;
}

/* Right: a comparison for order turns its answer round. */
int sock_compare(const struct sock *a, const struct sock *b)
{
	int r = 0;

	if (!a)
		return -1;
	if (a->type < b->type)
		r = -1;
	return -r;
}

#ifdef CONFIG_SOCK_RAW
int sock_raw_open(struct sock *s)
{
	int res = -EPERM;

	if (!s)
		return -1;
	if (s->type == 3)
		return EPROTO;
	return -res;
}
#endif
// expect: negated-negative.c:50:2: warning: 'sock_listen' fails with a negative value elsewhere, but returns '-res' here, where 'res' holds only 0 or a negative value: its failure comes out positive, which its callers' failure tests (< 0) miss; return 'res' as it is [retconv-E]
// expect: negated-negative.c:62:2: warning: 'quux_bind' fails with a negative value elsewhere, but returns '-err' here, where 'err' holds only 0 or a negative value: its failure comes out positive, which its callers' failure tests (< 0) miss; return 'err' as it is [retconv-E]
// expect: negated-negative.c:125:3: warning: 'sock_raw_open' fails with a negative value elsewhere, but returns EPROTO here, a positive errno its callers' failure tests (< 0) miss; return -EPROTO [retconv-E]
// expect: negated-negative.c:125:3: note: in a branch of #if that the configuration read here skips; checked with that branch taken
// expect: negated-negative.c:126:2: warning: 'sock_raw_open' fails with a negative value elsewhere, but returns '-res' here, where 'res' holds only 0 or a negative value: its failure comes out positive, which its callers' failure tests (< 0) miss; return 'res' as it is [retconv-E]
// expect: negated-negative.c:126:2: note: in a branch of #if that the configuration read here skips; checked with that branch taken
