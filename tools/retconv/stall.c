// SPDX-License-Identifier: MIT
/*
 * A read's end of file in a loop that waits for its bytes (rule C, the
 * call-site pass's SITE_STALLS; callsite.h).
 *
 * read(2) returns "the number of bytes read ... (zero indicates end of
 * file)": 0 is an outcome of its own, neither a failure nor bytes.  A
 * loop that asks for bytes until a count is reached ("while (left) { n =
 * read(fd, p, left); if (n == -1) return -1; left -= n; }") and tests the
 * result only for its failure takes end of file for a read of no bytes:
 * the count does not move, and the loop asks again, for ever.  This file
 * says, for a test of such a result, whether it is in that shape: the
 * innermost loop around the test and the store holds a compound
 * assignment by the holder ("left -= n", "done += n") to a variable that
 * the loop's condition reads, and no read of the holder in the loop
 * sends 0 another way than a positive count (a test for <= 0, == 0, a
 * short count, a truth test, a comparison with a variable, the holder
 * cast or not: "(size_t)n != len").  Only a
 * call named as a reading function (outside.c's outside_reads()) is
 * looked at; that the name is the C library's (the table's class, not a
 * definition of the tree) the parent says (sites.c).
 *
 * The same 0 comes back at every later call, so an endless loop ("while
 * (1)", "for (;;)") whose every way out (a return, a goto, a break of
 * its own, a call named to end the program) lies in the branch of a
 * failure test of such a result reads again for ever at the end of the
 * input: recv()'s too there, since a loop that only a failure ends
 * drains a stream (SITE_ENDLESS).  Not for a descriptor the unit makes
 * with a function whose read never gives 0 (readcall.c).  A wrapper that
 * returns a reading function's result as is counts as one (readcall.c).
 */
#include <stdlib.h>
#include <string.h>

#include "callsite.h"

struct stall {
	struct scan *s;
	const char *usr;	/* the holder's */
	unsigned lo, hi;	/* the test and the store of the call */
	CXCursor loop;		/* the innermost loop around both */
	bool bad;		/* a read of the holder tells 0 apart */
	char **moved;		/* keys of what "x -= n" moves */
	CXCursor *by;		/* and the assignments */
	size_t nmoved;
	size_t hit;		/* the one the loop's condition reads */
};

/* ==, !=, <, <=, > or >=: a test of the count, not arithmetic. */
static bool is_comparison(const char *op)
{
	static const char *const ops[] = { "==", "!=", "<", "<=", ">", ">=" };

	return AMONG(op, ops);
}

static enum CXChildVisitResult loop_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct stall *st = data;
	enum CXCursorKind kind = clang_getCursorKind(c);

	(void)parent;
	if (kind == CXCursor_FunctionDecl || kind == CXCursor_BlockExpr)
		return CXChildVisit_Continue;
	if (offset_of(c) > st->lo || end_of(c) <= st->hi)
		return CXChildVisit_Continue;
	if (kind == CXCursor_ForStmt || kind == CXCursor_WhileStmt ||
	    kind == CXCursor_DoStmt)
		st->loop = c;
	return CXChildVisit_Recurse;
}

/* A variable's or a parameter's key ("v:USR"), a field's ("m:USR"), or
 * NULL. */
static char *key_of(CXCursor e)
{
	enum CXCursorKind kind, ref;
	CXCursor var;
	CXString str;
	char *key;

	e = peel(e);
	kind = clang_getCursorKind(e);
	if (kind != CXCursor_DeclRefExpr && kind != CXCursor_MemberRefExpr)
		return NULL;
	var = clang_getCursorReferenced(e);
	ref = clang_getCursorKind(var);
	if (ref != CXCursor_VarDecl && ref != CXCursor_ParmDecl &&
	    ref != CXCursor_FieldDecl)
		return NULL;
	str = clang_getCursorUSR(var);
	key = xasprintf("%c:%s", ref == CXCursor_FieldDecl ? 'm' : 'v',
			clang_getCString(str));
	clang_disposeString(str);
	return key;
}

static bool holder_ref(const struct stall *st, CXCursor e)
{
	return clang_getCursorKind(peel(e)) == CXCursor_DeclRefExpr &&
	       is_var(local_of(e), st->usr);
}

