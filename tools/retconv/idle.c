// SPDX-License-Identifier: MIT
/*
 * Whether the prelude would leave a parse's preprocessing as it was.
 *
 * A file whose only errors are headers not found gets a second parse with
 * the prelude in front (worker.c), kept only when it has fewer errors.
 * That parse can have fewer only by missing fewer headers, since it has
 * no other error to lose (an error more elsewhere counts against it), and
 * which headers are looked up is the preprocessor's doing: its
 * conditionals and #include lines, and the macros they expand.  The
 * prelude's declarations do not reach the preprocessor; its macros do
 * only where such a directive names one, itself or through the bodies of
 * the macros it expands.  So when no directive other than a #define or
 * #undef, in any file the first parse read, names a macro the prelude
 * defines, through any chain of macro bodies, nor does an argument of
 * the command line (a -D comes before the prelude's), the second parse
 * looks up the same headers, misses the same ones, and cannot be kept:
 * it is not made.  In a tree whose files all miss their generated
 * config.h that is a quarter of the parses.
 *
 * The test reads every logical line whose first character is a '#' (or
 * its digraph or trigraph) and takes each word of any other line that
 * holds a _Pragma, or a '#' after the end of a comment, as a directive's:
 * it errs only towards making the parse.  A macro's parameters are not
 * macros in its body.  The words after #else or #endif (a comment naming
 * the conditional's macro) are no directive's: the preprocessor ignores
 * them.  A header's guard of its own definition of a prelude macro
 * ("#ifndef __packed", its #define, "#endif") is not counted as a test
 * of it (is_guard_test()).  What it does not see is a name made by
 * pasting (a##b) in a directive's expansion: no code base seen builds
 * one of the prelude's names so.
 */
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "retconv.h"
#include "confpick.h"

/* The prelude's macro names, sorted, once a process. */
static char **names;
static size_t nnames;

/* What the directives of one unit name, words kept in one arena. */
struct scan {
	char *arena;		/* words, each ending in '\0' */
	size_t alen, acap;
	struct rc_strset named;	/* the words directives name */
	size_t *defs;		/* per #define: name, body count, body words */
	size_t ndefs, capdefs;
	bool hit;		/* a tested name is the prelude's */
	char guard[128];	/* a prelude name "#ifndef" tests, pending */
	int gstate;		/* 1: its #define to come, 2: its #endif */
};

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void names_read(void)
{
	const char *at = prelude_text, *end;
	size_t cap = 0;

	while ((at = strstr(at, "#define "))) {
		at += 8;
		for (end = at; ident_char(*end); end++)
			;
		if (nnames == cap) {
			cap = cap ? 2 * cap : 256;
			names = xrealloc(names, cap * sizeof(*names));
		}
		names[nnames++] = xasprintf("%.*s", (int)(end - at), at);
	}
	qsort(names, nnames, sizeof(*names), by_name);
}

static bool prelude_macro(const char *w)
{
	return bsearch(&w, names, nnames, sizeof(*names), by_name) != NULL;
}

static size_t word_add(struct scan *sc, const char *w, size_t n)
{
	size_t at = sc->alen;

	if (sc->alen + n + 1 > sc->acap) {
		sc->acap = 2 * (sc->alen + n + 1);
		sc->arena = xrealloc(sc->arena, sc->acap);
	}
	memcpy(sc->arena + at, w, n);
	sc->arena[at + n] = '\0';
	sc->alen += n + 1;
	return at;
}

static void def_push(struct scan *sc, size_t v)
{
	if (sc->ndefs == sc->capdefs) {
		sc->capdefs = sc->capdefs ? 2 * sc->capdefs : 1024;
		sc->defs = xrealloc(sc->defs, sc->capdefs * sizeof(*sc->defs));
	}
	sc->defs[sc->ndefs++] = v;
}

/* The next word of [*p, end), or NULL; *n its length. */
static const char *next_word(const char **p, const char *end, size_t *n)
{
	const char *s = *p, *w;

	while (s < end && !ident_char(*s))
		s++;
	if (s == end)
		return NULL;
	for (w = s; s < end && ident_char(*s); s++)
		;
	*p = s;
	*n = s - w;
	return w;
}

/* A name a directive only tests (#ifdef, defined): its body is not read,
 * but the prelude's defining it would change the test. */
static void name_tested(struct scan *sc, const char *w, size_t n)
{
	char key[128];

	if (n >= sizeof(key)) {
		sc->hit = true;
		return;
	}
	memcpy(key, w, n);
	key[n] = '\0';
	sc->hit |= prelude_macro(key);
}

/* Every word of [s, end) as one a directive names; with @tests, the first
 * is a name it only tests. */
static void words_named(struct scan *sc, const char *s, const char *end,
			bool tests)
{
	const char *w;
	size_t n, at;

	while ((w = next_word(&s, end, &n))) {
		if (w[0] >= '0' && w[0] <= '9')
			continue;
		if (tests) {
			name_tested(sc, w, n);
		} else {
			at = word_add(sc, w, n);
			strset_seen_before(&sc->named, sc->arena + at);
		}
		tests = n == 7 && !strncmp(w, "defined", 7);
	}
}

