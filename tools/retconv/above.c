// SPDX-License-Identifier: MIT
/*
 * What a comparison of a result with a constant is true for, by sign, and
 * what the tests around a use of a result say of it (for callsite.c):
 * those above have taken values already ("if (n == 1) goto fail; if (n)
 * ..." asks its second question of a value that can no longer be 1), and
 * one just below may tell what this one left together ("if (r == -1)
 * {...} if (r == 0) fail;" sends 0 to the failures after all), so the
 * test alone is no misread.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
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

/* The local variable @e names or, for "(x = f())", stores to. */
CXCursor tested_local(struct scan *s, CXCursor e)
{
	struct kids k;
	char op[8];

	e = peel(e);
	if (clang_getCursorKind(e) != CXCursor_BinaryOperator)
		return local_of(e);
	expr_kids(e, &k);
	if (k.n != 2)
		return clang_getNullCursor();
	binary_op(s->tu, k.v[0], k.v[1], op, sizeof(op));
	return strcmp(op, "=") ? clang_getNullCursor() : local_of(k.v[0]);
}

/* Whether @var is the local variable of USR @usr. */
bool is_var(CXCursor var, const char *usr)
{
	CXString str;
	bool same;

	if (clang_Cursor_isNull(var))
		return false;
	str = clang_getCursorUSR(var);
	same = !strcmp(clang_getCString(str), usr);
	clang_disposeString(str);
	return same;
}

/*
 * The signs "x OP k" is true for, as shape_of() says, but for -1: "x ==
 * -1" stands for a value class's one failure, every negative value, and
 * "x != -1" for its successes.
 */
static bool compare_signs(const char *op, long long v, unsigned *may,
			  unsigned *all)
{
	if (v == -1 && (!strcmp(op, "==") || !strcmp(op, "!="))) {
		*may = op[0] == '=' ? SIGN_NEG : SIGN_ZERO | SIGN_POS;
		*all = *may;
		return true;
	}
	return shape_of(op, v, may, all);
}

/*
 * Tests of a holder above its use, after the store (taken_above): the
 * signs an if's condition is true for, some value of each (*may) and
 * every value (the result), when it tests the local variable @usr
 * against a constant or for being 0.  A condition that does not test it
 * is true for anything: *may is every sign, the result none.
 */
static unsigned cond_takes(struct scan *s, CXCursor cond, const char *usr,
			   unsigned *may)
{
	unsigned all = 0, a, amay = SIGN_ALL;
	CXCursor var, x;
	struct kids k;
	long long v;
	char op[8];
	bool left;

	*may = SIGN_ALL;
	cond = peel(cond);
	var = tested_local(s, cond);
	expr_kids(cond, &k);
	if (clang_Cursor_isNull(var) &&
	    clang_getCursorKind(cond) == CXCursor_UnaryOperator && k.n == 1) {
		unary_op(s->tu, cond, k.v[0], op, sizeof(op));
		var = strcmp(op, "!") ? clang_getNullCursor() :
					tested_local(s, k.v[0]);
		all = SIGN_ZERO;
	} else if (clang_Cursor_isNull(var) &&
		   clang_getCursorKind(cond) == CXCursor_BinaryOperator &&
		   k.n == 2) {
		binary_op(s->tu, k.v[0], k.v[1], op, sizeof(op));
		if (!strcmp(op, "&&") || !strcmp(op, "||")) {
			a = cond_takes(s, k.v[0], usr, &amay);
			all = cond_takes(s, k.v[1], usr, may);
			if (op[0] == '&') {
				*may &= amay;
				return a & all;
			}
			*may |= amay;
			return a | all;
		}
		left = const_value(k.v[0], &v);
		x = left ? k.v[1] : k.v[0];
		if (!left && !const_value(k.v[1], &v))
			return 0;
		if (!compare_signs(left ? mirror(op) : op, v, &amay, &all))
			return 0;
		var = tested_local(s, x);
	} else {
		all = SIGN_NEG | SIGN_POS;
	}
	if (!is_var(var, usr))
		return 0;
	*may = all == SIGN_ZERO || all == (SIGN_NEG | SIGN_POS) ? all : amay;
	return all;
}

/* Whether a statement always leaves: returns, or jumps. */
static bool always_leaves(CXCursor c)
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
		return all.n && all.n <= MAX_KIDS && always_leaves(all.v[all.n - 1]);
	default:
		return false;
	}
}

