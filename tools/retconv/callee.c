// SPDX-License-Identifier: MIT
/*
 * What a call's callee promises: the class of its result, for rules C, D
 * and E (sites.c, returned.c).
 *
 * A callee gets its class from the first of:
 *
 *   1. its definition anywhere in the run that the call binds to (a
 *      system header's declaration binds only to a definition that saw
 *      one too, ast.c's function_usr(); of several, the nearest the
 *      caller's file, resolve.c's def_nearness(); all as near if they
 *      agree), when that gives a class: errno, boolean, count or mixed;
 *   2. the table (table.c): built in, or a --table file; for a function
 *      the run defines, only where nothing the definition is known to
 *      give contradicts the table's class (by_table());
 *   3. for a call through a member of a named structure
 *      ("dev->ops->read()"), the class the run's definitions of the
 *      functions stored in that member agree on (by_member());
 *   4. its declared return type, when that is bool or unsigned.
 *
 * and struct callee says where the class came from, as every finding's
 * message does, and how far a definition's reading can be trusted.
 */
#include <stdlib.h>
#include <string.h>

#include "retconv.h"
#include "sites.h"

static const char *const names[] = {
	[CC_NONE] = "unknown",
	[CC_ERRNO] = "errno",
	[CC_PERRNO] = "perrno",
	[CC_BOOLEAN] = "boolean",
	[CC_COUNT] = "count",
	[CC_MIXED] = "mixed",
	[CC_FLAG] = "flag",
	[CC_STATUS] = "status",
	[CC_VALUE] = "value",
	[CC_DESCRIPTOR] = "descriptor",
	[CC_POSITIVE] = "positive",
};

/* "errno", "count", ...: the class as a message names it. */
const char *callee_class_name(enum cclass cls)
{
	return names[cls];
}

static enum cclass from_class(enum rc_class cls)
{
	switch (cls) {
	case RC_ERRNO:
		return CC_ERRNO;
	case RC_BOOLEAN:
		return CC_BOOLEAN;
	case RC_COUNT:
		return CC_COUNT;
	case RC_MIXED:
		return CC_MIXED;
	default:
		return CC_NONE;
	}
}

static enum cclass from_tclass(enum rc_tclass cls)
{
	switch (cls) {
	case TC_ERRNO:
	case TC_OUTCOME:
		return CC_ERRNO;
	case TC_PERRNO:
		return CC_PERRNO;
	case TC_BOOLEAN:
		return CC_BOOLEAN;
	case TC_COUNT:
		return CC_COUNT;
	case TC_FLAG:
		return CC_FLAG;
	case TC_STATUS:
		return CC_STATUS;
	case TC_VALUE:
		return CC_VALUE;
	case TC_DESCRIPTOR:
		return CC_DESCRIPTOR;
	case TC_POSITIVE:
		return CC_POSITIVE;
	default:
		return CC_MIXED;
	}
}

/* The signs (SIGN_*) a class's values have; 0 when any may be. */
unsigned callee_class_signs(enum cclass cls)
{
	switch (cls) {
	case CC_ERRNO:
	case CC_STATUS:
		return SIGN_NEG | SIGN_ZERO;
	case CC_BOOLEAN:
	case CC_FLAG:
		return SIGN_ZERO | SIGN_ONE;
	case CC_COUNT:
	case CC_PERRNO:
		return SIGN_ZERO | SIGN_POS;
	default:
		return 0;
	}
}

/*
 * The signs (SIGN_*) a definition is known to give, whatever else its
 * returns may hold that the body does not bound: its constants, its
 * comparisons, and what its documentation's Return: says.  A declared
 * type other than a signed integer (an enumeration, a structure) gives
 * every bit: no class of integers is its contract.
 */
