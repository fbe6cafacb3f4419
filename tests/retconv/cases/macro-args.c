// What a macro's argument writes is the text: an operator there stands
// between its operands ("assert(fd > 0)", "WARN_ON(ret == 1)"), and a call
// starts with its callee's name, so the rules read them as if written
// outside the macro.  What a macro's body writes is still not read.  A
// macro that writes its argument twice (the C library's assert()) gives
// one finding.
#include <assert.h>
#include <errno.h>
#include <stdlib.h>

void warn_slowpath(const char *file, int line);
#define WARN_ON(cond) do { if (cond) warn_slowpath(__FILE__, __LINE__); } while (0)
#define IS_NEG(x) ((x) < 0)

int queue_work(void *wq, void *work);

/* Flagged, user space: descriptor 0 taken for a failure. */
int make_temp(char *templ)
{
	int fd = mkstemp(templ);

	assert(fd > 0);
	return fd;
}

/* Flagged, kernel style: queue_work() returns only 0 or 1. */
void kick(void *wq, void *w)
{
	WARN_ON(queue_work(wq, w) < 0);
}

/* Not flagged: the right test in the argument. */
int make_temp_right(char *templ)
{
	int fd = mkstemp(templ);

	assert(fd >= 0);
	return fd;
}

/* Not flagged: the test is the macro body's, not written here. */
void kick_body(void *wq, void *w)
{
	WARN_ON(IS_NEG(queue_work(wq, w)));
}
// expect: macro-args.c:22:2: warning: 'mkstemp' returns a descriptor, which may be 0, or -1 on failure (class descriptor, from the built-in table): 'fd > 0' takes descriptor 0 for a failure; test it for < 0 [retconv-C]
// expect: macro-args.c:20:6: note: 'fd' holds the result of 'mkstemp' from here
// expect: macro-args.c:29:2: warning: 'queue_work' returns only 0 or 1 (class boolean, from the built-in table), never negative: 'queue_work(...) < 0' is never true; its failure is 0 [retconv-C]
