// SPDX-License-Identifier: MIT
/*
 * Which places of a unit are the system's headers: what the run reads as
 * the C library's and POSIX's declarations (a call to one is judged by
 * the library's contract, a definition there is none of the tree's).
 *
 * clang says so of every header found through a system folder, and it
 * counts the folders searched after the system's (-idirafter) among
 * those.  Tree mode puts a folder of the tree there when it stands in for
 * the C library of one processor (clib.c): the system's header wins for
 * the names the system has, but the folder's other headers are still the
 * tree's own, whose declarations bind to the tree's definitions.  So a
 * header of such a folder is not the system's here.
 */
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "retconv.h"
#include "sysloc.h"

static struct {
	char **v;
	size_t n;
} after;

void sysloc_job(char *const *args, size_t nargs)
{
	size_t i;

	for (i = 0; i < after.n; i++)
		free(after.v[i]);
	after.n = 0;
	for (i = 0; i < nargs; i++) {
		if (strncmp(args[i], "-idirafter", 10) || !args[i][10])
			continue;
		after.v = xrealloc(after.v, (after.n + 1) * sizeof(*after.v));
		after.v[after.n++] = xstrdup(args[i] + 10);
	}
}

bool sysloc_system(CXSourceLocation loc)
{
	CXString name;
	const char *s;
	CXFile file;
	bool sys = true;
	size_t i, n;

	if (!clang_Location_isInSystemHeader(loc))
		return false;
	if (!after.n)
		return true;
	clang_getSpellingLocation(loc, &file, NULL, NULL, NULL);
	if (!file)
		return true;
	name = clang_getFileName(file);
	s = clang_getCString(name);
	for (i = 0; s && sys && i < after.n; i++) {
		n = strlen(after.v[i]);
		sys = !(!strncmp(s, after.v[i], n) && s[n] == '/');
	}
	clang_disposeString(name);
	return sys;
}
