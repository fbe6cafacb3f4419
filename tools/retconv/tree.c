// SPDX-License-Identifier: MIT
/*
 * Tree mode (--tree DIR): read a project as its own build would, without
 * its build.
 *
 * A tree checked with no compilation database misses its own headers, and
 * with them the types and macros its functions are written in: clang then
 * drops the statements the rules read.  The build would have passed -I
 * for the folders its #include lines are written against, so this finds
 * them from those lines: every #include "a/b.h" or <a/b.h> of the tree
 * that does not resolve next to its file (or in the system's headers)
 * credits the folder D of the tree that holds D/a/b.h, the one nearest to
 * the including file when several do.  include/ and each top folder's
 * include/ come first, then the folders that resolve the most #include
 * lines (another processor's last, systems.c), up to a bound:
 * a huge tree must not give clang a search path it spends its time in.
 * A folder for another system (include/windows) is left out, and a Linux
 * one beside it is preferred, as the Linux build the rules assume would.
 * Everything is walked and ordered by name, so a run is the same every
 * time.  A header no folder of the tree holds (config.h, a generated
 * one) stays missing, and worker.c parses the file past it.
 *
 * With files named as well (--tree DIR FILE...), only those are checked,
 * but the rules judge a call by its callee's class, which comes from the
 * callee's definition: the files of the tree that define what the named
 * files call are parsed with them, unreported.  They are found without
 * parsing, by a scan of the tree's .c files for definition lines (a name
 * and "(" at the start of a line that has no ";"), bounded too.  The walk
 * lists the tree's assembly sources as well, for asmref.c.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "retconv.h"

/* At most this much of a file is scanned: a generated table is no source. */
#define SCAN_MAX	(1u << 20)

struct entry {
	const char *key;
	long val;		/* a count, or the first of a chain */
};

/* Open addressing, string keys owned by the caller. */
struct table {
	struct entry *v;
	size_t cap, n;
};

static size_t hash(const char *s, size_t len)
{
	size_t h = 5381, i;

	for (i = 0; i < len; i++)
		h = h * 33 + (unsigned char)s[i];
	return h;
}

static struct entry *lookup(struct table *t, const char *key, size_t len,
			    bool add)
{
	struct entry *old = t->v;
	size_t i, cap = t->cap;

	if (add && (t->n + 1) * 2 > t->cap) {
		t->cap = cap ? cap * 2 : 1024;
		t->v = xcalloc(t->cap, sizeof(*t->v));
		t->n = 0;
		for (i = 0; i < cap; i++)
			if (old[i].key)
				*lookup(t, old[i].key, strlen(old[i].key),
					true) = old[i];
		free(old);
	}
	if (!t->cap)
		return NULL;
	for (i = hash(key, len) & (t->cap - 1); t->v[i].key;
	     i = (i + 1) & (t->cap - 1))
		if (!strncmp(t->v[i].key, key, len) && !t->v[i].key[len])
			return &t->v[i];
	if (!add)
		return NULL;
	t->n++;
	t->v[i].key = key;
	t->v[i].val = -1;
	return &t->v[i];
}

struct walk {
	const char *root;
	struct rc_tree *t;	/* what the scan finds */
	char **files;		/* relative to root, in walk order */
	size_t nfiles;
	char **dirs;		/* relative to root */
	size_t ndirs;
	struct table exact;	/* file -> its index */
	struct table tails;	/* header's tail at a '/' -> first of chain */
	long *next;		/* the chain of tails */
	size_t *tailfile;	/* a tail's header */
	size_t *tailoff;	/* where in its name the tail starts */
	size_t ntails;
	struct table score;	/* dir -> #include lines it resolves */
	struct table names;	/* an #include's name -> resolved before */
	struct rc_systems sys;	/* the folders of other systems */
};

