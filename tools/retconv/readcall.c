// SPDX-License-Identifier: MIT
/*
 * Whether a call is a reading function's (rule C's readings of a read's
 * 0: stall.c, zeroarm.c): read(2) or recv(2) called by its name, or a
 * function of the tree that returns what one of them returned, as is.
 *
 * A project often calls read() and recv() through a wrapper of its own
 * that a header defines, one per platform ("static inline ssize_t
 * sock_read(int fd, void *buf, size_t n) { return read(fd, buf, n); }"):
 * the wrapper returns the reading function's result untouched, so it has
 * its contract, 0 at the end of the input included.  A definition is
 * such a wrapper when its body is declarations and one return statement,
 * whose value, casts aside, is a call of a reading function that the unit
 * does not define (the C library's), or of another such wrapper (two
 * levels down at most).  Only the definition the parse sees is read: a
 * wrapper defined in another file of the tree is not known here.  The
 * sites it marks carry SITE_PASSES, and sites.c names the wrapper.
 * test_branch() finds the branch a test of such a result guards, and
 * reads_endless_fd() whether the descriptor read is one whose read never
 * gives 0 (an inotify or an eventfd descriptor the unit makes).
 */
#include <stdlib.h>
#include <string.h>

#include "callsite.h"

#define PASS_DEPTH 2

static char *callee_name(CXCursor call)
{
	CXCursor fn = clang_getCursorReferenced(call);
	CXString str;
	char *name;

	if (clang_Cursor_isNull(fn) ||
	    clang_getCursorKind(fn) != CXCursor_FunctionDecl)
		return NULL;
	str = clang_getCursorSpelling(fn);
	name = xstrdup(clang_getCString(str));
	clang_disposeString(str);
	return name;
}

static enum CXChildVisitResult body_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CompoundStmt)
		*(CXCursor *)data = c;
	return CXChildVisit_Continue;
}

/* The call the one return of @fn's definition gives as is, or a null
 * cursor: the body holds declarations and then that return only. */
static CXCursor returned_call(CXCursor fn)
{
	CXCursor def = clang_getCursorDefinition(fn);
	CXCursor body = clang_getNullCursor(), e;
	struct kids k = { .n = 0 }, r = { .n = 0 };
	unsigned i;

	if (clang_Cursor_isNull(def))
		return clang_getNullCursor();
	clang_visitChildren(def, body_visit, &body);
	if (clang_Cursor_isNull(body))
		return clang_getNullCursor();
	clang_visitChildren(body, kid_visit, &k);
	if (!k.n || k.n > MAX_KIDS)
		return clang_getNullCursor();
	for (i = 0; i + 1 < k.n; i++)
		if (clang_getCursorKind(k.v[i]) != CXCursor_DeclStmt)
			return clang_getNullCursor();
	if (clang_getCursorKind(k.v[k.n - 1]) != CXCursor_ReturnStmt)
		return clang_getNullCursor();
	clang_visitChildren(k.v[k.n - 1], kid_visit, &r);
	if (r.n != 1)
		return clang_getNullCursor();
	e = strip_casts(r.v[0]);
	return clang_getCursorKind(e) == CXCursor_CallExpr ? e :
	       clang_getNullCursor();
}

/* Whether @fn returns what a function @reads names returned, as is. */
static bool passes(CXCursor fn, bool (*reads)(const char *name),
		   unsigned depth)
{
	CXCursor call = returned_call(fn), g;
	char *name;
	bool yes;

	if (clang_Cursor_isNull(call))
		return false;
	g = clang_getCursorReferenced(call);
	name = callee_name(call);
	if (!name)
		return false;
	yes = reads(name) &&
	      clang_Cursor_isNull(clang_getCursorDefinition(g));
	free(name);
	return yes || (depth && passes(g, reads, depth - 1));
}

struct find {
	unsigned from, to;
	const char *callee;	/* or NULL: the first call in from..to */
	CXCursor call;
};

