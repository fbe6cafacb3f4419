// SPDX-License-Identifier: MIT
/*
 * A wrapper of a function defined outside the input keeps its contract:
 * a definition whose returns pass on, as they came, the result of a
 * function the table knows (or of another such wrapper), beside
 * constants of the same class, gives its callers that function's class.
 * Reported: a user-space log descriptor that may be standard output,
 * tested for 0; a read retried on EINTR, tested for 0; a kernel-style
 * wrapper of request_irq() whose 0 is taken for its failure; a socket
 * opened through two wrappers, tested for being non-zero; a TLS read
 * wrapper tested "< 0".  And a result kept in a field that the body
 * reads only for being 0, as a local would be: a socket in a user-space
 * structure, a kernel-style IRQ number (platform_get_irq()'s negative
 * errno goes the way of an IRQ).  Right: the same wrappers and fields
 * tested for their failure as the contract says, a field whose sign a
 * later test reads, a wrapper that turns -1 into -errno (its own
 * contract: a count or a negative errno), a wrapper that negates a
 * positive errno, a wrapper that answers a question, an action that
 * passes on open()'s failure alone (0 or -1, not a descriptor).
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

struct platform_device;

int request_irq(unsigned int irq, void *handler, unsigned long flags,
		const char *name, void *dev);
int platform_get_irq(struct platform_device *pdev, unsigned int num);
void enable_irq(unsigned int irq);
int SSL_read(void *ssl, void *buf, int num);

static int log_to_stdout;

int log_open(const char *path)
{
	int fd = log_to_stdout ? STDOUT_FILENO :
		 open(path, O_WRONLY | O_APPEND | O_CREAT, 0644);

	return fd;
}

ssize_t read_retry(int fd, void *buf, size_t len)
{
	ssize_t n;

	do
		n = read(fd, buf, len);
	while (n < 0 && errno == EINTR);
	return n;
}

int log_dump(const char *path)
{
	char buf[16];
	int fd = log_open(path);

	if (!fd)
		return -1;
	if (!read_retry(fd, buf, sizeof(buf)))
		return -1;
	return 0;
}

int log_dump_right(const char *path)
{
	char buf[16];
	int fd = log_open(path);

	if (fd < 0)
		return -1;
	if (read_retry(fd, buf, sizeof(buf)) <= 0)
		return -1;
	return 0;
}

struct uart {
	unsigned int irq;
	int sock;
	int wake_irq;
};

void uart_wake_setup(struct uart *u, struct platform_device *pdev)
{
	u->wake_irq = platform_get_irq(pdev, 1);
	if (u->wake_irq)
		enable_irq(u->wake_irq);
}

int uart_wake_setup_right(struct uart *u, struct platform_device *pdev)
{
	u->wake_irq = platform_get_irq(pdev, 1);
	if (u->wake_irq < 0)
		return u->wake_irq;
	if (u->wake_irq)
		enable_irq(u->wake_irq);
	return 0;
}

int uart_wake_later(struct uart *u, struct platform_device *pdev)
{
	u->wake_irq = platform_get_irq(pdev, 1);
	if (u->wake_irq)
		enable_irq(u->wake_irq);
	return u->wake_irq < 0 ? u->wake_irq : 0;
}

static int uart_request_irq(struct uart *u, void *handler)
{
	return request_irq(u->irq, handler, 0, "uart", u);
}

int uart_probe(struct uart *u, void *handler)
{
	if (!uart_request_irq(u, handler))
		return -EBUSY;
	return 0;
}

int uart_probe_right(struct uart *u, void *handler)
{
	int ret = uart_request_irq(u, handler);

	if (ret)
		return ret;
	return 0;
}

static int stream_socket(int family)
{
	if (family != AF_INET && family != AF_INET6)
		return -1;
	return socket(family, SOCK_STREAM, 0);
}

static int uart_socket(void)
{
	return stream_socket(AF_INET);
}

int uart_listen(struct uart *u)
{
	u->sock = uart_socket();
	if (u->sock)
		return listen(u->sock, 4);
	return -1;
}

int uart_listen_right(struct uart *u)
{
	u->sock = uart_socket();
	if (u->sock < 0)
		return -1;
	return listen(u->sock, 4);
}

static int tls_read(void *ssl, void *buf, int len)
{
	return SSL_read(ssl, buf, len);
}

int tls_drain(void *ssl, char *buf, int len)
{
	int n = tls_read(ssl, buf, len);

	if (n < 0)
		return -1;
	return n;
}

/* Its own contract: a count, or a negative errno. */
static ssize_t write_errno(int fd, const void *buf, size_t len)
{
	ssize_t n = write(fd, buf, len);

	if (n < 0)
		return -errno;
	return n;
}

