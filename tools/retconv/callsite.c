// SPDX-License-Identifier: MIT
/*
 * Call sites: where a function's result is tested or passed on.
 *
 * Most return-value bugs are in callers.  In a worker, with the parsed
 * body of each function, this finds the three shapes rules C, D and E
 * judge, and records the callee by USR and name; whether it is a bug
 * depends on the callee's class, known only in the parent (sites.c).
 *
 *   C  x < 0, x >= 0, x <= -1 (and 0 > x, 0 <= x): a test for a sign;
 *      x == 1, x > 0, x != -1, a case label of switch (x): a comparison
 *      with another constant, by the signs it can be true for;
 *   D  if (!x), if (x == 0), if (x), if (x != 0) whose branch, at its top
 *      level, handles an error: returns a negative errno (or NULL from a
 *      function of pointers), goes to a label named for an error, logs
 *      one, or aborts; and whose other way does not (rest_fails());
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
 * of its invocation, so "likely(f())" starts with "likely"), and an
 * operator only when it is written between its operands.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"

#define MAX_GUARDS 16

/* A store to a local variable or a field, and the call it stored. */
struct store {
	char *key;		/* "v:USR" or "m:tokens" */
	unsigned offset;
	unsigned end;		/* where the store's expression ends */
	bool call;
	char *copy;		/* the key of the local variable it copied */
	char *usr;
	char *callee;
	enum rc_type ctype;
	bool kwq;
	long long csize;	/* the size of the callee's result */
	unsigned rstart;	/* the part of the body that runs whenever */
	unsigned rend;		/* the store does (see region_of) */
	unsigned line;
	unsigned col;
};

/* Where a tested or returned value came from. */
struct origin {
	const char *usr;
	const char *callee;
	enum rc_type ctype;
	bool kwq;		/* the callee is declared in a kwq/ header */
	char *holder;		/* "" when the value is the call itself */
	unsigned hline;
	unsigned hcol;
	unsigned hend;		/* where the store's expression ends */
	bool unsig;		/* the holder is unsigned */
	bool wraps;		/* a signed holder that an unsigned result
				 * as wide as it can make negative */
	long long csize;
	char *key;		/* the holder's key, or NULL */
	char *own_usr;		/* for a call tested directly */
	char *own_callee;
};

struct scan {
	CXTranslationUnit tu;
	struct rc_func *fn;
	CXCursor body;
	struct store *st;
	size_t nst;
	unsigned *calls;	/* where each call in the body is */
	size_t ncalls;
	unsigned *labels;	/* where other paths join: labels, cases */
	size_t nlabels;
	unsigned (*loops)[2];	/* each loop's extent */
	size_t nloops;
	char *guards[MAX_GUARDS];	/* holders tested non-zero here */
	unsigned nguards;
	const struct rest *rest;	/* what runs after the statement being
					 * scanned, or NULL if not known */
};

/* The statements of a block from the one being scanned on, and of the
 * blocks around it, up to a loop or a switch. */
struct rest {
	CXCursor *v;
	unsigned n;
	unsigned i;		/* the one being scanned */
	const struct rest *up;
};

static unsigned offset_of(CXCursor c)
{
	unsigned off = 0;

	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL,
				   NULL, &off);
	return off;
}

static unsigned end_of(CXCursor c)
{
	unsigned off = 0;

	clang_getExpansionLocation(clang_getRangeEnd(clang_getCursorExtent(c)),
				   NULL, NULL, NULL, &off);
	return off;
}

/* Where @c starts; a declaration, at its name. */
static void line_col(CXCursor c, unsigned *line, unsigned *col)
{
	CXSourceLocation loc = clang_getRangeStart(clang_getCursorExtent(c));

	if (clang_getCursorKind(c) == CXCursor_VarDecl)
		loc = clang_getCursorLocation(c);

	clang_getExpansionLocation(loc, NULL, line, col, NULL);
}

/* The operand of @e if it is an explicit cast, into @op. */
static bool cast_operand(CXCursor e, CXCursor *op)
{
	struct kids k;

	if (clang_getCursorKind(e) != CXCursor_CStyleCastExpr)
		return false;
	expr_kids(e, &k);
	if (!k.n)
		return false;
	*op = k.v[k.n - 1];
	return true;
}

/* Parentheses, implicit conversions and casts hide nothing here. */
static CXCursor strip(CXCursor e)
{
	CXCursor op;

	for (;;) {
		e = peel(e);
		if (!cast_operand(e, &op))
			return e;
		e = op;
	}
}

/* The tokens of @range run together. */
static char *range_text(CXTranslationUnit tu, CXSourceRange range)
{
	CXToken *toks = NULL;
	unsigned n = 0, i;
	size_t len = 0;
	char *out = xstrdup("");

	clang_tokenize(tu, range, &toks, &n);
	for (i = 0; i < n; i++) {
		CXString s = clang_getTokenSpelling(tu, toks[i]);
		const char *t = clang_getCString(s);
		size_t tl = strlen(t);

		out = xrealloc(out, len + tl + 1);
		memcpy(out + len, t, tl + 1);
		len += tl;
		clang_disposeString(s);
	}
	if (toks)
		clang_disposeTokens(tu, toks, n);
	return out;
}

/* The tokens of @c run together: "d->err", "s.ret". */
static char *spelling(CXTranslationUnit tu, CXCursor c)
{
	return range_text(tu, clang_getCursorExtent(c));
}

/* The tokens of @c as the text has them, a macro by its name: "ENOENT"
 * where spelling() finds the macro's body. */
static char *written_text(CXTranslationUnit tu, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);

	return range_text(tu, clang_getRange(
		expanded(tu, clang_getRangeStart(r)),
		expanded(tu, clang_getRangeEnd(r))));
}

