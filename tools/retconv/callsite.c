// SPDX-License-Identifier: MIT
/*
 * Call sites: where a function's result is tested or passed on.
 *
 * Most return-value bugs are in callers.  In a worker, with the parsed
 * body of each function, this finds the three shapes rules C, D and E
 * judge, and records the callee by USR and name; whether it is a bug
 * depends on the callee's class, known only in the parent (callee.c).
 *
 *   C  x < 0, x >= 0, x <= -1 (and 0 > x, 0 <= x): a test for a sign;
 *      x == 1, x > 0, x != -1, a case label of switch (x): a comparison
 *      with another constant, by the signs it can be true for;
 *   D  if (!x), if (x == 0), if (x), if (x != 0) whose branch, at its top
 *      level, handles an error: returns a negative errno (or NULL from a
 *      function of pointers), goes to a label named for an error, logs
 *      one, or aborts; and whose other way does not (rest_fails()),
 *      and which does not release what the call made through a pointer
 *      argument (branch_uses_out(): a test that expects a failure);
 *      if (x) where neither way does, unless the code around the test
 *      tells the negative values apart (truth_right()); assert(x), whose
 *      way on 0 stops the program (assertion());
 *   E  return x or return -x, in a function returning a signed integer;
 *      return EIO, an errno without its sign.
 *
 * x is a call, or a local variable or a field whose last store before the
 * use, in the order of the source, is a call: "ret = f(); if (ret < 0)",
 * or a copy of a local variable that holds one there.  A call through a
 * function pointer member is one too, named "->member".
 * A store of anything else in between (a reassignment, ret++, &ret) breaks
 * the link, so a result reassigned before the test is not the call's;
 * for a field, so does any call in between, which may have changed it
 * through a pointer.  And the call's value must be the only one that can
 * reach the use (only_value): not when the store is in a branch, a loop,
 * an arm of ?: or the right of && that the use is outside of, when a
 * label or a case between them lets other paths in, or when a loop
 * around the use stores to the holder again.
 *
 * What a macro writes is not looked at: a call is one only when its first
 * token is the callee's name (libclang gives a macro's expansion the place
 * of its invocation, so "CHECK(f())" starts with "CHECK"), and an operator
 * only when it is written between its operands.  The one exception is a
 * branch hint, "if (unlikely(!ret))": what the if tests is its argument,
 * read as the text has it (branch_cond()).
 *
 * After the walk, truth.c finds the results read as conditions, for rule
 * B; record.c records every site for the parent.
 */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "callsite.h"

static enum CXChildVisitResult any_visit(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	(void)c;
	(void)parent;
	*(bool *)data = true;
	return CXChildVisit_Break;
}

/* ";" or "{}": a statement that does nothing. */
static bool empty(CXCursor c)
{
	bool any = false;

	if (clang_getCursorKind(c) == CXCursor_NullStmt)
		return true;
	if (clang_getCursorKind(c) != CXCursor_CompoundStmt)
		return false;
	clang_visitChildren(c, any_visit, &any);
	return !any;
}

/* SITE_NAMED if the constant @k is written as a name, not a number. */
static unsigned named(struct scan *s, CXCursor k)
{
	char *text = written_text(s->tu, k);
	unsigned form = isalpha((unsigned char)*text) || *text == '_' ?
			SITE_NAMED : 0;

	free(text);
	return form;
}

static bool const_is(CXCursor e, long long want)
{
	long long v;

	return const_value(e, &v) && v == want;
}

/*
 * Whether the constant @k is computed from other names, "(A + B + C)" or
 * "A ? B : 0", and folds to 0: a count of what a configuration enables,
 * 0 in the one read here where nothing is.  A comparison with it is a
 * bound ("idx >= N_ACTIVE": no such device), not the sign test of a 0
 * written as 0 or as a name for 0, and what it says in the next
 * configuration is not 0.
 */
