// SPDX-License-Identifier: MIT
/*
 * One function, two definitions: one per platform, chosen by the build
 * (system-linux.c beside system-dummy.c).  The real one returns a
 * descriptor or an interface index, or a negative errno; checked with
 * ports-stub.c, whose stand-ins return 1, 0 or -ENOSYS where the feature is
 * missing, those keep the real one's contract and are not rule A's.
 * A stand-in with no such twin (port_reset() there) is
 * still judged by its own returns.
 */
#include <errno.h>
#include <net/if.h>
#include <fcntl.h>

struct port {
	const char *name;
	const char *ns_path;
};

int port_netns_open(const struct port *p)
{
	int fd = open(p->ns_path, O_RDONLY);

	if (fd < 0)
		return -errno;
	return fd;
}

int port_if_load(const struct port *p)
{
	unsigned int idx = if_nametoindex(p->name);

	if (!idx)
		return -ENODEV;
	return (int)idx;
}