struct taken {
	struct scan *s;
	const char *usr;
	unsigned from, use;
	unsigned signs;
	bool listed;		/* a positive constant's equality taken */
};

/* What a test that leaves the use's way took: its signs, and whether it
 * was an equality with a positive constant ("rc == 3"), one success of
 * several that a count can have, each handled by its own branch. */
static void took(struct taken *t, unsigned signs, unsigned may)
{
	t->signs |= signs;
	if (!signs && may && !(may & ~SIGN_POS))
		t->listed = true;
}

static enum CXChildVisitResult taken_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct taken *t = data;
	struct kids all = { .n = 0 };
	unsigned signs, may;

	switch (clang_getCursorKind(c)) {
	case CXCursor_FunctionDecl:
	case CXCursor_BlockExpr:
		return CXChildVisit_Continue;
	case CXCursor_IfStmt:
		break;
	default:
		return CXChildVisit_Recurse;
	}
	if (offset_of(c) >= t->use)
		return CXChildVisit_Recurse;
	clang_visitChildren(c, kid_visit, &all);
	/* Its condition must read the value stored: after the store, or
	 * holding it ("if ((n = read(...)) <= 0)"). */
	if (all.n < 2 || all.n > 3 || end_of(all.v[0]) >= t->use ||
	    end_of(all.v[0]) <= t->from)
		return CXChildVisit_Recurse;
	signs = cond_takes(t->s, all.v[0], t->usr, &may);
	/* In its then, the values it cannot be true for are gone; in its
	 * else, or after it where its then always leaves and its block
	 * holds the use too, the values it took are. */
	if (offset_of(all.v[1]) <= t->use && t->use < end_of(all.v[1]))
		t->signs |= SIGN_ALL & ~may;
	else if (all.n == 3 && offset_of(all.v[2]) <= t->use &&
		 t->use < end_of(all.v[2]))
		took(t, signs, may);
	else if (t->use >= end_of(c) && always_leaves(all.v[1]) &&
		 clang_getCursorKind(parent) == CXCursor_CompoundStmt &&
		 t->use < end_of(parent))
		took(t, signs, may);
	return CXChildVisit_Recurse;
}

/*
 * The signs of a holder's value that tests between its store and the use
 * at @use have handled already: "if (n == 1) goto fail; if (n) ..." reads
 * n != 0 after its positive value was taken, "if (rc == 0) ...; else if
 * (rc < 0)" reads rc < 0 after its 0 was.  Local variables only: a field
 * may change through a pointer between the tests.
 */
unsigned taken_above(struct scan *s, const struct origin *o, CXCursor use,
		     bool *listed)
{
	struct taken t = { .s = s, .from = o->hend, .use = offset_of(use) };

	if (listed)
		*listed = false;
	if (!o->key || strncmp(o->key, "v:", 2))
		return 0;
	t.usr = o->key + 2;
	clang_visitChildren(s->body, taken_visit, &t);
	if (listed)
		*listed = t.listed;
	return t.signs;
}

/* The reads of a holder after a test of it (settled_below). */
struct below {
	struct scan *s;
	const char *usr;
	unsigned from, to;
	unsigned skip[2];	/* a branch the signs asked about never take */
	unsigned sign, other;
	int verdict;		/* 1 settled, -1 not, 0 not yet known */
};

/* Whether a test true for @may, and for every value of @all, sends the
 * signs @a and @b different ways. */
static bool separates(unsigned may, unsigned all, unsigned a, unsigned b)
{
	return ((all & a) == a && !(may & b)) || ((all & b) == b && !(may & a));
}

/*
 * What the read of the holder as child @i of @parent says: the signs a
 * test there is true for, or a use (a return of it is one: "if (n < 0)
 * return -1; return n;" gives its 0 as a count).
 */