static bool computed_zero(CXCursor k)
{
	struct kids kk;
	CXCursor op;

	if (!const_is(k, 0))
		return false;
	for (;;) {
		k = peel(k);
		expr_kids(k, &kk);
		if (cast_operand(k, &op))
			k = op;
		else if (clang_getCursorKind(k) == CXCursor_UnaryOperator &&
			 kk.n == 1)
			k = kk.v[0];
		else
			break;
	}
	switch (clang_getCursorKind(k)) {
	case CXCursor_IntegerLiteral:
	case CXCursor_CharacterLiteral:
	case CXCursor_DeclRefExpr:
		return false;
	default:
		return true;
	}
}

/*
 * An explicit cast to a signed type no wider than its unsigned operand
 * ("(long long)ull < 0" after strtoull(), "(int)len < 0" on a size_t)
 * makes the large values negative on purpose: the test is of what the
 * cast gives, and it is live, whatever the callee returns.
 */
static bool signed_view(CXCursor x)
{
	CXType to, from;
	CXCursor op;

	x = peel(x);
	if (!cast_operand(x, &op))
		return false;
	to = clang_getCursorType(x);
	from = clang_getCursorType(peel(op));
	return type_class(to) == RT_SIGNED &&
	       type_class(from) == RT_UNSIGNED &&
	       clang_Type_getSizeOf(to) <= clang_Type_getSizeOf(from);
}

/* Whether "x OP k" orders at the line between a failure and a success
 * (0 from 1: "x <= 0", "x > 0", "x < 1"), and so is true for the negative
 * values and not for the large ones, or the other way round.  "n >=
 * sizeof(buf)" takes a wrapped failure for a truncation, rightly. */
static bool orders_sign(const char *op, unsigned may)
{
	return (op[0] == '<' || op[0] == '>') &&
	       !(may & SIGN_NEG) != !(may & SIGN_MORE) &&
	       !(may & SIGN_ZERO) != !(may & SIGN_ONE);
}

/*
 * SITE_AS_ARG when @c is written as an argument of a call or a macro:
 * after a comma, or after the "(" that follows a name other than a
 * statement's keyword ("if (", "while (").
 */
static uint64_t as_argument(struct scan *s, CXCursor c)
{
	static const char *const keywords[] = {
		"if", "while", "for", "switch", "return", "sizeof",
	};
	CXFile file = NULL;
	unsigned offset = 0, end;
	size_t size = 0, i;
	const char *text;

	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(c)),
			      &file, NULL, NULL, &offset);
	text = file ? file_text(s->tu, file, &size) : NULL;
	if (!text || offset > size)
		return 0;
	while (offset && isspace((unsigned char)text[offset - 1]))
		offset--;
	if (offset && text[offset - 1] == ',')
		return SITE_AS_ARG;
	if (!offset || text[offset - 1] != '(')
		return 0;
	offset--;
	while (offset && isspace((unsigned char)text[offset - 1]))
		offset--;
	end = offset;
	while (offset && (isalnum((unsigned char)text[offset - 1]) ||
			  text[offset - 1] == '_'))
		offset--;
	if (offset == end)
		return 0;
	for (i = 0; i < sizeof(keywords) / sizeof(keywords[0]); i++)
		if (end - offset == strlen(keywords[i]) &&
		    !strncmp(text + offset, keywords[i], end - offset))
			return 0;
	return SITE_AS_ARG;
}

static void shape_site(struct scan *s, CXCursor at, CXCursor x,
		       unsigned form, unsigned may, unsigned all, char *text,
		       bool orders, long long v, bool minus_one)
{
	struct origin o;

	if (signed_view(x) || !origin_of(s, x, &o)) {
		free(text);
		return;
	}
	/* An unsigned holder or cast turns a negative value into a large
	 * one.  Its sign tests are rule C's own; of the other comparisons,
	 * only an order that tells a negative value from a large one ("n <=
	 * 0", "n > 0") reads it wrongly, and the parent judges it. */
	o.unsig |= type_class(clang_getCursorType(peel(x))) == RT_UNSIGNED;
	if (o.wraps || (o.unsig && (!orders || bounded_above(s, at, &o)))) {
		free(text);
		origin_free(&o);
		return;
	}
	add_site(s, at, 'C', form | SITE_SHAPE | SITE_MAY(may) |
		 SITE_ALL(all) | (form & SITE_CASE ? 0 :
				  below_zero(s, at, &o, may) |
				  format_form(s, &o, v)) |
		 (minus_one ? below_negative(s, at, &o, form & SITE_NE) |
			      as_argument(s, at) : 0),
		 &o, text,
		 xstrdup(""), clang_getNullCursor());
	origin_free(&o);
}