/* The first token of @c: the name of a macro it is written with. */
static char *first_token(CXTranslationUnit tu, CXCursor c)
{
	CXSourceLocation at = expanded(tu,
			clang_getRangeStart(clang_getCursorExtent(c)));
	CXToken *toks = NULL;
	unsigned n = 0;
	char *out = NULL;

	/* From where the text stands, not where a macro's body does. */
	clang_tokenize(tu, clang_getRange(at, at), &toks, &n);
	if (n && clang_getTokenKind(toks[0]) == CXToken_Identifier) {
		CXString str = clang_getTokenSpelling(tu, toks[0]);

		out = xstrdup(clang_getCString(str));
		clang_disposeString(str);
	}
	if (toks)
		clang_disposeTokens(tu, toks, n);
	return out;
}

/* A holder's key and printable name, or false when @e is not one. */
static bool holder_of(struct scan *s, CXCursor e, char **key, char **name)
{
	CXCursor var;
	CXString str;

	e = peel(e);
	var = local_of(e);
	if (!clang_Cursor_isNull(var)) {
		str = clang_getCursorUSR(var);
		*key = xasprintf("v:%s", clang_getCString(str));
		clang_disposeString(str);
		str = clang_getCursorSpelling(var);
		*name = xstrdup(clang_getCString(str));
		clang_disposeString(str);
		return true;
	}
	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
		return false;
	*name = spelling(s->tu, e);
	*key = xasprintf("m:%s", *name);
	return true;
}

/*
 * Whether the header that first declares @fn is kwq's (".../kwq/x.h"):
 * then a name the kernel has too (cancel_work_sync) is kwq's function.
 */
static bool declared_by_kwq(CXCursor fn)
{
	CXFile file = NULL;
	CXString str;
	const char *path, *hit;
	bool kwq = false;

	clang_getExpansionLocation(clang_getCursorLocation(
			clang_getCanonicalCursor(fn)), &file, NULL, NULL, NULL);
	if (!file)
		return false;
	str = clang_getFileName(file);
	path = clang_getCString(str);
	for (hit = path; hit && (hit = strstr(hit, "kwq/")); hit++)
		if ((hit == path || hit[-1] == '/') && !strchr(hit + 4, '/'))
			kwq = is_header_name(path);
	clang_disposeString(str);
	return kwq;
}

/*
 * A call through a function pointer held in a structure ("dev->ops->read()",
 * written so or behind a macro): its result is the member's declared
 * type's, whatever function the pointer holds.  Only the call as the whole
 * of @e, no cast around it: a macro that does more than call is not read.
 */
static bool member_callee(CXTranslationUnit tu, CXCursor e, char **usr,
			  char **name, enum rc_type *type, long long *size)
{
	CXCursor call = peel(e), fn;
	CXType t;
	struct kids k;
	CXString str;

	if (clang_getCursorKind(call) != CXCursor_CallExpr)
		return false;
	expr_kids(call, &k);
	if (!k.n)
		return false;
	fn = peel(k.v[0]);
	if (clang_getCursorKind(fn) == CXCursor_UnaryOperator) {
		struct kids u;

		expr_kids(fn, &u);
		fn = u.n == 1 ? peel(u.v[0]) : fn;
	}
	if (clang_getCursorKind(fn) != CXCursor_MemberRefExpr)
		return false;
	t = clang_getCanonicalType(clang_getCursorType(fn));
	if (t.kind == CXType_Pointer)
		t = clang_getCanonicalType(clang_getPointeeType(t));
	if (t.kind != CXType_FunctionProto && t.kind != CXType_FunctionNoProto)
		return false;
	t = clang_getResultType(t);
	str = clang_getCursorSpelling(fn);
	*name = xasprintf("->%s", clang_getCString(str));
	*usr = xasprintf("member:%s", clang_getCString(str));
	clang_disposeString(str);
	(void)tu;
	*type = type_class(t);
	*size = clang_Type_getSizeOf(t);
	return true;
}

/* A parameter or a local named errno is the function's own: an rc, often
 * negative (strerror(int errno) taking either sign). */
static bool is_global(CXCursor ref)
{
	CXCursor var = clang_getCursorReferenced(ref);

	return clang_getCursorKind(var) == CXCursor_VarDecl &&
	       clang_getCursorKind(clang_getCursorSemanticParent(var)) ==
	       CXCursor_TranslationUnit;
}

/*
 * The C library's errno, written so: "(*__errno_location ())" in glibc, a
 * variable in others.  It holds a positive error number, and is read like
 * the result of a function that returns one (the table's "errno" entry).
 */
static bool errno_callee(CXTranslationUnit tu, CXCursor e, char **usr,
			 char **name, enum rc_type *type, long long *size)
{
	char *tok = first_token(tu, e);
	bool is = tok && !strcmp(tok, "errno");
	enum CXCursorKind kind;

	free(tok);
	e = peel(e);
	kind = clang_getCursorKind(e);
	if (!is || (kind != CXCursor_UnaryOperator &&
		    kind != CXCursor_DeclRefExpr))
		return false;
	if (kind == CXCursor_DeclRefExpr && !is_global(e))
		return false;
	*usr = xstrdup("libc:errno");
	*name = xstrdup("errno");
	*type = type_class(clang_getCursorType(e));
	*size = clang_Type_getSizeOf(clang_getCursorType(e));
	return *type == RT_SIGNED;
}

/* The function @e calls, when it is a direct call written as one. */
static bool callee_of(CXTranslationUnit tu, CXCursor e, char **usr,
		      char **name, enum rc_type *type, bool *kwq,
		      long long *size)
{
	CXCursor fn;
	CXString str;
	char *tok;
	bool written;

	*kwq = false;
	if (member_callee(tu, e, usr, name, type, size) ||
	    errno_callee(tu, e, usr, name, type, size))
		return true;
	e = strip(e);
	if (clang_getCursorKind(e) != CXCursor_CallExpr)
		return false;
	fn = clang_getCursorReferenced(e);
	if (clang_Cursor_isNull(fn) ||
	    clang_getCursorKind(fn) != CXCursor_FunctionDecl)
		return false;
	str = clang_getCursorSpelling(fn);
	tok = first_token(tu, e);
	written = tok && !strcmp(tok, clang_getCString(str));
	free(tok);
	if (!written) {
		clang_disposeString(str);
		return false;
	}
	*name = xstrdup(clang_getCString(str));
	clang_disposeString(str);
	str = clang_getCursorUSR(fn);
	*usr = xstrdup(clang_getCString(str));
	clang_disposeString(str);
	*type = type_class(clang_getCursorResultType(fn));
	*size = clang_Type_getSizeOf(clang_getCursorResultType(fn));
	*kwq = declared_by_kwq(fn);
	return true;
}

