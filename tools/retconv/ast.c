// SPDX-License-Identifier: MIT
/*
 * The libclang helpers both of the worker's passes over a function body
 * use: infer.c's reduction of return statements and the call-site pass's
 * search for misread results (callsite.c, origin.c, errpath.c), and the
 * text of a cursor: its offsets and line, its tokens run together, its
 * first token, the constant it folds to.
 *
 * libclang exposes no operator of a binary or unary expression, so it is
 * read from the tokens between or around the operands, where the macro
 * that wrote them, if any, was expanded; parentheses and implicit
 * conversions (UnexposedExpr) are looked through; constants are folded by
 * clang, so -EINVAL and enum constants are plain numbers here.  The
 * "retconv: ignore" comment is read from the file's text.  Each helper
 * answers for the cursor it is given; the state kept is where the unit's
 * files start and the text of each range spelled (ast_unit()), which
 * change no answer, only its cost, and
 * the branch hints seen (branch_cond()), whose arguments are read as the
 * text has them.  The file stays whole a little past 800 lines: the
 * operator readers and the text helpers answer the same question, what a
 * cursor's text says, and each uses the other.
 */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <clang-c/Index.h>

#include "retconv.h"
#include "sysloc.h"
#include "ast.h"

/* What a type is, as far as the rules care. */
enum rc_type type_class(CXType t)
{
	t = clang_getCanonicalType(t);
	switch (t.kind) {
	case CXType_Void:
		return RT_VOID;
	case CXType_Bool:
		return RT_BOOL;
	case CXType_Char_U: case CXType_UChar: case CXType_UShort:
	case CXType_UInt: case CXType_ULong: case CXType_ULongLong:
	case CXType_UInt128:
		return RT_UNSIGNED;
	case CXType_Char_S: case CXType_SChar: case CXType_Short:
	case CXType_Int: case CXType_Long: case CXType_LongLong:
	case CXType_Int128:
		return RT_SIGNED;
	case CXType_Pointer: case CXType_BlockPointer:
		return RT_POINTER;
	default:
		return RT_OTHER;
	}
}

static unsigned const_flags(long long v)
{
	if (v < 0)
		return RV_NEG;
	if (v == 0)
		return RV_ZERO;
	return v == 1 ? RV_ONE : RV_POS;
}

/* The values of @e when clang folds it to an integer constant, or 0. */
unsigned const_values(CXCursor e)
{
	CXEvalResult r = clang_Cursor_Evaluate(e);
	unsigned flags = 0;

	if (!r)
		return 0;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		unsigned long long u = clang_EvalResult_getAsUnsigned(r);

		if (clang_EvalResult_isUnsignedInt(r))
			flags = u > 1 ? RV_POS : const_flags((long long)u);
		else
			flags = const_flags(clang_EvalResult_getAsLongLong(r));
	}
	clang_EvalResult_dispose(r);
	return flags;
}

/* Collects the children of a cursor into a struct kids. */
enum CXChildVisitResult kid_visit(CXCursor c, CXCursor parent,
				  CXClientData data)
{
	struct kids *k = data;

	(void)parent;
	if (k->n < MAX_KIDS)
		k->v[k->n] = c;
	k->n++;
	return CXChildVisit_Continue;
}

/* The direct children of @c that are expressions. */
void expr_kids(CXCursor c, struct kids *k)
{
	struct kids all = { .n = 0 };
	unsigned i;

	clang_visitChildren(c, kid_visit, &all);
	k->n = 0;
	for (i = 0; i < all.n && i < MAX_KIDS; i++)
		if (clang_isExpression(clang_getCursorKind(all.v[i])))
			k->v[k->n++] = all.v[i];
}

struct first_of {
	enum CXCursorKind kind;
	CXCursor found;
};

static enum CXChildVisitResult first_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct first_of *fo = data;

	(void)parent;
	if (clang_getCursorKind(c) != fo->kind)
		return CXChildVisit_Continue;
	fo->found = c;
	return CXChildVisit_Break;
}