static void below_judge(struct below *b, CXCursor parent, unsigned i,
			unsigned n)
{
	enum CXCursorKind kind = clang_getCursorKind(parent);
	unsigned may = SIGN_NEG | SIGN_POS, all = may;
	struct kids k;
	long long v;
	char op[8];

	expr_kids(parent, &k);
	if (((kind == CXCursor_IfStmt || kind == CXCursor_WhileStmt ||
	      kind == CXCursor_ConditionalOperator) && i == 0) ||
	    (kind == CXCursor_DoStmt && i + 1 == n)) {
		/* tested for being 0 or not */
	} else if (kind == CXCursor_UnaryOperator && k.n == 1) {
		unary_op(b->s->tu, parent, k.v[0], op, sizeof(op));
		if (strcmp(op, "!")) {
			b->verdict = -1;
			return;
		}
		may = all = SIGN_ZERO;
	} else if (kind == CXCursor_BinaryOperator && k.n == 2) {
		binary_op(b->s->tu, k.v[0], k.v[1], op, sizeof(op));
		if (!strcmp(op, "&&") || !strcmp(op, "||")) {
			/* tested for being 0 or not */
		} else if (!const_value(k.v[1 - i], &v) ||
			   !compare_signs(i ? mirror(op) : op, v, &may, &all)) {
			b->verdict = -1;
			return;
		}
	} else {
		b->verdict = -1;
		return;
	}
	if (separates(may, all, b->sign, b->other))
		b->verdict = 1;
}

static bool below_var(struct below *b, CXCursor e)
{
	CXCursor var = local_of(e);

	return clang_getCursorKind(peel(e)) == CXCursor_DeclRefExpr &&
	       is_var(var, b->usr) && offset_of(e) > b->from &&
	       offset_of(e) < b->to;
}

static void below_walk(struct below *b, CXCursor parent);

static bool skipped(const struct below *b, CXCursor c)
{
	return offset_of(c) >= b->skip[0] && end_of(c) <= b->skip[1];
}

/* Past MAX_KIDS, a block's statements or a call's arguments: a read of
 * the holder there is a use. */
static enum CXChildVisitResult below_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct below *b = data;

	(void)parent;
	if (skipped(b, c))
		return CXChildVisit_Continue;
	if (below_var(b, c))
		b->verdict = -1;
	else
		below_walk(b, c);
	return b->verdict ? CXChildVisit_Break : CXChildVisit_Continue;
}

static void below_walk(struct below *b, CXCursor parent)
{
	struct kids all = { .n = 0 };
	unsigned i;

	clang_visitChildren(parent, kid_visit, &all);
	if (all.n > MAX_KIDS) {
		clang_visitChildren(parent, below_visit, b);
		return;
	}
	for (i = 0; i < all.n && !b->verdict; i++) {
		if (skipped(b, all.v[i]))
			continue;
		if (below_var(b, all.v[i]))
			below_judge(b, parent, i, all.n);
		else
			below_walk(b, all.v[i]);
	}
}

/*
 * Whether a test of the holder of @o after the one ending at @from,
 * before any other use of it or store to it, sends the signs @sign and
 * @other different ways: "if (r == -1) {...} if (r == 0) return NULL;"
 * settles 0 just below a test that left it with the successes.  The branch at @skip (its
 * offsets; 0, 0 for none) is one that @sign never takes: what it reads
 * and stores is no step of @sign's way.  Local variables only.
 */
bool settled_below(struct scan *s, const struct origin *o, unsigned from,
		   const unsigned skip[2], unsigned sign, unsigned other)
{
	struct below b = {
		.s = s, .from = from, .to = UINT_MAX,
		.skip = { skip[0], skip[1] }, .sign = sign, .other = other,
	};
	size_t i;

	if (!o->key || strncmp(o->key, "v:", 2))
		return false;
	b.usr = o->key + 2;
	for (i = 0; i < s->nst; i++)
		if (!strcmp(s->st[i].key, o->key) && s->st[i].offset > from &&
		    s->st[i].offset < b.to &&
		    (s->st[i].offset < skip[0] || s->st[i].offset >= skip[1]))
			b.to = s->st[i].offset;
	below_walk(&b, s->body);
	return b.verdict > 0;
}

struct guard_find {
	unsigned at;
	CXCursor cond;
	CXCursor body;
};

static enum CXChildVisitResult guard_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct guard_find *g = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	struct kids k = { .n = 0 };
	unsigned ci, bi;

	(void)parent;
	if (kind == CXCursor_FunctionDecl || kind == CXCursor_BlockExpr)
		return CXChildVisit_Continue;
	if (offset_of(c) > g->at || end_of(c) <= g->at)
		return CXChildVisit_Continue;
	if (kind != CXCursor_IfStmt && kind != CXCursor_WhileStmt &&
	    kind != CXCursor_DoStmt)
		return CXChildVisit_Recurse;
	clang_visitChildren(c, kid_visit, &k);
	if (k.n < 2 || k.n > 3)
		return CXChildVisit_Recurse;
	ci = kind == CXCursor_DoStmt ? 1 : 0;
	bi = kind == CXCursor_DoStmt ? 0 : 1;
	if (offset_of(k.v[ci]) <= g->at && g->at < end_of(k.v[ci])) {
		g->cond = k.v[ci];
		g->body = k.v[bi];
	}
	return CXChildVisit_Recurse;
}

