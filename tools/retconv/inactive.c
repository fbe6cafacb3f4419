// SPDX-License-Identifier: MIT
/*
 * Code in a configuration the parse did not select: the branches of
 * #if, #ifdef and #elif that the preprocessor skipped in the main file.
 *
 * A project built for one platform, library or feature set leaves the
 * others' code to the preprocessor, and retconv, pointed at a tree with
 * no build, sees one configuration: the one its own headers and the
 * compiler's defaults make.  A misread result in another one (a TLS
 * backend not chosen, an optional module, another operating system's
 * port) is as much a bug there.  So a file whose own lines had skipped
 * branches is read once more, with the first skipped branch of each
 * conditional made the one taken (the first branch of one inside a
 * skipped branch): its directive becomes "#if 1" or "#elif 1", and those
 * before it "#if 0" or "#elif 0".
 * The lines of the branches so chosen are the only ones whose call sites
 * that reading reports; its definitions do not count as the functions'
 * (worker.c, FACT_ALTERNATE), except that one the run has no other
 * definition of stands for its name at those call sites (unit.c's
 * write_standin(), FACT_STANDIN).
 *
 * Not chosen: "#if 0" and the like (code kept out on purpose), and a
 * condition on __cplusplus (C++'s side of a C file).  The directives keep
 * their lines, so every line keeps its number.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "retconv.h"
#include "inactive.h"

struct branch {
	unsigned line;		/* of its directive, from 1 */
	unsigned end;		/* the directive's last line (continuations) */
	char kind;		/* 'i' #if*, 'e' #elif, 'l' #else */
	bool never;		/* its condition is literally 0, or C++'s */
};

struct group {
	struct branch *v;
	size_t n;
	unsigned endif;		/* line of its #endif, 0 if none */
};

/* The directive word of a line ("if", "ifdef", ...), or NULL. */
const char *inactive_directive(const char *s, size_t *len)
{
	while (*s == ' ' || *s == '\t')
		s++;
	if (*s != '#')
		return NULL;
	s++;
	while (*s == ' ' || *s == '\t')
		s++;
	*len = 0;
	while (isalpha((unsigned char)s[*len]))
		(*len)++;
	return s;
}

static bool word_is(const char *w, size_t n, const char *want)
{
	return n == strlen(want) && !strncmp(w, want, n);
}

/* Whether the condition after the directive word is 0, or names C++. */
static bool never_taken(const char *cond, const char *eol)
{
	const char *p = cond;
	char *c = strndup(cond, eol - cond);
	bool never = strstr(c, "__cplusplus") != NULL;

	free(c);
	while (p < eol && isspace((unsigned char)*p))
		p++;
	if (p < eol && *p == '0') {
		p++;
		while (p < eol && (*p == ' ' || *p == '\t'))
			p++;
		if (p == eol || *p == '/' || *p == '\r')
			never = true;
	}
	return never;
}

static bool skipped_from(const unsigned (*sk)[2], size_t nsk, unsigned line)
{
	size_t i;

	for (i = 0; i < nsk; i++)
		if (sk[i][0] == line)
			return true;
	return false;
}

/* Whether @line lies inside a skipped range that does not start there. */
static bool inside_skipped(const unsigned (*sk)[2], size_t nsk,
			   unsigned line)
{
	size_t i;

	for (i = 0; i < nsk; i++)
		if (sk[i][0] < line && line <= sk[i][1])
			return true;
	return false;
}

/* Replace line @line (from 1) of @lines with @text, padded to its length
 * or shorter; the lines after it up to @end become empty. */
static void rewrite(char **lines, unsigned line, unsigned end,
		    const char *text)
{
	unsigned i;

	free(lines[line - 1]);
	lines[line - 1] = xstrdup(text);
	for (i = line + 1; i <= end; i++) {
		free(lines[i - 1]);
		lines[i - 1] = xstrdup("");
	}
}

static void add_range(struct rc_lines *out, unsigned from, unsigned to)
{
	if (from > to)
		return;
	out->v = xrealloc(out->v, (out->n + 1) * sizeof(*out->v));
	out->v[out->n][0] = from;
	out->v[out->n][1] = to;
	out->n++;
}

