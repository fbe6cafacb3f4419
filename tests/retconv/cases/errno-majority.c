// SPDX-License-Identifier: MIT
/*
 * A function's own failure returns decide its convention by what most of
 * them say.  A library documented to give positive errnos (its callers
 * compare the result with ENODEV, ENOSPC) with one path that returns
 * -ENOMEM, or passes on a helper's 0/-errno result: that one is the odd
 * one out, a value its callers' comparisons and strerror() misread, and
 * the positive ones are its contract.  A kernel-style function with one positive errno among
 * negative ones: the positive one is reported.  Half and half, the
 * kernel's negative errno decides.
 */
#include <errno.h>
#include <stdlib.h>

struct txn {
	int npkgs;
	int free_space;
	void *deps;
};

/* Mostly positive errnos: the -ENOMEM is reported, not the others. */
int txn_prepare(struct txn *t)
{
	if (!t->npkgs)
		return ENXIO;
	t->deps = malloc(16);
	if (!t->deps)
		return -ENOMEM;
	if (t->free_space < 0)
		return ENOSPC;
	if (t->npkgs > 100)
		return EINVAL;
	return 0;
}

/* Mostly negative errnos: the positive one is reported. */
int txn_commit(struct txn *t)
{
	if (!t)
		return -EINVAL;
	if (!t->deps)
		return -ENOENT;
	if (t->free_space < 0)
		return ENOSPC;
	return 0;
}

/* Half and half: the kernel's convention decides. */
int txn_abort(struct txn *t)
{
	if (!t)
		return -EINVAL;
	if (!t->deps)
		return EALREADY;
	free(t->deps);
	t->deps = NULL;
	return 0;
}

/* A helper of the other convention: 0 or a negative errno. */
int deps_resolve(struct txn *t)
{
	if (!t->deps)
		return -ENOENT;
	return t->npkgs > 50 ? -E2BIG : 0;
}

/* Mostly positive errnos: the helper's negative one passed on. */
int txn_update(struct txn *t)
{
	int rv;

	if (!t->npkgs)
		return ENXIO;
	if (t->free_space < 0)
		return ENOSPC;
	rv = deps_resolve(t);
	if (rv)
		return rv;
	return 0;
}
// expect: errno-majority.c:28:3: warning: 'txn_prepare' gives a positive errno elsewhere (in most of its failure returns), but returns -ENOMEM here, a negative value its callers' comparisons with an errno (== ENOMEM) and messages miss; return ENOMEM [retconv-E]
// expect: errno-majority.c:44:3: warning: 'txn_commit' fails with a negative value elsewhere, but returns ENOSPC here, a positive errno its callers' failure tests (< 0) miss; return -ENOSPC [retconv-E]
// expect: errno-majority.c:54:3: warning: 'txn_abort' fails with a negative value elsewhere, but returns EALREADY here, a positive errno its callers' failure tests (< 0) miss; return -EALREADY [retconv-E]
// expect: errno-majority.c:79:3: warning: 'deps_resolve' returns 0 or a negative errno (class errno, from its definition at errno-majority.c:61), and 'txn_update' returns 'rv' as it is, where it gives a positive errno elsewhere (in most of its failure returns): its callers' comparisons with an errno and messages miss this negative one; return it negated [retconv-E]
// expect: errno-majority.c:77:2: note: 'rv' holds the result of 'deps_resolve' from here
