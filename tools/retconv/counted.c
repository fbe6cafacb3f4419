// SPDX-License-Identifier: MIT
/*
 * Counts and descriptors read as what they are not (rule C and D, for
 * callsite.c and sites.c): a count compared with 1 where nothing the
 * call asks makes it 1, and a descriptor read as a truth value.
 *
 * Some functions of outside libraries return how many things they made or
 * found, and 0 or a negative value on failure.  "n == 1" and "n != 1"
 * are right where the call asks for one thing: read(fd, &c, 1), fwrite(p,
 * size, 1, f), sscanf(s, "%d", &x) (as many as the format converts).
 * Two kinds of count are fixed by nothing the caller passes, and there
 * "!= 1" takes a success for a failure:
 *
 *   - the printf family's (printf(3): "the number of characters printed"):
 *     the length of the output, which the format's own text bounds from
 *     below: asprintf(&s, "pcie") makes 4, "%d:%d" at least 3.  Where the
 *     format is a string literal whose shortest output is two characters
 *     or more, the count is never 1 (the worker reads the format,
 *     format_min());
 *   - the functions that load what a file holds (X509_load_cert_file(3)
 *     and its kin: "the number of objects loaded", several for a PEM file
 *     of several CRLs), listed in found_counts below.
 *
 * Counts the call asks for (read, write, fread, the scanf family) and
 * formats that may print one character ("%c", "%s", "x") are left alone,
 * and so is a format that is not a literal.
 *
 * A descriptor (open(2), socket(2): "a nonnegative integer", -1 on
 * error) is a value like a count: its 0 is a descriptor and its failure
 * is -1, so "if (fd)" and "if (!fd)" ask the wrong question of it
 * whichever way the branch goes (rule_d_fd_truth()).
 */
#include <stdlib.h>
#include <string.h>

#include "callsite.h"
#include "sites.h"

/* Shortest output of a printf format: its own characters, an escape as
 * one, and one at least for each conversion that always prints some
 * (numbers, %c), none for %s and the others. */
static unsigned format_min(const char *lit)
{
	unsigned n = 0;
	const char *p;

	for (p = lit; *p && *p != '"'; p++) {
		if (*p == '\\') {
			p++;
			if (!*p)
				break;
			n++;
			continue;
		}
		if (*p != '%') {
			n++;
			continue;
		}
		p++;
		if (*p == '%') {
			n++;
			continue;
		}
		p += strspn(p, "0123456789.-+ #'*hlLqjzt");
		if (*p && strchr("diouxXcpeEfFgGaA", *p))
			n++;
		if (!*p)
			break;
	}
	return n;
}

struct fmtscan {
	unsigned from, to;
	const char *callee;
	bool found;		/* a literal argument, read */
	unsigned min;		/* the least of their shortest outputs */
};

static enum CXChildVisitResult fmt_visit(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct fmtscan *f = data;
	CXString name;
	int i, n;
	bool same;

	(void)parent;
	if (offset_of(c) >= f->to)
		return CXChildVisit_Break;
	if (end_of(c) <= f->from)
		return CXChildVisit_Continue;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	name = clang_getCursorSpelling(c);
	same = !strcmp(clang_getCString(name), f->callee);
	clang_disposeString(name);
	if (!same)
		return CXChildVisit_Recurse;
	n = clang_Cursor_getNumArguments(c);
	for (i = 0; i < n; i++) {
		CXCursor a = peel(clang_Cursor_getArgument(c, i));
		CXString lit;
		const char *s;
		unsigned m;

		if (clang_getCursorKind(a) != CXCursor_StringLiteral)
			continue;
		lit = clang_getCursorSpelling(a);
		s = clang_getCString(lit);
		/* A plain literal only: no prefix, no concatenation of
		 * macros, which the spelling would not show whole. */
		m = s[0] == '"' && !strstr(s + 1, "\" \"") ?
		    format_min(s + 1) : 0;
		clang_disposeString(lit);
		if (!f->found || m < f->min)
			f->min = m;
		f->found = true;
	}
	return CXChildVisit_Break;
}

