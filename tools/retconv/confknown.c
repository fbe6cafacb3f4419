// SPDX-License-Identifier: MIT
/*
 * A configuration's lone #error, known from an earlier file: the first
 * parse left out where the parse past it says what the first would have
 * been.
 *
 * In a tree read without its build, every file that includes a project's
 * options header may stop at the same "#if !(A || B) #error ... #endif"
 * (dropbear's src/sysoptions.h: four of them, in every file).  worker.c
 * parses such a file twice: once as it is, to learn which #errors it
 * meets, and again past them (confpick.c), the parse it keeps.  The
 * first parse is a quarter of such a tree's CPU.
 *
 * A lone #error (the only thing in a conditional of one branch) can be
 * passed without knowing first whether the file meets it: its #error
 * line made blank, the conditional is still read, and is taken exactly
 * where the #error would have been met, with the same tokens after it
 * either way.  So a worker remembers the headers whose lone #errors its
 * earlier files read past, parses the next file once with all of them
 * blanked, and reads from that parse's skipped lines which ones the file
 * met.  That parse is the one worker.c would have kept, with the same
 * tokens and so the same errors, and the first parse would have had the
 * same errors and one more for each #error met, so it would have lost:
 * the file is read past the #errors it met, as before, and with the same
 * choices for its later parses.
 *
 * It holds only where that reasoning does; otherwise the parse is thrown
 * away and the file parsed as before: a header read more than once (its
 * skipped lines would mix), #errors met in two headers (the order of
 * the note's list is the first parse's), or any other #error the choice
 * reads past (it would have been chosen with these, in one round).  A
 * header so tried in vain is not tried again for the files of that
 * folder.  A file that meets none of them, or includes none of the
 * headers, has had its first parse (the blanked lines are skipped where
 * it did not meet them), and goes on from it as before, past its other
 * #errors too unless one is in a known header.  What the memory
 * holds decides only whether the parse is tried, never what a file gives,
 * so the run's result does not depend on which worker took which file.
 * The text the prelude's test reads (idle.c) is the text the kept parse
 * would have read.
 *
 * Locking: none; one worker's memory, one unit at a time.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "retconv.h"
#include "confpick.h"

struct known {
	CXFileUniqueID id;
	char *dir;		/* the job's folder, or NULL */
	char **refused;		/* folders of files it was tried for in vain */
	size_t nrefused;
	char *path;		/* as clang named it */
	char *orig;		/* its text */
	size_t size;
	char *trace;		/* its lone #errors blanked */
	unsigned *lines;	/* the lone #errors, from 1, ascending */
	size_t nlines;
};

static struct known *known;
static size_t nknown;

/* The texts idle.c reads in place of the parse's, for the kept unit. */
static struct rc_text *texts;

