// SPDX-License-Identifier: MIT
/*
 * A configuration's #error in a header, or a clash with the system's
 * declarations: the choice the build made.
 *
 * A header that serves several configurations often ends its chain of
 * choices with an #error ("#if __riscv_xlen == 64 ... #elif ... == 32 ...
 * #else #error", "#if defined(USE_OPENSSL) ... #else #error no backend"),
 * or stops a build whose configuration lacks a setting ("#ifndef
 * CONFIG_X #error").  The build passed the setting (-D, a generated
 * config.h), and one branch was read; a tree read without its build
 * reaches the #error instead, and every type and constant the chain
 * would have defined is then missing from the file.  Like a missing
 * configuration header, that is no reason to give up on the file: the
 * header is read again as the build would have it, with the #error's own
 * branch not taken and, where it is the chain's last resort (#elif or
 * #else), the chain's first branch taken, the one a project lists first
 * (its default, or its main platform).  The directives keep their lines,
 * so every line keeps its number.
 *
 * An #error outside any conditional, or in the main file, is left alone:
 * nothing there says what the build would choose.
 *
 * A header's declaration that clashes with the system's (a redefinition,
 * conflicting types) says the same of its branch: a generated config.h
 * that is missing leaves every HAVE_X undefined, and the header then
 * declares its own struct timeval or bool, for systems that lack them.
 * The build compiled, so on its system that branch was not taken: it is
 * read as not taken, the innermost conditional around the declaration
 * that is not the header's include guard.
 */
#include <stdlib.h>
#include <string.h>

#include "retconv.h"
#include "sysloc.h"
#include "confpick.h"
#include "inactive.h"

/* At most this many headers rewritten for a file. */
#define PICK_MAX	16

struct cond {
	unsigned line, end;	/* the first branch's directive, from 1 */
	bool later;		/* in a branch after the first */
	bool guard;		/* "#ifndef X" then "#define X" */
};

static bool is(const char *w, size_t n, const char *want)
{
	return n == strlen(want) && !strncmp(w, want, n);
}

/* The lines of @text, each a fresh string; how many in @n. */
static char **split(const char *text, size_t size, size_t *n)
{
	const char *s = text, *end = text + size, *eol;
	char **v = NULL;

	*n = 0;
	while (s < end) {
		eol = memchr(s, '\n', (size_t)(end - s));
		if (!eol)
			eol = end;
		v = xrealloc(v, (*n + 1) * sizeof(*v));
		v[(*n)++] = strndup(s, (size_t)(eol - s));
		s = eol + 1;
	}
	return v;
}

static char *join_lines(char **v, size_t n)
{
	size_t i, total = 1, len;
	char *out, *p;

	for (i = 0; i < n; i++)
		total += strlen(v[i]) + 1;
	out = p = xmalloc(total);
	for (i = 0; i < n; i++) {
		len = strlen(v[i]);
		memcpy(p, v[i], len);
		p[len] = '\n';
		p += len + 1;
	}
	*p = '\0';
	return out;
}

/* Make @c's first branch "#if 1" or "#if 0" (its continuation lines
 * empty). */
static void set_first(char **v, const struct cond *c, bool taken)
{
	unsigned i;

	free(v[c->line - 1]);
	v[c->line - 1] = xstrdup(taken ? "#if 1" : "#if 0");
	for (i = c->line + 1; i <= c->end; i++) {
		free(v[i - 1]);
		v[i - 1] = xstrdup("");
	}
}

/* The line after directive @i and its continuation lines, from 0. */
static size_t directive_end(char **v, size_t n, size_t i)
{
	while (i + 1 < n && *v[i] && v[i][strlen(v[i]) - 1] == '\\')
		i++;
	return i + 1;
}

static bool blank(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return !*s;
}

static bool listed(const unsigned *lines, size_t n, size_t line)
{
	size_t k;

	for (k = 0; k < n && lines[k] != line; k++)
		;
	return k < n;
}

