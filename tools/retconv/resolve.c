// SPDX-License-Identifier: MIT
/*
 * Resolution: calls across files, duplicates, and each function's class.
 *
 * Workers see one translation unit each, so a return that passes on a call
 * carries the callee's USR instead of its values.  Here, with every summary
 * in hand, each such call takes the callee's own value set, repeated until
 * nothing changes: sets only grow and have eight bits, so recursion ends.
 * A callee defined nowhere in the run keeps the fallback its declaration
 * allowed (an int could be anything).  Where a tree of several programs
 * defines one name more than once, a call takes the definitions nearest
 * its file (def_nearness()), as a linker takes its own program's.
 *
 * A header's inline functions arrive once per file that includes it; they
 * are kept once, under their USR and location.  The order summaries arrive
 * in depends on the workers, so nothing here may depend on it.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "retconv.h"

#define HASH_BITS 12
#define HASH_SIZE (1U << HASH_BITS)

struct table {
	struct rc_func *slot[HASH_SIZE];
};

static unsigned hash(const char *s)
{
	unsigned h = 2166136261u;

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h & (HASH_SIZE - 1);
}

/* Whether @path lies in a folder of tests: a folder named test, tests,
 * testing, unittest(s), unit-tests or unit_tests, at any depth. */
bool in_test_folder(const char *path)
{
	static const char *const names[] = {
		"test", "tests", "testing", "unittest", "unittests",
		"unit-tests", "unit_tests",
	};
	const char *at = path, *slash;
	size_t k, len;

	for (; (slash = strchr(at, '/')); at = slash + 1) {
		len = (size_t)(slash - at);
		for (k = 0; k < sizeof(names) / sizeof(*names); k++)
			if (strlen(names[k]) == len &&
			    !strncasecmp(at, names[k], len))
				return true;
	}
	return false;
}

/*
 * Which of several definitions of one name a call from @file binds to.
 * A tree of several programs (a hypervisor and its tools, a library and
 * its tests' stubs) may define a name once in each, and a linker takes
 * the one the caller's program links.  A program's files sit together,
 * so: the definition in the caller's own file, else those whose path
 * shares the most leading folders with the caller's; several as near
 * are all taken.  A program never links its tests' stubs (its tests link
 * it), so a definition in a folder of tests is the last that a call from
 * outside one takes, however near.  How near @def's file is to @file:
 * one more than the folders their paths share, UINT_MAX for the same
 * file, 0 for a test's definition and a caller outside the tests.
 */
unsigned def_nearness(const char *def, const char *file)
{
	unsigned n = 1;
	size_t i;

	if (!strcmp(def, file))
		return UINT_MAX;
	if (in_test_folder(def) && !in_test_folder(file))
		return 0;
	for (i = 0; def[i] && def[i] == file[i]; i++)
		if (def[i] == '/')
			n++;
	return n;
}

/*
 * The values a call to @usr from @file can give: those of the nearest
 * definitions (def_nearness()), all of them if several are as near, so
 * that the answer does not depend on which worker finished first.
 * @found is false when nothing in the run defines it.
 */
static unsigned callee_flags(const struct table *t, const char *usr,
			     const char *file, bool *found)
{
	unsigned all = 0, best = 0, near;
	struct rc_func *fn;

	*found = false;
	for (fn = t->slot[hash(usr)]; fn; fn = fn->hnext) {
		if (strcmp(fn->usr, usr))
			continue;
		near = def_nearness(fn->file, file);
		if (*found && near < best)
			continue;
		if (!*found || near > best)
			all = 0;
		best = near;
		all |= fn->flags;
		*found = true;
	}
	return all;
}

static bool same_definition(const struct rc_func *a, const struct rc_func *b)
{
	return a->line == b->line && a->col == b->col &&
	       !strcmp(a->name, b->name) && !strcmp(a->fileid, b->fileid);
}

