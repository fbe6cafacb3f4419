// A caller that tells 1 from 0 by "ret != 1" knows the 1 as well as one
// that asks "ret == 1": after "if (ret != 0)", "if (ret != 1) log it"
// reads 1 as "not yet, try again", a status of the callee's own, and a
// wrapper that passes it on gives the same status, not a mix of its own.  A
// caller that compares with another constant ("ret != -1") tells nothing
// of the 1, which stays rule A's.
#include <errno.h>

struct peer {
	int fd;
	int ready;
};

/* Kernel style: 1 when the peer has not sent it yet. */
int recv_from_peer(struct peer *p, int *out)
{
	if (p->fd < 0)
		return -EBADF;
	if (!p->ready)
		return 1;
	*out = p->fd;
	return 0;
}

int open_from_peer(struct peer *p)
{
	int fd, ret;

	ret = recv_from_peer(p, &fd);
	if (ret != 0) {
		if (ret != 1)
			p->fd = -1;
		return -EAGAIN;
	}
	return fd;
}

/* A wrapper gives the same 1, which its callees' callers know. */
int recv_peer_fd(struct peer *p, int *out)
{
	return recv_from_peer(p, out);
}

/* User space: -1 on failure, 1 when nothing was sent. */
int send_to_peer(struct peer *p)
{
	if (p->fd < 0)
		return -1;
	return p->ready ? 0 : 1;
}
// expect: status-by-use-ne.c:45:5: warning: action 'send_to_peer' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: status-by-use-ne.c:48:3: note: returns a negative errno
// expect: status-by-use-ne.c:49:2: note: returns 0 or 1

int drain_peer(struct peer *p)
{
	int ret = send_to_peer(p);

	if (ret != -1)
		p->ready = 0;
	return ret < 0 ? -EIO : 0;
}
