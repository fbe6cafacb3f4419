// SPDX-License-Identifier: MIT
/*
 * Rules C, D and E: call sites that misread what their callee returns.
 *
 * The workers found the sites (callsite.c); here each callee gets its class,
 * from the first of:
 *
 *   1. its definition anywhere in the run that the call binds to (a
 *      system header's declaration binds only to a definition that saw
 *      one too, ast.c's function_usr(); of several, the nearest the
 *      caller's file, resolve.c's def_nearness(); all as near if they
 *      agree), when that gives a class: errno, boolean, count or mixed;
 *   2. the table (table.c): built in, or a --table file;
 *   3. its declared return type, when that is bool or unsigned.
 *
 * and the site is judged:
 *
 *   C  a test for a sign of a value that is never negative (boolean, count,
 *      perrno, flag), or of any signed result kept in an unsigned holder
 *      or cast to an unsigned type; a comparison with another constant,
 *      or a case label, that no value of the class matches (an errno's
 *      == 1); when the callee is a signed function whose body gives a
 *      count, once at the callee, naming the callers (struct contract);
 *   D  a branch taken on success that handles an error: on 0 for errno
 *      (an action's, the table's, or a body's of 0 and negative values
 *      under a name that asks nothing: a lookup's 0 may well lead to an
 *      error, errno_body()),
 *      perrno and the table's counts (bytes not copied), on non-zero for
 *      the table's booleans, whose 1 means it worked (queue_work before
 *      2006, the trylocks): a body's 0/1 does not say which is failure;
 *      on 0 for a mixed result that nothing tests for a sign (its errno
 *      passes as a count or an id);
 *   E  the table's count (bytes not copied) returned as a signed result by
 *      a function that returns negative errnos too, or under if (ret); by
 *      a function that fails with negative values, a positive errno
 *      constant, a perrno result, or an errno negated once more.
 *
 * Anything else (unknown, mixed for C, pointers) is not judged: a finding
 * must be right.
 *
 * The file stays whole at some 900 lines: the callee's class and the
 * three rules that read it are one judgement, and each rule's message
 * says where its class came from (struct callee).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "retconv.h"

enum cclass {
	CC_NONE,
	CC_ERRNO,
	CC_PERRNO,
	CC_BOOLEAN,
	CC_COUNT,
	CC_MIXED,
	CC_FLAG,
	CC_STATUS,		/* outside.c's classes */
	CC_VALUE,
	CC_DESCRIPTOR,
	CC_POSITIVE,
};

struct callee {
	enum cclass cls;
	bool table;		/* from the table, not a definition */
	bool sure;		/* not from a definition that may have been
				 * misread (sure_definition()) */
	bool outcome;		/* its 0 is an outcome, not "it worked" */
	const struct rc_func *def;	/* the definition it came from */
	char *source;		/* "its definition at f.c:3", ... */
};

static const char *const cclass_names[] = {
	[CC_NONE] = "unknown",
	[CC_ERRNO] = "errno",
	[CC_PERRNO] = "perrno",
	[CC_BOOLEAN] = "boolean",
	[CC_COUNT] = "count",
	[CC_MIXED] = "mixed",
	[CC_FLAG] = "flag",
	[CC_STATUS] = "status",
	[CC_VALUE] = "value",
	[CC_DESCRIPTOR] = "descriptor",
	[CC_POSITIVE] = "positive",
};

static enum cclass from_class(enum rc_class cls)
{
	switch (cls) {
	case RC_ERRNO:
		return CC_ERRNO;
	case RC_BOOLEAN:
		return CC_BOOLEAN;
	case RC_COUNT:
		return CC_COUNT;
	case RC_MIXED:
		return CC_MIXED;
	default:
		return CC_NONE;
	}
}

static enum cclass from_tclass(enum rc_tclass cls)
{
	switch (cls) {
	case TC_ERRNO:
	case TC_OUTCOME:
		return CC_ERRNO;
	case TC_PERRNO:
		return CC_PERRNO;
	case TC_BOOLEAN:
		return CC_BOOLEAN;
	case TC_COUNT:
		return CC_COUNT;
	case TC_FLAG:
		return CC_FLAG;
	case TC_STATUS:
		return CC_STATUS;
	case TC_VALUE:
		return CC_VALUE;
	case TC_DESCRIPTOR:
		return CC_DESCRIPTOR;
	case TC_POSITIVE:
		return CC_POSITIVE;
	default:
		return CC_MIXED;
	}
}