static unsigned known_signs(const struct rc_func *def)
{
	unsigned f = def->flags, s = 0;

	if (def->type != RT_SIGNED)
		return ~0U;
	if (f & RV_NEG)
		s |= SIGN_NEG;
	if (f & RV_ZERO)
		s |= SIGN_ZERO;
	if (f & (RV_ONE | RV_BOOL))
		s |= SIGN_ONE;
	if (f & RV_POS)
		s |= SIGN_MORE;
	if (def->facts & (DOC_ERRNO | DOC_NEGATIVE | DOC_TRISTATE))
		s |= SIGN_NEG;
	if (def->facts & (DOC_BOOL | DOC_SUCCESS | DOC_TRISTATE))
		s |= SIGN_ONE;
	if (def->facts & DOC_PERRNO)
		s |= SIGN_POS;
	return s;
}

/* The class the definitions of @usr nearest @file give (def_nearness());
 * CC_NONE if none or they differ.  @signs: the signs they are known to
 * give (known_signs()), all of them together. */
static enum cclass by_definition(struct rc_func **byusr, size_t n,
				 const char *usr, const char *file,
				 const struct rc_func **def, unsigned *signs)
{
	size_t lo = funcs_first(byusr, n, usr), hi = lo, i;
	enum cclass cls = CC_NONE;
	bool differ = false;
	unsigned best = 0;

	*def = NULL;
	*signs = 0;
	for (; hi < n && !strcmp(byusr[hi]->usr, usr); hi++)
		if (def_nearness(byusr[hi]->file, file) > best)
			best = def_nearness(byusr[hi]->file, file);
	for (i = lo; i < hi; i++) {
		enum cclass c = from_class(resolve_class(byusr[i]));

		if (def_nearness(byusr[i]->file, file) != best)
			continue;
		differ |= *def && c != cls;
		cls = c;
		*def = byusr[i];
		*signs |= known_signs(byusr[i]);
	}
	return differ ? CC_NONE : cls;
}

/* Whether @file parsed with errors other than headers not found, which
 * the stand-ins may have made up for (worker.c's note says which): said
 * in a message, where the table speaks over such a file's definition. */
static bool damaged(const struct rc_result *res, const char *file)
{
	size_t i;

	for (i = 0; i < res->nnotes; i++)
		if (!strcmp(res->notes[i].file, file) &&
		    strstr(res->notes[i].msg, " other error"))
			return true;
	return false;
}

/*
 * Whether the class of the definition @def can be taken as sure by the
 * rules that read comparisons, negations and tests for 0 (rule C beyond
 * the sign, rule E's negation, rule D's counts): clang met no error in it
 * (unit.c's recovered() then adds an unknown return at its name's line:
 * a loop that counted may be gone) and a macro did not write its body
 * (its returns then all stand where the macro was used, and what the
 * macro's body stores is not seen).  Errors elsewhere in its file or its
 * headers (a stand-in type that conflicts, a missing header's struct)
 * do not count: each statement clang drops leaves an error, or a name
 * whose declaration is invalid, at its place in the body that lost it.
 */
static bool sure_definition(const struct rc_func *def)
{
	size_t i, j;

	for (i = 0; i < def->nrets; i++) {
		if (def->rets[i].line == def->line)
			return false;
		for (j = 0; j < i; j++)
			if (def->rets[j].line == def->rets[i].line &&
			    def->rets[j].col == def->rets[i].col)
				return false;
	}
	return true;
}

/*
 * A signed function documented to give a negative value ("returns 0 if
 * pushed, < 0 if there was some horrible error, > 0 if there was no
 * room") whose body gives only 0 and 1: its callers' tests for a sign
 * follow the contract they were given, and the body is no surer a guide
 * than the words.  Its class is not taken from the body.  (A body that
 * gives a count is told once, at the callee: struct contract.)
 */
static bool documented_negative(const struct rc_func *def, enum cclass cls)
{
	return def->type == RT_SIGNED && (def->facts & DOC_NEGATIVE) &&
	       cls == CC_BOOLEAN;
}