/* "x = ret;": the key of the local variable @value copies, or NULL.  An
 * implicit conversion is still a copy (the holder's type is judged where
 * it is tested), a cast is not. */
static char *copy_of(CXCursor value)
{
	CXCursor var = local_of(value);
	CXString str;
	char *key;

	if (clang_Cursor_isNull(var))
		return NULL;
	str = clang_getCursorUSR(var);
	key = xasprintf("v:%s", clang_getCString(str));
	clang_disposeString(str);
	return key;
}

static void add_store(struct scan *s, char *key, unsigned offset,
		      CXCursor value, CXCursor at, const unsigned *region)
{
	struct store *x;

	s->st = xrealloc(s->st, (s->nst + 1) * sizeof(*s->st));
	x = &s->st[s->nst++];
	memset(x, 0, sizeof(*x));
	x->key = key;
	x->offset = offset;
	x->rstart = region[0];
	x->rend = region[1];
	x->end = end_of(at);
	if (!clang_Cursor_isNull(value))
		x->call = callee_of(s->tu, value, &x->usr, &x->callee,
				    &x->ctype, &x->kwq, &x->csize);
	if (!clang_Cursor_isNull(value) && !x->call)
		x->copy = copy_of(value);
	line_col(at, &x->line, &x->col);
}

static void push_offset(unsigned **v, size_t *n, unsigned off)
{
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = off;
}

/* Stores: initialisations, assignments, and in-place changes. */
static void store_at(struct scan *s, CXCursor c, const unsigned *region)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	char *key, *name, op[8];
	struct kids k;

	if (kind == CXCursor_CallExpr)
		push_offset(&s->calls, &s->ncalls, offset_of(c));
	if (kind == CXCursor_LabelStmt || kind == CXCursor_CaseStmt ||
	    kind == CXCursor_DefaultStmt)
		push_offset(&s->labels, &s->nlabels, offset_of(c));
	if (kind == CXCursor_ForStmt || kind == CXCursor_WhileStmt ||
	    kind == CXCursor_DoStmt) {
		s->loops = xrealloc(s->loops,
				    (s->nloops + 1) * sizeof(*s->loops));
		s->loops[s->nloops][0] = offset_of(c);
		s->loops[s->nloops++][1] = end_of(c);
	}
	expr_kids(c, &k);
	if (kind == CXCursor_VarDecl && is_local_var(c) && k.n) {
		CXString str = clang_getCursorUSR(c);

		key = xasprintf("v:%s", clang_getCString(str));
		clang_disposeString(str);
		add_store(s, key, offset_of(c), k.v[k.n - 1], c, region);
	} else if ((kind == CXCursor_BinaryOperator && k.n == 2) ||
		   kind == CXCursor_CompoundAssignOperator ||
		   (kind == CXCursor_UnaryOperator && k.n == 1)) {
		if (!k.n || !holder_of(s, k.v[0], &key, &name))
			return;
		free(name);
		if (kind == CXCursor_BinaryOperator)
			binary_op(s->tu, k.v[0], k.v[1], op, sizeof(op));
		else if (kind == CXCursor_UnaryOperator)
			unary_op(s->tu, c, k.v[0], op, sizeof(op));
		else
			strcpy(op, "op=");
		/* A macro can hide a unary operator's own token ("*(T *)&x"
		 * in ACCESS_ONCE() = v): only a binary "=" has a value. */
		if (!strcmp(op, "=") && kind == CXCursor_BinaryOperator)
			add_store(s, key, offset_of(c), k.v[1], c, region);
		else if (strcmp(op, "&") && strcmp(op, "++") &&
			 strcmp(op, "--") && strcmp(op, "op="))
			free(key);
		else
			add_store(s, key, offset_of(c), clang_getNullCursor(),
				  c, region);
	}
}

struct region_walk {
	struct scan *s;
	enum CXCursorKind kind;	/* the parent's */
	bool short_circuit;	/* the parent is && or || */
	unsigned i;		/* the child's index */
	const unsigned *region;	/* the parent's */
};

static void store_walk(struct scan *s, CXCursor c, const unsigned *region);

/*
 * Whether child @i of a statement of kind @kind runs only on some of the
 * paths through its parent: the branches of an if, a switch's body, a
 * loop's parts, the arms of ?: and the right of && and ||.
 */
static bool conditional_child(const struct region_walk *w)
{
	switch (w->kind) {
	case CXCursor_IfStmt:
	case CXCursor_SwitchStmt:
	case CXCursor_ConditionalOperator:
		return w->i > 0;
	case CXCursor_ForStmt:
	case CXCursor_WhileStmt:
	case CXCursor_DoStmt:
		return true;
	case CXCursor_BinaryOperator:
		return w->short_circuit && w->i > 0;
	default:
		return false;
	}
}

static enum CXChildVisitResult region_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct region_walk *w = data;
	unsigned own[2];

	(void)parent;
	if (conditional_child(w)) {
		own[0] = offset_of(c);
		own[1] = end_of(c);
		store_walk(w->s, c, own);
	} else {
		store_walk(w->s, c, w->region);
	}
	w->i++;
	return CXChildVisit_Continue;
}

static void store_walk(struct scan *s, CXCursor c, const unsigned *region)
{
	struct region_walk w = {
		.s = s, .kind = clang_getCursorKind(c), .region = region,
	};
	struct kids k;
	char op[8];

	store_at(s, c, region);
	if (w.kind == CXCursor_BinaryOperator) {
		expr_kids(c, &k);
		if (k.n == 2) {
			binary_op(s->tu, k.v[0], k.v[1], op, sizeof(op));
			w.short_circuit = !strcmp(op, "&&") || !strcmp(op, "||");
		}
	}
	clang_visitChildren(c, region_visit, &w);
}