/*
 * The constant of "x == k" as the value of x it matches.  A signed result
 * compared with an unsigned constant of its width is converted to the
 * constant's type (C's usual arithmetic conversions): "f() ==
 * 0xffffffffu" is true for -1, and an enumerator of -1U << 31 stands for
 * INT_MIN.  (An order, "f() < 5u", reads a negative value as a large one:
 * not a matter of the constant alone.)
 */
static long long as_compared(CXCursor x, const char *op, long long v)
{
	CXType seen = clang_getCursorType(x);
	long long bits = 8 * clang_Type_getSizeOf(seen);

	if ((strcmp(op, "==") && strcmp(op, "!=")) ||
	    type_class(seen) != RT_UNSIGNED ||
	    type_class(clang_getCursorType(peel(x))) != RT_SIGNED ||
	    bits <= 0 || bits >= 64 || v < (1LL << (bits - 1)) ||
	    v >= (1LL << bits))
		return v;
	return v - (1LL << bits);
}

/*
 * Rule C beyond the signs: a result compared with another constant
 * ("ret == 1", "ret > 0", "ret != -1"); which of them no value of the
 * callee's class can make true, or every one does, the parent says.
 */
static void scan_shape(struct scan *s, CXCursor c, const struct kids *k,
		       const char *op)
{
	unsigned may, all, form = 0;
	long long v;
	CXCursor x = k->v[0], konst = k->v[1];
	char *text, *ks;

	if (!const_value(konst, &v)) {
		if (!const_value(k->v[0], &v) || const_value(k->v[1], &v))
			return;
		x = k->v[1];
		konst = k->v[0];
		form = SITE_LEFT;
		op = mirror(op);
	} else if (const_value(x, &v)) {
		return;
	} else {
		const_value(konst, &v);
	}
	v = as_compared(x, op, v);
	/* Tests against 0 are rule D's; a computed 0 is a bound. */
	if ((!v && (computed_zero(konst) || !strcmp(op, "==") ||
		    !strcmp(op, "!="))) ||
	    !shape_of(op, v, &may, &all))
		return;
	if (!strcmp(op, "!="))
		form |= SITE_NE;
	form |= named(s, konst);
	ks = written_text(s->tu, konst);
	text = form & SITE_LEFT ? xasprintf("%s %s", ks, mirror(op)) :
				  xasprintf("%s %s", op, ks);
	free(ks);
	/* "x == -1" written as a number: rule C's one failure code of a
	 * result that has several (sites.c's rule_c_one_code()). */
	shape_site(s, c, x, form, may, all, text, orders_sign(op, may), v,
		   v == -1 && !(form & SITE_NAMED) &&
		   (!strcmp(op, "==") || !strcmp(op, "!=")));
}

/* A case label of a switch on a result: "case 1:" is "x == 1". */
static enum CXChildVisitResult case_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	void **d = data;
	struct scan *s = d[0];
	CXCursor *x = d[1];
	struct kids k;
	unsigned may, all;
	long long v;
	char *ks;

	(void)parent;
	switch (clang_getCursorKind(c)) {
	case CXCursor_SwitchStmt:
	case CXCursor_FunctionDecl:
	case CXCursor_BlockExpr:
		return CXChildVisit_Continue;
	case CXCursor_CaseStmt:
		break;
	default:
		return CXChildVisit_Recurse;
	}
	k.n = 0;
	clang_visitChildren(c, kid_visit, &k);
	/* Not a GNU range, "case 1 ... 3:". */
	if (k.n == 2 && const_value(k.v[0], &v) && shape_of("==", v, &may,
							      &all)) {
		ks = written_text(s->tu, k.v[0]);
		shape_site(s, c, *x, SITE_CASE, may, all,
			   xasprintf("case %s", ks), false, 0, false);
		free(ks);
	}
	return CXChildVisit_Recurse;
}

