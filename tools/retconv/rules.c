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
 * Rule B: a predicate returns a boolean.  Its negative errno is harm
 * where it reads as true: always when it is declared bool (the function
 * itself turns the error into true), and for a tri-state declared int (1,
 * 0 or a negative errno) where a caller in the run reads it as a
 * condition before any test of its sign (truth.c's T sites).  Where every
 * caller tests the sign, or none is in the run (a library's public
 * predicate, its contract fixed and documented elsewhere), the tri-state
 * is the contract and only --style reports it: definition rules are
 * advice.  Where rule D reports the read already (a predicate whose
 * positive values are counts, "if (!f())" whose branch fails), D speaks,
 * at the call where the fix is, and B leaves that read out
 * (rules_b_settled()).  A trylock is a predicate by the kernel's
 * convention (1 when it took the lock) and an action by pthread's (0, or
 * an errno): one whose returns are only 0 and negative errnos is judged
 * as the action it is.  An attempt on a lock named before try
 * (rwlock_try_read) is a trylock too (naming.c).
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

/* A T site (truth.c) and the function whose body holds it. */
struct read {
	const char *usr;
	const struct rc_func *caller;
	const struct rc_site *x;
};

struct reads {
	struct read *v;
	size_t n;
	struct rc_func **defs;	/* the run's definitions, by USR */
	size_t ndefs;
};

static int by_read(const void *pa, const void *pb)
{
	const struct read *a = pa, *b = pb;
	int c = strcmp(a->usr, b->usr);

	if (c)
		return c;
	c = strcmp(a->caller->file, b->caller->file);
	if (c)
		return c;
	return a->x->line != b->x->line ? (a->x->line < b->x->line ? -1 : 1) :
	       (int)a->x->col - (int)b->x->col;
}

static void reads_of(struct reads *r, struct rc_func *const *v, size_t n)
{
	size_t i, j;

	for (i = 0; i < n; i++)
		for (j = 0; j < v[i]->nsites; j++) {
			if (v[i]->sites[j].rule != 'T')
				continue;
			r->v = xrealloc(r->v, (r->n + 1) * sizeof(*r->v));
			r->v[r->n++] = (struct read){
				.usr = v[i]->sites[j].usr, .caller = v[i],
				.x = &v[i]->sites[j],
			};
		}
}

/* Whether a call from @file binds to @fn, of the run's definitions of its
 * name: one of the nearest (resolve.c's def_nearness()). */
static bool binds(const struct reads *r, const struct rc_func *fn,
		  const char *file)
{
	unsigned mine = def_nearness(fn->file, file);
	size_t i;

	for (i = funcs_first(r->defs, r->ndefs, fn->usr);
	     i < r->ndefs && !strcmp(r->defs[i]->usr, fn->usr); i++)
		if (def_nearness(r->defs[i]->file, file) > mine)
			return false;
	return true;
}

/* A note at each place a caller reads @fn's result as a condition; how
 * many places. */
static size_t note_reads(const struct reads *r, const struct rc_func *fn,
			 struct rc_finding *f)
{
	struct read key = { .usr = fn->usr };
	size_t lo = 0, hi = r->n, i, n = 0;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;

		if (strcmp(r->v[mid].usr, key.usr) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = lo; i < r->n && !strcmp(r->v[i].usr, fn->usr); i++) {
		const struct rc_site *x = r->v[i].x;
		struct rc_note *note;

		/* One read seen twice (a branch hint's own !) is one. */
		if ((i > lo && !by_read(&r->v[i - 1], &r->v[i])) ||
		    !binds(r, fn, r->v[i].caller->file))
			continue;
		f->notes = xrealloc(f->notes, (f->nnotes + 1) *
				    sizeof(*f->notes));
		note = &f->notes[f->nnotes++];
		note->file = r->v[i].caller->file;
		note->line = x->line;
		note->col = x->col;
		note->msg = *x->holder ? xasprintf(
		    "'%s', holding its result, is read as true or false here, with no test of its sign: a negative errno reads as true",
		    x->holder) : xstrdup(
		    "its result is read as true or false here, with no test of its sign: a negative errno reads as true");
		n++;
	}
	return n;
}

static char *tristate_advice(const struct rc_func *fn)
{
	return xasprintf(
	    "%s '%s' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name",
	    what(fn, KIND_PREDICATE), fn->name);
}

/*
 * A predicate's negative errno is harm where it reads as true.  Declared
 * bool (or any type without a sign), the function itself turns it into
 * true: no caller can see the error, and it is reported always.  Declared
 * a signed int, it is a tri-state (1, 0 or a negative errno) whose
 * callers must test the sign first: reported where a caller in the run
 * reads it as a condition before any such test (truth.c), with a note at
 * each such read; where every caller tests the sign, or none is in the
 * run (a library's public predicate), the tri-state is its contract, and
 * only --style reports it, as advice on the name.  One that never returns
 * 1, only 0 and negative errnos, is a status under a question's name
 * ("0 if the id is valid"): "if (rc)" tests it for a failure, rightly,
 * and only the name is at fault, which is --style's advice too.
 */
