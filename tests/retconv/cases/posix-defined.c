// SPDX-License-Identifier: MIT
// A C library that defines a POSIX function under its POSIX name keeps
// POSIX's contract: pthread_rwlock_init() returns 0 or a positive error
// number (EPERM is 1), whatever the name reads as, and rule A leaves it
// alone.  The same body under a name of the project's own is judged.
#include <errno.h>

typedef struct {
	int readers;
	int writer;
} pthread_rwlock_t;

int pthread_rwlock_init(pthread_rwlock_t *l, const void *attr)
{
	if (attr)
		return EPERM;
	l->readers = 0;
	l->writer = 0;
	return 0;
}

int rwlock_init(pthread_rwlock_t *l, const void *attr)
{
	if (attr)
		return EPERM;
	l->readers = 0;
	l->writer = 0;
	return 0;
}
// expect: posix-defined.c:22:5: warning: action 'rwlock_init' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: posix-defined.c:25:3: note: returns 1
