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
 * one of the prelude's names so.  Each text is scanned once a worker and
 * its words kept (seen_of()): a tree's files read the same headers.
 */
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "retconv.h"
#include "confpick.h"

/* The prelude's macro names, sorted, once a process. */
static char **names;
static size_t nnames;

/* What the directives of one file's text name, words kept in one arena. */
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

/* The next word of [*p, end), or NULL; *n its length (0 for none). */
static const char *next_word(const char **p, const char *end, size_t *n)
{
	const char *s = *p, *w;

	while (s < end && !ident_char(*s))
		s++;
	/* A null directive ("#" alone) has no word, and its callers
	 * compare the length before the text. */
	*n = 0;
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

/*
 * What one file's text gives the test, kept for the worker's later units:
 * a tree's files read the same headers again and again, and a text's
 * scan depends on nothing but the text (text_read() starts and ends each
 * file with no guard pending), so the unit's test is the union of its
 * files'.  A text is found by its file's identity and size, then compared
 * whole: the same file may be read with another text (confknown.c's
 * blanked lines), which is scanned and kept apart.  Words are numbered
 * once a worker (word_id()), so that a unit's union and its macro bodies'
 * closure are marks on numbers.
 */
struct seen_text {
	CXFileUniqueID id;
	char *text;		/* a copy, compared whole */
	size_t size;
	bool hit;		/* a tested name is the prelude's */
	unsigned *named;	/* the words its directives name */
	size_t nnamed;
	unsigned *defs;		/* per #define: name, body count, body words */
	size_t ndefs;
	long next;		/* another text of the same slot, or -1 */
};

static struct seen_text *seen;
static size_t nseen, capseen;
static long *seen_slots;	/* by the identity's hash: first, or -1 */
#define SEEN_SLOTS 4096

/* The worker's words, numbered: each one's text, the unit that last
 * named it, and whether the prelude defines it. */
static char **words;
static unsigned long *marks;
static bool *prelude_word;
static size_t nwords, capwords;
static unsigned *word_slots;	/* id + 1, or 0 */
static size_t nword_slots;
static unsigned long unit_mark;

static size_t hash_str(const char *s)
{
	size_t h = 0xcbf29ce484222325ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ULL;
	return h;
}

static void word_slots_grow(void)
{
	size_t i, j;

	free(word_slots);
	nword_slots = nword_slots ? 2 * nword_slots : 4096;
	word_slots = xcalloc(nword_slots, sizeof(*word_slots));
	for (i = 0; i < nwords; i++) {
		for (j = hash_str(words[i]) & (nword_slots - 1);
		     word_slots[j]; j = (j + 1) & (nword_slots - 1))
			;
		word_slots[j] = (unsigned)i + 1;
	}
}

static unsigned word_id(const char *w)
{
	size_t j;

	if (2 * (nwords + 1) > nword_slots)
		word_slots_grow();
	for (j = hash_str(w) & (nword_slots - 1); word_slots[j];
	     j = (j + 1) & (nword_slots - 1))
		if (!strcmp(words[word_slots[j] - 1], w))
			return word_slots[j] - 1;
	if (nwords == capwords) {
		capwords = capwords ? 2 * capwords : 4096;
		words = xrealloc(words, capwords * sizeof(*words));
		marks = xrealloc(marks, capwords * sizeof(*marks));
		prelude_word = xrealloc(prelude_word,
					capwords * sizeof(*prelude_word));
	}
	words[nwords] = xstrdup(w);
	marks[nwords] = 0;
	prelude_word[nwords] = prelude_macro(w);
	word_slots[j] = (unsigned)nwords + 1;
	return (unsigned)nwords++;
}

/* Arrays of words grow to 16, then double at each power of two. */
static void ids_push(unsigned **v, size_t *n, unsigned id)
{
	if (!*n || (*n >= 16 && !(*n & (*n - 1))))
		*v = xrealloc(*v, (*n ? 2 * *n : 16) * sizeof(**v));
	(*v)[(*n)++] = id;
}

/* @sc's findings as numbered words, in @t. */
static void seen_take(struct seen_text *t, struct scan *sc)
{
	size_t i, j, n;

	t->hit = sc->hit;
	for (i = 0; i < sc->named.cap; i++)
		if (sc->named.v[i])
			ids_push(&t->named, &t->nnamed,
				 word_id(sc->named.v[i]));
	for (i = 0; i < sc->ndefs; i += 2 + n) {
		n = sc->defs[i + 1];
		ids_push(&t->defs, &t->ndefs, word_id(sc->arena +
						      sc->defs[i]));
		ids_push(&t->defs, &t->ndefs, (unsigned)n);
		for (j = 0; j < n; j++)
			ids_push(&t->defs, &t->ndefs,
				 word_id(sc->arena + sc->defs[i + 2 + j]));
	}
}

static size_t id_slot(const CXFileUniqueID *id, size_t size)
{
	size_t h = size;
	int i;

	for (i = 0; i < 3; i++)
		h = (h ^ (size_t)id->data[i]) * 0x100000001b3ULL;
	return h % SEEN_SLOTS;
}

/* The scan of @file's text @buf, from an earlier unit or made now. */
static long seen_of(CXFile file, const char *buf, size_t size)
{
	struct scan sc = { 0 };
	CXFileUniqueID id;
	struct seen_text *t;
	size_t slot;
	long i;

	if (!seen_slots) {
		seen_slots = xcalloc(SEEN_SLOTS, sizeof(*seen_slots));
		for (slot = 0; slot < SEEN_SLOTS; slot++)
			seen_slots[slot] = -1;
	}
	if (clang_getFileUniqueID(file, &id))
		memset(&id, 0, sizeof(id));
	slot = id_slot(&id, size);
	for (i = seen_slots[slot]; i >= 0; i = seen[i].next)
		if (seen[i].size == size &&
		    !memcmp(&seen[i].id, &id, sizeof(id)) &&
		    !memcmp(seen[i].text, buf, size))
			return i;
	if (nseen == capseen) {
		capseen = capseen ? 2 * capseen : 256;
		seen = xrealloc(seen, capseen * sizeof(*seen));
	}
	t = &seen[nseen];
	memset(t, 0, sizeof(*t));
	t->id = id;
	t->size = size;
	t->text = xmalloc(size + 1);
	memcpy(t->text, buf, size);
	text_read(&sc, buf, size);
	seen_take(t, &sc);
	free(sc.arena);
	strset_free(&sc.named);
	free(sc.defs);
	t->next = seen_slots[slot];
	seen_slots[slot] = (long)nseen;
	return (long)nseen++;
}

struct visit {
	CXTranslationUnit tu;
	CXFile *files;
	long *texts;		/* each file's seen_text */
	size_t nfiles;
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
	for (i = 0; i < v->nfiles; i++)
		if (v->files[i] == file)
			return;
	v->files = xrealloc(v->files, (v->nfiles + 1) * sizeof(*v->files));
	v->texts = xrealloc(v->texts, (v->nfiles + 1) * sizeof(*v->texts));
	buf = text_of(v->tu, file, &size);
	v->texts[v->nfiles] = buf ? seen_of(file, buf, size) : -1;
	v->files[v->nfiles++] = file;
	if (!buf)
		v->unread = true;
}

/* Mark @id named in this unit; whether it is new here. */
static bool mark_named(unsigned id, bool *prelude)
{
	if (marks[id] == unit_mark)
		return false;
	marks[id] = unit_mark;
	*prelude |= prelude_word[id];
	return true;
}

/* The words directives name, and every word of the bodies of the macros
 * of those names, to a fixed point; whether one is the prelude's. */
static bool closure_names(const struct visit *v, bool prelude)
{
	const struct seen_text *t;
	size_t f, i, j, n;
	bool grew = true;

	for (f = 0; f < v->nfiles; f++)
		for (i = 0, t = &seen[v->texts[f]]; i < t->nnamed; i++)
			mark_named(t->named[i], &prelude);
	while (grew && !prelude) {
		grew = false;
		for (f = 0; f < v->nfiles; f++) {
			t = &seen[v->texts[f]];
			for (i = 0; i < t->ndefs; i += 2 + n) {
				n = t->defs[i + 1];
				if (marks[t->defs[i]] != unit_mark)
					continue;
				for (j = 0; j < n; j++)
					grew |= mark_named(t->defs[i + 2 + j],
							   &prelude);
			}
		}
	}
	return prelude;
}

bool idle_prelude(CXTranslationUnit tu, char *const *args, size_t nargs)
{
	struct scan sc = { 0 };
	struct visit v = { .tu = tu };
	bool idle, prelude = false, hit;
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
	hit = sc.hit;
	unit_mark++;
	for (i = 0; i < sc.named.cap; i++)
		if (sc.named.v[i])
			mark_named(word_id(sc.named.v[i]), &prelude);
	clang_getInclusions(tu, visit_file, &v);
	for (i = 0; i < v.nfiles && !v.unread; i++)
		hit |= seen[v.texts[i]].hit;
	idle = v.nfiles && !v.unread && !hit && !closure_names(&v, prelude);
	free(v.files);
	free(v.texts);
	free(sc.arena);
	strset_free(&sc.named);
	free(sc.defs);
	return idle;
}
