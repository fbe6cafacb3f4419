// SPDX-License-Identifier: MIT
/*
 * Rule C's one failure code: a result whose contract has several
 * negative failure codes, compared with the one code -1, as sites.c
 * judges its sites (rule_c_one_code()).  An action that fails with a
 * negative errno fails with any of them; "ret == -1" asks for -EPERM
 * alone and sends the others the way of its success.  The worker marks
 * the comparisons that a test just below settles (above.c's
 * below_negative(), SITE_BELOW_NEG) or that are handed to a call or a
 * macro (callsite.c, SITE_AS_ARG); this file reads the callee's body.
 */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "retconv.h"
#include "sites.h"

/* Whether the C library retconv runs with defines @name: the running
 * system's exports it. */
static bool c_library_name(const char *name)
{
	return dlsym(RTLD_DEFAULT, name) != NULL;
}

/*
 * A result whose contract has several negative failure codes, compared
 * with the one code -1, written as a number ("ret == -1", "-1 != ret"):
 * an action that fails with a negative errno fails with any of them, and
 * -1 is only -EPERM, so the test sends every other failure (-EINVAL,
 * -ENOMEM) the way of its success, 0, or of a count.  The callee's own
 * body shows the contract: declared signed, an errno's name reaches one
 * of its returns negated (-EIO, or a project's name for one; house.c's
 * FACT_GIVES_NERRNO), and it is not read as 0 or a positive errno.  That
 * holds whatever else its body gives, even where clang lost statements
 * of it (a lost statement hides a return, it makes none up), so its
 * class need not be sure, nor known.  Not a comparison's (its -1 is
 * "less than"), nor when a test above took its negative values or its 0
 * already (the -1 is then one failure picked out of the others, or the
 * only one left), when one just below sends the others apart from 0
 * (SITE_BELOW_NEG), nor for a case label (the switch may take the others
 * in a default), nor as an argument of a call or a macro (SITE_AS_ARG: a
 * unit test's "CU_ASSERT(rc == -1)" expects that one code on purpose).  Nor for a name the C library defines (waitpid, kill),
 * whatever definition the tree has: a tree that holds a kernel and its
 * programs defines the kernel's, and the programs' calls get the C
 * library's -1 and errno.  Returns whether it judged the site.
 */
bool rule_c_one_code(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct rc_func *def = cx->c->def;
	const char *k = x->form & SITE_LEFT ? x->op : x->op + 3;
	char *t;

	if (x->rule != 'C' || !(x->form & SITE_SHAPE) ||
	    (x->form & (SITE_CASE | SITE_NAMED | SITE_UNSIGNED | SITE_WRAPS |
			SITE_BELOW_NEG | SITE_AS_ARG)) ||
	    (SITE_TAKEN_OF(x->form) & (SIGN_NEG | SIGN_ZERO)) ||
	    strncmp(k, "-1", 2) || (k[2] && k[2] != ' ') ||
	    cx->c->table || cx->c->member || !def || def->type != RT_SIGNED ||
	    !(def->facts & FACT_GIVES_NERRNO) ||
	    (def->facts & (FACT_PERRNO_READ | FACT_OUTSIDE)) ||
	    naming_orders(x->callee) || c_library_name(x->callee))
		return false;
	t = verdict_tested(x);
	verdict_add(cx, 'C', xasprintf(
	    "'%s' fails with a negative errno (from its definition at %s:%u): '%s' picks out -1 (-EPERM) alone, and its other failures pass for %s; test it for < 0",
	    x->callee, def->file, def->line, t,
	    cx->c->cls == CC_ERRNO ? "its success, 0" :
	    cx->c->cls == CC_MIXED ? "a value" : "what else it returns"));
	free(t);
	return true;
}
