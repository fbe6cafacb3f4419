// SPDX-License-Identifier: MIT
/*
 * Contracts the eighth blind round found unread, each written where a
 * reader of the function would look for it:
 *
 *  - "@retval TRUE", "@retval FALSE" and a failure's name: a tri-state
 *    of true, false and an error, no predicate returning an errno;
 *  - the contract in a block comment above a "// TODO" line: the comments
 *    just above a definition, with no blank line between, are one text;
 *  - "0 if it was free, non-zero if it was taken or out of range": a
 *    status of two outcomes whose non-zero is every value but 0, its -1
 *    too, where "non-zero if ..., 0 if not" or "0 if idle, non-zero if
 *    busy", no failure among the conditions, is a yes or no;
 *  - the prototype's contract, where the definition's comment says
 *    nothing of the result;
 *  - an enumeration that names a negative state beside 0 and 1 (unknown,
 *    no, yes): a set of states, whose negative member is no errno;
 *  - a predicate's name whose answer goes out through a pointer to a type
 *    named for a truth value, while the result is the call's status.
 *
 * The same shapes without the words or the types are still findings: an
 * undocumented 1, 0 or -1, predicates documented as a yes or no that
 * return -EINVAL, and a documented 0 or -errno tested for 1.
 */
#include <errno.h>

#define FOO_ERR_ARG (-3)
#define TRUE 1
#define FALSE 0

struct sess {
	int running;
	int state;
	unsigned long map;
	int size;
};

/* User space: a library's @retval list. */
/**
 * Return whether the session is running.
 *
 * @param s The session to use. Must not be NULL.
 *
 * @retval TRUE Session is running.
 * @retval FALSE Session is not running.
 * @retval FOO_ERR_ARG Invalid session passed.
 */
int sess_is_running(struct sess *s)
{
	if (!s)
		return FOO_ERR_ARG;
	return s->running;
}

int sess_lookup(struct sess *s);

/* return -1 if the lookup failed or TRUE/FALSE */
// TODO: take flags to make the lookup optional
int sess_is_known(struct sess *s)
{
	if (sess_lookup(s))
		return -1;
	return s->state == 3;
}

/* Kernel style: a bitmap's slot, documented both ways. */
/**
 * slot_is_taken - take a slot
 * @s: the map
 * @idx: the slot
 *
 * Return: 0 if it was free and is ours now, non-zero if it was taken
 * already or out of range.
 */
int slot_is_taken(struct sess *s, int idx)
{
	unsigned long old;

	if (idx < 0 || idx >= s->size)
		return -1;
	old = s->map;
	s->map |= 1UL << idx;
	return !!(old & (1UL << idx));
}

/* The header's prototype carries the contract. */
/*
 * Return: 1 if the device is ready, 0 if not, -EIO if it cannot be read.
 */
int dev_is_ready(struct sess *s);

/* Locking: called with the session's lock held. */
int dev_is_ready(struct sess *s)
{
	if (s->state < 0)
		return -EIO;
	return s->state == 1;
}

enum tristate {
	tri_unknown = -1,
	tri_no = 0,
	tri_yes = 1,
};

enum tristate port_is_present(struct sess *s)
{
	if (s->state < 2)
		return tri_unknown;
	if (s->map & 4)
		return tri_yes;
	return tri_no;
}

typedef int num_bool;
typedef int num_err;
#define NUM_OK 0
#define NUM_VAL (-3)

num_err num_sqrt(const struct sess *a, struct sess *b);

/* Store non-zero to ret if arg is square, and zero if not. */
num_err num_is_square(const struct sess *arg, num_bool *ret)
{
	struct sess t;
	num_err err;

	*ret = FALSE;
	if (arg->state < 0)
		return NUM_VAL;
	err = num_sqrt(arg, &t);
	if (err != NUM_OK)
		return err;
	*ret = t.size * t.size == arg->size;
	return NUM_OK;
}

/* Still findings: the same values without a word for them. */
int sess_is_live(struct sess *s)
{
	if (!s)
		return -1;
	return s->running;
}

int sess_start(struct sess *s)
{
	if (!s)
		return -EINVAL;
	if (s->running)
		return 1;
	s->running = 1;
	return 0;
}

/**
 * Return: non-zero if the port is up, 0 if not.
 */
int port_is_up(struct sess *s)
{
	if (!s)
		return -EINVAL;
	return s->state > 0;
}

/**
 * Return: 0 on success or a negative errno.
 */
int port_reset(struct sess *s)
{
	if (!s)
		return -EINVAL;
	s->state = 0;
	return 0;
}

int port_open(struct sess *s)
{
	if (port_reset(s) == 1)
		return -EIO;
	return 0;
}

/* Both ways, with no failure among its conditions: a yes or no. */
/**
 * Return: 0 if the port is idle, non-zero if it is busy.
 */
int port_is_busy(struct sess *s)
{
	if (!s)
		return -EINVAL;
	return s->state > 1;
}
// args: --style
// expect: doc-tristates.c:139:5: warning: predicate 'sess_is_live' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: doc-tristates.c:142:3: note: returns a negative errno
// expect: doc-tristates.c:146:5: warning: action 'sess_start' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: doc-tristates.c:149:3: note: returns a negative errno
// expect: doc-tristates.c:151:3: note: returns 1
// expect: doc-tristates.c:159:5: warning: predicate 'port_is_up' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: doc-tristates.c:162:3: note: returns a negative errno
// expect: doc-tristates.c:179:6: warning: 'port_reset' returns 0 or a negative errno (class errno, from its definition at doc-tristates.c:169): 'port_reset(...) == 1' is never true; its success is 0 and its failure negative [retconv-C]
// expect: doc-tristates.c:188:5: warning: predicate 'port_is_busy' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: doc-tristates.c:191:3: note: returns a negative errno
