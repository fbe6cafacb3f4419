// SPDX-License-Identifier: MIT
/*
 * Manual pages: a library's contract written beside its code, not in it.
 *
 * A public C interface is often documented only in the manual pages its
 * tree ships (systemd's sd_bus_*(3) in DocBook XML under man/, a troff
 * page per function under man/man3/): the comment at the definition says
 * nothing of the result, and the page's RETURN VALUE section is the
 * contract its callers read ("returns a positive value if the prefix
 * matched, or 0 if it did not; on failure, a negative errno-style error
 * number").  doc.c reads that section, as it reads a comment's, where
 * the comments say nothing of the result.
 *
 * The pages are looked for in the folders named man, doc or docs (and
 * their subfolders one level down) of the source file's own folder and
 * of each folder above it, up to the current directory, a folder that
 * holds .git, or eight levels.  A DocBook page gives each of its
 * <refname>s the text of its "Return Value" refsect1; a troff page of
 * section 3 each name of its NAME section the text of its RETURN VALUE
 * section (RETURN VALUES in a BSD page written in mdoc), the markup left
 * out.  Each folder is read once per process.
 * A section several functions share is read, for each, in the sentences
 * that name it and those after them that name no other function.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "retconv.h"

#define MAN_MAX_FILES 4096
#define MAN_MAX_SIZE (512 * 1024)
#define MAN_MAX_UP 8

struct page {
	char *name;
	char *text;
};

static struct page *pages;
static size_t npages;
static struct rc_strset seen_dirs;

static char *slurp(const char *path)
{
	struct stat st;
	char *buf;
	size_t n;
	FILE *f;

	if (stat(path, &st) || !S_ISREG(st.st_mode) || st.st_size > MAN_MAX_SIZE)
		return NULL;
	f = fopen(path, "r");
	if (!f)
		return NULL;
	buf = xmalloc((size_t)st.st_size + 1);
	n = fread(buf, 1, (size_t)st.st_size, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static void add_page(const char *name, size_t n, const char *text)
{
	pages = xrealloc(pages, (npages + 1) * sizeof(*pages));
	pages[npages].name = strndup(name, n);
	pages[npages].text = xstrdup(text);
	npages++;
}

/* @s with markup left out, blanks run together, in place. */
static void plain(char *s)
{
	static const struct {
		const char *ent, *ch;
	} ents[] = { { "&lt;", "<" }, { "&gt;", ">" }, { "&amp;", "&" } };
	char *r = s, *w = s;
	size_t i;

	while (*r) {
		if (*r == '<') {
			r += strcspn(r, ">");
			if (*r)
				r++;
			continue;
		}
		for (i = 0; i < sizeof(ents) / sizeof(ents[0]); i++)
			if (!strncmp(r, ents[i].ent, strlen(ents[i].ent)))
				break;
		if (i < sizeof(ents) / sizeof(ents[0])) {
			*w++ = *ents[i].ch;
			r += strlen(ents[i].ent);
			continue;
		}
		if (*r == ' ' || *r == '\t' || *r == '\n') {
			if (w > s && w[-1] != ' ')
				*w++ = ' ';
			r++;
			continue;
		}
		*w++ = *r++;
	}
	*w = '\0';
}

/* A DocBook refentry: its refnames get its "Return Value" section. */
static void read_docbook(char *text)
{
	char *sec, *end, *p, *q;

	sec = strcasestr(text, "<title>Return Value</title>");
	if (!sec)
		return;
	sec += strlen("<title>Return Value</title>");
	/* Up to the section's end or its first subsection (the list of
	 * errors, said of all the page's functions at once). */
	end = strstr(sec, "</refsect1>");
	if (end)
		*end = '\0';
	end = strstr(sec, "<refsect2");
	if (end)
		*end = '\0';
	plain(sec);
	for (p = text; (p = strstr(p, "<refname>")) != NULL && p < sec;
	     p = q) {
		p += strlen("<refname>");
		q = strstr(p, "</refname>");
		if (!q)
			break;
		p += strspn(p, " \t\n");
		add_page(p, strcspn(p, " \t\n<"), sec);
	}
}

/*
 * What an mdoc macro line prints, for the sections read here: its
 * arguments, a function's name as "name()" (.Fn), and the one-line
 * description after a dash (.Nd, as man(7)'s NAME line has it).  A BSD
 * page (.Sh, .Nm, .Fn) says in RETURN VALUES what a Linux one says in
 * RETURN VALUE.
 */
