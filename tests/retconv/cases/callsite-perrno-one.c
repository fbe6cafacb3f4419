// SPDX-License-Identifier: MIT
/*
 * A function of POSIX's that returns 0 or a positive error number,
 * compared with the digit 1: the test reads it as 1 on success (as a
 * trylock's or a boolean's), but its success is 0 and its 1 is EPERM.
 * Reported: a worker thread's lock tested "!= 1", a thread's creation
 * tested "== 1".  Right: the same results tested against 0, against
 * EPERM by name, errno compared with 1 (whoever writes that asks for
 * EPERM), and a definition of the tree that returns 1 itself.
 */
#include <errno.h>
#include <pthread.h>
#include <stddef.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int counter;

void *worker(void *arg)
{
	int err = pthread_mutex_lock(&lock);

	if (err != 1)
		return NULL;
	counter++;
	pthread_mutex_unlock(&lock);
	return arg;
}

int start_worker(pthread_t *t)
{
	if (pthread_create(t, NULL, worker, NULL) == 1)
		return -1;
	return 0;
}

void *worker_right(void *arg)
{
	int err = pthread_mutex_lock(&lock);

	if (err != 0)
		return NULL;
	counter++;
	pthread_mutex_unlock(&lock);
	return arg;
}

int start_checked(pthread_t *t)
{
	int err = pthread_create(t, NULL, worker_right, NULL);

	if (err == EPERM)
		return -EPERM;
	if (errno == 1)
		return -1;
	return err ? -err : 0;
}

/* 0, a positive errno, or 1 when it was busy: the tree's own. */
int try_claim(int busy)
{
	if (busy)
		return 1;
	if (counter < 0)
		return EINVAL;
	return 0;
}

int claim(void)
{
	if (try_claim(counter > 4) == 1)
		return -EBUSY;
	return 0;
}

// expect: callsite-perrno-one.c:22:6: warning: 'pthread_mutex_lock' returns 0 or a positive errno (class perrno, from the built-in table): 'err != 1' reads it as 1 on success, but its success is 0, and 1 is EPERM, one of its failures; test it against 0 [retconv-C]
// expect: callsite-perrno-one.c:20:6: note: 'err' holds the result of 'pthread_mutex_lock' from here
// expect: callsite-perrno-one.c:31:6: warning: 'pthread_create' returns 0 or a positive errno (class perrno, from the built-in table): 'pthread_create(...) == 1' reads it as 1 on success, but its success is 0, and 1 is EPERM, one of its failures; test it against 0 [retconv-C]