/* Whether a comparison true for @may (some value of each sign) and
 * @all (every value) puts 0 where it puts every positive count. */
static bool zero_with_counts(unsigned may, unsigned all)
{
	return (all & (SIGN_ZERO | SIGN_POS)) == (SIGN_ZERO | SIGN_POS) ||
	       !(may & (SIGN_ZERO | SIGN_POS));
}

/* The read of the holder as child @i of @parent. */
static void stall_judge(struct stall *st, CXCursor parent, unsigned i)
{
	enum CXCursorKind kind = clang_getCursorKind(parent);
	unsigned may, all;
	struct kids k;
	long long v;
	char op[8];

	expr_kids(parent, &k);
	if (kind == CXCursor_CompoundAssignOperator && k.n == 2) {
		char *key;

		/* "n -= hdr": the holder changed */
		if (i == 0) {
			st->bad = true;
			return;
		}
		binary_op(st->s->tu, k.v[0], k.v[1], op, sizeof(op));
		key = strcmp(op, "-=") && strcmp(op, "+=") ? NULL :
		      key_of(k.v[0]);
		if (!key)
			return;
		st->moved = xrealloc(st->moved,
				     (st->nmoved + 1) * sizeof(*st->moved));
		st->by = xrealloc(st->by, (st->nmoved + 1) * sizeof(*st->by));
		st->by[st->nmoved] = parent;
		st->moved[st->nmoved++] = key;
		return;
	}
	if (kind == CXCursor_BinaryOperator && k.n == 2) {
		binary_op(st->s->tu, k.v[0], k.v[1], op, sizeof(op));
		/* a store: which value reaches the test origin.c says */
		if (!strcmp(op, "=") && i == 0)
			return;
		if (!is_comparison(op)) {
			/* arithmetic, or && and || (a truth test) */
			st->bad |= !strcmp(op, "&&") || !strcmp(op, "||");
			return;
		}
		if (!const_value(k.v[1 - i], &v) ||
		    !shape_of(i ? mirror(op) : op, v, &may, &all)) {
			st->bad = true;
			return;
		}
		/* "n == -1" stands for every negative failure */
		if (v == -1 && (op[0] == '=' || op[0] == '!')) {
			may = op[0] == '=' ? SIGN_NEG : SIGN_ZERO | SIGN_POS;
			all = may;
		}
		st->bad |= !zero_with_counts(may, all);
		return;
	}
	if (kind == CXCursor_UnaryOperator && k.n == 1) {
		unary_op(st->s->tu, parent, k.v[0], op, sizeof(op));
		/* "!n", "&n", "n++": 0 told apart, or the holder changed */
		st->bad |= strcmp(op, "-") && strcmp(op, "+");
		return;
	}
	/* The condition of an if, a loop or ?: tests it for 0. */
	if (((kind == CXCursor_IfStmt || kind == CXCursor_WhileStmt ||
	      kind == CXCursor_ConditionalOperator ||
	      kind == CXCursor_SwitchStmt) && i == 0) ||
	    kind == CXCursor_DoStmt || kind == CXCursor_ForStmt)
		st->bad = true;
}

static void stall_walk(struct stall *st, CXCursor parent);

/* Past MAX_KIDS (a block's statements, a call's arguments) a read of the
 * holder is a use: it does not tell 0 apart. */
static enum CXChildVisitResult stall_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct stall *st = data;

	(void)parent;
	if (!holder_ref(st, c))
		stall_walk(st, c);
	return st->bad ? CXChildVisit_Break : CXChildVisit_Continue;
}

/*
 * The holder cast in a comparison, "(size_t)n != len": a short count
 * told apart from the length asked for sends 0 with it, as the
 * comparison without the cast does (stall_judge()).  Only there: a cast
 * elsewhere ("left -= (size_t)n") is read as before, a use.
 */
static bool cast_compared(const struct stall *st, CXCursor parent,
			  CXCursor e)
{
	CXCursor op;
	char o[8];
	struct kids k;

	if (clang_getCursorKind(parent) != CXCursor_BinaryOperator ||
	    !cast_operand(peel(e), &op) || !holder_ref(st, op))
		return false;
	expr_kids(parent, &k);
	if (k.n != 2)
		return false;
	binary_op(st->s->tu, k.v[0], k.v[1], o, sizeof(o));
	return is_comparison(o);
}

