// SPDX-License-Identifier: MIT
/*
 * An error number given to strerror() where a test left it 0 or negative
 * (rule C, the call-site pass's SITE_STRERROR; callsite.h), and the
 * functions that pass a parameter on to strerror() (a fact of their
 * definitions, FACT_STRERROR()).
 *
 * strerror(3) takes an error number as errno holds it: positive.  Under
 * "if (ret < 0)" a 0/-errno result is negative, and strerror(ret) names
 * no error ("Unknown error -5"); under "if (!ret)" it is the success 0
 * ("Success"): the test and the message contradict each other, and one of
 * them misreads the result.  This file finds, for each call whose
 * argument is a local variable or a parameter, the innermost if (or ?:)
 * around it whose test says the variable's sign on the call's way, with
 * no store to it in between; where that leaves only 0 and negative
 * values, the call is a site, and the parent reports it when the callee
 * is the C library's strerror() or a definition that passes that
 * parameter to it.  A definition passes parameter i on when it calls
 * strerror() with the parameter itself, never stores to it, never negates
 * it, never compares it with 0 for a sign or with a negative constant,
 * and does not switch on it:
 * a wrapper that turns a negative errno round (strerror(-err), "if (err <
 * 0) err = -err") takes both signs.
 *
 * The C library's strerror() is the platform's, which the tree does not
 * hold, and one platform's takes either sign.  So each definition also
 * counts its calls that give strerror() a positive value as written
 * (errno, -err, an errno's name, a variable a test left positive), and
 * house.c weighs them against the sites.
 */
#include <stdlib.h>
#include <string.h>

#include "callsite.h"

/* The C library's functions whose first argument is a positive errno. */
bool errstr_name(const char *name)
{
	static const char *const names[] = {
		"strerror", "strerror_r", "strerror_l", "strerrorname_np",
		"strerrordesc_np",
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(name, names[i]))
			return true;
	return false;
}

/* The local variable or parameter @e names, or a null cursor. */
static CXCursor named_var(CXCursor e)
{
	CXCursor ref;
	enum CXCursorKind kind;

	e = peel(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	ref = clang_getCursorReferenced(e);
	kind = clang_getCursorKind(ref);
	if (kind == CXCursor_ParmDecl ||
	    (kind == CXCursor_VarDecl && is_local_var(ref)))
		return ref;
	return clang_getNullCursor();
}

static bool is_this(CXCursor e, CXCursor var)
{
	CXCursor v = named_var(e);

	return !clang_Cursor_isNull(v) && clang_equalCursors(v, var);
}

/* "(x = f())" is x too. */
static bool is_this_or_store(CXTranslationUnit tu, CXCursor e, CXCursor var)
{
	struct kids k;
	char op[8];

	e = peel(e);
	if (clang_getCursorKind(e) != CXCursor_BinaryOperator)
		return is_this(e, var);
	expr_kids(e, &k);
	if (k.n != 2)
		return false;
	binary_op(tu, k.v[0], k.v[1], op, sizeof(op));
	return !strcmp(op, "=") && is_this(k.v[0], var);
}

/* The operator that is true where @op is false. */
static const char *negate_op(const char *op)
{
	static const char *const pairs[][2] = {
		{ "<", ">=" }, { ">=", "<" }, { ">", "<=" }, { "<=", ">" },
		{ "==", "!=" }, { "!=", "==" },
	};
	size_t i;

	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
		if (!strcmp(op, pairs[i][0]))
			return pairs[i][1];
	return NULL;
}

/*
 * The signs @var can have where @e is @truth: SIGN_ALL when @e does not
 * say.  "x < 0" and "x <= 0" alone or joined by && (true), "!x", "x ==
 * 0", and the false way of "x > 0", "x >= 0", "if (x)", and of tests
 * joined by ||.
 */
static unsigned signs_when(CXTranslationUnit tu, CXCursor e, CXCursor var,
			   bool truth)
{
	struct kids k;
	char op[8];
	const char *use;
	unsigned may, all;
	long long v;

	e = peel(e);
	if (is_this_or_store(tu, e, var))
		return truth ? (SIGN_NEG | SIGN_POS) : SIGN_ZERO;
	expr_kids(e, &k);
	if (clang_getCursorKind(e) == CXCursor_UnaryOperator && k.n == 1) {
		unary_op(tu, e, k.v[0], op, sizeof(op));
		return strcmp(op, "!") ? SIGN_ALL :
					 signs_when(tu, k.v[0], var, !truth);
	}
	if (clang_getCursorKind(e) != CXCursor_BinaryOperator || k.n != 2)
		return SIGN_ALL;
	binary_op(tu, k.v[0], k.v[1], op, sizeof(op));
	if ((!strcmp(op, "&&") && truth) || (!strcmp(op, "||") && !truth))
		return signs_when(tu, k.v[0], var, truth) &
		       signs_when(tu, k.v[1], var, truth);
	if (is_this_or_store(tu, k.v[0], var) && const_value(k.v[1], &v))
		use = op;
	else if (is_this_or_store(tu, k.v[1], var) && const_value(k.v[0], &v))
		use = mirror(op);
	else
		return SIGN_ALL;
	if (!truth)
		use = negate_op(use);
	if (!use || !shape_of(use, v, &may, &all))
		return SIGN_ALL;
	return may;
}

/*
 * The function @call calls, when the text names it there: written as it
 * stands, or in a macro's argument ("pr_err("%s", strerror(err))", where
 * a message is mostly written), not by a macro's body.  Its name, or
 * NULL.
 */
static char *written_callee(CXTranslationUnit tu, CXCursor call,
			    CXCursor *fn)
{
	CXSourceLocation at;
	CXFile file = NULL;
	CXToken *toks = NULL;
	CXString str;
	unsigned n = 0, off = 0;
	char *name = NULL;

	*fn = clang_getCursorReferenced(call);
	if (clang_getCursorKind(*fn) != CXCursor_FunctionDecl)
		return NULL;
	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(call)),
			      &file, NULL, NULL, &off);
	if (!file)
		return NULL;
	at = clang_getLocationForOffset(tu, file, off);
	clang_tokenize(tu, clang_getRange(at, at), &toks, &n);
	str = clang_getCursorSpelling(*fn);
	if (n && clang_getTokenKind(toks[0]) == CXToken_Identifier) {
		CXString tok = clang_getTokenSpelling(tu, toks[0]);

		if (!strcmp(clang_getCString(tok), clang_getCString(str)))
			name = xstrdup(clang_getCString(str));
		clang_disposeString(tok);
	}
	clang_disposeString(str);
	if (toks)
		clang_disposeTokens(tu, toks, n);
	return name;
}

