// SPDX-License-Identifier: MIT
/*
 * Rules A and B: what a name promises against what the function returns.
 *
 * Rule A: an action returns 0 or a negative errno.  It is broken by an
 * action declared bool, by one whose int is only ever 0 or 1 (the 2006
 * queue_work: 1 for "queued"), and by one that mixes 1 with negative
 * errnos, where a caller testing "if (err)" takes success for failure.
 * Counts with errnos (read()'s shape) are computations and stay outside.
 *
 * Rule B: a predicate returns a boolean.  It is broken by any negative
 * errno it can return, which "if (is_x())" reads as true.
 *
 * Each finding names the returns at fault, for the notes.  Functions
 * whose address is taken anywhere in the run are callbacks, bound by the
 * convention of whoever calls them, and are not judged; nor are those
 * whose values follow another convention by infer.c's reading (a
 * library's constants, a value whose failure goes through a parameter),
 * nor stand-ins for an outside library's function of the same name
 * (SHA1_Init, mysql_stmt_close), bound by that library's contract.
 * An action whose result a callback returns untested gives the
 * callback's 1, and rule A leaves it alone too.
 */
#include <stdlib.h>
#include <string.h>

#include "retconv.h"

void findings_add(struct rc_findings *out, struct rc_finding *x)
{
	out->v = xrealloc(out->v, (out->n + 1) * sizeof(*out->v));
	out->v[out->n++] = *x;
}

static void add(struct rc_findings *out, struct rc_func *fn, char rule,
		unsigned notemask, char *msg)
{
	struct rc_finding x = {
		.fn = fn, .rule = rule, .msg = msg, .notemask = notemask,
		.file = fn->file, .line = fn->line, .col = fn->col,
	};

	findings_add(out, &x);
}

static const char *what(const struct rc_func *fn, enum rc_kind kind)
{
	bool action = kind == KIND_ACTION;

	if (fn->scope == SCOPE_STATIC)
		return action ? "static action" : "static predicate";
	return action ? "action" : "predicate";
}

static void rule_a(struct rc_func *fn, struct rc_findings *out)
{
	enum rc_class cls = resolve_class(fn);
	const char *w = what(fn, KIND_ACTION);
	unsigned f = fn->flags;

	/* Documented "0, or non-zero on failure", or a 1 spelled as a
	 * failure's name (return JIM_ERR;): its 1 is a failure its callers
	 * see, neither true nor success (defs.c, infer.c). */
	if (fn->type != RT_BOOL &&
	    (((fn->facts & DOC_STATUS) &&
	      !(fn->facts & FACT_STATUS_PASSED)) || (f & RV_CODE)))
		return;
	/* A 1 spelled as a success's name beside negative errors is a
	 * status set's own success (SUDO_RC_OK = 1, SUDO_RC_ERROR = -1). */
	if ((f & RV_OKCODE) && (f & RV_NEG))
		return;
	if (fn->type == RT_BOOL)
		add(out, fn, 'A', ~0U, xasprintf(
		    "%s '%s' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name",
		    w, fn->name));
	else if (fn->type == RT_SIGNED && cls == RC_BOOLEAN)
		add(out, fn, 'A', RV_ONE, xasprintf(
		    "%s '%s' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name",
		    w, fn->name));
	else if (fn->type == RT_SIGNED && (f & RV_ONE) && (f & RV_NEG) &&
		 !(f & (RV_POS | RV_NONNEG)))
		add(out, fn, 'A', RV_ONE | RV_NEG, xasprintf(
		    "%s '%s' mixes 1 with negative errnos; return 0 for success, never 1",
		    w, fn->name));
}

static void rule_b(struct rc_func *fn, struct rc_findings *out)
{
	/* Documented "0 if ..., non-zero if ...": its negative is one of
	 * the non-zero values its own words promise, and callers test it
	 * against 0. */
	if ((fn->facts & DOC_STATUS) && !(fn->facts & FACT_STATUS_PASSED))
		return;
	if (fn->flags & RV_NEG)
		add(out, fn, 'B', RV_NEG, xasprintf(
		    "%s '%s' returns a negative errno, which reads as true; return a bool, or give it an action's name",
		    what(fn, KIND_PREDICATE), fn->name));
}

/* The order of places: file, then line, then column. */
int place_compare(const char *af, unsigned al, unsigned ac, const char *bf,
		  unsigned bl, unsigned bc)
{
	int c = strcmp(af, bf);

	if (c)
		return c;
	if (al != bl)
		return al < bl ? -1 : 1;
	if (ac != bc)
		return ac < bc ? -1 : 1;
	return 0;
}

static int compare(const void *pa, const void *pb)
{
	const struct rc_finding *a = pa, *b = pb;
	int c = place_compare(a->file, a->line, a->col, b->file, b->line,
			      b->col);

	return c ? c : a->rule - b->rule;
}