static void mdoc_line(const char *l, size_t n, char *out, size_t *o,
		      size_t cap)
{
	size_t i = 3 + strspn(l + 3, " \t"), w;
	char *text;

	if (i > n)
		i = n;
	if (!strncmp(l + 1, "Fn", 2)) {
		w = strcspn(l + i, " \t\n");
		text = xasprintf("%.*s()%.*s ", (int)w, l + i,
				 (int)(n - i - w), l + i + w);
	} else {
		text = xasprintf("%s%.*s ", strncmp(l + 1, "Nd", 2) ? "" :
					       "- ", (int)(n - i), l + i);
	}
	for (w = 0; text[w] && *o + 2 < cap; w++)
		if (text[w] != '"')
			out[(*o)++] = text[w];
	out[*o] = '\0';
	free(text);
}

/* Whether the troff line @l is an mdoc macro (".Fn", ".Nm"), whose name
 * is an upper-case letter and a lower-case one. */
static bool mdoc_macro(const char *l, size_t n)
{
	return n >= 3 && l[0] == '.' && l[1] >= 'A' && l[1] <= 'Z' &&
	       l[2] >= 'a' && l[2] <= 'z' &&
	       (n == 3 || l[3] == ' ' || l[3] == '\t');
}

/* A troff line with its request and font escapes left out. */
static void troff_line(const char *l, size_t n, char *out, size_t *o,
		       size_t cap)
{
	size_t i = 0;

	if (mdoc_macro(l, n)) {
		mdoc_line(l, n, out, o, cap);
		return;
	}
	if (n && l[0] == '.') {
		if (n < 2 || !strchr("BIR", l[1]))
			return;
		i = strcspn(l, " \t\n");
	}
	for (; i < n && *o + 2 < cap; i++) {
		if (l[i] == '\\' && i + 1 < n) {
			if (l[i + 1] == 'f' && i + 2 < n) {
				i += 2;
				continue;
			}
			if (l[i + 1] == '-') {
				out[(*o)++] = '-';
				i++;
				continue;
			}
			i++;
			continue;
		}
		if (l[i] != '"')
			out[(*o)++] = l[i];
	}
	out[(*o)++] = ' ';
	out[*o] = '\0';
}

/* The next section heading after @p: man(7)'s ".SH", mdoc's ".Sh". */
static const char *next_head(const char *p)
{
	const char *a = strstr(p, "\n.SH"), *b = strstr(p, "\n.Sh");

	return !a ? b : !b ? a : a < b ? a : b;
}

/* The text of the troff section headed @head (".SH NAME"), or NULL. */
static char *troff_section(const char *text, const char *const *heads,
			   size_t nheads)
{
	const char *p, *end, *h;
	size_t o = 0, i, len, cap;
	char *out;

	for (p = text; p; p = strchr(p, '\n'), p = p ? p + 1 : NULL) {
		if (strncmp(p, ".SH", 3) && strncmp(p, ".Sh", 3))
			continue;
		h = p + 3 + strspn(p + 3, " \t\"");
		for (i = 0; i < nheads; i++)
			if (!strncasecmp(h, heads[i], strlen(heads[i])))
				break;
		if (i < nheads)
			break;
	}
	if (!p)
		return NULL;
	p = strchr(p, '\n');
	if (!p)
		return NULL;
	end = next_head(p);
	if (!end)
		end = p + strlen(p);
	cap = (size_t)(end - p) + 2;
	out = xmalloc(cap);
	out[0] = '\0';
	for (p++; p < end; p += len + 1) {
		len = strcspn(p, "\n");
		if (p + len > end)
			len = (size_t)(end - p);
		troff_line(p, len, out, &o, cap);
	}
	plain(out);
	return out;
}

/* A troff page of section 3: the names before its NAME line's "\-". */
static void read_troff(const char *text)
{
	static const char *const name_head[] = { "NAME" };
	static const char *const ret_head[] = { "RETURN VALUE", "RETURN" };
	char *names = troff_section(text, name_head, 1), *sec, *p, *dash;
	size_t n;

	if (!names)
		return;
	sec = troff_section(text, ret_head, 2);
	dash = strstr(names, " - ");
	if (sec && dash) {
		*dash = '\0';
		for (p = names; *p; p += n) {
			p += strspn(p, " ,");
			n = strcspn(p, " ,");
			if (n)
				add_page(p, n, sec);
		}
	}
	free(sec);
	free(names);
}

/* Whether @name is a troff page of section 3: foo.3, foo.3x, foo.3.in. */
static bool troff_name(const char *name)
{
	const char *dot = strstr(name, ".3");

	return dot && dot > name &&
	       (!dot[2] || (dot[2] != '.' && !dot[3]) || !strcmp(dot + 2, ".in"));
}

