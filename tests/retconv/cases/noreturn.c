// A call that never returns ends its path: after "if (r < 0) die(...);"
// the variable cannot be negative at the return, so a predicate passing
// it on is no rule B finding.  Without the call, the negative gets through.
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

	r = is_ready(fd);
	return r;
}

int is_ready(int fd)
{
	if (fd < 0)
		return -1;
	return fd > 2;
}
// expect: noreturn.c:30:5: warning: predicate 'is_attached' returns a negative errno, which reads as true; return a bool, or give it an action's name [retconv-B]
// expect: noreturn.c:35:2: note: returns a negative errno
// expect: noreturn.c:38:5: warning: predicate 'is_ready' returns a negative errno, which reads as true; return a bool, or give it an action's name [retconv-B]
// expect: noreturn.c:41:3: note: returns a negative errno