/*
 * SITE_FORMAT_LONG for a test "x == 1" or "x != 1" of @o whose call has
 * a string literal among its arguments, and every such literal, read as a
 * printf format, prints two characters or more; else 0.
 */
uint64_t format_form(struct scan *s, const struct origin *o, long long v)
{
	struct fmtscan f = { .from = o->cstart, .to = o->cend,
			     .callee = o->callee };

	if (v != 1 || !o->cend || !o->callee)
		return 0;
	clang_visitChildren(s->body, fmt_visit, &f);
	return f.found && f.min >= 2 ? SITE_FORMAT_LONG : 0;
}

/* X509_load_cert_file(3), X509_load_crl_file(3) (OpenSSL, LibreSSL):
 * "the number of objects loaded", one or more from a PEM file, 0 on
 * failure.  (BoringSSL's return 1 on success: "> 0" is right for both.) */
static const char found_counts[] =
	" X509_load_cert_file X509_load_crl_file X509_load_cert_crl_file ";

/* printf(3), asprintf(3): "the number of characters printed". */
static const char printed_counts[] =
	" printf fprintf dprintf sprintf snprintf vprintf vfprintf vdprintf "
	"vsprintf vsnprintf asprintf vasprintf ";

static bool listed(const char *list, const char *name)
{
	size_t n = strlen(name);
	const char *p = list;

	while ((p = strstr(p, name))) {
		if (p[-1] == ' ' && p[n] == ' ')
			return true;
		p += n;
	}
	return false;
}

/*
 * Rule C: "n == 1" or "n != 1" of a count that nothing the call asks
 * makes 1.  Returns whether it spoke.
 */
bool rule_c_count_one(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct callee *c = cx->c;
	unsigned may = SITE_MAY_OF(x->form);
	const char *why;
	char *t;

	/* "== 1" may only be true for 1, "!= 1" for all but 1. */
	if (!(x->form & SITE_SHAPE) || (x->form & (SITE_CASE | SITE_UNSIGNED)) ||
	    !c->table || !x->callee || x->ctype != RT_SIGNED ||
	    (may != SIGN_ONE && may != (SIGN_ALL & ~SIGN_ONE)))
		return false;
	if (listed(found_counts, x->callee))
		why = "how many objects the file held, which may be several";
	else if (listed(printed_counts, x->callee) &&
		 (x->form & SITE_FORMAT_LONG))
		why = "the length of its output, which its format makes two characters or more";
	else
		return false;
	t = verdict_tested(x);
	verdict_add(cx, 'C', xasprintf(
	    "'%s' %s (class %s, from %s): its count is %s, so '%s' takes a success other than 1 for a failure; test it for %s",
	    x->callee, callee_returns(x, c), callee_class_name(c->cls),
	    c->source, why, t, c->cls == CC_POSITIVE ? "<= 0" : "< 0"));
	free(t);
	return true;
}

/*
 * Rule D: a descriptor (outside.c's descriptor class: open(2), socket(2),
 * "a nonnegative integer ... On error, -1") read only as a truth value,
 * where neither way handles an error: "if (fd) use(fd);" takes the
 * failure -1 for a descriptor, and descriptor 0 for none.  Only -1 tells
 * the failure: "fd < 0", "fd == -1".  "fd != 0" and "fd == 0", written
 * against 0, ask for descriptor 0 and are left alone.
 */
void rule_d_fd_truth(struct ctx *cx)
{
	const struct rc_site *x = cx->x;
	const struct callee *c = cx->c;

	/* "in != 0", written against 0, asks for descriptor 0 on purpose
	 * (a process that opens its standard input), as rule D's own
	 * descriptor tests have it (sites.c's rule_d_zero()). */
	if (x->form & SITE_VS_ZERO)
		return;
	verdict_add(cx, 'D', xasprintf(
	    "'%s' %s (class descriptor, from %s): it is tested only for being 0, so its failure, -1, goes the way of a descriptor, and descriptor 0 the way of none; test it for < 0",
	    x->callee, callee_returns(x, c), c->source));
}
