// SPDX-License-Identifier: MIT
/*
 * One configuration's stub is not the contract.  Built without a TLS
 * back end, tls_recv() is a stub that returns 0 or -1; with one, it
 * returns the number of bytes decrypted, or -1.  The configuration read
 * here is the stub's, but the other branch is read too (another
 * configuration's definitions), and the two disagree: a caller's "n > 0"
 * is right where TLS is built in, and is not reported.  plain_recv(), one
 * definition in every configuration, is reported for the same test.
 */
#include <stddef.h>
#include <sys/types.h>
#include <unistd.h>

struct conn {
	int fd;
	void *tls;
};

#if defined(CONN_TLS)
ssize_t tls_decrypt(void *tls, int fd, char *buf, size_t len);

static long tls_recv(struct conn *c, char *buf, size_t len)
{
	ssize_t n = tls_decrypt(c->tls, c->fd, buf, len);

	if (n < 0)
		return -1;
	return (long)n;
}
#else
static long tls_recv(struct conn *c, char *buf, size_t len)
{
	(void)buf;
	(void)len;
	return c->tls ? -1 : 0;
}
#endif

static long plain_recv(struct conn *c, char *buf, size_t len)
{
	(void)buf;
	(void)len;
	return c->fd < 0 ? -1 : 0;
}

long conn_read(struct conn *c, char *buf, size_t len)
{
	long n = tls_recv(c, buf, len);

	if (n > 0)
		return n;
	n = plain_recv(c, buf, len);
	if (n > 0)
		return n;
	return -1;
}
// expect: configured-stub.c:54:6: warning: 'plain_recv' returns 0 or a negative errno (class errno, from its definition at configured-stub.c:40): 'n > 0' is never true; its success is 0 and its failure negative [retconv-C]
// expect: configured-stub.c:53:2: note: 'n' holds the result of 'plain_recv' from here