/* Whether @pred holds for an operand of @cond's top-level @join ("&&"
 * or "||"), at any depth: @cond itself when it is no such operator. */
static bool any_part(struct scan *s, CXCursor cond, const char *join,
		     bool (*pred)(struct scan *s, CXCursor c,
				  const void *arg),
		     const void *arg)
{
	struct kids k;
	char op[8];

	cond = peel(cond);
	expr_kids(cond, &k);
	if (clang_getCursorKind(cond) == CXCursor_BinaryOperator && k.n == 2) {
		binary_op(s->tu, k.v[0], k.v[1], op, sizeof(op));
		if (!strcmp(op, join))
			return any_part(s, k.v[0], join, pred, arg) ||
			       any_part(s, k.v[1], join, pred, arg);
	}
	return pred(s, cond, arg);
}

/* Whether @pred holds for a conjunct of @cond: @cond itself, or an
 * operand, at any depth, of its top-level &&s. */
static bool any_conjunct(struct scan *s, CXCursor cond,
			 bool (*pred)(struct scan *s, CXCursor c,
				      const void *arg),
			 const void *arg)
{
	return any_part(s, cond, "&&", pred, arg);
}

static bool same_place(CXCursor a, CXCursor b)
{
	return offset_of(a) == offset_of(b) && end_of(a) == end_of(b);
}

static bool is_cmp(struct scan *s, CXCursor c, const void *cmp)
{
	(void)s;
	return same_place(c, *(const CXCursor *)cmp);
}

/* Whether @cond holds only when @cmp does: @cmp is the whole of it, or
 * one side of an && in it. */
static bool only_when(struct scan *s, CXCursor cond, CXCursor cmp)
{
	return any_conjunct(s, cond, is_cmp, &cmp);
}

/* The branch of the if whose condition holds only when @cmp does, as
 * offsets in @skip (left 0, 0 when there is none). */
static void only_branch(struct scan *s, CXCursor cmp, unsigned skip[2])
{
	struct guard_find g = { .at = offset_of(cmp) };

	g.cond = clang_getNullCursor();
	clang_visitChildren(s->body, guard_visit, &g);
	if (!clang_Cursor_isNull(g.cond) && only_when(s, g.cond, cmp)) {
		skip[0] = offset_of(g.body);
		skip[1] = end_of(g.body);
	}
}

/*
 * SITE_BELOW_ZERO when a test of the holder below the comparison @cmp,
 * true for the signs @may, sends 0 apart from the positive values before
 * any other use of it.  What runs only when @cmp holds is no
 * way of 0's when @may has no 0 ("if (r == -1) { err = why(r); ... }").
 */
uint64_t below_zero(struct scan *s, CXCursor cmp,
			   const struct origin *o, unsigned may)
{
	unsigned skip[2] = { 0, 0 };

	if (!(may & SIGN_ZERO))
		only_branch(s, cmp, skip);
	return settled_below(s, o, end_of(cmp), skip, SIGN_ZERO, SIGN_POS) ?
	       SITE_BELOW_ZERO : 0;
}

/*
 * SITE_BELOW_NEG for "x == -1" (@ne false) or "x != -1" at @cmp when a
 * test of the holder below it, before any other use, sends the negative
 * values apart from 0: a result with several negative errnos whose -1
 * was picked out first, its other failures next ("if (r == -1) {...}
 * else if (r < 0) ...", "if (r != -1) { if (r) fail; }").  What runs only
 * when an == holds is no way of the other negative values.
 */
uint64_t below_negative(struct scan *s, CXCursor cmp, const struct origin *o,
			bool ne)
{
	unsigned skip[2] = { 0, 0 };

	if (!ne)
		only_branch(s, cmp, skip);
	return settled_below(s, o, end_of(cmp), skip, SIGN_NEG, SIGN_ZERO) ?
	       SITE_BELOW_NEG : 0;
}