struct guard_walk {
	unsigned at;		/* the call's offset */
	CXCursor v[32];		/* the ifs and ?: around it, outermost first */
	unsigned n;
};

static enum CXChildVisitResult guard_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct guard_walk *w = data;
	enum CXCursorKind kind = clang_getCursorKind(c);

	(void)parent;
	if (kind == CXCursor_FunctionDecl || kind == CXCursor_BlockExpr)
		return CXChildVisit_Continue;
	if (offset_of(c) > w->at || end_of(c) <= w->at)
		return CXChildVisit_Continue;
	if ((kind == CXCursor_IfStmt ||
	     kind == CXCursor_ConditionalOperator) && w->n < 32)
		w->v[w->n++] = c;
	return CXChildVisit_Recurse;
}

struct store_walk {
	CXTranslationUnit tu;
	CXCursor var;
	unsigned from, to;
	bool stored;		/* assigned, changed in place, address taken */
	bool turned;		/* negated, or compared for a sign */
	bool converts;		/* asked: a store of a call given the variable
				 * itself ("err = to_user_error(err)") does
				 * not count as one */
};

/* Whether @e is a call given @var itself as an argument. */
static bool call_given(CXCursor e, CXCursor var)
{
	int i, n;

	e = peel(e);
	if (clang_getCursorKind(e) != CXCursor_CallExpr)
		return false;
	n = clang_Cursor_getNumArguments(e);
	for (i = 0; i < n; i++)
		if (is_this(clang_Cursor_getArgument(e, (unsigned)i), var))
			return true;
	return false;
}

/* Whether the comparison "@a @op @b" asks @var's sign: against 0 by order,
 * or against a negative constant. */
static bool sign_compare(struct store_walk *w, const char *op, CXCursor a,
			 CXCursor b)
{
	long long v;
	bool order = strchr("<>", op[0]) != NULL;

	if (!order && strcmp(op, "==") && strcmp(op, "!="))
		return false;
	if (!(is_this(a, w->var) && const_value(b, &v)) &&
	    !(is_this(b, w->var) && const_value(a, &v)))
		return false;
	return v < 0 || (order && v == 0);
}