/*
 * The table's class for the callee, when it has one that can be the
 * callee's.  The table holds the contracts of functions defined outside
 * the run.  A tree may define a function of the same name itself (a
 * kernel's own copy_to_user() that returns 0 or -EFAULT, a C library's
 * own ttyname_r()), and its definition is its contract: the table speaks
 * for it only where the definition gives no class of its own (a return
 * passes on a value the body does not bound, or the body could not be
 * read) and nothing it is known to give (@signs: a constant, a
 * documented Return:, its declared type) is a value the table's class
 * never takes.  A -EFAULT beside the table's count of bytes not copied
 * says that the tree's function is another than the table's; a -1 beside
 * a read()'s "count, or -1" does not.  The finding then names both.
 */
static bool by_table(const struct rc_result *res, const struct rc_table *table,
		     const struct rc_site *x, unsigned signs, struct callee *c)
{
	const struct rc_func *def = c->def;
	const struct rc_tentry *t;
	unsigned allowed;

	/* A function of the same name declared to return a pointer (the
	 * GNU strerror_r()) is another function than the table's. */
	t = x->ctype == RT_POINTER ? NULL :
	    table_find(table, x->callee,
		       x->form & SITE_KWQ ? TABLE_KWQ : TABLE_KERNEL);
	if (!t)
		return false;
	allowed = callee_class_signs(from_tclass(t->cls));
	if (def && (signs & ~(allowed ? allowed : SIGN_ALL)))
		return false;
	c->cls = from_tclass(t->cls);
	c->outcome = t->cls == TC_OUTCOME;
	c->table = true;
	if (!def)
		c->source = xstrdup(t->source);
	else
		c->source = xasprintf(
			"%s, which its definition at %s:%u%s does not contradict",
			t->source, def->file, def->line,
			damaged(res, def->file) ? ", parsed with errors," : "");
	return true;
}

static int by_member_usr(const void *pa, const void *pb)
{
	const struct rc_stored *a = pa, *b = pb;
	int c = strcmp(a->member, b->member);

	return c ? c : strcmp(a->usr, b->usr);
}

/* The M records in order of member, for by_member(); once a run. */
void callee_sort_stored(struct rc_result *res)
{
	if (res->nstored)
		qsort(res->stored, res->nstored, sizeof(*res->stored),
		      by_member_usr);
}

/* "struct dev_ops", "union u" or a typedef's name, from a member's key
 * (taken.c's member_key()); @member: set to the member's name. */
static char *member_owner(const char *key, const char **member)
{
	const char *at = strstr(key, "@FI@"), *name = key + 5;
	const char *kind = key[3] == 'U' ? "union " : "struct ";

	*member = at + 4;
	if (key[4] == 'A') {
		kind = "";
		name++;
	}
	return xasprintf("%s%.*s", kind, (int)(at - name), name);
}

/*
 * The contract of a member of a named structure, from the functions the
 * run stores in it (".read = foo_read," in an ops table, by position too,
 * "ops->read = foo_read;"): the class their definitions agree on, as the
 * kernel's ops tables document one contract for every function they
 * hold.  Only errno and mixed: what every function stored gives for
 * success and failure (0 is success, a negative value failure) is what a
 * caller through the member must read so.  A class that is never
 * negative is not taken: the member's signed type lets its callers expect
 * a negative failure that the functions of this run do not happen to
 * give (an is_enabled() documented as 1, 0 or a negative errno), and a
 * test for it is not a misreading.  A function the run does not define
 * (a library's) says nothing; one whose class is unknown, a comparison
 * for order, or two that disagree leave the member to its declared type,
 * and so do functions that together never give both 0 and a negative
 * value (stubs: the member's real functions are elsewhere).
 * @merged holds what the definitions are known to give, together, for
 * the rules that read a definition's returns (struct callee's def).
 */
