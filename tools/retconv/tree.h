// SPDX-License-Identifier: MIT
/*
 * What tree mode's files share: tree.c chooses the include folders,
 * context.c the files that define a FILE's callees, both over the text
 * treetext.c reads.  Nothing here is locked: a run scans its tree once,
 * on one thread, before any worker starts.
 */
#ifndef RETCONV_TREE_H
#define RETCONV_TREE_H

#include <stdbool.h>
#include <stddef.h>

#include "retconv.h"

struct tree_entry {
	const char *key;
	long val;		/* a count, or the first of a chain */
};

/* Open addressing, string keys owned by the caller. */
struct tree_table {
	struct tree_entry *v;
	size_t cap, n;
};

/* The entry of @key's first @len bytes; with @add, made (val -1) if
 * absent, the key then owned by the caller; without, NULL if absent. */
struct tree_entry *tree_lookup(struct tree_table *t, const char *key,
			       size_t len, bool add);
char *tree_join(const char *root, const char *rel);
size_t tree_common_prefix(const char *a, const char *b);
const char *tree_directive(const char *s, const char *word);

/* The files of a tree, relative to its root, in walk order. */
struct tree_files {
	const char *root;
	char **files;
	size_t nfiles;
};

void tree_context(struct rc_tree *t, const struct tree_files *w,
		  char *const *files, size_t nfiles);

#endif
