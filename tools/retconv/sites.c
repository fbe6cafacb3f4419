// SPDX-License-Identifier: MIT
/*
 * Rules C and D: call sites that misread what their callee returns, and
 * the findings of rules C, D and E (returned.c) made and ordered.
 *
 * The workers found the sites (callsite.c); callee.c gives each callee its
 * class, and the site is judged:
 *
 *   C  a test for a sign of a value that is never negative (boolean, count,
 *      perrno, flag), or of any signed result kept in an unsigned holder
 *      or cast to an unsigned type; a comparison with another constant,
 *      or a case label, that no value of the class matches (an errno's
 *      == 1); when the callee is a signed function whose body gives a
 *      count, once at the callee, naming the callers (struct contract);
 *      an error number given to strerror(), or to a function that passes
 *      it there, where the test around the call left it 0 or negative
 *      (strerr.c);
 *      a comparison with -1, written as a number, of a result whose body
 *      shows several negative errnos: -1 is only -EPERM, and the other
 *      failures go the way of success (onecode.c's rule_c_one_code());
 *      a read's 0 let through where a loop waits for bytes or a buffer
 *      is read as if some were stored (readzero.c);
 *   D  a branch taken on success that handles an error: on 0 for errno
 *      (an action's, the table's, or a body's of 0 and negative values
 *      under a name that asks nothing: a lookup's 0 may well lead to an
 *      error, errno_body(); or a body's 0 beside failure codes named as
 *      such, whatever its type, named_codes()),
 *      perrno and the table's counts (bytes not copied), on non-zero for
 *      the table's booleans, whose 1 means it worked (queue_work before
 *      2006, the trylocks): a body's 0/1 does not say which is failure;
 *      on 0 for a mixed result that nothing tests for a sign (its errno
 *      passes as a count or an id);
 *   E  returned.c.
 *
 * Anything else (unknown, mixed for C, pointers) is not judged: a finding
 * must be right.
 *
 * The file stays whole a little past 800 lines: rules C and D judge the
 * same site record against the same callee class, and sites_apply() is
 * the one order they are tried in; the readings that grew a file of
 * their own (onecode.c, readzero.c) are called from here.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "retconv.h"
#include "sites.h"

/* How the callee says it failed, for rule C's advice. */
static const char *failure(const struct callee *c)
{
	if (c->cls == CC_PERRNO || (c->cls == CC_COUNT && c->table))
		return "its failure is non-zero";
	if (c->cls == CC_BOOLEAN && c->table)
		return "its failure is 0";
	if (c->cls == CC_FLAG)
		return "it answers yes or no and cannot fail";
	return "test it against 0 for what it means";
}

/*
 * A signed function whose body never returns a negative value.  Defined
 * in a file under check, it is reported once there; defined in a file
 * tree mode only read for its callees, where nothing is reported, each
 * call site that expects a negative value is.
 */
static bool signed_count(const struct callee *c)
{
	return c->cls == CC_COUNT && !c->table && c->def &&
	       c->def->type == RT_SIGNED;
}

/*
 * The same, said at a caller when the callee is only context.  Tree mode
 * parses one definition of it, maybe one configuration's stub: a body
 * that returns a single constant (0, or 4) is not taken as the function.
 */
static void unkept(struct ctx *cx, const char *t, const char *verdict)
{
	unsigned f = cx->c->def->flags;
	unsigned kinds = !!(f & RV_ZERO) + !!(f & RV_ONE) + !!(f & RV_POS);

	if (!cx->c->sure || (!(f & RV_NONNEG) && kinds < 2))
		return;
	verdict_add(cx, 'C', xasprintf(
	    "'%s' is declared to return a signed int, but its body never returns a negative value (class count, from %s): %s %s; test it for the value its failure returns",
	    cx->x->callee, cx->c->source, t, verdict));
}

/* How the callee's success and failure read, for the advice. */
static const char *reading(const struct callee *c)
{
	switch (c->cls) {
	case CC_ERRNO:
		return "its success is 0 and its failure negative";
	case CC_PERRNO:
		return "its failure is a positive errno";
	case CC_STATUS:
		return "its success is 0 and its failure -1";
	case CC_FLAG:
		return "it answers yes or no and cannot fail";
	case CC_BOOLEAN:
		return c->table ? "its failure is 0" :
				  "test it against 0 for what it means";
	default:
		return "test it against 0 for what it means";
	}
}

/*
 * Whether a test of a positive-on-success result that sets 0 beside the
 * successes can send its failure 0 their way: not when a test above took
 * the 0 already ("if (!rc) ...; if (rc < 0)"), nor where the tests above
 * took every success, and the test only tells two failures apart ("if
 * (rc <= 0) return rc < 0 ? ERROR : INVALID;", OpenSSL's verify), nor
 * below a test of the result for 0 (SITE_BELOW_ZERO).
 */
