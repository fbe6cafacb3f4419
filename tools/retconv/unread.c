// SPDX-License-Identifier: MIT
/*
 * A buffer read as a string after a read that may have stored nothing in
 * it (rule C, the call-site pass's SITE_UNREAD; callsite.h).
 *
 * read(2) returns "the number of bytes read ... (zero indicates end of
 * file)", and recv(2) 0 at a stream's orderly shutdown or for an empty
 * datagram: in every case 0 says that no byte was stored.  A test of the
 * result for its failure alone ("if (len < 0) continue;") is right where
 * the count is used afterwards, since a count of 0 processes nothing; it
 * is wrong where the code goes on to read the buffer as a string without
 * its count ("sscanf(buf, ...)", "strcmp(buf, ...)"): at end of file
 * that string is whatever the buffer held before, and a local array
 * declared without an initializer and written by nothing but reads holds
 * indeterminate bytes.  This file says, for a test of such a result,
 * whether it is in that shape:
 *
 *  - the call is one whose 0 stores nothing (outside.c's outside_fills())
 *    and its buffer argument is a local array declared without an
 *    initializer, named before the call only as a reading call's
 *    argument or a string read's (a loop's last turn);
 *  - the test is the condition of an if with no else whose branch
 *    leaves (return, goto, break, continue): what follows is the way of
 *    the values the test did not take;
 *  - in the rest of the block around that if, the first mention of the
 *    holder or the buffer is the buffer given to a function that reads
 *    it up to its terminating NUL (sscanf, strtol, strcmp, strlen, ...),
 *    not the count: "buf[len] = '\0'" or "if (len == 0)" first is right.
 *
 * Whether the test sends 0 the way of the counts (a "< 0" or "== -1",
 * not a "<= 0") sites.c says, from the site's shape.
 */
#include <stdlib.h>
#include <string.h>

#include "callsite.h"

/* The functions that read a string argument up to its NUL, and which
 * argument: 0 the first, 1 the second, 2 either of the first two. */
static const struct {
	const char *name;
	unsigned arg;
} string_reads[] = {
	{ "sscanf", 0 }, { "strtol", 0 }, { "strtoul", 0 },
	{ "strtoll", 0 }, { "strtoull", 0 }, { "strtod", 0 },
	{ "strtof", 0 }, { "strtoimax", 0 }, { "strtoumax", 0 },
	{ "atoi", 0 }, { "atol", 0 }, { "atoll", 0 }, { "atof", 0 },
	{ "strlen", 0 }, { "strdup", 0 }, { "strchr", 0 },
	{ "strrchr", 0 }, { "strspn", 0 }, { "strcspn", 0 },
	{ "strpbrk", 0 }, { "puts", 0 }, { "fputs", 0 },
	{ "strcpy", 1 }, { "strcat", 1 },
	{ "strcmp", 2 }, { "strncmp", 2 }, { "strcasecmp", 2 },
	{ "strncasecmp", 2 }, { "strstr", 2 },
	{ "kstrtoint", 0 }, { "kstrtouint", 0 }, { "kstrtol", 0 },
	{ "kstrtoul", 0 }, { "kstrtou8", 0 }, { "kstrtobool", 0 },
	{ "simple_strtoul", 0 }, { "simple_strtol", 0 },
};

static bool reads_string(const char *name, unsigned i)
{
	size_t k;

	for (k = 0; k < sizeof(string_reads) / sizeof(string_reads[0]); k++)
		if (!strcmp(name, string_reads[k].name))
			return string_reads[k].arg == 2 ? i < 2 :
			       string_reads[k].arg == i;
	return false;
}

struct unread {
	struct scan *s;
	const char *callee;
	unsigned cstart, cend;	/* the call, or the store of it */
	CXCursor call;		/* the reading call */
	CXCursor at;		/* the test */
	CXCursor ifs;		/* the if it is the condition of */
	CXCursor block;		/* the block around that if */
	CXCursor buf;		/* the buffer's declaration */
	const char *usr;	/* the holder's */
	bool early;		/* the buffer named before the call */
	unsigned first;		/* the first mention after the if */
	CXCursor use;		/* ... when it reads the buffer */
};

static char *name_of(CXCursor c)
{
	CXString str = clang_getCursorSpelling(c);
	char *name = xstrdup(clang_getCString(str));

	clang_disposeString(str);
	return name;
}

