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

#include <stdbool.h>
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
bool confpick_lone(const char *text, size_t size, unsigned line);
char *confpick_blank(const char *text, size_t size, const unsigned *lines,
		     size_t nlines);

/* A file's text as the parse to be weighed would have read it (idle.c). */
struct rc_text {
	CXFile file;
	const char *text;
	size_t size;
};

void idle_texts(const struct rc_text *v, size_t n);

/* Lone #errors known from earlier files (confknown.c). */
enum known_outcome {
	KNOWN_NONE,		/* parse the file as before */
	KNOWN_PICKED,		/* the parse is the one past its #errors */
	KNOWN_PLAIN,		/* the parse is the first one */
};

bool confknown_any(const char *dir, const char *file);
void confknown_trace(const char *dir, const char *file, struct rc_picks *p);
enum known_outcome confknown_check(CXTranslationUnit tu, const char *dir,
				   const char *file, const char *main_path,
				   struct rc_picks *picks);
void confknown_learn(CXTranslationUnit tu, const char *dir, const char *file,
		     const struct rc_picks *picks);
void confknown_done(void);

#endif
