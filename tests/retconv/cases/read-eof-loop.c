// SPDX-License-Identifier: MIT
/*
 * read(2)'s 0 is the end of the file: no failure, and no bytes either.
 * A loop that asks for bytes until its count is reached, and tests the
 * result only for its failure, takes end of file for a read of nothing,
 * and asks again for ever.  Reported: a user-space loop on "== -1" (its
 * count a parameter), a kernel-style one on "< 0" with a for's step.
 * Right: 0 told apart (a test for <= 0, == 0, a short read, a loop on
 * the result itself), a write loop (write(2)'s 0 is no end of file), a
 * recv() loop (its 0 may be an empty datagram: the next call waits), a
 * loop whose condition reads no count the result moves.
 */
#include <errno.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <unistd.h>

int read_all(int fd, char *p, ssize_t size)
{
	ssize_t nread;

	while (size) {
		nread = read(fd, p, size);
		if (nread == -1)
			return -1;
		p += nread;
		size -= nread;
	}
	return 0;
}

static int read_exact(int fd, void *buf, size_t len)
{
	size_t done;
	ssize_t ret;

	for (done = 0; done < len; done += ret) {
		ret = read(fd, (char *)buf + done, len - done);
		if (ret < 0)
			return -errno;
	}
	return 0;
}

int ready(int fd);

/* Right: on a datagram socket recv()'s 0 is an empty datagram. */
int recv_header(int fd, char *hdr, size_t want)
{
	size_t got = 0;

	while (got < want) {
		if (ready(fd)) {
			ssize_t n = recv(fd, hdr + got, want - got, 0);

			if (n < 0)
				return -1;
			got += n;
		}
	}
	return 0;
}

/* Right: end of file ends the loop. */
int read_all_eof(int fd, char *p, ssize_t size)
{
	ssize_t nread;

	while (size) {
		nread = read(fd, p, size);
		if (nread == -1)
			return -1;
		if (nread == 0)
			break;
		p += nread;
		size -= nread;
	}
	return 0;
}

static int read_exact_le(int fd, void *buf, size_t len)
{
	size_t done;
	ssize_t ret;

	for (done = 0; done < len; done += ret) {
		ret = read(fd, (char *)buf + done, len - done);
		if (ret <= 0)
			return ret ? -errno : -EIO;
	}
	return 0;
}

int read_until(int fd, char *p, size_t size)
{
	ssize_t n;
	size_t total = 0;

	while ((n = read(fd, p + total, size - total)) > 0)
		total += n;
	return n < 0 ? -1 : (int)total;
}

int read_short(int fd, char *p, ssize_t size)
{
	ssize_t n;

	while (size) {
		n = read(fd, p, size);
		if (n < 0 || !n)
			return -1;
		size -= n;
		p += n;
	}
	return 0;
}

/* Right: write(2)'s loop on its failure is the idiom. */
static int write_all(int fd, const char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		p += n;
		len -= n;
	}
	return 0;
}

/* Right: the loop's condition reads nothing the count moves. */
int drain(int fd, int *stop)
{
	char buf[64];
	size_t total = 0;
	ssize_t n;

	while (!*stop) {
		n = read(fd, buf, sizeof(buf));
		if (n < 0)
			return -1;
		total += n;
	}
	return (int)total;
}

int use(void)
{
	char b[8];

	return read_exact(0, b, 8) + read_exact_le(0, b, 8) +
	       write_all(1, b, 8);
}
// expect: read-eof-loop.c:24:7: warning: 'read' returns a count or a length, or a negative value on failure (class value, from the built-in table), and 0 at the end of the input: 'nread == -1' takes end of file for a read of no bytes, and the loop around it waits for bytes that never come; test it for <= 0 too [retconv-C]
// expect: read-eof-loop.c:23:3: note: 'nread' holds the result of 'read' from here
// expect: read-eof-loop.c:27:3: note: 'size -= nread' moves the loop's count by it, and end of file moves it by nothing
// expect: read-eof-loop.c:39:7: warning: 'read' returns a count or a length, or a negative value on failure (class value, from the built-in table), and 0 at the end of the input: 'ret < 0' takes end of file for a read of no bytes, and the loop around it waits for bytes that never come; test it for <= 0 too [retconv-C]
// expect: read-eof-loop.c:38:3: note: 'ret' holds the result of 'read' from here
// expect: read-eof-loop.c:37:29: note: 'done += ret' moves the loop's count by it, and end of file moves it by nothing
