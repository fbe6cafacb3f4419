// Where a failure is handled already (the branch of "if (n < 0)", alone
// or with other tests), every way out returns an error, and a call's
// success may choose which: a stateless reset recognised turns a failed
// read into "draining", a recovery that worked into "try again".  An
// error returned on such a call's 0 is no sign that 0 is read as a
// failure.  Outside such a branch it is (rule D), and inside one a
// branch on 0 that logs an error or aborts still is.
#include <errno.h>
#include <stdio.h>

int recv_pkt(int fd);

static int reset_peer(int fd)
{
	if (fd > 3)
		return -EINVAL;
	return 0;
}

int conn_read(int fd)
{
	int n = recv_pkt(fd), rv;

	if (n < 0 && n != -EAGAIN) {
		rv = reset_peer(fd);
		if (rv == 0)
			return -EPIPE;
		return n;
	}
	return 0;
}

int conn_read_nested(int fd)
{
	int n = recv_pkt(fd);

	if (n < 0) {
		if (fd > 2) {
			if (!reset_peer(fd))
				return -ECONNRESET;
		}
		return n;
	}
	return 0;
}

int conn_open(int fd)
{
	if (reset_peer(fd) == 0)
		return -EPIPE;
	return 0;
}

int conn_close(int fd)
{
	int n = recv_pkt(fd);

	if (n < 0) {
		if (reset_peer(fd) == 0) {
			fprintf(stderr, "reset failed\n");
			return n;
		}
	}
	return 0;
}
// expect: callsite-failing.c:49:6: warning: 'reset_peer' returns 0 or a negative errno (class errno, from its definition at callsite-failing.c:13): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: callsite-failing.c:50:3: note: the branch returns a negative errno
// expect: callsite-failing.c:59:7: warning: 'reset_peer' returns 0 or a negative errno (class errno, from its definition at callsite-failing.c:13): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: callsite-failing.c:60:4: note: the branch logs an error with fprintf()
