// SPDX-License-Identifier: MIT
/*
 * One finding at a dead test, not a second at the strerror() under it.
 *
 * pthread_mutex_lock() returns 0 or a positive error number, so "err < 0"
 * is never true (rule C, at the test).  The strerror(err) in that branch
 * would read a negative value, were the branch ever taken: reported
 * again there, with advice to pass -err, it would send the reader the
 * wrong way, since err is positive and what needs mending is the test.
 * A strerror() under a test that is not itself reported (a 0/-errno
 * result tested < 0, with strerror(ret) where -ret was meant) is still
 * reported.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int count;

int bump(void)
{
	int err = pthread_mutex_lock(&lock);

	if (err < 0) {
		fprintf(stderr, "lock: %s\n", strerror(err));
		return -1;
	}
	count++;
	pthread_mutex_unlock(&lock);
	return 0;
}

static int open_dev(const char *path)
{
	if (!path)
		return -EINVAL;
	return 0;
}

int start(const char *path)
{
	int ret = open_dev(path);

	if (ret < 0) {
		fprintf(stderr, "open: %s\n", strerror(ret));
		return ret;
	}
	return 0;
}
// expect: strerror-dead-test.c:26:6: warning: 'pthread_mutex_lock' returns 0 or a positive errno (class perrno, from the built-in table), never negative: 'err < 0' is never true; its failure is non-zero [retconv-C]
// expect: strerror-dead-test.c:24:6: note: 'err' holds the result of 'pthread_mutex_lock' from here
// expect: strerror-dead-test.c:47:42: warning: 'ret' is negative here, but strerror takes a positive error number: a negative value reads "Unknown error"; pass -err for a negative errno, errno after a -1 [retconv-C]
// expect: strerror-dead-test.c:46:6: note: this test leaves 'ret' negative on the way to the call
