// SPDX-License-Identifier: MIT
/*
 * Where a tested value came from, for the call-site pass (callsite.h).
 *
 * A test is a misread only if the value it tests is the call's: "ret =
 * f(); if (ret < 0)".  This file records the stores of a body (to a local
 * variable or a field: the call, the region of the body that runs
 * whenever the store does) and, for an expression at a use, finds the
 * store that reaches it and the callee behind it, or says that some other
 * value may reach it too (only_value).  Calls through a function pointer
 * member and errno-like globals are callees here as well.
 */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "callsite.h"

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

/* The same for a local variable only (not a field). */
bool holder_of_local(struct scan *s, CXCursor e, char **key, char **name)
{
	return !clang_Cursor_isNull(local_of(peel(e))) &&
	       holder_of(s, e, key, name);
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
 * written so or behind a macro): its result is the member's contract,
 * which the parent reads from the functions the run stores in it
 * (callee.c), keyed by member_key() ("member:c:@S@dev_ops@FI@read"), or
 * else its declared type's (a member of an anonymous structure keeps its
 * name alone, "member:read").  Only the call as the whole
 * of @e, no cast around it: a macro that does more than call is not read.
 */
static bool member_callee(CXTranslationUnit tu, CXCursor e, char **usr,
			  char **name, enum rc_type *type, long long *size)
{
	CXCursor call = peel(e), fn;
	CXType t;
	struct kids k;
	CXString str;
	char *key;

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
	key = member_key(clang_getCursorReferenced(fn));
	*usr = xasprintf("member:%s", key ? key : clang_getCString(str));
	free(key);
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
/*
 * A scanf whose literal format assigns nothing ("%n" alone, "%*d", plain
 * text) returns 0 when it matched and EOF when the input failed: no
 * count, so "!= 0" is its failure test, and its tests are not judged.
 */
static bool counts_nothing(CXTranslationUnit tu, CXCursor call,
			   const char *name)
{
	static const char *const scanfs[] = {
		"scanf", "sscanf", "fscanf", "vscanf", "vsscanf", "vfscanf",
	};
	CXCursor fmt;
	const char *p;
	char *text;
	bool none = true;
	int at;

	if (!AMONG(name, scanfs))
		return false;
	at = !strcmp(name, "scanf") || !strcmp(name, "vscanf") ? 0 : 1;
	if (clang_Cursor_getNumArguments(call) <= at)
		return false;
	fmt = peel(clang_Cursor_getArgument(call, (unsigned)at));
	if (clang_getCursorKind(fmt) != CXCursor_StringLiteral)
		return false;
	text = spelling(tu, fmt);
	for (p = strchr(text, '%'); p && none; p = strchr(p, '%')) {
		p++;
		if (*p == '%' || *p == '*') {
			p++;
			continue;
		}
		while (*p && strchr("0123456789hljztLq", *p))
			p++;
		none = *p == 'n';
	}
	free(text);
	return none;
}

/*
 * fcntl(2)'s result depends on its command: F_DUPFD gives a descriptor,
 * F_GETFD and F_GETFL flags, and the commands that set something (F_SETFD,
 * F_SETFL, F_SETLK, F_SETLKW, F_SETOWN, F_OFD_SETLK, F_OFD_SETLKW) give 0,
 * or -1 with errno set: a status.  The usr "libc:fcntl:F_SETFD" for such
 * a call written with its command's name (callee.c gives it the class),
 * else NULL.
 */
static char *fcntl_set(CXTranslationUnit tu, CXCursor call, const char *name)
{
	static const char *const cmds[] = {
		"F_SETFD", "F_SETFL", "F_SETLK", "F_SETLKW", "F_SETOWN",
		"F_OFD_SETLK", "F_OFD_SETLKW",
	};
	char *tok, *usr = NULL;
	size_t i;

	if (strcmp(name, "fcntl") || clang_Cursor_getNumArguments(call) < 2)
		return NULL;
	tok = first_token(tu, clang_Cursor_getArgument(call, 1));
	for (i = 0; tok && i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(tok, cmds[i]))
			usr = xasprintf("libc:fcntl:%s", tok);
	free(tok);
	return usr;
}

/*
 * Whether the call @e of @name is written as a function-like macro's
 * invocation that expands to the call alone (casts aside: what the caller
 * tests is the call): a project's portable name for read() or recv(),
 * "sread(fd, buf, n)", or a short form that fills in arguments, "#define
 * dev_start(id) __dev_start(id, 0)".  The value the site tests is the
 * function's, so its class judges the site as if the call were written
 * there.  A compiler's builtin behind a branch hint (likely(x) as
 * __builtin_expect()) is no callee: what the hint holds is read as the
 * text has it (callsite.c's branch_cond()).
 */
static bool macro_call(CXTranslationUnit tu, CXCursor e, const char *name)
{
	CXSourceLocation start = clang_getRangeStart(clang_getCursorExtent(e));
	CXFile file = NULL, wrote = NULL;
	unsigned at = 0, from = 0;
	size_t size = 0, i;
	const char *text;
	int depth = 0;

	if (!strncmp(name, "__builtin", 9))
		return false;
	/* The macro's body wrote the call, not an argument of it:
	 * "assert(f(x) == 1)" is left to the assertion. */
	clang_getExpansionLocation(start, &file, NULL, NULL, &at);
	clang_getFileLocation(start, &wrote, NULL, NULL, &from);
	if (!file || !wrote || !clang_File_isEqual(file, wrote) || from != at)
		return false;
	/* As the text has it, where the macro is used (its body may be in
	 * a header): a name, "(", and the ")" that closes it. */
	text = file_text(tu, file, &size);
	if (!text || at >= size || !isalpha((unsigned char)text[at]))
		return false;
	for (i = at; i < size && ident_char(text[i]); i++)
		;
	while (i < size && (text[i] == ' ' || text[i] == '\t'))
		i++;
	if (i >= size || text[i] != '(')
		return false;
	for (; i < size; i++) {
		if (text[i] == '(')
			depth++;
		else if (text[i] == ')' && !--depth)
			return true;
		else if (text[i] == ';' || text[i] == '{')
			return false;
	}
	return false;
}

bool callee_of(CXTranslationUnit tu, CXCursor e, char **usr, char **name,
	       enum rc_type *type, bool *kwq, long long *size)
{
	CXCursor fn;
	CXString str;
	char *tok;
	bool written;

	*kwq = false;
	if (member_callee(tu, e, usr, name, type, size) ||
	    errno_callee(tu, e, usr, name, type, size))
		return true;
	e = strip_casts(e);
	if (clang_getCursorKind(e) != CXCursor_CallExpr)
		return false;
	fn = clang_getCursorReferenced(e);
	if (clang_Cursor_isNull(fn) ||
	    clang_getCursorKind(fn) != CXCursor_FunctionDecl)
		return false;
	str = clang_getCursorSpelling(fn);
	tok = first_token(tu, e);
	written = tok && (!strcmp(tok, clang_getCString(str)) ||
			  macro_call(tu, e, clang_getCString(str)));
	free(tok);
	if (!written) {
		clang_disposeString(str);
		return false;
	}
	if (counts_nothing(tu, e, clang_getCString(str))) {
		clang_disposeString(str);
		return false;
	}
	*name = xstrdup(clang_getCString(str));
	clang_disposeString(str);
	*usr = fcntl_set(tu, e, *name);
	if (!*usr)
		*usr = function_usr(fn);
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

/*
 * "ret = x ? f() : 0;": the call of the arm whose other arm is 0, or a
 * null cursor.  0 is in every class (an action's success, a boolean's
 * false, a count's none), so what rule C says of the call's values (never
 * negative, never 1) holds of the store's, and rule D's 0 is read as the
 * call's would be.
 */
static CXCursor zero_arm_call(CXCursor value)
{
	struct kids k;
	CXCursor a, b;

	value = peel(value);
	if (clang_getCursorKind(value) != CXCursor_ConditionalOperator)
		return clang_getNullCursor();
	expr_kids(value, &k);
	if (k.n != 3)
		return clang_getNullCursor();
	a = strip_casts(k.v[1]);
	b = strip_casts(k.v[2]);
	if (clang_getCursorKind(a) == CXCursor_CallExpr && is_zero_const(b))
		return a;
	if (clang_getCursorKind(b) == CXCursor_CallExpr && is_zero_const(a))
		return b;
	return clang_getNullCursor();
}

static void add_store(struct scan *s, char *key, unsigned offset,
		      CXCursor value, CXCursor at, const unsigned *region)
{
	CXCursor arm;
	struct store *x;

	s->st = xrealloc(s->st, (s->nst + 1) * sizeof(*s->st));
	x = &s->st[s->nst++];
	memset(x, 0, sizeof(*x));
	x->key = key;
	x->offset = offset;
	x->rstart = region[0];
	x->rend = region[1];
	x->end = end_of(at);
	if (!clang_Cursor_isNull(value)) {
		x->call = callee_of(s->tu, value, &x->usr, &x->callee,
				    &x->ctype, &x->kwq, &x->csize);
		x->wraps = x->call && cast_wraps(value);
	}
	arm = clang_Cursor_isNull(value) || x->call ? clang_getNullCursor() :
	      zero_arm_call(value);
	if (!clang_Cursor_isNull(arm))
		x->call = callee_of(s->tu, arm, &x->usr, &x->callee,
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
	/* A branch hint's argument is read as written from here on: a
	 * store in it ("unlikely((ret = f()) < 0)") too. */
	if (kind == CXCursor_IfStmt && k.n)
		branch_cond(s->tu, c, k.v[0]);
	if (kind == CXCursor_VarDecl && is_local_var(c) && k.n) {
		CXString str = clang_getCursorUSR(c);

		key = xasprintf("v:%s", clang_getCString(str));
		clang_disposeString(str);
		add_store(s, key, offset_of(c), k.v[k.n - 1], c, region);
	} else if ((kind == CXCursor_BinaryOperator && k.n == 2) ||
		   kind == CXCursor_CompoundAssignOperator ||
		   (kind == CXCursor_UnaryOperator && k.n == 1)) {
		if (!k.n)
			return;
		if (kind == CXCursor_BinaryOperator)
			binary_op(s->tu, k.v[0], k.v[1], op, sizeof(op));
		else if (kind == CXCursor_UnaryOperator)
			unary_op(s->tu, c, k.v[0], op, sizeof(op));
		else
			strcpy(op, "op=");
		/* Only a store has a holder to name: a member's name is its
		 * text, and a comparison's or a sum's is not asked for. */
		if (strcmp(op, "=") && strcmp(op, "&") && strcmp(op, "++") &&
		    strcmp(op, "--") && strcmp(op, "op="))
			return;
		if (!holder_of(s, k.v[0], &key, &name))
			return;
		free(name);
		/* A macro can hide a unary operator's own token ("*(T *)&x"
		 * in ACCESS_ONCE() = v): only a binary "=" has a value. */
		if (!strcmp(op, "=") && kind == CXCursor_BinaryOperator)
			add_store(s, key, offset_of(c), k.v[1], c, region);
		else if (!strcmp(op, "="))
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

void store_walk(struct scan *s, CXCursor c, const unsigned *region)
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
 * Whether @e passes an unsigned call's result through a cast to a signed
 * type no wider than it, in so many words: "type = (int16)read16(f);"
 * keeps a 16-bit field's bits as a signed value, and -1 and -2 come out of
 * it whatever the holder's own width (libxmp's loaders, round 22).
 */
bool cast_wraps(CXCursor e)
{
	long long narrowest = 0, size;
	CXCursor op, fn;
	CXType t;

	for (;;) {
		e = peel(e);
		if (!cast_operand(e, &op))
			break;
		t = clang_getCursorType(e);
		size = clang_Type_getSizeOf(t);
		if (type_class(t) == RT_SIGNED && size > 0 &&
		    (!narrowest || size < narrowest))
			narrowest = size;
		e = op;
	}
	if (!narrowest || clang_getCursorKind(e) != CXCursor_CallExpr)
		return false;
	fn = clang_getCursorReferenced(e);
	if (clang_Cursor_isNull(fn))
		return false;
	t = clang_getCursorResultType(fn);
	return type_class(t) == RT_UNSIGNED &&
	       clang_Type_getSizeOf(t) >= narrowest;
}

/*
 * iproute2 keeps rta_getattr_u32()'s netns id, which is -1 when none is
 * assigned, in an int and tests it for >= 0: an unsigned result put in a
 * signed holder no wider than it can be negative there.  An enumeration
 * is its integer type, signed when it names a negative member: neatvnc
 * keeps htonl()'s 32-bit encoding number in an enum whose pseudo-
 * encodings are negative (RFB_ENCODING_CURSOR = -239), and their case
 * labels are taken.
 */
bool wraps(const struct origin *o, CXType holder)
{
	holder = clang_getCanonicalType(holder);
	if (holder.kind == CXType_Enum)
		holder = clang_getEnumDeclIntegerType(
			clang_getTypeDeclaration(holder));
	return o->ctype == RT_UNSIGNED && type_class(holder) == RT_SIGNED &&
	       o->csize >= clang_Type_getSizeOf(holder);
}

void origin_free(struct origin *o)
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
bool origin_of(struct scan *s, CXCursor e, struct origin *o)
{
	const struct store *last;
	char *name, op[8];
	struct kids k;

	memset(o, 0, sizeof(*o));
	e = strip_casts(e);
	if (callee_of(s->tu, e, &o->own_usr, &o->own_callee, &o->ctype,
		      &o->kwq, &o->csize)) {
		o->usr = o->own_usr;
		o->callee = o->own_callee;
		o->holder = xstrdup("");
		o->cstart = offset_of(e);
		o->cend = end_of(e);
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
		o->wraps = wraps(o, clang_getCursorType(k.v[0])) ||
			   cast_wraps(k.v[1]);
		line_col(e, &o->hline, &o->hcol);
		o->cstart = offset_of(e);
		o->hend = end_of(e);
		o->cend = o->hend;
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
	o->cstart = last->offset;
	o->hend = last->end;
	o->cend = o->hend;
	o->unsig = type_class(clang_getCursorType(e)) == RT_UNSIGNED;
	o->wraps = wraps(o, clang_getCursorType(e)) || last->wraps;
	return true;
}