/* The first direct child of @c of @kind, or the null cursor. */
CXCursor first_child(CXCursor c, enum CXCursorKind kind)
{
	struct first_of fo = { .kind = kind, .found = clang_getNullCursor() };

	clang_visitChildren(c, first_visit, &fo);
	return fo.found;
}

/* The first punctuation token in @range, or "" (a macro hid it). */
static void first_punct(CXTranslationUnit tu, CXSourceRange range, char *op,
			size_t size)
{
	CXToken *toks = NULL;
	unsigned n = 0, i;

	op[0] = '\0';
	clang_tokenize(tu, range, &toks, &n);
	for (i = 0; i < n; i++) {
		if (clang_getTokenKind(toks[i]) == CXToken_Punctuation) {
			CXString s = clang_getTokenSpelling(tu, toks[i]);

			snprintf(op, size, "%s", clang_getCString(s));
			clang_disposeString(s);
			break;
		}
	}
	if (toks)
		clang_disposeTokens(tu, toks, n);
}

/*
 * Where each file of the unit starts, for expanded().  libclang finds the
 * place of an offset in a header by walking every file entry and macro
 * expansion of the unit (clang's SourceManager::translateFile()), so a
 * header's function in a unit of many macros cost more to read than the
 * unit to parse (jemalloc's, 2 s each).  A file's start is found once a
 * unit; a place in it is the start moved by the offset, as clang's own
 * SourceLocation::getLocWithOffset() moves it, and is used only when
 * libclang reads it back as that file and offset.  clang_getFileContents()
 * walks the same way: a file's text is asked for once a unit too, and
 * where its lines start is counted once (file_line()): a file with
 * hundreds of diagnostics had its text walked from the top for each.
 */
struct file_start {
	CXFile file;
	CXSourceLocation start;
	bool started;
	bool read;
	const char *text;
	size_t size;
	size_t *lines;		/* offset of each line's start, from line 1 */
	size_t nlines;		/* 0 until counted */
};

static struct {
	CXTranslationUnit tu;
	struct file_start *v;
	size_t n, cap;
} starts;

/* Where each branch hint seen in the unit is used: its macro's name. */
struct hint_use {
	CXFile file;
	unsigned offset;
};

static struct {
	struct hint_use *v;
	size_t n, cap;
} hints;

static void memo_reset(CXTranslationUnit tu);

/* The unit the helpers answer for from now on. */
void ast_unit(CXTranslationUnit tu)
{
	starts.tu = tu;
	starts.n = 0;
	hints.n = 0;
	memo_reset(tu);
}

static struct file_start *known_file(CXTranslationUnit tu, CXFile file)
{
	size_t i;

	if (starts.tu != tu)
		ast_unit(tu);
	for (i = 0; i < starts.n; i++)
		if (starts.v[i].file == file)
			return &starts.v[i];
	if (starts.n == starts.cap) {
		starts.cap = starts.cap ? 2 * starts.cap : 64;
		starts.v = xrealloc(starts.v, starts.cap * sizeof(*starts.v));
		memset(&starts.v[starts.n], 0,
		       (starts.cap - starts.n) * sizeof(*starts.v));
	}
	/* An earlier unit's entry: only its line table is ours to free. */
	free(starts.v[starts.n].lines);
	memset(&starts.v[starts.n], 0, sizeof(*starts.v));
	starts.v[starts.n].file = file;
	return &starts.v[starts.n++];
}

static const CXSourceLocation *file_start(CXTranslationUnit tu, CXFile file)
{
	struct file_start *f = known_file(tu, file);

	if (!f->started) {
		f->start = clang_getLocationForOffset(tu, file, 0);
		f->started = true;
	}
	return &f->start;
}