static bool zero_passes(const struct rc_site *x)
{
	unsigned taken = SITE_TAKEN_OF(x->form);

	return !(taken & SIGN_ZERO) && (taken & SIGN_POS) != SIGN_POS &&
	       !(x->form & SITE_BELOW_ZERO);
}

/*
 * A documented contract (outside.c) whose failure and success meet at 0
 * other than the way the test divides them: a descriptor's 0 is one like
 * any other ("fd > 0" drops it), a positive class's 0 is a failure ("rc ==
 * -1" and "rc != -1" put it with the successes).  Whether the test divides
 * 0 from 1 says it: for a descriptor it must not, for a positive class it
 * must.  A case label is left alone: the switch may have one for 0 too.
 */
static bool rule_c_zero(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct callee *c = cx->c;
	unsigned may = SITE_MAY_OF(x->form), all = SITE_ALL_OF(x->form);
	bool splits = !!(may & SIGN_ZERO) != !!(may & SIGN_ONE) ||
		      !!(all & SIGN_ZERO) != !!(all & SIGN_ONE);
	/* 0 goes another way than the negative failures: "r == -1" and
	 * "r != -1" do, "n != 8" (a count it must reach) does not. */
	bool apart = !!(may & SIGN_ZERO) != !!(may & SIGN_NEG) ||
		     !!(all & SIGN_ZERO) != !!(all & SIGN_NEG);
	char *t;

	if (c->cls != CC_DESCRIPTOR && c->cls != CC_POSITIVE)
		return false;
	if (x->form & SITE_CASE)
		return true;
	/* "fd > 0", "fd <= 0", "fd >= 1": 0 goes with the failures.  Not
	 * "fd == 1" nor "dup(0) != 1", which ask for one descriptor. */
	if (c->cls == CC_DESCRIPTOR && splits && !(x->form & SITE_NE) &&
	    ((may & SIGN_POS) == SIGN_POS ||
	     (may & (SIGN_NEG | SIGN_ZERO)) == (SIGN_NEG | SIGN_ZERO))) {
		t = verdict_quoted(x);
		verdict_add(cx, 'C', xasprintf(
		    "'%s' %s (class descriptor, from %s): %s takes descriptor 0 for a failure; test it for < 0",
		    x->callee, callee_returns(x, c), c->source, t));
		free(t);
	} else if (c->cls == CC_POSITIVE && !splits && apart &&
		   zero_passes(x)) {
		t = verdict_quoted(x);
		verdict_add(cx, 'C', xasprintf(
		    "'%s' %s (class positive, from %s): %s takes its failure 0 for a success; test it for <= 0",
		    x->callee, callee_returns(x, c), c->source, t));
		free(t);
	}
	return true;
}

/* Whether a result of the class is a positive value on success and a
 * negative one on failure.  (Where success is 0 alone, "n > 0" on an
 * unsigned holder asks "n != 0", which is right.) */
static bool value_or_negative(enum cclass cls)
{
	switch (cls) {
	case CC_MIXED:
	case CC_VALUE:
	case CC_DESCRIPTOR:
		return true;
	default:
		return false;
	}
}

/*
 * A count, a descriptor or another value whose failure is negative, kept
 * unsigned and ordered against a small constant: the failure is a large
 * value there, so "n <= 0" takes it for a success and "n > 0" for data.
 */
static void rule_c_unsigned_order(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct callee *c = cx->c;
	const char *verdict = SITE_MAY_OF(x->form) & SIGN_NEG ?
			      "is not true for it" : "is true for it";
	char *t, *where;

	/* A definition tells a negative failure only where it returns known
	 * values: an int64_t setting read as it is may be negative. */
	if (!c->sure || !value_or_negative(c->cls) ||
	    (!c->table && (!c->def || (c->def->flags & RV_UNKNOWN))))
		return;
	t = verdict_tested(x);
	where = *x->holder ? xasprintf("'%s' is unsigned", x->holder) :
			     xstrdup("it is cast to an unsigned type");
	verdict_add(cx, 'C', xasprintf(
	    "'%s' %s (class %s, from %s), but %s: its negative failure is a large value there, and '%s' %s; keep it in a signed variable",
	    x->callee, callee_returns(x, c), callee_class_name(c->cls),
	    c->source, where, t, verdict));
	free(where);
	free(t);
}

/* Whether a comparison's operator and constant, as written ("!= 1", "1
 * =="), compare with the digit 1 for equality. */
static bool compares_with_one(const char *op)
{
	char buf[16];
	size_t n = 0;
	const char *p;
	bool eq = strstr(op, "==") || strstr(op, "!=");

	for (p = op; *p && n + 1 < sizeof(buf); p++)
		if (!strchr("=!<> \t()", *p))
			buf[n++] = *p;
	buf[n] = '\0';
	return eq && !strcmp(buf, "1");
}