/* Whether @e compares the holder of @o with an upper bound: "x < k",
 * "x <= k", "k > x", "k >= x", with k not a constant of its own sign
 * test ("x < 0" is no bound); with @above, whether it asks for a value
 * above one instead: "x > k", "k < x". */
static bool is_bound(struct scan *s, CXCursor e, const struct origin *o,
		     bool above)
{
	struct origin h;
	struct kids k;
	char op[8];
	long long v;
	int side;
	bool same;

	e = peel(e);
	expr_kids(e, &k);
	if (clang_getCursorKind(e) != CXCursor_BinaryOperator || k.n != 2)
		return false;
	binary_op(s->tu, k.v[0], k.v[1], op, sizeof(op));
	if (!strcmp(op, "<") || !strcmp(op, "<="))
		side = 0;
	else if (!strcmp(op, ">") || !strcmp(op, ">="))
		side = 1;
	else
		return false;
	if (const_value(k.v[1 - side], &v) && v <= 0)
		return false;
	if (above)
		side = 1 - side;
	if (!origin_of(s, k.v[side], &h))
		return false;
	same = h.key && o->key && !strcmp(h.key, o->key) &&
	       h.hline == o->hline && h.hcol == o->hcol;
	origin_free(&h);
	return same;
}

struct bound_find {
	CXCursor cmp;
	const struct origin *o;
};

/* A conjunct other than the comparison itself that bounds the holder. */
static bool is_other_bound(struct scan *s, CXCursor c, const void *arg)
{
	const struct bound_find *b = arg;

	return !same_place(c, b->cmp) && is_bound(s, c, b->o, false);
}

/* A disjunct other than the comparison itself that takes large values. */
static bool is_other_above(struct scan *s, CXCursor c, const void *arg)
{
	const struct bound_find *b = arg;

	return !same_place(c, b->cmp) && is_bound(s, c, b->o, true);
}

/*
 * Whether the comparison @cmp of an unsigned holder of a result that
 * can be negative holds only together with an upper bound of the same
 * holder ("size_t n = snprintf(b, size, ...); if (0 < n && n < size)"),
 * or is one way out of a condition whose other way takes the large values
 * ("if (type < FIRST || type > LAST) goto err;"): a wrapped failure is a
 * large value, which the bound rejects or the other way takes, so the
 * test as a whole reads it rightly.
 */
bool bounded_above(struct scan *s, CXCursor cmp, const struct origin *o)
{
	struct guard_find g = { .at = offset_of(cmp) };
	struct bound_find b = { .cmp = cmp, .o = o };

	g.cond = clang_getNullCursor();
	clang_visitChildren(s->body, guard_visit, &g);
	if (clang_Cursor_isNull(g.cond))
		return false;
	return (only_when(s, g.cond, cmp) &&
		any_conjunct(s, g.cond, is_other_bound, &b)) ||
	       (any_part(s, g.cond, "||", is_cmp, &cmp) &&
		any_part(s, g.cond, "||", is_other_above, &b));
}

/* The first statement of @c, a block or one statement. */
static CXCursor first_stmt(CXCursor c)
{
	struct kids k = { .n = 0 };

	if (clang_getCursorKind(c) != CXCursor_CompoundStmt)
		return c;
	clang_visitChildren(c, kid_visit, &k);
	return k.n ? k.v[0] : clang_getNullCursor();
}

/* Whether the way the non-zero values take from the if @all (tested
 * @form) leaves at once giving nothing: "return;", "return 0;". */
static bool nonzero_drops(struct scan *s, const struct kids *all,
			  unsigned form)
{
	CXCursor way = clang_getNullCursor();
	struct kids k;

	if (form == SITE_ON_NONZERO)
		way = all->v[1];
	else if (all->n == 3)
		way = all->v[2];
	else if (s->rest && s->rest->i + 1 < s->rest->n &&
		 always_leaves(all->v[1]))
		way = s->rest->v[s->rest->i + 1];
	way = clang_Cursor_isNull(way) ? way : first_stmt(way);
	if (clang_Cursor_isNull(way) ||
	    clang_getCursorKind(way) != CXCursor_ReturnStmt)
		return false;
	expr_kids(way, &k);
	return k.n == 0 || (k.n == 1 && is_zero_const(k.v[0]));
}