/*
 * Whether the store @st is the only value of its holder that reaches the
 * use at @at: the use runs whenever the store did (it is in the store's
 * region), no label or case between them lets another path in, and no
 * loop around the use, but not the store, stores to the holder again.
 * Otherwise an initialiser ("x = -1; if (c) x = f(); if (x >= 0)"), a
 * jump to a cleanup label or a previous iteration's value may be what is
 * tested.
 */
static bool only_value(const struct scan *s, const struct store *st,
		       unsigned at)
{
	size_t i, j;

	if (at < st->rstart || at > st->rend)
		return false;
	for (i = 0; i < s->nlabels; i++)
		if (s->labels[i] > st->offset && s->labels[i] < at)
			return false;
	for (i = 0; i < s->nloops; i++) {
		const unsigned *loop = s->loops[i];

		if (at < loop[0] || at > loop[1] || st->offset >= loop[0])
			continue;
		for (j = 0; j < s->nst; j++)
			if (!strcmp(s->st[j].key, st->key) &&
			    s->st[j].offset > loop[0] &&
			    s->st[j].offset < loop[1])
				return false;
	}
	return true;
}

static bool call_between(const struct scan *s, unsigned from, unsigned to)
{
	size_t i;

	for (i = 0; i < s->ncalls; i++)
		if (s->calls[i] >= from && s->calls[i] < to)
			return true;
	return false;
}

/*
 * iproute2 keeps rta_getattr_u32()'s netns id, which is -1 when none is
 * assigned, in an int and tests it for >= 0: an unsigned result put in a
 * signed holder no wider than it can be negative there.
 */
static bool wraps(const struct origin *o, CXType holder)
{
	return o->ctype == RT_UNSIGNED && type_class(holder) == RT_SIGNED &&
	       o->csize >= clang_Type_getSizeOf(holder);
}

static void origin_free(struct origin *o)
{
	free(o->holder);
	free(o->key);
	free(o->own_usr);
	free(o->own_callee);
	memset(o, 0, sizeof(*o));
}

/*
 * The store of a call whose value the holder @key has at @at: its last
 * store, when that is the only value that reaches @at and is a call, or a
 * copy of a local variable that holds one there ("r = f(); x = r;").
 */
static const struct store *last_call(const struct scan *s, const char *key,
				     unsigned at, unsigned depth)
{
	const struct store *last = NULL;
	size_t i;

	for (i = 0; i < s->nst; i++)
		if (s->st[i].offset < at && !strcmp(s->st[i].key, key) &&
		    (!last || s->st[i].offset > last->offset))
			last = &s->st[i];
	if (!last || !only_value(s, last, at) ||
	    (key[0] == 'm' && call_between(s, last->end, at)))
		return NULL;
	if (last->call)
		return last;
	if (!last->copy || depth >= 4)
		return NULL;
	return last_call(s, last->copy, last->offset, depth + 1);
}

/*
 * Where the value @e comes from: a call, an assignment of a call, or a
 * holder whose last store before @e is a call, itself or through copies.
 */
static bool origin_of(struct scan *s, CXCursor e, struct origin *o)
{
	const struct store *last;
	char *name, op[8];
	struct kids k;

	memset(o, 0, sizeof(*o));
	e = strip(e);
	if (callee_of(s->tu, e, &o->own_usr, &o->own_callee, &o->ctype,
		      &o->kwq, &o->csize)) {
		o->usr = o->own_usr;
		o->callee = o->own_callee;
		o->holder = xstrdup("");
		return true;
	}
	expr_kids(e, &k);
	if (clang_getCursorKind(e) == CXCursor_BinaryOperator && k.n == 2) {
		binary_op(s->tu, k.v[0], k.v[1], op, sizeof(op));
		if (strcmp(op, "=") ||
		    !callee_of(s->tu, k.v[1], &o->own_usr, &o->own_callee,
			       &o->ctype, &o->kwq, &o->csize) ||
		    !holder_of(s, k.v[0], &o->key, &o->holder)) {
			origin_free(o);
			return false;
		}
		o->usr = o->own_usr;
		o->callee = o->own_callee;
		o->unsig = type_class(clang_getCursorType(k.v[0])) ==
			   RT_UNSIGNED;
		o->wraps = wraps(o, clang_getCursorType(k.v[0]));
		line_col(e, &o->hline, &o->hcol);
		o->hend = end_of(e);
		return true;
	}
	if (!holder_of(s, e, &o->key, &name))
		return false;
	last = last_call(s, o->key, offset_of(e), 0);
	if (!last) {
		free(name);
		origin_free(o);
		return false;
	}
	o->holder = name;
	o->usr = last->usr;
	o->callee = last->callee;
	o->ctype = last->ctype;
	o->kwq = last->kwq;
	o->csize = last->csize;
	o->hline = last->line;
	o->hcol = last->col;
	o->hend = last->end;
	o->unsig = type_class(clang_getCursorType(e)) == RT_UNSIGNED;
	o->wraps = wraps(o, clang_getCursorType(e));
	return true;
}

static bool suppressed(struct scan *s, CXCursor at, unsigned line, char rule)
{
	CXFile file = NULL;
	const char *text;
	size_t size = 0;

	clang_getExpansionLocation(clang_getCursorLocation(at), &file, NULL,
				   NULL, NULL);
	text = file ? clang_getFileContents(s->tu, file, &size) : NULL;
	return text && (suppress_on_line(text, size, line) &
			SUPPRESS_RULE(rule));
}

static void add_site(struct scan *s, CXCursor at, char rule, unsigned form,
		     struct origin *o, char *op, char *why, CXCursor whyc)
{
	struct rc_site x = { .rule = rule, .form = form };