/*
 * A comparison with a constant, or a case label, that no value of the
 * callee's class makes true ("add_work(&w) == 1", "pthread_join(t, NULL)
 * == -1", "case -EIO:" of a 0/1 result), or that every value does (a !=
 * of such a constant).  A range that takes in every value is left alone:
 * "ret <= 0" of an errno is only a loose failure test.
 */
static void rule_c_shape(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct callee *c = cx->c;
	unsigned signs = callee_class_signs(c->cls);
	const char *verdict;
	char *t;

	if (x->form & SITE_UNSIGNED) {
		rule_c_unsigned_order(cx);
		return;
	}
	if (rule_c_zero(cx))
		return;
	/* A positive errno's 1 is EPERM, which no one writes as "1": a
	 * comparison with the digit reads the result as 1 on success. */
	if (c->cls == CC_PERRNO && !(x->form & SITE_CASE) && c->sure &&
	    !callee_is_errno(x) && compares_with_one(x->op) &&
	    (c->table || (c->def && !(c->def->flags & RV_ONE)))) {
		t = verdict_quoted(x);
		verdict_add(cx, 'C', xasprintf(
		    "'%s' %s (class perrno, from %s): %s reads it as 1 on success, but its success is 0, and 1 is EPERM, one of its failures; test it against 0",
		    x->callee, callee_returns(x, c), c->source, t));
		free(t);
		return;
	}
	if (!signs || ((x->form & SITE_WRAPS) && !c->table) || !c->sure ||
	    (c->cls == CC_ERRNO && !callee_errno_shown(c)))
		return;
	if (!(SITE_MAY_OF(x->form) & signs))
		verdict = x->form & SITE_CASE ? "is never taken" :
						"is never true";
	else if ((x->form & SITE_NE) && !(signs & ~SITE_ALL_OF(x->form)))
		verdict = "is always true";
	else
		return;
	/* A signed function whose body never returns a negative value:
	 * once at the callee, as for a sign test. */
	if (signed_count(c) && !c->def->context) {
		verdict_contract(cx);
		return;
	}
	t = x->form & SITE_CASE ? xasprintf("'%s:' of a switch on %s%s%s",
					    x->op, *x->holder ? "'" : "",
					    *x->holder ? x->holder :
							 "its result",
					    *x->holder ? "'" : "") :
				  verdict_tested(x);
	if (!(x->form & SITE_CASE)) {
		char *q = xasprintf("'%s'", t);

		free(t);
		t = q;
	}
	if (signed_count(c))
		unkept(cx, t, verdict);
	else
		verdict_add(cx, 'C', xasprintf("'%s' %s (class %s, from %s): %s %s; %s",
				       x->callee, callee_returns(x, c),
				       callee_class_name(c->cls), c->source, t,
				       verdict, reading(c)));
	free(t);
}

/*
 * A signed result kept in an unsigned holder, or cast to an unsigned
 * type, and tested for a sign: the test is dead whatever the callee
 * returns, as no unsigned value is negative.
 */
static void rule_c_unsigned(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct callee *c = cx->c;
	const char *always = x->form & SITE_NEVER ? "never" : "always";
	char *t = verdict_tested(x);

	if (*x->holder)
		verdict_add(cx, 'C', xasprintf(
		    "'%s' returns a signed value, negative on failure as far as its type says, but '%s' is unsigned: '%s' is %s true; keep it in a signed variable",
		    x->callee, x->holder, t, always));
	else
		verdict_add(cx, 'C', xasprintf(
		    "'%s' returns a signed value, negative on failure as far as its type says, but it is cast to an unsigned type: '(unsigned)%s' is %s true",
		    x->callee, t, always));
	(void)c;
	free(t);
}

/*
 * A sign test of a holder that is 0 where it stands: the else of "if
 * (err)" (above.c's zero_here()).  The first test sent every other value
 * its own way, so "else if (err > 0)" is never true and its branch never
 * runs: one of the two tests misreads the result, most often the first,
 * which takes the success 0 for a failure.  Whatever the callee's class:
 * the two tests contradict each other.  A test still true for 0 ("err >=
 * 0", "err != 5") only asks nothing, and is left alone.
 */
static bool rule_c_zero_here(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	unsigned may = SITE_MAY_OF(x->form);
	char *t;

	if (!(x->form & SITE_ZERO_HERE) || (x->form & (SITE_UNSIGNED |
						       SITE_CASE)))
		return false;
	if ((x->form & SITE_SHAPE) ? (may & SIGN_ZERO) :
				     !(x->form & SITE_NEVER))
		return false;
	t = verdict_quoted(x);
	verdict_add(cx, 'C', xasprintf(
	    "%s is never true: '%s' holds the result of '%s', and the if this else belongs to took every value but 0, so this branch never runs; one of the two tests misreads it (0 is the success of an action)",
	    t, x->holder, x->callee));
	free(t);
	return true;
}

