// SPDX-License-Identifier: MIT
/*
 * Reads of a result as a truth value, for rule B (rules.c): where a
 * caller takes a signed result for true or false with no test of its sign
 * first.
 *
 * A predicate that returns 1, 0 or a negative errno is a tri-state, whose
 * callers must tell its error from its answer: "r = is_x(); if (r < 0)
 * ...".  Where a caller reads it as a condition instead (of an if, a
 * loop, ?:, or as the operand of !, && or ||), the error reads as true;
 * such a read is a T site.  Its holder, a local variable, read so counts
 * only when nothing between its store and the end of the statement that
 * reads it tests its sign ("if (r) { if (r < 0) ... }" tells them apart
 * inside; so do "r == 1" and a test around the store itself, "if ((r =
 * is_x()) == -1)") and the function never returns it (it passes
 * the tri-state on to its own caller, who is judged in its turn).
 *
 * Only signed callees are recorded: a bool drops the error before any
 * caller sees it, and rule B reports that at the definition alone.  The
 * parent keeps the sites whose callee is named as a predicate.
 */
#include <stdlib.h>
#include <string.h>

#include "callsite.h"

struct told {
	struct scan *s;
	const char *usr;	/* the holder's local variable */
	unsigned from, to;	/* where a sign test counts */
	bool told;
};

/* Whether @e is the local variable of USR @usr, or a store to it. */
static bool is_holder(struct scan *s, CXCursor e, const char *usr)
{
	return is_var(tested_local(s, e), usr);
}

/* "r < 0", "r == -EIO", "r > 0", "r == 1": a comparison of the holder
 * true for some negative values and no positive ones, or the other way
 * round, which tells the error from the answer. */
static bool sign_test(struct scan *s, CXCursor c, const char *usr)
{
	unsigned may, all;
	struct kids k;
	long long v;
	char op[8];
	bool left;

	expr_kids(c, &k);
	if (k.n != 2)
		return false;
	binary_op(s->tu, k.v[0], k.v[1], op, sizeof(op));
	left = const_value(k.v[0], &v);
	if (!left && !const_value(k.v[1], &v))
		return false;
	if (!is_holder(s, left ? k.v[1] : k.v[0], usr) ||
	    !shape_of(left ? mirror(op) : op, v, &may, &all))
		return false;
	return !(may & SIGN_NEG) != !(may & SIGN_POS);
}

static enum CXChildVisitResult told_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct told *t = data;
	struct kids k;

	(void)parent;
	switch (clang_getCursorKind(c)) {
	case CXCursor_FunctionDecl:
	case CXCursor_BlockExpr:
		return CXChildVisit_Continue;
	case CXCursor_ReturnStmt:
		expr_kids(c, &k);
		if (offset_of(c) >= t->from && k.n == 1 &&
		    is_holder(t->s, k.v[0], t->usr))
			t->told = true;
		break;
	case CXCursor_BinaryOperator:
		/* After the store, or around it: "(r = f()) == -1". */
		if (end_of(c) > t->from && offset_of(c) < t->to &&
		    sign_test(t->s, c, t->usr))
			t->told = true;
		break;
	default:
		break;
	}
	return t->told ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Whether the caller tells the holder's error from its answer by the end
 * of @stmt, or passes it on whole. */
static bool told_apart(struct scan *s, const struct origin *o, CXCursor stmt)
{
	struct told t = {
		.s = s, .from = o->cstart, .to = end_of(stmt),
	};

	if (!o->key || strncmp(o->key, "v:", 2))
		return false;
	t.usr = o->key + 2;
	clang_visitChildren(s->body, told_visit, &t);
	return t.told;
}

static void truth_read(struct scan *s, CXCursor x, CXCursor stmt)
{
	struct origin o;

	if (!origin_of(s, x, &o))
		return;
	if (o.ctype == RT_SIGNED && !told_apart(s, &o, stmt))
		add_site(s, x, 'T', 0, &o, xstrdup(""), xstrdup(""),
			 clang_getNullCursor());
	origin_free(&o);
}

/* The operands @c reads as conditions. */
static void truth_operands(struct scan *s, CXCursor c, CXCursor stmt)
{
	struct kids k = { .n = 0 };
	char op[8];

	switch (clang_getCursorKind(c)) {
	case CXCursor_IfStmt:
		clang_visitChildren(c, kid_visit, &k);
		if (k.n >= 2)
			truth_read(s, branch_cond(s->tu, c, k.v[0]), stmt);
		break;
	case CXCursor_WhileStmt:
	case CXCursor_ConditionalOperator:
		clang_visitChildren(c, kid_visit, &k);
		if (k.n >= 2)
			truth_read(s, k.v[0], stmt);
		break;
	case CXCursor_DoStmt:
		clang_visitChildren(c, kid_visit, &k);
		if (k.n == 2)
			truth_read(s, k.v[1], stmt);
		break;
	case CXCursor_ForStmt:
		/* Init, condition, step and body, each but the body
		 * left out when not written: only all four say which. */
		clang_visitChildren(c, kid_visit, &k);
		if (k.n == 4)
			truth_read(s, k.v[1], stmt);
		break;
	case CXCursor_UnaryOperator:
		expr_kids(c, &k);
		if (k.n != 1)
			break;
		unary_op(s->tu, c, k.v[0], op, sizeof(op));
		if (!strcmp(op, "!"))
			truth_read(s, k.v[0], stmt);
		break;
	case CXCursor_BinaryOperator:
		expr_kids(c, &k);
		if (k.n != 2)
			break;
		binary_op(s->tu, k.v[0], k.v[1], op, sizeof(op));
		if (!strcmp(op, "&&") || !strcmp(op, "||")) {
			truth_read(s, k.v[0], stmt);
			truth_read(s, k.v[1], stmt);
		}
		break;
	default:
		break;
	}
}

struct truth_walk {
	struct scan *s;
	CXCursor stmt;		/* the statement of a block around */
};

static enum CXChildVisitResult truth_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct truth_walk *w = data, inner = *w;

	switch (clang_getCursorKind(c)) {
	case CXCursor_FunctionDecl:
	case CXCursor_BlockExpr:
		return CXChildVisit_Continue;
	default:
		break;
	}
	if (clang_getCursorKind(parent) == CXCursor_CompoundStmt)
		inner.stmt = c;
	truth_operands(w->s, c, inner.stmt);
	clang_visitChildren(c, truth_visit, &inner);
	return CXChildVisit_Continue;
}

void truth_scan(struct scan *s)
{
	struct truth_walk w = { .s = s, .stmt = s->body };

	clang_visitChildren(s->body, truth_visit, &w);
}