/* The call, the if whose condition holds the test, and the block around
 * that if, found in one walk. */
static enum CXChildVisitResult find_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct unread *u = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	unsigned at = offset_of(u->at);

	(void)parent;
	if (kind == CXCursor_CallExpr && clang_Cursor_isNull(u->call) &&
	    offset_of(c) >= u->cstart && end_of(c) <= u->cend) {
		char *name = name_of(c);

		if (!strcmp(name, u->callee))
			u->call = c;
		free(name);
	}
	if (offset_of(c) > at || end_of(c) <= at)
		return CXChildVisit_Recurse;
	if (kind == CXCursor_CompoundStmt)
		u->block = c;
	if (kind == CXCursor_IfStmt) {
		struct kids k = { .n = 0 };

		clang_visitChildren(c, kid_visit, &k);
		if (k.n >= 1 && offset_of(k.v[0]) <= at && end_of(k.v[0]) > at)
			u->ifs = c;
	}
	return CXChildVisit_Recurse;
}

static enum CXChildVisitResult last_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	(void)parent;
	*(CXCursor *)data = c;
	return CXChildVisit_Continue;
}

/* Whether the if has no else and its branch leaves. */
static bool if_leaves(CXCursor ifs)
{
	struct kids k = { .n = 0 };
	enum CXCursorKind kind;
	CXCursor last;

	clang_visitChildren(ifs, kid_visit, &k);
	if (k.n != 2)
		return false;
	last = k.v[1];
	if (clang_getCursorKind(last) == CXCursor_CompoundStmt)
		clang_visitChildren(k.v[1], last_visit, &last);
	kind = clang_getCursorKind(last);
	return kind == CXCursor_ReturnStmt || kind == CXCursor_GotoStmt ||
	       kind == CXCursor_BreakStmt || kind == CXCursor_ContinueStmt;
}

/* The local array, declared without an initializer, that the call's
 * argument @i names. */
static bool fresh_buffer(struct unread *u, unsigned i)
{
	CXCursor arg, var;
	CXType t;

	if ((int)i >= clang_Cursor_getNumArguments(u->call))
		return false;
	arg = clang_Cursor_getArgument(u->call, i);
	var = local_of(arg);
	if (clang_Cursor_isNull(var))
		return false;
	t = clang_getCursorType(var);
	if (t.kind != CXType_ConstantArray ||
	    !clang_Cursor_isNull(clang_Cursor_getVarDeclInitializer(var)))
		return false;
	u->buf = var;
	return true;
}

/* The first mention after the if: @use reads the buffer, or (null) it
 * is a mention of the count, or a write or the address of the buffer. */
static void mention(struct unread *u, unsigned off, CXCursor use)
{
	u->first = off;
	u->use = use;
}

/* The buffer given to a function that reads it up to its NUL. */
static void string_arg(struct unread *u, CXCursor call)
{
	int n = clang_Cursor_getNumArguments(call), i;
	char *name = name_of(call);

	for (i = 0; i < n && i < 4; i++) {
		CXCursor a = peel(clang_Cursor_getArgument(call, i));

		if (names_var(a, u->buf) && offset_of(a) < u->first &&
		    reads_string(name, i))
			mention(u, offset_of(a), call);
	}
	free(name);
}

/* "buf[8]" read, at a constant index: a byte the read may not have
 * stored.  Stored to ("buf[0] = 0"), or its address taken ("&buf[4]"),
 * it is a mention that reads nothing. */
static void byte_read(struct unread *u, CXCursor sub, CXCursor parent)
{
	enum CXCursorKind kind = clang_getCursorKind(parent);
	struct kids k;
	long long v;
	char op[8];

	expr_kids(sub, &k);
	if (k.n != 2 || !names_var(peel(k.v[0]), u->buf))
		return;
	if (!const_value(k.v[1], &v)) {
		mention(u, offset_of(sub), clang_getNullCursor());
		return;
	}
	if (kind == CXCursor_CompoundAssignOperator ||
	    kind == CXCursor_UnaryOperator) {
		mention(u, offset_of(sub), clang_getNullCursor());
		return;
	}
	if (kind == CXCursor_BinaryOperator) {
		struct kids p;

		expr_kids(parent, &p);
		if (p.n == 2 && offset_of(p.v[0]) == offset_of(sub) &&
		    end_of(p.v[0]) == end_of(sub)) {
			binary_op(u->s->tu, p.v[0], p.v[1], op, sizeof(op));
			if (!strcmp(op, "=")) {
				mention(u, offset_of(sub),
					clang_getNullCursor());
				return;
			}
		}
	}
	mention(u, offset_of(sub), sub);
}

