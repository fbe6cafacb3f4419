// A value by another library's convention: a wrapper of a POSIX barrier
// answers whether this thread was the serial one, and a helper hands back
// the detach state it gave the attribute, both spelled with the constants
// of the library the body calls.  Rule A leaves them alone.  A 1 spelled
// as a number beside that library's calls is still flagged.
#include <pthread.h>

int wait_group(pthread_barrier_t *b)
{
	int rc = pthread_barrier_wait(b);

	return rc == PTHREAD_BARRIER_SERIAL_THREAD;
}

int set_detach(pthread_attr_t *attr, int background)
{
	int state = background ? PTHREAD_CREATE_DETACHED :
				 PTHREAD_CREATE_JOINABLE;

	pthread_attr_setdetachstate(attr, state);
	return state;
}

int lock_group(pthread_mutex_t *m)
{
	if (pthread_mutex_trylock(m))
		return 0;
	return 1;
}
// expect: foreign.c:24:5: warning: action 'lock_group' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: foreign.c:28:2: note: returns 1