/* clang_getFileContents(), once a unit (ast_unit()) for each file. */
const char *file_text(CXTranslationUnit tu, CXFile file, size_t *size)
{
	struct file_start *f = known_file(tu, file);

	if (!f->read) {
		f->size = 0;
		f->text = clang_getFileContents(tu, file, &f->size);
		f->read = true;
	}
	*size = f->size;
	return f->text;
}

/*
 * Line @line (from 1) of @file's text, and its length without the '\n',
 * or NULL when the text has no such line: lines end at a '\n' only, and
 * a last '\n' starts none.  Line 0 is taken as line 1.
 */
const char *file_line(CXTranslationUnit tu, CXFile file, unsigned line,
		      size_t *len)
{
	struct file_start *f = known_file(tu, file);
	const char *text, *eol;
	size_t size, i, cap = 0;

	text = file_text(tu, file, &size);
	if (!text)
		return NULL;
	if (!f->nlines) {
		for (i = 0; i <= size; i++) {
			if (i && text[i - 1] != '\n')
				continue;
			if (f->nlines == cap) {
				cap = cap ? 2 * cap : 256;
				f->lines = xrealloc(f->lines,
						    cap * sizeof(*f->lines));
			}
			f->lines[f->nlines++] = i;
		}
	}
	if (line > 1 && line - 1 >= f->nlines)
		return NULL;
	i = line > 1 ? f->lines[line - 1] : 0;
	if (i >= size)
		return NULL;
	eol = memchr(text + i, '\n', size - i);
	*len = eol ? (size_t)(eol - (text + i)) : size - i;
	return text + i;
}

/* @offset of @file, a place in the text (not in a macro's expansion). */
static CXSourceLocation at_offset(CXTranslationUnit tu, CXFile file,
				  unsigned offset)
{
	CXSourceLocation loc = *file_start(tu, file);
	CXFile back = NULL;
	unsigned off = 0;

	loc.int_data += offset;
	clang_getFileLocation(loc, &back, NULL, NULL, &off);
	if (back && off == offset && clang_File_isEqual(back, file))
		return loc;
	return clang_getLocationForOffset(tu, file, offset);
}

/* Where @loc's macro, if any, was expanded: the file the tokens are in. */
CXSourceLocation expanded(CXTranslationUnit tu, CXSourceLocation loc)
{
	CXFile file = NULL;
	unsigned offset = 0;

	clang_getExpansionLocation(loc, &file, NULL, NULL, &offset);
	return file ? at_offset(tu, file, offset) : loc;
}

static bool is_hint_use(CXFile file, unsigned offset)
{
	size_t i;

	for (i = 0; i < hints.n; i++)
		if (hints.v[i].offset == offset &&
		    clang_File_isEqual(hints.v[i].file, file))
			return true;
	return false;
}

static void add_hint_use(CXFile file, unsigned offset)
{
	if (!file || is_hint_use(file, offset))
		return;
	if (hints.n == hints.cap) {
		hints.cap = hints.cap ? 2 * hints.cap : 16;
		hints.v = xrealloc(hints.v, hints.cap * sizeof(*hints.v));
	}
	hints.v[hints.n].file = file;
	hints.v[hints.n++].offset = offset;
}

/*
 * Where @loc is written.  In a branch hint's argument, the argument's own
 * text ("unlikely(ret < 0)" writes its "<" between its operands, there);
 * anywhere else in a macro, where the macro was used, as expanded() says.
 * Another macro's argument is not read: what an assertion or a warning
 * macro does with its condition is in its body, which is not looked into.
 */
static CXSourceLocation written(CXTranslationUnit tu, CXSourceLocation loc)
{
	CXFile file = NULL, use = NULL;
	unsigned offset = 0, at = 0;

	/* libclang's file location is the argument's text for what a
	 * macro's argument wrote, the macro's use for what its body did;
	 * the expansion location of both is the outermost macro's name. */
	clang_getExpansionLocation(loc, &use, NULL, NULL, &at);
	if (!use)
		return loc;
	if (hints.n) {
		clang_getFileLocation(loc, &file, NULL, NULL, &offset);
		if (file && offset != at && is_hint_use(use, at))
			return at_offset(tu, file, offset);
	}
	return at_offset(tu, use, at);
}

