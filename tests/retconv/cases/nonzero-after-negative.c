// SPDX-License-Identifier: MIT
/*
 * A count tested for non-zero before an error, after its negative failure
 * was taken above ("if (n < 0) goto fail; if (n) fail;", fstools reading a
 * sysfs file to its end): the test asks about the count itself, since the
 * code wants none, and the failure was read as the convention says.  Only
 * a test for non-zero with the failure not taken first takes every count
 * for a failure.
 */
#include <unistd.h>

int read_all(int fd, char *buf, int len)
{
	char more[4];
	ssize_t n = read(fd, buf, (size_t)len);

	if (n < 0)
		return -1;
	n = read(fd, more, sizeof(more));
	if (n < 0)
		return -1;
	if (n)
		return -2;
	return 0;
}

int read_rest(int fd)
{
	char more[4];
	ssize_t n = read(fd, more, sizeof(more));

	if (n)
		return -2;
	return 0;
}
// expect: nonzero-after-negative.c:32:6: warning: 'read' returns a count or a length, or a negative value on failure (class value, from the built-in table): the branch taken on a value other than 0 handles an error, but its successes are such values; test it for < 0 [retconv-D]
// expect: nonzero-after-negative.c:30:10: note: 'n' holds the result of 'read' from here
// expect: nonzero-after-negative.c:33:3: note: the branch returns a negative errno