/* Choose the first branch of @g the parse skipped and may take; mark the
 * lines it makes live in @live (lines no parse read, if the branch around
 * a nested one stays skipped). */
static bool choose(struct group *g, const unsigned (*sk)[2], size_t nsk,
		   char **lines, struct rc_lines *live)
{
	/* A conditional inside a skipped branch was never evaluated: its
	 * first branch is taken, in case the branch around it is. */
	bool nested = inside_skipped(sk, nsk, g->v[0].line);
	size_t i, t;
	unsigned to;

	if (!g->endif)
		return false;
	for (t = 0; t < g->n; t++)
		if ((nested || skipped_from(sk, nsk, g->v[t].line)) &&
		    !g->v[t].never)
			break;
	if (t == g->n)
		return false;
	for (i = 0; i < t; i++)
		rewrite(lines, g->v[i].line, g->v[i].end,
			g->v[i].kind == 'i' ? "#if 0" : "#elif 0");
	if (g->v[t].kind != 'l')
		rewrite(lines, g->v[t].line, g->v[t].end,
			g->v[t].kind == 'i' ? "#if 1" : "#elif 1");
	to = t + 1 < g->n ? g->v[t + 1].line - 1 : g->endif - 1;
	add_range(live, g->v[t].end + 1, to);
	return true;
}

static void group_free(struct group *g)
{
	free(g->v);
	memset(g, 0, sizeof(*g));
}

/* Whether a line may hold a call site: a test or a return (callsite.c
 * judges nothing else), as a word of its own or a "?". */
static bool may_test(const char *line)
{
	static const char *const words[] = {
		"if", "while", "for", "return", "switch",
	};
	const char *p;
	size_t i, n;

	if (strchr(line, '?'))
		return true;
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		n = strlen(words[i]);
		for (p = strstr(line, words[i]); p; p = strstr(p + 1, words[i]))
			if ((p == line || !(isalnum((unsigned char)p[-1]) ||
					    p[-1] == '_')) &&
			    !(isalnum((unsigned char)p[n]) || p[n] == '_'))
				return true;
	}
	return false;
}

/* Whether any line @live makes live may hold a call site. */
static bool live_tests(char **lines, const struct rc_lines *live)
{
	size_t i;
	unsigned l;

	for (i = 0; i < live->n; i++)
		for (l = live->v[i][0]; l <= live->v[i][1]; l++)
			if (may_test(lines[l - 1]))
				return true;
	return false;
}

char *inactive_flip(const char *text, size_t size,
		    const unsigned (*sk)[2], size_t nsk, struct rc_lines *live)
{
	char **lines = NULL, *out = NULL, *p;
	struct group *stack = NULL;
	size_t nlines = 0, depth = 0, i, len, total = 0;
	const char *s = text, *end = text + size;
	bool changed = false;

	memset(live, 0, sizeof(*live));
	if (!nsk)
		return NULL;
	while (s < end) {
		const char *eol = memchr(s, '\n', end - s);

		if (!eol)
			eol = end;
		lines = xrealloc(lines, (nlines + 1) * sizeof(*lines));
		lines[nlines++] = strndup(s, eol - s);
		s = eol + 1;
	}
	stack = xcalloc(nlines + 1, sizeof(*stack));
	for (i = 0; i < nlines; i++) {
		const char *w = inactive_directive(lines[i], &len);
		struct branch b = { .line = i + 1, .end = i + 1 };
		size_t j;

		if (!w)
			continue;
		/* A directive continued on the next lines ends there. */
		for (j = i; j + 1 < nlines && *lines[j] &&
		     lines[j][strlen(lines[j]) - 1] == '\\'; j++)
			b.end = j + 2;
		if (word_is(w, len, "if") || word_is(w, len, "ifdef") ||
		    word_is(w, len, "ifndef")) {
			b.kind = 'i';
			b.never = never_taken(w + len, w + strlen(w));
			depth++;
			stack[depth].v = NULL;
			stack[depth].n = 0;
			stack[depth].endif = 0;
		} else if (depth && word_is(w, len, "elif")) {
			b.kind = 'e';
			b.never = never_taken(w + len, w + strlen(w));
		} else if (depth && word_is(w, len, "else")) {
			b.kind = 'l';
		} else if (depth && word_is(w, len, "endif")) {
			stack[depth].endif = i + 1;
			changed |= choose(&stack[depth], sk, nsk, lines, live);
			group_free(&stack[depth]);
			depth--;
			continue;
		} else {
			continue;
		}
		stack[depth].v = xrealloc(stack[depth].v,
					  (stack[depth].n + 1) *
					  sizeof(*stack[depth].v));
		stack[depth].v[stack[depth].n++] = b;
	}
	for (; depth; depth--)
		group_free(&stack[depth]);
	free(stack);
	/* A branch of only declarations, logging or settings holds no call
	 * site: not worth a parse. */
	if (changed && live_tests(lines, live)) {
		for (i = 0; i < nlines; i++)
			total += strlen(lines[i]) + 1;
		out = p = xcalloc(total + 1, 1);
		for (i = 0; i < nlines; i++) {
			len = strlen(lines[i]);
			memcpy(p, lines[i], len);
			p[len] = '\n';
			p += len + 1;
		}
	} else {
		free(live->v);
		memset(live, 0, sizeof(*live));
	}
	for (i = 0; i < nlines; i++)
		free(lines[i]);
	free(lines);
	return out;
}

