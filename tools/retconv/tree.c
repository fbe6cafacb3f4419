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
 * one) is written from the tree's template of it where there is one
 * (gen.c), or stays missing, and worker.c parses the file past it.
 *
 * With files named as well (--tree DIR FILE...), only those are checked,
 * with the files of the tree that define what they call (context.c, over
 * this walk's list).  The walk lists the tree's assembly sources as well,
 * for asmref.c.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "retconv.h"
#include "tree.h"

struct walk {
	const char *root;
	struct rc_tree *t;	/* what the scan finds */
	char **files;		/* relative to root, in walk order */
	size_t nfiles;
	char **dirs;		/* relative to root */
	size_t ndirs;
	struct tree_table exact;	/* file -> its index */
	struct tree_table tails;	/* header's tail at a '/' -> first of chain */
	long *next;		/* the chain of tails */
	size_t *tailfile;	/* a tail's header */
	size_t *tailoff;	/* where in its name the tail starts */
	size_t ntails;
	struct tree_table score;	/* dir -> #include lines it resolves */
	struct tree_table names;	/* an #include's name -> resolved before */
	struct rc_systems sys;	/* the folders of other systems */
	char **tmpls;		/* templates of generated headers (gen.c) */
	size_t *tmplstem;	/* the length of the header each is of */
	size_t ntmpls;
	struct tree_table missing;	/* a name no folder holds -> its lines */
	char **missed;		/* those names, in the order first met */
	const char **missedby;	/* the file of each that met it first */
	size_t nmissed;
};


static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
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
	char *path = tree_join(w->root, rel), **names = NULL, *sub;
	struct dirent *de;
	struct stat st;
	size_t n = 0, i, stem;
	DIR *d = opendir(path);
	bool cxx;

	if (!d) {
		free(path);
		return;
	}
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		names = xrealloc(names, (n + 1) * sizeof(*names));
		names[n++] = xstrdup(de->d_name);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), by_name);
	/* A C++ folder's headers resolve no C file's #include. */
	cxx = is_cxx_folder(path, names, n);
	free(path);
	w->t->ncxx += cxx;
	for (i = 0; i < n; i++) {
		sub = *rel ? xasprintf("%s/%s", rel, names[i]) :
			     xstrdup(names[i]);
		path = tree_join(w->root, sub);
		stem = gen_stem(sub);
		if (lstat(path, &st) || S_ISLNK(st.st_mode) ||
		    !(S_ISDIR(st.st_mode) ||
		      (S_ISREG(st.st_mode) && !cxx &&
		       (is_c_name(sub) || is_asm(sub) || stem)))) {
			free(sub);
		} else if (S_ISDIR(st.st_mode)) {
			w->dirs = xrealloc(w->dirs,
					   (w->ndirs + 1) * sizeof(*w->dirs));
			w->dirs[w->ndirs++] = sub;
			walk_dir(w, sub);
		} else if (stem) {
			w->tmpls = xrealloc(w->tmpls,
					    (w->ntmpls + 1) * sizeof(*w->tmpls));
			w->tmplstem = xrealloc(w->tmplstem, (w->ntmpls + 1) *
					       sizeof(*w->tmplstem));
			w->tmplstem[w->ntmpls] = stem;
			w->tmpls[w->ntmpls++] = sub;
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
	struct tree_entry *e;
	size_t i, k;

	for (i = 0; i < w->nfiles; i++) {
		f = w->files[i];
		tree_lookup(&w->exact, f, strlen(f), true)->val = (long)i;
		if (!is_header_name(f))
			continue;
		for (t = f; t; t = strchr(t, '/'), t = t ? t + 1 : NULL) {
			k = w->ntails++;
			w->next = xrealloc(w->next, w->ntails * sizeof(*w->next));
			w->tailfile = xrealloc(w->tailfile,
					       w->ntails * sizeof(size_t));
			w->tailoff = xrealloc(w->tailoff,
					      w->ntails * sizeof(size_t));
			e = tree_lookup(&w->tails, t, strlen(t), true);
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


static void credit(struct walk *w, const char *dir, size_t len)
{
	struct tree_entry *e = tree_lookup(&w->score, dir, len, false);

	if (!e) {
		e = tree_lookup(&w->score, xasprintf("%.*s", (int)len, dir), len,
			   true);
		e->val = 0;
	}
	e->val++;
}

/* An #include of @name, in file @from, that no folder of the tree holds:
 * a generated header, if the tree has its template. */
static void missed(struct walk *w, const char *from, const char *name,
		   size_t len)
{
	struct tree_entry *e = tree_lookup(&w->missing, name, len, false);
	size_t k;

	if (!w->ntmpls)
		return;
	if (!e) {
		k = w->nmissed++;
		w->missed = xrealloc(w->missed, w->nmissed * sizeof(char *));
		w->missedby = xrealloc(w->missedby,
				       w->nmissed * sizeof(*w->missedby));
		w->missed[k] = xstrdup(name);
		w->missedby[k] = from;
		e = tree_lookup(&w->missing, w->missed[k], len, true);
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
	struct tree_entry *e;
	long t;

	if (strstr(n, "..") || n[0] == '/' || !len)
		goto out;
	if (!angle) {
		slash = strrchr(from, '/');
		own = slash ? xasprintf("%.*s/%s", (int)(slash - from), from,
					n) : xstrdup(n);
		e = tree_lookup(&w->exact, own, strlen(own), false);
		free(own);
		if (e)
			goto out;	/* next to its file: no -I needed */
	} else {
		e = tree_lookup(&w->names, n, len, false);
		if (!e) {
			e = tree_lookup(&w->names, xstrdup(n), len, true);
			e->val = clib_system_has(n);
		}
		if (e->val)
			goto out;
	}
	e = tree_lookup(&w->tails, n, len, false);
	for (t = e ? e->val : -1; t >= 0; t = w->next[t]) {
		f = w->files[w->tailfile[t]];
		dlen = w->tailoff[t] ? w->tailoff[t] - 1 : 0;
		if (systems_other(&w->sys, f, dlen))
			continue;
		cp = tree_common_prefix(from, f);
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
	else
		missed(w, from, n, len);
out:
	free(n);
}



/* The #include lines of file @from, each credited to its folder. */
static void scan_includes(struct walk *w, const char *from)
{
	char *buf = tree_slurp(w->root, from);
	const char *s, *p, *name, *end;
	char close;

	if (!buf)
		return;
	for (s = buf; s; s = strchr(s, '\n'), s = s ? s + 1 : NULL) {
		p = tree_directive(s, "include");
		if (!p || (*p != '"' && *p != '<'))
			continue;
		s = p;
		close = *s == '"' ? '"' : '>';
		name = s + 1;
		end = name;
		while (*end && *end != close && *end != '\n')
			end++;
		if (*end == close)
			resolve(w, from, name, (size_t)(end - name),
				close == '>');
	}
	free(buf);
}

/* Of the templates that would give each missing header its name, the
 * nearest to the file that first included it, then the first by name; its
 * folder is credited as a header's own would be. */
static void choose_generated(struct rc_tree *t, struct walk *w)
{
	const char *best, *name;
	size_t i, j, stem, len, cp, bestcp = 0, bestlen = 0;
	struct tree_entry *e;
	long k;

	for (i = 0; i < w->nmissed; i++) {
		name = w->missed[i];
		len = strlen(name);
		best = NULL;
		for (j = 0; j < w->ntmpls; j++) {
			stem = w->tmplstem[j];
			if (!gen_matches(w->tmpls[j], stem, name, len))
				continue;
			cp = tree_common_prefix(w->missedby[i], w->tmpls[j]);
			if (!best || cp > bestcp) {
				best = w->tmpls[j];
				bestcp = cp;
				bestlen = stem > len ? stem - len - 1 : 0;
			}
		}
		if (!best)
			continue;
		e = tree_lookup(&w->missing, name, len, false);
		for (k = 0; k < e->val; k++)
			credit(w, best, bestlen);
		t->gens = xrealloc(t->gens, (t->ngens + 1) * sizeof(*t->gens));
		t->gens[t->ngens++] = (struct rc_gen){
			.name = xstrdup(name), .tmpl = xstrdup(best),
		};
	}
}

/* Write them into a folder of their own, searched after the tree's. */
static void write_generated(struct rc_tree *t, const char *root)
{
	size_t i, n = 0, k;

	if (t->ngens)
		t->gendir = gen_folder();
	for (i = 0; i < t->ngens; i++) {
		if (t->gendir && !gen_write(t->gendir, root, t->gens[i].tmpl,
					    t->gens[i].name)) {
			t->gens[n++] = t->gens[i];
			continue;
		}
		free(t->gens[i].name);
		free(t->gens[i].tmpl);
	}
	t->ngens = n;
	if (!n) {
		gen_remove(t->gendir);
		free(t->gendir);
		t->gendir = NULL;
		return;
	}
	k = t->nincdirs++;
	t->incdirs = xrealloc(t->incdirs, t->nincdirs * sizeof(*t->incdirs));
	t->clib = xrealloc(t->clib, t->nincdirs * sizeof(*t->clib));
	t->served = xrealloc(t->served, t->nincdirs * sizeof(*t->served));
	t->incdirs[k] = xstrdup(t->gendir);
	t->clib[k] = NULL;
	t->served[k] = NULL;
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
	char *path = tree_join(root, rel);

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
	for (i = 0; i < w->ntmpls; i++)
		free(w->tmpls[i]);
	for (i = 0; i < w->nmissed; i++)
		free(w->missed[i]);
	free(w->tmpls);
	free(w->tmplstem);
	free(w->missed);
	free(w->missedby);
	free(w->missing.v);
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
		scan_includes(&w, w.files[i]);
	/* A generated header's own #include lines are the build's too. */
	for (i = 0; i < w.ntmpls; i++)
		scan_includes(&w, w.tmpls[i]);
	choose_generated(t, &w);
	choose_dirs(t, &w);
	write_generated(t, w.root);
	t->others = systems_passed(&w.sys, &t->nothers);
	pkgdeps_find(t, dir);
	if (nfiles)
		tree_context(t, &(struct tree_files){
				.root = w.root, .files = w.files,
				.nfiles = w.nfiles,
			     }, files, nfiles);
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
	for (i = 0; i < t->ngens; i++) {
		free(t->gens[i].name);
		free(t->gens[i].tmpl);
	}
	free(t->gens);
	gen_remove(t->gendir);
	free(t->gendir);
	for (i = 0; i < t->nasms; i++)
		free(t->asms[i]);
	free(t->asms);
	strset_free(&t->asmnames);
	free(t->clib);
	free(t->incdirs);
	free(t->context);
	memset(t, 0, sizeof(*t));
}