/* The first punctuation between @a and @b, as they are written. */
static void punct_between(CXTranslationUnit tu, CXSourceLocation a,
			  CXSourceLocation b, char *op, size_t size)
{
	first_punct(tu, clang_getRange(written(tu, a), written(tu, b)),
		    op, size);
}

/* The first punctuation after @c inside @outer: "(" after a callee. */
void punct_after(CXTranslationUnit tu, CXCursor c, CXCursor outer, char *op,
		 size_t size)
{
	punct_between(tu, clang_getRangeEnd(clang_getCursorExtent(c)),
		      clang_getRangeEnd(clang_getCursorExtent(outer)),
		      op, size);
}

/* The operator of a binary expression sits between its operands; none is
 * read where nothing is written between them: both are a macro's body,
 * whose tokens libclang places at the macro's use, where the first
 * punctuation is the "(" after its name, not the operator the body
 * wrote. */
void binary_op(CXTranslationUnit tu, CXCursor lhs, CXCursor rhs, char *op,
	       size_t size)
{
	CXSourceLocation a = written(tu,
			clang_getRangeEnd(clang_getCursorExtent(lhs)));
	CXSourceLocation b = written(tu,
			clang_getRangeStart(clang_getCursorExtent(rhs)));
	CXFile fa = NULL, fb = NULL;
	unsigned oa = 0, ob = 0;

	clang_getFileLocation(a, &fa, NULL, NULL, &oa);
	clang_getFileLocation(b, &fb, NULL, NULL, &ob);
	if (fa && fb && clang_File_isEqual(fa, fb) && oa >= ob) {
		op[0] = '\0';
		return;
	}
	first_punct(tu, clang_getRange(a, b), op, size);
}

/* A prefix operator comes before its operand, a postfix one after. */
void unary_op(CXTranslationUnit tu, CXCursor e, CXCursor operand, char *op,
	      size_t size)
{
	CXSourceRange whole = clang_getCursorExtent(e);
	CXSourceRange inner = clang_getCursorExtent(operand);
	CXSourceLocation ws = written(tu, clang_getRangeStart(whole));
	CXSourceLocation is = written(tu, clang_getRangeStart(inner));
	unsigned a, b;

	clang_getFileLocation(ws, NULL, NULL, NULL, &a);
	clang_getFileLocation(is, NULL, NULL, NULL, &b);
	if (a < b)
		first_punct(tu, clang_getRange(ws, is), op, size);
	else
		first_punct(tu, clang_getRange(
			written(tu, clang_getRangeEnd(inner)),
			written(tu, clang_getRangeEnd(whole))), op, size);
}

/* A variable of the function's own: not static, not extern. */
bool is_local_var(CXCursor var)
{
	enum CX_StorageClass sc = clang_Cursor_getStorageClass(var);
	CXCursor parent = clang_getCursorSemanticParent(var);

	return clang_getCursorKind(parent) == CXCursor_FunctionDecl &&
	       sc != CX_SC_Static && sc != CX_SC_Extern;
}

/* Whether @c is a use of the variable (or parameter) @var by name. */
bool names_var(CXCursor c, CXCursor var)
{
	return clang_getCursorKind(c) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(c), var);
}

/* @e without the parentheses and implicit conversions around it. */
CXCursor peel(CXCursor e)
{
	struct kids k;

	for (;;) {
		enum CXCursorKind kind = clang_getCursorKind(e);

		if (kind != CXCursor_ParenExpr && kind != CXCursor_UnexposedExpr)
			return e;
		expr_kids(e, &k);
		if (k.n != 1)
			return e;
		/* A conversion spans its operand; an unexposed expression
		 * wider than its one operand is something else, such as
		 * the recovery of "p->member" whose member is unknown. */
		if (kind == CXCursor_UnexposedExpr &&
		    !clang_equalRanges(clang_getCursorExtent(e),
				       clang_getCursorExtent(k.v[0])))
			return e;
		e = k.v[0];
	}
}