static enum CXChildVisitResult store_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct store_walk *w = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	struct kids k;
	char op[8];

	(void)parent;
	if (offset_of(c) >= w->to || end_of(c) <= w->from)
		return CXChildVisit_Continue;
	expr_kids(c, &k);
	if (kind == CXCursor_CompoundAssignOperator && k.n == 2 &&
	    is_this(k.v[0], w->var))
		w->stored = true;
	if (kind == CXCursor_UnaryOperator && k.n == 1 &&
	    is_this(k.v[0], w->var)) {
		unary_op(w->tu, c, k.v[0], op, sizeof(op));
		if (!strcmp(op, "-"))
			w->turned = true;
		else if (strcmp(op, "!") && strcmp(op, "~") &&
			 strcmp(op, "+"))
			w->stored = true;
	}
	/* A switch on it has cases of its own, negative ones maybe. */
	if (kind == CXCursor_SwitchStmt && k.n && is_this(k.v[0], w->var))
		w->turned = true;
	if (kind == CXCursor_BinaryOperator && k.n == 2) {
		binary_op(w->tu, k.v[0], k.v[1], op, sizeof(op));
		if (!strcmp(op, "=") && is_this(k.v[0], w->var) &&
		    offset_of(c) >= w->from &&
		    !(w->converts && call_given(k.v[1], w->var)))
			w->stored = true;
		if (sign_compare(w, op, k.v[0], k.v[1]))
			w->turned = true;
	}
	return CXChildVisit_Recurse;
}

static struct store_walk stores_in(struct scan *s, CXCursor var,
				   unsigned from, unsigned to, bool converts)
{
	struct store_walk w = {
		.tu = s->tu, .var = var, .from = from, .to = to,
		.converts = converts,
	};

	clang_visitChildren(s->body, store_visit, &w);
	return w;
}

/* Whether a loop inside @from..@at, around the call at @at, stores to
 * @var: its next turn passes another value. */
static bool loop_stores(struct scan *s, CXCursor var, unsigned from,
			unsigned at, bool converts)
{
	size_t i;

	for (i = 0; i < s->nloops; i++)
		if (s->loops[i][0] > from && s->loops[i][0] <= at &&
		    s->loops[i][1] > at &&
		    stores_in(s, var, s->loops[i][0], s->loops[i][1],
			      converts).stored)
			return true;
	return false;
}

/* The signs @var has at the call @call, by the innermost test around it
 * that says, and that test; SIGN_ALL when none does, or when the variable
 * is stored to between them (a conversion of it too, unless @converts). */
static unsigned signs_at(struct scan *s, CXCursor call, CXCursor var,
			 CXCursor *test, bool converts)
{
	struct guard_walk w = { .at = offset_of(call) };
	unsigned i, signs;
	struct kids k;

	clang_visitChildren(s->body, guard_visit, &w);
	for (i = w.n; i-- > 0;) {
		k.n = 0;
		clang_visitChildren(w.v[i], kid_visit, &k);
		if (k.n < 2 || offset_of(call) < end_of(k.v[0]))
			continue;
		signs = signs_when(s->tu, k.v[0], var,
				   offset_of(call) < end_of(k.v[1]));
		if (signs == SIGN_ALL)
			continue;
		if (stores_in(s, var, end_of(k.v[0]), offset_of(call),
			      converts).stored ||
		    loop_stores(s, var, end_of(k.v[0]), offset_of(call),
				converts))
			return SIGN_ALL;
		*test = k.v[0];
		return signs;
	}
	return SIGN_ALL;
}

/*
 * The signs the local variable or parameter @e names has at @at, by the
 * innermost if or ?: around it that says, with no store in between:
 * "if (rc > 0) return -rc;" negates a positive value.  SIGN_ALL when no
 * test says, or @e names no such variable.
 */
unsigned guard_signs(struct scan *s, CXCursor at, CXCursor e)
{
	CXCursor var = named_var(e), test;

	if (clang_Cursor_isNull(var))
		return SIGN_ALL;
	return signs_at(s, at, var, &test, false);
}

/*
 * guard_signs() for an error being handled: a store between the test and
 * @at of a call given the variable itself ("nErr =
 * convert_kernel_to_user_error(nErr, errno);") converts the failure the
 * test took, and keeps it one; its sign may change, so only "not 0"
 * (SIGN_NEG | SIGN_POS) is left of what the test said.
 */
unsigned failure_signs(struct scan *s, CXCursor at, CXCursor e)
{
	CXCursor var = named_var(e), test;
	unsigned signs;

	if (clang_Cursor_isNull(var))
		return SIGN_ALL;
	signs = signs_at(s, at, var, &test, false);
	if (signs != SIGN_ALL)
		return signs;
	signs = signs_at(s, at, var, &test, true);
	return signs & SIGN_ZERO ? SIGN_ALL : signs ? SIGN_NEG | SIGN_POS : 0;
}

/* Counts @call when it gives the C library's strerror() a positive
 * value as written. */
