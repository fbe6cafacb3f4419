// SPDX-License-Identifier: MIT
/*
 * A read's 0 let through by a failure test, where the code shows it
 * meant to stop at it: an endless loop that only the test leaves (a
 * drain of a socket: recv()'s 0 at a stream's end comes again at each
 * call), a wrapper of read() that returns its result as is (it has
 * read's contract), and a failure branch that asks for the 0 it never
 * sees ("n ? -errno : -ENOTCONN").  Reported: a user-space drain on "<
 * 0" through a macro, a kernel-style count loop through a wrapper, a
 * kernel-style recv wrapper's dead arm.  Right: "<= 0", a separate "==
 * 0" below, an endless loop with another way out, a write() drain, a
 * wrapper that does more than return, the holder stored in the branch,
 * a drain of an inotify descriptor (its read never gives 0).
 */
#include <errno.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

#define sock_read(s, b, n) (ssize_t)recv((s), (void *)(b), (size_t)(n), 0)

/* The wake-up pipe is non-blocking: read until it fails with EAGAIN. */
void wakeup_drain(int fd)
{
	char buf[64];

	while (1) {
		if (sock_read(fd, buf, sizeof(buf)) < 0) {
			if (errno == EINTR)
				continue;
			break;
		}
	}
}

static inline ssize_t os_read(int fd, void *buf, size_t count)
{
	return read(fd, buf, count);
}

static inline ssize_t os_recv(int fd, void *buf, size_t count, int flags)
{
	size_t len = count;

	return recv(fd, buf, len, flags);
}

int ns_read_cmd(int sock, void *buf, size_t len)
{
	size_t bytes;
	ssize_t ret;

	for (bytes = 0; bytes < len; bytes += ret) {
		ret = os_read(sock, (char *)buf + bytes, len - bytes);
		if (ret < 0)
			return -1;
	}
	return 0;
}

ssize_t sockapi_recv(int sock, void *buf, size_t len, int flags)
{
	ssize_t ret;

	ret = os_recv(sock, buf, len, flags);
	if (ret < 0)
		return ret ? -errno : -ENOTCONN;
	return ret;
}

/* Right: the same, with 0 in the branch. */
ssize_t sockapi_recv_ok(int sock, void *buf, size_t len, int flags)
{
	ssize_t ret;

	ret = os_recv(sock, buf, len, flags);
	if (ret <= 0)
		return ret ? -errno : -ENOTCONN;
	return ret;
}

/* Right: 0 taken apart below the failure test. */
void drain_eof(int fd, int *closed)
{
	char buf[64];
	ssize_t n;

	for (;;) {
		n = read(fd, buf, sizeof(buf));
		if (n < 0)
			break;
		if (n == 0) {
			*closed = 1;
			break;
		}
	}
}

/* Right: the loop has another way out, on a flag. */
void drain_flag(int fd, volatile int *stop)
{
	char buf[64];

	while (1) {
		if (*stop)
			break;
		if (read(fd, buf, sizeof(buf)) < 0)
			break;
	}
}

/* Right: write()'s 0 is no end of file. */
void fill(int fd)
{
	static const char buf[64];

	while (1) {
		if (write(fd, buf, sizeof(buf)) < 0)
			break;
	}
}

static inline ssize_t os_read_counted(int fd, void *buf, size_t count,
				      size_t *total)
{
	ssize_t n = read(fd, buf, count);

	if (n > 0)
		*total += n;
	return n;
}

/* Right: the wrapper does more than return read()'s result. */
int read_counted(int sock, void *buf, size_t len, size_t *total)
{
	size_t bytes;
	ssize_t ret;

	for (bytes = 0; bytes < len; bytes += ret) {
		ret = os_read_counted(sock, (char *)buf + bytes, len - bytes,
				      total);
		if (ret < 0)
			return -1;
	}
	return 0;
}

/* Right: the branch asks of another value. */
ssize_t sockapi_recv_other(int sock, void *buf, size_t len, int *err)
{
	ssize_t ret;

	ret = os_recv(sock, buf, len, 0);
	if (ret < 0)
		return *err ? -*err : -EIO;
	return ret;
}
int inotify_init1(int flags);

static int watch_fd;

int watch_open(void)
{
	watch_fd = inotify_init1(0);
	return watch_fd;
}

/* Right: inotify(7)'s read gives events or fails, never 0. */
void watch_drain(void)
{
	char buf[256];

	while (1) {
		if (read(watch_fd, buf, sizeof(buf)) < 0)
			break;
	}
}
// expect: read-zero-through.c:28:7: warning: 'recv' returns a count or a length, or a negative value on failure (class value, from the built-in table), and 0 at the end of the input: 'recv(...) < 0' takes end of file for a read of no bytes, and the endless loop around it, which only that test leaves, reads again for ever; test it for <= 0 too [retconv-C]
// expect: read-zero-through.c:27:2: note: the loop has no way out but that test, and end of file, which it lets through, comes again at each read
// expect: read-zero-through.c:55:7: warning: 'os_read' returns what read() or recv() returned, as is (its definition at read-zero-through.c:36, which passes on what read() returns, as the built-in table has it), and 0 at the end of the input: 'ret < 0' takes end of file for a read of no bytes, and the loop around it waits for bytes that never come; test it for <= 0 too [retconv-C]
// expect: read-zero-through.c:54:3: note: 'ret' holds the result of 'os_read' from here
// expect: read-zero-through.c:53:31: note: 'bytes += ret' moves the loop's count by it, and end of file moves it by nothing
// expect: read-zero-through.c:66:6: warning: 'os_recv' returns what read() or recv() returned, as is (its definition at read-zero-through.c:41, which passes on what recv() returns, as the built-in table has it), and 0 when the peer closed or at the end of the input: 'ret < 0' sends it the way of the counts, while the branch it guards asks for 0; test it for <= 0 too [retconv-C]
// expect: read-zero-through.c:65:2: note: 'ret' holds the result of 'os_recv' from here
// expect: read-zero-through.c:67:10: note: 'ret ? ...' asks in its branch whether 'ret' is 0, which the test never lets in: the arm for 0 is dead
