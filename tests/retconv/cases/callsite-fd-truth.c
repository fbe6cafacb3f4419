// A descriptor read only as a truth value, where neither way handles an
// error: open(2) and socket(2) return "a nonnegative integer", or -1 on
// failure, so "if (fd) use(fd);" takes the failure for a descriptor and
// descriptor 0 for none.  Tested for < 0, against -1, or against 0 with
// an error in the branch (rule D's own finding), or used as it is (not
// tested at all), it stays silent here.
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/socket.h>

void setup(int fd);

void open_log(const char *path)
{
	int fd = open(path, O_WRONLY | O_APPEND);

	if (fd)
		setup(fd);
}

void serve(int family)
{
	int s = socket(family, SOCK_STREAM, 0);

	if (!s)
		return;
	setup(s);
	close(s);
}

/* Right. */
void open_log_right(const char *path)
{
	int fd = open(path, O_WRONLY | O_APPEND);

	if (fd >= 0)
		setup(fd);
}

int make_socket_right(int family)
{
	int s = socket(family, SOCK_STREAM, 0);

	if (s == -1)
		return -1;
	setup(s);
	return s;
}

/* Kernel style: a descriptor from a definition in the run, whose class
 * its body gives (0 or a negative errno here), not the table's. */
#define EMFILE 24
int get_unused_fd(void);
static int next_fd;

int get_unused_fd(void)
{
	if (next_fd > 1024)
		return -EMFILE;
	return next_fd++;
}

void install(void)
{
	int fd = get_unused_fd();

	if (fd)
		setup(fd);
}

/* Right: a process that opens its standard handles asks for 0. */
void open_std(const char *tty)
{
	int in = open(tty, O_RDONLY);

	if (in != 0)
		printf("in: %d, expected 0\n", in);
}
// expect: callsite-fd-truth.c:18:6: warning: 'open' returns a descriptor, which may be 0, or -1 on failure (class descriptor, from the built-in table): it is tested only for being 0, so its failure, -1, goes the way of a descriptor, and descriptor 0 the way of none; test it for < 0 [retconv-D]
// expect: callsite-fd-truth.c:16:6: note: 'fd' holds the result of 'open' from here
// expect: callsite-fd-truth.c:26:6: warning: 'socket' returns a descriptor, which may be 0, or -1 on failure (class descriptor, from the built-in table): it is tested only for being 0, so its failure, -1, goes the way of a descriptor, and descriptor 0 the way of none; test it for < 0 [retconv-D]
// expect: callsite-fd-truth.c:24:6: note: 's' holds the result of 'socket' from here
