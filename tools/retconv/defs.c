// SPDX-License-Identifier: MIT
/*
 * What the whole run says of its definitions, before and after rules A, B.
 *
 * Names are read word by word (naming.c), but a run knows more than a
 * name.  Before the rules, defs_learn() settles the kind of a name when
 * the definition says it better:
 *
 *   - a declared status enumeration (ucs_status_t, whose 0 is UCS_OK)
 *     makes an action: the type says the result is a status;
 *   - its documentation (contract.c): 0 or a negative errno makes an
 *     action, a boolean a predicate, a 1/0/-errno tri-state, a value
 *     with errors or a 1 documented as success neither (a contract of
 *     its own, not a mix);
 *   - a parameter the name asks the place of (addr_in_range(addr, ..))
 *     makes a predicate, a question of where, unless the words command
 *     and the function returns no bool (insert_addr_in_table acts);
 *   - a setter (last word = a bool parameter's name) is an action, or
 *     neither when it returns bool (the old value, or success);
 *   - the first words of a name that spell the type its first parameter
 *     points to are a noun, its receiver, even when one of them is a
 *     predicate word (can_frame_valid(struct can_frame *) does not ask
 *     whether it can frame): the words after them are read alone;
 *   - an action whose status goes out through a pointer parameter
 *     named for it (int *out_rc, int *status) returns something else:
 *     neither (a predicate's result is still its answer);
 *   - a predicate whose answer goes out through a pointer parameter
 *     named for it or for an output (name_is_valid(int *valid, ...),
 *     is_ignored(bool *out, ...)) and that returns negative values
 *     returns the call's status: an action (one that returns only 0
 *     and 1 still answers by its result: is_integer(int *out, s));
 *   - a bool function whose last word names a kind of the value it
 *     takes (bool send_state(int state)) asks of which kind it is: a
 *     predicate;
 *   - a name that inspects (flash_check, check_ready: naming.c) is a
 *     predicate when it returns a boolean, an action when it returns 0
 *     or a negative errno, and neither otherwise;
 *   - an action whose callers add its result up ("n += f()") returns a
 *     count, and is neither;
 *   - an action that returns 1 beside negative values, whose callers
 *     ask for a positive result ("res > 0", "== 1"), has a tri-state
 *     status its callers know, and is neither;
 *
 * A pass-through wrapper with no documentation takes its callee's, and a
 * function documented as a non-zero status ("0, or non-zero on failure")
 * passes that contract down to the undocumented functions whose results
 * it returns.  And
 * a predicate word that begins the names of functions returning void
 * or a pointer (the CAN bus's can_, a device id's did_) is a noun in this
 * run: a predicate returns neither.  The kinds go into the configuration,
 * so that the call-site rules read them too.
 *
 * What the run settled never makes a definition finding of a name whose
 * words say neither (bignum_cmp(), documented by mistake as returning 0
 * or -1, compares): it may take one away, and it tells callers' rules
 * what the callee returns.
 *
 * After rule A and B, defs_filter() keeps a pass-through wrapper's finding
 * only where its callee has none (it is reported once, at the callee,
 * also when clang met an error in the wrapper),
 * and applies the house style: where more than half of the run's actions
 * with a known class (and at least HOUSE_MIN of them) return bool or only
 * 0 and 1, that is how the project reports success, and rule A's
 * findings of such actions are the project's style rather than its bugs:
 * one line says so, and they are reported only with --style.
 *
 * The file stays whole just past 800 lines: what settles a kind before
 * the rules and what filters their findings after read the same facts of
 * the same definitions, in one table of the run's functions.
 */
#include <stdlib.h>
#include <string.h>

#include "retconv.h"

#define HOUSE_MIN 10

