// SPDX-License-Identifier: MIT
/*
 * The per-unit driver: every function defined in a parsed unit, outside
 * the system headers, becomes one F record, its returns reduced by
 * infer.c and its call sites found by callsite.c; then the functions
 * whose address the main file takes (T records, taken.c) and the walked
 * headers it includes (I records).  Each function is named, scoped and checked for
 * suppressions here, and marked where clang's recovery may have dropped
 * what it returns.
 *
 * worker.c calls it on each unit it parses (and the fuzz harness on its
 * own); it calls nothing of worker.c.
 */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "retconv.h"
#include "sysloc.h"
#include "inactive.h"
#include "ast.h"

static char *file_name(CXFile file)
{
	CXString s = clang_getFileName(file);
	char *name = xstrdup(clang_getCString(s) ? clang_getCString(s) : "");

	clang_disposeString(s);
	return name;
}

static unsigned suppress_mask(CXTranslationUnit tu, CXCursor fn, CXFile file,
			      unsigned line)
{
	unsigned first;

	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(fn)),
				   NULL, &first, NULL, NULL);
	return suppress_at(tu, file, line) |
	       (first != line ? suppress_at(tu, file, first) : 0);
}

static bool same_file(CXFile a, CXFile b)
{
	return a && b && clang_File_isEqual(a, b);
}

static enum rc_scope scope_of(CXCursor fn, CXFile file, const char *name)
{
	CXCursor canon = clang_getCanonicalCursor(fn);
	CXFile cfile = NULL;
	char *cname;
	bool exported;

	if (clang_getCursorLinkage(fn) != CXLinkage_External)
		return is_header_name(name) ? SCOPE_PUBLIC : SCOPE_STATIC;
	if (is_header_name(name))
		return SCOPE_EXPORTED;
	clang_getExpansionLocation(clang_getCursorLocation(canon), &cfile,
				   NULL, NULL, NULL);
	if (!cfile || same_file(cfile, file) ||
	    clang_getCursorVisibility(fn) != CXVisibility_Default)
		return SCOPE_PUBLIC;
	cname = file_name(cfile);
	exported = is_header_name(cname);
	free(cname);
	return exported ? SCOPE_EXPORTED : SCOPE_PUBLIC;
}

char *file_id(CXFile file)
{
	CXFileUniqueID id;

	if (clang_getFileUniqueID(file, &id))
		return xstrdup("-");
	return xasprintf("%llx:%llx", id.data[0], id.data[1]);
}

/* A header's name as printed; functions come a header at a time. */
static char *header_display(const char *path)
{
	static char *last_path, *last_shown;

	if (!last_path || strcmp(last_path, path)) {
		free(last_path);
		free(last_shown);
		last_path = xstrdup(path);
		last_shown = display_path(path);
	}
	return xstrdup(last_shown);
}

/*
 * The walked headers by identity, sorted, for walked_header(): it is
 * asked for every function and every inclusion of every unit, and a tree
 * has thousands of headers.  Built once for the worker's list.
 */
static const struct rc_jobs *by_id_of;
static size_t *by_id, nby_id;

static int id_order(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	int c = strcmp(by_id_of->v[x].fileid, by_id_of->v[y].fileid);

	if (c)
		return c;
	return x < y ? -1 : x > y;
}

static void index_headers(const struct rc_jobs *headers)
{
	size_t i;

	free(by_id);
	by_id = xcalloc(headers->n + 1, sizeof(*by_id));
	by_id_of = headers;
	for (i = nby_id = 0; i < headers->n; i++)
		if (headers->v[i].fileid)
			by_id[nby_id++] = i;
	qsort(by_id, nby_id, sizeof(*by_id), id_order);
}

