// SPDX-License-Identifier: MIT
/*
 * A call site's finding made (rules C and D in sites.c, rule E in
 * returned.c): the test quoted as its reader wrote it, the notes that say
 * where the result was held and which branch handles an error, and a
 * signed count's callers gathered into one finding at the callee.
 */
#include <stdlib.h>
#include <string.h>

#include "retconv.h"
#include "sites.h"

/* The site's test, quoted, for a message. */
char *verdict_quoted(const struct rc_site *x)
{
	char *t = verdict_tested(x), *q = xasprintf("'%s'", t);

	free(t);
	return q;
}

static void add_note(struct rc_finding *f, const char *file, unsigned line,
		     unsigned col, char *msg)
{
	f->notes = xrealloc(f->notes, (f->nnotes + 1) * sizeof(*f->notes));
	f->notes[f->nnotes++] = (struct rc_note){
		.file = file, .line = line, .col = col, .msg = msg,
	};
}

/*
 * A callee read as 0 or a positive errno because it returns errno as it
 * is (house_errno_only()): where its body first takes errno, so that the
 * reader sees where the positive value comes from.
 */
static void errno_source(const struct ctx *cx, struct rc_finding *f)
{
	const struct rc_func *def = cx->c ? cx->c->def : NULL;
	size_t i;

	if (!def || cx->c->cls != CC_PERRNO || !house_errno_only(def) ||
	    (def->facts & DOC_PERRNO))
		return;
	for (i = 0; i < def->nsites; i++) {
		const struct rc_site *y = &def->sites[i];

		if (y->rule != 'E' || (y->form & SITE_NEGATED) ||
		    strcmp(y->usr, "libc:errno"))
			continue;
		add_note(f, def->file, *y->holder && y->hline ? y->hline :
			 y->line, *y->holder && y->hline ? y->hcol : y->col,
			 xasprintf("'%s' gives errno as it is from here",
				   def->name));
		return;
	}
}

void verdict_add(struct ctx *cx, char rule, char *msg)
{
	const struct rc_site *x = cx->x;
	struct rc_finding f = {
		.fn = cx->fn, .rule = rule, .msg = msg,
		.file = cx->fn->file, .line = x->line, .col = x->col,
	};

	if (*x->holder)
		add_note(&f, cx->fn->file, x->hline, x->hcol, xasprintf(
			 "'%s' holds the result of '%s' from here",
			 x->holder, x->callee));
	/* A C site's why is a loop's count (stall.c), a D site's the
	 * branch's error handling. */
	if (*x->why)
		add_note(&f, cx->fn->file, x->wline, x->wcol,
			 x->rule == 'C' ? xstrdup(x->why) :
					  xasprintf("the branch %s", x->why));
	errno_source(cx, &f);
	/* A build that does not compile the line should say why it is
	 * reported (inactive.c). */
	if (cx->fn->facts & FACT_ALTERNATE)
		add_note(&f, cx->fn->file, x->line, x->col, xstrdup(
			 "in a branch of #if that the configuration read here skips; checked with that branch taken"));
	findings_add(cx->out, &f);
}

/* What was tested, as the reader wrote it: "ret < 0", "0 > f(...)". */
char *verdict_tested(const struct rc_site *x)
{
	char *what = *x->holder || callee_is_errno(x) ?
		     xstrdup(*x->holder ? x->holder : x->callee) :
		     xasprintf("%s(...)", x->callee);
	char *s = x->op[0] == '0' || (x->form & SITE_LEFT) ?
		  xasprintf("%s %s", x->op, what) :
		  xasprintf("%s %s", what, x->op);

	free(what);
	return s;
}

/* A caller of a signed count tested for a sign: noted at the callee. */
void verdict_contract(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct rc_func *def = cx->c->def;
	struct contract *k = NULL;
	char *t = verdict_tested(x);
	size_t i;

	for (i = 0; i < cx->broken->n; i++)
		if (cx->broken->v[i].def == def)
			k = &cx->broken->v[i];
	if (!k) {
		cx->broken->v = xrealloc(cx->broken->v, (cx->broken->n + 1) *
					 sizeof(*cx->broken->v));
		k = &cx->broken->v[cx->broken->n++];
		memset(k, 0, sizeof(*k));
		k->def = def;
		k->f = (struct rc_finding){
			.fn = (struct rc_func *)def, .rule = 'C',
			.file = def->file, .line = def->line, .col = def->col,
		};
	}
	k->ncallers++;
	add_note(&k->f, cx->fn->file, x->line, x->col,
		 xasprintf("'%s' in %s() expects a negative value", t,
			   cx->fn->name));
	free(t);
}

/* Callers in the order of their places, not of the workers' files. */
static int by_place(const void *pa, const void *pb)
{
	const struct rc_note *a = pa, *b = pb;
	int c = place_compare(a->file, a->line, a->col, b->file, b->line,
			      b->col);

	return c ? c : strcmp(a->msg, b->msg);
}

void verdict_contracts(struct contracts *broken,
			     struct rc_findings *out)
{
	size_t i;

	for (i = 0; i < broken->n; i++) {
		struct contract *k = &broken->v[i];

		qsort(k->f.notes, k->f.nnotes, sizeof(*k->f.notes), by_place);
		k->f.msg = xasprintf(
			"'%s' is declared to return a signed int and %zu call site%s test%s it for a negative value, but its body never returns one (class count, from its definition): return a negative value on failure, or make its failure plain to its callers and drop their tests",
			k->def->name, k->ncallers,
			k->ncallers == 1 ? "" : "s",
			k->ncallers == 1 ? "s" : "");
		findings_add(out, &k->f);
	}
	free(broken->v);
}