static void read_dir(const char *dir, int depth, size_t *budget)
{
	struct dirent *e;
	char *path, *text;
	size_t len;
	DIR *d;

	if (strset_seen_before(&seen_dirs, dir) || !*budget)
		return;
	d = opendir(dir);
	if (!d)
		return;
	while ((e = readdir(d)) != NULL && *budget) {
		if (e->d_name[0] == '.')
			continue;
		path = xasprintf("%s/%s", dir, e->d_name);
		len = strlen(e->d_name);
		if (len > 4 && !strcmp(e->d_name + len - 4, ".xml")) {
			(*budget)--;
			text = slurp(path);
			if (text && strstr(text, "<refentry"))
				read_docbook(text);
			free(text);
		} else if (troff_name(e->d_name)) {
			(*budget)--;
			text = slurp(path);
			if (text)
				read_troff(text);
			free(text);
		} else if (depth) {
			struct stat st;

			if (!stat(path, &st) && S_ISDIR(st.st_mode))
				read_dir(path, depth - 1, budget);
		}
		free(path);
	}
	closedir(d);
}

/* Read the manual folders of @dir, once. */
static void read_manuals(const char *dir)
{
	static const char *const sub[] = { "man", "doc", "docs" };
	size_t i, budget = MAN_MAX_FILES;
	char *key = xasprintf("above:%s", dir), *path;

	if (!strset_seen_before(&seen_dirs, key)) {
		for (i = 0; i < sizeof(sub) / sizeof(sub[0]); i++) {
			path = xasprintf("%s/%s", dir, sub[i]);
			read_dir(path, 1, &budget);
			free(path);
		}
	}
	free(key);
}

/* Whether the walk up stops at @dir: the top of a repository. */
static bool repo_top(const char *dir)
{
	char *git = xasprintf("%s/.git", dir);
	bool top = !access(git, F_OK);

	free(git);
	return top;
}

/* Whether @sent (up to @end) names a function, "foo()"; *@own says
 * whether @name is among those it names. */
static bool names_function(const char *sent, const char *end,
			   const char *name, bool *own)
{
	size_t n = strlen(name);
	const char *p;
	bool any = false;

	*own = false;
	for (p = sent; p + 1 < end; p++) {
		if (p[0] != '(' || p[1] != ')' || p == sent ||
		    !ident_char(p[-1]))
			continue;
		any = true;
		if ((size_t)(p - sent) >= n && !strncmp(p - n, name, n) &&
		    (p - n == sent || !ident_char(p[-n - 1])))
			*own = true;
	}
	return any;
}

/*
 * The sentences of a section several functions share that speak of
 * @name: those that name it ("sd_bus_track_add_name() ... returns 0 if
 * ...") and those after them that name no function ("On failure, they
 * return a negative errno"), up to one that names only others.  The
 * whole section where no sentence names @name.
 */
static char *own_sentences(const char *sec, const char *name)
{
	char *out = xmalloc(strlen(sec) + 1);
	const char *p = sec, *end;
	bool mine = false, own, found = false;
	size_t o = 0;

	while (*p) {
		end = strstr(p, ". ");
		end = end ? end + 2 : p + strlen(p);
		if (names_function(p, end, name, &own)) {
			mine = own;
			found |= own;
		}
		if (mine) {
			memcpy(out + o, p, (size_t)(end - p));
			o += (size_t)(end - p);
		}
		p = end;
	}
	out[o] = '\0';
	if (!found) {
		free(out);
		return xstrdup(sec);
	}
	return out;
}

/*
 * The RETURN VALUE section of the manual page for @name that the tree of
 * @source ships (a copy for the caller to free), or NULL: of a section
 * several functions share, the sentences that speak of @name.
 */
char *manual_section(const char *source, const char *name)
{
	char *dir = xstrdup(source && *source ? source : "."), *slash, *cwd;
	size_t i;
	int up;

	cwd = getcwd(NULL, 0);
	slash = strrchr(dir, '/');
	if (slash)
		*slash = '\0';
	else
		strcpy(dir, ".");
	for (up = 0; up < MAN_MAX_UP; up++) {
		read_manuals(dir);
		if (!strcmp(dir, ".") || !strcmp(dir, "/") || !*dir ||
		    (cwd && !strcmp(dir, cwd)) || repo_top(dir))
			break;
		slash = strrchr(dir, '/');
		if (slash == dir)
			strcpy(dir, "/");
		else if (slash)
			*slash = '\0';
		else
			strcpy(dir, ".");
	}
	free(cwd);
	free(dir);
	for (i = 0; i < npages; i++)
		if (!strcmp(pages[i].name, name))
			return own_sentences(pages[i].text, name);
	return NULL;
}
