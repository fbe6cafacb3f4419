// A parameter or a local named errno is the function's own variable, not
// the C library's: it holds what the function gives it (strerror(int
// errno) taking an rc of either sign).  A global errno, as a libc without
// glibc's macro declares it, is the library's.
extern int errno;

const char *err_text(int errno)
{
	if (errno < 0)
		errno = -errno;
	return errno ? "error" : "ok";
}

int err_code(int rc)
{
	int errno = rc;

	return errno < 0 ? -errno : errno;
}

int last_error(void)
{
	if (errno < 0)
		return errno;
	return -errno;
}
// expect: callsite-errno-own.c:23:6: warning: 'errno' holds 0 or a positive error number (class perrno, from the built-in table), never negative: 'errno < 0' is never true; its failure is non-zero [retconv-C]