/*
 * Keep one copy of each definition.  A copy seen as the main file wins
 * over one seen through an #include: it has the name to print; between
 * two names of one file (a link), the first in order wins.
 */
static bool keep(struct table *t, struct rc_func *fn)
{
	struct rc_func *old;
	unsigned h = hash(fn->usr);

	for (old = t->slot[h]; old; old = old->hnext)
		if (!strcmp(old->usr, fn->usr) && same_definition(old, fn))
			break;
	if (!old) {
		/* New, or another program's function of the same name. */
		fn->hnext = t->slot[h];
		t->slot[h] = fn;
		return true;
	}
	if (fn->report &&
	    (!old->report || strcmp(fn->file, old->file) < 0)) {
		free(old->file);
		old->file = fn->file;
		fn->file = NULL;
		old->report = true;
		old->suppress = fn->suppress;
	}
	return false;
}

static void dedupe(struct rc_result *res, struct table *t)
{
	size_t i, n = 0;

	for (i = 0; i < res->nfuncs; i++) {
		if (keep(t, res->funcs[i]))
			res->funcs[n++] = res->funcs[i];
		else
			func_free(res->funcs[i]);
	}
	res->nfuncs = n;
}

/* A value nothing bounds, seen where only some signs are possible. */
static unsigned restrict_unbounded(unsigned f, unsigned sign)
{
	unsigned out = 0;

	if (!(f & (RV_UNKNOWN | RV_NONNEG)))
		return 0;
	if ((f & RV_UNKNOWN) && (sign & SIGN_NEG) && (sign & SIGN_POS))
		return RV_UNKNOWN;
	if ((f & RV_UNKNOWN) && (sign & SIGN_NEG))
		out |= RV_NEG;
	if (sign & SIGN_ZERO)
		out |= RV_ZERO;
	if (sign & SIGN_MORE)
		out |= RV_NONNEG;
	else if (sign & SIGN_ONE)
		out |= RV_ONE;
	return out;
}

static int by_usr(const void *a, const void *b)
{
	const struct rc_func *x = *(struct rc_func *const *)a;
	const struct rc_func *y = *(struct rc_func *const *)b;

	return strcmp(x->usr, y->usr);
}

/* A copy of @a (@na) and @b (@nb) together, sorted by USR; free() it.
 * Never NULL: an empty one is an array of one. */
static struct rc_func **by_usr_of(struct rc_func *const *a, size_t na,
				  struct rc_func *const *b, size_t nb)
{
	struct rc_func **idx = xcalloc(na + nb ? na + nb : 1, sizeof(*idx));

	if (na)
		memcpy(idx, a, na * sizeof(*idx));
	if (nb)
		memcpy(idx + na, b, nb * sizeof(*idx));
	if (na + nb)
		qsort(idx, na + nb, sizeof(*idx), by_usr);
	return idx;
}

/*
 * @res's definitions sorted by USR, for the rules that look a callee's
 * definitions up (sites.c, rules.c); free() it.  Never NULL: an empty
 * run gets an array of one.
 */
struct rc_func **funcs_by_usr(const struct rc_result *res)
{
	return by_usr_of(res->funcs, res->nfuncs, NULL, 0);
}

/* The same with the definitions that stand in for names the run does
 * not define (FACT_STANDIN), for other configurations' call sites; @n
 * gets its length. */
struct rc_func **funcs_by_usr_standins(const struct rc_result *res,
				       size_t *n)
{
	*n = res->nfuncs + res->nstandins;
	return by_usr_of(res->funcs, res->nfuncs, res->standins,
			 res->nstandins);
}

/* Other configurations' readings of the run's definitions (FACT_ALTERNATE),
 * by USR; @n gets its length. */
struct rc_func **alts_by_usr(const struct rc_result *res, size_t *n)
{
	*n = res->nalts;
	return by_usr_of(res->alts, res->nalts, NULL, 0);
}

/* Where the definitions of @usr start in @idx of @n; @n if none. */
size_t funcs_first(struct rc_func *const *idx, size_t n, const char *usr)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(idx[mid]->usr, usr) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && !strcmp(idx[lo]->usr, usr) ? lo : n;
}

