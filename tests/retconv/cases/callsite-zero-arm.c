// SPDX-License-Identifier: MIT
/*
 * A result stored through ?: whose other arm is 0, "ret = x ? f() : 0;",
 * holds the call's values or 0, which every class has (an action's
 * success, a boolean's false, a count's none): a test the call's class
 * makes dead is dead on the store too.  Kernel style, an action compared
 * with 1 and a 0/1 answer tested for a sign; user space, pthread's
 * positive errno tested for a sign.  Not read through: an arm other than
 * 0 (a negative errno may well make "< 0" live), a store the test does
 * not reach alone.
 */
#include <errno.h>
#include <stdbool.h>
#include <pthread.h>

struct port {
	int up;
	int users;
};

static int port_enable(struct port *p)
{
	if (p->up)
		return -EALREADY;
	p->up = 1;
	return 0;
}

static bool port_linked(const struct port *p)
{
	return p->up && p->users;
}

int port_bring_up(struct port *p, bool wanted)
{
	int ret;

	ret = wanted ? port_enable(p) : 0;
	if (ret == 1)
		return -EIO;
	ret = p->users ? port_linked(p) : 0;
	if (ret < 0)
		return -ENOLINK;
	return 0;
}

int port_lock(pthread_mutex_t *m, bool shared)
{
	int err = shared ? pthread_mutex_lock(m) : 0;

	if (err < 0)
		return -1;
	return 0;
}

/* Right: another constant arm, the test the class asks for, a store in
 * a branch. */
int port_bring_up_right(struct port *p, bool wanted)
{
	int ret;

	ret = wanted ? port_linked(p) : -EAGAIN;
	if (ret < 0)
		return ret;
	ret = wanted ? port_enable(p) : 0;
	if (ret < 0)
		return ret;
	if (p->users)
		ret = wanted ? port_linked(p) : 0;
	if (ret < 0)
		return -EIO;
	return 0;
}
// expect: callsite-zero-arm.c:39:6: warning: 'port_enable' returns 0 or a negative errno (class errno, from its definition at callsite-zero-arm.c:21): 'ret == 1' is never true; its success is 0 and its failure negative [retconv-C]
// expect: callsite-zero-arm.c:38:2: note: 'ret' holds the result of 'port_enable' from here
// expect: callsite-zero-arm.c:42:6: warning: 'port_linked' returns only 0 or 1 (class boolean, from its definition at callsite-zero-arm.c:29), never negative: 'ret < 0' is never true; test it against 0 for what it means [retconv-C]
// expect: callsite-zero-arm.c:41:2: note: 'ret' holds the result of 'port_linked' from here
// expect: callsite-zero-arm.c:51:6: warning: 'pthread_mutex_lock' returns 0 or a positive errno (class perrno, from the built-in table), never negative: 'err < 0' is never true; its failure is non-zero [retconv-C]
// expect: callsite-zero-arm.c:49:6: note: 'err' holds the result of 'pthread_mutex_lock' from here
