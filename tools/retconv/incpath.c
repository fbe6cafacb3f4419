// SPDX-License-Identifier: MIT
/*
 * Tree mode's include path, narrowed for each folder of files to the -I
 * folders its files' #include lines can reach.
 *
 * tree.c gives every file of a tree the same -I folders, up to
 * TREE_MAX_DIRS, and clang looks each #include up in them in order: on a
 * kernel-style tree most lookups fail in most folders, and those failed
 * opens and stats were a fifth of the run's CPU (docs/retconv-real-
 * world.md, "Speed in tree mode").  Where an #include resolves depends
 * only on the folders before the one that holds the name, so a parse
 * given, in the same order, every folder that holds the first hit of a
 * lookup the file can make finds the same headers as one given them all:
 * the folders left out held nothing any of its lookups reached first.
 *
 * What a file can look up is read from the text, not preprocessed: every
 * #include, #include_next, #import and __has_include of the file and of
 * each header those reach, through the -I folders, the includer's own
 * folder and the system's (each system folder that holds the name, not
 * only the first), whatever #if surrounds them: a superset of the lookups
 * of any parse.  A name given by a macro (#include FOO_H) cannot be
 * followed, and the files that reach one keep the whole path.  A header
 * reached under many spellings (a/../b/x.h) is one node of the walk and
 * has its text read once, by device and inode (node_of()).  The files
 * of one folder share one path, the union of theirs, so the precompiled
 * headers pch.c shares among a folder's files still are.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "retconv.h"

/* A string-keyed map to indices, open addressing; keys are owned. */
struct strmap {
	char **keys;
	long *vals;
	size_t cap, n;
};

static size_t str_hash(const char *s)
{
	size_t h = 0xcbf29ce484222325ULL;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ULL;
	return h;
}

/* The slot of @key; with @add, a new one holding -1 when absent. */
static long *strmap_at(struct strmap *m, const char *key, bool add)
{
	size_t i, old = m->cap;
	char **keys = m->keys;
	long *vals = m->vals;

	if (add && 2 * (m->n + 1) > m->cap) {
		m->cap = old ? 2 * old : 256;
		m->keys = xcalloc(m->cap, sizeof(*m->keys));
		m->vals = xcalloc(m->cap, sizeof(*m->vals));
		m->n = 0;
		for (i = 0; i < old; i++)
			if (keys[i])
				*strmap_at(m, keys[i], true) = vals[i];
		for (i = 0; i < old; i++)
			free(keys[i]);
		free(keys);
		free(vals);
	}
	if (!m->cap)
		return NULL;
	for (i = str_hash(key) & (m->cap - 1); m->keys[i];
	     i = (i + 1) & (m->cap - 1))
		if (!strcmp(m->keys[i], key))
			return &m->vals[i];
	if (!add)
		return NULL;
	m->keys[i] = xstrdup(key);
	m->vals[i] = -1;
	m->n++;
	return &m->vals[i];
}

static void strmap_free(struct strmap *m)
{
	size_t i;

	for (i = 0; i < m->cap; i++)
		free(m->keys[i]);
	free(m->keys);
	free(m->vals);
}

/* One lookup a file's text asks for. */
struct lookup {
	char *name;
	bool angled;
	bool next;		/* #include_next, __has_include_next */
};

/*
 * A file as clang would reach it: its path, and where in the search
 * list it was found (0 up: the -I folders, then the system's), or -1
 * (the includer's folder, an absolute name, a file checked), which is
 * where its #include_next lines go on from.
 */
struct node {
	char *path;
	long at;
	long *to;		/* the nodes its lookups reach */
	size_t nto;
	bool read;		/* @to is known */
	bool opaque;		/* a name given by a macro */
	long folder;		/* dir_of_folder(), or -3 until asked */
	unsigned long stamp;	/* the group that last reached it */
};

/* The lookups of one file's text, and whether a macro gives a name. */
struct text {
	struct lookup *v;
	size_t n;
	bool opaque;
};

