// A test of a result that was tested already above, with no store in
// between, reads only what the first test left: after "if (n == 1) goto
// fail;", "if (n)" asks for a failure, not for the data the first took;
// after "if (rc == 0) ... else if (rc < 0)", the 0 is gone.  Where the
// first test took other values, or may not have run, the later one is
// judged as it stands.
#include <errno.h>
#include <unistd.h>

typedef struct ssl_st SSL;
int SSL_read(SSL *ssl, void *buf, int num);

/* User space: a file must end after what was read. */
int check_end(int fd)
{
	char c;
	ssize_t n = read(fd, &c, 1);

	if (n == 1)
		goto fail;
	if (n)
		goto fail;
	return 0;
fail:
	return -1;
}

/* The same test where nothing took the data: rule D. */
int check_empty(int fd)
{
	char c;
	ssize_t n = read(fd, &c, 1);

	if (n)
		goto fail;
	return 0;
fail:
	return -1;
}
// expect: tested-above.c:34:6: warning: 'read' returns a count or a length, or a negative value on failure (class value, from the built-in table): the branch taken on a value other than 0 handles an error, but its successes are such values; test it for < 0 [retconv-D]
// expect: tested-above.c:32:10: note: 'n' holds the result of 'read' from here
// expect: tested-above.c:35:3: note: the branch goes to the error label 'fail'

/* Kernel style: 0 handled by the if, its negative by the else. */
int recv_msg(SSL *ssl, char *buf, int len)
{
	int rc = SSL_read(ssl, buf, len);

	if (rc == 0)
		return -ECONNRESET;
	else if (rc < 0)
		return -EIO;
	return rc;
}

/* A test above that may not have run takes nothing away. */
int recv_opt(SSL *ssl, char *buf, int len, int strict)
{
	int rc = SSL_read(ssl, buf, len);

	if (strict) {
		if (rc == 0)
			return -ECONNRESET;
	}
	if (rc < 0)
		return -EIO;
	return rc;
}
// expect: tested-above.c:65:6: warning: 'SSL_read' returns a positive value on success, 0 or a negative value on failure (class positive, from the built-in table): 'rc < 0' takes its failure 0 for a success; test it for <= 0 [retconv-C]
// expect: tested-above.c:59:6: note: 'rc' holds the result of 'SSL_read' from here
