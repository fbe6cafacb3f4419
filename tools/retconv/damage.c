// SPDX-License-Identifier: MIT
/*
 * What a parse that went on past its errors missed, in the user's words.
 *
 * A file is parsed past its errors (worker.c): its headers not found, its
 * other errors and the members of types it could not see are counted here,
 * so that the worker can keep the parse that missed least and say, in one
 * note per file, what was missing and so where retconv checked less.
 * libclang's own failures (a file not parsed at all) are put in words here
 * too, with their usual causes.
 */
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "retconv.h"
#include "damage.h"

/* Headers not found named in a note, at most. */
#define LIST_MISSING 3

/* The first error, as one line; NULL when the parse is clean. */
char *damage_first_error(CXTranslationUnit tu)
{
	unsigned i, n = clang_getNumDiagnostics(tu);
	char *msg = NULL;

	for (i = 0; i < n && !msg; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);

		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			CXString s = clang_formatDiagnostic(d,
				CXDiagnostic_DisplaySourceLocation |
				CXDiagnostic_DisplayColumn);

			msg = xstrdup(clang_getCString(s));
			clang_disposeString(s);
		}
		clang_disposeDiagnostic(d);
	}
	return msg;
}

void damage_free(struct damage *dm)
{
	free(dm->missing);
	free(dm->first);
	memset(dm, 0, sizeof(*dm));
}

/* clang says "'linux/uaccess.h' file not found": keep the name. */
static bool missing_header(struct damage *dm, const char *text)
{
	const char *end = strstr(text, "' file not found");
	char *old = dm->missing;

	if (text[0] != '\'' || !end || end[16])
		return false;
	if (dm->nmissing < LIST_MISSING) {
		dm->missing = xasprintf("%s%s%.*s", old ? old : "",
					old ? ", " : "", (int)(end - text - 1),
					text + 1);
		free(old);
	}
	dm->nmissing++;
	return true;
}

/*
 * A member of a structure whose definition is absent, or is a stand-in
 * (named in an expression or in an initializer's designator): an error
 * of that expression alone, which the declarations a stand-in makes
 * valid give in place of the ones clang did not report.
 */
static bool member_error(const char *text)
{
	return !strncmp(text, "no member named '", 17) ||
	       !strncmp(text, "incomplete definition of type '", 31) ||
	       !strncmp(text, "field designator '", 18);
}

void damage_of(CXTranslationUnit tu, struct damage *dm)
{
	unsigned i, n = clang_getNumDiagnostics(tu);

	memset(dm, 0, sizeof(*dm));
	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);
		CXString s;

		if (clang_getDiagnosticSeverity(d) < CXDiagnostic_Error) {
			clang_disposeDiagnostic(d);
			continue;
		}
		s = clang_getDiagnosticSpelling(d);
		if (member_error(clang_getCString(s)))
			dm->nmember++;
		if (!missing_header(dm, clang_getCString(s)) &&
		    !dm->nother++) {
			clang_disposeString(s);
			s = clang_formatDiagnostic(d,
				CXDiagnostic_DisplaySourceLocation |
				CXDiagnostic_DisplayColumn);
			dm->first = xstrdup(clang_getCString(s));
		}
		clang_disposeString(s);
		clang_disposeDiagnostic(d);
	}
}

/*
 * The one note a file parsed with errors gets, or NULL; @picked (freed
 * here) says which configuration #errors were read past, or is NULL.
 */
char *damage_note(const struct damage *dm, const struct rc_job *job,
		  char *picked)
{
	char *headers = NULL, *other = NULL, *msg;

	if (!dm->nmissing && !dm->nother && !picked)
		return NULL;
	if (dm->nmissing)
		headers = xasprintf("%u header%s not found (%s%s)%s",
			dm->nmissing, dm->nmissing > 1 ? "s" : "",
			dm->missing, dm->nmissing > LIST_MISSING ? ", ..." : "",
			job->dir ? ": generated headers not built yet?" : "");
	if (dm->nother)
		other = xasprintf("%u other error%s, the first: %s",
			dm->nother, dm->nother > 1 ? "s" : "", dm->first);
	msg = xasprintf("parsed with errors: %s%s%s%s%s; checked only where types are known",
		picked ? picked : "", picked && (headers || other) ? "; " : "",
		headers ? headers : "", headers && other ? "; " : "",
		other ? other : "");
	free(picked);
	free(headers);
	free(other);
	return msg;
}

/*
 * libclang's error codes in words, with the usual causes.  Error 4 is
 * what clang gives for two input files (a database entry whose source
 * argument was not recognised) and for a precompiled header it cannot
 * read: gcc's, or one not built yet.
 */
char *libclang_error(enum CXErrorCode ec)
{
	switch (ec) {
	case CXError_Crashed:
		return xstrdup("not parsed: libclang crashed on it");
	case CXError_InvalidArguments:
		return xstrdup("not parsed: libclang rejected the arguments");
	case CXError_ASTReadError:
		return xstrdup("not parsed: libclang error 4: the compiler arguments name a second input file, or a precompiled header or module clang cannot read (meson: -Db_pch=false; CMake: no target_precompile_headers)");
	default:
		return xasprintf("not parsed: libclang failed (error %d)",
				 (int)ec);
	}
}
