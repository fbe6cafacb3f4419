// SPDX-License-Identifier: MIT
/*
 * The headers a file is read with past a configuration's #error or a
 * clash with the system's declarations (confpick.c): each rewritten as the
 * build would have chosen.
 *
 * Locking: none; one worker's unit at a time.
 */
#ifndef RETCONV_CONFPICK_H
#define RETCONV_CONFPICK_H

#include <stddef.h>

#include <clang-c/Index.h>

struct rc_pick {
	char *path;		/* as clang named the header */
	char *orig;		/* its text */
	size_t size;
	char *text;		/* rewritten */
	unsigned *lines;	/* the #error lines passed, from 1 */
	size_t nlines;
	unsigned *clashes;	/* lines of clashes with the system's */
	size_t nclashes;
};

struct rc_picks {
	struct rc_pick *v;
	size_t n;
};

char *confpick_text(const char *text, size_t size, const unsigned *errs,
		    size_t nerrs, const unsigned *clashes, size_t nclashes);
size_t confpick_find(CXTranslationUnit tu, const char *main_path,
		     struct rc_picks *p);
void confpick_copy(struct rc_picks *dst, const struct rc_picks *src);
void confpick_free(struct rc_picks *p);

#endif
