// SPDX-License-Identifier: MIT
/*
 * Rule E: a function that returns a value of another convention than its
 * own (sites.c finds the sites, callee.c gives a returned call's class).
 *
 * A function that fails with negative values elsewhere, returning the
 * table's count (bytes not copied) as a signed result or under if (ret),
 * a positive errno constant, a perrno result, an errno negated once more,
 * false (its success, 0) where the words say failure, or a value held
 * negative negated; and a function that gives positive errnos returning
 * a negative one.  Which convention is a function's own is decided by
 * what most of its failure returns say, not by one of them: the returns
 * that disagree are the ones reported.
 */
#include <stdlib.h>
#include <string.h>

#include "retconv.h"
#include "sites.h"

/* Whether the return at @line:@col negates a call's result, or a value
 * that is negative already: "return -ret;" reads as a negative errno, but
 * converts a 0/-errno result to a positive one in a function of positive
 * errnos. */
static bool negates_result(const struct rc_func *fn, unsigned line,
			   unsigned col)
{
	size_t i;

	for (i = 0; i < fn->nsites; i++)
		if (fn->sites[i].rule == 'E' &&
		    (fn->sites[i].form & (SITE_NEGATED | SITE_NEGHELD)) &&
		    fn->sites[i].line == line && fn->sites[i].col == col)
			return true;
	return false;
}

/* Whether the return @r gives a positive errno: a constant ("return
 * EIO;"), or errno as it is, read there or held ("ret = errno; ...
 * return ret;"). */
static bool gives_positive(const struct rc_func *fn,
			   const struct rc_return *r)
{
	size_t i;

	for (i = 0; i < fn->nsites; i++) {
		const struct rc_site *x = &fn->sites[i];

		if (x->rule == 'E' && x->line == r->line && x->col == r->col &&
		    ((x->form & SITE_POSERRNO) ||
		     (!(x->form & SITE_NEGATED) &&
		      !strcmp(x->usr, "libc:errno"))))
			return true;
	}
	return house_ret_errno(r);
}

/*
 * @fn's failure returns by sign: @neg those that can give a negative
 * value (a negative errno, -1, a 0/-errno result passed on), @pos those
 * that give a positive errno and never a negative value ("status |= -1;
 * ... status |= errno; return status;" fails negative).  A return that
 * negates a result is no vote for negative (see negates_result()), nor is
 * the one at @skip, whose negation is the thing judged.
 */
static void votes(const struct rc_func *fn, const struct rc_site *skip,
		  size_t *neg, size_t *pos)
{
	size_t i;

	*neg = *pos = 0;
	for (i = 0; i < fn->nrets; i++) {
		const struct rc_return *r = &fn->rets[i];
		bool here = skip && r->line == skip->line &&
			    r->col == skip->col;

		if (here && (r->resolved & RV_NEG))
			continue;
		if ((r->resolved & RV_NEG) &&
		    !negates_result(fn, r->line, r->col))
			(*neg)++;
		else if (gives_positive(fn, r))
			(*pos)++;
	}
}

/*
 * Whether @fn reports failure with a negative value (a negative errno or
 * -1), so that its callers test for a sign: most of its failure returns
 * give a negative value, the one at @x left out (its negation reads as a
 * negative errno).  Most, not one: a function whose failures are mostly
 * positive errnos has those for its convention, and its negative one is
 * the odd one out (rule_e_negative()).  Half and half, the convention
 * this checker holds code to (the kernel's) decides.  The positive votes
 * are those a return's form shows (gives_positive()), the same for every
 * return judged.
 */
static bool fails_negative(const struct rc_func *fn, const struct rc_site *x)
{
	size_t i, neg, pos;

	/* Documented "0, or non-zero on failure": its callers test for
	 * non-zero, and see every errno whatever its sign.  A comparison
	 * for order's negative value is "less", no failure. */
	if ((fn->facts & DOC_STATUS) || naming_orders(fn->name))
		return false;

	/* A function that negates a result on its way out converts errnos
	 * of one sign to the other on purpose: its positive ones may be
	 * meant (libfuse's reply helpers give a positive errno to send to
	 * the kernel, a negative one for their own failure). */
	for (i = 0; !(x->form & SITE_NEGATED) && i < fn->nsites; i++)
		if (fn->sites[i].rule == 'E' &&
		    (fn->sites[i].form & SITE_NEGATED))
			return false;
	votes(fn, x, &neg, &pos);
	return neg && neg >= pos;
}

/* Whether most of @fn's failure returns give a positive errno. */
static bool mostly_positive(const struct rc_func *fn)
{
	size_t neg, pos;

	votes(fn, NULL, &neg, &pos);
	return pos > neg;
}

/* "return EIO;" in a function that fails with negative errnos elsewhere. */
void rule_e_positive(struct ctx *cx)
{
	const struct rc_site *x = cx->x;

	if (house_keeps_positive(cx->cfg, cx->fn) ||
	    !fails_negative(cx->fn, x))
		return;
	verdict_add(cx, 'E', xasprintf(
	    "'%s' fails with a negative value elsewhere, but returns %s here, a positive errno its callers' failure tests (< 0) miss; return -%s",
	    cx->fn->name, x->callee, x->callee));
}

/*
 * "return false;" in a signed function that fails with negative values
 * elsewhere and gives no 1 or truth value: false is 0, its success, where
 * the words say failure.  A function that returns true too is a
 * tri-state (1, 0 or a negative error), whose false is an answer; so is
 * one whose documentation gives its contract (md_is_footnote_definition:
 * "0 if not a footnote definition", the lines it took, or -1), and one
 * whose name asks a question: its false says no.
 */
