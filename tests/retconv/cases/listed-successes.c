// SPDX-License-Identifier: MIT
/*
 * Successes listed one by one above a test for non-zero: "if (rc == 3)
 * ... else if (rc == 2) ... else if (rc != 0) fail;" (efivar's sscanf()
 * of a SCSI port): the branches above took the counts the code expects,
 * and what is left of the positive values, a partial match, is a failure
 * the last test rightly sends to the error.  Only a test for non-zero
 * with no success taken above it takes every match for a failure.
 */
#include <stdio.h>

int parse_port(const char *s, int *port, int *target)
{
	int a, b, c;
	int rc = sscanf(s, "port-%d:%d:%d", &a, &b, &c);

	if (rc == 3) {
		*port = b;
		*target = c;
	} else if (rc == 2) {
		*port = b;
	} else if (rc != 0) {
		return -1;
	}
	return 0;
}

int parse_pair(const char *s, int *x)
{
	int a, b;
	int rc = sscanf(s, "%d:%d", &a, &b);

	if (rc != 0)
		return -1;
	*x = a + b;
	return 0;
}
// expect: listed-successes.c:33:6: warning: 'sscanf' returns a count or a length, or a negative value on failure (class value, from the built-in table): the branch taken on a value other than 0 handles an error, but its successes are such values; test it for < 0 [retconv-D]
// expect: listed-successes.c:31:6: note: 'rc' holds the result of 'sscanf' from here
// expect: listed-successes.c:34:3: note: the branch returns a negative errno