/* Whether "#ifndef X" on line @i is followed by "#define X": a guard. */
static bool guards(char **v, size_t n, size_t i)
{
	const char *w, *name;
	size_t len, nlen, j;

	w = inactive_directive(v[i], &len);
	if (!is(w, len, "ifndef"))
		return false;
	for (name = w + len; *name == ' ' || *name == '\t'; name++)
		;
	nlen = strcspn(name, " \t/");
	for (j = i + 1; j < n && blank(v[j]); j++)
		;
	if (j == n || !(w = inactive_directive(v[j], &len)) ||
	    !is(w, len, "define"))
		return false;
	for (w += len; *w == ' ' || *w == '\t'; w++)
		;
	return nlen && !strncmp(w, name, nlen) &&
	       (!w[nlen] || w[nlen] == ' ' || w[nlen] == '\t');
}

/* The innermost conditional open at a clash that is not a guard. */
static struct cond *around(struct cond *stack, size_t depth)
{
	for (; depth; depth--)
		if (!stack[depth].guard)
			return &stack[depth];
	return NULL;
}

char *confpick_text(const char *text, size_t size, const unsigned *errs,
		    size_t nerrs, const unsigned *clashes, size_t nclashes)
{
	struct cond *stack, *c;
	size_t n, i, len, depth = 0;
	char **v = split(text, size, &n), *out = NULL;
	const char *w;
	bool changed = false;

	stack = xcalloc(n + 1, sizeof(*stack));
	for (i = 0; i < n; i++) {
		w = inactive_directive(v[i], &len);
		if (!w) {
			c = listed(clashes, nclashes, i + 1) ?
			    around(stack, depth) : NULL;
			if (c) {
				set_first(v, c, c->later);
				changed = true;
			}
			continue;
		}
		if (is(w, len, "if") || is(w, len, "ifdef") ||
		    is(w, len, "ifndef")) {
			depth++;
			stack[depth].line = stack[depth].end = i + 1;
			stack[depth].later = false;
			stack[depth].guard = guards(v, n, i);
			stack[depth].end = directive_end(v, n, i);
		} else if (depth && (is(w, len, "elif") || is(w, len, "else"))) {
			stack[depth].later = true;
		} else if (depth && is(w, len, "endif")) {
			depth--;
		} else if (depth && is(w, len, "error") &&
			   listed(errs, nerrs, i + 1)) {
			set_first(v, &stack[depth], stack[depth].later);
			changed = true;
		}
	}
	if (changed)
		out = join_lines(v, n);
	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
	free(stack);
	return out;
}

/*
 * Whether line @line (from 1) of @text is a lone #error: the only thing
 * in a conditional of one branch ("#if X", the #error, "#endif", blank
 * lines aside).  Where the conditional is not taken, reading it as "#if
 * 0" changes nothing; where it is, only the #error goes.
 */
bool confpick_lone(const char *text, size_t size, unsigned line)
{
	size_t n, i = line - 1, j, len;
	char **v = split(text, size, &n);
	const char *w;
	bool lone = false;

	w = i < n ? inactive_directive(v[i], &len) : NULL;
	if (!w || !is(w, len, "error"))
		goto out;
	/* The conditional's line above, past blank lines. */
	for (j = i; j > 0 && blank(v[j - 1]); j--)
		;
	if (!j)
		goto out;
	/* Its first line, where it is continued. */
	for (j--; j > 0 && *v[j - 1] && v[j - 1][strlen(v[j - 1]) - 1] == '\\';
	     j--)
		;
	w = inactive_directive(v[j], &len);
	if (!w || !(is(w, len, "if") || is(w, len, "ifdef") ||
		    is(w, len, "ifndef")))
		goto out;
	for (j = directive_end(v, n, i); j < n && blank(v[j]); j++)
		;
	w = j < n ? inactive_directive(v[j], &len) : NULL;
	lone = w && is(w, len, "endif");
out:
	for (j = 0; j < n; j++)
		free(v[j]);
	free(v);
	return lone;
}

