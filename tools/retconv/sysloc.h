/* SPDX-License-Identifier: MIT */
/*
 * sysloc.c: which places of a unit are the system's headers.
 */
#ifndef RETCONV_SYSLOC_H
#define RETCONV_SYSLOC_H

#include <stdbool.h>
#include <stddef.h>

#include <clang-c/Index.h>

/* The folders @args search after the system's: the tree's, not its. */
void sysloc_job(char *const *args, size_t nargs);
/* clang's isInSystemHeader, less the tree's folders searched after it. */
bool sysloc_system(CXSourceLocation loc);

#endif