static void scan_switch(struct scan *s, CXCursor c)
{
	struct kids k = { .n = 0 };
	void *d[2];

	clang_visitChildren(c, kid_visit, &k);
	if (k.n != 2)
		return;
	d[0] = s;
	d[1] = &k.v[0];
	clang_visitChildren(k.v[1], case_visit, d);
}

/* Rule C: a comparison that asks for a sign. */
static void scan_compare(struct scan *s, CXCursor c)
{
	static const struct {
		const char *op;
		bool left;	/* the constant is on the left */
		long long k;
		bool never;	/* true only for a negative value */
		const char *text;
	} forms[] = {
		{ "<", false, 0, true, "< 0" },
		{ ">=", false, 0, false, ">= 0" },
		{ "<=", false, -1, true, "<= -1" },
		{ ">", true, 0, true, "0 >" },
		{ "<=", true, 0, false, "0 <=" },
	};
	struct origin o;
	struct kids k;
	char op[8];
	size_t i;

	expr_kids(c, &k);
	if (k.n != 2)
		return;
	binary_op(s->tu, k.v[0], k.v[1], op, sizeof(op));
	for (i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		CXCursor konst = forms[i].left ? k.v[0] : k.v[1];
		CXCursor x = forms[i].left ? k.v[1] : k.v[0];

		if (strcmp(op, forms[i].op) || !const_is(konst, forms[i].k))
			continue;
		if (computed_zero(konst))
			return;
		if (signed_view(x) || !origin_of(s, x, &o))
			return;
		/* What is tested, not what was stored: "(u8)ret < 0". */
		o.unsig = type_class(clang_getCursorType(peel(x))) ==
			  RT_UNSIGNED;
		add_site(s, c, 'C', (forms[i].never ? SITE_NEVER : 0) |
			 named(s, konst) |
			 below_zero(s, c, &o, forms[i].never ? SIGN_NEG :
				    SIGN_ZERO | SIGN_POS), &o,
			 xstrdup(forms[i].text), xstrdup(""),
			 clang_getNullCursor());
		origin_free(&o);
		return;
	}
	scan_shape(s, c, &k, op);
}

/* SITE_OKENUM when @x is of an enumeration whose 0 is named for success:
 * the enumeration is a status, and its 0 is the success of an action. */
static unsigned okenum(CXCursor x)
{
	return ok_enum(clang_getCursorType(peel(x))) ? SITE_OKENUM : 0;
}

/* The value an if tests and the way it tests it: SITE_ON_*; whether the
 * 0 it is compared with is written as a name (*named). */
static unsigned if_form(struct scan *s, CXCursor stmt, CXCursor cond,
			CXCursor *x, bool *named0)
{
	struct kids k;
	char op[8];

	cond = branch_cond(s->tu, stmt, cond);
	expr_kids(cond, &k);
	if (clang_getCursorKind(cond) == CXCursor_UnaryOperator && k.n == 1) {
		unary_op(s->tu, cond, k.v[0], op, sizeof(op));
		*x = k.v[0];
		return strcmp(op, "!") ? 0 : SITE_ON_ZERO;
	}
	if (clang_getCursorKind(cond) == CXCursor_BinaryOperator && k.n == 2) {
		binary_op(s->tu, k.v[0], k.v[1], op, sizeof(op));
		if (strcmp(op, "==") && strcmp(op, "!="))
			return 0;
		if (is_zero_const(k.v[1]) && !computed_zero(k.v[1]))
			*x = k.v[0];
		else if (is_zero_const(k.v[0]) && !computed_zero(k.v[0]))
			*x = k.v[1];
		else
			return 0;
		*named0 = named(s, is_zero_const(k.v[1]) ? k.v[1] : k.v[0]);
		return SITE_VS_ZERO |
		       (strcmp(op, "==") ? SITE_ON_NONZERO : SITE_ON_ZERO);
	}
	*x = cond;
	return SITE_ON_NONZERO;
}