	line_col(at, &x.line, &x.col);
	if (suppressed(s, at, x.line, rule)) {
		free(op);
		free(why);
		return;
	}
	x.usr = xstrdup(o->usr);
	x.callee = xstrdup(o->callee);
	x.ctype = o->ctype;
	x.holder = xstrdup(o->holder);
	x.hline = o->hline;
	x.hcol = o->hcol;
	x.hend = o->hend;
	x.op = op;
	x.why = why;
	if (o->unsig)
		x.form |= SITE_UNSIGNED;
	if (o->kwq)
		x.form |= SITE_KWQ;
	if (o->wraps)
		x.form |= SITE_WRAPS;
	if (!clang_Cursor_isNull(whyc))
		line_col(whyc, &x.wline, &x.wcol);
	s->fn->sites = xrealloc(s->fn->sites,
				(s->fn->nsites + 1) * sizeof(*s->fn->sites));
	s->fn->sites[s->fn->nsites++] = x;
}

/* Folds @e: false when it is not an integer constant. */
static bool const_value(CXCursor e, long long *v)
{
	CXEvalResult r = clang_Cursor_Evaluate(e);
	bool is = false;

	if (!r)
		return false;
	if (clang_EvalResult_getKind(r) != CXEval_Int) {
		/* not an integer */
	} else if (!clang_EvalResult_isUnsignedInt(r)) {
		*v = clang_EvalResult_getAsLongLong(r);
		is = true;
	} else if (clang_EvalResult_getAsUnsigned(r) <= LLONG_MAX) {
		/* 0 compared with an unsigned value becomes unsigned. */
		*v = (long long)clang_EvalResult_getAsUnsigned(r);
		is = true;
	}
	clang_EvalResult_dispose(r);
	return is;
}

static bool const_is(CXCursor e, long long want)
{
	long long v;

	return const_value(e, &v) && v == want;
}

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
static bool shape_of(const char *op, long long k, unsigned *may,
		     unsigned *all)
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

/* The operator @op with its operands swapped: "1 < x" is "x > 1". */
static const char *mirror(const char *op)
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

static void shape_site(struct scan *s, CXCursor at, CXCursor x,
		       unsigned form, unsigned may, unsigned all, char *text)
{
	struct origin o;

	if (signed_view(x) || !origin_of(s, x, &o)) {
		free(text);
		return;
	}
	/* An unsigned holder or cast turns a negative value into a large
	 * one; its own rule is the sign test's. */
	if (o.unsig || o.wraps ||
	    type_class(clang_getCursorType(peel(x))) == RT_UNSIGNED) {
		free(text);
		origin_free(&o);
		return;
	}
	add_site(s, at, 'C', form | SITE_SHAPE | SITE_MAY(may) |
		 SITE_ALL(all), &o, text, xstrdup(""), clang_getNullCursor());
	origin_free(&o);
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
	/* Tests against 0 are rule D's. */
	if ((v == 0 && (!strcmp(op, "==") || !strcmp(op, "!="))) ||
	    !shape_of(op, v, &may, &all))
		return;
	if (!strcmp(op, "!="))
		form |= SITE_NE;
	ks = written_text(s->tu, konst);
	text = form & SITE_LEFT ? xasprintf("%s %s", ks, mirror(op)) :
				  xasprintf("%s %s", op, ks);
	free(ks);
	shape_site(s, c, x, form, may, all, text);
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
			   xasprintf("case %s", ks));
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
		if (signed_view(x) || !origin_of(s, x, &o))
			return;
		/* What is tested, not what was stored: "(u8)ret < 0". */
		o.unsig = type_class(clang_getCursorType(peel(x))) ==
			  RT_UNSIGNED;
		add_site(s, c, 'C', forms[i].never ? SITE_NEVER : 0, &o,
			 xstrdup(forms[i].text), xstrdup(""),
			 clang_getNullCursor());
		origin_free(&o);
		return;
	}
	scan_shape(s, c, &k, op);
}

static bool is_error_label(const char *name)
{
	return strstr(name, "err") || strstr(name, "fail") ||
	       strstr(name, "bad");
}

static bool is_error_call(const char *name)
{
	static const char *const calls[] = {
		"abort", "panic", "BUG", "__builtin_trap", "perror",
		"err", "errx", "verr", "verrx", "error", "pr_err", "pr_crit",
		"pr_alert", "pr_emerg", "dev_err", "dev_crit", "dev_alert",
		"dev_emerg", "netdev_err", "log_err", "log_error",
	};
	size_t i;

	for (i = 0; i < sizeof(calls) / sizeof(calls[0]); i++)
		if (!strcmp(name, calls[i]))
			return true;
	return false;
}

/* printk(KERN_ERR ...), fprintf(stderr, ...), syslog(LOG_ERR, ...). */
static bool logs_error(struct scan *s, CXCursor call, const char *name)
{
	static const char *const loggers[] = {
		"printk", "fprintf", "fputs", "vfprintf", "syslog", "dprintf",
	};
	char *text;
	bool found = false;
	size_t i;

	for (i = 0; i < sizeof(loggers) / sizeof(loggers[0]); i++)
		if (!strcmp(name, loggers[i]))
			break;
	if (i == sizeof(loggers) / sizeof(loggers[0]))
		return false;
	text = spelling(s->tu, call);
	found = strstr(text, "stderr") || strstr(text, "KERN_ERR") ||
		strstr(text, "LOG_ERR") || strstr(text, "KERN_CRIT");
	free(text);
	return found;
}

/* "return NULL;" or "return 0;", read from its tokens: a macro's
 * expansion has none of its own. */
static bool is_null(struct scan *s, CXCursor ret)
{
	char *text = spelling(s->tu, ret);
	bool null = !strcmp(text, "returnNULL") || !strcmp(text, "return0") ||
		    !strcmp(text, "returnNULL;") || !strcmp(text, "return0;");

	free(text);
	return null;
}

/*
 * Errnos that report a state rather than a failure, which success may well
 * lead to: "if (!enqueue(req)) return -EINPROGRESS;".
 */