/*
 * Whether a result tested only for being 0, where neither way handles an
 * error, is read rightly all the same: its positive values taken above
 * ("if (n <= 0) { if (n == 0) ... }"), its negative ones by the next test
 * below ("if (n == 0) eof(); else if (n == -1 && errno == EAGAIN)"), or
 * the way of the others leaving at once with nothing ("if (n == 0) goto
 * close; return;": end of input picked out, no value read used).
 */
bool truth_right(struct scan *s, const struct kids *all,
			unsigned form, const struct origin *o)
{
	unsigned skip[2] = { 0, 0 };
	CXCursor other = clang_getNullCursor();

	if ((taken_above(s, o, all->v[0], NULL) & SIGN_POS) == SIGN_POS)
		return true;
	/* The branch no negative value takes. */
	if (form == SITE_ON_ZERO)
		other = all->v[1];
	else if (all->n == 3)
		other = all->v[2];
	if (!clang_Cursor_isNull(other)) {
		skip[0] = offset_of(other);
		skip[1] = end_of(other);
	}
	return settled_below(s, o, end_of(all->v[0]), skip, SIGN_NEG,
			     SIGN_POS) ||
	       nonzero_drops(s, all, form);
}

/* The else-if whose condition is the test at @at, and the if it is the
 * else of (zero_here()). */
struct elseif {
	unsigned at;
	CXCursor outer;		/* if (x) ... */
	CXCursor inner;		/* else if (x > 0) */
};

static enum CXChildVisitResult elseif_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct elseif *e = data;
	struct kids all = { .n = 0 }, in = { .n = 0 };

	(void)parent;
	switch (clang_getCursorKind(c)) {
	case CXCursor_FunctionDecl:
	case CXCursor_BlockExpr:
		return CXChildVisit_Continue;
	case CXCursor_IfStmt:
		break;
	default:
		return offset_of(c) <= e->at && e->at < end_of(c) ?
		       CXChildVisit_Recurse : CXChildVisit_Continue;
	}
	if (offset_of(c) > e->at || e->at >= end_of(c))
		return CXChildVisit_Continue;
	clang_visitChildren(c, kid_visit, &all);
	if (all.n == 3 && clang_getCursorKind(all.v[2]) == CXCursor_IfStmt) {
		clang_visitChildren(all.v[2], kid_visit, &in);
		if (in.n >= 2 && offset_of(peel(in.v[0])) == e->at) {
			e->outer = c;
			e->inner = all.v[2];
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

/*
 * SITE_ZERO_HERE when the test at @at is the condition of an "else if"
 * whose if tested the holder of @o for non-zero ("if (err) ...; else if
 * (err > 0)"): every other value went the first way, so the holder is 0
 * in the else, and a test of its sign there is settled.  *whyc is the
 * first test.  Local variables only, with no store between the tests.
 */
uint64_t zero_here(struct scan *s, CXCursor at, const struct origin *o,
		   char **why, CXCursor *whyc)
{
	struct elseif e = { .at = offset_of(at) };
	struct kids cond;
	CXCursor first, var;
	char op[8];
	size_t i;

	if (!o->key || strncmp(o->key, "v:", 2) || !*o->holder)
		return 0;
	e.outer = clang_getNullCursor();
	clang_visitChildren(s->body, elseif_visit, &e);
	if (clang_Cursor_isNull(e.outer))
		return 0;
	expr_kids(e.outer, &cond);
	first = peel(branch_cond(s->tu, e.outer, cond.v[0]));
	var = local_of(first);
	if (clang_Cursor_isNull(var)) {
		expr_kids(first, &cond);
		if (clang_getCursorKind(first) != CXCursor_BinaryOperator ||
		    cond.n != 2)
			return 0;
		binary_op(s->tu, cond.v[0], cond.v[1], op, sizeof(op));
		if (strcmp(op, "!=") || !is_zero_const(cond.v[1]))
			return 0;
		var = local_of(cond.v[0]);
	}
	if (!is_var(var, o->key + 2) || offset_of(first) < o->hend)
		return 0;
	for (i = 0; i < s->nst; i++)
		if (!strcmp(s->st[i].key, o->key) &&
		    s->st[i].offset > offset_of(first) &&
		    s->st[i].offset < e.at)
			return 0;
	free(*why);
	*why = xasprintf("this test sends every value of '%s' but 0 its own way",
			 o->holder);
	*whyc = first;
	return SITE_ZERO_HERE;
}