/* The walked header @fileid is, the first in the list, or -1. */
static long walked_header(const struct rc_jobs *headers, const char *fileid)
{
	size_t lo = 0, hi, mid;

	if (!headers || !headers->n)
		return -1;
	if (headers != by_id_of)
		index_headers(headers);
	for (hi = nby_id; lo < hi;) {
		mid = lo + (hi - lo) / 2;
		if (strcmp(headers->v[by_id[mid]].fileid, fileid) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < nby_id && !strcmp(headers->v[by_id[lo]].fileid, fileid))
		return (long)by_id[lo];
	return -1;
}

/*
 * A function declared to return ssize_t returns a count of bytes or a
 * negative errno, as read() and write() do: its 1 is one byte, which
 * rules A and B, about 0/1 and booleans, do not judge.
 */
static bool returns_count(CXType t)
{
	CXString s = clang_getTypeSpelling(t);
	bool count = !strcmp(clang_getCString(s), "ssize_t");

	clang_disposeString(s);
	return count;
}

/*
 * Who the function is.  A function of the main file is reported under
 * the name the file was given, and so is one of a header found by
 * walking a directory: that header is checked as part of this file.
 * Only what tells one copy of a header's function from another is read
 * here; fn_describe() reads the rest for the copies that are sent.
 * Whether the copy is the main file's own.
 */
static bool fn_identity(struct rc_func *fn, CXCursor c, CXFile file,
			const char *display, const struct rc_jobs *headers)
{
	long h;
	CXString s;

	s = clang_getCursorSpelling(c);
	fn->name = xstrdup(clang_getCString(s));
	clang_disposeString(s);
	fn->usr = function_usr(c);
	fn->report = clang_Location_isFromMainFile(clang_getCursorLocation(c));
	fn->fileid = file_id(file);
	h = fn->report ? -1 : walked_header(headers, fn->fileid);
	if (h >= 0) {
		fn->file = xstrdup(headers->v[h].file);
		fn->report = true;
	} else if (fn->report) {
		fn->file = xstrdup(display);
		return true;
	}
	return false;
}

/* The rest of a function's identity: where it is printed, its scope,
 * its type and the suppressions written at it. */
static void fn_describe(CXTranslationUnit tu, struct rc_func *fn, CXCursor c,
			CXFile file)
{
	char *path = file_name(file);

	if (!fn->file)
		fn->file = header_display(path);
	fn->scope = scope_of(c, file, path);
	fn->type = type_class(clang_getCursorResultType(c));
	fn->suppress = suppress_mask(tu, c, file, fn->line);
	if (returns_count(clang_getCursorResultType(c)))
		fn->suppress |= SUPPRESS_A | SUPPRESS_B;
	free(path);
}

/* Where clang met an error: what recovery may have dropped. */
struct flaw {
	CXFile file;
	unsigned offset;
};

struct unit_walk {
	CXTranslationUnit tu;
	const char *display;
	const struct rc_jobs *headers;	/* found by walking, or NULL */
	FILE *out;
	struct flaw *flaws;
	size_t nflaws;
	char **invalid;		/* names of invalid declarations at file scope,
				 * sorted */
	size_t ninvalid;
	const struct rc_lines *live;	/* another configuration's reading:
					 * its live lines (inactive.c) */
};

static void recovered(struct unit_walk *u, CXCursor c, CXFile file,
		      struct rc_func *fn);
static void invalid_names_used(struct unit_walk *u, CXCursor c);

/*
 * The header definitions this worker has summarized, by the identity
 * resolve.c keeps one copy under (USR, name, file, line, column).  A
 * header's inline functions come again with every file that includes it,
 * and the parent drops every copy but the first it reads unless the copy
 * is the main file's (a name to print): so a later copy seen through an
 * #include is not worth its analysis, and is not sent.  That holds for a
 * header found by walking too: each of its copies is printed under the
 * header's own name, so a later one changes nothing of the first (a tree
 * of inline headers spent most of its run summarizing them again).
 */
static struct rc_strset seen_defs;

/* The lines @c's text spans, from its first to its last. */
static void extent_lines(CXCursor c, unsigned *from, unsigned *to)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile file = NULL;

	clang_getExpansionLocation(clang_getRangeStart(r), &file, from, NULL,
				   NULL);
	clang_getExpansionLocation(clang_getRangeEnd(r), &file, to, NULL,
				   NULL);
}

/* Whether another configuration's reading of the main file's function
 * @c holds a live line (inactive.c). */