static bool status_errno(struct scan *s, CXCursor ret)
{
	static const char *const names[] = {
		"EINPROGRESS", "EIOCBQUEUED", "EALREADY", "EEXIST",
	};
	char *text = spelling(s->tu, ret);
	bool found = false;
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strstr(text, names[i]))
			found = true;
	free(text);
	return found;
}

/* What makes statement @c error handling, or NULL. */
static char *error_handling(struct scan *s, CXCursor c)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	char *usr, *name, *why = NULL, op[8];
	enum rc_type type;
	long long size;
	bool kwq;
	struct kids k;
	CXString str;
	long long v;

	expr_kids(c, &k);
	if (kind == CXCursor_ReturnStmt && k.n == 1 && !status_errno(s, c)) {
		CXCursor e = strip(k.v[0]);

		if (clang_getCursorKind(e) == CXCursor_UnaryOperator) {
			struct kids u;

			expr_kids(e, &u);
			if (u.n == 1)
				unary_op(s->tu, e, u.v[0], op, sizeof(op));
			if (u.n == 1 && !strcmp(op, "-"))
				return xstrdup("returns a negative errno");
		}
		if (const_value(k.v[0], &v) && v < 0)
			return xstrdup("returns a negative errno");
		/* A function of pointers fails with NULL: parisc's
		 * create_tree_node(), "kfree(dev); return NULL;". */
		if (s->fn->type == RT_POINTER && is_null(s, c))
			return xstrdup("returns NULL");
		return NULL;
	}
	if (kind == CXCursor_GotoStmt) {
		str = clang_getCursorSpelling(clang_getCursorReferenced(c));
		if (is_error_label(clang_getCString(str)))
			why = xasprintf("goes to the error label '%s'",
					clang_getCString(str));
		clang_disposeString(str);
		return why;
	}
	/* pr_err() and BUG() are macros in the kernel: read the name. */
	name = kind == CXCursor_CallExpr || kind == CXCursor_DoStmt ?
	       first_token(s->tu, c) : NULL;
	if (name && is_error_call(name))
		why = xasprintf("calls %s()", name);
	free(name);
	if (why || !callee_of(s->tu, c, &usr, &name, &type, &kwq, &size))
		return why;
	if (is_error_call(name))
		why = xasprintf("calls %s()", name);
	else if (logs_error(s, c, name))
		why = xasprintf("logs an error with %s()", name);
	free(usr);
	free(name);
	return why;
}

/*
 * A test that asserts a call fails reports its success as the error:
 * "if (read_entry(...) == 0) { fprintf(stderr, "read did not fail"); }".
 * A message that says the call succeeded, or did not fail, shows that
 * the branch reads 0 as success: it is no misread of the convention.
 */
static bool says_success(struct scan *s, CXCursor c)
{
	static const char *const phrases[] = {
		"not fail", "n't fail", "should fail", "should have failed",
		"must fail", "expected to fail", "succeed", "unexpected success",
	};
	enum CXCursorKind kind = clang_getCursorKind(c);
	bool found = false;
	char *text, *p;
	size_t i;

	if (kind != CXCursor_CallExpr && kind != CXCursor_DoStmt)
		return false;
	text = spelling(s->tu, c);
	for (p = text; *p; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p += 'a' - 'A';
	for (i = 0; i < sizeof(phrases) / sizeof(phrases[0]); i++)
		if (strstr(text, phrases[i]))
			found = true;
	free(text);
	return found;
}

struct first_error {
	struct scan *s;
	char *why;
	CXCursor at;
};

static enum CXChildVisitResult branch_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct first_error *fe = data;
	enum CXCursorKind kind = clang_getCursorKind(c);

	(void)parent;
	/* After an if or a loop that may leave the branch (git's color.c:
	 * "if (...) { ...; continue; } goto bad;"), what follows runs only
	 * on some of the paths the test selects. */
	if (kind == CXCursor_IfStmt || kind == CXCursor_SwitchStmt ||
	    kind == CXCursor_ForStmt || kind == CXCursor_WhileStmt ||
	    kind == CXCursor_DoStmt)
		return CXChildVisit_Break;
	if (says_success(fe->s, c))
		return CXChildVisit_Break;
	fe->why = error_handling(fe->s, c);
	if (!fe->why)
		return CXChildVisit_Continue;
	fe->at = c;
	return CXChildVisit_Break;
}

/*
 * The error handling a branch always does: its own statements, not those
 * of an if or a loop inside it, so that a success branch that checks what
 * it got ("if (!f()) { if (bad) return -EINVAL; }") is not taken for one.
 */
static char *branch_error(struct scan *s, CXCursor branch, CXCursor *at)
{
	struct first_error fe = { .s = s, .why = NULL };

	if (clang_getCursorKind(branch) == CXCursor_CompoundStmt) {
		clang_visitChildren(branch, branch_visit, &fe);
		*at = fe.at;
		return fe.why;
	}
	*at = branch;
	return says_success(s, branch) ? NULL : error_handling(s, branch);
}

