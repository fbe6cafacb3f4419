// Rule C in user space: a count, or a negative errno under the project's
// own names, compared with -1.  "n == -1" reads the C library's one
// failure into a function that has several: a read that failed with
// BUF_EAGAIN passes for a count.  A function whose only failure is -1,
// as read(2)'s, is tested rightly so, and is not reported; nor is a test
// for -1 whose branch is followed at once by one for the sign, nor a name
// the C library defines: a tree that holds a kernel defines its
// waitpid(), and its programs call the C library's; nor a comparison
// handed to a call or a macro (a unit test's expectation).
#include <errno.h>
#include <stddef.h>
#include <sys/types.h>

#define BUF_EAGAIN (-EAGAIN)
#define BUF_EIO (-EIO)

struct buf {
	char *data;
	unsigned short len;
	int broken;
};

/* A count, or a negative errno. */
int buf_fill(struct buf *b)
{
	if (b->broken)
		return BUF_EIO;
	if (!b->len)
		return BUF_EAGAIN;
	return b->len--;
}

/* A count, or -1. */
int buf_take(struct buf *b)
{
	if (!b->data)
		return -1;
	return b->len--;
}

size_t buf_drain(struct buf *b)
{
	size_t got = 0;
	int n;

	while ((n = buf_fill(b)) != -1)
		got += (size_t)n;
	return got;
}

int buf_next(struct buf *b)
{
	int n = buf_take(b);

	if (n == -1)
		return 0;
	n = buf_fill(b);
	if (n == -1)
		return 0;
	if (n < 0)
		return n;
	return n;
}

/* The kernel's, in a tree that holds a kernel and its programs. */
int waitpid(int pid, int *status, int options)
{
	if (pid < -1 || options < 0)
		return -EINVAL;
	if (!status)
		return -ECHILD;
	return pid;
}

int reap(int pid)
{
	int status;

	if (waitpid(pid, &status, 0) == -1)
		return -1;
	return status;
}

void expect(int ok, const char *what);

/* A unit test's expectation of one code, handed to its checker. */
void test_fill(struct buf *b)
{
	b->broken = 1;
	expect(buf_fill(b) == -1, "a broken buffer fails");
}
// expect: callsite-one-code-user.c:46:9: warning: 'buf_fill' fails with a negative errno (from its definition at callsite-one-code-user.c:24): 'n != -1' picks out -1 (-EPERM) alone, and its other failures pass for a value; test it for < 0 [retconv-C]
// expect: callsite-one-code-user.c:46:10: note: 'n' holds the result of 'buf_fill' from here
