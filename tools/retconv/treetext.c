// SPDX-License-Identifier: MIT
/*
 * A tree's files as text, for tree mode's scans without a parse: a file
 * read whole up to a bound, a table of names, a path joined to the tree's
 * root, the folders two paths share, and a preprocessor line's directive.
 * tree.c (the include folders) and context.c (the files a FILE's callees
 * need) read the tree through these, and asmref.c its assembly.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "retconv.h"
#include "tree.h"

/* At most this much of a file is scanned: a generated table is no source. */
#define SCAN_MAX	(1u << 20)

static size_t hash(const char *s, size_t len)
{
	size_t h = 5381, i;

	for (i = 0; i < len; i++)
		h = h * 33 + (unsigned char)s[i];
	return h;
}

struct tree_entry *tree_lookup(struct tree_table *t, const char *key, size_t len,
			    bool add)
{
	struct tree_entry *old = t->v;
	size_t i, cap = t->cap;

	if (add && (t->n + 1) * 2 > t->cap) {
		t->cap = cap ? cap * 2 : 1024;
		t->v = xcalloc(t->cap, sizeof(*t->v));
		t->n = 0;
		for (i = 0; i < cap; i++)
			if (old[i].key)
				*tree_lookup(t, old[i].key, strlen(old[i].key),
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


char *tree_join(const char *root, const char *rel)
{
	if (!*rel)
		return xstrdup(root);
	if (!strcmp(root, "."))
		return xstrdup(rel);
	return xasprintf("%s/%s", root, rel);
}

/* How many leading folders @a and @b share, in characters. */
size_t tree_common_prefix(const char *a, const char *b)
{
	size_t i, n = 0;

	for (i = 0; a[i] && a[i] == b[i]; i++)
		if (a[i] == '/')
			n = i + 1;
	return n;
}

/* Read at most SCAN_MAX bytes of @rel, NUL-terminated, or NULL.  The
 * buffer is the file's size: a tree has thousands of small files, and a
 * buffer of SCAN_MAX each was mapped and faulted in for every one. */
char *tree_slurp(const char *root, const char *rel)
{
	char *path = tree_join(root, rel), *buf;
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
const char *tree_directive(const char *s, const char *word)
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
