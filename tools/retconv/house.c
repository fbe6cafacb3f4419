// SPDX-License-Identifier: MIT
/*
 * The house style of a code base whose functions return positive errnos.
 *
 * The convention retconv checks fails with a negative errno; another,
 * as old, fails with a positive one: POSIX's pthread_*() and
 * posix_*(), and whole code bases whose functions return "0 on success,
 * a positive errno value on failure", whose callers test "if (error)".
 * There "return EOPNOTSUPP;" is right, "return -EOPNOTSUPP;" is the odd
 * one out, and "error < 0" never sees a failure.
 *
 * The worker notes, for each definition, whether an errno's name reaches
 * one of its returns spelled positive (return EIO;, err = EIO; ... return
 * err;) or negated (-EIO), and whether its documentation says its
 * failure is "a positive errno" (such a contract is also a status whose
 * failures are non-zero, DOC_STATUS, which defs.c passes on to the
 * functions whose results it returns).  An end-of-stream value documented
 * beside them (EOF, -1) is part of that contract, not a mix.
 *
 * The parent (house_learn()) counts the run's definitions that give an
 * errno of one sign only: where at least HOUSE_MIN give it positive (or
 * are documented so) and more than twice as many as give it negated,
 * that is the project's convention.  One line says so; rule E's "return
 * EIO;" in a function that fails with negative values elsewhere is then
 * advice, reported only with --style, like rule A's in a bool house.  And
 * whatever the tree: a function documented to give a positive errno, and
 * in such a house a function that gives one (by its own constants, by
 * errno, or by passing on such a function's result), never negative, is
 * read by its callers' rules as 0 or a positive errno (class perrno):
 * "if (error)" is right, "error < 0" is dead; and a negated errno it
 * returns is the mix (returned.c).
 *
 * strerror() has a house style too, the platform's.  The C library's
 * takes errno's positive value, and rule C reports a negative errno given
 * to it (strerr.c); but the library is the target's, outside the tree,
 * and one RTOS's turns a negative errnum round.  A code base that gives
 * strerror() a negative value at most of its calls (HOUSE_MIN at least,
 * more than twice as many as give it a positive one as written) is built
 * for such a library or has one bug many times over, and either way its
 * maintainer wants one line, not one per call: the line says so, and
 * the sites are reported only with --style.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "retconv.h"
#include "ast.h"

#define HOUSE_MIN 10

/*
 * Whether @name is the C library's name of the errno @v, or one of the
 * kernel's own (512 to 530: ERESTARTSYS, EPROBE_DEFER, ENOTSUPP, ...),
 * which no user-space header has: a project's constant of the same
 * spelling and another value is not one.
 */
bool house_errno_name(const char *name, long long v)
{
	const char *libc;
	size_t i;

	if (name[0] != 'E' || v < 1 || v > 4095)
		return false;
	for (i = 1; name[i]; i++)
		if (!(name[i] >= 'A' && name[i] <= 'Z') &&
		    !(name[i] >= '0' && name[i] <= '9') && name[i] != '_')
			return false;
	if (i < 3)
		return false;
	if (v >= 512 && v <= 530)
		return true;
	libc = strerrorname_np((int)v);
	return libc && !strcmp(libc, name);
}

/*
 * Whether the constant @e is written as an errno's name, "EIO" (1) or
 * "-EIO" (-1), as the text has it; 0 if not.  @name, if not NULL, gets
 * the name.
 */
int house_errno_const(CXTranslationUnit tu, CXCursor e, char **name)
{
	long long v;
	char *text, *p, *end;
	size_t len;
	int sign = 1;

	e = peel(e);
	if (!const_value(e, &v) || !v)
		return 0;
	text = written_text(tu, e);
	p = text;
	if (*p == '-') {
		sign = -1;
		p++;
	}
	while (*p == ' ' || *p == '(')
		p++;
	for (end = p; isalnum((unsigned char)*end) || *end == '_'; end++)
		;
	len = (size_t)(end - p);
	while (*end == ' ' || *end == ')')
		end++;
	if (*end || !len || (sign < 0) != (v < 0)) {
		free(text);
		return 0;
	}
	p[len] = '\0';
	if (!house_errno_name(p, v < 0 ? -v : v)) {
		free(text);
		return 0;
	}
	if (name)
		*name = xstrdup(p);
	free(text);
	return sign;
}

/*
 * Whether @w (@len long) is a word for an error or a failure: err,
 * error, errno (any word that starts so), fail, failed, failure, softfail
 * (any word that holds it), invalid, bad, illegal, unsupported, timeout,
 * not and no (NOT_FOUND, NO_MEMORY: what is missing or failed), or an
 * errno's name (ENOMEM), without its E for those of a "no" or
 * "not" (NOMEM, NOTSUP: RANGE, LOOP, CHILD or TIME alone are words of
 * anything) and INVAL and TIMEDOUT.
 */
