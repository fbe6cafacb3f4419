/* SPDX-License-Identifier: MIT */
/*
 * damage.c: what a parse that went on past its errors missed.
 */
#ifndef RETCONV_DAMAGE_H
#define RETCONV_DAMAGE_H

#include <clang-c/Index.h>

struct rc_job;

/* What a parse that went on past its errors was missing. */
struct damage {
	unsigned nmissing;	/* headers not found */
	char *missing;		/* the first few, "a.h, b.h" */
	unsigned nother;	/* every other error */
	unsigned nmember;	/* of those, a member of a type not known */
	char *first;		/* the first of those, as clang says it */
};

void damage_of(CXTranslationUnit tu, struct damage *dm);
void damage_free(struct damage *dm);
char *damage_note(const struct damage *dm, const struct rc_job *job,
		  char *picked);
char *libclang_error(enum CXErrorCode ec);

#endif