/* The class the definitions of @usr nearest @file give (def_nearness());
 * CC_NONE if none or they differ. */
static enum cclass by_definition(struct rc_func **byusr, size_t n,
				 const char *usr, const char *file,
				 const struct rc_func **def)
{
	size_t lo = funcs_first(byusr, n, usr), hi = lo, i;
	enum cclass cls = CC_NONE;
	unsigned best = 0;

	*def = NULL;
	for (; hi < n && !strcmp(byusr[hi]->usr, usr); hi++)
		if (def_nearness(byusr[hi]->file, file) > best)
			best = def_nearness(byusr[hi]->file, file);
	for (i = lo; i < hi; i++) {
		enum cclass c = from_class(resolve_class(byusr[i]));

		if (def_nearness(byusr[i]->file, file) != best)
			continue;
		if (*def && c != cls)
			return CC_NONE;
		cls = c;
		*def = byusr[i];
	}
	return cls;
}

/* Whether @file parsed with errors other than headers not found, which
 * the stand-ins may have made up for (worker.c's note says which). */
static bool damaged(const struct rc_result *res, const char *file)
{
	size_t i;

	for (i = 0; i < res->nnotes; i++)
		if (!strcmp(res->notes[i].file, file) &&
		    strstr(res->notes[i].msg, " other error"))
			return true;
	return false;
}

/*
 * Whether the class of the definition @def can be taken as sure by the
 * rules that read comparisons, negations and tests for 0 (rule C beyond
 * the sign, rule E's negation, rule D's counts): its file parsed without
 * errors but missing headers (clang drops statements it cannot make sense
 * of, and a loop that counted may be gone), as did the caller's when @def
 * is in a header, and a
 * macro did not write its body (its returns then all stand where the
 * macro was used, and what the macro's body stores is not seen).
 */
static bool sure_definition(const struct rc_result *res,
			    const struct rc_func *caller,
			    const struct rc_func *def)
{
	size_t i, j;

	if (damaged(res, def->file) ||
	    (is_header_name(def->file) && damaged(res, caller->file)))
		return false;
	for (i = 0; i < def->nrets; i++) {
		if (def->rets[i].line == def->line)
			return false;
		for (j = 0; j < i; j++)
			if (def->rets[j].line == def->rets[i].line &&
			    def->rets[j].col == def->rets[i].col)
				return false;
	}
	return true;
}

/*
 * A signed function documented to give a negative value ("returns 0 if
 * pushed, < 0 if there was some horrible error, > 0 if there was no
 * room") whose body gives only 0 and 1: its callers' tests for a sign
 * follow the contract they were given, and the body is no surer a guide
 * than the words.  Its class is not taken from the body.  (A body that
 * gives a count is told once, at the callee: struct contract.)
 */
static bool documented_negative(const struct rc_func *def, enum cclass cls)
{
	return def->type == RT_SIGNED && (def->facts & DOC_NEGATIVE) &&
	       cls == CC_BOOLEAN;
}