static char *join(const char *root, const char *rel)
{
	if (!*rel)
		return xstrdup(root);
	if (!strcmp(root, "."))
		return xstrdup(rel);
	return xasprintf("%s/%s", root, rel);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool is_source(const char *name)
{
	size_t n = strlen(name);

	return (n > 2 && !strcmp(name + n - 2, ".c")) || is_header_name(name);
}

/* gas's sources, preprocessed (.S, .sx) or not (.s) */
static bool is_asm(const char *name)
{
	const char *dot = strrchr(name, '.');

	return dot && (!strcmp(dot, ".S") || !strcmp(dot, ".s") ||
		       !strcmp(dot, ".sx"));
}

/* Every file and folder under @rel, sorted, hidden ones and links to
 * folders left out as inputs.c leaves them. */
static void walk_dir(struct walk *w, const char *rel)
{
	char *path = join(w->root, rel), **names = NULL, *sub;
	struct dirent *de;
	struct stat st;
	size_t n = 0, i;
	DIR *d = opendir(path);

	free(path);
	if (!d)
		return;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		names = xrealloc(names, (n + 1) * sizeof(*names));
		names[n++] = xstrdup(de->d_name);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), by_name);
	for (i = 0; i < n; i++) {
		sub = *rel ? xasprintf("%s/%s", rel, names[i]) :
			     xstrdup(names[i]);
		path = join(w->root, sub);
		if (lstat(path, &st) || S_ISLNK(st.st_mode) ||
		    !(S_ISDIR(st.st_mode) ||
		      (S_ISREG(st.st_mode) &&
		       (is_source(sub) || is_asm(sub))))) {
			free(sub);
		} else if (S_ISDIR(st.st_mode)) {
			w->dirs = xrealloc(w->dirs,
					   (w->ndirs + 1) * sizeof(*w->dirs));
			w->dirs[w->ndirs++] = sub;
			walk_dir(w, sub);
		} else if (is_asm(sub)) {
			w->t->asms = xrealloc(w->t->asms, (w->t->nasms + 1) *
					      sizeof(*w->t->asms));
			w->t->asms[w->t->nasms++] = sub;
		} else {
			w->files = xrealloc(w->files,
					    (w->nfiles + 1) * sizeof(*w->files));
			w->files[w->nfiles++] = sub;
		}
		free(path);
		free(names[i]);
	}
	free(names);
}

/* Each header under every tail that starts at a '/': "a/b.h" and "b.h"
 * of "src/a/b.h", chained, so that an #include's name finds them all. */
static void index_headers(struct walk *w)
{
	const char *f, *t;
	struct entry *e;
	size_t i, k;

	for (i = 0; i < w->nfiles; i++) {
		f = w->files[i];
		lookup(&w->exact, f, strlen(f), true)->val = (long)i;
		if (!is_header_name(f))
			continue;
		for (t = f; t; t = strchr(t, '/'), t = t ? t + 1 : NULL) {
			k = w->ntails++;
			w->next = xrealloc(w->next, w->ntails * sizeof(*w->next));
			w->tailfile = xrealloc(w->tailfile,
					       w->ntails * sizeof(size_t));
			w->tailoff = xrealloc(w->tailoff,
					      w->ntails * sizeof(size_t));
			e = lookup(&w->tails, t, strlen(t), true);
			w->next[k] = e->val;
			w->tailfile[k] = i;
			w->tailoff[k] = (size_t)(t - f);
			e->val = (long)k;
		}
	}
}

static bool has_dir(const struct walk *w, const char *d)
{
	size_t i;

	for (i = 0; i < w->ndirs; i++)
		if (!strcmp(w->dirs[i], d))
			return true;
	return false;
}

/* How many leading folders @a and @b share, in characters. */
static size_t common_prefix(const char *a, const char *b)
{
	size_t i, n = 0;

	for (i = 0; a[i] && a[i] == b[i]; i++)
		if (a[i] == '/')
			n = i + 1;
	return n;
}

static void credit(struct walk *w, const char *dir, size_t len)
{
	struct entry *e = lookup(&w->score, dir, len, false);

	if (!e) {
		e = lookup(&w->score, xasprintf("%.*s", (int)len, dir), len,
			   true);
		e->val = 0;
	}
	e->val++;
}

