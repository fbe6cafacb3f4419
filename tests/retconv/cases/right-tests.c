// SPDX-License-Identifier: MIT
/*
 * Tests that read a result rightly although one test alone seems not to,
 * by what the code around it shows (the seventh round's false class "a
 * test that is right"), each beside the misread that is still reported:
 *
 * - a positive-on-success result (0 and negative values fail) whose 0 a
 *   test of the same holder just below sends apart from the successes,
 *   before any other use of it, or whose test asks for the count it must
 *   reach ("!= sizeof(v)" puts 0 with the failures);
 * - a count tested only for being 0, where its positive values were taken
 *   above, its negative ones by a test just below, or where the way of the
 *   values other than 0 leaves at once with nothing (end of input picked
 *   out, nothing read used);
 * - a status enumeration tested against its success by name ("==
 *   XFER_OK"): what its branch returns is chosen;
 * - a branch on 0 that releases what the call made through a pointer
 *   argument, or says the call was allowed: a test that expects the call
 *   to fail.
 */
#include <errno.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

typedef struct ssl_st SSL;
int SSL_read(SSL *ssl, void *buf, int num);
int SSL_accept(SSL *ssl);
int SSL_get_error(const SSL *ssl, int ret);
#define SSL_ERROR_WANT_READ 2

/* User space: 0 handled by the next test. */
int tls_accept(SSL *ssl)
{
	int r = SSL_accept(ssl);

	if (r == -1) {
		int err = SSL_get_error(ssl, r);

		if (err != SSL_ERROR_WANT_READ)
			r = 0;
	}
	if (r == 0)
		return -1;
	return 1;
}

int tls_getc(SSL *ssl, char *c)
{
	int rc;

	if ((rc = SSL_read(ssl, c, 1)) < 0)
		return -2;
	else if (rc == 0)
		return -1;
	return 0;
}

int tls_get_word(SSL *ssl, unsigned long *v)
{
	if (SSL_read(ssl, v, sizeof(*v)) != sizeof(*v))
		return -1;
	return 0;
}

/* Still reported: the 0 is used before the test that would tell it. */
int tls_getc_counted(SSL *ssl, char *c, int *got)
{
	int rc = SSL_read(ssl, c, 1);

	if (rc < 0)
		return -1;
	*got = rc;
	if (rc == 0)
		return -1;
	return 0;
}

/* A count tested for 0 after its positive values were taken. */
int get_state(int fd, signed char *state)
{
	int rval;

	if ((rval = read(fd, state, 1)) <= 0) {
		if (rval == 0)
			return -1;
		return -2;
	}
	return 0;
}

/* Its negative values told by the test below. */
void term_read(int fd, char *buf, size_t len, int *lost)
{
	ssize_t ret = read(fd, buf, len);

	if (ret == 0)
		ret = -1;
	else if (ret == -1 && errno == EAGAIN)
		ret = 0;
	if (ret == -1)
		*lost = 1;
}

/* End of input picked out; a failure ("nothing to read") drops out. */
void drain(int fd, int *closed)
{
	static char sink[256];
	ssize_t n = read(fd, sink, sizeof(sink));

	if (n == 0)
		goto close;
	return;
close:
	*closed = 1;
}

int peer_closed(int fd)
{
	char c;

	if (recv(fd, &c, 1, MSG_PEEK) == 0) {
		close(fd);
		return 1;
	}
	return 0;
}

/* Still reported: a failed read says there is data. */
int has_data(int fd)
{
	char c;

	if (read(fd, &c, 1) == 0)
		return 0;
	return 1;
}

/* Still reported: the test below does not tell a failure from a count. */
int got_line(int fd, char *buf, int *eof)
{
	int n = read(fd, buf, 64);

	if (n == 0)
		*eof = 1;
	return n != 0;
}

/* A status enumeration, negative failures as in the kernel's style. */
typedef enum {
	XFER_OK = 0,
	XFER_INPROGRESS = 1,
	XFER_ERR_IO = -3,
	XFER_ERR_BUSY = -4,
} xfer_status;

xfer_status xfer_check_tx(void *ep);

/* Resources free: the caller sends now, the request is not queued. */
xfer_status xfer_pending_add(void *ep)
{
	if (xfer_check_tx(ep) == XFER_OK)
		return XFER_ERR_BUSY;
	return XFER_OK;
}

/* Still reported: 0 read as a failure. */
int xfer_start(void *ep)
{
	if (xfer_check_tx(ep) == 0)
		return -EIO;
	return 0;
}

/* 0 or a negative errno, from its definition. */
int quux_init(void **handle, const char *name)
{
	if (!name)
		return -EINVAL;
	*handle = (void *)name;
	return 0;
}

int quux_set_config(void *handle, unsigned long bits)
{
	if (bits >> 8)
		return -EINVAL;
	(void)handle;
	return 0;
}

void quux_destroy(void *handle);

/* A test program: an invalid name must be refused. */
int test_bad_name(const char *name)
{
	void *handle;
	int ret = quux_init(&handle, name);

	if (!ret) {
		printf("quux_init: ");
		quux_destroy(handle);
		goto fail;
	}
	return 0;
fail:
	printf("accepted an invalid name\n");
	return 1;
}

int test_bad_config(void *handle)
{
	int rc = quux_set_config(handle, ~0UL);

	if (!rc) {
		printf("Error - invalid config was allowed\n");
		return -EINVAL;
	}
	return 0;
}

/* Still reported: the branch releases nothing the call made. */
int quux_open(const char *name, void **out)
{
	void *handle;
	int ret = quux_init(&handle, name);

	if (!ret) {
		fprintf(stderr, "cannot init %s\n", name);
		return -ENODEV;
	}
	*out = handle;
	return 0;
}
// expect: right-tests.c:71:6: warning: 'SSL_read' returns a positive value on success, 0 or a negative value on failure (class positive, from the built-in table): 'rc < 0' takes its failure 0 for a success; test it for <= 0 [retconv-C]
// expect: right-tests.c:69:6: note: 'rc' holds the result of 'SSL_read' from here
// expect: right-tests.c:134:6: warning: 'read' returns a count or a length, or a negative value on failure (class value, from the built-in table): it is tested only for being 0, so its failure, negative, goes the way of a success; test it for > 0, or for the count it must reach [retconv-D]
// expect: right-tests.c:144:6: warning: 'read' returns a count or a length, or a negative value on failure (class value, from the built-in table): it is tested only for being 0, so its failure, negative, goes the way of a success; test it for > 0, or for the count it must reach [retconv-D]
// expect: right-tests.c:142:6: note: 'n' holds the result of 'read' from here
// expect: right-tests.c:170:6: warning: 'xfer_check_tx' returns an enumeration whose 0 is named for success: 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: right-tests.c:171:3: note: the branch returns a negative errno
// expect: right-tests.c:228:6: warning: 'quux_init' returns 0 or a negative errno (class errno, from its definition at right-tests.c:176): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: right-tests.c:226:6: note: 'ret' holds the result of 'quux_init' from here
// expect: right-tests.c:229:3: note: the branch logs an error with fprintf()