/* The local variable @e names, or a null cursor. */
CXCursor local_of(CXCursor e)
{
	CXCursor ref;

	e = peel(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	ref = clang_getCursorReferenced(e);
	if (clang_getCursorKind(ref) != CXCursor_VarDecl || !is_local_var(ref))
		return clang_getNullCursor();
	return ref;
}

/* An integer constant expression whose value is 0. */
bool is_zero_const(CXCursor e)
{
	return const_values(e) == RV_ZERO;
}

/* The rules a retconv: ignore comment on @line of @file switches off.  The
 * line is found through the unit's table of lines (file_line()): walking
 * the text from its start for each site made a big file's sites cost
 * their number times its size. */
unsigned suppress_at(CXTranslationUnit tu, CXFile file, unsigned line)
{
	const char *p, *eol, *hit;
	unsigned mask = 0;
	size_t len = 0;

	p = file_line(tu, file, line, &len);
	if (!p)
		return 0;
	eol = p + len;
	hit = memmem(p, len, "retconv: ignore", 15);
	if (!hit)
		return 0;
	for (hit += 15; hit < eol && !(hit[0] == '*' && hit[1] == '/'); hit++) {
		if (*hit >= 'A' && *hit <= 'E')
			mask |= SUPPRESS_RULE(*hit);
	}
	return mask ? mask : SUPPRESS_ALL;
}

unsigned offset_of(CXCursor c)
{
	unsigned off = 0;

	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL,
				   NULL, &off);
	return off;
}

unsigned end_of(CXCursor c)
{
	unsigned off = 0;

	clang_getExpansionLocation(clang_getRangeEnd(clang_getCursorExtent(c)),
				   NULL, NULL, NULL, &off);
	return off;
}

/* Where @c starts; a declaration, at its name. */
void line_col(CXCursor c, unsigned *line, unsigned *col)
{
	CXSourceLocation loc = clang_getRangeStart(clang_getCursorExtent(c));

	if (clang_getCursorKind(c) == CXCursor_VarDecl)
		loc = clang_getCursorLocation(c);

	clang_getExpansionLocation(loc, NULL, line, col, NULL);
}

/* The operand of @e if it is an explicit cast, into @op. */
bool cast_operand(CXCursor e, CXCursor *op)
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

/* The operand of @e when @e is a unary minus ("-err"), else a null
 * cursor. */
CXCursor minus_operand(CXTranslationUnit tu, CXCursor e)
{
	struct kids k;
	char op[8];

	e = peel(e);
	if (clang_getCursorKind(e) != CXCursor_UnaryOperator)
		return clang_getNullCursor();
	expr_kids(e, &k);
	if (k.n != 1)
		return clang_getNullCursor();
	unary_op(tu, e, k.v[0], op, sizeof(op));
	return strcmp(op, "-") ? clang_getNullCursor() : k.v[0];
}

/* Parentheses, implicit conversions and casts hide nothing here. */
CXCursor strip_casts(CXCursor e)
{
	CXCursor op;

	for (;;) {
		e = peel(e);
		if (!cast_operand(e, &op))
			return e;
		e = op;
	}
}

/*
 * range_text()'s answers in the unit at hand, by the range's own bits: the
 * same member is spelled again at each test of it and each store to it
 * (infer.c's guards, origin.c's holders), and a member that a macro wrote
 * has a range from the macro's body to its use, thousands of tokens in an
 * amalgamated file, whose tests and stores are thousands too.  A table
 * grown large is freed at the next unit, not cleared, so that every small
 * unit after a big one does not clear it.
 */
struct text_memo {
	CXSourceRange r;
	char *text;
};

static struct {
	CXTranslationUnit tu;
	struct text_memo *v;
	size_t cap, n;
} memo;

#define MEMO_KEEP	4096	/* a table this big is cleared, not freed */