/* Credit the folder an #include of @name in file @from resolves against:
 * of those that hold it, the nearest to @from, then the first by name. */
static void resolve(struct walk *w, const char *from, const char *name,
		    size_t len, bool angle)
{
	char *n = xasprintf("%.*s", (int)len, name), *own;
	const char *slash, *f, *best = NULL;
	size_t cp, bestcp = 0, bestlen = 0, dlen;
	struct entry *e;
	long t;

	if (strstr(n, "..") || n[0] == '/' || !len)
		goto out;
	if (!angle) {
		slash = strrchr(from, '/');
		own = slash ? xasprintf("%.*s/%s", (int)(slash - from), from,
					n) : xstrdup(n);
		e = lookup(&w->exact, own, strlen(own), false);
		free(own);
		if (e)
			goto out;	/* next to its file: no -I needed */
	} else {
		e = lookup(&w->names, n, len, false);
		if (!e) {
			e = lookup(&w->names, xstrdup(n), len, true);
			e->val = clib_system_has(n);
		}
		if (e->val)
			goto out;
	}
	e = lookup(&w->tails, n, len, false);
	for (t = e ? e->val : -1; t >= 0; t = w->next[t]) {
		f = w->files[w->tailfile[t]];
		dlen = w->tailoff[t] ? w->tailoff[t] - 1 : 0;
		if (systems_other(&w->sys, f, dlen))
			continue;
		cp = common_prefix(from, f);
		if (!best || cp > bestcp ||
		    (cp == bestcp &&
		     systems_before(&w->sys, f, dlen, best, bestlen))) {
			best = f;
			bestcp = cp;
			bestlen = dlen;
		}
	}
	if (best)
		credit(w, best, bestlen);
out:
	free(n);
}

/* Read at most SCAN_MAX bytes of @rel, NUL-terminated, or NULL.  The
 * buffer is the file's size: a tree has thousands of small files, and a
 * buffer of SCAN_MAX each was mapped and faulted in for every one. */
char *tree_slurp(const char *root, const char *rel)
{
	char *path = join(root, rel), *buf;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t n = 0, max = SCAN_MAX;
	struct stat st;
	ssize_t got;

	free(path);
	if (fd < 0)
		return NULL;
	if (!fstat(fd, &st) && S_ISREG(st.st_mode) &&
	    (unsigned long long)st.st_size < max)
		max = (size_t)st.st_size;
	buf = xmalloc(max + 1);
	while (n < max && (got = read(fd, buf + n, max - n)) > 0)
		n += (size_t)got;
	buf[n] = '\0';
	close(fd);
	return buf;
}