/* What strerror() makes of the values a test left, and what to pass. */
static const char *errstr_reading(unsigned signs)
{
	if (signs == SIGN_ZERO)
		return "strerror(0) reads \"Success\"; the test takes the success 0 for a failure";
	if (signs == SIGN_NEG)
		return "a negative value reads \"Unknown error\"; pass -err for a negative errno, errno after a -1";
	return "0 reads \"Success\" and a negative value \"Unknown error\"; tell 0 apart, and pass -err for a negative errno, errno after a -1";
}

/*
 * An error number given to strerror() where the if around the call left
 * it 0 or negative (strerr.c): strerror() takes a positive errno, so a
 * negative errno reads "Unknown error -5" and 0 "Success".  The callee is
 * the C library's strerror() (no definition in the run), or a definition
 * that passes that parameter to it as it came.  Returns whether the site
 * was one of these (reported or not).
 */
static bool rule_c_strerror(struct ctx *cx, struct rc_func *const *idx,
			    size_t n)
{
	const struct rc_site *x = cx->x;
	unsigned i = SITE_ARG_OF(x->form), signs = SITE_MAY_OF(x->form);
	char *via;
	bool libc;

	if (x->rule != 'C' || !(x->form & SITE_STRERROR))
		return false;
	libc = i == 0 && errstr_name(x->callee) &&
	       funcs_first(idx, n, x->usr) == n;
	if (!libc && !funcs_any_fact(idx, n, x->usr, FACT_STRERROR(i)))
		return true;
	/* The platform's strerror() takes either sign (house.c). */
	if (cx->cfg->house_errstr && !cx->cfg->style)
		return true;
	via = libc ? xstrdup("") : xasprintf(
	    " ('%s' passes its argument %u to strerror())", x->callee, i + 1);
	verdict_add(cx, 'C', xasprintf(
	    "'%s' is %s here, but %s takes a positive error number%s: %s",
	    x->op, signs == SIGN_ZERO ? "0" : signs == SIGN_NEG ? "negative" :
	    "0 or negative", libc ? x->callee : "strerror()", via,
	    errstr_reading(signs)));
	free(via);
	return true;
}

static void rule_c(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct callee *c = cx->c;
	const char *always = x->form & SITE_NEVER ? "never" : "always";
	char *t;

	if (rule_c_stalls(cx) || rule_c_count_one(cx) ||
	    rule_c_unread(cx) || rule_c_zero_dead(cx))
		return;
	if (x->form & SITE_SHAPE) {
		rule_c_shape(cx);
		return;
	}
	/* The table's unsigned results are small counts, others may wrap. */
	if ((x->form & SITE_WRAPS) && !c->table)
		return;
	if (signed_count(c) && !c->def->context) {
		verdict_contract(cx);
		return;
	}
	if (signed_count(c)) {
		char *q = verdict_tested(x);

		t = xasprintf("'%s'", q);
		free(q);
		q = xasprintf("is %s true", always);
		unkept(cx, t, q);
		free(q);
		free(t);
	} else if (c->cls == CC_BOOLEAN || c->cls == CC_COUNT ||
	    c->cls == CC_PERRNO || c->cls == CC_FLAG) {
		t = verdict_tested(x);
		verdict_add(cx, 'C', xasprintf(
		    "'%s' %s (class %s, from %s), never negative: '%s' is %s true; %s",
		    x->callee, callee_returns(x, c), callee_class_name(c->cls),
		    c->source, t, always, failure(c)));
		free(t);
	} else if ((c->cls == CC_ERRNO || c->cls == CC_MIXED ||
		    c->cls >= CC_STATUS) &&
		   (x->form & SITE_UNSIGNED) && *x->holder) {
		t = verdict_tested(x);
		verdict_add(cx, 'C', xasprintf(
		    "'%s' %s (class %s, from %s), but '%s' is unsigned: '%s' is %s true; keep it in a signed int",
		    x->callee, callee_returns(x, c), callee_class_name(c->cls),
		    c->source, x->holder, t, always));
		free(t);
	} else if ((x->form & SITE_UNSIGNED) && x->ctype == RT_SIGNED) {
		rule_c_unsigned(cx);
	} else if (c->cls == CC_POSITIVE && !(x->form & SITE_UNSIGNED) &&
		   zero_passes(x)) {
		/* "rc < 0", "rc >= 0": 0 falls with the successes. */
		t = verdict_quoted(x);
		verdict_add(cx, 'C', xasprintf(
		    "'%s' %s (class positive, from %s): %s takes its failure 0 for a success; test it for <= 0",
		    x->callee, callee_returns(x, c), c->source, t));
		free(t);
	}
}

