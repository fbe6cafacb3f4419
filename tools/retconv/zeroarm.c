// SPDX-License-Identifier: MIT
/*
 * A read's 0 that a failure test sends the other way, while its branch
 * expects it (rule C, the call-site pass's SITE_ZERO_DEAD; callsite.h).
 *
 * recv(2) returns 0 "when a stream socket peer has performed an orderly
 * shutdown", read(2) at end of file.  Code that maps a reading
 * function's result to an error often writes the two cases in one branch
 * ("if (n < 0) return n ? -errno : -ENOTCONN;"): the test of 0 inside it
 * says the author meant 0 to come there, and the failure test ("< 0",
 * "== -1") that guards it never lets 0 in.  The arm for 0 is dead, and 0
 * goes the way of the counts: the peer's close is taken for a read of no
 * bytes.  This file says, for a test of such a result held in a local
 * variable, whether it is the condition of an if whose branch, with no
 * store to the holder, tests the holder for 0 (a ?:'s condition, !n, n
 * == 0, n != 0, the holder as an if's condition).  That the test lets 0
 * through sites.c says (readzero.c).
 */
#include <stdlib.h>
#include <string.h>

#include "callsite.h"

struct arm {
	struct scan *s;
	const char *usr;	/* the holder's */
	CXCursor then;		/* the branch of the if the test is of */
	CXCursor zero;		/* the test of 0 in it */
	bool stored;		/* the branch stores to the holder */
};

static bool holder(const struct arm *a, CXCursor e)
{
	e = peel(e);
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       is_var(local_of(e), a->usr);
}

/* Whether @c, a child of the branch, tests the holder for 0, or stores
 * to it. */
static void arm_judge(struct arm *a, CXCursor c)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	struct kids k = { .n = 0 };
	char op[8];

	expr_kids(c, &k);
	if ((kind == CXCursor_ConditionalOperator || kind == CXCursor_IfStmt) &&
	    k.n >= 2 && holder(a, k.v[0])) {
		a->zero = c;
		return;
	}
	if (kind == CXCursor_UnaryOperator && k.n == 1 && holder(a, k.v[0])) {
		unary_op(a->s->tu, c, k.v[0], op, sizeof(op));
		if (!strcmp(op, "!"))
			a->zero = c;
		else if (strcmp(op, "-") && strcmp(op, "+"))
			a->stored = true;
		return;
	}
	if ((kind == CXCursor_BinaryOperator ||
	     kind == CXCursor_CompoundAssignOperator) && k.n == 2 &&
	    (holder(a, k.v[0]) || holder(a, k.v[1]))) {
		binary_op(a->s->tu, k.v[0], k.v[1], op, sizeof(op));
		if ((!strcmp(op, "==") || !strcmp(op, "!=")) &&
		    is_zero_const(k.v[holder(a, k.v[0])]))
			a->zero = c;
		else if (holder(a, k.v[0]) && strchr(op, '=') &&
			 strcmp(op, "==") && strcmp(op, "!=") &&
			 strcmp(op, "<=") && strcmp(op, ">="))
			a->stored = true;
	}
}

static enum CXChildVisitResult arm_visit(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct arm *a = data;

	(void)parent;
	arm_judge(a, c);
	if (a->stored)
		return CXChildVisit_Break;
	if (!clang_Cursor_isNull(a->zero))
		return CXChildVisit_Break;
	return CXChildVisit_Recurse;
}

/*
 * SITE_ZERO_DEAD when the test @at of the holder of @o, a reading
 * function's result, is an if's condition whose branch tests the holder
 * for 0; then *why says where, at *whyc.
 */
uint64_t zero_dead_of(struct scan *s, CXCursor at, const struct origin *o,
		      char **why, CXCursor *whyc)
{
	struct arm a = { .s = s, .zero = clang_getNullCursor() };
	uint64_t passed;
	char *t;

	if (!o->key || strncmp(o->key, "v:", 2) || !*o->holder ||
	    !reading_call(s, o, outside_fills, &passed))
		return 0;
	a.usr = o->key + 2;
	a.then = test_branch(s->body, at);
	if (clang_Cursor_isNull(a.then))
		return 0;
	arm_judge(&a, a.then);
	if (clang_Cursor_isNull(a.zero) && !a.stored)
		clang_visitChildren(a.then, arm_visit, &a);
	if (a.stored || clang_Cursor_isNull(a.zero))
		return 0;
	if (clang_getCursorKind(a.zero) == CXCursor_ConditionalOperator)
		t = xasprintf("%s ? ...", o->holder);
	else if (clang_getCursorKind(a.zero) == CXCursor_IfStmt)
		t = xasprintf("if (%s)", o->holder);
	else
		t = spelling(s->tu, a.zero);
	free(*why);
	*why = xasprintf("'%s' asks in its branch whether '%s' is 0, which the test never lets in: the arm for 0 is dead",
			 t, o->holder);
	free(t);
	*whyc = a.zero;
	return SITE_ZERO_DEAD | passed;
}