/* Whether a definition of @usr in @idx of @n has one of @facts. */
bool funcs_any_fact(struct rc_func *const *idx, size_t n, const char *usr,
		    unsigned facts)
{
	size_t i;

	for (i = funcs_first(idx, n, usr); i < n && !strcmp(idx[i]->usr, usr);
	     i++)
		if (idx[i]->facts & facts)
			return true;
	return false;
}

/* What a value gives, once a guard (if (ret < 0)) has had its say. */
unsigned values_restrict(unsigned f, unsigned sign)
{
	unsigned out = f & (RV_PTR | RV_FOREIGN);

	if ((sign & SIGN_ALL) == SIGN_ALL)
		return f;
	if (sign & SIGN_NEG)
		out |= f & RV_NEG;
	if (sign & SIGN_ZERO)
		out |= f & RV_ZERO;
	if (sign & SIGN_ONE)
		out |= f & (RV_ONE | RV_CODE | RV_OKCODE);
	if (sign & SIGN_MORE)
		out |= f & (RV_POS | RV_CODE | RV_OKCODE);
	out |= restrict_unbounded(f, sign);
	if (out & (RV_ZERO | RV_ONE))
		out |= f & RV_BOOL;
	return out;
}

/* @f read as 0 or negative errnos where it gives some and nothing
 * positive: what else it may give is taken for more of them. */
unsigned values_errno_read(unsigned f)
{
	if ((f & (RV_NEG | RV_PTR)) && (f & RV_UNKNOWN) &&
	    !(f & (RV_ONE | RV_POS | RV_NONNEG | RV_BOOL)))
		return (f & ~RV_UNKNOWN) | RV_NEG | RV_ZERO;
	return f;
}

/*
 * What "-x" gives, for x's values @f: a negative value negated is
 * positive (a negative errno becomes a positive one, as code of positive
 * errnos that keeps its libraries' results negates them on the way out),
 * and so is an error pointer's code (-PTR_ERR(p)); 0 stays 0; a value
 * never negative, or one whose sign nothing bounds, reads as the kernel's
 * "return -errno;": a negative errno.  Where x gives negative errnos and
 * nothing positive, what else it may give is taken for more of them (a
 * library call of 0 or -errno that passes on a result the run cannot
 * bound).
 */
unsigned values_negate(unsigned f)
{
	unsigned out = f & RV_FOREIGN;

	f = values_errno_read(f);
	if (f & (RV_NEG | RV_PTR))
		out |= RV_POS;
	if (f & (RV_ZERO | RV_NONNEG | RV_UNKNOWN | RV_BOOL))
		out |= RV_ZERO;
	if (f & (RV_ONE | RV_POS | RV_NONNEG | RV_UNKNOWN | RV_BOOL))
		out |= RV_NEG;
	return out;
}

/* One function's returns with its callees' values; whether any changed. */
static bool resolve_func(struct rc_func *fn, const struct table *t)
{
	bool changed = false;
	size_t j, k;

	for (j = 0; j < fn->nrets; j++) {
		struct rc_return *r = &fn->rets[j];
		unsigned flags = r->flags;

		for (k = 0; k < r->ncalls; k++) {
			unsigned sign = r->calls[k].sign;
			bool found;
			unsigned f = callee_flags(t, r->calls[k].usr,
						  fn->file, &found);

			f = found ? f : r->calls[k].fallback;
			/* A negated call's guard ("if (rc < 0) goto
			 * out;" before "return -rc;") sees its errnos. */
			if (sign & SIGN_NEGATED)
				f = values_negate(values_restrict(
				    values_errno_read(f), sign));
			else
				f = values_restrict(f, sign);
			flags |= f;
		}
		changed |= flags != r->resolved;
		r->resolved = flags;
		fn->flags |= flags;
	}
	return changed;
}