static int by_string(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int by_name(const void *a, const void *b)
{
	const struct rc_named *x = a, *y = b;

	return strcmp(x->name, y->name);
}

struct tally {
	char word[32];
	size_t all, nouns;
};

/* Predicate words that start names of functions no predicate could be. */
static void learn_nouns(struct rc_config *cfg, const struct rc_result *res)
{
	struct tally *t = NULL;
	size_t i, j, n = 0;
	char w[32];

	for (i = 0; i < res->nfuncs; i++) {
		const struct rc_func *fn = res->funcs[i];

		naming_first_word(cfg, fn->name, w, sizeof(w));
		if (!words_has(&cfg->preds, w))
			continue;
		for (j = 0; j < n && strcmp(t[j].word, w); j++)
			;
		if (j == n) {
			t = xrealloc(t, (n + 1) * sizeof(*t));
			memset(&t[n], 0, sizeof(*t));
			strcpy(t[n++].word, w);
		}
		t[j].all++;
		if (fn->type == RT_VOID || fn->type == RT_POINTER ||
		    fn->type == RT_OTHER)
			t[j].nouns++;
	}
	for (j = 0; j < n; j++)
		if (t[j].nouns >= 2 && 3 * t[j].nouns >= t[j].all)
			words_push(&cfg->prefixes, t[j].word);
	free(t);
}

/* An inspection's kind, by what it returns: an answer or a status. */
static int by_result(const struct rc_func *fn)
{
	switch (resolve_class(fn)) {
	case RC_BOOLEAN:
		return KIND_PREDICATE;
	case RC_ERRNO:
		return KIND_ACTION;
	default:
		return -1;
	}
}

/* A call site that is true only for a positive result: "ret > 0",
 * "ret == 1", "case 1:"; or that tells 1 from 0 the other way round,
 * "ret != 1" (true for every 0, never for 1: "if (ret != 1) log the
 * failure" after "if (ret != 0) return ret;" knows 1 for "try again"). */
static bool asks_positive(const struct rc_site *x)
{
	unsigned may = SITE_MAY_OF(x->form), all = SITE_ALL_OF(x->form);

	if (x->rule != 'C' || !(x->form & SITE_SHAPE))
		return false;
	if (x->form & SITE_NE)
		return (all & SIGN_ZERO) && !(may & SIGN_ONE);
	return may && !(may & ~SIGN_POS);
}

/* A use: a caller that, its negative values handled above, tells the
 * callee's 0 from its positive values in a test that handles no error
 * ("if (err < 0) goto fail; if (err == 0) continue;"). */
static bool tells_zero(const struct rc_site *x)
{
	return x->rule == 'U';
}

/* The USRs of callees some call site asks for a positive result. */
static char **told_apart(const struct rc_result *res, size_t *n)
{
	char **v = NULL;
	size_t i, j;

	*n = 0;
	for (i = 0; i < res->nfuncs; i++)
		for (j = 0; j < res->funcs[i]->nsites; j++) {
			if (!asks_positive(&res->funcs[i]->sites[j]) &&
			    !tells_zero(&res->funcs[i]->sites[j]))
				continue;
			v = xrealloc(v, (*n + 1) * sizeof(*v));
			v[(*n)++] = res->funcs[i]->sites[j].usr;
		}
	if (*n)
		qsort(v, *n, sizeof(*v), by_string);
	return v;
}

static bool among_usrs(char *const *v, size_t n, const char *usr)
{
	return n && bsearch(&usr, v, n, sizeof(*v), by_string);
}

static bool is_wrapper(const struct rc_func *fn);

/* A pass-through wrapper of callees whose 1 their callers tell apart
 * gives that 1 as it is: its own is told apart too, so that it is not
 * reported in its callee's place. */
static char **told_wrappers(const struct rc_result *res, char **v, size_t *n)
{
	size_t i, j, round, was = 0;

	for (round = 0; round < 4 && *n != was; round++) {
		was = *n;
		for (i = 0; i < res->nfuncs; i++) {
			const struct rc_func *fn = res->funcs[i];

			if (among_usrs(v, was, fn->usr) || !is_wrapper(fn))
				continue;
			for (j = 0; j < fn->nrets; j++)
				if (fn->rets[j].ncalls &&
				    !among_usrs(v, was, fn->rets[j].calls[0].usr))
					break;
			if (j < fn->nrets)
				continue;
			v = xrealloc(v, (*n + 1) * sizeof(*v));
			v[(*n)++] = fn->usr;
		}
		if (*n)
			qsort(v, *n, sizeof(*v), by_string);
	}
	return v;
}

/*
 * An action that returns 1 beside negative values, whose callers ask
 * for its positive result ("if (res > 0)", "== 1"), has a status of its
 * own that they know (1 for "queued, more to do", -1 and 0 besides): a
 * tri-state by its use, as a documented one is by its words, not a
 * success code mixed with errnos.
 */
static bool tristate_by_use(const struct rc_func *fn, char *const *told,
			    size_t ntold)
{
	return (fn->flags & RV_NEG) && (fn->flags & (RV_ONE | RV_POS)) &&
	       among_usrs(told, ntold, fn->usr);
}

/*
 * A name that reads as a predicate only for a state its function can put
 * its object in, or a match it can find (mmc_go_idle, mark_disabled,
 * status_ready, dedupe_match: naming.c), whose definition returns only 0
 * and negative errnos, is an action in the 0/-errno convention: it brings
 * the state about, or finds the match, and says how that went; it never
 * answers yes.  A bool keeps its name's question, and so does one that
 * can return anything else, or a state only ever observed (buffer_full).
 */
static bool names_state_only(const struct rc_config *cfg,
			     const struct rc_func *fn, int kind)
{
	const unsigned yes = RV_ONE | RV_POS | RV_NONNEG | RV_PTR | RV_BOOL |
			     RV_FOREIGN;
	size_t i;

	if (kind < 0)
		kind = naming_classify_words(cfg, fn->name);
	if (kind != KIND_PREDICATE || fn->type != RT_SIGNED ||
	    (fn->flags & yes) || !(fn->flags & RV_ZERO) ||
	    !(fn->flags & RV_NEG) || !naming_made_state(cfg, fn->name))
		return false;
	/* A value nothing bounds only as another call's result, passed on
	 * ("return close_safe(&fd);"), not a mask or a field of its own. */
	for (i = 0; i < fn->nrets; i++)
		if ((fn->rets[i].flags & RV_UNKNOWN) && !fn->rets[i].ncalls)
			return false;
	return true;
}

/*
 * A made state (naming.c) whose function gives back a value it was
 * handed or read, nothing bounds it, or a negative failure, and no 0 or
 * 1 of its own (VTCP_connected(s) finishes the connect and returns s or
 * -1), brings the state about and returns the thing: a value with its
 * error, neither a question nor a status.
 */
static bool made_state_value(const struct rc_config *cfg,
			     const struct rc_func *fn, int kind)
{
	const unsigned own = RV_ZERO | RV_ONE | RV_POS | RV_BOOL | RV_PTR;

	if (kind < 0)
		kind = naming_classify_words(cfg, fn->name);
	return kind == KIND_PREDICATE && fn->type == RT_SIGNED &&
	       (fn->flags & RV_NEG) && (fn->flags & RV_UNKNOWN) &&
	       !(fn->flags & own) && naming_made_state(cfg, fn->name);
}

/*
 * A switch's state last after a verb and its object reads both ways: an
 * action on the object so switched (handle_port_link_enabled), or
 * whether the verb's feature is on (iface_flush_rkey_enabled).  A body
 * that only ever computes a truth (return a && b;), with no constant of
 * success or failure and no other call's result, answers: a predicate.
 */
static bool switch_computed(const struct rc_config *cfg,
			    const struct rc_func *fn, int kind)
{
	size_t i;

	if (kind < 0)
		kind = naming_classify_words(cfg, fn->name);
	if (kind != KIND_ACTION || !naming_switch_last(fn->name) ||
	    (fn->type != RT_SIGNED && fn->type != RT_BOOL) || !fn->nrets)
		return false;
	for (i = 0; i < fn->nrets; i++)
		if (fn->rets[i].ncalls || !(fn->rets[i].flags & RV_BOOL) ||
		    (fn->rets[i].flags & ~(RV_BOOL | RV_ZERO | RV_ONE)))
			return false;
	return true;
}

/* The kind @fn's own definition settles, or -1. */
static int settled(const struct rc_config *cfg, const struct rc_func *fn,
		   char *const *counted, size_t ncounted, char *const *told,
		   size_t ntold)
{
	unsigned receiver = (fn->facts & FACT_RECEIVER_MASK) >>
			    FACT_RECEIVER_SHIFT;
	int kind = receiver ? naming_classify_after(cfg, fn->name, receiver) :
			      -1;

	if (fn->facts & FACT_STATUS_TYPE)
		return KIND_ACTION;
	if (fn->facts & DOC_ERRNO)
		return KIND_ACTION;
	if (fn->facts & DOC_BOOL)
		return KIND_PREDICATE;
	if (fn->facts & (DOC_TRISTATE | DOC_VALUE | DOC_SUCCESS |
			 FACT_STATES_TYPE))
		return KIND_NEITHER;
	if ((fn->facts & FACT_PLACE_SUBJECT) &&
	    (fn->type == RT_BOOL ||
	     naming_classify_words(cfg, fn->name) != KIND_ACTION))
		return KIND_PREDICATE;
	if (fn->facts & FACT_SETTER)
		return fn->type == RT_BOOL ? KIND_NEITHER : KIND_ACTION;
	/* "return p->member;" alone: a state read, nothing that can fail
	 * (contract.c's reads_member()), whatever its last word. */
	if (fn->accessor && naming_classify_words(cfg, fn->name) == KIND_ACTION)
		return KIND_NEITHER;
	if ((fn->facts & FACT_OUT_STATUS) &&
	    naming_classify_words(cfg, fn->name) == KIND_ACTION)
		return KIND_NEITHER;
	if ((fn->facts & FACT_OUT_ANSWER) && fn->type == RT_SIGNED &&
	    (fn->flags & RV_NEG) &&
	    naming_classify_words(cfg, fn->name) == KIND_PREDICATE)
		return KIND_ACTION;
	if (fn->facts & FACT_CLASSIFIER)
		return KIND_PREDICATE;
	if (names_state_only(cfg, fn, kind))
		return KIND_ACTION;
	if (made_state_value(cfg, fn, kind))
		return KIND_NEITHER;
	if (switch_computed(cfg, fn, kind))
		return KIND_PREDICATE;
	if (kind >= 0)
		return kind;
	if (naming_inspects(cfg, fn->name))
		return by_result(fn);
	if ((among_usrs(counted, ncounted, fn->usr) ||
	     tristate_by_use(fn, told, ntold)) &&
	    naming_classify(cfg, fn->name) == KIND_ACTION)
		return KIND_NEITHER;
	return -1;
}

/* The documented class of every definition of @usr, if they agree. */
static unsigned doc_of(struct rc_func **idx, size_t n, const char *usr)
{
	size_t i = funcs_first(idx, n, usr);
	unsigned doc = i < n ? idx[i]->facts & DOC_MASK : 0;

	for (; i < n && !strcmp(idx[i]->usr, usr); i++)
		if ((idx[i]->facts & DOC_MASK) != doc)
			return 0;
	return doc;
}

/* The documented class of the function @fn's documentation names as its
 * model ("Same as foo(), but ..."), if it is defined with external
 * linkage. */
static unsigned like_doc(struct rc_func **idx, size_t n,
			 const struct rc_func *fn)
{
	char usr[256];

	if (!fn->like ||
	    snprintf(usr, sizeof(usr), "c:@F@%s", fn->like) >= (int)sizeof(usr))
		return 0;
	return doc_of(idx, n, usr);
}

/*
 * A pass-through wrapper with no documentation of its own returns what its
 * callee documents (a library's public name for an internal function),
 * through a few wrappers at most; so does a variant whose documentation
 * says only that it is the same as another.
 */
static void inherit_docs(struct rc_result *res)
{
	struct rc_func **idx = funcs_by_usr(res);
	size_t i, j, round;
	bool grew = true;

	for (round = 0; round < 4 && grew; round++) {
		grew = false;
		for (i = 0; i < res->nfuncs; i++) {
			struct rc_func *fn = res->funcs[i];
			unsigned doc = 0, d;

			if (fn->facts & DOC_MASK)
				continue;
			doc = like_doc(idx, res->nfuncs, fn);
			if (doc) {
				fn->facts |= doc;
				grew = true;
				continue;
			}
			if (!is_wrapper(fn))
				continue;
			for (j = 0; j < fn->nrets; j++) {
				if (!fn->rets[j].ncalls)
					continue;	/* recovery_mark() */
				d = doc_of(idx, res->nfuncs,
					   fn->rets[j].calls[0].usr);
				if (!d || (doc && d != doc))
					break;
				doc = d;
			}
			if (j == fn->nrets && doc) {
				fn->facts |= doc;
				grew = true;
			}
		}
	}
	free(idx);
}

/* Every undocumented definition of @usr becomes a non-zero status. */
static bool take_status(struct rc_func **idx, size_t n, const char *usr)
{
	size_t i = funcs_first(idx, n, usr);
	bool took = false;

	for (; i < n && !strcmp(idx[i]->usr, usr); i++) {
		if (idx[i]->facts & (DOC_MASK | DOC_STATUS))
			continue;
		idx[i]->facts |= DOC_STATUS | FACT_STATUS_PASSED;
		took = true;
	}
	return took;
}

/* The callees whose results @fn returns (not negated) take its status;
 * true if any did. */
static bool pass_from(struct rc_func **idx, size_t n, const struct rc_func *fn)
{
	bool grew = false;
	size_t j, k;

	if (!(fn->facts & DOC_STATUS))
		return false;
	for (j = 0; j < fn->nrets; j++)
		for (k = 0; k < fn->rets[j].ncalls; k++)
			if (!(fn->rets[j].calls[k].sign & SIGN_NEGATED))
				grew |= take_status(idx, n,
						    fn->rets[j].calls[k].usr);
	return grew;
}

/*
 * What a function documented as a non-zero status returns as its result
 * is a status too: the undocumented functions whose results it passes on
 * (a library's internals behind its public name) are bound by the same
 * contract, through a few levels at most.
 */
static void pass_status_down(struct rc_result *res)
{
	struct rc_func **idx = funcs_by_usr(res);
	size_t i, round;
	bool grew = true;

	for (round = 0; round < 4 && grew; round++) {
		grew = false;
		for (i = 0; i < res->nfuncs; i++)
			grew |= pass_from(idx, res->nfuncs, res->funcs[i]);
	}
	free(idx);
}

/* Whether every definition of @usr has all of @facts. */
static bool all_have(struct rc_func **idx, size_t n, const char *usr,
		     unsigned facts)
{
	size_t i = funcs_first(idx, n, usr);

	if (i == n)
		return false;
	for (; i < n && !strcmp(idx[i]->usr, usr); i++)
		if ((idx[i]->facts & facts) != facts)
			return false;
	return true;
}

/*
 * Whether each return of @fn is 0, a positive constant (an error code of
 * the project's own: BOOT_EFLASH) or the result, as it is, of a function
 * documented as a non-zero status, and one is.
 */
static bool passes_status(struct rc_func **idx, size_t n,
			  const struct rc_func *fn)
{
	size_t i, k, passed = 0;

	for (i = 0; i < fn->nrets; i++) {
		const struct rc_return *r = &fn->rets[i];

		if (r->flags & ~(RV_ZERO | RV_ONE | RV_POS | RV_CODE |
				 RV_OKCODE))
			return false;
		for (k = 0; k < r->ncalls; k++) {
			unsigned sign = r->calls[k].sign;

			if ((sign & SIGN_ALL) == SIGN_ZERO)
				continue;	/* only its 0 gets here */
			if (!(sign & SIGN_WHOLE) ||
			    !all_have(idx, n, r->calls[k].usr, DOC_STATUS) ||
			    funcs_any_fact(idx, n, r->calls[k].usr,
					   FACT_STATUS_PASSED))
				return false;
			passed++;
		}
	}
	return passed > 0;
}

/*
 * An undocumented function that passes on a documented "0, or non-zero
 * on failure" as its own result, and otherwise returns 0 or positive
 * codes, keeps the same contract: its callers test for non-zero, and an
 * error of either sign is a failure they see (a wrapper that opens what
 * the documented call writes, and returns a code of its own when the
 * open fails).  It holds the contract by its own returns then, also
 * where a documented caller passed it down already.
 */
static void spread_status(struct rc_result *res)
{
	struct rc_func **idx = funcs_by_usr(res);
	size_t i, round;
	bool grew = true;

	for (round = 0; round < 4 && grew; round++) {
		grew = false;
		for (i = 0; i < res->nfuncs; i++) {
			struct rc_func *fn = res->funcs[i];

			if ((fn->facts & DOC_MASK) ||
			    ((fn->facts & DOC_STATUS) &&
			     !(fn->facts & FACT_STATUS_PASSED)) ||
			    !passes_status(idx, res->nfuncs, fn))
				continue;
			fn->facts = (fn->facts | DOC_STATUS) &
				    ~FACT_STATUS_PASSED;
			grew = true;
		}
	}
	free(idx);
}

/*
 * A function documented as a 1/0/negative tri-state that returns another's
 * result as it is, with no test between its 0 and its 1, gives that
 * function's 1 as its own: the undocumented callee that returns 1 beside
 * negative values has the same contract (check_mounted(), documented,
 * returns check_mounted_where()'s result).  One that returns only 0 and
 * 1 is the tri-state's yes and no, and keeps its own reading (its kind
 * goes to every function of its name).
 */
static void pass_tristate_down(struct rc_result *res)
{
	struct rc_func **idx = funcs_by_usr(res);
	size_t i, j, k, m, n = res->nfuncs;

	for (i = 0; i < n; i++) {
		const struct rc_func *fn = res->funcs[i];

		for (j = 0; (fn->facts & DOC_TRISTATE) && j < fn->nrets; j++)
			for (k = 0; k < fn->rets[j].ncalls; k++) {
				const struct rc_call *c = &fn->rets[j].calls[k];

				if (!(c->sign & SIGN_WHOLE))
					continue;
				for (m = funcs_first(idx, n, c->usr);
				     m < n && !strcmp(idx[m]->usr, c->usr); m++)
					if (!(idx[m]->facts &
					      (DOC_MASK | DOC_STATUS)) &&
					    (idx[m]->flags & RV_ONE) &&
					    (idx[m]->flags & RV_NEG))
						idx[m]->facts |= DOC_TRISTATE;
			}
	}
	free(idx);
}

/*
 * A function documented as 0 or a negative errno that returns another's
 * result as it is gives that result as its own: an undocumented callee
 * that returns only 0 and negative values has the same contract, whatever
 * its name asks (a public crypt_token_is_assigned(), documented "0 if
 * assigned, -ENOENT if not", returns an internal ..._is_assigned()'s
 * result), through a few levels at most.
 */
static void pass_errno_down(struct rc_result *res)
{
	struct rc_func **idx = funcs_by_usr(res);
	size_t i, j, k, m, n = res->nfuncs, round;
	bool grew = true;

	for (round = 0; round < 4 && grew; round++) {
		grew = false;
		for (i = 0; i < n; i++) {
			const struct rc_func *fn = res->funcs[i];

			if (!(fn->facts & DOC_ERRNO))
				continue;
			for (j = 0; j < fn->nrets; j++)
				for (k = 0; k < fn->rets[j].ncalls; k++) {
					const struct rc_call *c =
						&fn->rets[j].calls[k];

					if (!(c->sign & SIGN_WHOLE))
						continue;
					for (m = funcs_first(idx, n, c->usr);
					     m < n &&
					     !strcmp(idx[m]->usr, c->usr); m++) {
						struct rc_func *d = idx[m];

						if ((d->facts &
						     (DOC_MASK | DOC_STATUS)) ||
						    resolve_class(d) != RC_ERRNO)
							continue;
						d->facts |= DOC_ERRNO;
						grew = true;
					}
				}
		}
	}
	free(idx);
}

/* Sorted, one per name; two definitions that disagree give neither. */
static void learned_settle(struct rc_config *cfg)
{
	size_t i, n = 0;

	if (!cfg->nlearned)
		return;
	qsort(cfg->learned, cfg->nlearned, sizeof(*cfg->learned), by_name);
	for (i = 0; i < cfg->nlearned; i++) {
		struct rc_named *x = &cfg->learned[i];

		if (n && !strcmp(cfg->learned[n - 1].name, x->name)) {
			if (cfg->learned[n - 1].kind != x->kind)
				cfg->learned[n - 1].kind = KIND_NEITHER;
			free(x->name);
			continue;
		}
		cfg->learned[n++] = *x;
	}
	cfg->nlearned = n;
}

void defs_learn(struct rc_config *cfg, struct rc_result *res)
{
	char **counted = NULL, **told;
	size_t i, j, ncounted = 0, ntold;
	struct rc_named *v = NULL;
	size_t n = 0;

	learn_nouns(cfg, res);
	inherit_docs(res);
	pass_status_down(res);
	spread_status(res);
	pass_tristate_down(res);
	pass_errno_down(res);
	for (i = 0; i < res->nfuncs; i++)
		for (j = 0; j < res->funcs[i]->ncounted; j++) {
			counted = xrealloc(counted, (ncounted + 1) *
					   sizeof(*counted));
			counted[ncounted++] = res->funcs[i]->counted[j];
		}
	if (ncounted)
		qsort(counted, ncounted, sizeof(*counted), by_string);
	told = told_apart(res, &ntold);
	told = told_wrappers(res, told, &ntold);
	for (i = 0; i < res->nfuncs; i++) {
		const struct rc_func *fn = res->funcs[i];
		int kind = settled(cfg, fn, counted, ncounted, told, ntold);

		if (kind < 0)
			continue;
		v = xrealloc(v, (n + 1) * sizeof(*v));
		v[n].name = xstrdup(fn->name);
		v[n++].kind = (enum rc_kind)kind;
	}
	free(counted);
	free(told);
	cfg->learned = v;
	cfg->nlearned = n;
	learned_settle(cfg);
}

/*
 * The unknown return the worker adds, at the name, to a function clang
 * met an error in (worker.c): it says statements may be lost, and a
 * wrapper whose header is missing ("return __f(tb, fs, NULL);" with an
 * argument of a type the header declares) is one still.
 */
static bool recovery_mark(const struct rc_func *fn, const struct rc_return *r)
{
	return r->line == fn->line && r->col == fn->col &&
	       r->flags == RV_UNKNOWN && !r->ncalls;
}

/* A pass-through wrapper: each of its returns is one call, as it is. */
static bool is_wrapper(const struct rc_func *fn)
{
	size_t i, calls = 0;

	for (i = 0; i < fn->nrets; i++) {
		const struct rc_return *r = &fn->rets[i];

		if (recovery_mark(fn, r))
			continue;
		if (r->flags || r->ncalls != 1 ||
		    !(r->calls[0].sign & SIGN_WHOLE))
			return false;
		calls++;
	}
	return calls > 0;
}

/* Each wrapper's callees all have a finding of the same rule. */
static bool callees_found(const struct rc_func *fn, char rule,
			  const struct rc_findings *found)
{
	size_t i, j;

	for (i = 0; i < fn->nrets; i++) {
		const char *usr;

		if (!fn->rets[i].ncalls)
			continue;	/* recovery_mark() */
		usr = fn->rets[i].calls[0].usr;
		for (j = 0; j < found->n; j++)
			if (found->v[j].rule == rule &&
			    found->v[j].fn != fn &&
			    !strcmp(found->v[j].fn->usr, usr))
				break;
		if (j == found->n)
			return false;
	}
	return true;
}

/* An action that returns what the house style returns for success. */
static bool boolish(const struct rc_func *fn)
{
	return fn->type == RT_BOOL || resolve_class(fn) == RC_BOOLEAN;
}

/* Whether most of the run's actions return bool or 0/1; says so once. */
static bool house_style(const struct rc_config *cfg,
			const struct rc_result *res, bool style)
{
	size_t i, all = 0, bools = 0;

	for (i = 0; i < res->nfuncs; i++) {
		const struct rc_func *fn = res->funcs[i];
		enum rc_class cls = resolve_class(fn);

		/* A count it makes, returned beside failures (read(2)'s
		 * shape), is a computation, as rule A reads it: it says
		 * nothing of how the house reports an action's success. */
		if (!fn->report || (fn->type != RT_BOOL &&
				    fn->type != RT_SIGNED) ||
		    (cls != RC_ERRNO && cls != RC_BOOLEAN && cls != RC_MIXED) ||
		    (cls == RC_MIXED && (fn->flags & RV_COUNTED)) ||
		    naming_classify(cfg, fn->name) != KIND_ACTION)
			continue;
		all++;
		bools += boolish(fn);
	}
	if (all < HOUSE_MIN || 2 * bools <= all)
		return false;
	fprintf(stderr, "retconv: note: house style: %zu of %zu actions return bool or only 0 and 1; rule A reports them %s\n",
		bools, all, style ? "(--style)" : "only with --style");
	return true;
}

void defs_filter(const struct rc_config *cfg, const struct rc_result *res,
		 struct rc_findings *found, bool style)
{
	bool house = house_style(cfg, res, style);
	bool *drop = xcalloc(found->n + 1, sizeof(*drop));
	size_t i, n = 0;

	for (i = 0; i < found->n; i++) {
		const struct rc_finding *x = &found->v[i];

		if (x->rule > 'B')
			continue;
		drop[i] = naming_classify_words(cfg, x->fn->name) ==
			  KIND_NEITHER ||
			  (is_wrapper(x->fn) &&
			   callees_found(x->fn, x->rule, found)) ||
			  (house && !style && x->rule == 'A' &&
			   boolish(x->fn));
	}
	for (i = 0; i < found->n; i++) {
		if (drop[i])
			free(found->v[i].msg);
		else
			found->v[n++] = found->v[i];
	}
	found->n = n;
	free(drop);
}
