// SPDX-License-Identifier: MIT
/*
 * A read's end of file in a loop, told apart by a short count whose
 * holder is cast for the comparison: "(size_t)n != len" sends every
 * count short of the length asked for, 0 included, the failure's way,
 * as "n != len" does, so the loop does not wait for bytes that never
 * come.  A user-space copy loop (a file copied by chunks) and a
 * kernel-style one ("(size_t)n < left") are right.  A cast count
 * compared so that 0 goes with the full counts ("(int)n == -1") tells
 * nothing apart: that loop still asks again for ever at the end of the
 * file.
 */
#include <sys/types.h>
#include <unistd.h>

#define EIO 5

int copy_file(int from, int to, char *buf, size_t len, off_t size)
{
	ssize_t n;

	while (size > 0) {
		if ((off_t)len > size)
			len = (size_t)size;
		n = read(from, buf, len);
		if (n == -1)
			return -1;
		if ((size_t)n != len)
			return -1;
		if (write(to, buf, len) != (ssize_t)len)
			return -1;
		size -= n;
	}
	return 0;
}

int dev_fill(int fd, char *p, size_t left)
{
	ssize_t n;

	while (left) {
		n = read(fd, p, left);
		if (n < 0)
			return -EIO;
		if ((size_t)n < left)
			return -EIO;
		p += n;
		left -= n;
	}
	return 0;
}

int dev_fill_all(int fd, char *p, size_t left)
{
	ssize_t n;

	while (left) {
		n = read(fd, p, left);
		if (n < 0)
			return -EIO;
		if ((int)n == -1)
			return -EIO;
		p += n;
		left -= n;
	}
	return 0;
}

// expect: read-eof-cast.c:59:7: warning: 'read' returns a count or a length, or a negative value on failure (class value, from the built-in table), and 0 at the end of the input: 'n < 0' takes end of file for a read of no bytes, and the loop around it waits for bytes that never come; test it for <= 0 too [retconv-C]
// expect: read-eof-cast.c:58:3: note: 'n' holds the result of 'read' from here
// expect: read-eof-cast.c:64:3: note: 'left -= n' moves the loop's count by it, and end of file moves it by nothing
// expect: read-eof-cast.c:61:7: warning: 'read' returns a count or a length, or a negative value on failure (class value, from the built-in table), and 0 at the end of the input: 'n == -1' takes end of file for a read of no bytes, and the loop around it waits for bytes that never come; test it for <= 0 too [retconv-C]
// expect: read-eof-cast.c:58:3: note: 'n' holds the result of 'read' from here
// expect: read-eof-cast.c:64:3: note: 'left -= n' moves the loop's count by it, and end of file moves it by nothing
