// SPDX-License-Identifier: MIT
/*
 * Shared precompiled headers: the headers many files begin with, parsed
 * once.
 *
 * A file's own lines are a small part of what clang parses for it: a
 * libuv test of 400 lines is 14,000 once uv.h and the C library are in.
 * Files of one build that are compiled with the same flags from the same
 * directory, and whose first lines are the same #include lines, share one
 * precompiled header of those lines, written into a temporary directory;
 * where those lines are #define lines and #include <...> lines alone,
 * which look in no folder of the file's own, files of every folder with
 * the same flags share it (a tree's folders mostly have the same -I list,
 * and their files begin with the same C library and library headers).
 * The workers build the PCHs first, one job each, by libclang in their
 * own process (a clang started per PCH spent most of its time starting),
 * and summarize the functions of its headers there, once; then each file
 * of the group is parsed with -include-pch, leaving out the PCH's
 * declarations, and its own #include lines find the headers already read
 * (their guards are defined).  Only a prefix of #include and #define lines
 * is shared, never an #if, and the PCH is made of those very lines, so
 * the file means what it meant; a header that compiles with errors makes
 * no PCH (pch_settle() then takes it from its files), and worker.c parses
 * a file again without its PCH when the PCH is refused, or when the parse
 * with it has an error in a header it may read twice (pch_twice()).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <clang-c/Index.h>

#include "retconv.h"
#include "ast.h"

#define MAX_PREFIX 32		/* #include lines looked at */
#define MIN_SHARE 4		/* files a PCH must serve to be worth it:
				 * it costs about one whole parse, and a
				 * file parsed with it a sixth of one */

struct prefix {
	char *lines[MAX_PREFIX];
	size_t n;
};

/* A line that is blank or only a comment, given whether one is open. */
static bool only_comment(const char *s, bool *open)
{
	for (;;) {
		if (*open) {
			s = strstr(s, "*/");
			if (!s)
				return true;
			s += 2;
			*open = false;
		}
		s += strspn(s, " \t\r\n");
		if (!*s || (s[0] == '/' && s[1] == '/'))
			return true;
		if (s[0] != '/' || s[1] != '*')
			return false;
		*open = true;
		s += 2;
	}
}

/* The #include and #define lines a file begins with, after comments. */
static void read_prefix(const char *path, struct prefix *p)
{
	FILE *f = fopen(path, "r");
	bool open = false;
	size_t cap = 0, len;
	char *line = NULL, *s;

	p->n = 0;
	if (!f)
		return;
	while (p->n < MAX_PREFIX && getline(&line, &cap, f) > 0) {
		if (only_comment(line, &open))
			continue;
		s = line + strspn(line, " \t");
		if (*s++ != '#')
			break;
		s += strspn(s, " \t");
		len = strcspn(s, "\r\n");
		if ((strncmp(s, "include", 7) && strncmp(s, "define", 6)) ||
		    strchr(s, '\\') || strstr(s, "/*"))
			break;
		p->lines[p->n++] = xasprintf("#%.*s\n", (int)len, s);
	}
	free(line);
	fclose(f);
}

/*
 * Whether a file's first @k lines are #define lines and #include lines of
 * a <header> alone: then no line of them looks in the file's own folder
 * (an angled name is looked for in the -I folders and the system's only,
 * and a header's quoted #include in that header's folder first, not the
 * main file's), and files of every folder that have the same flags share
 * one PCH of them.
 */
static bool is_folder_free(const struct prefix *p, size_t k)
{
	const char *s;
	size_t j;

	for (j = 0; j < k; j++) {
		s = p->lines[j] + 1;
		if (!strncmp(s, "define", 6))
			continue;
		s += strlen("include");
		s += strspn(s, " \t");
		if (*s != '<')
			return false;
	}
	return true;
}

/* What files must share to share a PCH: directory, flags, and source
 * directory (where quoted includes are found first), unless @anywhere. */