/* Where a search from one place in the path finds a name: the nodes, in
 * the order resolve() reaches them. */
struct found {
	long *v;
	size_t n;
};

struct narrow {
	char *const *dirs;	/* the -I folders, best first */
	size_t ndirs;
	const char **clib;	/* of each, a C library header (struct
				 * rc_tree's clib): searched after the
				 * system's by some files, or NULL */
	char **sys;		/* the system's folders, in clang's order */
	size_t nsys;
	char **ids;		/* each -I folder's device and inode */
	struct strmap folders;	/* a reached file's folder -> the -I folder
				 * it is, or -2 */
	struct strmap exists;	/* path -> 0 or 1 */
	struct strmap nodes;	/* "at\tpath" -> node */
	struct node *v;
	size_t n, cap;
	unsigned long stamp;
	/* "start\tname" -> its search's nodes in @found: the same name
	 * from the same place is found in the same folders whoever asks,
	 * and a tree's files ask for the same names thousands of times. */
	struct strmap searches;
	struct found *found;
	size_t nfound, capfound;
	/* "dev:inode" -> a file's lookups in @texts: a header reached
	 * under many spellings (a/../b/x.h) has one text, read once. */
	struct strmap byid;
	struct text *texts;
	size_t ntexts, captexts;
};

/* A file clang can open by that name: not a folder, which it passes by. */
static bool exists(struct narrow *nr, const char *path)
{
	long *e = strmap_at(&nr->exists, path, true);
	struct stat st;

	if (*e < 0)
		*e = !stat(path, &st) && !S_ISDIR(st.st_mode);
	return *e;
}

/* @v, with room for one more than its @n, doubling @cap (256 at first). */
static void *room(void *v, size_t n, size_t *cap, size_t size)
{
	if (n < *cap)
		return v;
	*cap = *cap ? 2 * *cap : 256;
	return xrealloc(v, *cap * size);
}

static long node_new(struct narrow *nr, const char *path, long at)
{
	nr->v = room(nr->v, nr->n, &nr->cap, sizeof(*nr->v));
	memset(&nr->v[nr->n], 0, sizeof(*nr->v));
	nr->v[nr->n].path = xstrdup(path);
	nr->v[nr->n].at = at;
	nr->v[nr->n].folder = -3;
	return (long)nr->n++;
}

/*
 * The node of the file @path found at @at.  One file is one node at one
 * place in the search, however it is spelled: headers that include each
 * other through a sibling folder ("a/a.h" and "../state.h" in lib/)
 * spell lib/state.h again as lib/a/../state.h, lib/a/../a/../state.h,
 * ... without end, and a node for each spelling was a walk that never
 * ended (libtheora's lib/c64x, session 31).  Where a lookup goes depends
 * on the file's folder as the system finds it, which the first spelling
 * names as well as any other.
 */
static long node_of(struct narrow *nr, const char *path, long at)
{
	char *key = xasprintf("%ld\t%s", at, path), *id = NULL;
	long *e = strmap_at(&nr->nodes, key, false), x;
	struct stat st;

	if (e && *e >= 0) {
		free(key);
		return *e;
	}
	if (!stat(path, &st)) {
		id = xasprintf("%ld\t#%llx:%llx", at,
			       (unsigned long long)st.st_dev,
			       (unsigned long long)st.st_ino);
		e = strmap_at(&nr->nodes, id, false);
	}
	x = e && *e >= 0 ? *e : node_new(nr, path, at);
	if (id)
		*strmap_at(&nr->nodes, id, true) = x;
	*strmap_at(&nr->nodes, key, true) = x;
	free(id);
	free(key);
	return x;
}

static const char *skip_blank(const char *s)
{
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

static bool is_ident_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}

/*
 * The name after "#include" or "__has_include(" at @s, added to @v;
 * false when a macro gives it.  Anything else there is no lookup (the
 * "#include's" of a comment).
 */