void rule_e_bool(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct rc_func *fn = cx->fn;
	size_t i;

	if (!fails_negative(fn, x) || (fn->facts & DOC_MASK) ||
	    naming_classify(cx->cfg, fn->name) == KIND_PREDICATE)
		return;
	for (i = 0; i < fn->nrets; i++)
		if ((fn->rets[i].line != x->line || fn->rets[i].col != x->col) &&
		    (fn->rets[i].resolved & (RV_ONE | RV_BOOL)))
			return;
	verdict_add(cx, 'E', xasprintf(
	    "'%s' fails with a negative value elsewhere, but returns %s here, which is 0, its success; return its failure value (-1, a negative errno) if this is one",
	    fn->name, x->callee));
}

/*
 * "return -res;" where res holds only 0 and negative values there, by a
 * function that fails with a negative value elsewhere: the negation gives
 * its failure positive, which its callers' failure tests (< 0) take for a
 * success.  (A comparison for order negates to flip its answer, and
 * fails with no negative value.)
 */
void rule_e_negheld(struct ctx *cx)
{
	const struct rc_site *x = cx->x;

	if (house_keeps_positive(cx->cfg, cx->fn) ||
	    !fails_negative(cx->fn, x))
		return;
	verdict_add(cx, 'E', xasprintf(
	    "'%s' fails with a negative value elsewhere, but returns '-%s' here, where '%s' holds only 0 or a negative value: its failure comes out positive, which its callers' failure tests (< 0) miss; return '%s' as it is",
	    cx->fn->name, x->callee, x->callee, x->callee));
}

/*
 * Why @cx's function gives positive errnos, or NULL: it is documented to,
 * the project's functions do (house.c), or most of its own failure
 * returns do.  A negative errno it returns is then the odd one out.
 */
static const char *positive_why(const struct ctx *cx)
{
	if (house_gives_positive(cx->cfg, cx->fn))
		return cx->fn->facts & DOC_PERRNO ? "documented so" :
		       "as the project's functions do";
	if (mostly_positive(cx->fn) && !(cx->fn->facts & DOC_STATUS))
		return "in most of its failure returns";
	return NULL;
}

/* "return -EIO;" in a function that gives positive errnos. */
void rule_e_negative(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const char *why = positive_why(cx);

	if (!why)
		return;
	verdict_add(cx, 'E', xasprintf(
	    "'%s' gives a positive errno elsewhere (%s), but returns -%s here, a negative value its callers' comparisons with an errno (== %s) and messages miss; return %s",
	    cx->fn->name, why, x->callee, x->callee, x->callee));
}

/* A 0/-errno result passed on as it is by a function that gives positive
 * errnos: the odd one out, as "return -EIO;" is there. */
static void rule_e_passes_negative(struct ctx *cx, const char *what)
{
	const struct rc_site *x = cx->x;
	const struct callee *c = cx->c;
	const char *why = positive_why(cx);

	if (!why || !callee_errno_shown(c))
		return;
	verdict_add(cx, 'E', xasprintf(
	    "'%s' %s (class errno, from %s), and '%s' returns '%s' as it is, where it gives a positive errno elsewhere (%s): its callers' comparisons with an errno and messages miss this negative one; return it negated",
	    x->callee, callee_returns(x, c), c->source, cx->fn->name, what,
	    why));
}

/* "return -err;" of an errno that is negative already, or a positive
 * errno returned as it is, by a function that fails with negative
 * errnos; a negative errno returned as it is by one that gives positive
 * errnos. */
static void rule_e_convention(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct callee *c = cx->c;
	char *what = *x->holder || callee_is_errno(x) ?
		     xstrdup(*x->holder ? x->holder : x->callee) :
		     xasprintf("%s(...)", x->callee);

	if (!(x->form & SITE_NEGATED) && c->cls == CC_ERRNO) {
		rule_e_passes_negative(cx, what);
		free(what);
		return;
	}
	if (!fails_negative(cx->fn, x)) {
		free(what);
		return;
	}
	if ((x->form & SITE_NEGATED) && c->cls == CC_ERRNO &&
	    callee_errno_shown(c))
		verdict_add(cx, 'E', xasprintf(
		    "'%s' %s (class errno, from %s): '%s' returns '-%s', a positive value, where it fails with a negative value elsewhere; return '%s' as it is",
		    x->callee, callee_returns(x, c), c->source, cx->fn->name,
		    what,
		    what));
	else if (!(x->form & SITE_NEGATED) && c->cls == CC_PERRNO &&
		 !house_keeps_positive(cx->cfg, cx->fn))
		verdict_add(cx, 'E', xasprintf(
		    "'%s' %s (class perrno, from %s), and '%s' returns '%s' as it is, where it fails with a negative value elsewhere: its callers' failure tests (< 0) miss this one; return it negated",
		    x->callee, callee_returns(x, c), c->source, cx->fn->name,
		    what));
	free(what);
}

void rule_e(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct callee *c = cx->c;

	if ((x->form & SITE_NEGATED) || c->cls == CC_PERRNO ||
	    c->cls == CC_ERRNO) {
		rule_e_convention(cx);
		return;
	}
	if (c->cls != CC_COUNT || !c->table)
		return;
	if (!(x->form & SITE_GUARDED) && !(cx->fn->flags & RV_NEG))
		return;
	verdict_add(cx, 'E', xasprintf(
	    "'%s' %s (class count, from %s), and '%s' returns it as its error result; return -EFAULT when it is not 0",
	    x->callee, callee_returns(x, c), c->source, cx->fn->name));
}
