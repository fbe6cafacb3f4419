// SPDX-License-Identifier: MIT
/*
 * A message to stderr is error handling only if it reports a failure.
 *
 * An example program prints what it did on stderr, its diagnostics
 * channel: "if (ret == 0) fprintf(stderr, "captured to %s\n", name);"
 * reads capture()'s 0 as the success it is (main: rule D, "the branch
 * logs an error with fprintf()").  The same test followed by a message
 * that reports a failure (an error's text from strerror(), a word for a
 * failure) handles an error on 0, and rule D reports it.  User space.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

struct cam {
	int ready;
	int shots;
};

static int capture(struct cam *c, const char *name)
{
	if (!c->ready || !name)
		return -EAGAIN;
	c->shots++;
	return 0;
}

void shoot(struct cam *c, const char *name)
{
	int ret = capture(c, name);

	if (ret == 0)
		fprintf(stderr, "captured to %s\n", name);
}

void shoot_twice(struct cam *c, const char *name)
{
	int ret = capture(c, name);

	if (ret == 0)
		fprintf(stderr, "second shot %s: %s\n", name, strerror(-ret));
}

void shoot_again(struct cam *c, const char *name)
{
	if (capture(c, name) == 0)
		fputs("camera not ready\n", stderr);
}
// expect: rule-d-success-message.c:41:6: warning: 'capture' returns 0 or a negative errno (class errno, from its definition at rule-d-success-message.c:21): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: rule-d-success-message.c:39:6: note: 'ret' holds the result of 'capture' from here
// expect: rule-d-success-message.c:42:3: note: the branch logs an error with fprintf()
// expect: rule-d-success-message.c:47:6: warning: 'capture' returns 0 or a negative errno (class errno, from its definition at rule-d-success-message.c:21): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: rule-d-success-message.c:48:3: note: the branch logs an error with fputs()
