// SPDX-License-Identifier: MIT
/*
 * The main file's skipped #if branches, read in a second parse
 * (inactive.c): which lines that parse makes live, and its text.
 *
 * Locking: none; one worker's unit at a time.
 */
#ifndef RETCONV_INACTIVE_H
#define RETCONV_INACTIVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <clang-c/Index.h>

#include "retconv.h"

/* Line ranges, from and to (inclusive), from 1. */
struct rc_lines {
	unsigned (*v)[2];
	size_t n;
};

const char *inactive_directive(const char *s, size_t *len);
char *inactive_flip(const char *text, size_t size,
		    const unsigned (*sk)[2], size_t nsk, struct rc_lines *live);
char *inactive_text(CXTranslationUnit tu, struct rc_lines *live);
bool inactive_live(const struct rc_lines *live, unsigned line);
bool inactive_keep(struct rc_func *fn, const struct rc_lines *live);
int worker_summarize_alt(CXTranslationUnit tu, const char *display,
			 const struct rc_jobs *headers,
			 const struct rc_lines *live, FILE *out);

#endif