static void callee_class(const struct rc_result *res,
			 struct rc_func **byusr, size_t n,
			 const struct rc_table *table,
			 const struct rc_func *caller,
			 const struct rc_site *x, struct callee *c)
{
	const struct rc_tentry *t;
	const struct rc_func *def;

	c->table = false;
	c->outcome = false;
	c->source = NULL;
	c->cls = by_definition(byusr, n, x->usr, caller->file, &def);
	/* A comparison for order has no failure: its negative result is
	 * "less than", whatever its body returns. */
	if (def && (documented_negative(def, c->cls) ||
		    naming_orders(x->callee)))
		c->cls = CC_NONE;
	c->def = def;
	c->sure = true;
	/* 0 or a positive errno, by its words or the house style's. */
	if (def && (def->facts & FACT_PERRNO_READ)) {
		c->cls = CC_PERRNO;
		c->source = xasprintf("its definition at %s:%u, %s", def->file,
				      def->line, def->facts & DOC_PERRNO ?
				      "documented so" :
				      "in a project of positive errnos");
		return;
	}
	if (c->cls != CC_NONE) {
		c->sure = sure_definition(res, caller, def);
		c->source = xasprintf("its definition at %s:%u", def->file,
				      def->line);
		return;
	}
	/* fcntl() with a command that sets something (origin.c). */
	if (!strncmp(x->usr, "libc:fcntl:", 11)) {
		c->cls = CC_STATUS;
		c->table = true;
		c->source = xasprintf("fcntl(2), for %s", x->usr + 11);
		return;
	}
	/* A function of the same name declared to return a pointer (the
	 * GNU strerror_r()) is another function than the table's. */
	t = x->ctype == RT_POINTER ? NULL :
	    table_find(table, x->callee,
		       x->form & SITE_KWQ ? TABLE_KWQ : TABLE_KERNEL);
	if (t) {
		c->cls = from_tclass(t->cls);
		c->outcome = t->cls == TC_OUTCOME;
		c->table = true;
		c->source = xstrdup(t->source);
		return;
	}
	if (x->ctype == RT_BOOL)
		c->cls = CC_BOOLEAN;
	else if (x->ctype == RT_UNSIGNED)
		c->cls = CC_COUNT;
	if (c->cls != CC_NONE && !strncmp(x->usr, "member:", 7))
		c->source = xasprintf("the declared type of the member '%s'",
				      x->usr + 7);
	else if (c->cls != CC_NONE)
		c->source = xstrdup("its declared return type");
}

/* errno itself, read as a call's result (callsite.c). */
static bool is_errno(const struct rc_site *x)
{
	return !strcmp(x->usr, "libc:errno");
}

/* "returns only 0 or 1", for the message. */
static const char *returns(const struct rc_site *x, const struct callee *c)
{
	if (is_errno(x))
		return "holds 0 or a positive error number";
	switch (c->cls) {
	case CC_ERRNO:
		return "returns 0 or a negative errno";
	case CC_PERRNO:
		return "returns 0 or a positive errno";
	case CC_BOOLEAN:
	case CC_FLAG:
		return "returns only 0 or 1";
	case CC_COUNT:
		return c->table ? "returns the number of bytes not copied" :
				  "returns a count";
	case CC_MIXED:
		return "returns a value or a negative errno";
	case CC_STATUS:
		return "returns 0, or -1 with errno set";
	case CC_VALUE:
		return "returns a count or a length, or a negative value on failure";
	case CC_DESCRIPTOR:
		return "returns a descriptor, which may be 0, or -1 on failure";
	case CC_POSITIVE:
		return "returns a positive value on success, 0 or a negative value on failure";
	default:
		return "returns a value";
	}
}

/*
 * A signed function whose body never returns a negative value, tested for
 * a sign by its callers: git's repo_read_index() dies on error, while its
 * callers test it for < 0 as its declared int suggests.  The callers are
 * not wrong about what they were promised; the callee does not keep it.
 * One finding at the callee, naming its callers, says so once.
 */
struct contract {
	const struct rc_func *def;
	struct rc_finding f;
	size_t ncallers;
};

struct contracts {
	struct contract *v;
	size_t n;
};

struct ctx {
	const struct rc_config *cfg;
	struct rc_func *fn;
	const struct rc_site *x;
	const struct callee *c;
	struct rc_findings *out;
	struct contracts *broken;
};

static void add_note(struct rc_finding *f, const char *file, unsigned line,
		     unsigned col, char *msg)
{
	f->notes = xrealloc(f->notes, (f->nnotes + 1) * sizeof(*f->notes));
	f->notes[f->nnotes++] = (struct rc_note){
		.file = file, .line = line, .col = col, .msg = msg,
	};
}

