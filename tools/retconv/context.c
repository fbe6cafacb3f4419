// SPDX-License-Identifier: MIT
/*
 * Tree mode with files named (--tree DIR FILE...): the files of the tree
 * that define what those files call, parsed with them and not reported,
 * since the rules judge a call by its callee's class and the class comes
 * from the callee's definition.  They are found without a parse, by a
 * scan of the tree's .c files for definition lines (a name and "(" at the
 * start of a line that has no ";"), for macros that stand for a call, and
 * for the functions stored in an ops member, bounded (TREE_MAX_CONTEXT):
 * first the files of the calls whose result is read, then those storing
 * the functions of the members called, then the rest.
 */
#include <stdlib.h>
#include <string.h>

#include "retconv.h"
#include "tree.h"

static bool keyword(const char *s, size_t len)
{
	static const char *const kw[] = {
		"if", "for", "while", "switch", "return", "sizeof", "do",
		"defined", "else", "case", "typeof", "__typeof__", "alignof",
		"_Alignof", "__attribute__", "asm", "__asm__", "_Static_assert",
		"static_assert", "offsetof", "main",
	};
	size_t i;

	for (i = 0; i < sizeof(kw) / sizeof(*kw); i++)
		if (strlen(kw[i]) == len && !strncmp(kw[i], s, len))
			return true;
	return false;
}

/* The name a definition line "int foo(...)" defines, or NULL: a line
 * that starts with a name, not "static", and has a "(" and no ";". */
static const char *defined_on(const char *line, size_t *len)
{
	const char *paren, *end, *start;

	if (!ident_char(line[0]) || (line[0] >= '0' && line[0] <= '9') ||
	    !strncmp(line, "static", 6) || !strncmp(line, "typedef", 7))
		return NULL;
	paren = strpbrk(line, "(;\n");
	if (!paren || *paren != '(')
		return NULL;
	end = strpbrk(paren, ";\n");
	if (end && *end == ';')
		return NULL;
	end = paren;
	while (end > line && (end[-1] == ' ' || end[-1] == '\t'))
		end--;
	start = end;
	while (start > line && ident_char(start[-1]))
		start--;
	if (start == end || (*start >= '0' && *start <= '9') ||
	    keyword(start, (size_t)(end - start)))
		return NULL;
	*len = (size_t)(end - start);
	return start;
}

/* Which .c files define which names (a chain of file indices each). */
struct defs {
	struct tree_table names;
	long *next;
	size_t *file;
	size_t n;
};

static void defs_add(struct defs *d, const char *name, size_t len,
		     size_t file)
{
	struct tree_entry *e = tree_lookup(&d->names, name, len, false);

	if (!e)
		e = tree_lookup(&d->names, xasprintf("%.*s", (int)len, name), len,
			   true);
	d->next = xrealloc(d->next, (d->n + 1) * sizeof(*d->next));
	d->file = xrealloc(d->file, (d->n + 1) * sizeof(*d->file));
	d->next[d->n] = e->val;
	d->file[d->n] = file;
	e->val = (long)d->n++;
}

static void scan_defs(struct defs *d, const char *buf, size_t file)
{
	const char *s, *name;
	size_t len;

	for (s = buf; s; s = strchr(s, '\n'), s = s ? s + 1 : NULL) {
		name = defined_on(s, &len);
		if (name)
			defs_add(d, name, len, file);
	}
}

/* @p past blanks and escaped line ends, on the logical line. */
static const char *skip_blanks(const char *p)
{
	for (;;) {
		if (*p == ' ' || *p == '\t')
			p++;
		else if (p[0] == '\\' && p[1] == '\n')
			p += 2;
		else
			return p;
	}
}

/*
 * The function a function-like macro's body calls first, when the body
 * is that call, casts and parentheses aside: "#define dev_start(d)
 * __dev_start(d, 0)" or "((int)__dev_start(d, 0))".  Its length in *len,
 * or NULL.
 */
static const char *macro_target(const char *body, size_t *len)
{
	const char *p = body, *start;

	for (;;) {
		p = skip_blanks(p);
		if (*p == '(' || *p == ')' || *p == '*') {
			p++;
			continue;
		}
		if (!ident_char(*p) || (*p >= '0' && *p <= '9'))
			return NULL;
		start = p;
		while (ident_char(*p))
			p++;
		*len = (size_t)(p - start);
		p = skip_blanks(p);
		if (*p == '(' && !keyword(start, *len) &&
		    strncmp(start, "__builtin", 9))
			return start;
		if (*p != ')' && *p != '*' && !ident_char(*p))
			return NULL;	/* not a cast's type name */
	}
}

/* A name and the name of the function it stands for. */
struct alias {
	char *name;
	char *target;
};

