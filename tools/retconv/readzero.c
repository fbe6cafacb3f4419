// SPDX-License-Identifier: MIT
/*
 * Rule C's readings of a read's 0: read(2), recv(2) and the others of the
 * table return 0 at the end of the input, with nothing stored.  A test
 * that takes only the failure (-1) apart lets that 0 go with the counts,
 * which is right where the count is used next, and wrong where a loop
 * then waits for bytes that never come (stall.c) or a buffer is read as
 * if bytes had been stored in it (unread.c).  The workers marked such
 * sites; sites.c asks here before its other readings of rule C.
 */
#include <stdint.h>
#include <stdlib.h>

#include "retconv.h"
#include "sites.h"

/*
 * Whether the site has @form and tests the result of a reading function
 * of the table (named by @reads) only for its failure: "n == -1", "n <
 * 0", "n != -1" send 0 where they send the counts, and no test above it
 * or just below took 0 apart.
 */
static bool reading_zero_through(const struct ctx *cx, uint64_t form,
				 bool (*reads)(const char *name))
{
	const struct rc_site *x = cx->x;
	const struct callee *c = cx->c;
	unsigned may = SITE_MAY_OF(x->form), all = SITE_ALL_OF(x->form);

	if (!(x->form & form) ||
	    (!(x->form & SITE_PASSES) &&
	     (!c->table || c->cls != CC_VALUE || !reads(x->callee))) ||
	    (x->form & (SITE_UNSIGNED | SITE_CASE | SITE_BELOW_ZERO)) ||
	    (SITE_TAKEN_OF(x->form) & SIGN_ZERO))
		return false;
	return !(x->form & SITE_SHAPE) ||
	       (all & (SIGN_ZERO | SIGN_POS)) == (SIGN_ZERO | SIGN_POS) ||
	       !(may & (SIGN_ZERO | SIGN_POS));
}

/*
 * Rule C's finding for a read's 0 let through by a site of @form, where
 * @reads names the reading functions: 0 comes @when, and the test's
 * reader then does @harm.  Returns whether it spoke.
 */
static bool zero_through(struct ctx *cx, uint64_t form,
			 bool (*reads)(const char *name), const char *when,
			 const char *harm)
{
	const struct rc_site *x = cx->x;
	char *t;

	if (!reading_zero_through(cx, form, reads))
		return false;
	t = verdict_quoted(x);
	if (x->form & SITE_PASSES)
		verdict_add(cx, 'C', xasprintf(
		    "'%s' returns what read() or recv() returned, as is (%s), and 0 %s: %s %s; test it for <= 0 too",
		    x->callee, cx->c->source ? cx->c->source :
		    "its definition's one return", when, t, harm));
	else
		verdict_add(cx, 'C', xasprintf(
		    "'%s' %s (class value, from %s), and 0 %s: %s %s; test it for <= 0 too",
		    x->callee, callee_returns(x, cx->c), cx->c->source,
		    when, t, harm));
	free(t);
	return true;
}

/* The reading functions of stall.c's two loops: read's family for a
 * loop that a count moves, recv's too for an endless one (the worker
 * tells them apart). */
static bool stall_reads(const char *name)
{
	return outside_reads(name) || outside_fills(name);
}

/*
 * A reading function's result (outside.c's outside_reads(): read,
 * pread, ...) tested only for its failure in a loop that its count
 * moves: end of file, 0, goes with the bytes read, moves the count by
 * nothing, and the loop asks again for ever; or in an endless loop (recv
 * too) whose only way out is that test (stall.c).  Returns whether it
 * spoke.
 */
bool rule_c_stalls(struct ctx *cx)
{
	return zero_through(cx, SITE_STALLS, stall_reads,
			    "at the end of the input",
			    cx->x->form & SITE_ENDLESS ?
			    "takes end of file for a read of no bytes, and the endless loop around it, which only that test leaves, reads again for ever" :
			    "takes end of file for a read of no bytes, and the loop around it waits for bytes that never come");
}

/*
 * A reading function's result (outside.c's outside_fills(): read, recv,
 * ...) tested only for its failure by an if that leaves, and its buffer,
 * a local array never written but by reads, then read as a string before
 * the count is looked at (unread.c): at the end of the input the call
 * stored nothing, and the string is what the declaration left.  Returns
 * whether it spoke.
 */
bool rule_c_unread(struct ctx *cx)
{
	return zero_through(cx, SITE_UNREAD, outside_fills,
			    "when it stored nothing",
			    "lets 0 through, and the buffer is then read as if bytes had been stored in it");
}

/*
 * A reading function's result (outside.c's outside_fills(): read, recv,
 * ...; or a wrapper's that returns it as is) tested only for its failure
 * by an if whose branch then tests it for 0 (zeroarm.c): the author
 * meant 0, the peer's close or end of file, to come there, and the test
 * sends it the way of the counts.  Returns whether it spoke.
 */
bool rule_c_zero_dead(struct ctx *cx)
{
	return zero_through(cx, SITE_ZERO_DEAD, outside_fills,
			    "when the peer closed or at the end of the input",
			    "sends it the way of the counts, while the branch it guards asks for 0");
}
