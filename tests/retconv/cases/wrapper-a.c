// SPDX-License-Identifier: MIT
/*
 * The caller's half of a wrapper defined in another file (wrapper-b.c):
 * alone it knows nothing of log_fd(); with the other file, log_fd()
 * passes on what open() returns, and "if (!fd)" takes its -1 for a
 * descriptor.
 */
int log_fd(const char *path);
int log_line(int fd, const char *line);

int log_start(const char *path)
{
	int fd = log_fd(path);

	if (!fd)
		return -1;
	return log_line(fd, "start");
}
