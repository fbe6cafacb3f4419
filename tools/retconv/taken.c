// SPDX-License-Identifier: MIT
/*
 * The functions whose address a unit takes, as T records.
 *
 * A function stored in a table, passed as a callback or assigned to an
 * ops member returns what the code that calls it through the pointer
 * expects, whatever its name says: rules.c reads it as a callback.  Found
 * from every reference to a function that is not a call's callee, from
 * the names in initializer tables clang could not type, and from names
 * that only stand in as variables because the header that declared the
 * function is missing.  unit.c's driver calls it once per unit.
 *
 * A function stored in a member of a named structure (".read = foo_read,"
 * in a table, written by position too, or "ops->read = foo_read;") is
 * said as well, as an M record keyed by the member (member_key()): the
 * parent reads what the functions stored in one member agree to return
 * as the contract of the calls made through it (callee.c).
 */
#include <ctype.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "retconv.h"
#include "sysloc.h"
#include "ast.h"

/*
 * Functions whose address the main file takes: every reference to a
 * function that is not the callee of the call it starts.  A call is
 * visited before its children, and its callee is the first reference
 * after it, at the same place.
 */
struct taken_walk {
	CXTranslationUnit tu;
	FILE *out;
	CXFile pending_file;	/* where the last call starts */
	unsigned pending;
	bool have_pending;
	CXFile main;		/* the unit's main file */
	struct rc_strset seen;	/* the USRs said taken */
	char **listed;		/* names in tables clang could not type */
	size_t nlisted;
	char **statics;		/* the main file's static functions: name,
				 * then USR */
	size_t nstatics;
};

static void at_file(CXCursor c, CXFile *file, unsigned *off)
{
	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(c)),
			      file, NULL, NULL, off);
}

/*
 * A name no header declared stands in as a variable (prelude.c) when the
 * file uses it as a value: often the address of a function another file
 * defines, which the missing header would have declared.  git's
 * builtin/read-tree.c, without unpack-trees.h, stores bind_merge() as a
 * merge callback so.  Taken for the function of that name with external
 * linkage; a constant in capitals stands in as const and is not.
 */
static bool standin_var(CXCursor v)
{
	CXFile file = NULL;
	CXString name;
	bool in;

	if (clang_getCursorKind(v) != CXCursor_VarDecl ||
	    clang_isConstQualifiedType(clang_getCursorType(v)))
		return false;
	clang_getFileLocation(clang_getCursorLocation(v), &file, NULL, NULL,
			      NULL);
	if (!file)
		return false;
	name = clang_getFileName(file);
	in = !strcmp(clang_getCString(name), PRELUDE_NAME);
	clang_disposeString(name);
	return in;
}

/* Says that @usr's address is taken, once; owns @usr. */
static void taken_usr(struct taken_walk *w, char *usr)
{
	if (!strset_seen_before(&w->seen, usr))
		fprintf(w->out, "T\t%s\n", usr);
	free(usr);
}

static void taken_ref(struct taken_walk *w, CXCursor c)
{
	CXCursor fn = clang_getCursorReferenced(c);
	CXFile file = NULL;
	unsigned off = 0;
	bool callee;
	CXString s;
	char *usr;

	at_file(c, &file, &off);
	callee = w->have_pending && off == w->pending &&
		 file && clang_File_isEqual(file, w->pending_file);
	w->have_pending = false;
	if (callee)
		return;
	if (clang_getCursorKind(fn) == CXCursor_FunctionDecl) {
		usr = function_usr(fn);
	} else if (standin_var(fn)) {
		s = clang_getCursorSpelling(fn);
		usr = xasprintf("c:@F@%s", clang_getCString(s));
		clang_disposeString(s);
	} else {
		return;
	}
	taken_usr(w, usr);
}