void findings_sort(struct rc_findings *out)
{
	if (out->n)
		qsort(out->v, out->n, sizeof(*out->v), compare);
}

static int by_string(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * A function whose address is taken is a callback: it returns what the
 * code that calls it through the pointer expects (qsort's comparator,
 * nftw's walker, a library's 0/1 filter), whatever its name says.
 */
static bool is_callback(const struct rc_result *res, const char *usr)
{
	return res->ntaken && bsearch(&usr, res->taken, res->ntaken,
				      sizeof(*res->taken), by_string);
}

/*
 * A function whose result a callback returns as it is, with no test
 * between its 0 and its 1 on some way to the return, gives the callback's
 * result, and its 1 is the callback's 1; so does one whose result that
 * function returns so, and so on.  ALSA's put callbacks must return 1
 * when the value changed, and the helpers they return (snd_ac97_update(),
 * snd_hda_ch_mode_put()) give that 1.  A callback that tells them apart
 * first on every way ("if (rc) goto out; ... out: return rc;") reads the
 * result by its own failure test, and the helper is still judged by its
 * name (m25p80's sst_write() and wait_till_ready() in Linux 2.6.36).
 */
static void mark_serving(struct rc_result *res)
{
	struct rc_func **idx, **todo;
	size_t i, j, k, ntodo = 0, n = res->nfuncs;

	if (!res->ntaken || !n)
		return;
	idx = funcs_by_usr(res);
	todo = xmalloc(n * sizeof(*todo));
	for (i = 0; i < n; i++) {
		idx[i]->serves = is_callback(res, idx[i]->usr);
		if (idx[i]->serves)
			todo[ntodo++] = idx[i];
	}
	while (ntodo) {
		struct rc_func *fn = todo[--ntodo];

		for (j = 0; j < fn->nrets; j++) {
			const struct rc_return *r = &fn->rets[j];

			for (k = 0; k < r->ncalls; k++) {
				const char *usr = r->calls[k].usr;

				if (!(r->calls[k].sign & SIGN_WHOLE))
					continue;
				for (i = funcs_first(idx, n, usr);
				     i < n && !strcmp(idx[i]->usr, usr); i++) {
					if (idx[i]->serves)
						continue;
					idx[i]->serves = true;
					todo[ntodo++] = idx[i];
				}
			}
		}
	}
	free(todo);
	free(idx);
}

void rules_apply(const struct rc_config *cfg, struct rc_result *res,
		 enum rc_scope min_scope, struct rc_findings *out)
{
	size_t i;

	if (res->ntaken)
		qsort(res->taken, res->ntaken, sizeof(*res->taken), by_string);
	mark_serving(res);
	for (i = 0; i < res->nfuncs; i++) {
		struct rc_func *fn = res->funcs[i];
		enum rc_kind kind;

		if (!fn->report || fn->scope < min_scope ||
		    is_callback(res, fn->usr) || (fn->flags & RV_FOREIGN) ||
		    (fn->facts & FACT_OUTSIDE))
			continue;
		kind = naming_classify(cfg, fn->name);
		if (kind == KIND_ACTION && !fn->serves &&
		    !(fn->suppress & SUPPRESS_A))
			rule_a(fn, out);
		else if (kind == KIND_PREDICATE && !(fn->suppress & SUPPRESS_B))
			rule_b(fn, out);
	}
}

/* "returns 1", "returns a negative errno", ... for the bits in @mask. */
const char *rules_describe_return(const struct rc_func *fn, unsigned flags,
				  unsigned mask)
{
	unsigned f = flags & mask;
	bool b = fn->type == RT_BOOL;

	/* A 1 that comes with 0 or from a comparison says so. */
	if (f & RV_ONE)
		f |= flags & (RV_ZERO | RV_BOOL);

	if ((f & RV_ONE) && (f & RV_NEG))
		return "returns 1 or a negative errno";
	if (f & RV_NEG)
		return b ? "returns a negative errno, converted to true" :
			   "returns a negative errno";
	if ((f & RV_BOOL) && (f & RV_ONE))
		return "returns a boolean";
	if ((f & RV_ONE) && (f & RV_ZERO))
		return b ? "returns true or false" : "returns 0 or 1";
	if (f & RV_ONE)
		return b ? "returns true" : "returns 1";
	if (f & RV_ZERO)
		return b ? "returns false" : "returns 0";
	if (f & RV_PTR)
		return "returns a pointer, converted to bool";
	return b ? "returns a boolean" : "returns a value";
}

void findings_free(struct rc_findings *f)
{
	size_t i, j;

	for (i = 0; i < f->n; i++) {
		for (j = 0; j < f->v[i].nnotes; j++)
			free(f->v[i].notes[j].msg);
		free(f->v[i].notes);
		free(f->v[i].msg);
	}
	free(f->v);
	f->v = NULL;
	f->n = 0;
}
