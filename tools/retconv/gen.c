// SPDX-License-Identifier: MIT
/*
 * Tree mode's generated headers: a header that the tree's #include lines
 * name and no folder of the tree holds, written from the tree's template
 * of it.
 *
 * A build writes some headers before it compiles anything: config.h, a
 * library's public header with its version or its platform filled in.
 * It writes them from templates kept in the tree (X.h.in for autoconf's
 * AC_CONFIG_HEADERS and AC_CONFIG_FILES and for Meson's configure_file,
 * X.h.cmake or X.h.cmake.in for CMake's).  A tree checked without its
 * build has only the templates, so every file that includes such a header
 * was parsed past a missing #include, its types unknown, and parsed again
 * with stand-ins for what it lacked: one code base of round 23 spent most
 * of its CPU there (docs/retconv-real-world.md).  A template is the
 * header less the build's answers, so it is written out as the build
 * would write it with every option off:
 *
 *	#cmakedefine X ...	X left undefined
 *	#cmakedefine01 X	#define X 0
 *	#mesondefine X		X left undefined
 *	#if @X@			#if 0
 *
 * autoconf's own "#undef X" lines are that already.  Other @X@ and ${X}
 * (a version, a type only the build knows) are left as they are: an error
 * where a file uses one, as the missing header was.  The headers go into
 * a folder of the run's own, at the name the #include lines ask for,
 * which tree.c adds to the include folders; nothing is written into the
 * tree.
 */
#include <errno.h>
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "retconv.h"
#include "tree.h"

/* Longest first: "x.h.cmake.in" is a template of "x.h", not "x.h.cmake". */
static const char *const suffixes[] = { ".cmake.in", ".in", ".cmake",
					".meson" };

size_t gen_stem(const char *path)
{
	size_t n = strlen(path), k, i;
	char *stem;
	bool header;

	for (i = 0; i < sizeof(suffixes) / sizeof(*suffixes); i++) {
		k = strlen(suffixes[i]);
		if (n <= k || strcmp(path + n - k, suffixes[i]))
			continue;
		stem = xasprintf("%.*s", (int)(n - k), path);
		header = is_header_name(stem);
		free(stem);
		return header ? n - k : 0;
	}
	return 0;
}

bool gen_matches(const char *tmpl, size_t stem, const char *name, size_t len)
{
	return stem >= len && !strncmp(tmpl + stem - len, name, len) &&
	       (stem == len || tmpl[stem - len - 1] == '/');
}

/* The length of the name at @p, before @end. */
static int name_len(const char *p, const char *end)
{
	const char *q = p;

	while (q < end && ident_char(*q))
		q++;
	return (int)(q - p);
}

/* @line (up to its newline) of a template, as the build writes it with
 * every option off. */
static void put_line(FILE *f, const char *line, size_t len)
{
	const char *p, *end = line + len, *at;
	size_t n;

	p = tree_directive(line, "cmakedefine01");
	if (p && p < end) {
		fprintf(f, "#define %.*s 0\n", name_len(p, end), p);
		return;
	}
	p = tree_directive(line, "cmakedefine");
	if (!p || p >= end)
		p = tree_directive(line, "mesondefine");
	if (p && p < end) {
		fprintf(f, "/* #undef %.*s */\n", name_len(p, end), p);
		return;
	}
	if (!tree_directive(line, "if") && !tree_directive(line, "elif")) {
		fprintf(f, "%.*s\n", (int)len, line);
		return;
	}
	/* "#if @X@": the option off, where the text would be an error. */
	for (p = line; p < end; p = at) {
		at = memchr(p, '@', (size_t)(end - p));
		if (!at) {
			fprintf(f, "%.*s", (int)(end - p), p);
			break;
		}
		n = 1 + (size_t)name_len(at + 1, end);
		fprintf(f, "%.*s", (int)(at - p), p);
		if (n > 1 && at + n < end && at[n] == '@') {
			fputc('0', f);
			at += n + 1;
		} else {
			fputc('@', f);
			at++;
		}
	}
	fputc('\n', f);
}

/* mkdir -p of @path's folders, not of its last name. */
static int make_parents(char *path)
{
	char *slash;
	int err = 0;

	for (slash = strchr(path + 1, '/'); slash && !err;
	     slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		if (mkdir(path, 0700) && errno != EEXIST)
			err = -errno;
		*slash = '/';
	}
	return err;
}

int gen_write(const char *dir, const char *root, const char *tmpl,
	      const char *name)
{
	char *text = tree_slurp(root, tmpl), *path, *s, *nl;
	FILE *f;
	int err;

	if (!text)
		return -errno;
	path = xasprintf("%s/%s", dir, name);
	err = make_parents(path);
	f = err ? NULL : fopen(path, "wx");
	if (!err && !f)
		err = -errno;
	for (s = text; f && *s; s = nl ? nl + 1 : s + strlen(s)) {
		nl = strchr(s, '\n');
		put_line(f, s, nl ? (size_t)(nl - s) : strlen(s));
	}
	if (f && fclose(f) && !err)
		err = -errno;
	free(path);
	free(text);
	return err;
}

char *gen_folder(void)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = xasprintf("%s/retconv-gen.XXXXXX",
			      tmp && *tmp ? tmp : "/tmp");

	if (mkdtemp(dir))
		return dir;
	free(dir);
	return NULL;
}

static int remove_one(const char *path, const struct stat *st, int type,
		      struct FTW *ftw)
{
	(void)st;
	(void)type;
	(void)ftw;
	remove(path);
	return 0;
}

void gen_remove(const char *dir)
{
	if (dir)
		nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}