static void memo_reset(CXTranslationUnit tu)
{
	size_t i;

	for (i = 0; i < memo.cap; i++)
		free(memo.v[i].text);
	if (memo.cap > MEMO_KEEP) {
		free(memo.v);
		memo.v = NULL;
		memo.cap = 0;
	} else if (memo.cap) {
		memset(memo.v, 0, memo.cap * sizeof(*memo.v));
	}
	memo.n = 0;
	memo.tu = tu;
}

static bool same_range(CXSourceRange a, CXSourceRange b)
{
	return a.ptr_data[0] == b.ptr_data[0] &&
	       a.ptr_data[1] == b.ptr_data[1] &&
	       a.begin_int_data == b.begin_int_data &&
	       a.end_int_data == b.end_int_data;
}

/* @r's slot: its entry, or the empty one it would take. */
static struct text_memo *memo_slot(CXSourceRange r)
{
	size_t h = ((uintptr_t)r.ptr_data[0] >> 4) * 31 +
		   ((uintptr_t)r.ptr_data[1] >> 4) +
		   r.begin_int_data * 0x9e3779b1U + r.end_int_data;
	size_t i;

	for (i = h & (memo.cap - 1); memo.v[i].text;
	     i = (i + 1) & (memo.cap - 1))
		if (same_range(memo.v[i].r, r))
			break;
	return &memo.v[i];
}

static void memo_grow(void)
{
	struct text_memo *old = memo.v;
	size_t i, cap = memo.cap;

	memo.cap = cap ? 2 * cap : 256;
	memo.v = xcalloc(memo.cap, sizeof(*memo.v));
	for (i = 0; i < cap; i++)
		if (old[i].text)
			*memo_slot(old[i].r) = old[i];
	free(old);
}

static char *tokens_text(CXTranslationUnit tu, CXSourceRange range);

char *range_text(CXTranslationUnit tu, CXSourceRange range)
{
	struct text_memo *m;

	if (memo.tu != tu)
		memo_reset(tu);
	if (2 * (memo.n + 1) > memo.cap)
		memo_grow();
	m = memo_slot(range);
	if (!m->text) {
		m->r = range;
		m->text = tokens_text(tu, range);
		memo.n++;
	}
	return xstrdup(m->text);
}

/* The tokens of @range run together. */
static char *tokens_text(CXTranslationUnit tu, CXSourceRange range)
{
	CXToken *toks = NULL;
	unsigned n = 0, i;
	size_t len = 0, cap = 64;
	char *out = xmalloc(cap);

	*out = '\0';
	clang_tokenize(tu, range, &toks, &n);
	for (i = 0; i < n; i++) {
		CXString s = clang_getTokenSpelling(tu, toks[i]);
		const char *t = clang_getCString(s);
		size_t tl = strlen(t);

		/* Doubled, not grown by each token: a macro's use can span
		 * thousands. */
		if (len + tl + 1 > cap) {
			while (len + tl + 1 > cap)
				cap *= 2;
			out = xrealloc(out, cap);
		}
		memcpy(out + len, t, tl + 1);
		len += tl;
		clang_disposeString(s);
	}
	if (toks)
		clang_disposeTokens(tu, toks, n);
	return out;
}

/*
 * @c's extent in the text: for what a macro wrote, the whole of the
 * macro's use ("app_log(ctx, 7, \"failed\")"), which clang_tokenize()
 * does not give for the extent as libclang has it.
 */
CXSourceRange text_extent(CXTranslationUnit tu, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);
	CXFile a = NULL, b = NULL;
	unsigned from = 0, to = 0;

	clang_getFileLocation(clang_getRangeStart(r), &a, NULL, NULL, &from);
	clang_getFileLocation(clang_getRangeEnd(r), &b, NULL, NULL, &to);
	if (!a || !b || !clang_File_isEqual(a, b) || to < from)
		return r;
	return clang_getRange(at_offset(tu, a, from), at_offset(tu, b, to));
}

