// A tree that carries its own C library defines the POSIX names it
// calls.  Its ttyname_r() returns -1 on failure (a system call's -1),
// where POSIX's returns a positive error number: the tree's own
// definition says what its callers may test for, and its -1 is a value
// the table's class never takes, so the table does not speak ('== -1'
// is right here).  Its read() returns -1 or what the system call gave,
// as POSIX's does: nothing in the definition says otherwise, so the
// table's contract judges its callers, and a read tested only for
// being 0 is still reported, saying so.  A definition that gives a class
// of its own (its isatty(), 0 or 1) is judged by it, as before.
extern long sys_call3(long nr, long a, long b, long c);
extern int set_errno(long err);

long read(int fd, void *buf, unsigned long n)
{
	long ret = sys_call3(3, fd, (long)buf, (long)n);

	if (ret < 0)
		return set_errno(-ret);
	return ret;
}

int ttyname_r(int fd, char *buf, unsigned long len)
{
	if (fd < 0)
		return -1;
	return (int)sys_call3(54, fd, (long)buf, (long)len);
}

int isatty(int fd)
{
	return fd >= 0 && fd < 3;
}

char *ttyname(int fd)
{
	static char name[30];

	if (ttyname_r(fd, name, sizeof(name)) == -1)
		return 0;
	return name;
}

int more(int fd)
{
	char c;

	if (isatty(fd) < 0)
		return -1;
	while (1) {
		if (read(fd, &c, 1) == 0)
			break;
	}
	return 0;
}
// expect: callsite-own-libc.c:48:6: warning: 'isatty' returns only 0 or 1 (class boolean, from its definition at callsite-own-libc.c:30), never negative: 'isatty(...) < 0' is never true; test it against 0 for what it means [retconv-C]
// expect: callsite-own-libc.c:51:7: warning: 'read' returns a count or a length, or a negative value on failure (class value, from the built-in table, which its definition at callsite-own-libc.c:14 does not contradict): it is tested only for being 0, so its failure, negative, goes the way of a success; test it for > 0, or for the count it must reach [retconv-D]
