// SPDX-License-Identifier: MIT
/*
 * A configuration's #error in a header: the choice the build made.
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
 */
#include <stdlib.h>
#include <string.h>

#include "retconv.h"
#include "confpick.h"
#include "inactive.h"

/* At most this many headers rewritten for a file. */
#define PICK_MAX	16

struct cond {
	unsigned line, end;	/* the first branch's directive, from 1 */
	bool later;		/* in a branch after the first */
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

char *confpick_text(const char *text, size_t size, const unsigned *errs,
		    size_t nerrs)
{
	struct cond *stack;
	size_t n, i, j, k, len, depth = 0;
	char **v = split(text, size, &n), *out = NULL;
	const char *w;
	bool changed = false;

	stack = xcalloc(n + 1, sizeof(*stack));
	for (i = 0; i < n; i++) {
		w = inactive_directive(v[i], &len);
		if (!w)
			continue;
		if (is(w, len, "if") || is(w, len, "ifdef") ||
		    is(w, len, "ifndef")) {
			depth++;
			stack[depth].line = stack[depth].end = i + 1;
			stack[depth].later = false;
			for (j = i; j + 1 < n && *v[j] &&
			     v[j][strlen(v[j]) - 1] == '\\'; j++)
				stack[depth].end = j + 2;
		} else if (depth && (is(w, len, "elif") || is(w, len, "else"))) {
			stack[depth].later = true;
		} else if (depth && is(w, len, "endif")) {
			depth--;
		} else if (depth && is(w, len, "error")) {
			for (k = 0; k < nerrs && errs[k] != i + 1; k++)
				;
			if (k == nerrs)
				continue;
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

size_t confpick_find(CXTranslationUnit tu, const char *main_path,
		     struct rc_picks *p)
{
	unsigned i, n = clang_getNumDiagnostics(tu), line;
	size_t added = 0, size;
	struct rc_pick *pk;
	const char *text;
	CXString name;
	CXFile file;
	char *path, *t;

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);

		file = NULL;
		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error &&
		    user_defined(d))
			clang_getSpellingLocation(clang_getDiagnosticLocation(d),
						  &file, &line, NULL, NULL);
		clang_disposeDiagnostic(d);
		if (!file || !error_line(tu, file, line))
			continue;
		name = clang_getFileName(file);
		path = xstrdup(clang_getCString(name));
		clang_disposeString(name);
		pk = pick_of(p, path);
		if (!strcmp(path, main_path) || (!pk && p->n == PICK_MAX)) {
			free(path);
			continue;
		}
		if (!pk) {
			p->v = xrealloc(p->v, (p->n + 1) * sizeof(*p->v));
			pk = &p->v[p->n++];
			memset(pk, 0, sizeof(*pk));
			pk->path = path;
			text = clang_getFileContents(tu, file, &size);
			pk->orig = strndup(text ? text : "", text ? size : 0);
			pk->size = strlen(pk->orig);
		} else {
			free(path);
		}
		pk->lines = xrealloc(pk->lines,
				     (pk->nlines + 1) * sizeof(*pk->lines));
		pk->lines[pk->nlines++] = line;
		t = confpick_text(pk->orig, pk->size, pk->lines, pk->nlines);
		if (!t) {
			pk->nlines--;
			continue;
		}
		free(pk->text);
		pk->text = t;
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
	}
}