/* The tokens of @c run together: "d->err", "s.ret". */
char *spelling(CXTranslationUnit tu, CXCursor c)
{
	return range_text(tu, clang_getCursorExtent(c));
}

/* The tokens of @c as the text has them, a macro by its name: "ENOENT"
 * where spelling() finds the macro's body. */
char *written_text(CXTranslationUnit tu, CXCursor c)
{
	CXSourceRange r = clang_getCursorExtent(c);

	return range_text(tu, clang_getRange(
		written(tu, clang_getRangeStart(r)),
		written(tu, clang_getRangeEnd(r))));
}

/* The first word of @c as the text has it: an identifier, or a keyword
 * if @keyword. */
static char *first_word(CXTranslationUnit tu, CXCursor c, bool keyword)
{
	CXSourceLocation at = written(tu,
			clang_getRangeStart(clang_getCursorExtent(c)));
	CXToken *toks = NULL;
	unsigned n = 0;
	char *out = NULL;
	CXTokenKind kind;

	/* From where the text stands, not where a macro's body does. */
	clang_tokenize(tu, clang_getRange(at, at), &toks, &n);
	kind = n ? clang_getTokenKind(toks[0]) : CXToken_Comment;
	if (kind == CXToken_Identifier ||
	    (keyword && kind == CXToken_Keyword)) {
		CXString str = clang_getTokenSpelling(tu, toks[0]);

		out = xstrdup(clang_getCString(str));
		clang_disposeString(str);
	}
	if (toks)
		clang_disposeTokens(tu, toks, n);
	return out;
}

/* The first token of @c: the name of a macro it is written with. */
char *first_token(CXTranslationUnit tu, CXCursor c)
{
	return first_word(tu, c, false);
}

/* The operand of "!!e", or a null cursor.  An operator that a macro's
 * body wrote cannot be read ("!!(x)" of unlikely(): the text there is
 * the macro's name or its parentheses); in a hint's argument two such
 * are taken for "!!", the only pair a hint's macro writes. */
static CXCursor double_not(CXTranslationUnit tu, CXCursor e)
{
	struct kids k;
	char op[8];
	int i;

	for (i = 0; i < 2; i++) {
		e = peel(e);
		expr_kids(e, &k);
		if (clang_getCursorKind(e) != CXCursor_UnaryOperator ||
		    k.n != 1)
			return clang_getNullCursor();
		unary_op(tu, e, k.v[0], op, sizeof(op));
		if (op[0] && strchr("-~+*&", op[0]))
			return clang_getNullCursor();
		e = k.v[0];
	}
	return e;
}

static bool is_hint(CXCursor call)
{
	CXString name;
	bool hint;

	if (clang_getCursorKind(call) != CXCursor_CallExpr ||
	    clang_Cursor_getNumArguments(call) != 2)
		return false;
	name = clang_getCursorSpelling(call);
	hint = !strcmp(clang_getCString(name), "__builtin_expect");
	clang_disposeString(name);
	return hint;
}

/*
 * What the if statement @stmt tests, its condition @cond being read: the
 * condition a branch hint holds, "__builtin_expect(!ret, 0)", which the
 * likely() and unlikely() macros of every project expand to (the kernel's
 * as "__builtin_expect(!!(x), 0)"), or @cond itself.  Only an if that the
 * text writes: one in a macro's body (an assertion's "if
 * (unlikely(!(cond))) abort()") tests what that macro was given, for its
 * own ends.  From then on the hint's argument is read as the text has it
 * (written()); the call-site pass asks for each if before it reads any
 * expression of the body.
 */
