// SPDX-License-Identifier: MIT
/*
 * A negative constant passed on where the parameter equals it.
 *
 * at_fd() maps a descriptor of the caller's to the host's, and passes
 * the "current directory" handle (-100, as AT_FDCWD is on Linux) on as it
 * came: that -100 is the caller's value, not a failure of at_fd(), whose
 * one failure is -1.  Its callers test "!= -1" rightly.  A function that
 * returns a negative error code of its own (lookup_fd(), FILE_ERR_BAD)
 * still fails with two negative values, and a "!= -1" test of it picks
 * one out; -100 of its own would not do (named-negative-handle.c: a
 * constant that does not read as an error is a handle).
 */
#define DIR_HERE (-100)
#define FILE_ERR_BAD (-9)

struct file {
	int host_fd;
};

struct file *file_get(int fd);

static int at_fd(int dirfd)
{
	struct file *f;

	if (dirfd == DIR_HERE)
		return DIR_HERE;
	f = file_get(dirfd);
	if (!f)
		return -1;
	return f->host_fd;
}

int host_open_at(int dirfd, const char *name);

int sys_open_at(int dirfd, const char *name)
{
	int hfd = at_fd(dirfd);

	if (hfd != -1)
		return host_open_at(hfd, name);
	return -9;
}

static int lookup_fd(int fd)
{
	struct file *f;

	if (fd < 0)
		return FILE_ERR_BAD;
	f = file_get(fd);
	if (!f)
		return -1;
	return f->host_fd;
}

int sys_dup_at(int fd, const char *name)
{
	int hfd = lookup_fd(fd);

	if (hfd != -1)
		return host_open_at(hfd, name);
	return -9;
}
// expect: passed-sentinel.c:62:6: warning: 'lookup_fd' fails with a negative errno (from its definition at passed-sentinel.c:46): 'hfd != -1' picks out -1 (-EPERM) alone, and its other failures pass for what else it returns; test it for < 0 [retconv-C]
// expect: passed-sentinel.c:60:6: note: 'hfd' holds the result of 'lookup_fd' from here