static void stall_walk(struct stall *st, CXCursor parent)
{
	struct kids all = { .n = 0 };
	unsigned i;

	clang_visitChildren(parent, kid_visit, &all);
	if (all.n > MAX_KIDS) {
		clang_visitChildren(parent, stall_visit, st);
		return;
	}
	for (i = 0; i < all.n && !st->bad; i++) {
		if (holder_ref(st, all.v[i]) ||
		    cast_compared(st, parent, all.v[i]))
			stall_judge(st, parent, i);
		else
			stall_walk(st, all.v[i]);
	}
}

struct reads {
	struct stall *st;
	bool hit;
};

/* "left -= n", spaced as written. */
static char *move_text(struct stall *st, CXCursor c)
{
	struct kids k;
	char op[8], *l, *r, *t;

	expr_kids(c, &k);
	binary_op(st->s->tu, k.v[0], k.v[1], op, sizeof(op));
	l = spelling(st->s->tu, k.v[0]);
	r = spelling(st->s->tu, k.v[1]);
	t = xasprintf("%s %s %s", l, op, r);
	free(l);
	free(r);
	return t;
}

static enum CXChildVisitResult reads_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct reads *r = data;
	char *key;
	size_t i;

	(void)parent;
	key = key_of(c);
	for (i = 0; key && !r->hit && i < r->st->nmoved; i++)
		if (!strcmp(key, r->st->moved[i])) {
			r->hit = true;
			r->st->hit = i;
		}
	free(key);
	return r->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* The loop's condition: a while's first child, a do's last, a for's
 * second of four (libclang leaves out the parts not written, and then
 * does not say which is which). */
static bool cond_reads_moved(struct stall *st)
{
	enum CXCursorKind kind = clang_getCursorKind(st->loop);
	struct kids k = { .n = 0 };
	struct reads r = { .st = st };
	CXCursor cond;

	clang_visitChildren(st->loop, kid_visit, &k);
	if (kind == CXCursor_WhileStmt && k.n == 2)
		cond = k.v[0];
	else if (kind == CXCursor_DoStmt && k.n == 2)
		cond = k.v[1];
	else if (kind == CXCursor_ForStmt && k.n == 4)
		cond = k.v[1];
	else
		return false;
	if (holder_ref(st, cond))
		return false;
	reads_visit(cond, st->loop, &r);
	if (!r.hit)
		clang_visitChildren(cond, reads_visit, &r);
	return r.hit;
}

/* Whether the loop asks nothing of its own to end: "while (1)", "for
 * (;;)", "do ... while (1)". */
static bool endless(CXCursor loop)
{
	enum CXCursorKind kind = clang_getCursorKind(loop);
	struct kids k = { .n = 0 };
	long long v;

	clang_visitChildren(loop, kid_visit, &k);
	if (kind == CXCursor_ForStmt)
		return k.n == 1;
	if (k.n != 2)
		return false;
	return const_value(k.v[kind == CXCursor_DoStmt], &v) && v;
}

/* What leaves the loop: a return, a goto, a break of its own, or a call
 * of a function that does not return (its name says so). */
struct exits {
	unsigned lo, hi;	/* the branch of the test */
	unsigned in, out;	/* exits within it, and elsewhere */
};

static bool ends_program(const char *name)
{
	static const char *const words[] = {
		"exit", "abort", "die", "fatal", "panic", "longjmp",
	};
	size_t i;

	if (!strcmp(name, "err") || !strcmp(name, "errx") ||
	    !strcmp(name, "verr") || !strcmp(name, "verrx"))
		return true;
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (strcasestr(name, words[i]))
			return true;
	return false;
}

struct walk {
	struct exits *e;
	bool inner;		/* in a loop or a switch of the loop's */
};

static void exits_walk(struct exits *e, CXCursor c, bool inner);

static enum CXChildVisitResult exits_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct walk *w = data;

	(void)parent;
	exits_walk(w->e, c, w->inner);
	return CXChildVisit_Continue;
}