int flush_out(int fd, const void *buf, size_t len)
{
	if (write_errno(fd, buf, len) < 0)
		return -1;
	return 0;
}

/* 0 or a negative errno, from a positive one. */
static int lock_errno(pthread_mutex_t *m)
{
	return -pthread_mutex_lock(m);
}

int take(pthread_mutex_t *m)
{
	if (lock_errno(m) < 0)
		return -1;
	return 0;
}

/* 0 or -1: open()'s failure is passed on, its descriptor is not. */
static int save_log(const char *path, const void *buf, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT, 0644);

	if (fd < 0)
		return fd;
	if (write(fd, buf, len) < 0) {
		close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

int save(const char *path, const void *buf, size_t len)
{
	if (save_log(path, buf, len))
		return -EIO;
	return 0;
}

/* A question, whatever open() said. */
static int can_open(const char *path)
{
	return open(path, O_RDONLY) >= 0;
}

int check(const char *path)
{
	if (!can_open(path))
		return -ENOENT;
	return 0;
}

// expect: callsite-wrapper-outside.c:61:6: warning: 'log_open' returns a descriptor, which may be 0, or -1 on failure (class descriptor, from its definition at callsite-wrapper-outside.c:38, which passes on what open() returns, as the built-in table has it): the branch taken on 0 handles an error, but 0 is a descriptor and -1 its failure; test it for < 0 [retconv-D]
// expect: callsite-wrapper-outside.c:59:6: note: 'fd' holds the result of 'log_open' from here
// expect: callsite-wrapper-outside.c:62:3: note: the branch returns a negative errno
// expect: callsite-wrapper-outside.c:63:6: warning: 'read_retry' returns a count or a length, or a negative value on failure (class value, from its definition at callsite-wrapper-outside.c:46, which passes on what read() returns, as the built-in table has it): the branch taken on 0 handles an error, but nothing here tests for a negative value, so its errors pass as values; test it for < 0 too [retconv-D]
// expect: callsite-wrapper-outside.c:64:3: note: the branch returns a negative errno
// expect: callsite-wrapper-outside.c:89:6: warning: 'platform_get_irq' returns a value or a negative errno (class mixed, from the built-in table): it is tested only for being 0, so its failure, negative, goes the way of a success; test it for > 0, or for the count it must reach [retconv-D]
// expect: callsite-wrapper-outside.c:88:2: note: 'u->wake_irq' holds the result of 'platform_get_irq' from here
// expect: callsite-wrapper-outside.c:118:6: warning: 'uart_request_irq' returns 0 or a negative errno (class errno, from its definition at callsite-wrapper-outside.c:111, which passes on what request_irq() returns, as the built-in table has it): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: callsite-wrapper-outside.c:119:3: note: the branch returns a negative errno
// expect: callsite-wrapper-outside.c:147:6: warning: 'uart_socket' returns a descriptor, which may be 0, or -1 on failure (class descriptor, from its definition at callsite-wrapper-outside.c:139, which passes on what socket() returns, as the built-in table has it): it is tested only for being 0, so its failure, -1, goes the way of a descriptor, and descriptor 0 the way of none; test it for < 0 [retconv-D]
// expect: callsite-wrapper-outside.c:146:2: note: 'u->sock' holds the result of 'uart_socket' from here
// expect: callsite-wrapper-outside.c:169:6: warning: 'tls_read' returns a positive value on success, 0 or a negative value on failure (class positive, from its definition at callsite-wrapper-outside.c:160, which passes on what SSL_read() returns, as the built-in table has it): 'n < 0' takes its failure 0 for a success; test it for <= 0 [retconv-C]
// expect: callsite-wrapper-outside.c:167:6: note: 'n' holds the result of 'tls_read' from here
