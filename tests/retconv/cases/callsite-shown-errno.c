// SPDX-License-Identifier: MIT
/*
 * Rule D reads a definition of 0 and negative values as an action whose
 * 0 is success only where the body shows a negative error code: an
 * errno by name (-EINVAL), another negative constant than -1, a -1
 * named as a failure (C_ERR), a value negated ("return -err;", "return
 * -errno;"), or a negative value passed up from a call ("if (ret < 0)
 * return ret;").  A body of 0 and -1 alone shows two values, not which
 * is the success: 0 may be "a known code" and -1 "an unknown one" (an
 * answer), or a house's FALSE and TRUE; only the name would say it is
 * an action's, and a name alone is advice.
 * What the body bounds still holds: such a function never returns 1.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>

#define pr_err(...) fprintf(stderr, __VA_ARGS__)

int hw_submit(int id);

/* Kernel style: errnos by name. */
static int dev_reset(int id)
{
	if (id < 0)
		return -EINVAL;
	return 0;
}

/* Kernel style: a failure passed up from a call. */
static int dev_prepare(int id)
{
	int ret = hw_submit(id);

	if (ret < 0)
		return ret;
	return 0;
}

/* Kernel style: 0 when the code is one the driver knows, -1 when not. */
static int dev_check_code(int code)
{
	if (code > -4096 && code < 0)
		return 0;
	return -1;
}

int dev_open(int id)
{
	int err = hw_submit(id);

	if (!dev_reset(id))
		pr_err("dev %d: reset failed\n", id);
	if (!dev_prepare(id))
		return -EIO;
	if (dev_check_code(err) == 0)
		pr_err("dev %d: error %d\n", id, err);
	if (dev_check_code(err) == 1)
		return -EIO;
	return err;
}

/* User space: -errno after a failed call. */
static int lock_take(pthread_mutex_t *m)
{
	if (pthread_mutex_trylock(m))
		return -errno;
	return 0;
}

/* User space: a positive errno negated. */
static int lock_wait(pthread_mutex_t *m)
{
	int err = pthread_mutex_lock(m);

	if (err)
		return -err;
	return 0;
}

#define C_OK 0
#define C_ERR -1

/* User space: a -1 named as a failure. */
static int conf_load(const char *path)
{
	if (!path)
		return C_ERR;
	return C_OK;
}

/* User space: 0 for a known code, -1 for one it cannot name. */
int check_rpc_error(int err)
{
	if (err > 0 && err < 512)
		return 0;
	return -1;
}

int rpc_close(pthread_mutex_t *m, int err)
{
	if (lock_take(m) == 0)
		pr_err("take failed\n");
	if (lock_wait(m) == 0)
		return -EIO;
	if (check_rpc_error(err) == 0)
		pr_err("rpc error %d\n", err);
	if (!conf_load("rpc.conf"))
		return -EINVAL;
	return 0;
}
// expect: callsite-shown-errno.c:52:6: warning: 'dev_reset' returns 0 or a negative errno (class errno, from its definition at callsite-shown-errno.c:23): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: callsite-shown-errno.c:53:3: note: the branch calls pr_err()
// expect: callsite-shown-errno.c:54:6: warning: 'dev_prepare' returns 0 or a negative errno (class errno, from its definition at callsite-shown-errno.c:31): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: callsite-shown-errno.c:55:3: note: the branch returns a negative errno
// expect: callsite-shown-errno.c:58:6: warning: 'dev_check_code' returns 0 or a negative errno (class errno, from its definition at callsite-shown-errno.c:41): 'dev_check_code(...) == 1' is never true; its success is 0 and its failure negative [retconv-C]
// expect: callsite-shown-errno.c:102:6: warning: 'lock_take' returns 0 or a negative errno (class errno, from its definition at callsite-shown-errno.c:64): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: callsite-shown-errno.c:103:3: note: the branch calls pr_err()
// expect: callsite-shown-errno.c:104:6: warning: 'lock_wait' returns 0 or a negative errno (class errno, from its definition at callsite-shown-errno.c:72): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: callsite-shown-errno.c:105:3: note: the branch returns a negative errno
// expect: callsite-shown-errno.c:108:6: warning: 'conf_load' returns 0 or a negative errno (class errno, from its definition at callsite-shown-errno.c:85): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: callsite-shown-errno.c:109:3: note: the branch returns a negative errno
