// SPDX-License-Identifier: MIT
/*
 * Small helpers the rest of retconv leans on: allocation that ends the run
 * when memory is gone (a checker has nothing useful to do without it, so
 * every caller would only pass the failure up to exit 2 anyway), growable
 * word lists for the naming vocabulary, a set of strings, the list of jobs
 * to parse, and
 * the reading of line-based files (.retconv, --table).
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <unistd.h>

#include "retconv.h"

static void out_of_memory(void)
{
	fputs("retconv: out of memory\n", stderr);
	exit(2);
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);

	if (!p)
		out_of_memory();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		out_of_memory();
	return p;
}

char *xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;

	return memcpy(xmalloc(n), s, n);
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0)
		out_of_memory();
	return s;
}

void words_push(struct rc_words *w, const char *s)
{
	w->v = xrealloc(w->v, (w->n + 1) * sizeof(*w->v));
	w->v[w->n++] = xstrdup(s);
}

bool words_has(const struct rc_words *w, const char *s)
{
	size_t i;

	for (i = 0; i < w->n; i++)
		if (!strcmp(w->v[i], s))
			return true;
	return false;
}

/* Whether @w is one of the @n strings of @v (AMONG() for an array). */
bool str_among(const char *w, const char *const *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(w, v[i]))
			return true;
	return false;
}

void words_free(struct rc_words *w)
{
	size_t i;

	for (i = 0; i < w->n; i++)
		free(w->v[i]);
	free(w->v);
	w->v = NULL;
	w->n = 0;
}

void jobs_push(struct rc_jobs *jobs, const char *file, const char *path,
	       char *const *args, size_t nargs)
{
	struct rc_job *job;
	size_t i;

	jobs->v = xrealloc(jobs->v, (jobs->n + 1) * sizeof(*jobs->v));
	job = &jobs->v[jobs->n++];
	job->file = xstrdup(file);
	job->path = xstrdup(path);
	job->dir = NULL;
	job->fileid = NULL;
	job->pch = NULL;
	job->build = false;
	job->args = xcalloc(nargs + 1, sizeof(*job->args));
	for (i = 0; i < nargs; i++)
		job->args[i] = xstrdup(args[i]);
	job->nargs = nargs;
}

void jobs_free(struct rc_jobs *jobs)
{
	size_t i, j;

	for (i = 0; i < jobs->n; i++) {
		for (j = 0; j < jobs->v[i].nargs; j++)
			free(jobs->v[i].args[j]);
		free(jobs->v[i].args);
		free(jobs->v[i].file);
		free(jobs->v[i].path);
		free(jobs->v[i].dir);
		free(jobs->v[i].fileid);
		free(jobs->v[i].pch);
	}
	free(jobs->v);
	jobs->v = NULL;
	jobs->n = 0;
}

/* Where retconv was started: the directory printed paths are relative to. */
static char home[PATH_MAX];

void home_init(void)
{
	if (!getcwd(home, sizeof(home)))
		home[0] = '\0';
}

/*
 * @path as retconv prints it: relative to where it was started when it is
 * below it, else absolute.  A worker parsing a compile_commands entry is
 * in the entry's directory, where clang's relative paths start.
 */
char *display_path(const char *path)
{
	char abs[PATH_MAX];
	size_t n = strlen(home);

	if (!n || !realpath(path, abs))
		return xstrdup(path);
	if (!strncmp(abs, home, n) && abs[n] == '/')
		return xstrdup(abs + n + 1);
	return xstrdup(abs);
}

/* A character of a C identifier, in the C locale whatever the process's. */
bool ident_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	       (c >= '0' && c <= '9') || c == '_';
}

static const char *suffix(const char *path)
{
	const char *dot = strrchr(path, '.');

	return dot && !strchr(dot, '/') ? dot : "";
}

/* A C header: C++'s own (.hh, .hpp) are another language's. */
bool is_header_name(const char *path)
{
	const char *dot = suffix(path);

	return !strcmp(dot, ".h") || !strcmp(dot, ".inc");
}

/* A C file: a .c source or a C header. */
bool is_c_name(const char *path)
{
	return !strcmp(suffix(path), ".c") || is_header_name(path);
}

/*
 * Words that begin a line of C++ and never one of C: a C header has no
 * namespace, template or class, includes no dotless standard header
 * (<string>, <cstdint>) and no .hpp.
 */
static bool cxx_line(const char *s)
{
	static const char *const heads[] = { "namespace ", "namespace{",
					     "using namespace ", "template<",
					     "template <" };
	const char *e;

	for (size_t i = 0; i < sizeof(heads) / sizeof(heads[0]); i++)
		if (!strncmp(s, heads[i], strlen(heads[i])))
			return true;
	if (!strncmp(s, "class ", 6)) {
		for (s += 6; *s == ' '; s++)
			;
		if (!ident_char(*s) || (*s >= '0' && *s <= '9'))
			return false;
		while (ident_char(*s))
			s++;
		s += strspn(s, " \t");
		return !*s || *s == '{' || *s == ';' ||
		       (*s == ':' && s[1] != ':');
	}
	if (strncmp(s, "#include", 8))
		return false;
	s += 8 + strspn(s + 8, " \t");
	if (*s == '<') {
		e = strchr(s, '>');
		return e && !memchr(s, '.', (size_t)(e - s));
	}
	if (*s != '"' || !(e = strchr(s + 1, '"')))
		return false;
	return (e - s > 4 && !strncmp(e - 4, ".hpp", 4)) ||
	       (e - s > 3 && !strncmp(e - 3, ".hh", 3));
}