static bool alt_wanted(struct unit_walk *u, CXCursor c)
{
	unsigned from, to;
	size_t j;

	if (!clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return false;
	extent_lines(c, &from, &to);
	for (j = 0; j < u->live->n; j++)
		if (u->live->v[j][0] <= to && from <= u->live->v[j][1])
			return true;
	return false;
}

/*
 * Another configuration's reading of @fn, whose definition @c lies whole
 * in lines it made live: the configuration defines what the selected one
 * does not (a TLS backend's functions under its #ifdef), and a call in
 * that configuration, or anywhere in a run with no other definition of
 * the name, binds to it.  Its returns are sent as a definition that
 * stands in (FACT_STANDIN), unreported, without call sites (those go
 * with the alternate reading, once) and without the callees it counts
 * (U records, which the parent gives the last function it kept; it keeps
 * a stand-in apart).
 */
static void write_standin(struct unit_walk *u, CXCursor c, struct rc_func *fn)
{
	unsigned from, to, facts = fn->facts;
	size_t j, nsites = fn->nsites, ncounted = fn->ncounted;
	bool report = fn->report;

	extent_lines(c, &from, &to);
	for (j = 0; j < u->live->n; j++)
		if (u->live->v[j][0] <= from && to <= u->live->v[j][1])
			break;
	if (j == u->live->n)
		return;
	fn->nsites = 0;
	fn->ncounted = 0;
	fn->report = false;
	fn->facts |= FACT_STANDIN;
	summary_write_func(u->out, fn);
	fn->nsites = nsites;
	fn->ncounted = ncounted;
	fn->report = report;
	fn->facts = facts;
}

/* One function definition's summary, written to the worker's output. */
static void summarize(struct unit_walk *u, CXCursor c)
{
	struct rc_func *fn;
	CXCursor body;
	CXFile file = NULL;
	unsigned line, col;
	char *key;
	bool again;

	clang_getExpansionLocation(clang_getCursorLocation(c), &file,
				   &line, &col, NULL);
	if (!file || (u->live && !alt_wanted(u, c)))
		return;
	body = first_child(c, CXCursor_CompoundStmt);
	if (clang_Cursor_isNull(body))
		return;
	fn = xcalloc(1, sizeof(*fn));
	fn->line = line;
	fn->col = col;
	if (!fn_identity(fn, c, file, u->display, u->headers)) {
		key = xasprintf("%s\t%s\t%s\t%u\t%u", fn->usr, fn->name,
				fn->fileid, fn->line, fn->col);
		again = strset_seen_before(&seen_defs, key);
		free(key);
		if (again) {
			func_free(fn);
			return;
		}
	}
	fn_describe(u->tu, fn, c, file);
	if (fn->type != RT_VOID)
		infer_returns(u->tu, c, body, file, fn);
	callsite_scan(u->tu, body, fn);
	contract_read(u->tu, c, body, file, fn);
	if (u->ninvalid)
		invalid_names_used(u, c);
	recovered(u, c, file, fn);
	if (u->live)
		write_standin(u, c, fn);
	if (!u->live || inactive_keep(fn, u->live))
		summary_write_func(u->out, fn);
	func_free(fn);
}

static unsigned file_offset(CXSourceLocation loc, CXFile *file)
{
	unsigned off = 0;

	clang_getExpansionLocation(loc, file, NULL, NULL, &off);
	return off;
}

static bool flawed(const struct unit_walk *u, CXFile file, unsigned from,
		   unsigned to)
{
	size_t i;

	for (i = 0; i < u->nflaws; i++)
		if (u->flaws[i].offset >= from && u->flaws[i].offset <= to &&
		    same_file(u->flaws[i].file, file))
			return true;
	return false;
}

static unsigned line_offset(CXTranslationUnit tu, CXFile file, unsigned line,
			    unsigned col)
{
	return file_offset(clang_getLocation(tu, file, line, col ? col : 1),
			   NULL);
}

/*
 * A function clang met an error in may have lost statements to recovery:
 * a "return -EFAULT;" whose name was unknown, a store between a call and
 * the test of its result.  What it returns is then unknown (so rules A
 * and B and its callers' C and D stay silent), and a result kept in a
 * holder is judged only when no error lies between the end of the store
 * and the use: an error in the call's own arguments (a field of a struct
 * whose header is missing, as in a kernel file taken alone) changes
 * nothing of what the call returns.
 * A result tested where it is made needs nothing that could be lost.
 */
static void recovered(struct unit_walk *u, CXCursor c, CXFile file,
		      struct rc_func *fn)
{
	CXSourceRange ext = clang_getCursorExtent(c);
	unsigned from = file_offset(clang_getRangeStart(ext), NULL);
	unsigned to = file_offset(clang_getRangeEnd(ext), NULL);
	struct rc_return *r;
	size_t i, n = 0;

	if (!clang_isInvalidDeclaration(c) && !flawed(u, file, from, to))
		return;
	if (fn->type == RT_SIGNED) {
		fn->rets = xrealloc(fn->rets,
				    (fn->nrets + 1) * sizeof(*fn->rets));
		r = &fn->rets[fn->nrets++];
		memset(r, 0, sizeof(*r));
		r->line = fn->line;
		r->col = fn->col;
		r->flags = RV_UNKNOWN;
	}
	for (i = 0; i < fn->nsites; i++) {
		struct rc_site *x = &fn->sites[i];

		if (x->holder[0] &&
		    flawed(u, file, x->hend ? x->hend :
			   line_offset(u->tu, file, x->hline, x->hcol),
			   line_offset(u->tu, file, x->line, x->col)))
			site_free(x);
		else
			fn->sites[n++] = *x;
	}
	fn->nsites = n;
}

static void add_flaw(struct unit_walk *u, CXSourceLocation loc)
{
	struct flaw *f;

	u->flaws = xrealloc(u->flaws, (u->nflaws + 1) * sizeof(*u->flaws));
	f = &u->flaws[u->nflaws++];
	f->file = NULL;
	f->offset = file_offset(loc, &f->file);
}

static enum CXChildVisitResult invalid_visit(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	struct unit_walk *u = data;
	CXString name;

	(void)parent;
	if (!clang_isInvalidDeclaration(c))
		return CXChildVisit_Continue;
	name = clang_getCursorSpelling(c);
	if (*clang_getCString(name)) {
		u->invalid = xrealloc(u->invalid,
				      (u->ninvalid + 1) * sizeof(*u->invalid));
		u->invalid[u->ninvalid++] = xstrdup(clang_getCString(name));
	}
	clang_disposeString(name);
	return CXChildVisit_Continue;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Whether @name is among the invalid declarations' names (sorted). */
static bool invalid_name(const struct unit_walk *u, const char *name)
{
	return bsearch(&name, u->invalid, u->ninvalid, sizeof(*u->invalid),
		       by_name) != NULL;
}

struct taint {
	struct unit_walk *u;
	char **add;		/* macros found this pass */
	size_t nadd;
};

/* A tree's macro whose replacement names an invalid declaration. */
static enum CXChildVisitResult taint_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct taint *t = data;
	CXToken *tok = NULL;
	unsigned i, n = 0;
	bool hit = false;
	CXString s;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_MacroDefinition ||
	    sysloc_system(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	clang_tokenize(t->u->tu, clang_getCursorExtent(c), &tok, &n);
	for (i = 1; i < n && !hit; i++) {
		if (clang_getTokenKind(tok[i]) != CXToken_Identifier)
			continue;
		s = clang_getTokenSpelling(t->u->tu, tok[i]);
		hit = invalid_name(t->u, clang_getCString(s));
		clang_disposeString(s);
	}
	clang_disposeTokens(t->u->tu, tok, n);
	s = clang_getCursorSpelling(c);
	if (hit && !invalid_name(t->u, clang_getCString(s))) {
		t->add = xrealloc(t->add, (t->nadd + 1) * sizeof(*t->add));
		t->add[t->nadd++] = xstrdup(clang_getCString(s));
	}
	clang_disposeString(s);
	return CXChildVisit_Continue;
}

/*
 * A statement that names an invalid declaration through a macro (a
 * for-each macro over a list whose type came from a missing header) is
 * dropped as silently as one that names it in the text, and the body's
 * tokens show only the macro: such a macro counts as an invalid name too,
 * and so does one that names such a macro (two passes deep).
 */
static void taint_macros(struct unit_walk *u)
{
	struct taint t = { .u = u };
	int pass;

	for (pass = 0; pass < 2; pass++) {
		t.nadd = 0;
		clang_visitChildren(clang_getTranslationUnitCursor(u->tu),
				    taint_visit, &t);
		if (!t.nadd)
			break;
		u->invalid = xrealloc(u->invalid, (u->ninvalid + t.nadd) *
				      sizeof(*u->invalid));
		memcpy(u->invalid + u->ninvalid, t.add,
		       t.nadd * sizeof(*t.add));
		u->ninvalid += t.nadd;
		qsort(u->invalid, u->ninvalid, sizeof(*u->invalid), by_name);
	}
	free(t.add);
}

static void collect_flaws(struct unit_walk *u)
{
	unsigned i, n = clang_getNumDiagnostics(u->tu);

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(u->tu, i);

		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error)
			add_flaw(u, clang_getDiagnosticLocation(d));
		clang_disposeDiagnostic(d);
	}
	/* Only an error makes a declaration invalid. */
	if (u->nflaws)
		clang_visitChildren(clang_getTranslationUnitCursor(u->tu),
				    invalid_visit, u);
	if (u->ninvalid) {
		qsort(u->invalid, u->ninvalid, sizeof(*u->invalid), by_name);
		taint_macros(u);
	}
}

