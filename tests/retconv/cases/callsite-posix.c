// POSIX's functions that return an error number (every pthread_* but
// pthread_equal, pthread_barrier_wait and pthread_getconcurrency; the
// posix_* that do; clock_nanosleep, the *_r lookups): 0 or a positive
// errno, never -1 with errno set.  Tested for a sign, or against -1, the
// test is dead; returned as they are by a function that fails with
// negative errnos, they are positive failures its callers miss.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *run(void *arg)
{
	return arg;
}

int start_thread(pthread_t *t)
{
	if (pthread_create(t, NULL, run, NULL) < 0)
		return -1;
	return 0;
}

int take(void)
{
	if (pthread_mutex_lock(&lock) == -1)
		return -1;
	pthread_mutex_unlock(&lock);
	return 0;
}

void *grab(size_t n)
{
	void *p;

	if (posix_memalign(&p, 64, n) < 0)
		return NULL;
	return p;
}

int advise(int fd)
{
	int err = posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);

	if (err != -1)
		return 0;
	return -1;
}

/* 0/-errno elsewhere: pthread's positive errno passes as success. */
int start_worker(pthread_t *t, int n)
{
	int ret;

	if (n < 0)
		return -EINVAL;
	ret = pthread_create(t, NULL, run, NULL);
	if (ret)
		return ret;
	return 0;
}

/* Not flagged: converted at the boundary, or kept positive throughout. */
int start_worker_right(pthread_t *t, int n)
{
	if (n < 0)
		return -EINVAL;
	return -pthread_create(t, NULL, run, NULL);
}

int join_positive(pthread_t t)
{
	int err = pthread_join(t, NULL);

	if (err)
		return err;
	return pthread_detach(t);
}

int wait_until(const struct timespec *ts)
{
	return clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, ts, NULL);
}

/* Not flagged: EAI_* codes are negative in glibc (positive in the BSDs);
 * PTHREAD_BARRIER_SERIAL_THREAD is -1; the GNU strerror_r() returns a
 * string. */
int resolve(const char *host, struct addrinfo **res)
{
	if (getaddrinfo(host, NULL, NULL, res) < 0)
		return -1;
	return 0;
}

int meet(pthread_barrier_t *b)
{
	return pthread_barrier_wait(b) == -1;
}

const char *why(int e, char *buf, size_t n)
{
	return strerror_r(e, buf, n) == NULL ? "?" : buf;
}
/* Not flagged: a function that negates a result on its way out gives
 * errnos of both signs on purpose (a positive one to pass on, a negative
 * one for its own failure). */
int send_msg(void);

int send_or_reply(pthread_t t)
{
	int res = pthread_join(t, NULL);

	if (res != 0)
		return res;
	res = send_msg();
	if (res < 0)
		return -res;
	return send_msg() < 0 ? -EIO : 0;
}
// expect: callsite-posix.c:25:6: warning: 'pthread_create' returns 0 or a positive errno (class perrno, from the built-in table), never negative: 'pthread_create(...) < 0' is never true; its failure is non-zero [retconv-C]
// expect: callsite-posix.c:32:6: warning: 'pthread_mutex_lock' returns 0 or a positive errno (class perrno, from the built-in table): 'pthread_mutex_lock(...) == -1' is never true; its failure is a positive errno [retconv-C]
// expect: callsite-posix.c:42:6: warning: 'posix_memalign' returns 0 or a positive errno (class perrno, from the built-in table), never negative: 'posix_memalign(...) < 0' is never true; its failure is non-zero [retconv-C]
// expect: callsite-posix.c:51:6: warning: 'posix_fadvise' returns 0 or a positive errno (class perrno, from the built-in table): 'err != -1' is always true; its failure is a positive errno [retconv-C]
// expect: callsite-posix.c:49:6: note: 'err' holds the result of 'posix_fadvise' from here
// expect: callsite-posix.c:65:3: warning: 'pthread_create' returns 0 or a positive errno (class perrno, from the built-in table), and 'start_worker' returns 'ret' as it is, where it fails with a negative value elsewhere: its callers' failure tests (< 0) miss this one; return it negated [retconv-E]
// expect: callsite-posix.c:63:2: note: 'ret' holds the result of 'pthread_create' from here
