// A call that never returns ends its path: after "if (r < 0) die(...);"
// the variable cannot be negative at the return, so a predicate passing
// it on is no rule B finding.  Without the call, the negative gets through
// (is_attached() is no mere wrapper: it returns a 0 of its own).
#include <stdlib.h>

__attribute__((noreturn)) void fatal(const char *msg);

int is_ready(int fd);

int is_linked(int fd)
{
	int r;

	r = is_ready(fd);
	if (r < 0)
		fatal("cannot tell");
	return r;
}

int is_open(int fd)
{
	int r;

	r = is_ready(fd);
	if (r < 0)
		exit(2);
	return r;
}

int is_attached(int fd)
{
	int r;

	if (!fd)
		return 0;
	r = is_ready(fd);
	return r;
}

int is_ready(int fd)
{
	if (fd < 0)
		return -1;
	return fd > 2;
}
// args: --style
// expect: noreturn.c:31:5: warning: predicate 'is_attached' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: noreturn.c:38:2: note: returns a negative errno
// expect: noreturn.c:41:5: warning: predicate 'is_ready' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: noreturn.c:44:3: note: returns a negative errno