static bool is_param(const char *w, size_t n, const char *params,
		     const char *pend)
{
	const char *p;
	size_t m;

	while ((p = next_word(&params, pend, &m)))
		if (m == n && !strncmp(p, w, n))
			return true;
	return false;
}

/* "#define NAME(params) body" from just after "define": a record of the
 * name and the body's words that are not parameters. */
static void define_read(struct scan *sc, const char *s, const char *end)
{
	const char *name, *params = NULL, *pend = NULL, *w;
	size_t n, count = 0, at;

	name = next_word(&s, end, &n);
	if (!name)
		return;
	def_push(sc, word_add(sc, name, n));
	at = sc->ndefs;
	def_push(sc, 0);
	if (s < end && *s == '(') {
		params = s;
		pend = memchr(s, ')', end - s);
		s = pend ? pend + 1 : end;
		if (!pend)
			pend = end;
	}
	while ((w = next_word(&s, end, &n))) {
		if ((w[0] >= '0' && w[0] <= '9') ||
		    (params && is_param(w, n, params, pend)))
			continue;
		def_push(sc, word_add(sc, w, n));
		count++;
	}
	sc->defs[at] = count;
}

/*
 * "#ifndef NAME" or "#if !defined(NAME)" of a prelude macro: the guard of
 * a header's own definition of it (#ifndef __packed, #define __packed
 * ..., #endif).  With the prelude the definition is the prelude's and the
 * block is skipped, which changes nothing else: the name's value reaches
 * the preprocessor only where a directive names it, which the scan sees.
 * So the test is not counted when the block holds only NAME's #define;
 * anything else there (another line, a comment) counts it.
 */
static bool is_guard_test(struct scan *sc, const char *w, size_t n,
		       const char *p, const char *end)
{
	const char *name;
	size_t m;

	if (n == 2 && !strncmp(w, "if", 2)) {
		while (p < end && (*p == ' ' || *p == '\t'))
			p++;
		if (p == end || *p++ != '!')
			return false;
		w = next_word(&p, end, &n);
		if (!w || n != 7 || strncmp(w, "defined", 7))
			return false;
	} else if (n != 6 || strncmp(w, "ifndef", 6)) {
		return false;
	}
	name = next_word(&p, end, &m);
	if (!name || m >= sizeof(sc->guard))
		return false;
	memcpy(sc->guard, name, m);
	sc->guard[m] = '\0';
	if (!prelude_macro(sc->guard))
		return false;
	/* Nothing after the name but a ')' for "defined(". */
	while (p < end && (*p == ' ' || *p == '\t' || *p == ')'))
		p++;
	if (p != end)
		return false;
	sc->gstate = 1;
	return true;
}

/* The line after a guard's test or its #define: whether it is the
 * guard's next, else the test counts. */
static bool is_guard_line(struct scan *sc, const char *w, size_t n,
		       const char *p, const char *end)
{
	const char *name;
	size_t m;

	if (sc->gstate == 1 && w && n == 6 && !strncmp(w, "define", 6)) {
		name = next_word(&p, end, &m);
		if (name && m == strlen(sc->guard) &&
		    !strncmp(name, sc->guard, m) &&
		    (p == end || *p == ' ' || *p == '\t' || *p == '(')) {
			sc->gstate = 2;
			return true;
		}
	} else if (sc->gstate == 2 && w && n == 5 &&
		   !strncmp(w, "endif", 5)) {
		sc->gstate = 0;
		return true;
	}
	sc->hit = true;
	sc->gstate = 0;
	return false;
}

/* One logical line, splices removed. */
static void line_read(struct scan *sc, const char *s, size_t len)
{
	const char *end = s + len, *p = s, *hash = memchr(s, '#', len);
	const char *close = memmem(s, len, "*/", 2), *w;
	size_t n;

	while (p < end && (*p == ' ' || *p == '\t' || *p == '\f' ||
			   *p == '\v'))
		p++;
	if (p == end && sc->gstate)
		return;
	if (sc->gstate && (p == end || *p != '#')) {
		sc->hit = true;
		sc->gstate = 0;
	}
	if (p < end && *p == '#')
		p++;
	else if (end - p >= 2 && !strncmp(p, "%:", 2))
		p += 2;
	else if (end - p >= 3 && !strncmp(p, "?\?=", 3))
		p += 3;
	else {
		if (memmem(s, len, "_Pragma", 7) ||
		    (hash && close && close < hash) ||
		    memmem(s, len, "%:", 2) || memmem(s, len, "?\?=", 3))
			words_named(sc, s, end, false);
		return;
	}
	w = next_word(&p, end, &n);
	if (sc->gstate && is_guard_line(sc, w, n, p, end) && sc->gstate != 2)
		return;
	if (!close && is_guard_test(sc, w, n, p, end))
		return;
	if (close && (!hash || close < hash))
		words_named(sc, s, end, false);
	else if (w && n == 6 && !strncmp(w, "define", 6))
		define_read(sc, p, end);
	else if (w && ((n == 5 && !strncmp(w, "ifdef", 5)) ||
		       (n == 6 && !strncmp(w, "ifndef", 6)) ||
		       (n == 7 && !strncmp(w, "elifdef", 7)) ||
		       (n == 8 && !strncmp(w, "elifndef", 8))))
		words_named(sc, p, end, true);
	else if (!(w && ((n == 5 && !strncmp(w, "undef", 5)) ||
			 (n == 5 && !strncmp(w, "endif", 5)) ||
			 (n == 4 && !strncmp(w, "else", 4)))))
		words_named(sc, p, end, false);
}

