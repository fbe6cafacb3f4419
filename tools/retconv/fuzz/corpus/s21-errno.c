#include <errno.h>
int open_dev(int fd)
{
	if (fd < 0)
		return -errno;
	if (fd > 100)
		return -EINVAL;
	return fd == 3 ? -ENOMEM : 0;
}