static void count_positive(struct scan *s, CXCursor call)
{
	CXCursor fn, arg, var, test;
	CXString str;
	char *name, *text;
	unsigned signs;
	long long v;
	bool pos;

	if (clang_Cursor_getNumArguments(call) < 1)
		return;
	/* Cheap first: the callee's name, however the text spells it. */
	str = clang_getCursorSpelling(clang_getCursorReferenced(call));
	pos = errstr_name(clang_getCString(str));
	clang_disposeString(str);
	if (!pos)
		return;
	name = written_callee(s->tu, call, &fn);
	pos = name && errstr_name(name);
	free(name);
	if (!pos)
		return;
	arg = clang_Cursor_getArgument(call, 0);
	text = written_text(s->tu, arg);
	pos = !strcmp(text, "errno") ||
	      !clang_Cursor_isNull(minus_operand(s->tu, arg)) ||
	      (const_value(arg, &v) && v > 0);
	free(text);
	var = named_var(arg);
	if (!pos && !clang_Cursor_isNull(var)) {
		signs = signs_at(s, call, var, &test, false);
		pos = signs && !(signs & ~SIGN_POS);
	}
	s->fn->errstr_pos += pos;
}

static void call_site(struct scan *s, CXCursor call)
{
	struct origin o = { .holder = "" };
	CXCursor var, test, fn;
	CXString str;
	char *usr, *name;
	unsigned signs;
	int i, n = clang_Cursor_getNumArguments(call);

	count_positive(s, call);
	for (i = 0; i < n && i < ERRSTR_MAX_ARGS; i++) {
		var = named_var(clang_Cursor_getArgument(call, i));
		if (clang_Cursor_isNull(var) ||
		    type_class(clang_getCursorType(var)) != RT_SIGNED)
			continue;
		signs = signs_at(s, call, var, &test, false);
		if (!signs || (signs & SIGN_POS))
			continue;
		name = written_callee(s->tu, call, &fn);
		if (!name)
			return;
		usr = function_usr(fn);
		o.usr = usr;
		o.callee = name;
		o.ctype = type_class(clang_getCursorResultType(fn));
		str = clang_getCursorSpelling(var);
		add_site(s, clang_Cursor_getArgument(call, i), 'C',
			 SITE_STRERROR | SITE_ARG(i) | SITE_MAY(signs), &o,
			 xstrdup(clang_getCString(str)), xasprintf(
			 "this test leaves '%s' %s on the way to the call",
			 clang_getCString(str), signs == SIGN_ZERO ? "0" :
			 signs == SIGN_NEG ? "negative" : "0 or negative"),
			 test);
		clang_disposeString(str);
		free(usr);
		free(name);
	}
}

static enum CXChildVisitResult call_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	enum CXCursorKind kind = clang_getCursorKind(c);

	(void)parent;
	if (kind == CXCursor_FunctionDecl || kind == CXCursor_BlockExpr)
		return CXChildVisit_Continue;
	if (kind == CXCursor_CallExpr)
		call_site(data, c);
	return CXChildVisit_Recurse;
}

void errstr_scan(struct scan *s)
{
	clang_visitChildren(s->body, call_visit, s);
}

struct pass_walk {
	struct scan *s;
	CXCursor var;
	bool passed;
};

static enum CXChildVisitResult pass_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct pass_walk *w = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	CXCursor fn;
	char *name;

	(void)parent;
	if (kind == CXCursor_FunctionDecl || kind == CXCursor_BlockExpr)
		return CXChildVisit_Continue;
	if (kind != CXCursor_CallExpr || clang_Cursor_getNumArguments(c) < 1 ||
	    !is_this(clang_Cursor_getArgument(c, 0), w->var))
		return CXChildVisit_Recurse;
	name = written_callee(w->s->tu, c, &fn);
	if (name && errstr_name(name))
		w->passed = true;
	free(name);
	return CXChildVisit_Recurse;
}

unsigned errstr_params(CXTranslationUnit tu, CXCursor func, CXCursor body)
{
	struct scan s = { .tu = tu, .body = body };
	struct pass_walk w = { .s = &s };
	struct store_walk st;
	unsigned facts = 0;
	int i, n = clang_Cursor_getNumArguments(func);

	for (i = 0; i < n && i < ERRSTR_MAX_ARGS; i++) {
		w.var = clang_Cursor_getArgument(func, i);
		if (type_class(clang_getCursorType(w.var)) != RT_SIGNED)
			continue;
		w.passed = false;
		clang_visitChildren(body, pass_visit, &w);
		if (!w.passed)
			continue;
		st = stores_in(&s, w.var, 0, end_of(body), false);
		if (!st.stored && !st.turned)
			facts |= FACT_STRERROR(i);
	}
	return facts;
}