static void scan_stmt(struct scan *s, CXCursor c);

static void scan_branch(struct scan *s, CXCursor branch, const char *guard)
{
	if (guard && s->nguards < MAX_GUARDS) {
		s->guards[s->nguards++] = (char *)guard;
		scan_stmt(s, branch);
		s->nguards--;
	} else {
		scan_stmt(s, branch);
	}
}

/* Whether @cond holds only when a value is negative, a failure: "x < 0",
 * alone or joined by && to other tests. */
static bool tests_failure(struct scan *s, CXCursor cond)
{
	struct kids k;
	char op[8];

	cond = peel(cond);
	if (clang_getCursorKind(cond) != CXCursor_BinaryOperator)
		return false;
	expr_kids(cond, &k);
	if (k.n != 2)
		return false;
	binary_op(s->tu, k.v[0], k.v[1], op, sizeof(op));
	if (!strcmp(op, "&&"))
		return tests_failure(s, k.v[0]) || tests_failure(s, k.v[1]);
	return (!strcmp(op, "<") && const_is(k.v[1], 0)) ||
	       (!strcmp(op, "<=") && const_is(k.v[1], -1));
}

/*
 * An assertion, as assert() expands: "if (x) ; else fail(...)" or "(x) ?
 * (void)0 : fail(...)", whose one way does nothing and whose other calls
 * the implementation's failure (errpath.c's fails_assertion()).  The test
 * is then an if whose branch on 0 stops the program, and the macro's
 * argument is read as the text has it (ast.c's assertion_args()) where
 * it is the result itself (asserts_result()).
 */
static bool assertion(CXCursor c)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	struct kids k;
	CXCursor op;
	long long v;

	if (kind != CXCursor_IfStmt && kind != CXCursor_ConditionalOperator)
		return false;
	k.n = 0;
	clang_visitChildren(c, kid_visit, &k);
	if (k.n != 3 || !fails_assertion(k.v[2]))
		return false;
	if (kind == CXCursor_IfStmt)
		return empty(k.v[1]);
	op = peel(k.v[1]);
	return clang_getCursorType(op).kind == CXType_Void &&
	       cast_operand(op, &op) && const_value(op, &v) && v == 0;
}

/*
 * Whether assertion @c asserts a result itself, a call's or a variable's:
 * "assert(f())", "assert(ret)".  Only then is its argument read, and only
 * as rule D reads a test for 0: a comparison or a negation written there
 * says what the assertion expects ("assert(fd > 0)" asks for a descriptor
 * above 0 on purpose as often as by mistake; a test's "assert(f() != 0)"
 * or "assert(!f())" expects a failure), and is left to the macro.
 */
static bool asserts_result(CXCursor c)
{
	struct kids k;
	enum CXCursorKind kind;

	k.n = 0;
	clang_visitChildren(c, kid_visit, &k);
	kind = clang_getCursorKind(peel(k.v[0]));
	return kind == CXCursor_CallExpr || kind == CXCursor_DeclRefExpr ||
	       kind == CXCursor_MemberRefExpr;
}

/*
 * Rule D: the branch of an if on a result handles an error, and the
 * other way does not.  Where a failure is handled already (under "if (n
 * < 0)"), every way out returns an error: a call's success may choose
 * which (a recovery that worked: "if (reset(dev) == 0) return -EAGAIN;"),
 * and an error returned on its 0 says nothing of how 0 is read.
 */