static bool same_dir(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

/* The folder of @file: the files of a folder look their headers up
 * alike, so a header tried in vain for one is not tried for the rest. */
static size_t sub_len(const char *file)
{
	const char *slash = strrchr(file, '/');

	return slash ? (size_t)(slash - file) : 0;
}

static bool refused(const struct known *k, const char *file)
{
	size_t i, n = sub_len(file);

	for (i = 0; i < k->nrefused; i++)
		if (strlen(k->refused[i]) == n &&
		    !strncmp(k->refused[i], file, n))
			return true;
	return false;
}

static void refuse(struct known *k, const char *file)
{
	if (refused(k, file))
		return;
	k->refused = xrealloc(k->refused, (k->nrefused + 1) *
			      sizeof(*k->refused));
	k->refused[k->nrefused++] = strndup(file, sub_len(file));
}

static bool usable(const struct known *k, const char *dir, const char *file)
{
	return same_dir(k->dir, dir) && !refused(k, file);
}

bool confknown_any(const char *dir, const char *file)
{
	size_t i;

	for (i = 0; i < nknown; i++)
		if (usable(&known[i], dir, file))
			return true;
	return false;
}

void confknown_trace(const char *dir, const char *file, struct rc_picks *p)
{
	struct rc_pick *pk;
	size_t i;

	for (i = 0; i < nknown; i++) {
		if (!usable(&known[i], dir, file))
			continue;
		p->v = xrealloc(p->v, (p->n + 1) * sizeof(*p->v));
		pk = &p->v[p->n++];
		memset(pk, 0, sizeof(*pk));
		pk->path = xstrdup(known[i].path);
		pk->orig = xstrdup(known[i].orig);
		pk->size = known[i].size;
		pk->text = xstrdup(known[i].trace);
	}
}

/* Each known header's file in @tu, and how many times it was read. */
struct seen {
	const char *dir, *main;
	CXFile *file;
	unsigned *reads;
};

static void seen_visit(CXFile file, CXSourceLocation *stack, unsigned depth,
		       CXClientData data)
{
	struct seen *s = data;
	CXFileUniqueID id;
	size_t i;

	(void)stack;
	(void)depth;
	if (clang_getFileUniqueID(file, &id))
		return;
	for (i = 0; i < nknown; i++)
		if (usable(&known[i], s->dir, s->main) &&
		    !memcmp(&id, &known[i].id, sizeof(id))) {
			s->file[i] = file;
			s->reads[i]++;
		}
}

/* Whether @line of @file lies in a range the parse skipped. */
static bool skipped(CXTranslationUnit tu, CXFile file, unsigned line)
{
	CXSourceRangeList *l = clang_getSkippedRanges(tu, file);
	unsigned i, from, to;
	bool in = false;

	for (i = 0; l && i < l->count && !in; i++) {
		clang_getSpellingLocation(clang_getRangeStart(l->ranges[i]),
					  NULL, &from, NULL, NULL);
		clang_getSpellingLocation(clang_getRangeEnd(l->ranges[i]),
					  NULL, &to, NULL, NULL);
		in = from <= line && line <= to;
	}
	clang_disposeSourceRangeList(l);
	return in;
}

/* The pick of header @k with the lines @met, as confpick_find() makes. */
static bool pick_met(struct rc_picks *picks, const struct known *k,
		     CXFile file, unsigned *met, size_t nmet)
{
	struct rc_pick pk = { 0 };
	CXString name = clang_getFileName(file);

	pk.path = xstrdup(clang_getCString(name));
	clang_disposeString(name);
	pk.orig = xstrdup(k->orig);
	pk.size = k->size;
	pk.lines = met;
	pk.nlines = nmet;
	pk.text = confpick_text(pk.orig, pk.size, met, nmet, NULL, 0);
	if (!pk.text) {
		free(pk.path);
		free(pk.orig);
		return false;
	}
	picks->v = xcalloc(1, sizeof(*picks->v));
	picks->v[0] = pk;
	picks->n = 1;
	return true;
}

/* Whether clang names @file as it was named where it was learnt: then
 * every lookup of it used that name, as the parse it stands for did. */
static bool named_so(CXFile file, const char *path)
{
	CXString name = clang_getFileName(file);
	bool same = !strcmp(clang_getCString(name), path);

	clang_disposeString(name);
	return same;
}

/*
 * Whether an #error confpick_find() would read past is met in @tu: with
 * @any, any; else one in a known header read (@s), whose text in @tu is
 * not its own.  A file that met no known #error had its first parse, and
 * worker.c reads past its other #errors from it as before.
 */
static bool other_errors(CXTranslationUnit tu, const char *main_path,
			 const struct seen *s, bool any)
{
	struct rc_picks scratch = { 0 };
	bool found = false;
	size_t i, j;

	confpick_find(tu, main_path, &scratch);
	for (i = 0; i < scratch.n && !found; i++)
		for (j = 0; j < nknown && !found; j++)
			found = any || (s->reads[j] &&
				named_so(s->file[j], scratch.v[i].path));
	confpick_free(&scratch);
	return found;
}

enum known_outcome confknown_check(CXTranslationUnit tu, const char *dir,
				   const char *file, const char *main_path,
				   struct rc_picks *picks)
{
	struct seen s = { .dir = dir, .main = file };
	unsigned *met = NULL;
	size_t i, j, nmet = 0, metin = 0, ntexts = 0;
	enum known_outcome out = KNOWN_NONE;

	s.file = xcalloc(nknown + 1, sizeof(*s.file));
	s.reads = xcalloc(nknown + 1, sizeof(*s.reads));
	clang_getInclusions(tu, seen_visit, &s);
	for (i = 0; i < nknown; i++) {
		if (s.reads[i] > 1)
			goto out;
		if (!s.reads[i])
			continue;
		if (!named_so(s.file[i], known[i].path))
			goto out;
		for (j = 0; j < known[i].nlines; j++) {
			if (skipped(tu, s.file[i], known[i].lines[j]))
				continue;
			if (nmet && metin != i)
				goto out;
			met = xrealloc(met, (nmet + 1) * sizeof(*met));
			met[nmet++] = known[i].lines[j];
			metin = i;
		}
	}
	if (other_errors(tu, main_path, &s, nmet > 0))
		goto out;
	if (nmet && !pick_met(picks, &known[metin], s.file[metin], met, nmet))
		goto out;
	out = nmet ? KNOWN_PICKED : KNOWN_PLAIN;
	met = NULL;
	free(texts);
	texts = xcalloc(nknown + 1, sizeof(*texts));
	for (i = 0; i < nknown; i++) {
		if (!s.reads[i])
			continue;
		texts[ntexts].file = s.file[i];
		texts[ntexts].text = out == KNOWN_PICKED && i == metin ?
				     picks->v[0].text : known[i].orig;
		texts[ntexts].size = strlen(texts[ntexts].text);
		ntexts++;
	}
	idle_texts(texts, ntexts);
out:
	/* Tried in vain: the headers it read are not tried again. */
	for (i = 0; out == KNOWN_NONE && i < nknown; i++)
		if (s.reads[i])
			refuse(&known[i], file);
	free(met);
	free(s.file);
	free(s.reads);
	return out;
}

static struct known *known_of(const CXFileUniqueID *id, const char *dir)
{
	size_t i;

	for (i = 0; i < nknown; i++)
		if (!memcmp(id, &known[i].id, sizeof(*id)) &&
		    same_dir(known[i].dir, dir))
			return &known[i];
	return NULL;
}

/* Add @pk's lines to what is known of its header; false if one of them
 * is not a lone #error. */
static bool learn_pick(const struct rc_pick *pk, const CXFileUniqueID *id,
		       const char *dir, const char *file)
{
	struct known *k = known_of(id, dir);
	size_t i, j;

	if (pk->nclashes || (k && (refused(k, file) ||
				   strcmp(k->path, pk->path))))
		return false;
	for (i = 0; i < pk->nlines; i++)
		if (!confpick_lone(pk->orig, pk->size, pk->lines[i]))
			return false;
	if (!k) {
		known = xrealloc(known, (nknown + 1) * sizeof(*known));
		k = &known[nknown++];
		memset(k, 0, sizeof(*k));
		k->id = *id;
		k->dir = dir ? xstrdup(dir) : NULL;
		k->path = xstrdup(pk->path);
		k->orig = xstrdup(pk->orig);
		k->size = pk->size;
	}
	for (i = 0; i < pk->nlines; i++) {
		for (j = 0; j < k->nlines && k->lines[j] < pk->lines[i]; j++)
			;
		if (j < k->nlines && k->lines[j] == pk->lines[i])
			continue;
		k->lines = xrealloc(k->lines, (k->nlines + 1) *
				    sizeof(*k->lines));
		memmove(&k->lines[j + 1], &k->lines[j],
			(k->nlines - j) * sizeof(*k->lines));
		k->lines[j] = pk->lines[i];
		k->nlines++;
	}
	free(k->trace);
	k->trace = confpick_blank(k->orig, k->size, k->lines, k->nlines);
	return true;
}

/* The files of a unit by the names clang gave them (clang_getFile()
 * would look the name up, and may rename the file for the unit). */
struct named {
	const struct rc_picks *picks;
	CXFile *file;
};

static void named_visit(CXFile file, CXSourceLocation *stack, unsigned depth,
			CXClientData data)
{
	struct named *nm = data;
	CXString name = clang_getFileName(file);
	const char *s = clang_getCString(name);
	size_t i;

	(void)stack;
	(void)depth;
	for (i = 0; s && i < nm->picks->n; i++)
		if (!strcmp(s, nm->picks->v[i].path))
			nm->file[i] = file;
	clang_disposeString(name);
}

void confknown_learn(CXTranslationUnit tu, const char *dir, const char *file,
		     const struct rc_picks *picks)
{
	struct named nm = { .picks = picks };
	const struct rc_pick *pk;
	CXFileUniqueID id;
	struct known *k;
	struct stat st;
	size_t i;

	/* Walking a unit's inclusions costs as much as its macro entries. */
	if (!picks->n)
		return;
	nm.file = xcalloc(picks->n + 1, sizeof(*nm.file));
	clang_getInclusions(tu, named_visit, &nm);
	for (i = 0; i < picks->n; i++) {
		pk = &picks->v[i];
		if (!nm.file[i] || clang_getFileUniqueID(nm.file[i], &id))
			continue;
		/* A header with a NUL is read short by confpick.c: not
		 * kept, as its blanked text would be short too. */
		if (pk->nlines && !stat(pk->path, &st) &&
		    (size_t)st.st_size == pk->size &&
		    learn_pick(pk, &id, dir, file))
			continue;
		k = known_of(&id, dir);
		if (k)
			refuse(k, file);
	}
	free(nm.file);
}

void confknown_done(void)
{
	idle_texts(NULL, 0);
}