/*
 * The logical lines of @buf: a physical line that ends in a backslash
 * (or its trigraph), spaces after it allowed, joins the next, as the
 * preprocessor splices them.
 */
static void text_read(struct scan *sc, const char *buf, size_t size)
{
	const char *end = buf + size, *p = buf, *nl, *q;
	char *line = NULL;
	size_t n = 0, cap = 0, len;

	while (p < end) {
		nl = memchr(p, '\n', end - p);
		if (!nl)
			nl = end;
		q = nl;
		while (q > p && (q[-1] == ' ' || q[-1] == '\t' ||
				 q[-1] == '\r'))
			q--;
		len = q - p;
		if (n + len + 1 > cap) {
			cap = 2 * (n + len + 1);
			line = xrealloc(line, cap);
		}
		if (len && p[len - 1] == '\\') {
			memcpy(line + n, p, len - 1);
			n += len - 1;
		} else if (len >= 3 && !strncmp(p + len - 3, "?\?/", 3)) {
			memcpy(line + n, p, len - 3);
			n += len - 3;
		} else {
			memcpy(line + n, p, len);
			line_read(sc, line, n + len);
			n = 0;
		}
		p = nl + 1;
	}
	if (n)
		line_read(sc, line, n);
	/* A guard's block left open at the file's end counts. */
	if (sc->gstate)
		sc->hit = true;
	sc->gstate = 0;
	free(line);
}

struct visit {
	CXTranslationUnit tu;
	struct scan *sc;
	CXFile *seen;
	size_t nseen;
	bool unread;		/* a file's text was not to be had */
};

/* The texts the parse to be weighed read, where this one read others. */
static const struct rc_text *texts;
static size_t ntexts;

void idle_texts(const struct rc_text *v, size_t n)
{
	texts = v;
	ntexts = n;
}

static const char *text_of(CXTranslationUnit tu, CXFile file, size_t *size)
{
	size_t i;

	for (i = 0; i < ntexts; i++)
		if (texts[i].file == file) {
			*size = texts[i].size;
			return texts[i].text;
		}
	return clang_getFileContents(tu, file, size);
}

static void visit_file(CXFile file, CXSourceLocation *stack, unsigned depth,
		       CXClientData data)
{
	struct visit *v = data;
	const char *buf;
	size_t i, size = 0;

	(void)stack;
	(void)depth;
	for (i = 0; i < v->nseen; i++)
		if (v->seen[i] == file)
			return;
	v->seen = xrealloc(v->seen, (v->nseen + 1) * sizeof(*v->seen));
	v->seen[v->nseen++] = file;
	buf = text_of(v->tu, file, &size);
	if (buf)
		text_read(v->sc, buf, size);
	else
		v->unread = true;
}

/* The words directives name, and every word of the bodies of the macros
 * of those names, to a fixed point; whether one is the prelude's. */
static bool closure_names(struct scan *sc)
{
	size_t i, j, n;
	bool grew = true;

	while (grew) {
		grew = false;
		for (i = 0; i < sc->ndefs; i += 2 + n) {
			n = sc->defs[i + 1];
			if (!strset_has(&sc->named, sc->arena + sc->defs[i]))
				continue;
			for (j = 0; j < n; j++)
				grew |= !strset_seen_before(&sc->named,
					sc->arena + sc->defs[i + 2 + j]);
		}
	}
	for (i = 0; i < nnames; i++)
		if (strset_has(&sc->named, names[i]))
			return true;
	return false;
}

bool idle_prelude(CXTranslationUnit tu, char *const *args, size_t nargs)
{
	struct scan sc = { 0 };
	struct visit v = { .tu = tu, .sc = &sc };
	bool idle;
	size_t i;

	if (!names)
		names_read();
	/* Each word of the arguments, paths' too, as a directive's. */
	for (i = 0; i < nargs; i++) {
		if (!strcmp(args[i], "-include") ||
		    !strcmp(args[i], "-imacros"))
			return false;
		words_named(&sc, args[i][0] == '-' && args[i][1] ?
			    args[i] + 2 : args[i],
			    args[i] + strlen(args[i]), false);
	}
	clang_getInclusions(tu, visit_file, &v);
	idle = v.nseen && !v.unread && !sc.hit && !closure_names(&sc);
	free(v.seen);
	free(sc.arena);
	strset_free(&sc.named);
	free(sc.defs);
	return idle;
}
