// Calls through an ops member are judged across files by the functions
// stored in it: alone, this file knows only the member's signed type;
// checked with member-b.c, whose table stores two functions of 0 or a
// negative errno in 'struct blk_ops' member 'flush', the branch taken on
// 0 handles an error.  'struct net_ops' member 'flush' is another member:
// member-b.c stores a 0/1 function there, and nothing is said of it.
#include <errno.h>

struct blk;

struct blk_ops {
	int (*flush)(struct blk *b);
};

struct net_ops {
	int (*flush)(struct blk *b);
};

struct blk {
	const struct blk_ops *ops;
	const struct net_ops *net;
};

int blk_sync(struct blk *b)
{
	int err = b->ops->flush(b);

	if (!err)
		return -EIO;
	if (!b->net->flush(b))
		return -EIO;
	return 0;
}
