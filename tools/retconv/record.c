// SPDX-License-Identifier: MIT
/*
 * A call site recorded for the parent: the call-site pass (callsite.c,
 * rules C, D and E) and the reads of results as conditions (truth.c, rule
 * B) both end here.  A site on a line whose retconv: ignore comment names
 * its rule is not recorded; every site carries the signs of its holder's
 * value that tests above it handled (above.c's taken_above()), and a
 * test of a sign, what settles it: a loop's count that end of file does
 * not move (stall.c), a buffer read as a string after it that the
 * read's 0 left unwritten (unread.c), an else whose if took every value
 * but 0 (zero_here()).
 */
#include <stdlib.h>

#include "callsite.h"

static bool suppressed(struct scan *s, CXCursor at, unsigned line, char rule)
{
	CXFile file = NULL;

	clang_getExpansionLocation(clang_getCursorLocation(at), &file, NULL,
				   NULL, NULL);
	return file && (suppress_at(s->tu, file, line) & SUPPRESS_RULE(rule));
}

void add_site(struct scan *s, CXCursor at, char rule, uint64_t form,
	      struct origin *o, char *op, char *why, CXCursor whyc)
{
	struct rc_site x = { .rule = rule, .form = form };
	bool listed;

	line_col(at, &x.line, &x.col);
	if (suppressed(s, at, x.line, rule)) {
		free(op);
		free(why);
		return;
	}
	/* A C site's why says what a loop's count is moved by (stall.c). */
	if (rule == 'C' && !*why)
		x.form |= stall_of(s, at, o, &why, &whyc);
	/* Or that its buffer is read as a string after it (unread.c). */
	if (rule == 'C' && !*why)
		x.form |= unread_of(s, at, o, &why, &whyc);
	/* Or that its branch tests it for a 0 it never sees (zeroarm.c). */
	if (rule == 'C' && !*why)
		x.form |= zero_dead_of(s, at, o, &why, &whyc);
	/* Or that the holder is 0 where it is tested (above.c). */
	if (rule == 'C' && !*why)
		x.form |= zero_here(s, at, o, &why, &whyc);
	x.usr = xstrdup(o->usr);
	x.callee = xstrdup(o->callee);
	x.ctype = o->ctype;
	x.holder = xstrdup(o->holder);
	x.hline = o->hline;
	x.hcol = o->hcol;
	x.hend = o->hend;
	x.op = op;
	x.why = why;
	if (o->unsig)
		x.form |= SITE_UNSIGNED;
	if (o->kwq)
		x.form |= SITE_KWQ;
	if (o->wraps)
		x.form |= SITE_WRAPS;
	x.form |= SITE_TAKEN(taken_above(s, o, at, &listed));
	if (listed)
		x.form |= SITE_LISTED;
	if (!clang_Cursor_isNull(whyc))
		line_col(whyc, &x.wline, &x.wcol);
	s->fn->sites = xrealloc(s->fn->sites,
				(s->fn->nsites + 1) * sizeof(*s->fn->sites));
	s->fn->sites[s->fn->nsites++] = x;
}