/* Whether tests above the site took the result's successes: a positive
 * sign ("if (n == 1) ...; if (n)"), or positive constants one by one
 * ("if (n == 3) ... else if (n == 2) ... else if (n)"). */
static bool successes_taken(const struct rc_site *x)
{
	return (SITE_TAKEN_OF(x->form) & SIGN_POS) || (x->form & SITE_LISTED);
}

/* Rule D's word on a success above 0 read as a failure: the branch on a
 * value other than 0 handles an error, but @successes; test it @test. */
static void nonzero_fails(struct ctx *cx, const char *successes,
			  const char *test)
{
	const struct rc_site *x = cx->x;
	const struct callee *c = cx->c;

	verdict_add(cx, 'D', xasprintf(
	    "'%s' %s (class %s, from %s): the branch taken on a value other than 0 handles an error, but %s; test it for %s",
	    x->callee, callee_returns(x, c), callee_class_name(c->cls),
	    c->source, successes, test));
}

/*
 * A documented count, or a descriptor, tested only against 0 where a
 * branch handles an error (outside.c's and the table's value, mixed,
 * positive and descriptor classes): "if (write(fd, b, n))" takes every
 * write for a failure, "if (!fd)" takes descriptor 0 for one and -1 for a success;
 * "fd != 0", written against 0, asks for descriptor 0 on purpose.
 * Returns whether it judged the site.
 */
static bool rule_d_zero(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct callee *c = cx->c;

	if (!c->table || x->ctype != RT_SIGNED)
		return false;
	/* "open(...) != 0" asks for descriptor 0 (stdin, reopened), as
	 * "fd == 1" asks for descriptor 1: no range test. */
	if (c->cls == CC_DESCRIPTOR && (x->form & SITE_VS_ZERO))
		return true;
	if (c->cls == CC_DESCRIPTOR && (x->form & SITE_ON_ZERO)) {
		verdict_add(cx, 'D', xasprintf(
		    "'%s' %s (class descriptor, from %s): the branch taken on 0 handles an error, but 0 is a descriptor and -1 its failure; test it for < 0",
		    x->callee, callee_returns(x, c), c->source));
		return true;
	}
	/* Its successes handled above, the test asks what is left: a
	 * failure. */
	if (successes_taken(x))
		return (x->form & SITE_ON_NONZERO) != 0;
	/* A positive class's success is above 0: "inet_pton(...) != 0"
	 * before an error's branch takes the address for a failure. */
	if (c->cls == CC_POSITIVE && (x->form & SITE_ON_NONZERO)) {
		nonzero_fails(cx, "its success is above 0", "<= 0");
		return true;
	}
	/* Its negative failure taken above ("if (n < 0) goto fail; if (n)
	 * ..."), the test asks about the count itself: the code wants none
	 * (a file read to its end must have no more bytes). */
	if ((c->cls == CC_DESCRIPTOR || c->cls == CC_VALUE ||
	     c->cls == CC_MIXED) && (x->form & SITE_ON_NONZERO)) {
		if (!(SITE_TAKEN_OF(x->form) & SIGN_NEG))
			nonzero_fails(cx, "its successes are such values",
				      "< 0");
		return true;
	}
	return false;
}

/* A mixed class whose positive values are counts or ids, not only the 1
 * of a comparison's -1, 0 or 1. */
static bool counts(const struct callee *c)
{
	return !c->def || (c->def->flags & (RV_POS | RV_NONNEG | RV_UNKNOWN));
}

/* Whether @word is one of @name's words, between underscores or at a
 * capital (sock_lookup, avLookup), whatever its case. */
static bool has_word(const char *name, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	for (p = name; *p; p++) {
		bool starts = p == name || p[-1] == '_' ||
			      (isupper((unsigned char)*p) &&
			       islower((unsigned char)p[-1]));
		char end;

		if (!starts || strncasecmp(p, word, n))
			continue;
		end = p[n];
		if (!end || end == '_' || isupper((unsigned char)end) ||
		    isdigit((unsigned char)end))
			return true;
	}
	return false;
}

/*
 * Whether a definition's errno class says its 0 is success: it returns 0
 * and negative values, surely, and its name is no question.  An action's
 * name says it outright; a name that is neither an action's nor a
 * predicate's (format_buf, xx_table_size) does not say otherwise, and by
 * the convention a function that fails with a negative errno succeeds with
 * 0.  A lookup's 0 ("found") is an outcome, not a success: the name of one
 * asks where something is.
 */