static void rule_b(const struct rc_config *cfg, const struct reads *r,
		   struct rc_func *fn, struct rc_findings *out)
{
	struct rc_finding f = {
		.fn = fn, .rule = 'B', .notemask = RV_NEG,
		.file = fn->file, .line = fn->line, .col = fn->col,
	};
	const char *w = what(fn, KIND_PREDICATE);

	/* Documented "0 if ..., non-zero if ...": its negative is one of
	 * the non-zero values its own words promise, and callers test it
	 * against 0. */
	if ((fn->facts & DOC_STATUS) && !(fn->facts & FACT_STATUS_PASSED))
		return;
	if (!(fn->flags & RV_NEG))
		return;
	if (fn->type != RT_SIGNED)
		f.msg = xasprintf(
		    "%s '%s' returns a negative errno, which reads as true; return a bool, or give it an action's name",
		    w, fn->name);
	else if (resolve_class(fn) != RC_ERRNO && note_reads(r, fn, &f))
		f.msg = xasprintf(
		    "%s '%s' returns a negative errno beside its answer, and a caller reads the result as true or false, so the error reads as true; test its sign there, or return a bool",
		    w, fn->name);
	else if (cfg->style)
		f.msg = tristate_advice(fn);
	else
		return;
	findings_add(out, &f);
}

/*
 * A call rule D reports already ("if (!has_items(d)) return -EINVAL;"
 * where the callee's positive values are counts): D speaks there, at the
 * call, where the fix is, and rule B's note at that read goes.  A finding
 * with no read left is the tri-state advice of --style, or nothing.
 */
