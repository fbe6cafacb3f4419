// The contracts of outside libraries (outside.c), from their manual
// pages: a descriptor may be 0 and fails with -1; a count or a length
// fails with a negative value; a positive class (OpenSSL's I/O and key
// functions, inet_pton) succeeds above 0 and fails at 0 or below; a
// status (close, bind) is 0 or -1.  A test that divides them elsewhere
// misreads them.  User-space style first, then kernel style (0/-errno),
// each with the right reading, which is not flagged.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <sys/socket.h>
#include <unistd.h>

typedef struct ssl_st SSL;
int SSL_read(SSL *ssl, void *buf, int num);
int SSL_write(SSL *ssl, const void *buf, int num);
int SSL_connect(SSL *ssl);

/* Descriptor 0 taken for a failure. */
int open_log(const char *path)
{
	int fd = open(path, O_RDONLY);

	if (fd > 0)
		return fd;
	return -1;
}

int open_or_fail(const char *path)
{
	int fd = open(path, O_RDONLY);

	if (!fd) {
		perror("open");
		return -1;
	}
	return fd;
}

/* SSL_read's 0 is a failure too (the peer closed, or it did not
 * complete): "< 0" lets it through as a success. */
int tls_recv(SSL *ssl, char *buf, int len)
{
	int n = SSL_read(ssl, buf, len);

	if (n < 0)
		return -1;
	return n;
}

int tls_send(SSL *ssl, const char *buf, int len)
{
	return SSL_write(ssl, buf, len) == -1 ? -1 : 0;
}

/* inet_pton returns 0 for an address that does not parse. */
int parse_addr(const char *s, struct in_addr *a)
{
	if (inet_pton(AF_INET, s, a) < 0)
		return -1;
	return 0;
}

/* A write's count taken for an error; sscanf's EOF for a match. */
int put(int fd, const char *b, size_t n)
{
	if (write(fd, b, n)) {
		perror("write");
		return -1;
	}
	return 0;
}

int number(const char *s, int *v)
{
	int got = sscanf(s, "%d", v);

	if (!got) {
		fprintf(stderr, "not a number: %s\n", s);
		return -1;
	}
	return 0;
}

/* A status is 0 or -1: "== 1" is never true. */
int shut_fd(int fd)
{
	if (close(fd) == 1)
		return -1;
	return 0;
}

/* Kernel style: 0 or a negative errno, the outside calls converted. */
int dev_open(const char *path, int *out)
{
	int fd = open(path, O_RDWR);

	if (fd <= 0)
		return -ENODEV;
	*out = fd;
	return 0;
}

int dev_handshake(SSL *ssl)
{
	int ret = SSL_connect(ssl);

	if (ret >= 0)
		return 0;
	return -EPROTO;
}

/* Not flagged: each read as its manual says. */
int open_right(const char *path)
{
	int fd = open(path, O_RDONLY);

	if (fd < 0)
		return -errno;
	return fd;
}

int tls_recv_right(SSL *ssl, char *buf, int len)
{
	int n = SSL_read(ssl, buf, len);

	if (n <= 0)
		return -EIO;
	return n;
}

int handshake_right(SSL *ssl)
{
	return SSL_connect(ssl) == 1 ? 0 : -EPROTO;
}

int parse_right(const char *s, struct in_addr *a)
{
	if (inet_pton(AF_INET, s, a) != 1)
		return -EINVAL;
	return 0;
}

int put_right(int fd, const char *b, size_t n)
{
	ssize_t w = write(fd, b, n);

	if (w < 0 || (size_t)w != n)
		return -EIO;
	return 0;
}

int number_right(const char *s, int *v)
{
	if (sscanf(s, "%d", v) != 1)
		return -EINVAL;
	return 0;
}

int close_right(int fd)
{
	if (close(fd) == -1)
		return -errno;
	return 0;
}

/* dup() gives the lowest free descriptor: this asks for 1. */
int stdout_again(void)
{
	if (dup(0) != 1)
		return -1;
	return 0;
}

/* A read's 0 is the end of the file, not an error: "< 0" is right. */
ssize_t fill(int fd, char *buf, size_t len)
{
	ssize_t n = read(fd, buf, len);

	if (n < 0)
		return -errno;
	return n;
}
// expect: callsite-outside.c:26:6: warning: 'open' returns a descriptor, which may be 0, or -1 on failure (class descriptor, from the built-in table): 'fd > 0' takes descriptor 0 for a failure; test it for < 0 [retconv-C]
// expect: callsite-outside.c:24:6: note: 'fd' holds the result of 'open' from here
// expect: callsite-outside.c:35:6: warning: 'open' returns a descriptor, which may be 0, or -1 on failure (class descriptor, from the built-in table): the branch taken on 0 handles an error, but 0 is a descriptor and -1 its failure; test it for < 0 [retconv-D]
// expect: callsite-outside.c:33:6: note: 'fd' holds the result of 'open' from here
// expect: callsite-outside.c:36:3: note: the branch calls perror()
// expect: callsite-outside.c:48:6: warning: 'SSL_read' returns a positive value on success, 0 or a negative value on failure (class positive, from the built-in table): 'n < 0' takes its failure 0 for a success; test it for <= 0 [retconv-C]
// expect: callsite-outside.c:46:6: note: 'n' holds the result of 'SSL_read' from here
// expect: callsite-outside.c:55:9: warning: 'SSL_write' returns a positive value on success, 0 or a negative value on failure (class positive, from the built-in table): 'SSL_write(...) == -1' takes its failure 0 for a success; test it for <= 0 [retconv-C]
// expect: callsite-outside.c:61:6: warning: 'inet_pton' returns a positive value on success, 0 or a negative value on failure (class positive, from the built-in table): 'inet_pton(...) < 0' takes its failure 0 for a success; test it for <= 0 [retconv-C]
// expect: callsite-outside.c:69:6: warning: 'write' returns a count or a length, or a negative value on failure (class value, from the built-in table): the branch taken on a value other than 0 handles an error, but its successes are such values; test it for < 0 [retconv-D]
// expect: callsite-outside.c:70:3: note: the branch calls perror()
// expect: callsite-outside.c:80:6: warning: 'sscanf' returns a count or a length, or a negative value on failure (class value, from the built-in table): the branch taken on 0 handles an error, but nothing here tests for a negative value, so its errors pass as values; test it for < 0 too [retconv-D]
// expect: callsite-outside.c:78:6: note: 'got' holds the result of 'sscanf' from here
// expect: callsite-outside.c:81:3: note: the branch logs an error with fprintf()
// expect: callsite-outside.c:90:6: warning: 'close' returns 0, or -1 with errno set (class status, from the built-in table): 'close(...) == 1' is never true; its success is 0 and its failure -1 [retconv-C]
// expect: callsite-outside.c:100:6: warning: 'open' returns a descriptor, which may be 0, or -1 on failure (class descriptor, from the built-in table): 'fd <= 0' takes descriptor 0 for a failure; test it for < 0 [retconv-C]
// expect: callsite-outside.c:98:6: note: 'fd' holds the result of 'open' from here
// expect: callsite-outside.c:110:6: warning: 'SSL_connect' returns a positive value on success, 0 or a negative value on failure (class positive, from the built-in table): 'ret >= 0' takes its failure 0 for a success; test it for <= 0 [retconv-C]
// expect: callsite-outside.c:108:6: note: 'ret' holds the result of 'SSL_connect' from here