static bool take_name(const char *s, bool next, struct lookup **v, size_t *n)
{
	const char *end;
	char close;

	s = skip_blank(s);
	if (*s != '"' && *s != '<')
		return !is_ident_start(*s);
	close = *s == '"' ? '"' : '>';
	end = strchr(s + 1, close);
	if (!end || memchr(s + 1, '\n', (size_t)(end - s - 1)))
		return false;
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[*n].name = xasprintf("%.*s", (int)(end - s - 1), s + 1);
	(*v)[*n].angled = close == '>';
	(*v)[*n].next = next;
	(*n)++;
	return true;
}

static bool word_at(const char *s, const char *w, size_t len)
{
	char c = s[len];

	return !strncmp(s, w, len) &&
	       !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		 (c >= '0' && c <= '9') || c == '_');
}

/* The __has_include() lookups of one line. */
static bool has_includes(const char *s, const char *eol, struct lookup **v,
			 size_t *n)
{
	const char *at;
	bool next, ok = true;

	for (at = strstr(s, "__has_include"); at && at < eol;
	     at = strstr(at + 13, "__has_include")) {
		next = !strncmp(at + 13, "_next", 5);
		at += next ? 18 : 13;
		at = skip_blank(at);
		if (*at == '(' && !take_name(at + 1, next, v, n))
			ok = false;
	}
	return ok;
}

/*
 * Every lookup of @path's text.  Return: 0, -EINVAL when a macro gives a
 * name, or a negative errno when the file cannot be read.  Directives are found at the start of a line
 * after blanks, whatever condition or comment surrounds them.
 */
static int read_lookups(const char *path, struct lookup **v, size_t *n)
{
	FILE *f = fopen(path, "r");
	char *line = NULL;
	const char *s, *eol;
	size_t cap = 0;
	ssize_t len;
	bool ok = true, next;

	if (!f)
		return -errno;
	while ((len = getline(&line, &cap, f)) > 0) {
		eol = line + len;
		if (strstr(line, "__has_include") &&
		    !has_includes(line, eol, v, n))
			ok = false;
		s = skip_blank(line);
		if (*s != '#')
			continue;
		s = skip_blank(s + 1);
		next = word_at(s, "include_next", 12);
		if (next)
			s += 12;
		else if (word_at(s, "include", 7))
			s += 7;
		else if (word_at(s, "import", 6))
			s += 6;
		else
			continue;
		if (!take_name(s, next, v, n))
			ok = false;
	}
	free(line);
	fclose(f);
	return ok ? 0 : -EINVAL;
}

static char *in_dir(const char *dir, const char *name)
{
	return *dir ? xasprintf("%s/%s", dir, name) : xstrdup(name);
}

static void reach(struct node *x, long to)
{
	x->to = xrealloc(x->to, (x->nto + 1) * sizeof(*x->to));
	x->to[x->nto++] = to;
}

/*
 * The search path's part of a lookup of @name from @start (see
 * resolve()): the first -I folder that holds it, then every system
 * folder that does.  A folder that clib.c moves after the system's
 * (a test's stand-in for the C library, a processor's additions to it)
 * is not where the lookup ends for the files it is moved for: the next
 * folder that holds the name is followed too.  Taking the stand-in's
 * bsp-impl.h as the first hit left out the tree's own include/ that the
 * parse, with the stand-in last, needed for it.
 */
static struct found *search(struct narrow *nr, const char *name, long start)
{
	char *key = xasprintf("%ld\t%s", start, name), *path;
	long *e = strmap_at(&nr->searches, key, true);
	struct found *f;
	size_t i;