static enum CXChildVisitResult find_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct find *f = data;
	char *name;

	(void)parent;
	if (offset_of(c) > f->to || end_of(c) < f->from)
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) == CXCursor_CallExpr &&
	    offset_of(c) >= f->from && end_of(c) <= f->to) {
		if (!f->callee)
			f->call = c;
		name = f->callee ? callee_name(c) : NULL;
		if (name && !strcmp(name, f->callee))
			f->call = c;
		free(name);
		if (!clang_Cursor_isNull(f->call))
			return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/*
 * The call expression of @o: the call of @callee within the extent of the
 * call or its store, or with @callee NULL the first call there, the
 * outermost; a null cursor when there is none.
 */
CXCursor origin_call(struct scan *s, const struct origin *o,
		     const char *callee)
{
	struct find f = { .from = o->cstart, .to = o->cend, .callee = callee,
			  .call = clang_getNullCursor() };

	clang_visitChildren(s->body, find_visit, &f);
	return f.call;
}

/*
 * Whether the call @o tested is of a function @reads names, or of a
 * wrapper of one; *passed says which (SITE_PASSES).
 */
bool reading_call(struct scan *s, const struct origin *o,
		  bool (*reads)(const char *name), uint64_t *passed)
{
	CXCursor call;

	*passed = 0;
	if (!o->callee)
		return false;
	if (reads(o->callee))
		return true;
	call = origin_call(s, o, o->callee);
	if (clang_Cursor_isNull(call) ||
	    !passes(clang_getCursorReferenced(call), reads, PASS_DEPTH))
		return false;
	*passed = SITE_PASSES;
	return true;
}

struct branch {
	unsigned at;		/* the test's offset */
	CXCursor then;
};

static enum CXChildVisitResult branch_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct branch *b = data;
	struct kids k = { .n = 0 };

	(void)parent;
	if (offset_of(c) > b->at || end_of(c) <= b->at)
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) == CXCursor_IfStmt) {
		clang_visitChildren(c, kid_visit, &k);
		if (k.n >= 2 && offset_of(peel(k.v[0])) == b->at)
			b->then = k.v[1];
	}
	return CXChildVisit_Recurse;
}

/* The branch of the if in @within whose whole condition is the test @at,
 * or a null cursor. */
CXCursor test_branch(CXCursor within, CXCursor at)
{
	struct branch b = { .at = offset_of(at),
			    .then = clang_getNullCursor() };

	clang_visitChildren(within, branch_visit, &b);
	return b.then;
}

/*
 * The descriptors whose read(2) never returns 0: inotify(7) and
 * fanotify(7) give events or fail with EAGAIN, eventfd(2), timerfd_create
 * (2) and signalfd(2) 8 bytes or a record, or EAGAIN.  A drain of one
 * that stops at the failure alone is right.
 */
static const char *const endless_fds[] = {
	"inotify_init", "inotify_init1", "fanotify_init", "eventfd",
	"timerfd_create", "signalfd",
};

struct made {
	CXTranslationUnit tu;
	CXCursor decl;		/* the descriptor's variable or field */
	bool hit;
};

static bool made_by_endless(CXCursor value)
{
	size_t i, n = sizeof(endless_fds) / sizeof(*endless_fds);
	char *name = NULL;
	bool yes;

	value = strip_casts(value);
	if (clang_getCursorKind(value) == CXCursor_CallExpr)
		name = callee_name(value);
	for (i = 0; name && i < n && strcmp(name, endless_fds[i]); i++)
		;
	yes = name && i < n;
	free(name);
	return yes;
}

/* The descriptor's variable given its value there, or stored to. */
static enum CXChildVisitResult made_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	struct kids k = { .n = 0 };
	struct made *m = data;
	char op[8];

	(void)parent;
	if (kind == CXCursor_VarDecl && clang_equalCursors(c, m->decl)) {
		clang_visitChildren(c, kid_visit, &k);
		m->hit |= k.n && made_by_endless(k.v[k.n - 1]);
	} else if (kind == CXCursor_BinaryOperator) {
		expr_kids(c, &k);
		if (k.n == 2 &&
		    clang_equalCursors(clang_getCursorReferenced(peel(k.v[0])),
				       m->decl)) {
			binary_op(m->tu, k.v[0], k.v[1], op, sizeof(op));
			m->hit |= !strcmp(op, "=") && made_by_endless(k.v[1]);
		}
	}
	return m->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/* Whether the descriptor the call @o tested reads, its first argument,
 * is one the unit makes with a function of endless_fds. */
bool reads_endless_fd(struct scan *s, const struct origin *o)
{
	struct made m = { .tu = s->tu };
	CXCursor call, arg;
	enum CXCursorKind kind;

	if (!o->callee)
		return false;
	call = origin_call(s, o, o->callee);
	if (clang_Cursor_isNull(call) ||
	    clang_Cursor_getNumArguments(call) < 1)
		return false;
	arg = peel(clang_Cursor_getArgument(call, 0));
	kind = clang_getCursorKind(arg);
	if (kind != CXCursor_DeclRefExpr && kind != CXCursor_MemberRefExpr)
		return false;
	m.decl = clang_getCursorReferenced(arg);
	if (clang_Cursor_isNull(m.decl))
		return false;
	clang_visitChildren(clang_getTranslationUnitCursor(s->tu), made_visit,
			    &m);
	return m.hit;
}