static void exits_walk(struct exits *e, CXCursor c, bool inner)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	struct walk w = { .e = e, .inner = inner };
	unsigned off = offset_of(c);
	bool leaves = kind == CXCursor_ReturnStmt ||
		      kind == CXCursor_GotoStmt ||
		      kind == CXCursor_IndirectGotoStmt ||
		      (kind == CXCursor_BreakStmt && !inner);

	if (kind == CXCursor_CallExpr) {
		CXString str = clang_getCursorSpelling(c);

		leaves = ends_program(clang_getCString(str));
		clang_disposeString(str);
	}
	if (leaves && off >= e->lo && off < e->hi)
		e->in++;
	else if (leaves)
		e->out++;
	if (kind == CXCursor_BlockExpr)
		return;
	/* a break below belongs to the inner statement */
	w.inner |= kind == CXCursor_ForStmt || kind == CXCursor_WhileStmt ||
		   kind == CXCursor_DoStmt || kind == CXCursor_SwitchStmt;
	clang_visitChildren(c, exits_visit, &w);
}

/*
 * Whether the test @at is the condition of an if in the endless loop
 * @loop, whose branch holds every way out of the loop: at end of file
 * the test lets 0 through and nothing else ends the loop.
 */
static bool only_way_out(CXCursor loop, CXCursor at)
{
	struct exits e = { .in = 0 };
	struct kids k = { .n = 0 };
	CXCursor then;

	if (!endless(loop))
		return false;
	then = test_branch(loop, at);
	if (clang_Cursor_isNull(then))
		return false;
	e.lo = offset_of(then);
	e.hi = end_of(then);
	clang_visitChildren(loop, kid_visit, &k);
	/* the body: a while's and a for's last child, a do's first */
	exits_walk(&e, k.v[clang_getCursorKind(loop) == CXCursor_DoStmt ?
			   0 : k.n - 1], false);
	return e.in && !e.out;
}

/* The reading functions whose 0 ends the input for good: read's, and a
 * stream's recv(), which an endless loop that drains it reads again. */
static bool drains(const char *name)
{
	return outside_reads(name) || outside_fills(name);
}

/*
 * SITE_STALLS when the test @at of the holder of @o is in a loop that
 * the holder's count moves, and nothing in the loop tells its 0 apart;
 * or when the test, of a holder or of the call itself, is the only way
 * out of an endless loop.  Then *why says what the count moves, or which
 * loop, at *whyc.
 */
uint64_t stall_of(struct scan *s, CXCursor at, const struct origin *o,
		  char **why, CXCursor *whyc)
{
	struct stall st = { .s = s, .loop = clang_getNullCursor() };
	bool held = o->key && !strncmp(o->key, "v:", 2) && *o->holder;
	uint64_t form = 0, passed = 0, dpassed = 0;
	bool reads;
	size_t i;

	if ((*o->holder && !held) ||
	    !reading_call(s, o, drains, &dpassed))
		return 0;
	reads = reading_call(s, o, outside_reads, &passed);
	st.usr = held ? o->key + 2 : "";
	st.lo = offset_of(at) < o->cstart ? offset_of(at) : o->cstart;
	st.hi = offset_of(at) > o->cstart ? offset_of(at) : o->cstart;
	clang_visitChildren(s->body, loop_visit, &st);
	if (clang_Cursor_isNull(st.loop))
		return 0;
	if (held)
		stall_walk(&st, st.loop);
	if (!st.bad && reads && held && st.nmoved && cond_reads_moved(&st)) {
		char *t = move_text(&st, st.by[st.hit]);

		free(*why);
		*why = xasprintf("'%s' moves the loop's count by it, and end of file moves it by nothing",
				 t);
		*whyc = st.by[st.hit];
		free(t);
		form = SITE_STALLS | passed;
	} else if (!st.bad && only_way_out(st.loop, at) &&
		   !reads_endless_fd(s, o)) {
		free(*why);
		*why = xstrdup("the loop has no way out but that test, and end of file, which it lets through, comes again at each read");
		*whyc = st.loop;
		form = SITE_STALLS | SITE_ENDLESS | dpassed;
	}
	for (i = 0; i < st.nmoved; i++)
		free(st.moved[i]);
	free(st.moved);
	free(st.by);
	return form;
}
