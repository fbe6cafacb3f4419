// SPDX-License-Identifier: MIT
/*
 * A negative constant that does not read as an error is no failure code.
 *
 * An "at" directory handle, AT_DIR_HERE (-100, -ENETDOWN's value), is the
 * current directory, passed on as it is: pick_dir() returns it, a
 * descriptor, or -1 for a descriptor not open, so 'kfd == -1' is its one
 * failure test (main: "fails with a negative errno ... picks out -1").
 * A constant whose definition names an errno (-ENOENT), whose name says
 * error (DIR_ERR_BUSY) or whose enum's name does (enum dir_error) is one,
 * and the same test of those functions' results is reported.  Kernel and
 * user space alike: the name and the definition are read, not the value.
 */
#include <errno.h>

#define AT_DIR_HERE -100
#define LOOKUP_MISSING (-ENOENT)
#define DIR_ERR_BUSY -16

enum dir_error {
	DIR_NOSPACE = -28,
};

struct dir {
	int fd;
	int open;
	int busy;
};

int pick_dir(const struct dir *d)
{
	if (!d)
		return AT_DIR_HERE;
	if (!d->open)
		return -1;
	return d->fd;
}

int lookup_dir(const struct dir *d)
{
	if (!d)
		return LOOKUP_MISSING;
	if (!d->open)
		return -1;
	return d->fd;
}

int busy_dir(const struct dir *d)
{
	if (d->busy)
		return DIR_ERR_BUSY;
	if (!d->open)
		return -1;
	return d->fd;
}

int full_dir(const struct dir *d)
{
	if (d->busy)
		return DIR_NOSPACE;
	if (!d->open)
		return -1;
	return d->fd;
}

int open_at(const struct dir *d)
{
	int kfd = pick_dir(d);

	if (kfd == -1)
		return -1;
	return kfd;
}

int open_lookup(const struct dir *d)
{
	int kfd = lookup_dir(d);

	if (kfd == -1)
		return -1;
	return kfd;
}

int open_busy(const struct dir *d)
{
	return busy_dir(d) == -1 ? -1 : 0;
}

int open_full(const struct dir *d)
{
	return full_dir(d) == -1 ? -1 : 0;
}
// expect: named-negative-handle.c:79:6: warning: 'lookup_dir' fails with a negative errno (from its definition at named-negative-handle.c:39): 'kfd == -1' picks out -1 (-EPERM) alone, and its other failures pass for what else it returns; test it for < 0 [retconv-C]
// expect: named-negative-handle.c:77:6: note: 'kfd' holds the result of 'lookup_dir' from here
// expect: named-negative-handle.c:86:9: warning: 'busy_dir' fails with a negative errno (from its definition at named-negative-handle.c:48): 'busy_dir(...) == -1' picks out -1 (-EPERM) alone, and its other failures pass for what else it returns; test it for < 0 [retconv-C]
// expect: named-negative-handle.c:91:9: warning: 'full_dir' fails with a negative errno (from its definition at named-negative-handle.c:57): 'full_dir(...) == -1' picks out -1 (-EPERM) alone, and its other failures pass for what else it returns; test it for < 0 [retconv-C]