/* Whether @call is a reading function, or reads the buffer wherever it
 * names it as a string. */
static bool only_read_by(struct unread *u, CXCursor call)
{
	int n = clang_Cursor_getNumArguments(call), i;
	char *name = name_of(call);
	bool only = outside_fills(name);

	for (i = 0; !only && i < n; i++) {
		CXCursor a = peel(clang_Cursor_getArgument(call, i));

		if (names_var(a, u->buf) && !reads_string(name, i))
			break;
	}
	only |= i == n && (reads_string(name, 0) || reads_string(name, 1));
	free(name);
	return only;
}

/* A mention of the buffer before the call, not as a reading call's
 * argument; and the first mention of the holder or the buffer after the
 * if, in the block. */
static enum CXChildVisitResult mention_visit(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	struct unread *u = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	unsigned off = offset_of(c), ifend = end_of(u->ifs);

	(void)parent;
	/* What a read stores in it is no writer's value either, and a
	 * string read ("sscanf(buf, ...)" of a loop's last turn) writes
	 * nothing. */
	if (kind == CXCursor_CallExpr && off < u->cstart &&
	    only_read_by(u, c))
		return CXChildVisit_Continue;
	if (off < u->cstart && names_var(c, u->buf)) {
		u->early = true;
		return CXChildVisit_Break;
	}
	if (off < ifend || end_of(c) > end_of(u->block) || off >= u->first)
		return CXChildVisit_Recurse;
	if (kind == CXCursor_DeclRefExpr &&
	    (names_var(c, u->buf) || is_var(clang_getCursorReferenced(c), u->usr)))
		mention(u, off, clang_getNullCursor());
	else if (kind == CXCursor_CallExpr)
		string_arg(u, c);
	else if (kind == CXCursor_ArraySubscriptExpr)
		byte_read(u, c, parent);
	return CXChildVisit_Recurse;
}

/*
 * SITE_UNREAD when the test @at of the holder of @o leaves, and the code
 * after it reads the call's buffer as a string before it looks at the
 * count; then *why says where, at *whyc.
 */
uint64_t unread_of(struct scan *s, CXCursor at, const struct origin *o,
		   char **why, CXCursor *whyc)
{
	struct unread u = {
		.s = s, .callee = o->callee, .cstart = o->cstart,
		.cend = o->cend, .at = at, .call = clang_getNullCursor(),
		.ifs = clang_getNullCursor(), .block = s->body,
		.use = clang_getNullCursor(), .first = ~0U,
	};
	char *bufname, *fname;

	if (!o->key || strncmp(o->key, "v:", 2) || !*o->holder ||
	    !outside_fills(o->callee))
		return 0;
	u.usr = o->key + 2;
	clang_visitChildren(s->body, find_visit, &u);
	if (clang_Cursor_isNull(u.call) || clang_Cursor_isNull(u.ifs) ||
	    clang_Cursor_isNull(u.block) || !if_leaves(u.ifs) ||
	    offset_of(u.ifs) < u.cend || !fresh_buffer(&u, 1))
		return 0;
	clang_visitChildren(s->body, mention_visit, &u);
	if (u.early || clang_Cursor_isNull(u.use))
		return 0;
	bufname = name_of(u.buf);
	free(*why);
	if (clang_getCursorKind(u.use) == CXCursor_CallExpr) {
		fname = name_of(u.use);
		*why = xasprintf("'%s' reads '%s' as a string, and a 0 from '%s' stored nothing in it: its bytes are what was there before",
				 fname, bufname, o->callee);
	} else {
		fname = spelling(s->tu, u.use);
		*why = xasprintf("'%s' reads a byte of '%s', and a 0 from '%s' stored nothing in it: it is what was there before",
				 fname, bufname, o->callee);
	}
	*whyc = u.use;
	free(bufname);
	free(fname);
	return SITE_UNREAD;
}
