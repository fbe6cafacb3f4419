// A caller that, its negative values handled above, tells the result's 0
// from its positive values in a test that handles no error ("if (err < 0)
// goto fail; if (err == 0) continue;", "if (ret) use it") uses the 1 as
// a case of its own: a tri-state status by its use, not a success code
// mixed with errnos.  A test for 0 with no negative handled above, or
// one whose branch handles an error, tells nothing of the 1.
#include <errno.h>

struct ctl {
	int fd;
	int events;
	int parent;
};

/* Kernel style: 1 when events are ready, 0 on a timeout. */
int wait_events(struct ctl *c)
{
	if (c->fd < 0)
		return -EBADF;
	return c->events ? 1 : 0;
}

int boot_wait(struct ctl *c, int tries)
{
	int err;

	while (tries--) {
		err = wait_events(c);
		if (err < 0)
			return err;
		if (err == 0)
			continue;
		c->events--;
	}
	return 0;
}

/* User space: 1 when a parent image exists, -1 on failure. */
int probe_parent(struct ctl *c)
{
	if (c->fd < 0)
		return -1;
	return c->parent ? 1 : 0;
}

int start_dump(struct ctl *c)
{
	int ret = probe_parent(c);

	if (ret < 0)
		return -1;
	if (ret)
		c->events = 0;
	return 0;
}

/* The same shape, its 0 tested with no negative handled above. */
int flush_events(struct ctl *c)
{
	if (c->fd < 0)
		return -EBADF;
	return c->events ? 1 : 0;
}
// expect: status-by-use-zero.c:58:5: warning: action 'flush_events' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: status-by-use-zero.c:61:3: note: returns a negative errno
// expect: status-by-use-zero.c:62:2: note: returns 0 or 1

int drain(struct ctl *c)
{
	int err = flush_events(c);

	if (err == 0)
		c->events = 0;
	return err < 0 ? err : 0;
}