static bool errno_body(const struct ctx *cx)
{
	static const char *const lookups[] = {
		"find", "lookup", "search", "locate", "exists", "match",
		"get",
	};
	const char *name = cx->x->callee;
	size_t i;

	switch (naming_classify(cx->cfg, name)) {
	case KIND_ACTION:
		return true;
	case KIND_PREDICATE:
		return false;
	default:
		break;
	}
	/* Both shown, even in a file parsed with errors: what clang drops
	 * is statements, and a dropped return would only hide a finding. */
	if (!cx->c->def || !(cx->c->def->flags & RV_ZERO) ||
	    !(cx->c->def->flags & RV_NEG))
		return false;
	for (i = 0; i < sizeof(lookups) / sizeof(lookups[0]); i++)
		if (has_word(name, lookups[i]))
			return false;
	return true;
}

/*
 * A count or a length whose failure is negative (the table's value and
 * mixed classes), tested only for being 0 where neither way handles an
 * error: "if (sscanf(s, "%d", &n)) use(n);" takes EOF for a match, as
 * "if (read(fd, b, n))" takes -1 for bytes read.
 */
static void rule_d_truth(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct callee *c = cx->c;

	if (!c->table || x->ctype != RT_SIGNED ||
	    !(x->form & SITE_ZERO_ONLY))
		return;
	if (c->cls == CC_DESCRIPTOR) {
		rule_d_fd_truth(cx);
		return;
	}
	if (c->cls != CC_VALUE && c->cls != CC_MIXED)
		return;
	verdict_add(cx, 'D', xasprintf(
	    "'%s' %s (class %s, from %s): it is tested only for being 0, so its failure, negative, goes the way of a success; test it for > 0, or for the count it must reach",
	    x->callee, callee_returns(x, c), callee_class_name(c->cls),
	    c->source));
}

/*
 * An enumeration whose 0 is named for success (CURLE_OK): the branch
 * taken on 0 handles an error.  No definition or table gives the class of
 * an enumeration; its own names do.
 */
static void rule_d_okenum(struct ctx *cx)
{
	const struct rc_site *x = cx->x;

	/* "status == STATUS_OK" names its success: what its branch
	 * returns is chosen, not misread ("busy", "cancelled"). */
	if (!(x->form & SITE_ON_ZERO) || (x->form & SITE_TRUTH) ||
	    (x->form & SITE_ZERO_NAMED))
		return;
	verdict_add(cx, 'D', xasprintf(
	    "'%s' returns an enumeration whose 0 is named for success: 0 is success, but the branch taken on 0 handles an error",
	    x->callee));
}

/*
 * A caller that takes a member's non-zero result for an error at one site
 * and its 0 at another tests what the member holds: one call is expected
 * to work, the other to fail (a self-test's "an overlapping mapping must
 * be refused").  Its contract comes from functions the caller does not
 * call by name, which it may be there to check.
 */
static bool tested_both_ways(const struct ctx *cx)
{
	const struct rc_func *fn = cx->fn;
	size_t i;

	for (i = 0; cx->c->member && i < fn->nsites; i++)
		if (fn->sites[i].rule == 'D' &&
		    (fn->sites[i].form & SITE_ON_NONZERO) &&
		    !(fn->sites[i].form & SITE_TRUTH) &&
		    !strcmp(fn->sites[i].usr, cx->x->usr))
			return true;
	return false;
}

/*
 * A definition's count with its failures (read(2)'s shape: "return n;" of a
 * value counted up or summed, beside a negative failure), tested only
 * against 0 where the branch on a value other than 0 handles an error:
 * "if (load_cfg(path) != 0) fail;" takes every count above 0 for a
 * failure, as rule_d_zero() says of the table's counts.  Only a body
 * that counts what it returns (infer.c's RV_COUNTED: "n++", "n += v") and
 * returns no constant above 0 nor a status code says so: a 1 or a 2
 * returned by name may be a status's failure, and a value merely never
 * negative (a call's count kept in the variable that later holds a
 * 0/-errno result) is no count it made.  Returns whether it judged the
 * site.
 */
static bool rule_d_count(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct callee *c = cx->c;
	unsigned f = c->def ? c->def->flags : 0;

	if (c->table || c->cls != CC_MIXED || !c->sure ||
	    x->ctype != RT_SIGNED || !(f & RV_COUNTED) || !(f & RV_NEG) ||
	    (f & (RV_ONE | RV_POS | RV_UNKNOWN | RV_CODE | RV_OKCODE |
		  RV_BOOL | RV_FOREIGN)) ||
	    naming_classify(cx->cfg, x->callee) == KIND_PREDICATE)
		return false;
	if (!(x->form & SITE_ON_NONZERO) || successes_taken(x) ||
	    (SITE_TAKEN_OF(x->form) & SIGN_NEG) || tested_both_ways(cx))
		return false;
	nonzero_fails(cx, "its successes are counts above 0", "< 0");
	return true;
}

/*
 * A definition whose failures are codes of its own, named as failures
 * (infer.c's RV_CODE: return TEE_ERROR_BAD_STATE;, return JIM_ERR;), and
 * whose other constant is 0: a status whose success is 0, whatever its
 * type (an unsigned TEE_Result reads as a count), unless its name asks a
 * question.
 */