static void scan_if(struct scan *s, CXCursor c)
{
	struct kids all = { .n = 0 };
	struct origin o;
	unsigned form, vs, i;
	CXCursor x, at;
	char *why;
	bool have, failing, told, named0 = false;

	clang_visitChildren(c, kid_visit, &all);
	if (all.n < 2 || all.n > 3) {
		for (i = 0; i < all.n && i < MAX_KIDS; i++)
			scan_stmt(s, all.v[i]);
		return;
	}
	scan_stmt(s, all.v[0]);
	form = if_form(s, c, all.v[0], &x, &named0);
	vs = form & SITE_VS_ZERO;
	form &= ~SITE_VS_ZERO;
	have = form && origin_of(s, x, &o);
	told = false;
	s->tested = have ? o.callee : NULL;
	for (i = 1; have && i < all.n; i++) {
		unsigned on = i == 1 ? form :
			      form ^ (SITE_ON_ZERO | SITE_ON_NONZERO);

		why = branch_error(s, all.v[i], &at);
		if (why && on == SITE_ON_ZERO && !strncmp(why, "returns ", 8) &&
		    (s->failing || passed_on_later(s, c, &o))) {
			free(why);
			why = NULL;
		}
		if (why && on == SITE_ON_ZERO &&
		    branch_uses_out(s, all.v[i], at, &o)) {
			free(why);
			why = NULL;
		}
		if (!why)
			continue;
		if (both_fail(s, &all, i)) {
			free(why);
			continue;
		}
		/* Asked about the error in hand: the branch handles that
		 * one (given.c).  Told all the same: the test is read. */
		if (asks_of_failure(s, &o, at)) {
			free(why);
			told = true;
			continue;
		}
		add_site(s, all.v[0], 'D', on | vs |
			 (branch_asserts(s, all.v[i]) ? SITE_ASSERTS : 0) |
			 (on == SITE_ON_ZERO && zero_only(s, &o) ?
			  SITE_ZERO_ONLY : 0) | okenum(x) |
			 (named0 ? SITE_ZERO_NAMED : 0), &o, xstrdup(""),
			 why, at);
		told = true;
	}
	s->tested = NULL;
	/*
	 * Neither way handles an error.  Its negative values handled above,
	 * a test for 0 tells the 0 from the positive ones: a use, for defs.c.
	 * Else a signed result read only for being 0 still sends its
	 * negative values one way (SITE_TRUTH); "if (f()) ;" and "if (rc)
	 * {}" discard the result on purpose (warn_unused_result quieted).
	 */
	if (have && !told && (taken_above(s, &o, all.v[0], NULL) & SIGN_NEG))
		add_site(s, all.v[0], 'U', form, &o, xstrdup(""), xstrdup(""),
			 clang_getNullCursor());
	else if (have && !told && o.ctype == RT_SIGNED && zero_only(s, &o) &&
		 !(all.n == 2 && empty(all.v[1])) &&
		 !truth_right(s, &all, form, &o))
		add_site(s, all.v[0], 'D', form | vs | SITE_TRUTH |
			 SITE_ZERO_ONLY, &o, xstrdup(""), xstrdup(""),
			 clang_getNullCursor());
	/* A return of the holder under if (ret) passes on a non-zero value. */
	failing = tests_failure(s, all.v[0]);
	s->failing += failing;
	scan_branch(s, all.v[1],
		    have && form == SITE_ON_NONZERO ? o.key : NULL);
	s->failing -= failing;
	if (all.n == 3)
		scan_branch(s, all.v[2],
			    have && form == SITE_ON_ZERO ? o.key : NULL);
	if (have)
		origin_free(&o);
}

/* "return EIO;", an errno returned without its minus sign; "return
 * -EIO;", one with it, the odd one out where the function gives positive
 * errnos (house.c). */