static bool by_member(const struct rc_result *res, struct rc_func **byusr,
		      size_t n, const struct rc_func *caller,
		      const struct rc_site *x, struct callee *c)
{
	struct rc_stored want = { .member = x->usr + 7, .usr = "" };
	const struct rc_func *def, *first = NULL;
	enum cclass agreed = CC_NONE;
	const char *member;
	size_t lo = 0, hi = res->nstored, k = 0;
	unsigned signs, flags = 0;
	bool sure = true, sign = true;
	char *owner;

	if (strncmp(want.member, "c:@", 3))
		return false;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (by_member_usr(&res->stored[mid], &want) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < res->nstored &&
	       !strcmp(res->stored[lo].member, want.member); lo++) {
		enum cclass cls;

		if (lo && !strcmp(res->stored[lo].member,
				  res->stored[lo - 1].member) &&
		    !strcmp(res->stored[lo].usr, res->stored[lo - 1].usr))
			continue;
		cls = by_definition(byusr, n, res->stored[lo].usr,
				    caller->file, &def, &signs);
		if (!def)
			continue;
		if (def->facts & FACT_PERRNO_READ)
			cls = CC_PERRNO;
		if (documented_negative(def, cls) || naming_orders(def->name))
			cls = CC_NONE;
		if (cls == CC_NONE || (k && cls != agreed))
			return false;
		agreed = cls;
		first = first ? first : def;
		flags |= def->flags;
		sure &= sure_definition(def);
		sign &= def->type == RT_SIGNED;
		k++;
	}
	/* Stubs that only return 0 (or only fail) show no contract. */
	if (!k || (agreed != CC_ERRNO && agreed != CC_MIXED) ||
	    !(flags & RV_NEG) || (agreed == CC_ERRNO && !(flags & RV_ZERO)))
		return false;
	c->merged = *first;
	c->merged.flags = flags;
	c->merged.type = sign ? RT_SIGNED : first->type;
	c->def = &c->merged;
	c->member = true;
	c->sure = sure;
	c->cls = agreed;
	owner = member_owner(want.member, &member);
	c->source = k == 1 ?
		xasprintf("the one function stored in '%s' member '%s', %s() at %s:%u",
			  owner, member, first->name, first->file, first->line) :
		xasprintf("the %zu functions stored in '%s' member '%s', as %s() at %s:%u",
			  k, owner, member, first->name, first->file,
			  first->line);
	free(owner);
	return true;
}

/* The name a call's USR gives its callee ("c:@F@open", "sys:c:@F@open",
 * "c:file.c@F@name"; errno, read as a call), or NULL. */
static const char *usr_name(const char *usr)
{
	const char *at = strstr(usr, "@F@");

	if (!strcmp(usr, "libc:errno"))
		return "errno";
	return at && !strchr(at + 3, '@') ? at + 3 : NULL;
}

/* The constants a wrapper of a function of class @cls may return beside
 * its result and keep the contract: the class's own values. */
static unsigned wrapper_constants(enum rc_tclass cls)
{
	switch (cls) {
	case TC_ERRNO:
	case TC_OUTCOME:
	case TC_STATUS:
		return RV_ZERO | RV_NEG;
	case TC_PERRNO:
		return RV_ZERO | RV_ONE | RV_POS;
	case TC_BOOLEAN:
	case TC_FLAG:
		return RV_ZERO | RV_ONE | RV_BOOL;
	case TC_COUNT:
		return RV_ZERO | RV_ONE | RV_POS | RV_NONNEG;
	default:
		return RV_ZERO | RV_ONE | RV_POS | RV_NEG | RV_NONNEG;
	}
}

/* The signs of the class's failures, some of which a wrapper must pass
 * on as they came to keep the contract. */
static unsigned wrapper_failures(enum rc_tclass cls)
{
	switch (cls) {
	case TC_PERRNO:
	case TC_COUNT:
		return SIGN_POS;
	case TC_BOOLEAN:
	case TC_FLAG:
		return SIGN_ZERO;
	default:
		return SIGN_NEG;
	}
}

/* Whether a wrapper of class @cls passes on its successes as they came
 * (@through: the signs its calls let through): a descriptor's, a count's
 * or a length's are the call's, and a constant stands for none of them;
 * an action's 0 (or a boolean's 1) is one value, which a constant may
 * give instead ("if (ret) return ret; return 0;"). */
