// errno kept in a variable and returned as it is ("ret = errno; goto
// out; ... out: return ret;"): a positive error number, whatever the
// project's style.  In a function that fails with a negative value
// elsewhere it is the odd one out (rule E, with the store as a note); a
// function whose every failure is errno so gives 0 or a positive errno,
// and its callers read it so: a test for < 0 is dead (rule C), and a
// caller that fails negative and passes it on as it is hands its own
// callers a positive failure (rule E), each with a note where the callee
// takes errno.  Kernel style (0/-errno) first, then user space (0 or a
// positive errno, as POSIX's functions); the right readings are silent.
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

/* --- kernel style: actions return 0 or a negative errno ---------------- */

/* Gives 0 or errno as it is: its failure is positive. */
static int attr_store(const char *path, const char *val, size_t len)
{
	int fd, ret;

	fd = open(path, O_WRONLY);
	if (fd < 0) {
		ret = errno;
		goto out;
	}
	if (write(fd, val, len) != (ssize_t)len) {
		ret = errno;
		goto out_close;
	}
	ret = 0;
out_close:
	close(fd);
out:
	return ret;
}

/* Fails with -EINVAL, and passes attr_store()'s positive errno on. */
int port_remove(int id)
{
	char path[64];

	if (id < 0)
		return -EINVAL;
	snprintf(path, sizeof(path), "/sys/class/port/port%d/remove", id);
	return attr_store(path, "1", 1);
}

/* Its own errno, kept and returned as it is, beside -ENODEV. */
int port_reset(const char *path)
{
	int fd, ret;

	if (!path)
		return -ENODEV;
	fd = open(path, O_WRONLY);
	if (fd < 0) {
		ret = errno;
		goto out;
	}
	ret = write(fd, "1", 1) == 1 ? 0 : -EIO;
	close(fd);
out:
	return ret;
}

/* Right: negated where it is kept, or where it is returned. */
int port_rescan(const char *path)
{
	int fd, ret;

	if (!path)
		return -ENODEV;
	fd = open(path, O_WRONLY);
	if (fd < 0) {
		ret = -errno;
		goto out;
	}
	ret = 0;
	close(fd);
out:
	return ret;
}

int port_enable(int id)
{
	int ret;

	if (id < 0)
		return -EINVAL;
	ret = attr_store("/sys/class/port/enable", "1", 1);
	return -ret;
}

int port_disable(const char *path)
{
	int ret;

	if (!path)
		return -EINVAL;
	if (unlink(path) < 0) {
		ret = errno;
		return -ret;
	}
	return 0;
}

/* A caller that tests attr_store() for a sign never sees its failure. */
int port_probe(int id)
{
	if (attr_store("/sys/class/port/probe", "1", 1) < 0)
		return -EIO;
	return id;
}

/* --- user space: 0 or a positive errno, as POSIX's functions ----------- */

struct store {
	const char *path;
	int fd;
};

/* 0 or errno as it is, through two variables. */
int store_sync(struct store *s)
{
	int err = 0, saved;

	if (fsync(s->fd) < 0) {
		saved = errno;
		err = saved;
	}
	return err;
}

/* Right: its callers ask for non-zero. */
int store_close(struct store *s)
{
	int err = store_sync(s);

	if (err != 0)
		fprintf(stderr, "%s: %s\n", s->path, strerror(err));
	if (close(s->fd) != 0 && !err)
		err = errno;
	return err;
}

/* Wrong: a positive errno is never below 0. */
void store_flush(struct store *s)
{
	int err;

	err = store_sync(s);
	if (err < 0)
		fprintf(stderr, "%s: cannot sync\n", s->path);
}

// expect: callsite-errno-held.c:47:2: warning: 'attr_store' returns 0 or a positive errno (class perrno, from its definition at callsite-errno-held.c:19, which returns 0 or errno as it is), and 'port_remove' returns 'attr_store(...)' as it is, where it fails with a negative value elsewhere: its callers' failure tests (< 0) miss this one; return it negated [retconv-E]
// expect: callsite-errno-held.c:25:3: note: 'attr_store' gives errno as it is from here
// expect: callsite-errno-held.c:65:2: warning: 'errno' holds 0 or a positive error number (class perrno, from the built-in table), and 'port_reset' returns 'ret' as it is, where it fails with a negative value elsewhere: its callers' failure tests (< 0) miss this one; return it negated [retconv-E]
// expect: callsite-errno-held.c:59:3: note: 'ret' holds the result of 'errno' from here
// expect: callsite-errno-held.c:112:6: warning: 'attr_store' returns 0 or a positive errno (class perrno, from its definition at callsite-errno-held.c:19, which returns 0 or errno as it is), never negative: 'attr_store(...) < 0' is never true; its failure is non-zero [retconv-C]
// expect: callsite-errno-held.c:25:3: note: 'attr_store' gives errno as it is from here
// expect: callsite-errno-held.c:154:6: warning: 'store_sync' returns 0 or a positive errno (class perrno, from its definition at callsite-errno-held.c:125, which returns 0 or errno as it is), never negative: 'err < 0' is never true; its failure is non-zero [retconv-C]
// expect: callsite-errno-held.c:153:2: note: 'err' holds the result of 'store_sync' from here
// expect: callsite-errno-held.c:133:2: note: 'store_sync' gives errno as it is from here