	free(key);
	if (*e >= 0)
		return &nr->found[*e];
	nr->found = room(nr->found, nr->nfound, &nr->capfound,
			 sizeof(*nr->found));
	*e = (long)nr->nfound;
	f = &nr->found[nr->nfound++];
	memset(f, 0, sizeof(*f));
	for (i = (size_t)start; i < nr->ndirs; i++) {
		path = in_dir(nr->dirs[i], name);
		if (exists(nr, path)) {
			f->v = xrealloc(f->v, (f->n + 1) * sizeof(*f->v));
			f->v[f->n++] = node_of(nr, path, (long)i);
			free(path);
			if (!nr->clib || !nr->clib[i])
				break;
			continue;
		}
		free(path);
	}
	for (i = 0; i < nr->nsys; i++) {
		if ((long)(nr->ndirs + i) < start)
			continue;
		path = in_dir(nr->sys[i], name);
		if (exists(nr, path)) {
			f->v = xrealloc(f->v, (f->n + 1) * sizeof(*f->v));
			f->v[f->n++] = node_of(nr, path, (long)(nr->ndirs + i));
		}
		free(path);
	}
	return f;
}

/*
 * Where clang's lookup of @l from @from goes (HeaderSearch::LookupFile):
 * a quoted name first next to its includer (an #include_next only when
 * the includer was not found by the search path), then the search path
 * from the start, or for an #include_next from after the includer's
 * place; the first -I folder that holds it wins, and every system folder
 * that holds it is followed.
 */
static void resolve(struct narrow *nr, long from, const struct lookup *l)
{
	long at = nr->v[from].at, start = l->next && at >= 0 ? at + 1 : 0, to;
	const struct found *f;
	const char *slash;
	char *path, *dir;
	size_t i;

	/* node_of() may move nr->v: the node is found first. */
	if (l->name[0] == '/') {
		if (exists(nr, l->name)) {
			to = node_of(nr, l->name, -1);
			reach(&nr->v[from], to);
		}
		return;
	}
	if (!l->angled && start == 0) {
		slash = strrchr(nr->v[from].path, '/');
		dir = slash ? xasprintf("%.*s",
					(int)(slash - nr->v[from].path),
					nr->v[from].path) : xstrdup("");
		path = in_dir(dir, l->name);
		free(dir);
		if (exists(nr, path)) {
			to = node_of(nr, path, -1);
			reach(&nr->v[from], to);
			free(path);
			return;
		}
		free(path);
	}
	f = search(nr, l->name, start);
	for (i = 0; i < f->n; i++)
		reach(&nr->v[from], f->v[i]);
}

/*
 * The lookups of the file at @path, read once a file: what a text asks
 * for does not depend on the name it is reached by (where each lookup
 * goes does, resolve()'s part).  A file that cannot be stat'ed is read
 * by its name, as before, and not kept.
 */
static const struct text *text_of(struct narrow *nr, const char *path,
				  struct text *scratch)
{
	struct stat st;
	char *key;
	long *e;

	memset(scratch, 0, sizeof(*scratch));
	if (stat(path, &st)) {
		scratch->opaque = read_lookups(path, &scratch->v,
					       &scratch->n) < 0;
		return scratch;
	}
	key = xasprintf("%llx:%llx", (unsigned long long)st.st_dev,
			(unsigned long long)st.st_ino);
	e = strmap_at(&nr->byid, key, true);
	free(key);
	if (*e >= 0)
		return &nr->texts[*e];
	nr->texts = room(nr->texts, nr->ntexts, &nr->captexts,
			 sizeof(*nr->texts));
	*e = (long)nr->ntexts;
	scratch = &nr->texts[nr->ntexts++];
	memset(scratch, 0, sizeof(*scratch));
	scratch->opaque = read_lookups(path, &scratch->v, &scratch->n) < 0;
	return scratch;
}

static void text_free(struct text *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		free(t->v[i].name);
	free(t->v);
}

static void node_read(struct narrow *nr, long x)
{
	struct text scratch;
	const struct text *t = text_of(nr, nr->v[x].path, &scratch);
	size_t i;

	nr->v[x].read = true;
	nr->v[x].opaque = t->opaque;
	for (i = 0; i < t->n; i++)
		resolve(nr, x, &t->v[i]);
	if (t == &scratch)
		text_free(&scratch);
}