/* @text with each #error directive of @lines (from 1) made blank lines. */
char *confpick_blank(const char *text, size_t size, const unsigned *lines,
		     size_t nlines)
{
	size_t n, i, j, end;
	char **v = split(text, size, &n), *out;

	for (i = 0; i < nlines; i++) {
		if (!lines[i] || lines[i] > n)
			continue;
		end = directive_end(v, n, lines[i] - 1);
		for (j = lines[i] - 1; j < end; j++) {
			free(v[j]);
			v[j] = xstrdup("");
		}
	}
	out = join_lines(v, n);
	for (i = 0; i < n; i++)
		free(v[i]);
	free(v);
	return out;
}

static struct rc_pick *pick_of(struct rc_picks *p, const char *path)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		if (!strcmp(p->v[i].path, path))
			return &p->v[i];
	return NULL;
}

/* clang files an #error as a "User-Defined Issue" (#warning too): only
 * those are looked for in the text. */
static bool user_defined(CXDiagnostic d)
{
	CXString s = clang_getDiagnosticCategoryText(d);
	bool pp = !strcmp(clang_getCString(s), "User-Defined Issue");

	clang_disposeString(s);
	return pp;
}

/* Whether line @line of @file is an #error directive. */
static bool error_line(CXTranslationUnit tu, CXFile file, unsigned line)
{
	size_t size, len;
	const char *text = clang_getFileContents(tu, file, &size), *s, *end, *w;
	unsigned l = 1;

	if (!text)
		return false;
	for (s = text, end = text + size; s < end && l < line; s++)
		if (*s == '\n')
			l++;
	if (l != line)
		return false;
	w = inactive_directive(s, &len);
	return w && is(w, len, "error");
}

struct seek {
	const char *name;
	size_t len;
	bool found;
};