static bool named_codes(const struct ctx *cx)
{
	const struct rc_func *def = cx->c->def;
	unsigned f = def ? def->flags : 0;

	return cx->c->cls == CC_COUNT && !cx->c->table && cx->c->sure &&
	       (f & RV_ZERO) && (f & RV_CODE) &&
	       !(f & (RV_OKCODE | RV_BOOL | RV_NEG)) &&
	       naming_classify(cx->cfg, cx->x->callee) != KIND_PREDICATE;
}

static void rule_d(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct callee *c = cx->c;
	/* A removal's 0 says "it was pending": any branch may follow it.
	 * errno's 0 says only that nothing set it.  A definition's 0 is its
	 * success only where its negatives are errnos by name (struct
	 * callee's named): 0 and -1 alone may be a no and a yes. */
	bool zero_ok = (c->cls == CC_ERRNO && !c->outcome &&
			(c->table || (errno_body(cx) && c->named))) ||
		       (c->cls == CC_PERRNO && strcmp(x->usr, "libc:errno")) ||
		       (c->cls == CC_COUNT && c->table);
	/* Only the table knows that a 1 means "it worked": in git, iproute2
	 * and rdma-core most 0/1 actions return 1 for failure.  A trylock
	 * whose branch releases a lock or aborts asserts that the lock was
	 * held: "if (mutex_trylock(&m)) BUG();". */
	bool one_ok = c->cls == CC_BOOLEAN && c->table &&
		      !((x->form & SITE_ASSERTS) &&
			strstr(x->callee, "trylock"));

	if (x->form & SITE_TRUTH) {
		rule_d_truth(cx);
		return;
	}
	if (rule_d_zero(cx) || rule_d_count(cx))
		return;

	/* A value or a negative errno read only for being 0: the branch
	 * on 0 handles an error, and a negative errno passes as a value. */
	if ((c->cls == CC_MIXED || c->cls == CC_VALUE) &&
	    x->ctype == RT_SIGNED &&
	    (x->form & SITE_ON_ZERO) && (x->form & SITE_ZERO_ONLY) &&
	    !(SITE_TAKEN_OF(x->form) & SIGN_NEG) && counts(c) && c->sure) {
		verdict_add(cx, 'D', xasprintf(
		    "'%s' %s (class %s, from %s): the branch taken on 0 handles an error, but nothing here tests for a negative value, so its errors pass as values; test it for < 0 too",
		    x->callee, callee_returns(x, c), callee_class_name(c->cls),
		    c->source));
		/* Rule B need not say it again at a predicate's name. */
		if (c->def)
			rules_b_settled(cx->cfg, cx->out, c->def,
					cx->fn->file, x->line);
	} else if (zero_ok && (x->form & SITE_ON_ZERO) && !tested_both_ways(cx))
		verdict_add(cx, 'D', xasprintf(
		    "'%s' %s (class %s, from %s): 0 is success, but the branch taken on 0 handles an error",
		    x->callee, callee_returns(x, c), callee_class_name(c->cls),
		    c->source));
	/* "== QLA_SUCCESS" names the success it asks for, as for an
	 * enumeration (rule_d_okenum()): the branch's error is another's. */
	else if (named_codes(cx) && (x->form & SITE_ON_ZERO) &&
		 !(x->form & SITE_ZERO_NAMED) && !tested_both_ways(cx))
		verdict_add(cx, 'D', xasprintf(
		    "'%s' returns 0 or failure codes named as such (from %s): 0 is success, but the branch taken on 0 handles an error",
		    x->callee, c->source));
	else if (one_ok && (x->form & SITE_ON_NONZERO))
		verdict_add(cx, 'D', xasprintf(
		    "'%s' %s (class %s, from %s): 1 is success, but the branch taken on 1 handles an error",
		    x->callee, callee_returns(x, c), callee_class_name(c->cls),
		    c->source));
}

/*
 * A program's main(): what it returns is the exit status the system hands
 * to the parent, not a result any caller in the program tests, so the
 * convention of the functions it calls does not bind it ("return -rc;" and
 * "return ENOMEM;" are both statuses the shell reads).
 */
static bool is_entry(const struct rc_func *fn)
{
	return fn->scope != SCOPE_STATIC && !strcmp(fn->name, "main");
}

/*
 * The sites whose form says what they are (a constant returned, a status
 * enumeration tested), judged by their own rule, with no callee's class.
 */