static const char *skip_blank(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

/* Past "#include" (the directive @word) and the blanks after it, when
 * the line @s is one, or NULL. */
static const char *directive(const char *s, const char *word)
{
	size_t n = strlen(word);

	s = skip_blank(s);
	if (*s != '#')
		return NULL;
	s = skip_blank(s + 1);
	if (strncmp(s, word, n))
		return NULL;
	return skip_blank(s + n);
}

/* The #include lines of file @i, each credited to its folder. */
static void scan_includes(struct walk *w, size_t i)
{
	char *buf = tree_slurp(w->root, w->files[i]);
	const char *s, *p, *name, *end;
	char close;

	if (!buf)
		return;
	for (s = buf; s; s = strchr(s, '\n'), s = s ? s + 1 : NULL) {
		p = directive(s, "include");
		if (!p || (*p != '"' && *p != '<'))
			continue;
		s = p;
		close = *s == '"' ? '"' : '>';
		name = s + 1;
		end = name;
		while (*end && *end != close && *end != '\n')
			end++;
		if (*end == close)
			resolve(w, w->files[i], name, (size_t)(end - name),
				close == '>');
	}
	free(buf);
}

struct scored {
	const char *dir;
	long score;
	bool late;		/* another processor's */
};

static int by_score(const void *pa, const void *pb)
{
	const struct scored *a = pa, *b = pb;

	if (a->late != b->late)
		return a->late ? 1 : -1;
	if (a->score != b->score)
		return a->score > b->score ? -1 : 1;
	return strcmp(a->dir, b->dir);
}

static bool chosen(const struct rc_tree *t, const char *path)
{
	size_t i;

	for (i = 0; i < t->nincdirs; i++)
		if (!strcmp(t->incdirs[i], path))
			return true;
	return false;
}

static void choose(struct rc_tree *t, const char *root, const char *rel)
{
	char *path = join(root, rel);

	if (chosen(t, path)) {
		free(path);
		return;
	}
	t->nfound++;
	if (t->nincdirs == TREE_MAX_DIRS) {
		free(path);
		return;
	}
	t->incdirs = xrealloc(t->incdirs,
			      (t->nincdirs + 1) * sizeof(*t->incdirs));
	t->incdirs[t->nincdirs++] = path;
	clib_find(t, root, rel, t->nincdirs - 1);
}

/* include/, then X/include, then by the #include lines each resolves,
 * another processor's folders last. */
static void choose_dirs(struct rc_tree *t, struct walk *w)
{
	struct scored *v = xcalloc(w->score.n + 1, sizeof(*v));
	size_t i, n = 0;
	const char *slash;

	if (has_dir(w, "include"))
		choose(t, w->root, "include");
	for (i = 0; i < w->ndirs; i++) {
		slash = strchr(w->dirs[i], '/');
		if (slash && !strcmp(slash, "/include") &&
		    !systems_other(&w->sys, w->dirs[i], strlen(w->dirs[i])))
			choose(t, w->root, w->dirs[i]);
	}
	for (i = 0; i < w->score.cap; i++)
		if (w->score.v[i].key) {
			v[n].dir = w->score.v[i].key;
			v[n].late = systems_other_arch(&w->sys, v[n].dir,
						       strlen(v[n].dir));
			v[n++].score = w->score.v[i].val;
		}
	if (n)
		qsort(v, n, sizeof(*v), by_score);
	for (i = 0; i < n; i++)
		choose(t, w->root, v[i].dir);
	free(v);
}

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
	struct table names;
	long *next;
	size_t *file;
	size_t n;
};