/* The value an if tests and the way it tests it: SITE_ON_*. */
static unsigned if_form(struct scan *s, CXCursor cond, CXCursor *x)
{
	struct kids k;
	char op[8];

	cond = peel(cond);
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
		if (is_zero_const(k.v[1]))
			*x = k.v[0];
		else if (is_zero_const(k.v[0]))
			*x = k.v[1];
		else
			return 0;
		return strcmp(op, "==") ? SITE_ON_NONZERO : SITE_ON_ZERO;
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

struct passed_on {
	struct scan *s;
	const struct origin *o;
	unsigned after;
	bool found;
};

static enum CXChildVisitResult return_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct passed_on *p = data;
	struct origin o;
	struct kids k;

	(void)parent;
	switch (clang_getCursorKind(c)) {
	case CXCursor_ReturnStmt:
		break;
	case CXCursor_FunctionDecl:
	case CXCursor_BlockExpr:
		return CXChildVisit_Continue;
	default:
		return CXChildVisit_Recurse;
	}
	if (offset_of(c) <= p->after)
		return CXChildVisit_Continue;
	expr_kids(c, &k);
	if (k.n == 1 && origin_of(p->s, k.v[0], &o)) {
		p->found = o.key && !strcmp(o.key, p->o->key) &&
			   o.hline == p->o->hline && o.hcol == p->o->hcol;
		origin_free(&o);
	}
	return p->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

/*
 * Whether the holder of @o, still holding the call's value, is returned
 * after the if @c: then a non-zero result is passed on, and an error the
 * branch on 0 returns is one of its own, given where the call had none
 * ("err = validate(); if (unknown) { if (!err) return -EINVAL; } return
 * err;", keeping the first error).  An inverted test of a call that
 * can fail goes on as if it had worked, and returns 0 or a later result;
 * or its branch logs the failure it thinks it saw, which this does not
 * excuse.
 */
static bool passed_on_later(struct scan *s, CXCursor c,
			    const struct origin *o)
{
	struct passed_on p = { .s = s, .o = o, .after = end_of(c) };

	if (!o->key)
		return false;
	clang_visitChildren(s->body, return_visit, &p);
	return p.found;
}

/*
 * Whether what runs after an if without else, when its branch is not
 * taken, handles an error before it does anything else that decides:
 * then both ways fail, and the test only chooses the error.  riptide's
 * sendcmd() returns -EIO when riptide_reset() worked (the command that
 * led to the reset still failed) and -EINVAL when it did not.
 */
static bool rest_fails(struct scan *s)
{
	const struct rest *r;
	unsigned j;
	char *why;

	for (r = s->rest; r; r = r->up) {
		for (j = r->i + 1; j < r->n; j++) {
			switch (clang_getCursorKind(r->v[j])) {
			case CXCursor_CallExpr:
			case CXCursor_ReturnStmt:
			case CXCursor_GotoStmt:
			case CXCursor_DoStmt:
				break;
			default:
				return false;
			}
			why = error_handling(s, r->v[j]);
			if (why) {
				free(why);
				return true;
			}
			if (clang_getCursorKind(r->v[j]) != CXCursor_CallExpr)
				return false;
		}
	}
	return false;
}

/* Whether the way not taken into branch @i of an if fails too. */
static bool both_fail(struct scan *s, const struct kids *all, unsigned i)
{
	CXCursor at;
	char *why;

	if (all->n == 2)
		return i == 1 && rest_fails(s);
	why = branch_error(s, all->v[3 - i], &at);
	if (!why)
		return false;
	free(why);
	return true;
}

/* A call that releases a lock, or one that aborts. */
static enum CXChildVisitResult assert_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct scan *s = ((void **)data)[0];
	bool *found = ((void **)data)[1];
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr &&
	    clang_getCursorKind(c) != CXCursor_DoStmt)
		return CXChildVisit_Continue;
	name = first_token(s->tu, c);
	*found = name && (strstr(name, "unlock") || !strcmp(name, "up_read") ||
			  !strcmp(name, "up_write") || !strcmp(name, "BUG") ||
			  !strcmp(name, "panic") || !strcmp(name, "abort"));
	free(name);
	return *found ? CXChildVisit_Break : CXChildVisit_Continue;
}

/*
 * Whether a branch releases a lock or aborts among its own statements:
 * on a trylock's success, "if (mutex_trylock(&m)) { mutex_unlock(&m);
 * BUG(); }" asserts that the caller held the lock, and the branch's error
 * is the lock being free, not the lock taken.
 */
static bool branch_asserts(struct scan *s, CXCursor branch)
{
	bool found = false;
	void *data[2] = { s, &found };

	if (clang_getCursorKind(branch) == CXCursor_CompoundStmt)
		clang_visitChildren(branch, assert_visit, data);
	else
		assert_visit(branch, branch, data);
	return found;
}

/* The reads of one holder between its store and its next one. */
struct reads {
	struct scan *s;
	char *usr;		/* the variable's */
	unsigned from;
	unsigned to;
	bool other;		/* one reads more than zero or non-zero */
};

static bool reads_var(struct reads *r, CXCursor e)
{
	CXCursor var = local_of(e);
	CXString str;
	bool same;

	if (clang_Cursor_isNull(var) ||
	    clang_getCursorKind(peel(e)) != CXCursor_DeclRefExpr)
		return false;
	str = clang_getCursorUSR(var);
	same = !strcmp(clang_getCString(str), r->usr);
	clang_disposeString(str);
	return same && offset_of(e) > r->from && offset_of(e) < r->to;
}

/*
 * Whether child @i of @parent reads the value only for being 0 or not:
 * "!x", "x == 0", "x && y", the condition of an if or a ?:, a store to it,
 * or an argument of a call (used as the value it seems to be).
 */
static bool is_zero_read(struct scan *s, CXCursor parent, unsigned i)
{
	enum CXCursorKind kind = clang_getCursorKind(parent);
	struct kids k;
	char op[8];

	switch (kind) {
	case CXCursor_IfStmt:
	case CXCursor_WhileStmt:
	case CXCursor_ConditionalOperator:
		return i == 0;
	case CXCursor_CallExpr:
		return i > 0;
	case CXCursor_UnaryOperator:
		expr_kids(parent, &k);
		if (k.n != 1)
			return false;
		unary_op(s->tu, parent, k.v[0], op, sizeof(op));
		return !strcmp(op, "!");
	case CXCursor_BinaryOperator:
		expr_kids(parent, &k);
		if (k.n != 2)
			return false;
		binary_op(s->tu, k.v[0], k.v[1], op, sizeof(op));
		if (!strcmp(op, "&&") || !strcmp(op, "||"))
			return true;
		if (!strcmp(op, "="))
			return i == 0;
		return (!strcmp(op, "==") || !strcmp(op, "!=")) &&
		       is_zero_const(k.v[1 - i]);
	default:
		return false;
	}
}

static enum CXChildVisitResult reads_visit(CXCursor c, CXCursor parent,
					   CXClientData data);

