// Subsystem prefixes: in the block layer, queue_nonrot() asks whether a
// request queue is non-rotational; with "prefix queue" in the
// configuration it is not the action "queue" and its 0/1 is right.
// (Without the configuration it reads as an action returning a boolean:
// retconv.t checks that.)
// args: --config ../queue.retconv
#include <errno.h>

struct request_queue {
	int flags;
};

int queue_nonrot(const struct request_queue *q)
{
	return q->flags & 1 ? 1 : 0;
}

int set_scheduler(struct request_queue *q)
{
	if (queue_nonrot(q))
		return -EINVAL;
	q->flags |= 2;
	return 0;
}