static bool judged_by_form(struct ctx *cx)
{
	static const struct {
		char rule;
		uint64_t form;
		void (*judge)(struct ctx *cx);
	} forms[] = {
		{ 'E', SITE_POSERRNO, rule_e_positive },
		{ 'E', SITE_BOOLCONST, rule_e_bool },
		{ 'D', SITE_OKENUM, rule_d_okenum },
		{ 'E', SITE_NEGERRNO, rule_e_negative },
		{ 'E', SITE_NEGHELD, rule_e_negheld },
	};
	size_t i;

	for (i = 0; i < sizeof(forms) / sizeof(forms[0]); i++)
		if (cx->x->rule == forms[i].rule &&
		    (cx->x->form & forms[i].form)) {
			forms[i].judge(cx);
			return true;
		}
	return false;
}

/*
 * Whether a rule C finding already stands at the test @x's note names
 * (the test that leaves the error number 0 or negative on its way to
 * strerror()): that test is itself a misread ("stats_err < 0" of a
 * pthread result, never true), and the strerror() finding under it would
 * say it again with advice for a value that is never there.  One
 * finding, at the test.
 */
static bool test_reported(const struct rc_findings *out, const char *file,
			  const struct rc_site *x)
{
	size_t i;

	for (i = 0; i < out->n; i++)
		if (out->v[i].rule == 'C' && out->v[i].line == x->wline &&
		    out->v[i].col == x->wcol &&
		    !strcmp(out->v[i].file, file))
			return true;
	return false;
}

/* The strerror() sites of @fn (rule_c_strerror()), once every other
 * site of the run is judged. */
static void strerror_sites(const struct rc_config *cfg, struct rc_func *fn,
			   struct rc_func *const *byusr, size_t n,
			   struct rc_findings *out, struct contracts *broken)
{
	size_t j;

	for (j = 0; fn->report && j < fn->nsites; j++) {
		struct ctx cx = {
			.cfg = cfg, .fn = fn, .x = &fn->sites[j],
			.out = out, .broken = broken,
		};

		if (cx.x->rule != 'C' || !(cx.x->form & SITE_STRERROR) ||
		    test_reported(out, fn->file, cx.x))
			continue;
		rule_c_strerror(&cx, byusr, n);
	}
}

void sites_apply(const struct rc_config *cfg, const struct rc_table *table,
		 struct rc_result *res, struct rc_findings *out)
{
	struct rc_func **byusr = funcs_by_usr(res), **byalt, **other;
	struct contracts broken = { .n = 0 };
	size_t i, j, nalt, nother;

	callee_sort_stored(res);
	byalt = funcs_by_usr_standins(res, &nalt);
	other = alts_by_usr(res, &nother);
	/* The functions, then other configurations' readings of them. */
	for (i = 0; i < res->nfuncs + res->nalts; i++) {
		struct rc_func *fn = i < res->nfuncs ? res->funcs[i] :
				     res->alts[i - res->nfuncs];
		bool entry = is_entry(fn);

		for (j = 0; fn->report && j < fn->nsites; j++) {
			struct callee c;
			struct ctx cx = {
				.cfg = cfg, .fn = fn, .x = &fn->sites[j],
				.c = &c, .out = out, .broken = &broken,
			};

			if ((cx.x->rule == 'E' && entry) || cx.x->rule == 'U' ||
			    cx.x->rule == 'T')
				continue;
			if ((cx.x->rule == 'C' &&
			     (cx.x->form & SITE_STRERROR)) ||
			    judged_by_form(&cx) ||
			    (cx.x->rule == 'C' && rule_c_zero_here(&cx)))
				continue;
			if (fn->facts & FACT_ALTERNATE)
				callee_class(res, byalt, nalt, table, fn,
					     &fn->sites[j], &c);
			else
				callee_class(res, byusr, res->nfuncs, table,
					     fn, &fn->sites[j], &c);
			callee_configs(&c, other, nother);
			/* -1 picked out of several negative errnos needs
			 * no class either. */
			if (rule_c_one_code(&cx)) {
				free(c.source);
				continue;
			}
			/* A signed result made unsigned needs no class, nor
			 * a reading function's passed on (readcall.c). */
			if (c.cls == CC_NONE && !(cx.x->form & SITE_PASSES) &&
			    !(cx.x->rule == 'C' &&
			      (cx.x->form & SITE_UNSIGNED) &&
			      !(cx.x->form & SITE_SHAPE) &&
			      cx.x->ctype == RT_SIGNED))
				continue;
			if (cx.x->rule == 'C')
				rule_c(&cx);
			else if (cx.x->rule == 'D')
				rule_d(&cx);
			else if (cx.x->rule == 'E')
				rule_e(&cx);
			free(c.source);
		}
	}
	for (i = 0; i < res->nfuncs + res->nalts; i++)
		strerror_sites(cfg, i < res->nfuncs ? res->funcs[i] :
			       res->alts[i - res->nfuncs], byusr, res->nfuncs,
			       out, &broken);
	verdict_contracts(&broken, out);
	free(byusr);
	free(byalt);
	free(other);
}
