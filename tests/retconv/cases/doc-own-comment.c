// SPDX-License-Identifier: MIT
/*
 * clang lends the header's documentation comment to the definition, and
 * that one says nothing of the result; the plain comment just above the
 * definition documents 0, -1 or 1 (a fallback taken), a tri-state that is
 * the function's contract, not a mix of 1 with negative errnos: not
 * reported.  status_close() has no such comment and mixes them: reported.
 */
#include <errno.h>
#include <stddef.h>

#include "doc-own-comment.h"

int page_map(void);
int sock_open(void);

static void *page;

/*
 * status_open
 *
 * It tries to map the status page, and falls back to a socket if the
 * supplied 'fallback' is not zero.
 * It returns 0 on success, -1 on error or 1 when the socket was opened
 * as a fallback instead of the status page.
 */
int status_open(int fallback)
{
	if (page)
		return 0;
	if (page_map() == 0)
		return 0;
	if (!fallback) {
		errno = ENOENT;
		return -1;
	}
	if (sock_open() < 0)
		return -1;
	return 1;
}

int status_close(void)
{
	if (!page) {
		errno = EBADF;
		return -1;
	}
	page = NULL;
	return 1;
}
// expect: doc-own-comment.c:42:5: warning: action 'status_close' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: doc-own-comment.c:46:3: note: returns a negative errno
// expect: doc-own-comment.c:49:2: note: returns 1
