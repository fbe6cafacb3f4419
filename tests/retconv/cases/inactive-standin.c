// A function defined only in a configuration the parse did not select
// (a TLS backend's write under its #ifdef): the run holds no other
// definition of it, so that definition stands for it, and a call in the
// same skipped branch is judged by its returns.  Where the selected
// configuration defines the name too, its own definition wins (see
// inactive.c's dev_start).  The stand-in's own returns are not reported,
// and a right test of its result stays silent.  It stands for the name at
// a test of its result only: a function that passes its result on keeps
// the values it had without it (backend_accept's "return false;" is
// weighed as before, the handshake's 1 not among its returns).
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct conn {
	int fd;
	int state;
};

ssize_t write(int fd, const void *buf, size_t n);

#ifdef USE_BACKEND
static int backend_write(struct conn *c, const void *buf, size_t len)
{
	ssize_t n;

	if (c->state != 1)
		return -EINVAL;
	n = write(c->fd, buf, len);
	if (n < 0)
		return -errno;
	return (int)n;
}

int backend_writev(struct conn *c, const void *const *bufs,
		   const size_t *lens, int count)
{
	size_t total = 0;
	int i;

	for (i = 0; i < count; i++) {
		size_t sent = backend_write(c, bufs[i], lens[i]);

		if (sent <= 0)
			return total ? (int)total : -EIO;
		total += sent;
	}
	return (int)total;
}

int backend_flush(struct conn *c, const void *buf, size_t len)
{
	int sent = backend_write(c, buf, len);

	if (sent < 0)
		return sent;
	return 0;
}

static int backend_close(struct conn *c)
{
	c->state = 0;
	return EBADF;
}

int backend_shutdown(struct conn *c)
{
	return backend_close(c);
}

/* A sum of results: the callees it counts are not sent with its stand-in
 * (the parent would give them to the function read before it). */
int backend_write_twice(struct conn *c, const void *buf, size_t len)
{
	int total = 0;

	total += backend_write(c, buf, len);
	total += backend_write(c, buf, len);
	return total;
}

static int backend_handshake(struct conn *c)
{
	if (c->fd < 0)
		return -1;
	return c->state == 1;
}

/* 1: established, 0: try again, -1: failed. */
int backend_accept(struct conn *c)
{
	if (c->state < 0)
		return false;
	if (c->fd < 0)
		return -1;
	return backend_handshake(c);
}
#endif
// expect: inactive-standin.c:45:7: warning: 'backend_write' returns a value or a negative errno (class mixed, from its definition at inactive-standin.c:24), but 'sent' is unsigned: its negative failure is a large value there, and 'sent <= 0' is not true for it; keep it in a signed variable [retconv-C]
// expect: inactive-standin.c:43:10: note: 'sent' holds the result of 'backend_write' from here
// expect: inactive-standin.c:45:7: note: in a branch of #if that the configuration read here skips; checked with that branch taken
// expect: inactive-standin.c:94:3: warning: 'backend_accept' fails with a negative value elsewhere, but returns false here, which is 0, its success; return its failure value (-1, a negative errno) if this is one [retconv-E]
// expect: inactive-standin.c:94:3: note: in a branch of #if that the configuration read here skips; checked with that branch taken