/*
 * Is the header at @path C++?  A line of cxx_line() outside comments
 * and outside every #if that names __cplusplus (a C header's
 * extern "C" guard, or its C++ overloads) says so.
 */
static bool is_cxx_header(const char *path)
{
	char *line = NULL, *s;
	size_t cap = 0;
	unsigned depth = 0, guard = 0, lines = 0;
	bool comment = false, cxx = false;
	FILE *f = fopen(path, "r");

	if (!f)
		return false;
	while (!cxx && lines++ < 4000 && getline(&line, &cap, f) >= 0) {
		s = line + strspn(line, " \t");
		if (comment) {
			comment = !strstr(s, "*/");
			continue;
		}
		if (!strncmp(s, "/*", 2)) {
			comment = !strstr(s + 2, "*/");
			continue;
		}
		if (*s == '#') {
			s += 1 + strspn(s + 1, " \t");
			if (!strncmp(s, "if", 2)) {
				depth++;
				if (!guard && strstr(s, "__cplusplus"))
					guard = depth;
			} else if (!strncmp(s, "endif", 5) && depth) {
				if (guard == depth)
					guard = 0;
				depth--;
			}
			s = line + strspn(line, " \t");
		}
		cxx = !guard && cxx_line(s);
	}
	free(line);
	fclose(f);
	return cxx;
}

/*
 * Is the folder @dir, whose @n entries are @names (joined to @dir when it
 * is not NULL), a C++ program's?  C++ sources and no C one say so; a
 * folder of headers alone, by what they hold.  Its .h files are that
 * program's headers, C++ too: a tree that holds a C library and the C++
 * servers that use it (a kernel client beside its user-space daemons) is
 * checked for its C alone.
 */
bool is_cxx_folder(const char *dir, char *const *names, size_t n)
{
	static const char *const cxx[] = { ".cc", ".cpp", ".cxx", ".hh",
					   ".hpp", ".hxx" };
	bool seen = false, headers = false;
	char *path;

	for (size_t i = 0; i < n; i++) {
		const char *dot = suffix(names[i]);

		if (!strcmp(dot, ".c"))
			return false;
		seen = seen || AMONG(dot, cxx);
		headers = headers || !strcmp(dot, ".h");
	}
	for (size_t i = 0; !seen && headers && i < n; i++) {
		if (strcmp(suffix(names[i]), ".h"))
			continue;
		path = dir ? xasprintf("%s/%s", dir, names[i]) : names[i];
		seen = is_cxx_header(path);
		if (dir)
			free(path);
	}
	return seen;
}

/*
 * Feed each line of @path to @fn until it fails: the configuration and
 * table files.  A file that cannot be opened is named on stderr.
 */
int read_lines(const char *path,
	       int (*fn)(void *ctx, char *line, const char *path,
			 unsigned lineno),
	       void *ctx)
{
	unsigned lineno = 0;
	size_t cap = 0;
	char *line = NULL;
	int err = 0;
	FILE *f;

	f = fopen(path, "r");
	if (!f) {
		err = -errno;
		fprintf(stderr, "retconv: %s: %s\n", path, strerror(errno));
		return err;
	}
	while (!err && getline(&line, &cap, f) >= 0)
		err = fn(ctx, line, path, ++lineno);
	free(line);
	fclose(f);
	return err;
}

/* A set of strings (struct rc_strset), for what a walk met already. */
static size_t strset_hash(const char *s)
{
	size_t h = 14695981039346656037ULL;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ULL;
	return h;
}

/* Whether @key is in @t already; it is from now on. */
bool strset_seen_before(struct rc_strset *t, const char *key)
{
	size_t i, old = t->cap;
	char **v = t->v;

	if (2 * (t->n + 1) > t->cap) {
		t->cap = old ? 2 * old : 1024;
		t->v = xcalloc(t->cap, sizeof(*t->v));
		t->n = 0;
		for (i = 0; i < old; i++) {
			if (v[i])
				strset_seen_before(t, v[i]);
			free(v[i]);
		}
		free(v);
	}
	for (i = strset_hash(key) & (t->cap - 1); t->v[i];
	     i = (i + 1) & (t->cap - 1))
		if (!strcmp(t->v[i], key))
			return true;
	t->v[i] = xstrdup(key);
	t->n++;
	return false;
}

/* Whether @key is in @t. */
bool strset_has(const struct rc_strset *t, const char *key)
{
	size_t i;

	if (!t->cap)
		return false;
	for (i = strset_hash(key) & (t->cap - 1); t->v[i];
	     i = (i + 1) & (t->cap - 1))
		if (!strcmp(t->v[i], key))
			return true;
	return false;
}

void strset_free(struct rc_strset *t)
{
	size_t i;

	for (i = 0; i < t->cap; i++)
		free(t->v[i]);
	free(t->v);
	memset(t, 0, sizeof(*t));
}
