// An abbreviation that is also a predicate word (can for a CAN bus, did
// for a device id) is a noun in a run where it starts the names of at
// least two functions that return void or a pointer, and of at least a
// third of those it starts: a predicate returns neither.  Then it is a
// prefix here, and can_send() is the action it is, with no .retconv.
#include <errno.h>
#include <stddef.h>

struct can_frame {
	unsigned id;
	unsigned char len;
};

struct net_device;

void can_bus_off(struct net_device *dev)
{
	(void)dev;
}

struct can_frame *can_frame_alloc(struct net_device *dev)
{
	(void)dev;
	return NULL;
}

int can_send(struct net_device *dev, const struct can_frame *cf)
{
	if (!dev || cf->len > 8)
		return -EINVAL;
	return 0;
}

int can_rx_register(struct net_device *dev, unsigned id)
{
	if (!dev)
		return -ENODEV;
	return id ? 0 : -EINVAL;
}