/*
 * A name whose declaration is invalid (a static function declared after a
 * header missing from the include path made its first use an implicit
 * int, a typedef of an absent type) makes clang drop every statement that
 * names it, with no error where the statement was: git's "return
 * error(_(...));" vanishes when gettext.h's _() conflicts with an earlier
 * implicit one, and the function seems to return only 0 or 1.  Each use
 * of such a name in a body is a flaw at that place, as an error there
 * would be.  Uses are read from the body's tokens, since the statements
 * are gone from the tree; a macro that names one counts as one
 * (taint_macros()).
 */
static void invalid_names_used(struct unit_walk *u, CXCursor c)
{
	CXToken *tok = NULL;
	const char *name;
	unsigned i, n = 0;

	clang_tokenize(u->tu, clang_getCursorExtent(c), &tok, &n);
	for (i = 0; i < n; i++) {
		CXString s;

		if (clang_getTokenKind(tok[i]) != CXToken_Identifier)
			continue;
		s = clang_getTokenSpelling(u->tu, tok[i]);
		name = clang_getCString(s);
		if (invalid_name(u, name))
			add_flaw(u, clang_getTokenLocation(u->tu, tok[i]));
		clang_disposeString(s);
	}
	clang_disposeTokens(u->tu, tok, n);
}