static char *folder_id(const char *path)
{
	struct stat st;

	if (stat(*path ? path : ".", &st))
		return NULL;
	return xasprintf("%llx:%llx", (unsigned long long)st.st_dev,
			 (unsigned long long)st.st_ino);
}

/*
 * The -I folder that is the folder of @path, or -1.  clang names a
 * folder by the name it first met it under, and it meets the -I folders
 * first: a file next to its includer in such a folder is named through
 * it ("src/a.h", not "./src/a.h", in a note), so that folder is kept.
 */
static long dir_of_folder(struct narrow *nr, const char *path)
{
	const char *slash = strrchr(path, '/');
	char *dir = slash ? xasprintf("%.*s", (int)(slash - path), path) :
			    xstrdup("");
	long *e = strmap_at(&nr->folders, dir, true);
	char *id;
	size_t i;

	if (*e == -1) {
		*e = -2;
		id = folder_id(dir);
		for (i = 0; id && i < nr->ndirs; i++)
			if (nr->ids[i] && !strcmp(nr->ids[i], id))
				*e = (long)i;
		free(id);
	}
	free(dir);
	return *e < 0 ? -1 : *e;
}

/* The nodes a group reaches, still to read. */
struct stack {
	long *v;
	size_t n, cap;
};

/* @x, on @st once a group. */
static void push(struct narrow *nr, struct stack *st, long x)
{
	if (nr->v[x].stamp == nr->stamp)
		return;
	nr->v[x].stamp = nr->stamp;
	if (st->n == st->cap) {
		st->cap = st->cap ? 2 * st->cap : 64;
		st->v = xrealloc(st->v, st->cap * sizeof(*st->v));
	}
	st->v[st->n++] = x;
}

/*
 * The -I folders the files @paths reach, marked in @need; false when one
 * of them reaches a name given by a macro.
 */
static bool reached(struct narrow *nr, char *const *paths, size_t npaths,
		    bool *need)
{
	struct stack st = { NULL, 0, 0 };
	bool ok = true;
	size_t i;
	long x, k;

	nr->stamp++;
	for (i = 0; i < npaths; i++)
		push(nr, &st, node_of(nr, paths[i], -1));
	while (st.n && ok) {
		x = st.v[--st.n];
		if (!nr->v[x].read)
			node_read(nr, x);
		if (nr->v[x].opaque)
			ok = false;
		if (nr->v[x].at >= 0 && (size_t)nr->v[x].at < nr->ndirs)
			need[nr->v[x].at] = true;
		if (nr->v[x].folder == -3)
			nr->v[x].folder = dir_of_folder(nr, nr->v[x].path);
		k = nr->v[x].folder;
		if (k >= 0)
			need[k] = true;
		for (i = 0; i < nr->v[x].nto; i++)
			push(nr, &st, nr->v[x].to[i]);
	}
	free(st.v);
	return ok;
}

/*
 * clang's own search path after the -I folders, for C on this system:
 * the packages' folders (-isystem, pkgdeps.c), its resource directory's
 * include/, then /usr/local/include, the
 * multiarch folders and /usr/include (clang -v lists them).  A folder
 * followed that clang does not search only adds to what is reached.
 */
static void system_dirs(struct narrow *nr, const struct rc_tree *t)
{
	static const char *const fixed[] = {
		"/usr/local/include", "/usr/include/x86_64-linux-gnu",
		"/usr/include/aarch64-linux-gnu", "/usr/include/i386-linux-gnu",
		"/usr/include",
	};
	const char *rdir = worker_resource_dir();
	size_t i;

	nr->sys = xcalloc(sizeof(fixed) / sizeof(*fixed) + 1 + t->npkgdirs,
			  sizeof(*nr->sys));
	for (i = 0; i < t->npkgdirs; i++)
		nr->sys[nr->nsys++] = xstrdup(t->pkgdirs[i]);
	if (rdir)
		nr->sys[nr->nsys++] = xasprintf("%s/include", rdir);
	for (i = 0; i < sizeof(fixed) / sizeof(*fixed); i++)
		if (!access(fixed[i], F_OK))
			nr->sys[nr->nsys++] = xstrdup(fixed[i]);
}