static bool error_word(const char *w, size_t len)
{
	static const char *const words[] = {
		"INVALID", "INVAL", "BAD", "ILLEGAL", "UNSUPPORTED",
		"NOTSUPPORTED", "TIMEOUT", "TIMEDOUT", "NOT", "NO",
	};
	/* The C library's errno names, read once a process. */
	static const char *libc[256];
	static int nlibc = -1;
	char *name;
	bool is = false;
	size_t i;
	int v;

	if (len >= 3 && !strncasecmp(w, "err", 3))
		return true;
	if (nlibc < 0)
		for (nlibc = 0, v = 1; v < 256; v++)
			if (strerrorname_np(v))
				libc[nlibc++] = strerrorname_np(v);
	name = xasprintf("%.*s", (int)len, w);
	for (i = 0; name[i]; i++)
		name[i] = (char)toupper((unsigned char)name[i]);
	is = strstr(name, "FAIL") != NULL;
	for (i = 0; i < sizeof(words) / sizeof(*words) && !is; i++)
		is = !strcmp(name, words[i]);
	for (v = 0; v < nlibc && !is && len >= 2; v++)
		is = !strcmp(libc[v], name) ||
		     (!strncmp(name, "NO", 2) && !strcmp(libc[v] + 1, name));
	free(name);
	return is;
}

/* Whether an identifier of @text, or a word of one between underscores,
 * is error_word(): LIB_ERR_NOMEM, KNOT_ENOMEM, (-ENOMEM), lib_error. */
static bool says_error(const char *text)
{
	const char *p = text, *id, *w;
	size_t n;

	while (*p) {
		if (!isalpha((unsigned char)*p) && *p != '_') {
			p++;
			continue;
		}
		for (id = p; isalnum((unsigned char)*p) || *p == '_'; p++)
			;
		if (error_word(id, (size_t)(p - id)))
			return true;
		for (w = id; w < p; w += n + 1) {
			n = strcspn(w, "_");
			if (w + n > p)
				n = (size_t)(p - w);
			if (n && error_word(w, n))
				return true;
		}
	}
	return false;
}

/*
 * The text that defines the constant @e is written as: the body of the
 * macro named there, or the enumerator's declaration and its enum's
 * name; NULL if neither is found.
 */
static char *definition_text(CXTranslationUnit tu, CXCursor e)
{
	CXCursor ref = clang_getCursorReferenced(e), use;
	CXSourceLocation at;
	CXString name;
	CXFile file = NULL;
	unsigned off = 0;
	char *body, *text;

	if (clang_getCursorKind(ref) == CXCursor_EnumConstantDecl) {
		body = spelling(tu, ref);
		name = clang_getCursorSpelling(
				clang_getCursorSemanticParent(ref));
		text = xasprintf("%s %s", body, clang_getCString(name));
		clang_disposeString(name);
		free(body);
		return text;
	}
	clang_getExpansionLocation(clang_getRangeStart(
			clang_getCursorExtent(e)), &file, NULL, NULL, &off);
	if (!file)
		return NULL;
	at = clang_getLocationForOffset(tu, file, off);
	use = clang_getCursor(tu, at);
	if (clang_getCursorKind(use) != CXCursor_MacroExpansion)
		return NULL;
	ref = clang_getCursorReferenced(use);
	if (clang_getCursorKind(ref) != CXCursor_MacroDefinition)
		return NULL;
	return range_text(tu, clang_getCursorExtent(ref));
}

/*
 * A negative errno under the project's own name (KNOT_ENOMEM, whose
 * value is -ENOMEM): a macro or an enumerator, not a number, and not -1,
 * which EOF and every "failed" share with -EPERM.  It must read as an
 * error code, not only have an errno's value: its name or its definition
 * says error or failure, or names an errno (SPI_INVALID_LENGTH,
 * XVSEC_FAILURE, #define LIB_NOMEM (-ENOMEM), enum lib_error { ... }).
 * AT_FDCWD is -100, -ENETDOWN's value, and is the current directory, a
 * handle passed on as it is; a status (LIB_EXIT_OK, IO_WAIT) is none.
 */