static bool errno_constant(struct scan *s, CXCursor ret, CXCursor e)
{
	struct origin o = { .usr = "", .holder = "" };
	char *name = NULL;
	int sign = house_errno_const(s->tu, e, &name);

	if (!sign)
		return false;
	o.callee = name;
	add_site(s, ret, 'E', sign > 0 ? SITE_POSERRNO : SITE_NEGERRNO, &o,
		 xstrdup(""), xstrdup(""), clang_getNullCursor());
	free(name);
	return true;
}

/* "return false;": a bool constant from a signed function, which the
 * parent weighs against its other returns. */
static bool bool_constant(struct scan *s, CXCursor ret, CXCursor e)
{
	struct origin o = { .usr = "", .holder = "" };
	long long v;
	char *name;
	bool is;

	e = peel(e);
	if (!const_value(e, &v) || v != 0)
		return false;
	name = first_token(s->tu, e);
	is = name && (!strcmp(name, "false") || !strcmp(name, "FALSE"));
	if (is) {
		o.callee = name;
		add_site(s, ret, 'E', SITE_BOOLCONST, &o, xstrdup(""),
			 xstrdup(""), clang_getNullCursor());
	}
	free(name);
	return is;
}

/* "return -res;" of a variable that holds only 0 and negative constants
 * there (infer.c marked the return): the parent weighs it against the
 * function's other returns. */
static bool negated_negative(struct scan *s, CXCursor ret, CXCursor var)
{
	struct origin o = { .usr = "", .holder = "" };
	unsigned line, col;
	size_t i;
	char *name;

	line_col(ret, &line, &col);
	for (i = 0; i < s->fn->nrets; i++)
		if (s->fn->rets[i].line == line && s->fn->rets[i].col == col)
			break;
	if (i == s->fn->nrets || !s->fn->rets[i].negheld)
		return false;
	name = first_token(s->tu, peel(var));
	o.callee = name ? name : "";
	add_site(s, ret, 'E', SITE_NEGHELD, &o, xstrdup(""), xstrdup(""),
		 clang_getNullCursor());
	free(name);
	return true;
}

/* "return -err;" of a result: the parent knows whether it was negative
 * already. */
static bool negated(struct scan *s, CXCursor ret, CXCursor e)
{
	CXCursor x = minus_operand(s->tu, strip_casts(e));
	struct origin o;
	unsigned signs;

	if (clang_Cursor_isNull(x))
		return false;
	/* Turned round under a test that left it positive: negative. */
	signs = guard_signs(s, ret, x);
	if (signs && !(signs & ~SIGN_POS))
		return true;
	if (!origin_of(s, x, &o))
		return negated_negative(s, ret, x);
	add_site(s, ret, 'E', SITE_NEGATED, &o, xstrdup(""), xstrdup(""),
		 clang_getNullCursor());
	origin_free(&o);
	return true;
}

/*
 * "ret = errno; goto out; ... out: return ret;": a variable that holds
 * errno as it is where it is returned, by a path that origin_of() does
 * not follow (several stores reach it, through labels).  infer.c's walk
 * marked the return (a call of "libc:errno" among what reaches it, not
 * negated, its positive values let through); the note goes at the first
 * store of errno to the variable.  The parent weighs it as "return
 * errno;" (rule E, class perrno).
 */
static bool errno_held(struct scan *s, CXCursor ret, CXCursor e)
{
	struct origin o = { .usr = "libc:errno", .callee = "errno" };
	const struct rc_return *r = NULL;
	unsigned line, col;
	size_t i;
	char *key, *name;

	line_col(ret, &line, &col);
	for (i = 0; i < s->fn->nrets && !r; i++)
		if (s->fn->rets[i].line == line && s->fn->rets[i].col == col)
			r = &s->fn->rets[i];
	if (!r || !house_ret_errno(r) || !holder_of_local(s, e, &key, &name))
		return false;
	o.holder = name;
	o.ctype = RT_SIGNED;
	for (i = 0; i < s->nst; i++)
		if (!strcmp(s->st[i].key, key) && s->st[i].usr &&
		    !strcmp(s->st[i].usr, "libc:errno") &&
		    s->st[i].offset < offset_of(ret)) {
			o.hline = s->st[i].line;
			o.hcol = s->st[i].col;
			o.hend = s->st[i].end;
			break;
		}
	add_site(s, ret, 'E', 0, &o, xstrdup(""), xstrdup(""),
		 clang_getNullCursor());
	free(key);
	free(name);
	return true;
}

