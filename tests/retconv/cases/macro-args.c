// A macro's argument is read as the text has it only through a branch
// hint: "if (unlikely(ret < 0))" tests what unlikely() was given, and the
// operators and calls written there are judged as if written outside it.
// Any other macro's argument is left alone: what an assertion or a
// warning macro does with its condition is in its body ("assert(fd > 0)"
// asks for a descriptor above 0 on purpose as often as by mistake), even
// when that body tests it through a hint of its own.
#include <assert.h>
#include <errno.h>
#include <stdlib.h>

#define unlikely(x) __builtin_expect(!!(x), 0)
#define LIKELY(x) __builtin_expect(!!(x), 1)

void warn_slowpath(const char *file, int line);
#define WARN_ON(cond) do { if (cond) warn_slowpath(__FILE__, __LINE__); } while (0)
#define APP_ASSERT(cond) do { if (unlikely(!(cond))) abort(); } while (0)

int queue_work(void *wq, void *work);

/* Flagged, kernel style: queue_work() gives 0 or 1, never negative. */
int kick(void *wq, void *w)
{
	if (unlikely(queue_work(wq, w) < 0))
		return -EBUSY;
	return 0;
}

/* Flagged, kernel style: the store is in the hint's argument too. */
int kick_kept(void *wq, void *w)
{
	int ret;

	if (unlikely((ret = queue_work(wq, w)) < 0))
		return ret;
	return 0;
}

/* Flagged, user space: descriptor 0 taken for a failure. */
int make_temp(char *templ)
{
	int fd = mkstemp(templ);

	if (LIKELY(fd > 0))
		return fd;
	return -1;
}

/* Not flagged: the right test in the hint. */
int make_temp_right(char *templ)
{
	int fd = mkstemp(templ);

	if (LIKELY(fd >= 0))
		return fd;
	return -1;
}

/* Not flagged: an assertion's argument, user space. */
int make_temp_asserted(char *templ)
{
	int fd = mkstemp(templ);

	assert(fd > 0);
	APP_ASSERT(fd > 0);
	return fd;
}

/* Not flagged: a warning's argument, kernel style. */
void kick_warned(void *wq, void *w)
{
	WARN_ON(queue_work(wq, w) < 0);
}
// expect: macro-args.c:24:6: warning: 'queue_work' returns only 0 or 1 (class boolean, from the built-in table), never negative: 'queue_work(...) < 0' is never true; its failure is 0 [retconv-C]
// expect: macro-args.c:34:6: warning: 'queue_work' returns only 0 or 1 (class boolean, from the built-in table), never negative: 'ret < 0' is never true; its failure is 0 [retconv-C]
// expect: macro-args.c:34:6: note: 'ret' holds the result of 'queue_work' from here
// expect: macro-args.c:44:6: warning: 'mkstemp' returns a descriptor, which may be 0, or -1 on failure (class descriptor, from the built-in table): 'fd > 0' takes descriptor 0 for a failure; test it for < 0 [retconv-C]
// expect: macro-args.c:42:6: note: 'fd' holds the result of 'mkstemp' from here
