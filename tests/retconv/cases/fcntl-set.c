// SPDX-License-Identifier: MIT
/*
 * fcntl(2)'s result depends on its command: one that sets something
 * (F_SETFD, F_SETFL, F_SETLK, ...) gives 0, or -1 with errno set, a
 * status; F_GETFD and F_GETFL give flags, F_DUPFD a descriptor.  A set
 * command's result compared with 1 is never true.  Right: a get command
 * compared with anything, a set command tested for -1 or for a sign, and
 * a command that is not written as a name.
 */
#include <fcntl.h>

int fd_keep_open(int fd)
{
	int flags = fcntl(fd, F_GETFD);

	if (flags == -1 || fcntl(fd, F_SETFD, flags & ~FD_CLOEXEC) == 1)
		return -1;
	return 0;
}

int fd_nonblock(int fd)
{
	int flags = fcntl(fd, F_GETFL, 0);

	if (flags < 0)
		return -1;
	if (fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0)
		return -1;
	return fcntl(fd, F_SETFD, FD_CLOEXEC) == -1 ? -1 : 0;
}

/* Right: F_GETFL's flags may be 1 (O_WRONLY). */
int fd_write_only(int fd)
{
	return (fcntl(fd, F_GETFL) & O_ACCMODE) == 1 || fcntl(fd, F_GETFL) == 1;
}

/* Right: the command is a parameter; nothing says which. */
int fd_command(int fd, int cmd)
{
	return fcntl(fd, cmd, 0) == 1;
}
// expect: fcntl-set.c:16:21: warning: 'fcntl' returns 0, or -1 with errno set (class status, from fcntl(2), for F_SETFD): 'fcntl(...) == 1' is never true; its success is 0 and its failure -1 [retconv-C]