static enum CXChildVisitResult system_decl(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct seek *k = data;
	CXString s;

	(void)parent;
	if (!clang_isDeclaration(clang_getCursorKind(c)) ||
	    !sysloc_system(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	s = clang_getCursorSpelling(c);
	k->found = strlen(clang_getCString(s)) == k->len &&
		   !strncmp(clang_getCString(s), k->name, k->len);
	clang_disposeString(s);
	return k->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

/*
 * Whether @d is a declaration that clashes with one the system's headers
 * made: a redefinition or conflicting types of a name that a system
 * header declares at file scope.  The "previous definition is here" note
 * would say so, but notes of included files are not kept (the parse's
 * IgnoreNonErrorsFromIncludedFiles), so the name is looked up.
 */
static bool clashes_with_system(CXTranslationUnit tu, CXDiagnostic d)
{
	static const char *const says[] = {
		"redefinition of '", "typedef redefinition with different types",
		"conflicting types for '",
	};
	CXString s = clang_getDiagnosticSpelling(d), named = { 0 };
	const char *m = clang_getCString(s), *q;
	struct seek k = { 0 };
	CXCursor at;
	size_t i;

	for (i = 0; i < sizeof(says) / sizeof(says[0]); i++)
		if (!strncmp(m, says[i], strlen(says[i])))
			break;
	if (i == 1) {
		/* The message names the types, not the typedef. */
		at = clang_getCursor(tu, clang_getDiagnosticLocation(d));
		named = clang_getCursorSpelling(at);
		if (clang_getCursorKind(at) == CXCursor_TypedefDecl) {
			k.name = clang_getCString(named);
			k.len = strlen(k.name);
		}
	} else if (i < sizeof(says) / sizeof(says[0])) {
		k.name = m + strlen(says[i]);
		q = strchr(k.name, '\'');
		k.len = q ? (size_t)(q - k.name) : 0;
	}
	if (k.len)
		clang_visitChildren(clang_getTranslationUnitCursor(tu),
				    system_decl, &k);
	if (i == 1)
		clang_disposeString(named);
	clang_disposeString(s);
	return k.found;
}

/* The pick of @file, made with its text when new; NULL past PICK_MAX. */
static struct rc_pick *pick_for(CXTranslationUnit tu, CXFile file,
				struct rc_picks *p, char *path)
{
	struct rc_pick *pk = pick_of(p, path);
	const char *text;
	size_t size;

	if (pk || p->n == PICK_MAX) {
		free(path);
		return pk;
	}
	p->v = xrealloc(p->v, (p->n + 1) * sizeof(*p->v));
	pk = &p->v[p->n++];
	memset(pk, 0, sizeof(*pk));
	pk->path = path;
	text = clang_getFileContents(tu, file, &size);
	pk->orig = strndup(text ? text : "", text ? size : 0);
	pk->size = strlen(pk->orig);
	return pk;
}

/* Add @line to @pk's #errors or clashes; false when it changes nothing. */
static bool pick_line(struct rc_pick *pk, unsigned line, bool clash)
{
	unsigned **v = clash ? &pk->clashes : &pk->lines;
	size_t *n = clash ? &pk->nclashes : &pk->nlines;
	char *t;

	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = line;
	t = confpick_text(pk->orig, pk->size, pk->lines, pk->nlines,
			  pk->clashes, pk->nclashes);
	if (!t) {
		(*n)--;
		return false;
	}
	free(pk->text);
	pk->text = t;
	return true;
}

size_t confpick_find(CXTranslationUnit tu, const char *main_path,
		     struct rc_picks *p)
{
	unsigned i, n = clang_getNumDiagnostics(tu), line;
	struct rc_pick *pk;
	size_t added = 0;
	CXSourceLocation at;
	CXString name;
	CXFile file;
	char *path;
	bool error, user, clash;

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);

		file = NULL;
		at = clang_getDiagnosticLocation(d);
		error = clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error;
		user = error && user_defined(d);
		clash = error && !user && !sysloc_system(at) &&
			clashes_with_system(tu, d);
		if (user || clash)
			clang_getSpellingLocation(at, &file, &line, NULL, NULL);
		clang_disposeDiagnostic(d);
		if (!file || (!clash && !error_line(tu, file, line)))
			continue;
		name = clang_getFileName(file);
		path = xstrdup(clang_getCString(name));
		clang_disposeString(name);
		if (!strcmp(path, main_path)) {
			free(path);
			continue;
		}
		pk = pick_for(tu, file, p, path);
		if (pk && pick_line(pk, line, clash))
			added++;
	}
	return added;
}

static void pick_free(struct rc_pick *pk)
{
	free(pk->path);
	free(pk->orig);
	free(pk->text);
	free(pk->lines);
	free(pk->clashes);
}

void confpick_free(struct rc_picks *p)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		pick_free(&p->v[i]);
	free(p->v);
	p->v = NULL;
	p->n = 0;
}

void confpick_copy(struct rc_picks *dst, const struct rc_picks *src)
{
	const struct rc_pick *s;
	struct rc_pick *d;
	size_t i;

	dst->n = src->n;
	dst->v = src->n ? xcalloc(src->n, sizeof(*dst->v)) : NULL;
	for (i = 0; i < src->n; i++) {
		s = &src->v[i];
		d = &dst->v[i];
		d->path = xstrdup(s->path);
		d->orig = xmalloc(s->size + 1);
		memcpy(d->orig, s->orig, s->size + 1);
		d->size = s->size;
		d->text = s->text ? xstrdup(s->text) : NULL;
		d->nlines = s->nlines;
		d->lines = xcalloc(s->nlines + 1, sizeof(*d->lines));
		memcpy(d->lines, s->lines, s->nlines * sizeof(*d->lines));
		d->nclashes = s->nclashes;
		d->clashes = xcalloc(s->nclashes + 1, sizeof(*d->clashes));
		memcpy(d->clashes, s->clashes,
		       s->nclashes * sizeof(*d->clashes));
	}
}