/*
 * A table whose element type clang could not complete (a missing header
 * declares it) loses its initializer, and with it the functions it
 * registers for an interpreter, a command parser or a bus to call:
 * { "name", handler }.  Its tokens still name them: an identifier
 * between "{", "," or "=" and "," or "}" is kept, and taken at the end
 * of the walk if it names a function.
 */
#define TABLE_MAX 65536	/* bytes of an untyped table read at most */

/* Whether "= {" follows @at in @text, past blanks and "[...]". */
static bool braced_init(const char *text, size_t size, size_t at)
{
	for (;;) {
		while (at < size && isspace((unsigned char)text[at]))
			at++;
		if (at >= size || text[at] != '[')
			break;
		while (at < size && text[at] != ']')
			at++;
		at++;
	}
	if (at >= size || text[at++] != '=')
		return false;
	while (at < size && isspace((unsigned char)text[at]))
		at++;
	return at < size && text[at] == '{';
}

static void untyped_table(struct taken_walk *w, CXCursor var)
{
	CXSourceRange ext = clang_getCursorExtent(var);
	CXSourceLocation from = clang_getRangeStart(ext);
	CXToken *tok = NULL;
	unsigned n = 0, i, depth = 0, end = 0;
	const char *text;
	size_t size = 0;
	CXFile file = NULL;

	/* Its extent stops before the initializer: read on to its ";". */
	clang_getFileLocation(from, &file, NULL, NULL, NULL);
	clang_getFileLocation(clang_getRangeEnd(ext), NULL, NULL, NULL, &end);
	text = file ? file_text(w->tu, file, &size) : NULL;
	if (!text || end > size || !braced_init(text, size, end))
		return;
	if (size - end > TABLE_MAX)
		size = end + TABLE_MAX;
	clang_tokenize(w->tu, clang_getRange(from,
		       clang_getLocationForOffset(w->tu, file,
						  (unsigned)size)),
		       &tok, &n);
	for (i = 1; i + 1 < n; i++) {
		CXString a, b, id;
		bool before, after;

		if (clang_getTokenKind(tok[i]) == CXToken_Punctuation) {
			id = clang_getTokenSpelling(w->tu, tok[i]);
			depth += !strcmp(clang_getCString(id), "{");
			depth -= depth && !strcmp(clang_getCString(id), "}");
			before = !depth && !strcmp(clang_getCString(id), ";");
			clang_disposeString(id);
			if (before)
				break;
			continue;
		}
		if (clang_getTokenKind(tok[i]) != CXToken_Identifier ||
		    clang_getTokenKind(tok[i - 1]) != CXToken_Punctuation ||
		    clang_getTokenKind(tok[i + 1]) != CXToken_Punctuation)
			continue;
		a = clang_getTokenSpelling(w->tu, tok[i - 1]);
		b = clang_getTokenSpelling(w->tu, tok[i + 1]);
		before = strchr("{,=", clang_getCString(a)[0]) &&
			 !clang_getCString(a)[1];
		after = strchr(",}", clang_getCString(b)[0]) &&
			!clang_getCString(b)[1];
		clang_disposeString(a);
		clang_disposeString(b);
		if (!before || !after)
			continue;
		id = clang_getTokenSpelling(w->tu, tok[i]);
		w->listed = xrealloc(w->listed,
				     (w->nlisted + 1) * sizeof(*w->listed));
		w->listed[w->nlisted++] = xstrdup(clang_getCString(id));
		clang_disposeString(id);
	}
	clang_disposeTokens(w->tu, tok, n);
}

/* A static function of the main file, by name, for untyped_table(). */
static void note_static(struct taken_walk *w, CXCursor fn)
{
	CXString name, usr;

	if (clang_getCursorLinkage(fn) != CXLinkage_Internal)
		return;
	name = clang_getCursorSpelling(fn);
	usr = clang_getCursorUSR(fn);
	w->statics = xrealloc(w->statics,
			      (w->nstatics + 2) * sizeof(*w->statics));
	w->statics[w->nstatics++] = xstrdup(clang_getCString(name));
	w->statics[w->nstatics++] = xstrdup(clang_getCString(usr));
	clang_disposeString(name);
	clang_disposeString(usr);
}