static bool resolve_pass(struct rc_result *res, const struct table *t)
{
	bool changed = false;
	size_t i;

	for (i = 0; i < res->nfuncs; i++)
		changed |= resolve_func(res->funcs[i], t);
	return changed;
}

/*
 * Another configuration's definitions (FACT_STANDIN) stand for a name
 * only where the run holds no other definition of it; the rest go.  The
 * ones kept take their callees' values after everything else settled,
 * so the values of the functions the run read otherwise, and of other
 * configurations' readings, stay what they were without them: they
 * stand for their names at those readings' call sites only (sites.c).
 */
static void resolve_standins(struct rc_result *res, struct table *t)
{
	struct rc_func *fn, *old;
	bool changed = true;
	size_t i, n = 0;

	for (i = 0; i < res->nstandins; i++) {
		fn = res->standins[i];
		for (old = t->slot[hash(fn->usr)];
		     old && strcmp(old->usr, fn->usr); old = old->hnext)
			;
		if (old)
			func_free(fn);
		else
			res->standins[n++] = fn;
	}
	res->nstandins = n;
	for (i = 0, n = 0; i < res->nstandins; i++) {
		if (keep(t, res->standins[i]))
			res->standins[n++] = res->standins[i];
		else
			func_free(res->standins[i]);
	}
	res->nstandins = n;
	while (changed)
		for (i = 0, changed = false; i < res->nstandins; i++)
			changed |= resolve_func(res->standins[i], t);
}

/*
 * Another configuration's readings (FACT_ALTERNATE) stand for no callee,
 * so their returns take the callees' values once, after the functions
 * settled: rule E weighs a return against the function's others there
 * too.
 */
void resolve_calls(struct rc_result *res)
{
	struct table *t = xcalloc(1, sizeof(*t));
	size_t i;

	dedupe(res, t);
	while (resolve_pass(res, t))
		;
	for (i = 0; i < res->nalts; i++)
		resolve_func(res->alts[i], t);
	resolve_standins(res, t);
	free(t);
}

static enum rc_class signed_class(unsigned flags)
{
	unsigned f = flags & ~(RV_BOOL | RV_CODE | RV_OKCODE);
	bool positive = f & (RV_ONE | RV_POS | RV_NONNEG);

	if (f & RV_FOREIGN)
		return RC_UNKNOWN;
	if (f & (RV_UNKNOWN | RV_PTR))
		return (f & RV_NEG) && positive ? RC_MIXED : RC_UNKNOWN;
	if (!f)
		return RC_UNKNOWN;
	if (!(f & ~(RV_ZERO | RV_NEG)))
		return RC_ERRNO;
	if (!(f & ~(RV_ZERO | RV_ONE)))
		return RC_BOOLEAN;
	if (!(f & RV_NEG))
		return RC_COUNT;
	return RC_MIXED;
}

enum rc_class resolve_class(const struct rc_func *fn)
{
	switch (fn->type) {
	case RT_VOID:
		return RC_VOID;
	case RT_BOOL:
		return RC_BOOLEAN;
	case RT_UNSIGNED:
		return RC_COUNT;
	case RT_POINTER:
		return RC_POINTER;
	case RT_SIGNED:
		return signed_class(fn->flags);
	default:
		return RC_OTHER;
	}
}

const char *class_name(enum rc_class cls)
{
	static const char *const names[] = {
		[RC_VOID] = "void",
		[RC_ERRNO] = "errno",
		[RC_BOOLEAN] = "boolean",
		[RC_COUNT] = "count",
		[RC_POINTER] = "pointer",
		[RC_MIXED] = "mixed",
		[RC_UNKNOWN] = "unknown",
		[RC_OTHER] = "other",
	};

	return names[cls];
}

const char *scope_name(enum rc_scope scope)
{
	switch (scope) {
	case SCOPE_EXPORTED:
		return "exported";
	case SCOPE_PUBLIC:
		return "public";
	default:
		return "static";
	}
}