/* The function-like macros of @buf that expand to a call alone. */
static void scan_aliases(struct alias **v, size_t *n, const char *buf)
{
	const char *s, *p, *name, *target;
	size_t len, tlen;

	for (s = buf; s; s = strchr(s, '\n'), s = s ? s + 1 : NULL) {
		p = tree_directive(s, "define");
		if (!p)
			continue;
		name = p;
		while (ident_char(*p))
			p++;
		len = (size_t)(p - name);
		if (!len || *p != '(')
			continue;
		p = strchr(p, ')');
		if (!p || memchr(name, '\n', (size_t)(p - name)))
			continue;
		target = macro_target(p + 1, &tlen);
		if (!target || (tlen == len && !strncmp(name, target, len)))
			continue;
		*v = xrealloc(*v, (*n + 1) * sizeof(**v));
		(*v)[*n].name = xasprintf("%.*s", (int)len, name);
		(*v)[(*n)++].target = xasprintf("%.*s", (int)tlen, target);
	}
}

/*
 * A macro that stands for a call is defined where its function is: "if
 * (dev_start(d) == 1)" needs the file that defines __dev_start().  Each
 * alias is added under its name to the files of its target (one level).
 */
static void defs_add_aliases(struct defs *d, struct alias *v, size_t n)
{
	struct tree_entry *e;
	size_t i;
	long t;

	for (i = 0; i < n; i++) {
		if (tree_lookup(&d->names, v[i].name, strlen(v[i].name), false))
			continue;
		e = tree_lookup(&d->names, v[i].target, strlen(v[i].target), false);
		for (t = e ? e->val : -1; t >= 0; t = d->next[t])
			defs_add(d, v[i].name, strlen(v[i].name), d->file[t]);
	}
	for (i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].target);
	}
	free(v);
}

/* The member named after @s in @buf, when @s is a "." or the ">" of a
 * "->": its first character, its end in *@end; NULL if none. */
static const char *member_at(const char *buf, const char *s,
			     const char **end)
{
	const char *p;

	if (*s != '.' && !(*s == '>' && s > buf && s[-1] == '-'))
		return NULL;
	for (p = s + 1; ident_char(*p); p++)
		;
	if (p == s + 1 || (s[1] >= '0' && s[1] <= '9'))
		return NULL;
	*end = p;
	return s + 1;
}

/*
 * The members of @buf that a function's name is stored in: ".read =
 * foo_read," in an initializer, "ops->read = foo_read;".  Each member
 * name is added to @m with the file, whatever the structure.
 */
static void scan_member_stores(struct defs *m, const char *buf, size_t file)
{
	const char *s, *name, *p;
	size_t len;

	for (s = buf; *s; s++) {
		name = member_at(buf, s, &p);
		if (!name)
			continue;
		len = (size_t)(p - name);
		p = skip_blanks(p);
		if (*p != '=' || p[1] == '=')
			continue;
		p = skip_blanks(p + 1);
		if (*p == '&')
			p = skip_blanks(p + 1);
		if (!ident_char(*p) || (*p >= '0' && *p <= '9'))
			continue;
		while (ident_char(*p))
			p++;
		p = skip_blanks(p);
		if (*p == ',' || *p == ';' || *p == '}' || *p == '\n')
			defs_add(m, name, len, file);
	}
}

static void defs_free(struct defs *d)
{
	size_t i;

	for (i = 0; i < d->names.cap; i++)
		free((char *)d->names.v[i].key);
	free(d->names.v);
	free(d->next);
	free(d->file);
}

/* @path relative to the tree's top, when it is in the tree. */
static char *tree_relative(const char *rootreal, const char *path)
{
	char *real = realpath(path, NULL), *rel;
	size_t n = strlen(rootreal);

	if (!real)
		return xstrdup(path);
	if (!strncmp(real, rootreal, n) && real[n] == '/')
		rel = xstrdup(real + n + 1);
	else
		rel = xstrdup(real);
	free(real);
	return rel;
}

static bool target(char *const *rels, size_t n, const char *f)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(rels[i], f))
			return true;
	return false;
}

/* The file of @d that defines @name nearest to @from, or -1. */
static long nearest_def(struct defs *d, const struct tree_files *w, const char *name,
			size_t len, const char *from)
{
	struct tree_entry *e = tree_lookup(&d->names, name, len, false);
	size_t cp, bestcp = 0;
	long t, best = -1;

	for (t = e ? e->val : -1; t >= 0; t = d->next[t]) {
		cp = tree_common_prefix(from, w->files[d->file[t]]);
		if (best < 0 || cp > bestcp ||
		    (cp == bestcp && d->file[t] < (size_t)best)) {
			best = (long)d->file[t];
			bestcp = cp;
		}
	}
	return best;
}