/* The names untyped_table() kept: a static function's, or one with
 * external linkage (a name that is no function's matches nothing). */
static void taken_listed(struct taken_walk *w)
{
	size_t i, j;

	for (i = 0; i < w->nlisted; i++) {
		for (j = 0; j < w->nstatics; j += 2)
			if (!strcmp(w->statics[j], w->listed[i]))
				break;
		taken_usr(w, j < w->nstatics ? xstrdup(w->statics[j + 1]) :
			  xasprintf("c:@F@%s", w->listed[i]));
		free(w->listed[i]);
	}
	for (j = 0; j < w->nstatics; j++)
		free(w->statics[j]);
	free(w->listed);
	free(w->statics);
}

/*
 * A member's key across units: the field's USR when its structure has a
 * name, its own or a typedef's ("c:@S@dev_ops@FI@read",
 * "c:@SA@driver_t@FI@read"), and the member holds a pointer to a
 * function.  Two structures' "read" are two keys.  NULL for a member of
 * an anonymous structure, whose USR names a place in one file, or of
 * anything else.
 */
char *member_key(CXCursor field)
{
	static const char *const forms[] = { "c:@S@", "c:@U@", "c:@SA@",
					     "c:@UA@" };
	CXType t = clang_getCanonicalType(clang_getCursorType(field));
	const char *u, *fi, *name = NULL;
	CXString usr;
	char *key = NULL;
	size_t i;

	if (clang_getCursorKind(field) != CXCursor_FieldDecl ||
	    t.kind != CXType_Pointer)
		return NULL;
	t = clang_getCanonicalType(clang_getPointeeType(t));
	if (t.kind != CXType_FunctionProto && t.kind != CXType_FunctionNoProto)
		return NULL;
	usr = clang_getCursorUSR(field);
	u = clang_getCString(usr);
	for (i = 0; !name && i < sizeof(forms) / sizeof(forms[0]); i++)
		if (!strncmp(u, forms[i], strlen(forms[i])))
			name = u + strlen(forms[i]);
	fi = name ? strstr(name, "@FI@") : NULL;
	/* One structure's name, then the member's: no nesting, no place. */
	if (fi && fi > name && !memchr(name, '@', (size_t)(fi - name)) &&
	    fi[4] && !strchr(fi + 4, '@'))
		key = xstrdup(u);
	clang_disposeString(usr);
	return key;
}

/* The function @e stores, "f" or "&f": its USR, or NULL.  A cast says the
 * function was of another type than the member's: not read. */
static char *stored_function(CXCursor e)
{
	struct kids k;

	e = peel(e);
	if (clang_getCursorKind(e) == CXCursor_UnaryOperator) {
		expr_kids(e, &k);
		if (k.n != 1)
			return NULL;
		e = peel(k.v[0]);
	}
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return NULL;
	e = clang_getCursorReferenced(e);
	if (clang_getCursorKind(e) != CXCursor_FunctionDecl)
		return NULL;
	return function_usr(e);
}

/* Says that @value, when it names a function, is stored in @field. */
static void stored(struct taken_walk *w, CXCursor field, CXCursor value)
{
	char *key = member_key(field), *usr = NULL, *line;

	if (key)
		usr = stored_function(value);
	if (usr) {
		line = xasprintf("%s\t%s", key, usr);
		if (!strset_seen_before(&w->seen, line))
			fprintf(w->out, "M\t%s\n", line);
		free(line);
	}
	free(usr);
	free(key);
}

/* Up to STORE_MAX children of a cursor, in order. */
#define STORE_MAX 256

struct cursors {
	CXCursor v[STORE_MAX];
	unsigned n;
};