static void add(struct ctx *cx, char rule, char *msg)
{
	const struct rc_site *x = cx->x;
	struct rc_finding f = {
		.fn = cx->fn, .rule = rule, .msg = msg,
		.file = cx->fn->file, .line = x->line, .col = x->col,
	};

	if (*x->holder)
		add_note(&f, cx->fn->file, x->hline, x->hcol, xasprintf(
			 "'%s' holds the result of '%s' from here",
			 x->holder, x->callee));
	if (*x->why)
		add_note(&f, cx->fn->file, x->wline, x->wcol,
			 xasprintf("the branch %s", x->why));
	/* A build that does not compile the line should say why it is
	 * reported (inactive.c). */
	if (cx->fn->facts & FACT_ALTERNATE)
		add_note(&f, cx->fn->file, x->line, x->col, xstrdup(
			 "in a branch of #if that the configuration read here skips; checked with that branch taken"));
	findings_add(cx->out, &f);
}

/* What was tested, as the reader wrote it: "ret < 0", "0 > f(...)". */
static char *tested(const struct rc_site *x)
{
	char *what = *x->holder || is_errno(x) ?
		     xstrdup(*x->holder ? x->holder : x->callee) :
		     xasprintf("%s(...)", x->callee);
	char *s = x->op[0] == '0' || (x->form & SITE_LEFT) ?
		  xasprintf("%s %s", x->op, what) :
		  xasprintf("%s %s", what, x->op);

	free(what);
	return s;
}

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
	add(cx, 'C', xasprintf(
	    "'%s' is declared to return a signed int, but its body never returns a negative value (class count, from %s): %s %s; test it for the value its failure returns",
	    cx->x->callee, cx->c->source, t, verdict));
}

/* A caller of a signed count tested for a sign: noted at the callee. */
static void contract_caller(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct rc_func *def = cx->c->def;
	struct contract *k = NULL;
	char *t = tested(x);
	size_t i;

	for (i = 0; i < cx->broken->n; i++)
		if (cx->broken->v[i].def == def)
			k = &cx->broken->v[i];
	if (!k) {
		cx->broken->v = xrealloc(cx->broken->v, (cx->broken->n + 1) *
					 sizeof(*cx->broken->v));
		k = &cx->broken->v[cx->broken->n++];
		memset(k, 0, sizeof(*k));
		k->def = def;
		k->f = (struct rc_finding){
			.fn = (struct rc_func *)def, .rule = 'C',
			.file = def->file, .line = def->line, .col = def->col,
		};
	}
	k->ncallers++;
	add_note(&k->f, cx->fn->file, x->line, x->col,
		 xasprintf("'%s' in %s() expects a negative value", t,
			   cx->fn->name));
	free(t);
}

/* Callers in the order of their places, not of the workers' files. */
static int by_place(const void *pa, const void *pb)
{
	const struct rc_note *a = pa, *b = pb;
	int c = place_compare(a->file, a->line, a->col, b->file, b->line,
			      b->col);

	return c ? c : strcmp(a->msg, b->msg);
}

static void contracts_report(struct contracts *broken,
			     struct rc_findings *out)
{
	size_t i;

	for (i = 0; i < broken->n; i++) {
		struct contract *k = &broken->v[i];

		qsort(k->f.notes, k->f.nnotes, sizeof(*k->f.notes), by_place);
		k->f.msg = xasprintf(
			"'%s' is declared to return a signed int and %zu call site%s test%s it for a negative value, but its body never returns one (class count, from its definition): return a negative value on failure, or make its failure plain to its callers and drop their tests",
			k->def->name, k->ncallers,
			k->ncallers == 1 ? "" : "s",
			k->ncallers == 1 ? "s" : "");
		findings_add(out, &k->f);
	}
	free(broken->v);
}