static bool wrapper_successes(enum rc_tclass cls, unsigned through)
{
	switch (cls) {
	case TC_DESCRIPTOR:
	case TC_VALUE:
	case TC_POSITIVE:
	case TC_MIXED:
		return (through & SIGN_MORE) != 0;
	default:
		return true;
	}
}

#define WRAPPER_DEPTH	3

/*
 * A wrapper of a function defined outside the run: a definition each of
 * whose returns passes on, as it came (not negated), the result of a
 * function the table gives one class, or of another such wrapper of the
 * same class, at most WRAPPER_DEPTH deep, or gives a constant of that
 * class (a descriptor's -1, an errno's 0), and one return at least a
 * call's, with the call's failures (a descriptor's -1) let through on
 * some path, and its successes too where they are many (a descriptor, a
 * count): "if (fd < 0) return fd; ... return 0;" passes on open()'s
 * failure alone, and is an action of 0 or -1.  "fd = stdout ? STDOUT_FILENO : open(...); return fd;", "do n =
 * read(...); while (n < 0 && errno == EINTR); return n;", "ret = errno;
 * ... return ret;": the wrapper's callers get the outside function's
 * contract, whatever file defines it, as its callers would.  A wrapper
 * that converts (-errno for -1, a test's 0 or 1) gives values of its own,
 * and its class is its body's.  The table's entry of the innermost
 * function goes to @t, its name to @name.
 */
static bool outside_wrapper(struct rc_func **byusr, size_t n,
			    const struct rc_table *table,
			    const struct rc_func *def, unsigned depth,
			    const struct rc_tentry **t, const char **name)
{
	const struct rc_tentry *got = NULL, *e;
	const char *gname = NULL, *inner;
	const struct rc_func *d;
	unsigned signs, through = 0;
	size_t i, j;

	if (depth > WRAPPER_DEPTH || def->type != RT_SIGNED || !def->nrets)
		return false;
	for (i = 0; i < def->nrets; i++) {
		const struct rc_return *r = &def->rets[i];

		for (j = 0; j < r->ncalls; j++) {
			const struct rc_call *k = &r->calls[j];
			const char *kname = usr_name(k->usr);

			if (!kname || (k->sign & SIGN_NEGATED))
				return false;
			by_definition(byusr, n, k->usr, def->file, &d, &signs);
			inner = kname;
			if (d) {
				if (d == def || !outside_wrapper(byusr, n,
						table, d, depth + 1, &e,
						&inner))
					return false;
			} else {
				e = table_find(table, kname, TABLE_KERNEL);
			}
			if (!e || (got && e->cls != got->cls))
				return false;
			got = e;
			gname = gname ? gname : inner;
			through |= k->sign;
		}
	}
	if (!got || !(through & wrapper_failures(got->cls)) ||
	    !wrapper_successes(got->cls, through))
		return false;
	for (i = 0; i < def->nrets; i++)
		if (def->rets[i].flags & ~wrapper_constants(got->cls))
			return false;
	*t = got;
	*name = gname;
	return true;
}

#define SHOWS_DEPTH	3

/*
 * Whether the definition @def shows a negative error code, not a number
 * that could mean anything: an errno's name reaches a return negated
 * (house.c's FACT_GIVES_NERRNO), its documentation says a negative errno,
 * a negative constant other than -1 or a negated value reaches a return
 * (BODYX_NEG_CODE: -EINVAL, "return -err;", "return -errno;"), or a
 * return passes on, as it came, a negative value of a call: of a
 * function that shows one itself (a definition in the run, at most
 * SHOWS_DEPTH deep), of the table's errno class, or of a function
 * neither the run nor the table knows (a failure passed up, kernel
 * style).  A body whose negatives are all -1 (a bare -1, a house's TRUE
 * of -1) shows that it returns 0 and -1, not what they mean: 0 may be a
 * yes, a "known code" or a count as well as a success.
 */