/* Rule E: a result returned, directly or through its holder. */
static void scan_return(struct scan *s, CXCursor c)
{
	struct origin o;
	struct kids k;
	unsigned i, form = 0;

	expr_kids(c, &k);
	if (k.n != 1 || s->fn->type != RT_SIGNED)
		return;
	if (errno_constant(s, c, k.v[0]) || bool_constant(s, c, k.v[0]) ||
	    negated(s, c, k.v[0]))
		return;
	if (!origin_of(s, k.v[0], &o)) {
		errno_held(s, c, k.v[0]);
		return;
	}
	for (i = 0; i < s->nguards && o.key; i++)
		if (!strcmp(s->guards[i], o.key))
			form = SITE_GUARDED;
	add_site(s, c, 'E', form, &o, xstrdup(""), xstrdup(""),
		 clang_getNullCursor());
	origin_free(&o);
}

static enum CXChildVisitResult stmt_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	(void)parent;
	scan_stmt(data, c);
	return CXChildVisit_Continue;
}

struct block_walk {
	CXCursor *v;
	unsigned n;
};

static enum CXChildVisitResult block_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct block_walk *b = data;

	(void)parent;
	b->v = xrealloc(b->v, (b->n + 1) * sizeof(*b->v));
	b->v[b->n++] = c;
	return CXChildVisit_Continue;
}

/* A block's statements in order, each knowing what follows it. */
static void scan_block(struct scan *s, CXCursor c)
{
	struct block_walk b = { .v = NULL, .n = 0 };
	struct rest r;
	const struct rest *saved = s->rest;

	clang_visitChildren(c, block_visit, &b);
	r = (struct rest){ .v = b.v, .n = b.n, .up = saved };
	s->rest = &r;
	for (r.i = 0; r.i < b.n; r.i++)
		scan_stmt(s, b.v[r.i]);
	s->rest = saved;
	free(b.v);
}

static void scan_stmt(struct scan *s, CXCursor c)
{
	const struct rest *saved = s->rest;

	if (assertion(peel(c))) {
		if (asserts_result(peel(c)))
			assertion_args(peel(c));
		scan_if(s, peel(c));
		return;
	}
	switch (clang_getCursorKind(c)) {
	case CXCursor_IfStmt:
		scan_if(s, c);
		return;
	case CXCursor_CompoundStmt:
		scan_block(s, c);
		return;
	case CXCursor_ReturnStmt:
		scan_return(s, c);
		break;
	case CXCursor_BinaryOperator:
		scan_compare(s, c);
		break;
	case CXCursor_SwitchStmt:
		scan_switch(s, c);
		break;
	/* GNU nested functions and blocks are not this function. */
	case CXCursor_FunctionDecl:
	case CXCursor_BlockExpr:
		return;
	default:
		break;
	}
	/* In a loop or a switch, what follows is not known from here. */
	s->rest = NULL;
	clang_visitChildren(c, stmt_visit, s);
	s->rest = saved;
}

void callsite_scan(CXTranslationUnit tu, CXCursor body, struct rc_func *fn)
{
	struct scan s = { .tu = tu, .fn = fn, .body = body };
	unsigned whole[2] = { offset_of(body), end_of(body) };
	size_t i;

	store_walk(&s, body, whole);
	scan_stmt(&s, body);
	truth_scan(&s);
	errstr_scan(&s);
	for (i = 0; i < s.nst; i++) {
		free(s.st[i].key);
		free(s.st[i].copy);
		free(s.st[i].usr);
		free(s.st[i].callee);
	}
	free(s.st);
	free(s.calls);
	free(s.labels);
	free(s.loops);
}