static void add_context(struct rc_tree *t, const struct tree_files *w, bool *taken,
			long f)
{
	if (f < 0 || taken[f])
		return;
	taken[f] = true;
	if (t->ncontext == TREE_MAX_CONTEXT) {
		t->nskipped++;
		return;
	}
	t->context = xrealloc(t->context,
			      (t->ncontext + 1) * sizeof(*t->context));
	t->context[t->ncontext++] = tree_join(w->root, w->files[f]);
}

/* Whether the word @s of @len bytes is one of the statements' keywords
 * whose "(" opens the value they test or give. */
static bool tests_paren(const char *s, size_t len)
{
	return (len == 2 && !strncmp(s, "if", 2)) ||
	       (len == 5 && !strncmp(s, "while", 5)) ||
	       (len == 6 && (!strncmp(s, "switch", 6) ||
			     !strncmp(s, "return", 6)));
}

/*
 * Whether the call "name(" at @start of @buf, whose name ends at @end, has
 * its result read: after "=", "!", "&&", "||" or "?", "return", or the "("
 * of an if, a while or a switch, or followed after its ")" by a
 * comparison.  A call written as a statement, or as another call's
 * argument, gives the rules nothing to judge.
 */
static bool result_is_read(const char *buf, const char *start,
			   const char *end)
{
	const char *p = start, *w;
	int depth = 0;

	while (p > buf && (p[-1] == ' ' || p[-1] == '\t' || p[-1] == '\n'))
		p--;
	if (p > buf && strchr("=!&|?", p[-1]))
		return true;
	w = p;
	if (p > buf && p[-1] == '(') {
		w = --p;
		while (w > buf && (w[-1] == ' ' || w[-1] == '\t'))
			w--;
		p = w;
	}
	while (w > buf && ident_char(w[-1]))
		w--;
	if (w < p && tests_paren(w, (size_t)(p - w)))
		return true;
	for (p = end; *p; p++) {
		if (*p == '(')
			depth++;
		else if (*p == ')' && --depth == 0)
			break;
		else if (*p == ';' || *p == '{')
			return false;
	}
	if (!*p)
		return false;
	for (p++; *p == ' ' || *p == '\t'; p++)
		;
	return (p[0] == '<' && p[1] != '<') || (p[0] == '>' && p[1] != '>') ||
	       ((p[0] == '=' || p[0] == '!') && p[1] == '=');
}

/*
 * The calls of @buf ("name(" not defined in @own), in order: on the first
 * pass (@read_only) only those whose result the file reads
 * (result_is_read()), as the bound may leave files out and the rules judge
 * only those; on the second, the rest.  A file of small helpers called for
 * their effect first (a logger, an allocator) no longer takes the place of
 * the one that defines the call a test reads.
 */
static void scan_calls(struct rc_tree *t, const struct tree_files *w, struct defs *d,
		       struct tree_table *own, bool *taken, const char *buf,
		       const char *from, bool read_only)
{
	const char *s = buf, *start, *end;

	while (*s) {
		if (!ident_char(*s) || (s > buf && ident_char(s[-1]))) {
			s++;
			continue;
		}
		start = s;
		while (ident_char(*s))
			s++;
		end = s;
		while (*s == ' ' || *s == '\t')
			s++;
		if (*s != '(' || (*start >= '0' && *start <= '9') ||
		    keyword(start, (size_t)(end - start)) ||
		    tree_lookup(own, start, (size_t)(end - start), false))
			continue;
		if (read_only && !result_is_read(buf, start, end))
			continue;
		add_context(t, w, taken,
			    nearest_def(d, w, start, (size_t)(end - start),
					from));
	}
}

/* A member call's file choice: the files storing a function in a member
 * of its name, when there are no more than this many. */
#define MEMBER_FILES	3

/* The file of @m that stores a function in @name, not taken yet, nearest
 * to @from, or -1. */
static long nearest_store(struct defs *m, const struct tree_files *w, const bool *taken,
			  const char *name, size_t len, const char *from)
{
	struct tree_entry *e = tree_lookup(&m->names, name, len, false);
	size_t cp, bestcp = 0;
	long t, best = -1;

	for (t = e ? e->val : -1; t >= 0; t = m->next[t]) {
		if (taken[m->file[t]])
			continue;
		cp = tree_common_prefix(from, w->files[m->file[t]]);
		if (best < 0 || cp > bestcp ||
		    (cp == bestcp && m->file[t] < (size_t)best)) {
			best = (long)m->file[t];
			bestcp = cp;
		}
	}
	return best;
}