bool inactive_live(const struct rc_lines *live, unsigned line)
{
	size_t i;

	for (i = 0; i < live->n; i++)
		if (live->v[i][0] <= line && line <= live->v[i][1])
			return true;
	return false;
}

/*
 * The main file of @tu with its skipped branches taken (see the top), or
 * NULL when it has none that may be; @live gets the lines they hold.
 * The ranges come from the preprocessing record (worker.c asks for it).
 */
char *inactive_text(CXTranslationUnit tu, struct rc_lines *live)
{
	CXString name = clang_getTranslationUnitSpelling(tu);
	CXFile main = clang_getFile(tu, clang_getCString(name));
	CXSourceRangeList *l;
	unsigned (*sk)[2] = NULL;
	const char *text;
	size_t size = 0;
	unsigned i;
	char *out;

	clang_disposeString(name);
	memset(live, 0, sizeof(*live));
	if (!main)
		return NULL;
	l = clang_getSkippedRanges(tu, main);
	if (!l)
		return NULL;
	if (l->count)
		sk = xcalloc(l->count, sizeof(*sk));
	for (i = 0; i < l->count; i++) {
		clang_getSpellingLocation(clang_getRangeStart(l->ranges[i]),
					  NULL, &sk[i][0], NULL, NULL);
		clang_getSpellingLocation(clang_getRangeEnd(l->ranges[i]),
					  NULL, &sk[i][1], NULL, NULL);
	}
	text = clang_getFileContents(tu, main, &size);
	out = text ? inactive_flip(text, size, (const unsigned (*)[2])sk,
				   l->count, live) : NULL;
	clang_disposeSourceRangeList(l);
	free(sk);
	return out;
}

/*
 * Keep only @fn's call sites on live lines, and of those only the ones
 * whose constant is written as a number; whether any is left.  The
 * function is marked another configuration's reading of it, whose
 * definition and counted callees the parent does not take.
 */
bool inactive_keep(struct rc_func *fn, const struct rc_lines *live)
{
	size_t i, n = 0;

	for (i = 0; i < fn->nsites; i++) {
		/* A constant written as a name (CFG_X, a macro of the
		 * configuration) has this reading's value, not the value
		 * of a build that takes the branch. */
		if (inactive_live(live, fn->sites[i].line) &&
		    !(fn->sites[i].form & SITE_NAMED))
			fn->sites[n++] = fn->sites[i];
		else
			site_free(&fn->sites[i]);
	}
	fn->nsites = n;
	for (i = 0; i < fn->ncounted; i++)
		free(fn->counted[i]);
	fn->ncounted = 0;
	fn->facts |= FACT_ALTERNATE;
	return n > 0;
}
