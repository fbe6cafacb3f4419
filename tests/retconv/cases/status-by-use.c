// An action that returns 1 beside negative values, whose callers ask for
// its positive result ("res > 0", "ret == 1"), has a tri-state status of
// its own that they know: it is not a success code mixed with errnos.
// Where no caller tells 1 apart, the 1 is rule A's.  A result summed up
// ("starts += f()") is a count, not a 1 for success.
#include <errno.h>

struct ctx {
	int pending;
	int bad;
};

/* User space: -1 for a bad request, 1 when queued for later, else 0. */
int internal_run(struct ctx *c)
{
	if (c->bad)
		return -1;
	if (c->pending)
		return 1;
	return 0;
}

int serve(struct ctx *c)
{
	int res = internal_run(c);

	if (res == 0)
		return 0;
	else if (res > 0)
		c->pending--;
	return res;
}

/* Kernel style: 1 when the chunk was queued, not done. */
int submit_chunk(struct ctx *c)
{
	if (c->bad)
		return -EIO;
	return c->pending ? 1 : 0;
}

int submit_all(struct ctx *c)
{
	int ret = submit_chunk(c);

	if (ret == 1)
		return 0;
	return ret;
}

/* The same shape, its 1 never told apart: rule A. */
int flush_chunk(struct ctx *c)
{
	if (c->bad)
		return -EIO;
	return c->pending ? 1 : 0;
}
// expect: status-by-use.c:52:5: warning: action 'flush_chunk' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: status-by-use.c:55:3: note: returns a negative errno
// expect: status-by-use.c:56:2: note: returns 0 or 1

int flush_all(struct ctx *c)
{
	if (flush_chunk(c))
		return -EIO;
	return 0;
}

/* How many starts: a sum of 0/1 results, or an errno. */
static int start_one(struct ctx *c, int id)
{
	return c->pending > id;
}

int start_crawlers(struct ctx *c, int n)
{
	int starts = 0, id;

	if (c->bad)
		return -EBUSY;
	if (!n)
		starts = 1;
	for (id = 0; id < n; id++)
		starts += start_one(c, id);
	return starts;
}