/* How many files of @m store a function in a member named @name. */
static size_t store_files(struct defs *m, const char *name, size_t len)
{
	struct tree_entry *e = tree_lookup(&m->names, name, len, false);
	size_t n = 0;
	long t, last = -1;

	for (t = e ? e->val : -1; t >= 0; t = m->next[t])
		if ((long)m->file[t] != last) {
			last = (long)m->file[t];
			n++;
		}
	return n;
}

/*
 * The calls of @buf through a member ("->read(", ".read("): the files
 * that store functions in a member of that name, when they are at most
 * MEMBER_FILES.  The member's class comes from the functions the run
 * stores in it (callee.c), and those tables are rarely in the calling
 * file; but a class drawn from some of many stores is a guess (three
 * clock drivers' 0/-errno where a fourth answers "pending"), so a member
 * stored in more files keeps its declared type, as before.
 */
static void scan_member_calls(struct rc_tree *t, const struct tree_files *w,
			      struct defs *m, bool *taken, const char *buf,
			      const char *from)
{
	const char *s, *name, *p;
	long f;
	int k;

	for (s = buf; *s; s++) {
		name = member_at(buf, s, &p);
		if (!name || *skip_blanks(p) != '(' ||
		    store_files(m, name, (size_t)(p - name)) > MEMBER_FILES)
			continue;
		for (k = 0; k < MEMBER_FILES; k++) {
			f = nearest_store(m, w, taken, name,
					  (size_t)(p - name), from);
			if (f < 0 || t->ncontext == TREE_MAX_CONTEXT)
				break;
			add_context(t, w, taken, f);
		}
	}
}

/*
 * What the tree's files define, outside the files to check (@taken
 * marks those): functions (@d, with the macros that stand for a call of
 * one, wherever they are defined) and the members functions are stored in
 * (@m).
 */
static void index_tree(const struct tree_files *w, char *const *rels,
		       char *const *files, size_t nfiles, struct defs *d,
		       struct defs *m, bool *taken)
{
	struct alias *aliases = NULL;
	size_t i, naliases = 0;
	char *buf;

	for (i = 0; i < w->nfiles; i++) {
		if (target(rels, nfiles, w->files[i])) {
			taken[i] = true;
			continue;
		}
		buf = tree_slurp(w->root, w->files[i]);
		if (!buf)
			continue;
		scan_aliases(&aliases, &naliases, buf);
		if (!is_header_name(w->files[i])) {
			scan_defs(d, buf, i);
			scan_member_stores(m, buf, i);
		}
		free(buf);
	}
	for (i = 0; i < nfiles; i++) {
		buf = tree_slurp(".", files[i]);
		if (buf)
			scan_aliases(&aliases, &naliases, buf);
		free(buf);
	}
	defs_add_aliases(d, aliases, naliases);
}

/*
 * The files that define what @files call, bounded (TREE_MAX_CONTEXT):
 * those of the calls whose result is read first, then those storing the
 * functions of the members called, then the rest.
 */
void tree_context(struct rc_tree *t, const struct tree_files *w,
		  char *const *files, size_t nfiles)
{
	struct defs d = { .n = 0 }, m = { .n = 0 };
	struct tree_table own = { NULL, 0, 0 };
	char *rootreal = realpath(w->root, NULL), **rels, *buf;
	bool *taken = xcalloc(w->nfiles + 1, sizeof(*taken));
	const char *name;
	size_t i, len;
	int pass;

	rels = xcalloc(nfiles + 1, sizeof(*rels));
	for (i = 0; i < nfiles; i++)
		rels[i] = tree_relative(rootreal ? rootreal : w->root,
					files[i]);
	index_tree(w, rels, files, nfiles, &d, &m, taken);
	for (i = 0; i < nfiles; i++) {
		buf = tree_slurp(".", files[i]);
		if (!buf)
			continue;
		for (name = buf; name; name = strchr(name, '\n'),
		     name = name ? name + 1 : NULL) {
			const char *def = defined_on(name, &len);

			if (def && !tree_lookup(&own, def, len, false))
				tree_lookup(&own, xasprintf("%.*s", (int)len, def),
				       len, true);
		}
		free(buf);
	}
	for (pass = 0; pass < 3; pass++)
		for (i = 0; i < nfiles; i++) {
			buf = tree_slurp(".", files[i]);
			if (!buf)
				continue;
			if (pass == 1)
				scan_member_calls(t, w, &m, taken, buf,
						  rels[i]);
			else
				scan_calls(t, w, &d, &own, taken, buf,
					   rels[i], !pass);
			free(buf);
		}
	for (i = 0; i < own.cap; i++)
		free((char *)own.v[i].key);
	free(own.v);
	for (i = 0; i < nfiles; i++)
		free(rels[i]);
	free(rels);
	free(rootreal);
	free(taken);
	defs_free(&d);
	defs_free(&m);
}