static void narrow_free(struct narrow *nr)
{
	size_t i;

	for (i = 0; i < nr->n; i++) {
		free(nr->v[i].path);
		free(nr->v[i].to);
	}
	for (i = 0; i < nr->nsys; i++)
		free(nr->sys[i]);
	for (i = 0; i < nr->ndirs; i++)
		free(nr->ids[i]);
	for (i = 0; i < nr->nfound; i++)
		free(nr->found[i].v);
	for (i = 0; i < nr->ntexts; i++)
		text_free(&nr->texts[i]);
	free(nr->texts);
	strmap_free(&nr->byid);
	free(nr->found);
	strmap_free(&nr->searches);
	free(nr->ids);
	free(nr->v);
	free(nr->sys);
	strmap_free(&nr->folders);
	strmap_free(&nr->exists);
	strmap_free(&nr->nodes);
}

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xasprintf("%.*s", (int)(slash - path), path) :
		       xstrdup("");
}

/* @job's -I folders: those @need marks, in their order; the packages'
 * system folders stay after them. */
static void set_path(struct rc_job *job, char *const *dirs, const bool *need,
		     size_t ndirs)
{
	char **rest = xcalloc(job->nargs + 1, sizeof(*rest));
	size_t i, nrest = 0;

	for (i = 0; i < job->nargs; i++) {
		if (strncmp(job->args[i], "-I", 2))
			rest[nrest++] = job->args[i];
		else
			free(job->args[i]);
	}
	job->nargs = 0;
	for (i = 0; i < ndirs; i++)
		if (need[i])
			job->args[job->nargs++] = xasprintf("-I%s", dirs[i]);
	for (i = 0; i < nrest; i++)
		job->args[job->nargs++] = rest[i];
	free(rest);
}

void incpath_narrow(struct rc_jobs *jobs, const struct rc_tree *t,
		    struct rc_incpath *said)
{
	char *const *dirs = t->incdirs;
	size_t ndirs = t->nincdirs;
	struct narrow nr = { .dirs = dirs, .ndirs = ndirs, .clib = t->clib };
	struct strmap folders = { NULL, NULL, 0, 0 };
	bool *need = xcalloc(ndirs + 1, sizeof(*need));
	char **paths = xcalloc(jobs->n + 1, sizeof(*paths));
	long *group = xcalloc(jobs->n + 1, sizeof(*group)), *e;
	size_t i, j, n;
	char *dir;

	memset(said, 0, sizeof(*said));
	system_dirs(&nr, t);
	nr.ids = xcalloc(ndirs + 1, sizeof(*nr.ids));
	for (i = 0; i < ndirs; i++)
		nr.ids[i] = folder_id(dirs[i]);
	for (i = 0; i < jobs->n; i++) {
		dir = dir_of(jobs->v[i].path);
		e = strmap_at(&folders, dir, true);
		if (*e < 0)
			*e = (long)said->groups++;
		group[i] = *e;
		free(dir);
	}
	for (i = 0; i < said->groups; i++) {
		for (j = 0, n = 0; j < jobs->n; j++)
			if (group[j] == (long)i)
				paths[n++] = jobs->v[j].path;
		memset(need, 0, ndirs * sizeof(*need));
		if (!reached(&nr, paths, n, need)) {
			said->whole++;
			said->kept += ndirs;
			continue;
		}
		for (j = 0; j < jobs->n; j++)
			if (group[j] == (long)i)
				set_path(&jobs->v[j], dirs, need, ndirs);
		for (j = 0; j < ndirs; j++)
			said->kept += need[j];
	}
	strmap_free(&folders);
	free(group);
	free(paths);
	free(need);
	narrow_free(&nr);
}