CXCursor branch_cond(CXTranslationUnit tu, CXCursor stmt, CXCursor cond)
{
	CXCursor inner;
	char *tok;
	bool text;

	cond = peel(cond);
	if (!is_hint(cond))
		return cond;
	tok = first_word(tu, stmt, true);
	text = tok && !strcmp(tok, "if");
	free(tok);
	if (!text)
		return cond;
	do {
		CXFile use = NULL;
		unsigned at = 0;

		clang_getExpansionLocation(clang_getRangeStart(
				clang_getCursorExtent(cond)), &use, NULL,
				NULL, &at);
		add_hint_use(use, at);
		cond = clang_Cursor_getArgument(cond, 0);
		inner = double_not(tu, cond);
		if (!clang_Cursor_isNull(inner))
			cond = inner;
		cond = peel(cond);
	} while (is_hint(cond));
	return cond;
}

/*
 * An assertion's macro, used where @stmt's text stands: its argument is
 * read as the text has it from then on, as a branch hint's is.  Its body
 * was read (callsite.c's assertion()): the test fails the program when
 * the argument is 0, so what the argument asks is the text's question.
 */
void assertion_args(CXCursor stmt)
{
	CXFile use = NULL;
	unsigned at = 0;

	clang_getExpansionLocation(clang_getRangeStart(
			clang_getCursorExtent(stmt)), &use, NULL, NULL, &at);
	add_hint_use(use, at);
}

/* Folds @e: false when it is not an integer constant. */
bool const_value(CXCursor e, long long *v)
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

/*
 * The USR a function @fn is known by across files.  One whose first
 * declaration in this unit comes from a system header belongs to an
 * installed library (the C library, POSIX): the unit's program links
 * that library, and a definition of the same name in the tree that did
 * not see the header belongs to another program of the tree (a
 * freestanding hypervisor's own snprintf() beside the user-space tools
 * that call the C library's).  Such a USR starts with "sys:", so that a
 * call and a definition meet only when both saw the same kind of
 * declaration, and the call is otherwise judged by the library's
 * contract (outside.c); free() it.
 */
char *function_usr(CXCursor fn)
{
	CXCursor first = clang_getCanonicalCursor(fn);
	CXString s = clang_getCursorUSR(fn);
	char *usr;

	if (sysloc_system(clang_getCursorLocation(first)))
		usr = xasprintf("sys:%s", clang_getCString(s));
	else
		usr = xstrdup(clang_getCString(s));
	clang_disposeString(s);
	return usr;
}

/* The word @name ends with, from its last underscore or its last capital
 * after a small letter (CURLE_OK: "OK", CborNoError: "Error"). */
static const char *last_word(const char *name)
{
	const char *p, *w = name;

	for (p = name; *p; p++)
		if (*p == '_' && p[1])
			w = p + 1;
		else if (p > name && isupper((unsigned char)*p) &&
			 islower((unsigned char)p[-1]))
			w = p;
	return w;
}

/* Whether the name of an enumerator spells success: its last word is OK
 * or SUCCESS, or it ends in "no error" (CborNoError, ERR_NONE is not). */
static bool success_name(const char *name)
{
	const char *w = last_word(name);
	size_t n = strlen(name);

	return !strcasecmp(w, "ok") || !strcasecmp(w, "success") ||
	       (n >= 7 && !strcasecmp(name + n - 7, "noerror")) ||
	       (n >= 8 && !strcasecmp(name + n - 8, "no_error"));
}

static enum CXChildVisitResult okenum_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	bool *ok = data;
	CXString str;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_EnumConstantDecl ||
	    clang_getEnumConstantDeclValue(c) != 0)
		return CXChildVisit_Continue;
	str = clang_getCursorSpelling(c);
	*ok = success_name(clang_getCString(str));
	clang_disposeString(str);
	return CXChildVisit_Break;
}

/* Whether @t is an enumeration whose 0 is named for success (CURLE_OK,
 * UCS_OK): a status set, whose 0 is the success of an action and whose
 * other members are its own codes. */
bool ok_enum(CXType t)
{
	bool ok = false;

	t = clang_getCanonicalType(t);
	if (t.kind != CXType_Enum)
		return false;
	clang_visitChildren(clang_getTypeDeclaration(t), okenum_visit, &ok);
	return ok;
}