static enum CXChildVisitResult unit_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct unit_walk *u = data;
	CXSourceLocation loc = clang_getCursorLocation(c);

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(c) || sysloc_system(loc))
		return CXChildVisit_Continue;
	summarize(u, c);
	return CXChildVisit_Continue;
}

/* An I record for each walked header the unit includes. */
static void inclusion_visit(CXFile file, CXSourceLocation *stack,
			    unsigned depth, CXClientData data)
{
	struct unit_walk *u = data;
	char *id;
	long h;

	(void)stack;
	if (!depth)
		return;
	id = file_id(file);
	h = walked_header(u->headers, id);
	if (h >= 0)
		fprintf(u->out, "I\t%ld\n", h);
	free(id);
}

int worker_summarize(CXTranslationUnit tu, const char *display,
		     const struct rc_jobs *headers, FILE *out)
{
	struct unit_walk u = {
		.tu = tu, .display = display, .headers = headers, .out = out,
	};
	size_t i;

	ast_unit(tu);
	collect_flaws(&u);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), unit_visit, &u);
	taken_scan(tu, out);
	if (headers && headers->n)
		clang_getInclusions(tu, inclusion_visit, &u);
	free(u.flaws);
	for (i = 0; i < u.ninvalid; i++)
		free(u.invalid[i]);
	free(u.invalid);
	return ferror(out) ? -EIO : 0;
}

/*
 * Another configuration's reading of the main file (inactive.c): only its
 * functions that hold a line @live makes live, with only the call sites on
 * such lines, marked FACT_ALTERNATE.  Nothing else of the unit is sent: the
 * first reading said it.
 */
int worker_summarize_alt(CXTranslationUnit tu, const char *display,
			 const struct rc_jobs *headers,
			 const struct rc_lines *live, FILE *out)
{
	struct unit_walk u = {
		.tu = tu, .display = display, .headers = headers, .out = out,
		.live = live,
	};
	size_t i;

	ast_unit(tu);
	collect_flaws(&u);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), unit_visit, &u);
	free(u.flaws);
	for (i = 0; i < u.ninvalid; i++)
		free(u.invalid[i]);
	free(u.invalid);
	return ferror(out) ? -EIO : 0;
}