static char *group_of(const struct rc_job *job, bool anywhere)
{
	const char *slash = strrchr(job->path, '/');
	size_t i, n = 0;
	char *g, *p;

	for (i = 0; i < job->nargs; i++)
		n += strlen(job->args[i]) + 1;
	g = xmalloc(n + 1);
	for (i = 0, p = g; i < job->nargs; i++)
		p += sprintf(p, "%s\x1f", job->args[i]);
	*p = '\0';
	if (anywhere)
		p = xasprintf("%s\x1e*\x1e%s", job->dir ? job->dir : "", g);
	else
		p = xasprintf("%s\x1e%.*s\x1e%s", job->dir ? job->dir : "",
			      slash ? (int)(slash - job->path) : 0,
			      job->path, g);
	free(g);
	return p;
}

struct key {
	char *text;		/* group, then the first k lines */
	size_t job;
	size_t k;
};

static int by_text(const void *a, const void *b)
{
	const struct key *x = a, *y = b;
	int c = strcmp(x->text, y->text);

	if (c)
		return c;
	return x->job < y->job ? -1 : x->job > y->job;
}

static char *write_header(const char *dir, size_t i, const struct prefix *p,
			  size_t k)
{
	char *path = xasprintf("%s/p%zu.h", dir, i);
	FILE *f = fopen(path, "w");
	size_t j;

	if (!f) {
		free(path);
		return NULL;
	}
	for (j = 0; j < k; j++)
		fputs(p->lines[j], f);
	if (fclose(f)) {
		free(path);
		return NULL;
	}
	return path;
}

/* The key of @job's first @k lines: its group's (@group[0]), or, for
 * lines that look in no folder of the file's, its flags' (@group[1]). */
static char *key_text(char *const *group, const struct prefix *p, size_t k)
{
	const char *g = group[is_folder_free(p, k)];
	size_t j, n = strlen(g) + 2;
	char *s, *q;

	for (j = 0; j < k; j++)
		n += strlen(p->lines[j]);
	s = xmalloc(n);
	q = s + sprintf(s, "%s\x1d", g);
	for (j = 0; j < k; j++)
		q = stpcpy(q, p->lines[j]);
	return s;
}

/*
 * For each file, the longest prefix it shares with MIN_SHARE - 1 others of
 * its group and with half of those that share its first #include line and
 * the lines before it (a PCH of #define lines alone saves nothing): each
 * PCH costs about a parse, and the headers a longer prefix adds are small
 * next to the C library the first one brings, so a few serving many beat
 * many serving few.  Then a PCH for each prefix chosen by at least
 * MIN_SHARE files.
 */
static void choose(struct rc_jobs *jobs, struct prefix *pre, char **group,
		   size_t *best)
{
	size_t (*count)[MAX_PREFIX + 1] = xcalloc(jobs->n + 1,
						  sizeof(*count));
	struct key *keys;
	size_t nkeys = 0, i, j, k, total = 0, first;

	for (i = 0; i < jobs->n; i++)
		total += pre[i].n;
	keys = xcalloc(total + 1, sizeof(*keys));
	for (i = 0; i < jobs->n; i++)
		for (k = 1; k <= pre[i].n; k++)
			keys[nkeys++] = (struct key){
				key_text(&group[2 * i], &pre[i], k), i, k };
	qsort(keys, nkeys, sizeof(*keys), by_text);
	for (i = 0; i < nkeys; i = j) {
		for (j = i; j < nkeys && !strcmp(keys[j].text, keys[i].text);)
			j++;
		for (k = i; k < j; k++)
			count[keys[k].job][keys[k].k] = j - i;
	}
	for (i = 0; i < jobs->n; i++) {
		for (k = 1, first = 0; k <= pre[i].n; k++) {
			if (!first &&
			    !strncmp(pre[i].lines[k - 1], "#include", 8))
				first = count[i][k];
			if (first && count[i][k] >= MIN_SHARE &&
			    2 * count[i][k] >= first)
				best[i] = k;
		}
	}
	for (i = 0; i < nkeys; i++)
		free(keys[i].text);
	free(keys);
	free(count);
}