static bool shows_errno(struct rc_func **byusr, size_t n,
			const struct rc_table *table,
			const struct rc_func *def, unsigned depth)
{
	const struct rc_tentry *e;
	const struct rc_func *d;
	unsigned signs;
	size_t i, j;

	if ((def->facts & (FACT_GIVES_NERRNO | DOC_ERRNO | DOC_TRISTATE)) ||
	    (def->doc_more & BODYX_NEG_CODE))
		return true;
	if (depth >= SHOWS_DEPTH)
		return false;
	for (i = 0; i < def->nrets; i++) {
		const struct rc_return *r = &def->rets[i];

		for (j = 0; j < r->ncalls; j++) {
			const struct rc_call *k = &r->calls[j];
			const char *kname = usr_name(k->usr);

			if ((k->sign & SIGN_NEGATED) || !(k->sign & SIGN_NEG))
				continue;
			by_definition(byusr, n, k->usr, def->file, &d, &signs);
			if (d) {
				if (d != def && shows_errno(byusr, n, table, d,
							    depth + 1))
					return true;
				continue;
			}
			e = kname ? table_find(table, kname, TABLE_KERNEL) :
				    NULL;
			if (!e || e->cls == TC_ERRNO || e->cls == TC_OUTCOME)
				return true;
		}
	}
	return false;
}

/* A wrapper of an outside function (outside_wrapper()) has its class. */
static bool by_wrapper(struct rc_func **byusr, size_t n,
		       const struct rc_table *table,
		       const struct rc_func *def, struct callee *c)
{
	const struct rc_tentry *t;
	const char *name;

	if (!def || !outside_wrapper(byusr, n, table, def, 0, &t, &name))
		return false;
	c->cls = from_tclass(t->cls);
	c->outcome = t->cls == TC_OUTCOME;
	c->table = true;
	c->def = def;
	c->sure = sure_definition(def);
	c->source = xasprintf(
		"its definition at %s:%u, which passes on what %s() returns, as %s has it",
		def->file, def->line, name, t->source);
	return true;
}

/*
 * A signed count or length whose documentation names 0 as a failure
 * beside it (doc.c's DOCX_ZERO_FAILS: "@return length of the packet, 0 if
 * cannot send"), and whose body gives a value or a negative errno or is
 * not bounded: its success is above 0, its failure 0 or negative, as
 * SSL_write()'s is.  A body that gives only 0 and negative values, or a
 * boolean, keeps its own class.
 */
static bool zero_documented(const struct rc_func *def, enum cclass cls)
{
	return def->type == RT_SIGNED && (def->doc_more & DOCX_ZERO_FAILS) &&
	       (cls == CC_MIXED || cls == CC_NONE);
}

void callee_class(const struct rc_result *res, struct rc_func **byusr,
		  size_t n, const struct rc_table *table,
		  const struct rc_func *caller, const struct rc_site *x,
		  struct callee *c)
{
	const struct rc_func *def;
	unsigned signs;

