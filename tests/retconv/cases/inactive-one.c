// --one-configuration: the branches of #if the parse skipped are not read
// again, so the misread there (inactive.c's kind) is not reported, and
// the one in the selected configuration is.
// args: --one-configuration
#include <errno.h>

int link_up(int fd)
{
	return fd < 0 ? -EBADF : 0;
}

#ifdef CONFIG_LINK_PM
int link_resume(int fd)
{
	if (link_up(fd) == 1)
		return -EIO;
	return 0;
}
#endif

int link_open(int fd)
{
	if (link_up(fd) > 0)
		return -EIO;
	return 0;
}
// expect: inactive-one.c:23:6: warning: 'link_up' returns 0 or a negative errno (class errno, from its definition at inactive-one.c:7): 'link_up(...) > 0' is never true; its success is 0 and its failure negative [retconv-C]
