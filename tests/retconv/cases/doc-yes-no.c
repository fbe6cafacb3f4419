// A documented yes or no is a predicate's contract, whatever the name:
// "@return Non-zero if a tick has elapsed, or FALSE if not", "Return:
// non-zero if the list was empty" (non-zero before a condition, with no
// word of errors or constants), "Returns true if the MAC table needs a
// flush" (a short word in capitals is an abbreviation of the prose, not a
// constant), "..., return true if found" (return before a value is the
// verb).  "0 on success, non-zero if an error occurred" stays a status,
// and a "return" that is a noun opens no contract.
#include <errno.h>
#include <stdbool.h>

struct clk {
	int ticks;
	int err;
};

/**
 * Poll the clock.
 *
 * @param c	The clock.
 *
 * @return	Non-zero if a tick has elapsed, or FALSE if the function
 *		returns before one has.
 */
int clk_wait(struct clk *c)
{
	return c->ticks ? 1 : 0;
}

/**
 * list_splice_drain() - move every entry to the other list
 * @c: the clock, standing in for a list
 *
 * Return: non zero if the list was empty.
 */
int list_splice_drain(struct clk *c)
{
	int was = !c->ticks;

	c->ticks = 0;
	return was;
}

/* Returns true if something happened to the bridge that needs its MAC
 * table flushed; resets that, so that later calls return false. */
bool bridge_check_and_reset_flush(struct clk *c)
{
	bool r = c->ticks != 0;

	c->ticks = 0;
	return r;
}

// Look for the option in the list, return true if it is there.
int opt_scan(const char *list, const char *opt)
{
	return list == opt ? 1 : 0;
}

/**
 * dev_reset() - reset the device
 * @c: the clock, standing in for a device
 *
 * Return: 0 on success, non-zero if an error occurred.
 */
int dev_reset(struct clk *c)
{
	if (c->err < 0)
		return -EIO;
	if (c->err)
		return 1;
	return 0;
}

/* Walks to the return below and releases the clock. */
int clk_release(struct clk *c)
{
	return c->ticks ? 1 : 0;
}
// expect: doc-yes-no.c:76:5: warning: action 'clk_release' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: doc-yes-no.c:78:2: note: returns 0 or 1
