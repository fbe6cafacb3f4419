// SPDX-License-Identifier: MIT
/*
 * An LD_PRELOAD interposer defines poll(), which <poll.h> declares: it
 * returns what poll(2) returns, a count of ready descriptors or a failure,
 * whatever this code base's own convention, and rules A and B leave it
 * alone.  poll_ring(), of the same shape but the project's own, still
 * breaks rule A.
 */
#include <errno.h>
#include <poll.h>

static int ready(const struct pollfd *fds, nfds_t nfds)
{
	return nfds && fds[0].revents;
}

int poll(struct pollfd *fds, nfds_t nfds, int timeout)
{
	(void)timeout;
	if (!fds)
		return -ENOMEM;
	return ready(fds, nfds) ? 1 : 0;
}

int poll_ring(struct pollfd *fds, nfds_t nfds)
{
	if (!fds)
		return -ENOMEM;
	return ready(fds, nfds) ? 1 : 0;
}
// expect: implements-system.c:25:5: warning: action 'poll_ring' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: implements-system.c:28:3: note: returns a negative errno
// expect: implements-system.c:29:2: note: returns 0 or 1