static void defs_add(struct defs *d, const char *name, size_t len,
		     size_t file)
{
	struct entry *e = lookup(&d->names, name, len, false);

	if (!e)
		e = lookup(&d->names, xasprintf("%.*s", (int)len, name), len,
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
		p = directive(s, "define");
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
	struct entry *e;
	size_t i;
	long t;

	for (i = 0; i < n; i++) {
		if (lookup(&d->names, v[i].name, strlen(v[i].name), false))
			continue;
		e = lookup(&d->names, v[i].target, strlen(v[i].target), false);
		for (t = e ? e->val : -1; t >= 0; t = d->next[t])
			defs_add(d, v[i].name, strlen(v[i].name), d->file[t]);
	}
	for (i = 0; i < n; i++) {
		free(v[i].name);
		free(v[i].target);
	}
	free(v);
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
		if (*s != '.' && !(*s == '>' && s > buf && s[-1] == '-'))
			continue;
		name = p = s + 1;
		while (ident_char(*p))
			p++;
		len = (size_t)(p - name);
		if (!len || (*name >= '0' && *name <= '9'))
			continue;
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
static long nearest_def(struct defs *d, struct walk *w, const char *name,
			size_t len, const char *from)
{
	struct entry *e = lookup(&d->names, name, len, false);
	size_t cp, bestcp = 0;
	long t, best = -1;

	for (t = e ? e->val : -1; t >= 0; t = d->next[t]) {
		cp = common_prefix(from, w->files[d->file[t]]);
		if (best < 0 || cp > bestcp ||
		    (cp == bestcp && d->file[t] < (size_t)best)) {
			best = (long)d->file[t];
			bestcp = cp;
		}
	}
	return best;
}

static void add_context(struct rc_tree *t, struct walk *w, bool *taken,
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
	t->context[t->ncontext++] = join(w->root, w->files[f]);
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
static void scan_calls(struct rc_tree *t, struct walk *w, struct defs *d,
		       struct table *own, bool *taken, const char *buf,
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
		    lookup(own, start, (size_t)(end - start), false))
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
static long nearest_store(struct defs *m, struct walk *w, const bool *taken,
			  const char *name, size_t len, const char *from)
{
	struct entry *e = lookup(&m->names, name, len, false);
	size_t cp, bestcp = 0;
	long t, best = -1;

	for (t = e ? e->val : -1; t >= 0; t = m->next[t]) {
		if (taken[m->file[t]])
			continue;
		cp = common_prefix(from, w->files[m->file[t]]);
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
	struct entry *e = lookup(&m->names, name, len, false);
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
static void scan_member_calls(struct rc_tree *t, struct walk *w,
			      struct defs *m, bool *taken, const char *buf,
			      const char *from)
{
	const char *s, *name, *p;
	long f;
	int k;

	for (s = buf; *s; s++) {
		if (*s != '.' && !(*s == '>' && s > buf && s[-1] == '-'))
			continue;
		name = p = s + 1;
		while (ident_char(*p))
			p++;
		if (p == name || *skip_blanks(p) != '(' ||
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
static void index_tree(struct walk *w, char *const *rels,
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
static void choose_context(struct rc_tree *t, struct walk *w,
			   char *const *files, size_t nfiles)
{
	struct defs d = { .n = 0 }, m = { .n = 0 };
	struct table own = { NULL, 0, 0 };
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

			if (def && !lookup(&own, def, len, false))
				lookup(&own, xasprintf("%.*s", (int)len, def),
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

static void walk_free(struct walk *w)
{
	size_t i;

	for (i = 0; i < w->names.cap; i++)
		free((char *)w->names.v[i].key);
	for (i = 0; i < w->score.cap; i++)
		free((char *)w->score.v[i].key);
	for (i = 0; i < w->nfiles; i++)
		free(w->files[i]);
	for (i = 0; i < w->ndirs; i++)
		free(w->dirs[i]);
	systems_free(&w->sys);
	free(w->names.v);
	free(w->score.v);
	free(w->exact.v);
	free(w->tails.v);
	free(w->files);
	free(w->dirs);
	free(w->next);
	free(w->tailfile);
	free(w->tailoff);
}

int tree_scan(struct rc_tree *t, const char *dir, char *const *files,
	      size_t nfiles)
{
	struct walk w = { .root = dir, .t = t };
	struct stat st;
	size_t i;

	memset(t, 0, sizeof(*t));
	if (stat(dir, &st)) {
		int err = -errno;

		fprintf(stderr, "retconv: %s: %s\n", dir, strerror(-err));
		return err;
	}
	if (!S_ISDIR(st.st_mode)) {
		fprintf(stderr, "retconv: %s: --tree wants a directory\n", dir);
		return -ENOTDIR;
	}
	walk_dir(&w, "");
	systems_find(&w.sys, w.dirs, w.ndirs);
	index_headers(&w);
	for (i = 0; i < w.nfiles; i++)
		scan_includes(&w, i);
	choose_dirs(t, &w);
	t->others = systems_passed(&w.sys, &t->nothers);
	pkgdeps_find(t, dir);
	if (nfiles)
		choose_context(t, &w, files, nfiles);
	walk_free(&w);
	return 0;
}

void tree_free(struct rc_tree *t)
{
	size_t i;

	for (i = 0; i < t->nincdirs; i++)
		free(t->incdirs[i]);
	for (i = 0; i < t->ncontext; i++)
		free(t->context[i]);
	for (i = 0; i < t->nothers; i++)
		free(t->others[i]);
	free(t->others);
	for (i = 0; i < t->nincdirs; i++)
		free(t->served[i]);
	free(t->served);
	pkgdeps_free(t);
	for (i = 0; i < t->nasms; i++)
		free(t->asms[i]);
	free(t->asms);
	strset_free(&t->asmnames);
	free(t->clib);
	free(t->incdirs);
	free(t->context);
	memset(t, 0, sizeof(*t));
}