static bool named_negative(CXTranslationUnit tu, CXCursor e)
{
	long long v;
	char *text, *def;
	bool named;

	e = peel(e);
	if (!const_value(e, &v) || v >= -1 || v < -4095 ||
	    !strerrorname_np((int)-v))
		return false;
	text = written_text(tu, e);
	named = isupper((unsigned char)*text) &&
		text[strspn(text, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")] ==
		'\0';
	if (named && !says_error(text)) {
		def = definition_text(tu, e);
		named = def && says_error(def);
		free(def);
	}
	free(text);
	return named;
}

/* What an errno constant that reaches a return says (infer.c). */
unsigned house_spelled(CXTranslationUnit tu, CXCursor e)
{
	switch (house_errno_const(tu, e, NULL)) {
	case 1:
		return FACT_GIVES_PERRNO;
	case -1:
		return FACT_GIVES_NERRNO;
	default:
		return named_negative(tu, e) ? FACT_GIVES_NERRNO : 0;
	}
}

/*
 * Documented: "0 on success, a positive errno value on failure", "a
 * positive error code", in the section on the result or, without one,
 * anywhere in the comment.  A contract that says "negative" too is not
 * one of positive errnos alone.
 */
unsigned house_doc(const char *sec, const char *doc)
{
	static const char *const said[] = {
		"positive errno", "positive error", "positive 'errno",
		"positive `errno", "positive \"errno", "positive system error",
	};
	const char *text = sec ? sec : doc;
	size_t i;

	if (!text || strcasestr(text, "negative"))
		return 0;
	for (i = 0; i < sizeof(said) / sizeof(said[0]); i++)
		if (strcasestr(text, said[i]))
			return DOC_PERRNO | DOC_STATUS;
	return 0;
}

/* Whether the return @r gives errno as it is, read there or held (ret =
 * errno; goto out; ... return ret;, infer.c). */
bool house_ret_errno(const struct rc_return *r)
{
	size_t k;

	for (k = 0; k < r->ncalls; k++)
		if ((r->calls[k].sign & (SIGN_MORE | SIGN_NEGATED)) ==
		    SIGN_MORE && !strcmp(r->calls[k].usr, "libc:errno"))
			return true;
	return false;
}

/* Whether @fn returns errno itself, as it is (return errno;), or a
 * variable that holds it there (house_ret_errno()). */
bool house_returns_errno(const struct rc_func *fn)
{
	size_t i;

	for (i = 0; i < fn->nsites; i++)
		if (fn->sites[i].rule == 'E' &&
		    !(fn->sites[i].form & SITE_NEGATED) &&
		    !strcmp(fn->sites[i].usr, "libc:errno"))
			return true;
	for (i = 0; i < fn->nrets; i++)
		if (house_ret_errno(&fn->rets[i]))
			return true;
	return false;
}

/* Whether @fn passes on, as a positive value, a result of a function that
 * gives a positive errno (negated, "return -error;", it gives a negative
 * one). */
static bool passes(struct rc_func **idx, size_t n, const struct rc_func *fn)
{
	size_t i, k;

	for (i = 0; i < fn->nrets; i++)
		for (k = 0; k < fn->rets[i].ncalls; k++)
			if ((fn->rets[i].calls[k].sign &
			     (SIGN_MORE | SIGN_NEGATED)) == SIGN_MORE &&
			    funcs_any_fact(idx, n, fn->rets[i].calls[k].usr,
					   FACT_GIVES_PERRNO))
				return true;
	return false;
}

/* A positive errno given by its own constants, by errno, or passed on
 * from a function that gives one, through a few levels. */
static void spread(struct rc_result *res)
{
	struct rc_func **idx = funcs_by_usr(res);
	size_t i, round;
	bool grew = true;

	for (i = 0; i < res->nfuncs; i++)
		if (house_returns_errno(res->funcs[i]) ||
		    (res->funcs[i]->facts & DOC_PERRNO))
			res->funcs[i]->facts |= FACT_GIVES_PERRNO;
	for (round = 0; round < 8 && grew; round++) {
		grew = false;
		for (i = 0; i < res->nfuncs; i++) {
			struct rc_func *fn = res->funcs[i];

			if ((fn->facts & FACT_GIVES_PERRNO) ||
			    fn->type != RT_SIGNED ||
			    !passes(idx, res->nfuncs, fn))
				continue;
			fn->facts |= FACT_GIVES_PERRNO;
			grew = true;
		}
	}
	free(idx);
}

/*
 * Whether @fn gives 0 or errno as it is, and nothing else: on every path
 * 0, errno read as it is, or the result of such a function passed on
 * (remove(p) { fd = open(p, ...); if (fd < 0) { ret = errno; goto out; }
 * ... ret = 0; out: return ret; }).  errno is never negative: whatever
 * the project's style, this function's failure is a positive errno.
 */
bool house_errno_only(const struct rc_func *fn)
{
	return fn->type == RT_SIGNED && (fn->facts & FACT_GIVES_PERRNO) &&
	       (fn->flags & RV_NONNEG) &&
	       !(fn->flags & ~(RV_ZERO | RV_NONNEG | RV_COUNTED));
}

/* Whether callers read @fn's result as 0 or a positive errno. */
static bool is_perrno(const struct rc_config *cfg, const struct rc_func *fn)
{
	if (fn->type != RT_SIGNED || (fn->flags & RV_NEG))
		return false;
	if ((fn->facts & DOC_PERRNO) || house_errno_only(fn))
		return true;
	return cfg->house_perrno && (fn->facts & FACT_GIVES_PERRNO) &&
	       resolve_class(fn) == RC_COUNT;
}

/* The sites where the tree gives the C library's strerror() a negative
 * value, against its calls that give it a positive one. */
static void learn_errstr(struct rc_config *cfg, const struct rc_result *res,
			 bool verbose)
{
	size_t i, j, pos = 0, neg = 0;

	for (i = 0; i < res->nfuncs; i++) {
		const struct rc_func *fn = res->funcs[i];

		if (!fn->report)
			continue;
		pos += fn->errstr_pos;
		for (j = 0; j < fn->nsites; j++) {
			const struct rc_site *x = &fn->sites[j];

			neg += x->rule == 'C' && (x->form & SITE_STRERROR) &&
			       !SITE_ARG_OF(x->form) &&
			       (SITE_MAY_OF(x->form) & SIGN_NEG) &&
			       errstr_name(x->callee);
		}
	}
	cfg->house_errstr = neg >= HOUSE_MIN && neg > 2 * pos;
	if (verbose && (pos || neg))
		fprintf(stderr, "retconv: %zu calls give strerror() a negative value, %zu a positive one as written\n",
			neg, pos);
	if (cfg->house_errstr)
		fprintf(stderr, "retconv: note: house style: %zu of %zu calls that say the sign give strerror() a negative value, as a C library that takes either sign allows; rule C reports them %s\n",
			neg, neg + pos, cfg->style ? "(--style)" : "only with --style");
}

void house_learn(struct rc_config *cfg, struct rc_result *res, bool style,
		 bool verbose)
{
	size_t i, pos = 0, neg = 0, docs = 0;

	for (i = 0; i < res->nfuncs; i++) {
		const struct rc_func *fn = res->funcs[i];
		unsigned f = fn->facts & (FACT_GIVES_PERRNO | FACT_GIVES_NERRNO);

		if (!fn->report || fn->type != RT_SIGNED ||
		    (fn->facts & FACT_ALTERNATE))
			continue;
		docs += !!(fn->facts & DOC_PERRNO);
		if ((fn->facts & DOC_PERRNO) || f == FACT_GIVES_PERRNO)
			pos++;
		else if (f == FACT_GIVES_NERRNO)
			neg++;
	}
	cfg->style = style;
	cfg->house_perrno = pos >= HOUSE_MIN && pos > 2 * neg;
	if (verbose && pos)
		fprintf(stderr, "retconv: %zu functions give an errno positive (%zu documented so), %zu negated\n",
			pos, docs, neg);
	if (cfg->house_perrno)
		fprintf(stderr, "retconv: note: house style: %zu of %zu functions that give an errno give it positive; their results are read as 0 or a positive errno, and 'return EIO;' is reported %s\n",
			pos, pos + neg, style ? "(--style)" : "only with --style");
	learn_errstr(cfg, res, verbose);
	spread(res);
	for (i = 0; i < res->nfuncs + res->nalts; i++) {
		struct rc_func *fn = i < res->nfuncs ? res->funcs[i] :
				     res->alts[i - res->nfuncs];

		if (is_perrno(cfg, fn))
			fn->facts |= FACT_PERRNO_READ;
	}
}

/* Whether @fn's positive errnos are its convention, not a slip: it is
 * documented so, or the project's style is positive errnos (advice, then,
 * shown with --style). */
bool house_keeps_positive(const struct rc_config *cfg,
			  const struct rc_func *fn)
{
	return (fn->facts & DOC_PERRNO) ||
	       (cfg->house_perrno && !cfg->style);
}

/* Whether a negated errno returned by @fn is the odd one out: @fn gives
 * positive errnos by its documentation or by the project's style. */
bool house_gives_positive(const struct rc_config *cfg,
			  const struct rc_func *fn)
{
	return (fn->facts & DOC_PERRNO) ||
	       (cfg->house_perrno && (fn->facts & FACT_GIVES_PERRNO));
}
