// errno holds 0 or a positive error number, never a negative one: the
// convention of the functions that set it is -1 and errno, that of the
// kernel -errno.  Mixing them up: errno compared with a negative errno or
// for a sign, or returned as it is by a function that fails with negative
// values elsewhere.
#include <errno.h>
#include <unistd.h>

int read_byte(int fd, char *b)
{
	if (read(fd, b, 1) == -1 && errno == -EINTR)
		return -EAGAIN;
	return 0;
}

int write_byte(int fd, const char *b)
{
	if (fd < 0)
		return -EBADF;
	if (write(fd, b, 1) != 1)
		return errno;
	return 0;
}

int close_fd(int fd)
{
	int err;

	close(fd);
	err = errno;
	if (err < 0)
		return err;
	return 0;
}

/* Not flagged: each test and return as the convention says. */
int read_right(int fd, char *b)
{
	ssize_t n = read(fd, b, 1);

	if (n == -1 && errno == EINTR)
		return -EAGAIN;
	if (n < 0)
		return -errno;
	if (!errno)
		return -EIO;
	return errno > 0 ? -errno : 0;
}

int read_positive(int fd, char *b)
{
	if (read(fd, b, 1) < 0)
		return errno;
	return 0;
}
// expect: callsite-errno.c:11:30: warning: 'errno' holds 0 or a positive error number (class perrno, from the built-in table): 'errno == -EINTR' is never true; its failure is a positive errno [retconv-C]
// expect: callsite-errno.c:21:3: warning: 'errno' holds 0 or a positive error number (class perrno, from the built-in table), and 'write_byte' returns 'errno' as it is, where it fails with a negative value elsewhere: its callers' failure tests (< 0) miss this one; return it negated [retconv-E]
// expect: callsite-errno.c:31:6: warning: 'errno' holds 0 or a positive error number (class perrno, from the built-in table), never negative: 'err < 0' is never true; its failure is non-zero [retconv-C]
// expect: callsite-errno.c:30:2: note: 'err' holds the result of 'errno' from here