static enum CXChildVisitResult collect(CXCursor c, CXCursor parent,
				       CXClientData data)
{
	struct cursors *k = data;

	(void)parent;
	if (k->n < STORE_MAX)
		k->v[k->n] = c;
	k->n++;
	return CXChildVisit_Continue;
}

/* The members of a structure that an initializer fills by position: a
 * bit-field without a name takes no value. */
static enum CXVisitorResult field_visit(CXCursor c, CXClientData data)
{
	struct cursors *k = data;
	CXString name = clang_getCursorSpelling(c);
	bool unnamed = !*clang_getCString(name);

	clang_disposeString(name);
	if (unnamed && clang_Cursor_isBitField(c))
		return CXVisit_Continue;
	if (k->n < STORE_MAX)
		k->v[k->n] = c;
	k->n++;
	return CXVisit_Continue;
}

/* ".read = foo_read" (and ".a.b =", ".v[1] ="): whether @v is written
 * with a designator; stored() when it names a member last. */
static bool designated(struct taken_walk *w, CXCursor v)
{
	struct cursors *d;
	bool is;

	if (clang_getCursorKind(v) != CXCursor_UnexposedExpr)
		return false;
	d = xcalloc(1, sizeof(*d));
	clang_visitChildren(v, collect, d);
	is = d->n >= 2 && d->n <= STORE_MAX &&
	     clang_getCursorKind(d->v[0]) == CXCursor_MemberRef;
	if (is && clang_getCursorKind(d->v[d->n - 2]) == CXCursor_MemberRef)
		stored(w, clang_getCursorReferenced(d->v[d->n - 2]),
		       d->v[d->n - 1]);
	free(d);
	return is;
}

/*
 * An initializer of a structure: ".read = foo_read" names its member
 * (the last one of ".a.b ="), and a value written without one fills the
 * next member in order, up to the first designator (after which the
 * order is the designator's) or the first member of a structure or an
 * array whose value has no braces of its own (the values then fill its
 * members, and the count is not followed).
 */
static void stored_init(struct taken_walk *w, CXCursor list)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(list));
	struct cursors *kids, *fields;
	bool by_place = true;
	unsigned i, pos = 0;

	if (t.kind != CXType_Record)
		return;
	kids = xcalloc(2, sizeof(*kids));
	fields = kids + 1;
	clang_visitChildren(list, collect, kids);
	clang_Type_visitFields(t, field_visit, fields);
	for (i = 0; i < kids->n && i < STORE_MAX; i++) {
		CXCursor v = kids->v[i];
		CXType ft;

		if (designated(w, v)) {
			by_place = false;
			continue;
		}
		if (!by_place || pos >= fields->n || pos >= STORE_MAX)
			break;
		ft = clang_getCanonicalType(clang_getCursorType(
				fields->v[pos]));
		if ((ft.kind == CXType_Record ||
		     ft.kind == CXType_ConstantArray) &&
		    clang_getCursorKind(v) != CXCursor_InitListExpr)
			break;
		stored(w, fields->v[pos++], v);
	}
	free(kids);
}

/* "ops->read = foo_read;", "ops.read = &foo_read;". */
static void stored_assign(struct taken_walk *w, CXCursor e)
{
	struct kids k;
	CXCursor lhs;
	char op[4];

	expr_kids(e, &k);
	if (k.n != 2)
		return;
	binary_op(w->tu, k.v[0], k.v[1], op, sizeof(op));
	lhs = peel(k.v[0]);
	if (strcmp(op, "=") || clang_getCursorKind(lhs) != CXCursor_MemberRefExpr)
		return;
	stored(w, clang_getCursorReferenced(lhs), k.v[1]);
}

/*
 * Whether @c is written in @file, or comes from a macro used there: a
 * handler registered by __setup(), module_init() or a table-making macro
 * has its address taken by the expansion, which clang places in the
 * macro's file.
 */
