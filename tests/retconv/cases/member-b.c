// The ops tables whose functions give 'struct blk_ops' member 'flush' its
// contract for member-a.c's calls (a test there).
#include <errno.h>

struct blk;

struct blk_ops {
	int (*flush)(struct blk *b);
};

struct net_ops {
	int (*flush)(struct blk *b);
};

static int disk_flush(struct blk *b)
{
	return b ? 0 : -ENODEV;
}

static int ram_flush(struct blk *b)
{
	(void)b;
	return 0;
}

static int net_flush(struct blk *b)
{
	return b != 0;
}

const struct blk_ops disk_ops = { .flush = disk_flush };
const struct blk_ops ram_ops = { ram_flush };
const struct net_ops net_ops = { .flush = net_flush };