static void reads_walk(struct reads *r, CXCursor parent)
{
	struct kids all = { .n = 0 };
	unsigned i;

	clang_visitChildren(parent, kid_visit, &all);
	if (all.n > MAX_KIDS) {
		/* A block or a call with many arguments: only its calls'
		 * arguments and statements, each on its own. */
		clang_visitChildren(parent, reads_visit, r);
		return;
	}
	for (i = 0; i < all.n && !r->other; i++) {
		if (reads_var(r, all.v[i]))
			r->other = !is_zero_read(r->s, parent, i);
		else
			reads_walk(r, all.v[i]);
	}
}

static enum CXChildVisitResult reads_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct reads *r = data;

	/* Past MAX_KIDS, the index is unknown: a call's argument or a
	 * statement of a block, the only parents with that many. */
	if (reads_var(r, c))
		r->other = clang_getCursorKind(parent) != CXCursor_CallExpr;
	else
		reads_walk(r, c);
	return r->other ? CXChildVisit_Break : CXChildVisit_Continue;
}

/*
 * Whether the value @o stored is read, until the holder's next store, only
 * for being 0 or not (is_zero_read): then no test tells its negative values
 * from its positive ones, and a negative errno passes for a value.
 */
static bool zero_only(struct scan *s, const struct origin *o)
{
	struct reads r = { .s = s, .from = o->hend, .to = UINT_MAX };
	size_t i;

	if (!o->key)
		return true;
	if (strncmp(o->key, "v:", 2))
		return false;
	for (i = 0; i < s->nst; i++)
		if (!strcmp(s->st[i].key, o->key) &&
		    s->st[i].offset > o->hend && s->st[i].offset < r.to)
			r.to = s->st[i].offset;
	r.usr = o->key + 2;
	reads_walk(&r, s->body);
	return !r.other;
}

/* Rule D: the branch of an if on a result handles an error, and the
 * other way does not. */
static void scan_if(struct scan *s, CXCursor c)
{
	struct kids all = { .n = 0 };
	struct origin o;
	unsigned form, i;
	CXCursor x, at;
	char *why;
	bool have;

	clang_visitChildren(c, kid_visit, &all);
	if (all.n < 2 || all.n > 3) {
		for (i = 0; i < all.n && i < MAX_KIDS; i++)
			scan_stmt(s, all.v[i]);
		return;
	}
	scan_stmt(s, all.v[0]);
	form = if_form(s, all.v[0], &x);
	have = form && origin_of(s, x, &o);
	for (i = 1; have && i < all.n; i++) {
		unsigned on = i == 1 ? form :
			      form ^ (SITE_ON_ZERO | SITE_ON_NONZERO);

		why = branch_error(s, all.v[i], &at);
		if (why && on == SITE_ON_ZERO && !strncmp(why, "returns ", 8) &&
		    passed_on_later(s, c, &o)) {
			free(why);
			why = NULL;
		}
		if (!why)
			continue;
		if (both_fail(s, &all, i)) {
			free(why);
			continue;
		}
		add_site(s, all.v[0], 'D', on |
			 (branch_asserts(s, all.v[i]) ? SITE_ASSERTS : 0) |
			 (on == SITE_ON_ZERO && zero_only(s, &o) ?
			  SITE_ZERO_ONLY : 0), &o, xstrdup(""), why, at);
	}
	/* A return of the holder under if (ret) passes on a non-zero value. */
	scan_branch(s, all.v[1],
		    have && form == SITE_ON_NONZERO ? o.key : NULL);
	if (all.n == 3)
		scan_branch(s, all.v[2],
			    have && form == SITE_ON_ZERO ? o.key : NULL);
	if (have)
		origin_free(&o);
}

/*
 * Whether @name is the C library's name of the errno @v, or one of the
 * kernel's own (512 to 530: ERESTARTSYS, EPROBE_DEFER, ENOTSUPP, ...),
 * which no user-space header has: a project's constant of the same
 * spelling and another value is not one.
 */
static bool errno_name(const char *name, long long v)
{
	const char *libc;
	size_t i;

	if (name[0] != 'E' || v < 1 || v > 4095)
		return false;
	for (i = 1; name[i]; i++)
		if (!(name[i] >= 'A' && name[i] <= 'Z') &&
		    !(name[i] >= '0' && name[i] <= '9') && name[i] != '_')
			return false;
	if (i < 3)
		return false;
	if (v >= 512 && v <= 530)
		return true;
	libc = strerrorname_np((int)v);
	return libc && !strcmp(libc, name);
}

/* "return EIO;": an errno returned without its minus sign. */
static bool positive_errno(struct scan *s, CXCursor ret, CXCursor e)
{
	struct origin o = { .usr = "", .holder = "" };
	long long v;
	char *name;

	e = peel(e);
	if (!const_value(e, &v) || v <= 0)
		return false;
	/* The macro's name, where the text stands. */
	name = first_token(s->tu, e);
	if (!name || !errno_name(name, v)) {
		free(name);
		return false;
	}
	o.callee = name;
	add_site(s, ret, 'E', SITE_POSERRNO, &o, xstrdup(""), xstrdup(""),
		 clang_getNullCursor());
	free(name);
	return true;
}

/* "return -err;" of a result: the parent knows whether it was negative
 * already. */
static bool negated(struct scan *s, CXCursor ret, CXCursor e)
{
	struct origin o;
	struct kids u;
	char op[8];

	e = strip(e);
	if (clang_getCursorKind(e) != CXCursor_UnaryOperator)
		return false;
	expr_kids(e, &u);
	if (u.n != 1)
		return false;
	unary_op(s->tu, e, u.v[0], op, sizeof(op));
	if (strcmp(op, "-") || !origin_of(s, u.v[0], &o))
		return false;
	add_site(s, ret, 'E', SITE_NEGATED, &o, xstrdup(""), xstrdup(""),
		 clang_getNullCursor());
	origin_free(&o);
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
	if (positive_errno(s, c, k.v[0]) || negated(s, c, k.v[0]))
		return;
	if (!origin_of(s, k.v[0], &o))
		return;
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