static bool expanded_in(CXCursor c, CXFile file)
{
	CXFile at = NULL;

	clang_getExpansionLocation(clang_getCursorLocation(c), &at, NULL,
				   NULL, NULL);
	return at && file && clang_File_isEqual(at, file);
}

/*
 * A call clang could not build, for an argument or a result of a type
 * the file misses, is kept as an expression of unknown kind that starts
 * with the callee's name, a "(" after it: still a call, not the
 * function's address ("rc = f(p, ROLE);" where ROLE is of an enum the
 * missing header would have completed).
 */
static bool recovered_callee(struct taken_walk *w, CXCursor ref,
			     CXCursor parent)
{
	CXFile rf = NULL, pf = NULL;
	unsigned ro = 0, po = 0;
	char op[4];

	if (clang_getCursorKind(parent) != CXCursor_UnexposedExpr)
		return false;
	at_file(ref, &rf, &ro);
	at_file(parent, &pf, &po);
	if (ro != po || !rf || !clang_File_isEqual(rf, pf))
		return false;
	punct_after(w->tu, ref, parent, op, sizeof(op));
	return !strcmp(op, "(");
}

/*
 * A definition of a function a system header declares implements that
 * header's interface: rdma-core's preload.c defines poll() for LD_PRELOAD,
 * a libc defines read().  It returns what the interface says (a count, or
 * -1 and errno), whatever this code base's own convention: recorded as a
 * callback, bound by its callers' convention.
 */
static bool implements_system(CXCursor c)
{
	CXCursor first;

	if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(c))
		return false;
	first = clang_getCanonicalCursor(c);
	return !clang_equalCursors(first, c) &&
	       sysloc_system(clang_getCursorLocation(first));
}

/*
 * A function a header of the project defines (a static inline, or one of
 * the static functions a header holds for the one file that includes it):
 * the addresses its body takes are taken as surely as the main file's
 * (wireguard-tools' ipc-linux.h passes its attribute parsers to
 * mnl_attr_parse_nested()).  A system header's are not the run's.
 */
static bool header_body(CXCursor c)
{
	return clang_getCursorKind(c) == CXCursor_FunctionDecl &&
	       clang_isCursorDefinition(c) &&
	       !sysloc_system(clang_getCursorLocation(c));
}

static enum CXChildVisitResult taken_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct taken_walk *w = data;
	enum CXCursorKind kind = clang_getCursorKind(c);

	if (clang_getCursorKind(parent) == CXCursor_TranslationUnit &&
	    !expanded_in(c, w->main)) {
		if (header_body(c))
			clang_visitChildren(c, taken_visit, w);
		return CXChildVisit_Continue;
	}
	if (implements_system(c)) {
		w->have_pending = false;
		taken_ref(w, c);
	}
	if (kind == CXCursor_FunctionDecl)
		note_static(w, c);
	else if (kind == CXCursor_VarDecl && clang_isInvalidDeclaration(c))
		untyped_table(w, c);
	else if (kind == CXCursor_InitListExpr)
		stored_init(w, c);
	else if (kind == CXCursor_BinaryOperator)
		stored_assign(w, c);
	if (kind == CXCursor_CallExpr) {
		at_file(c, &w->pending_file, &w->pending);
		w->have_pending = true;
	} else if (kind == CXCursor_DeclRefExpr) {
		if (recovered_callee(w, c, parent))
			w->have_pending = false;
		else
			taken_ref(w, c);
	}
	return CXChildVisit_Recurse;
}

void taken_scan(CXTranslationUnit tu, FILE *out)
{
	struct taken_walk w = { .tu = tu, .out = out };
	CXString name = clang_getTranslationUnitSpelling(tu);

	w.main = clang_getFile(tu, clang_getCString(name));
	clang_disposeString(name);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), taken_visit,
			    &w);
	taken_listed(&w);
	strset_free(&w.seen);
}
