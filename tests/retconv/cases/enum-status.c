// SPDX-License-Identifier: MIT
/*
 * A status of an enumeration whose 0 is named for success (FOO_OK,
 * QUUX_SUCCESS, CborNoError-like): 0 is success, so a branch taken on 0
 * that handles an error reads it the wrong way.  An enumeration whose 0
 * names anything else (a state, NONE) says nothing of success.
 */
#include <errno.h>
#include <stddef.h>

typedef enum {
	FETCH_OK = 0,
	FETCH_AGAIN,
	FETCH_FAILED,
} fetch_code;

enum quux_status {
	QUUX_SUCCESS,
	QUUX_ERR_IO,
	QUUX_ERR_BUSY,
};

enum quux_state {
	QUUX_STATE_IDLE,
	QUUX_STATE_RUNNING,
};

fetch_code fetch_shuffle(void **list);
enum quux_status quux_hw_reset(void *dev);
enum quux_state quux_hw_state(void *dev);

/* User space. */
void *fetch_cache(void **list)
{
	fetch_code result = fetch_shuffle(list);

	if (!result)
		return NULL;
	return *list;
}

/* Kernel style. */
int quux_probe(void *dev)
{
	if (quux_hw_reset(dev) == 0)
		return -EIO;
	return 0;
}

/* Right: failure on non-zero; a state's 0 is no success. */
void *fetch_first(void **list)
{
	if (fetch_shuffle(list))
		return NULL;
	return *list;
}

int quux_start(void *dev)
{
	if (!quux_hw_state(dev))
		return -EBUSY;
	return 0;
}
// expect: enum-status.c:37:6: warning: 'fetch_shuffle' returns an enumeration whose 0 is named for success: 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: enum-status.c:35:13: note: 'result' holds the result of 'fetch_shuffle' from here
// expect: enum-status.c:38:3: note: the branch returns NULL
// expect: enum-status.c:45:6: warning: 'quux_hw_reset' returns an enumeration whose 0 is named for success: 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: enum-status.c:46:3: note: the branch returns a negative errno