/* The signs (SIGN_*) a class's values have; 0 when any may be. */
static unsigned class_signs(enum cclass cls)
{
	switch (cls) {
	case CC_ERRNO:
	case CC_STATUS:
		return SIGN_NEG | SIGN_ZERO;
	case CC_BOOLEAN:
	case CC_FLAG:
		return SIGN_ZERO | SIGN_ONE;
	case CC_COUNT:
	case CC_PERRNO:
		return SIGN_ZERO | SIGN_POS;
	default:
		return 0;
	}
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
 * Whether a definition's errno class shows both ways: a stub that only
 * returns 0, or only -ENOSYS, is one configuration's ("#else static
 * inline int f(void) { return 0; }"), and the real function may return
 * more.
 */
static bool errno_shown(const struct callee *c)
{
	return c->table || !c->def ||
	       ((c->def->flags & RV_ZERO) && (c->def->flags & RV_NEG) &&
		c->sure);
}

/*
 * A comparison with a constant, or a case label, that no value of the
 * callee's class makes true ("add_work(&w) == 1", "pthread_join(t, NULL)
 * == -1", "case -EIO:" of a 0/1 result), or that every value does (a !=
 * of such a constant).  A range that takes in every value is left alone:
 * "ret <= 0" of an errno is only a loose failure test.
 */
/* The site's test, quoted, for a message. */
static char *quoted(const struct rc_site *x)
{
	char *t = tested(x), *q = xasprintf("'%s'", t);

	free(t);
	return q;
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
		t = quoted(x);
		add(cx, 'C', xasprintf(
		    "'%s' %s (class descriptor, from %s): %s takes descriptor 0 for a failure; test it for < 0",
		    x->callee, returns(x, c), c->source, t));
		free(t);
	} else if (c->cls == CC_POSITIVE && !splits && apart &&
		   !(SITE_TAKEN_OF(x->form) & SIGN_ZERO) &&
		   !(x->form & SITE_BELOW_ZERO)) {
		t = quoted(x);
		add(cx, 'C', xasprintf(
		    "'%s' %s (class positive, from %s): %s takes its failure 0 for a success; test it for <= 0",
		    x->callee, returns(x, c), c->source, t));
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
	t = tested(x);
	where = *x->holder ? xasprintf("'%s' is unsigned", x->holder) :
			     xstrdup("it is cast to an unsigned type");
	add(cx, 'C', xasprintf(
	    "'%s' %s (class %s, from %s), but %s: its negative failure is a large value there, and '%s' %s; keep it in a signed variable",
	    x->callee, returns(x, c), cclass_names[c->cls], c->source, where,
	    t, verdict));
	free(where);
	free(t);
}

static void rule_c_shape(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct callee *c = cx->c;
	unsigned signs = class_signs(c->cls);
	const char *verdict;
	char *t;

	if (x->form & SITE_UNSIGNED) {
		rule_c_unsigned_order(cx);
		return;
	}
	if (rule_c_zero(cx))
		return;
	if (!signs || ((x->form & SITE_WRAPS) && !c->table) || !c->sure ||
	    (c->cls == CC_ERRNO && !errno_shown(c)))
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
		contract_caller(cx);
		return;
	}
	t = x->form & SITE_CASE ? xasprintf("'%s:' of a switch on %s%s%s",
					    x->op, *x->holder ? "'" : "",
					    *x->holder ? x->holder :
							 "its result",
					    *x->holder ? "'" : "") :
				  tested(x);
	if (!(x->form & SITE_CASE)) {
		char *q = xasprintf("'%s'", t);

		free(t);
		t = q;
	}
	if (signed_count(c))
		unkept(cx, t, verdict);
	else
		add(cx, 'C', xasprintf("'%s' %s (class %s, from %s): %s %s; %s",
				       x->callee, returns(x, c),
				       cclass_names[c->cls], c->source, t,
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
	char *t = tested(x);

	if (*x->holder)
		add(cx, 'C', xasprintf(
		    "'%s' returns a signed value, negative on failure as far as its type says, but '%s' is unsigned: '%s' is %s true; keep it in a signed variable",
		    x->callee, x->holder, t, always));
	else
		add(cx, 'C', xasprintf(
		    "'%s' returns a signed value, negative on failure as far as its type says, but it is cast to an unsigned type: '(unsigned)%s' is %s true",
		    x->callee, t, always));
	(void)c;
	free(t);
}

static void rule_c(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct callee *c = cx->c;
	const char *always = x->form & SITE_NEVER ? "never" : "always";
	char *t;

	if (x->form & SITE_SHAPE) {
		rule_c_shape(cx);
		return;
	}
	/* The table's unsigned results are small counts, others may wrap. */
	if ((x->form & SITE_WRAPS) && !c->table)
		return;
	if (signed_count(c) && !c->def->context) {
		contract_caller(cx);
		return;
	}
	if (signed_count(c)) {
		char *q = tested(x);

		t = xasprintf("'%s'", q);
		free(q);
		q = xasprintf("is %s true", always);
		unkept(cx, t, q);
		free(q);
		free(t);
	} else if (c->cls == CC_BOOLEAN || c->cls == CC_COUNT ||
	    c->cls == CC_PERRNO || c->cls == CC_FLAG) {
		t = tested(x);
		add(cx, 'C', xasprintf(
		    "'%s' %s (class %s, from %s), never negative: '%s' is %s true; %s",
		    x->callee, returns(x, c), cclass_names[c->cls], c->source, t,
		    always, failure(c)));
		free(t);
	} else if ((c->cls == CC_ERRNO || c->cls == CC_MIXED ||
		    c->cls >= CC_STATUS) &&
		   (x->form & SITE_UNSIGNED) && *x->holder) {
		t = tested(x);
		add(cx, 'C', xasprintf(
		    "'%s' %s (class %s, from %s), but '%s' is unsigned: '%s' is %s true; keep it in a signed int",
		    x->callee, returns(x, c), cclass_names[c->cls], c->source,
		    x->holder, t, always));
		free(t);
	} else if ((x->form & SITE_UNSIGNED) && x->ctype == RT_SIGNED) {
		rule_c_unsigned(cx);
	} else if (c->cls == CC_POSITIVE && !(x->form & SITE_UNSIGNED) &&
		   !(SITE_TAKEN_OF(x->form) & SIGN_ZERO) &&
		   !(x->form & SITE_BELOW_ZERO)) {
		/* "rc < 0", "rc >= 0": 0 falls with the successes. */
		t = quoted(x);
		add(cx, 'C', xasprintf(
		    "'%s' %s (class positive, from %s): %s takes its failure 0 for a success; test it for <= 0",
		    x->callee, returns(x, c), c->source, t));
		free(t);
	}
}

/*
 * A documented count, or a descriptor, tested only against 0 where a
 * branch handles an error (outside.c's and the table's value, mixed and
 * descriptor classes): "if (write(fd, b, n))" takes every write for a
 * failure, "if (!fd)" takes descriptor 0 for one and -1 for a success;
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
		add(cx, 'D', xasprintf(
		    "'%s' %s (class descriptor, from %s): the branch taken on 0 handles an error, but 0 is a descriptor and -1 its failure; test it for < 0",
		    x->callee, returns(x, c), c->source));
		return true;
	}
	/* Its successes handled above ("if (n == 1) ...; if (n)"), the
	 * test asks what is left: a failure. */
	if (SITE_TAKEN_OF(x->form) & SIGN_POS)
		return (x->form & SITE_ON_NONZERO) != 0;
	if ((c->cls == CC_DESCRIPTOR || c->cls == CC_VALUE ||
	     c->cls == CC_MIXED) && (x->form & SITE_ON_NONZERO)) {
		add(cx, 'D', xasprintf(
		    "'%s' %s (class %s, from %s): the branch taken on a value other than 0 handles an error, but its successes are such values; test it for < 0",
		    x->callee, returns(x, c), cclass_names[c->cls],
		    c->source));
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
	    (c->cls != CC_VALUE && c->cls != CC_MIXED) ||
	    !(x->form & SITE_ZERO_ONLY))
		return;
	add(cx, 'D', xasprintf(
	    "'%s' %s (class %s, from %s): it is tested only for being 0, so its failure, negative, goes the way of a success; test it for > 0, or for the count it must reach",
	    x->callee, returns(x, c), cclass_names[c->cls], c->source));
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
	add(cx, 'D', xasprintf(
	    "'%s' returns an enumeration whose 0 is named for success: 0 is success, but the branch taken on 0 handles an error",
	    x->callee));
}

static void rule_d(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct callee *c = cx->c;
	/* A removal's 0 says "it was pending": any branch may follow it.
	 * errno's 0 says only that nothing set it. */
	bool zero_ok = (c->cls == CC_ERRNO && !c->outcome &&
			(c->table || errno_body(cx))) ||
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
	if (rule_d_zero(cx))
		return;

	/* A value or a negative errno read only for being 0: the branch
	 * on 0 handles an error, and a negative errno passes as a value. */
	if ((c->cls == CC_MIXED || c->cls == CC_VALUE) &&
	    x->ctype == RT_SIGNED &&
	    (x->form & SITE_ON_ZERO) && (x->form & SITE_ZERO_ONLY) &&
	    !(SITE_TAKEN_OF(x->form) & SIGN_NEG) && counts(c) && c->sure)
		add(cx, 'D', xasprintf(
		    "'%s' %s (class %s, from %s): the branch taken on 0 handles an error, but nothing here tests for a negative value, so its errors pass as values; test it for < 0 too",
		    x->callee, returns(x, c), cclass_names[c->cls],
		    c->source));
	else if (zero_ok && (x->form & SITE_ON_ZERO))
		add(cx, 'D', xasprintf(
		    "'%s' %s (class %s, from %s): 0 is success, but the branch taken on 0 handles an error",
		    x->callee, returns(x, c), cclass_names[c->cls], c->source));
	else if (one_ok && (x->form & SITE_ON_NONZERO))
		add(cx, 'D', xasprintf(
		    "'%s' %s (class %s, from %s): 1 is success, but the branch taken on 1 handles an error",
		    x->callee, returns(x, c), cclass_names[c->cls], c->source));
}

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

/*
 * Whether a return of @fn other than the one at @x can give a negative
 * value: then @fn reports failure with a negative errno (or -1), and its
 * callers test for a sign.  The return at @x itself is left out, as the
 * negation it may hold reads as a negative errno.
 */
static bool fails_negative(const struct rc_func *fn, const struct rc_site *x)
{
	size_t i;

	/* Documented "0, or non-zero on failure": its callers test for
	 * non-zero, and see every errno whatever its sign. */
	if (fn->facts & DOC_STATUS)
		return false;

	/* A function that negates a result on its way out converts errnos
	 * of one sign to the other on purpose: its positive ones may be
	 * meant (libfuse's reply helpers give a positive errno to send to
	 * the kernel, a negative one for their own failure). */
	for (i = 0; !(x->form & SITE_NEGATED) && i < fn->nsites; i++)
		if (fn->sites[i].rule == 'E' &&
		    (fn->sites[i].form & SITE_NEGATED))
			return false;
	for (i = 0; i < fn->nrets; i++)
		if ((fn->rets[i].line != x->line || fn->rets[i].col != x->col) &&
		    (fn->rets[i].resolved & RV_NEG) &&
		    !negates_result(fn, fn->rets[i].line, fn->rets[i].col))
			return true;
	return false;
}

/* "return EIO;" in a function that fails with negative errnos elsewhere. */
static void rule_e_positive(struct ctx *cx)
{
	const struct rc_site *x = cx->x;

	if (house_keeps_positive(cx->cfg, cx->fn) || !fails_negative(cx->fn, x))
		return;
	add(cx, 'E', xasprintf(
	    "'%s' fails with a negative value elsewhere, but returns %s here, a positive errno its callers' failure tests (< 0) miss; return -%s",
	    cx->fn->name, x->callee, x->callee));
}

/*
 * "return false;" in a signed function that fails with negative values
 * elsewhere and gives no 1 or truth value: false is 0, its success, where
 * the words say failure.  A function that returns true too is a
 * tri-state (1, 0 or a negative error), whose false is an answer.
 */
static void rule_e_bool(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct rc_func *fn = cx->fn;
	size_t i;

	if (!fails_negative(fn, x))
		return;
	for (i = 0; i < fn->nrets; i++)
		if ((fn->rets[i].line != x->line || fn->rets[i].col != x->col) &&
		    (fn->rets[i].resolved & (RV_ONE | RV_BOOL)))
			return;
	add(cx, 'E', xasprintf(
	    "'%s' fails with a negative value elsewhere, but returns %s here, which is 0, its success; return its failure value (-1, a negative errno) if this is one",
	    fn->name, x->callee));
}

/*
 * "return -res;" where res holds only 0 and negative values there, by a
 * function that fails with a negative value elsewhere: the negation gives
 * its failure positive, which its callers' failure tests (< 0) take for a
 * success.  A comparison for order negates to flip its answer.
 */
static void rule_e_negheld(struct ctx *cx)
{
	const struct rc_site *x = cx->x;

	if (naming_orders(cx->fn->name) ||
	    house_keeps_positive(cx->cfg, cx->fn) || !fails_negative(cx->fn, x))
		return;
	add(cx, 'E', xasprintf(
	    "'%s' fails with a negative value elsewhere, but returns '-%s' here, where '%s' holds only 0 or a negative value: its failure comes out positive, which its callers' failure tests (< 0) miss; return '%s' as it is",
	    cx->fn->name, x->callee, x->callee, x->callee));
}

/* "return -EIO;" in a function that gives positive errnos, as it is
 * documented to or as the project's functions do (house.c). */
static void rule_e_negative(struct ctx *cx)
{
	const struct rc_site *x = cx->x;

	if (!house_gives_positive(cx->cfg, cx->fn))
		return;
	add(cx, 'E', xasprintf(
	    "'%s' gives a positive errno elsewhere (%s), but returns -%s here, a negative value its callers' comparisons with an errno (== %s) and messages miss; return %s",
	    cx->fn->name, cx->fn->facts & DOC_PERRNO ? "documented so" :
	    "as the project's functions do", x->callee, x->callee,
	    x->callee));
}

/* "return -err;" of an errno that is negative already, or a positive
 * errno returned as it is, by a function that fails with negative
 * errnos. */
static void rule_e_convention(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct callee *c = cx->c;
	char *what = *x->holder || is_errno(x) ?
		     xstrdup(*x->holder ? x->holder : x->callee) :
		     xasprintf("%s(...)", x->callee);

	if (!fails_negative(cx->fn, x)) {
		free(what);
		return;
	}
	if ((x->form & SITE_NEGATED) && c->cls == CC_ERRNO && errno_shown(c))
		add(cx, 'E', xasprintf(
		    "'%s' %s (class errno, from %s): '%s' returns '-%s', a positive value, where it fails with a negative value elsewhere; return '%s' as it is",
		    x->callee, returns(x, c), c->source, cx->fn->name, what,
		    what));
	else if (!(x->form & SITE_NEGATED) && c->cls == CC_PERRNO &&
		 !house_keeps_positive(cx->cfg, cx->fn))
		add(cx, 'E', xasprintf(
		    "'%s' %s (class perrno, from %s), and '%s' returns '%s' as it is, where it fails with a negative value elsewhere: its callers' failure tests (< 0) miss this one; return it negated",
		    x->callee, returns(x, c), c->source, cx->fn->name, what));
	free(what);
}

static void rule_e(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct callee *c = cx->c;

	if ((x->form & SITE_NEGATED) || c->cls == CC_PERRNO) {
		rule_e_convention(cx);
		return;
	}
	if (c->cls != CC_COUNT || !c->table)
		return;
	if (!(x->form & SITE_GUARDED) && !(cx->fn->flags & RV_NEG))
		return;
	add(cx, 'E', xasprintf(
	    "'%s' %s (class count, from %s), and '%s' returns it as its error result; return -EFAULT when it is not 0",
	    x->callee, returns(x, c), c->source, cx->fn->name));
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

void sites_apply(const struct rc_config *cfg, const struct rc_table *table,
		 struct rc_result *res, struct rc_findings *out)
{
	struct rc_func **byusr = funcs_by_usr(res);
	struct contracts broken = { .n = 0 };
	size_t i, j;

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

			if ((cx.x->rule == 'E' && entry) || cx.x->rule == 'U')
				continue;
			if (judged_by_form(&cx))
				continue;
			callee_class(res, byusr, res->nfuncs, table, fn,
				     &fn->sites[j], &c);
			/* A signed result made unsigned needs no class. */
			if (c.cls == CC_NONE &&
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
	contracts_report(&broken, out);
	free(byusr);
}
