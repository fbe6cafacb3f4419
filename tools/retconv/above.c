// SPDX-License-Identifier: MIT
/*
 * What a comparison of a result with a constant is true for, by sign, and
 * what the tests above a use of a result have taken of it already (for
 * callsite.c): "if (n == 1) goto fail; if (n) ..." asks its second
 * question of a value that can no longer be 1.
 */
#include <limits.h>
#include <string.h>

#include "callsite.h"

/* The signs of the values from @lo to @hi: SIGN_*. */
static unsigned signs_between(long long lo, long long hi)
{
	unsigned signs = 0;

	if (lo > hi)
		return 0;
	if (lo < 0)
		signs |= SIGN_NEG;
	if (lo <= 0 && hi >= 0)
		signs |= SIGN_ZERO;
	if (lo <= 1 && hi >= 1)
		signs |= SIGN_ONE;
	if (hi >= 2)
		signs |= SIGN_MORE;
	return signs;
}

/*
 * The signs "x OP k" is true for: some value of each sign (*may), every
 * value of each sign (*all).  Only a sign whose values are all one value
 * (0, 1) can be wholly true of an ==; a != is wholly true of every other.
 */
bool shape_of(const char *op, long long k, unsigned *may, unsigned *all)
{
	long long lo = LLONG_MIN, hi = LLONG_MAX;
	unsigned point;

	if (k == LLONG_MIN || k == LLONG_MAX)
		return false;
	point = signs_between(k, k);
	if (!strcmp(op, "==") || !strcmp(op, "!=")) {
		bool ne = op[0] == '!';
		unsigned whole = k == 0 || k == 1 ? point : 0;

		*may = ne ? (SIGN_ALL & ~whole) : point;
		*all = ne ? (SIGN_ALL & ~point) : whole;
		return true;
	}
	if (!strcmp(op, "<"))
		hi = k - 1;
	else if (!strcmp(op, "<="))
		hi = k;
	else if (!strcmp(op, ">"))
		lo = k + 1;
	else if (!strcmp(op, ">="))
		lo = k;
	else
		return false;
	*may = signs_between(lo, hi);
	/* A sign is wholly inside when both its ends are. */
	*all = 0;
	if (lo == LLONG_MIN && hi >= -1)
		*all |= SIGN_NEG;
	if (lo <= 0 && hi >= 0)
		*all |= SIGN_ZERO;
	if (lo <= 1 && hi >= 1)
		*all |= SIGN_ONE;
	if (lo <= 2 && hi == LLONG_MAX)
		*all |= SIGN_MORE;
	return true;
}

/* The operator @op with its operands swapped: "1 < x" is "x > 1". */
const char *mirror(const char *op)
{
	if (!strcmp(op, "<"))
		return ">";
	if (!strcmp(op, ">"))
		return "<";
	if (!strcmp(op, "<="))
		return ">=";
	if (!strcmp(op, ">="))
		return "<=";
	return op;
}

/*
 * Tests of a holder above its use, after the store (taken_above): the
 * signs an if's condition is wholly true for, when it tests the local
 * variable @usr against a constant or for being 0; the -1 of "x == -1"
 * stands for a value class's one failure.
 */
static unsigned cond_takes(struct scan *s, CXCursor cond, const char *usr)
{
	unsigned may, all = 0, a;
	CXCursor var, x;
	struct kids k;
	long long v;
	CXString str;
	char op[8];
	bool left;

	cond = peel(cond);
	var = local_of(cond);
	expr_kids(cond, &k);
	if (clang_Cursor_isNull(var) &&
	    clang_getCursorKind(cond) == CXCursor_UnaryOperator && k.n == 1) {
		unary_op(s->tu, cond, k.v[0], op, sizeof(op));
		var = strcmp(op, "!") ? clang_getNullCursor() :
					local_of(k.v[0]);
		all = SIGN_ZERO;
	} else if (clang_Cursor_isNull(var) &&
		   clang_getCursorKind(cond) == CXCursor_BinaryOperator &&
		   k.n == 2) {
		binary_op(s->tu, k.v[0], k.v[1], op, sizeof(op));
		if (!strcmp(op, "&&") || !strcmp(op, "||")) {
			a = cond_takes(s, k.v[0], usr);
			all = cond_takes(s, k.v[1], usr);
			return op[0] == '&' ? a & all : a | all;
		}
		left = const_value(k.v[0], &v);
		x = left ? k.v[1] : k.v[0];
		if (!left && !const_value(k.v[1], &v))
			return 0;
		if (!shape_of(left ? mirror(op) : op, v, &may, &all))
			return 0;
		if (v == -1 && !strcmp(op, "=="))
			all |= SIGN_NEG;
		var = local_of(x);
	} else {
		all = SIGN_NEG | SIGN_POS;
	}
	if (clang_Cursor_isNull(var))
		return 0;
	str = clang_getCursorUSR(var);
	if (strcmp(clang_getCString(str), usr))
		all = 0;
	clang_disposeString(str);
	return all;
}

/* Whether a statement always leaves: returns, or jumps. */
static bool leaves(CXCursor c)
{
	struct kids all = { .n = 0 };

	switch (clang_getCursorKind(c)) {
	case CXCursor_ReturnStmt:
	case CXCursor_GotoStmt:
	case CXCursor_BreakStmt:
	case CXCursor_ContinueStmt:
		return true;
	case CXCursor_CompoundStmt:
		clang_visitChildren(c, kid_visit, &all);
		return all.n && all.n <= MAX_KIDS && leaves(all.v[all.n - 1]);
	default:
		return false;
	}
}

struct taken {
	struct scan *s;
	const char *usr;
	unsigned from, use;
	unsigned signs;
};

static enum CXChildVisitResult taken_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct taken *t = data;
	struct kids all = { .n = 0 };
	unsigned signs;

	switch (clang_getCursorKind(c)) {
	case CXCursor_FunctionDecl:
	case CXCursor_BlockExpr:
		return CXChildVisit_Continue;
	case CXCursor_IfStmt:
		break;
	default:
		return CXChildVisit_Recurse;
	}
	if (offset_of(c) <= t->from || offset_of(c) >= t->use)
		return CXChildVisit_Recurse;
	clang_visitChildren(c, kid_visit, &all);
	if (all.n < 2 || all.n > 3 || end_of(all.v[0]) >= t->use)
		return CXChildVisit_Recurse;
	signs = cond_takes(t->s, all.v[0], t->usr);
	/* In its else, or after it where its then always leaves and its
	 * block holds the use too: the values it took are gone. */
	if (all.n == 3 && offset_of(all.v[2]) <= t->use &&
	    t->use < end_of(all.v[2]))
		t->signs |= signs;
	else if (t->use >= end_of(c) && leaves(all.v[1]) &&
		 clang_getCursorKind(parent) == CXCursor_CompoundStmt &&
		 t->use < end_of(parent))
		t->signs |= signs;
	return CXChildVisit_Recurse;
}

/*
 * The signs of a holder's value that tests between its store and the use
 * at @use have handled already: "if (n == 1) goto fail; if (n) ..." reads
 * n != 0 after its positive value was taken, "if (rc == 0) ...; else if
 * (rc < 0)" reads rc < 0 after its 0 was.  Local variables only: a field
 * may change through a pointer between the tests.
 */
unsigned taken_above(struct scan *s, const struct origin *o, CXCursor use)
{
	struct taken t = { .s = s, .from = o->hend, .use = offset_of(use) };

	if (!o->key || strncmp(o->key, "v:", 2))
		return 0;
	t.usr = o->key + 2;
	clang_visitChildren(s->body, taken_visit, &t);
	return t.signs;
}