	c->table = false;
	c->outcome = false;
	c->member = false;
	c->named = true;
	c->source = NULL;
	c->cls = by_definition(byusr, n, x->usr, caller->file, &def, &signs);
	/* A comparison for order has no failure: its negative result is
	 * "less than", whatever its body returns. */
	if (def && (documented_negative(def, c->cls) ||
		    naming_orders(x->callee)))
		c->cls = CC_NONE;
	c->def = def;
	c->sure = true;
	/* 0 or a positive errno, by its words or the house style's. */
	if (def && (def->facts & FACT_PERRNO_READ)) {
		c->cls = CC_PERRNO;
		c->source = xasprintf("its definition at %s:%u, %s", def->file,
				      def->line, def->facts & DOC_PERRNO ?
				      "documented so" : house_errno_only(def) ?
				      "which returns 0 or errno as it is" :
				      "in a project of positive errnos");
		return;
	}
	if (def && zero_documented(def, c->cls)) {
		c->cls = CC_POSITIVE;
		c->sure = sure_definition(def);
		c->source = xasprintf("its definition at %s:%u, whose documentation names 0 a failure",
				      def->file, def->line);
		return;
	}
	if (def && !c->member && by_wrapper(byusr, n, table, def, c))
		return;
	if (c->cls != CC_NONE) {
		c->sure = sure_definition(def);
		c->named = c->cls != CC_ERRNO ||
			   shows_errno(byusr, n, table, def, 0);
		c->source = xasprintf("its definition at %s:%u", def->file,
				      def->line);
		return;
	}
	/* fcntl() with a command that sets something (origin.c). */
	if (!strncmp(x->usr, "libc:fcntl:", 11)) {
		c->cls = CC_STATUS;
		c->table = true;
		c->source = xasprintf("fcntl(2), for %s", x->usr + 11);
		return;
	}
	if (by_table(res, table, x, signs, c))
		return;
	if (!strncmp(x->usr, "member:", 7) &&
	    by_member(res, byusr, n, caller, x, c))
		return;
	if (x->ctype == RT_BOOL)
		c->cls = CC_BOOLEAN;
	else if (x->ctype == RT_UNSIGNED)
		c->cls = CC_COUNT;
	if (c->cls != CC_NONE && !strncmp(x->usr, "member:", 7))
		c->source = xasprintf("the declared type of the member '%s'",
				      x->callee + 2);
	else if (c->cls != CC_NONE)
		c->source = xstrdup("its declared return type");
}

/*
 * A definition that another configuration of its file gives otherwise
 * (inactive.c's reading of the skipped branches: a TLS back end's stub
 * that returns 0 or -1 beside the real one's byte count) has no class:
 * the contract is every configuration's, and a caller's test may be right
 * for the one not read.  @other: those readings by USR (alts_by_usr()).
 */
void callee_configs(struct callee *c, struct rc_func *const *other, size_t n)
{
	const char *usr;
	size_t i;

	if (!c->def || c->cls == CC_NONE || c->table)
		return;
	usr = c->def->usr;
	for (i = funcs_first(other, n, usr);
	     i < n && !strcmp(other[i]->usr, usr); i++) {
		if (strcmp(other[i]->file, c->def->file) ||
		    from_class(resolve_class(other[i])) == c->cls)
			continue;
		c->cls = CC_NONE;
		free(c->source);
		c->source = NULL;
		return;
	}
}

/* errno itself, read as a call's result (callsite.c). */
bool callee_is_errno(const struct rc_site *x)
{
	return !strcmp(x->usr, "libc:errno");
}

/* "returns only 0 or 1", for the message. */
const char *callee_returns(const struct rc_site *x, const struct callee *c)
{
	if (callee_is_errno(x))
		return "holds 0 or a positive error number";
	switch (c->cls) {
	case CC_ERRNO:
		return "returns 0 or a negative errno";
	case CC_PERRNO:
		return "returns 0 or a positive errno";
	case CC_BOOLEAN:
	case CC_FLAG:
		return "returns only 0 or 1";
	case CC_COUNT:
		return c->table ? "returns the number of bytes not copied" :
				  "returns a count";
	case CC_MIXED:
		return "returns a value or a negative errno";
	case CC_STATUS:
		return "returns 0, or -1 with errno set";
	case CC_VALUE:
		return "returns a count or a length, or a negative value on failure";
	case CC_DESCRIPTOR:
		return "returns a descriptor, which may be 0, or -1 on failure";
	case CC_POSITIVE:
		return "returns a positive value on success, 0 or a negative value on failure";
	default:
		return "returns a value";
	}
}

/*
 * Whether a definition's errno class shows both ways: a stub that only
 * returns 0, or only -ENOSYS, is one configuration's ("#else static
 * inline int f(void) { return 0; }"), and the real function may return
 * more.
 */
bool callee_errno_shown(const struct callee *c)
{
	return c->table || !c->def ||
	       ((c->def->flags & RV_ZERO) && (c->def->flags & RV_NEG) &&
		c->sure);
}