void rules_b_settled(const struct rc_config *cfg, struct rc_findings *out,
		     const struct rc_func *def, const char *file,
		     unsigned line)
{
	size_t i, j, n;

	for (i = 0; i < out->n; i++) {
		struct rc_finding *f = &out->v[i];

		if (f->rule != 'B' || f->fn != def || !f->nnotes)
			continue;
		for (j = n = 0; j < f->nnotes; j++) {
			if (f->notes[j].line == line &&
			    !strcmp(f->notes[j].file, file))
				free(f->notes[j].msg);
			else
				f->notes[n++] = f->notes[j];
		}
		f->nnotes = n;
		if (n)
			return;
		free(f->msg);
		if (cfg->style) {
			f->msg = tristate_advice(def);
			return;
		}
		free(f->notes);
		memmove(f, f + 1, (out->n - i - 1) * sizeof(*f));
		out->n--;
		return;
	}
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
 * A program's main(): what it returns is the exit status the system hands
 * the parent (0 for success, 1 for EXIT_FAILURE), read by a shell, not by
 * a caller of the kernel's convention.  It serves as a callback does: the
 * 1 of an action it returns as it is ("return ping_run(...);") is an exit
 * status's failure, not a boolean's truth (mark_exit_status()).
 */
static bool is_entry(const struct rc_func *fn)
{
	return fn->scope != SCOPE_STATIC && !strcmp(fn->name, "main");
}

/*
 * Spread serves from the @ntodo functions of @todo down the returns that
 * pass a call's result on as it is: each callee so returned serves too,
 * and so on.  A return with a flag of @own gives a value of its own there
 * and passes nothing on.  @seen marks the functions already reached;
 * @idx holds the run's definitions by USR.
 */
static void spread_serving(struct rc_func **idx, size_t n,
			   struct rc_func **todo, size_t ntodo, bool *seen,
			   unsigned own)
{
	size_t i, j, k;

	while (ntodo) {
		const struct rc_func *fn = todo[--ntodo];

		for (j = 0; j < fn->nrets; j++) {
			const struct rc_return *r = &fn->rets[j];

			if (r->flags & own)
				continue;
			for (k = 0; k < r->ncalls; k++) {
				const char *usr = r->calls[k].usr;

				if (!(r->calls[k].sign & SIGN_WHOLE))
					continue;
				for (i = funcs_first(idx, n, usr);
				     i < n && !strcmp(idx[i]->usr, usr); i++) {
					if (seen[i])
						continue;
					seen[i] = true;
					idx[i]->serves = true;
					todo[ntodo++] = idx[i];
				}
			}
		}
	}
}

/*
 * Mark what gives main()'s exit status: an action whose result a return
 * of main() passes on as it is, with no value of main's own there but 0
 * (its success; "return ping_run(argc, argv);", or a variable that holds
 * one of several runs' results, or an unset value where no run was
 * tried), and so on down such returns.  A status main() builds beside
 * failure codes of its own ("ret = 1; ... ret |= close_logfile(); return
 * ret;") is main's; the helpers that feed it are still judged by their
 * names.
 */
static void mark_exit_status(struct rc_func **idx, size_t n)
{
	const unsigned own = RV_ONE | RV_POS | RV_NEG | RV_NONNEG | RV_BOOL |
			     RV_PTR;
	struct rc_func **todo = xmalloc(n * sizeof(*todo));
	bool *seen = xmalloc(n * sizeof(*seen));
	size_t i, ntodo = 0;

	for (i = 0; i < n; i++) {
		seen[i] = is_entry(idx[i]);
		if (seen[i])
			todo[ntodo++] = idx[i];
	}
	spread_serving(idx, n, todo, ntodo, seen, own);
	free(seen);
	free(todo);
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
	size_t i, ntodo = 0, n = res->nfuncs;
	bool *seen;

	if (!n)
		return;
	idx = funcs_by_usr(res);
	todo = xmalloc(n * sizeof(*todo));
	for (i = 0; i < n; i++) {
		idx[i]->serves = is_callback(res, idx[i]->usr);
		if (idx[i]->serves)
			todo[ntodo++] = idx[i];
	}
	mark_exit_status(idx, n);
	seen = xmalloc(n * sizeof(*seen));
	for (i = 0; i < n; i++)
		seen[i] = idx[i]->serves;
	spread_serving(idx, n, todo, ntodo, seen, 0);
	free(seen);
	free(todo);
	free(idx);
}

/*
 * A test's stand-in for a function of the program (a definition in a
 * folder of tests, of a name the run also defines outside one) returns
 * what its test needs, under the real function's contract: the
 * definition rules judge the real one.
 */
static bool stub(const struct reads *r, const struct rc_func *fn)
{
	size_t i;

	if (!in_test_folder(fn->file))
		return false;
	for (i = funcs_first(r->defs, r->ndefs, fn->usr);
	     i < r->ndefs && !strcmp(r->defs[i]->usr, fn->usr); i++)
		if (!in_test_folder(r->defs[i]->file))
			return true;
	return false;
}

/*
 * Whether another definition of @fn's name (another file's, one per
 * platform or port, or another configuration's reading of the same one)
 * returns a value that is neither 0, 1 nor negative: a descriptor, an
 * index, a count.  One function has one contract, and it is that value's:
 * the stand-in that returns -1 or 0 where the feature is missing
 * (system-dummy.c beside system-linux.c) keeps the real one's contract,
 * as a stand-in for an outside library's function does (FACT_STANDIN).
 * Only a stand-in's shape counts: returns of constants alone.  A
 * definition that computes its result (elogind's sd-varlink.c beside
 * sd-varlink-stub.c) is the real one, judged by its own returns.
 */
static bool other_returns_value(const struct reads *r,
				struct rc_func *const *alts, size_t nalts,
				const struct rc_func *fn)
{
	const unsigned value = RV_POS | RV_NONNEG | RV_UNKNOWN | RV_PTR;
	size_t i;

	if (fn->scope == SCOPE_STATIC)
		return false;
	/* A stand-in computes nothing: it returns constants alone. */
	for (i = 0; i < fn->nrets; i++)
		if (fn->rets[i].ncalls)
			return false;
	for (i = funcs_first(r->defs, r->ndefs, fn->usr);
	     i < r->ndefs && !strcmp(r->defs[i]->usr, fn->usr); i++)
		if (r->defs[i] != fn && r->defs[i]->type == RT_SIGNED &&
		    (r->defs[i]->flags & value))
			return true;
	for (i = funcs_first(alts, nalts, fn->usr);
	     i < nalts && !strcmp(alts[i]->usr, fn->usr); i++)
		if (alts[i]->type == RT_SIGNED && (alts[i]->flags & value))
			return true;
	return false;
}

void rules_apply(const struct rc_config *cfg, struct rc_result *res,
		 enum rc_scope min_scope, struct rc_findings *out)
{
	struct reads r = { .v = NULL };
	struct rc_func **alts;
	size_t i, nalts;

	if (res->ntaken)
		qsort(res->taken, res->ntaken, sizeof(*res->taken), by_string);
	mark_serving(res);
	reads_of(&r, res->funcs, res->nfuncs);
	reads_of(&r, res->alts, res->nalts);
	if (r.n)
		qsort(r.v, r.n, sizeof(*r.v), by_read);
	r.defs = funcs_by_usr(res);
	r.ndefs = res->nfuncs;
	alts = alts_by_usr(res, &nalts);
	for (i = 0; i < res->nfuncs; i++) {
		struct rc_func *fn = res->funcs[i];
		enum rc_kind kind;

		if (!fn->report || fn->scope < min_scope ||
		    is_callback(res, fn->usr) || (fn->flags & RV_FOREIGN) ||
		    (fn->facts & FACT_OUTSIDE) || stub(&r, fn))
			continue;
		kind = naming_classify(cfg, fn->name);
		/* A trylock by pthread's convention: 0 when it took the
		 * lock, an errno when not, as any action. */
		if (kind == KIND_PREDICATE && naming_trylock(fn->name) &&
		    resolve_class(fn) == RC_ERRNO)
			kind = KIND_ACTION;
		if (kind == KIND_ACTION && !fn->serves &&
		    !(fn->suppress & SUPPRESS_A)) {
			if (!other_returns_value(&r, alts, nalts, fn))
				rule_a(fn, out);
		} else if (kind == KIND_PREDICATE && !(fn->suppress & SUPPRESS_B))
			rule_b(cfg, &r, fn, out);
	}
	free(r.v);
	free(r.defs);
	free(alts);
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