/*
 * The job that precompiles @hdr for the files of @job's group: @job's
 * flags and directory, with its source directory searched first for
 * quoted includes, as the file itself would be; for lines that look in no
 * folder of the file's (@anywhere), with nothing more, as the files of
 * every folder read them.
 */
static void push_build(struct rc_jobs *builds, const struct rc_job *job,
		       const char *hdr, char *pch, bool anywhere)
{
	const char *slash = strrchr(job->path, '/');
	char **args = xcalloc(job->nargs + 4, sizeof(*args));
	char *quote = NULL;
	struct rc_job *b;
	size_t i, n = 0;

	for (i = 0; i < job->nargs; i++)
		args[n++] = job->args[i];
	if (!anywhere) {
		quote = slash ? xasprintf("%.*s", (int)(slash - job->path),
					  job->path) : xstrdup(".");
		args[n++] = "-iquote";
		args[n++] = quote;
	}
	args[n++] = "-x";
	args[n++] = "c-header";
	jobs_push(builds, hdr, hdr, args, n);
	free(quote);
	free(args);
	b = &builds->v[builds->n - 1];
	b->dir = job->dir ? xstrdup(job->dir) : NULL;
	b->pch = pch;
	b->build = true;
}

int pch_plan(struct rc_jobs *jobs, char **tmpdir, struct rc_jobs *builds)
{
	struct prefix *pre = xcalloc(jobs->n + 1, sizeof(*pre));
	char **group = xcalloc(2 * jobs->n + 1, sizeof(*group));
	size_t *best = xcalloc(jobs->n + 1, sizeof(*best));
	struct key *chosen = xcalloc(jobs->n + 1, sizeof(*chosen));
	char tmpl[PATH_MAX], *hdr;
	size_t i, j, k, n = 0;
	const char *tmp = getenv("TMPDIR");

	*tmpdir = NULL;
	if (jobs->n < MIN_SHARE)
		goto out;
	for (i = 0; i < jobs->n; i++) {
		if (!is_header_name(jobs->v[i].path))
			read_prefix(jobs->v[i].path, &pre[i]);
		group[2 * i] = group_of(&jobs->v[i], false);
		group[2 * i + 1] = group_of(&jobs->v[i], true);
	}
	choose(jobs, pre, group, best);
	for (i = 0; i < jobs->n; i++)
		if (best[i])
			chosen[n++] = (struct key){
				key_text(&group[2 * i], &pre[i], best[i]), i,
				best[i] };
	qsort(chosen, n, sizeof(*chosen), by_text);
	snprintf(tmpl, sizeof(tmpl), "%s/retconv-pch.XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	if (!n || !mkdtemp(tmpl))
		goto out;
	*tmpdir = xstrdup(tmpl);
	for (i = 0; i < n; i = j) {
		for (j = i; j < n && !strcmp(chosen[j].text, chosen[i].text);)
			j++;
		if (j - i < MIN_SHARE)
			continue;
		hdr = write_header(tmpl, builds->n, &pre[chosen[i].job],
				   chosen[i].k);
		if (!hdr)
			continue;
		push_build(builds, &jobs->v[chosen[i].job], hdr,
			   xasprintf("%s/p%zu.pch", tmpl, builds->n),
			   is_folder_free(&pre[chosen[i].job], chosen[i].k));
		free(hdr);
		for (k = i; k < j; k++)
			jobs->v[chosen[k].job].pch =
				xstrdup(builds->v[builds->n - 1].pch);
	}
out:
	for (i = 0; i < n; i++)
		free(chosen[i].text);
	for (i = 0; i < jobs->n; i++) {
		for (j = 0; j < pre[i].n; j++)
			free(pre[i].lines[j]);
		free(group[2 * i]);
		free(group[2 * i + 1]);
	}
	free(chosen);
	free(best);
	free(group);
	free(pre);
	return 0;
}

/*
 * The headers a file parsed with @pch may read twice: its own #include
 * lines come again after the PCH, and a header the PCH holds that is not
 * guarded against a second inclusion (an include guard around all of it,
 * or #pragma once) is read again there, where its definitions can be
 * errors that a parse without the PCH does not have.  The worker that
 * built the PCH lists them, by file identity, one a line, in a file
 * beside it; worker.c parses a file again without the PCH only when an
 * error lies in one of them.
 */
static char *twice_list(const char *pch)
{
	return xasprintf("%s.twice", pch);
}

void pch_note_twice(const char *pch, const char *ids)
{
	char *path = twice_list(pch);
	FILE *f = fopen(path, "w");

	if (f) {
		fputs(ids, f);
		if (fclose(f))
			unlink(path);
	}
	free(path);
}

char *pch_twice(const char *pch)
{
	char *path = twice_list(pch), *text = NULL;
	FILE *f = fopen(path, "r");
	size_t cap = 0;

	free(path);
	if (!f)
		return NULL;
	if (getdelim(&text, &cap, '\0', f) < 0) {
		free(text);
		text = xstrdup("");
	}
	fclose(f);
	return text;
}

/* The files whose PCH could not be built are parsed whole. */
void pch_settle(struct rc_jobs *jobs)
{
	struct stat st;
	size_t i;

	for (i = 0; i < jobs->n; i++) {
		if (jobs->v[i].pch && stat(jobs->v[i].pch, &st)) {
			free(jobs->v[i].pch);
			jobs->v[i].pch = NULL;
		}
	}
}

/* Remove the PCHs and their directory. */
void pch_cleanup(char *tmpdir)
{
	struct dirent *de;
	char *cmd;
	DIR *d;

	if (!tmpdir)
		return;
	d = opendir(tmpdir);
	while (d && (de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		cmd = xasprintf("%s/%s", tmpdir, de->d_name);
		unlink(cmd);
		free(cmd);
	}
	if (d)
		closedir(d);
	rmdir(tmpdir);
	free(tmpdir);
}

/* The headers of a PCH that a file may read again (pch_twice()). */
struct twice {
	CXTranslationUnit tu;
	char *ids;		/* "\n" before each file's identity */
};

static void twice_visit(CXFile file, CXSourceLocation *stack, unsigned depth,
			CXClientData data)
{
	struct twice *w = data;
	char *id, *old;

	(void)stack;
	if (!depth || clang_isFileMultipleIncludeGuarded(w->tu, file))
		return;
	id = file_id(file);
	old = w->ids;
	w->ids = xasprintf("%s\n%s", old, id);
	free(old);
	free(id);
}

char *pch_read_twice(CXTranslationUnit tu)
{
	struct twice w = { .tu = tu, .ids = xstrdup("") };

	clang_getInclusions(tu, twice_visit, &w);
	return w.ids;
}

/* Whether the list @ids (of pch_read_twice()) holds @file. */
static bool listed(const char *ids, CXFile file)
{
	char *id = file_id(file);
	size_t n = strlen(id);
	const char *at;
	bool found = false;

	for (at = strstr(ids, id); at && !found; at = strstr(at + 1, id))
		found = at > ids && at[-1] == '\n' &&
			(at[n] == '\n' || !at[n]);
	free(id);
	return found;
}

/*
 * Whether an error of @tu, parsed with @pch, lies in a header the file
 * may have read twice: then a parse without the PCH may have fewer.
 * Without the list, any error may be one.
 */
bool pch_error_twice(CXTranslationUnit tu, const char *pch)
{
	char *ids = pch_twice(pch);
	unsigned i, n = clang_getNumDiagnostics(tu);
	bool twice = !ids;

	for (i = 0; i < n && !twice; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXFile file = NULL;

		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			clang_getExpansionLocation(clang_getDiagnosticLocation(d),
						   &file, NULL, NULL, NULL);
			twice = !file || listed(ids, file);
		}
		clang_disposeDiagnostic(d);
	}
	free(ids);
	return twice;
}
