// SPDX-License-Identifier: MIT
/*
 * Whether code handles an error, for rule D of the call-site pass
 * (callsite.h).
 *
 * "if (!x) goto out;" misreads x only if the branch it guards is an
 * error's: it returns a negative errno or NULL, jumps to a label named
 * for an error, logs one or aborts, while the other way does not.  This
 * file reads branches, the statements after an if, asserts, and the later
 * reads of a holder (a value read only for being 0 or not) to say so.
 */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "callsite.h"

static bool is_error_label(const char *name)
{
	return strstr(name, "err") || strstr(name, "fail") ||
	       strstr(name, "bad");
}

static bool is_error_call(const char *name)
{
	static const char *const calls[] = {
		"abort", "panic", "BUG", "__builtin_trap", "perror",
		"err", "errx", "verr", "verrx", "error", "pr_err", "pr_crit",
		"pr_alert", "pr_emerg", "dev_err", "dev_crit", "dev_alert",
		"dev_emerg", "netdev_err", "log_err", "log_error",
	};
	size_t i;

	for (i = 0; i < sizeof(calls) / sizeof(calls[0]); i++)
		if (!strcmp(name, calls[i]))
			return true;
	return false;
}

/*
 * The call an assertion makes when its test is false: assert() expands to
 * a test whose other way calls the implementation's failure, a name
 * reserved to it (a leading underscore) with the word assert: the C
 * library's __assert_fail, __assert_func or __assert_rtn, or a project's
 * own assert() macro's _assert_trap.  That way is the error: the program
 * stops there.
 */
static bool is_assert_failure(const char *name)
{
	return name[0] == '_' && strstr(name, "assert");
}

/*
 * A project's own logger at the error level, by the name of the macro the
 * statement is written with: in capitals, its last word the level (ERR,
 * SOCK_LOG_ERROR, DBG_FATAL).  A function's name says less: a lower-case
 * name ending in "err" may record an error, or log one as a warning, or
 * end the program for the case the test asked for; those are known only
 * by name (is_error_call()) or by what they are given (logs_error()).
 */
static bool is_error_logger(const char *name)
{
	static const char *const levels[] = {
		"ERR", "ERROR", "CRIT", "FATAL", "EMERG", "ALERT",
	};
	const char *last = strrchr(name, '_'), *p;
	size_t i;

	for (p = name; *p; p++)
		if (!isupper((unsigned char)*p) && !isdigit((unsigned char)*p) &&
		    *p != '_')
			return false;
	last = last ? last + 1 : name;
	for (i = 0; i < sizeof(levels) / sizeof(levels[0]); i++)
		if (!strcmp(last, levels[i]))
			return true;
	return false;
}

/* Whether the string literals' text @lit (lower case, each literal after
 * a blank) names @callee as perror() would, "callee:" or "callee()" (any
 * case: "FI_CQ_READ:"). */
static bool names_callee(const char *lit, const char *callee)
{
	size_t n = strlen(callee);
	const char *p;

	for (p = lit; *p; p++) {
		if (strncasecmp(p, callee, n) ||
		    (p > lit && ident_char(p[-1])))
			continue;
		if (p[n] == ':' || (p[n] == '(' && p[n + 1] == ')'))
			return true;
	}
	return false;
}

/*
 * Whether the message of @c reports a failure: a word for one in its
 * string literals ("error", "invalid", "not found", "no irq", "out of
 * memory"), "%m", an
 * error's text or number given to it (strerror(err), errno), or, as
 * perror() writes it, the name of the function whose result the if
 * tests followed by a colon or its parentheses ("fi_cq_read: %d").  A
 * message that says what was done ("captured to %s") reports none.
 */
static bool reports_failure(struct scan *s, CXCursor c)
{
	static const char *const words[] = {
		"fail", "error", "err:", "cannot", "can't", "can not",
		"could not", "couldn't", "unable", "invalid", "bad ", "not ",
		" no ", "missing", "unknown", "denied", "refused", "timed out",
		"timeout", "unexpected", "unsupported", "illegal", "abort",
		"fatal", "wrong", "usage", "%m", "oops", "corrupt", "mismatch",
		"out of ", " oom ",
	};
	char *text = range_text(s->tu, text_extent(s->tu, c)), *lit, *q;
	const char *p;
	bool found, in = false;
	size_t i;

	found = strstr(text, "strerror") || strstr(text, "errno");
	lit = xcalloc(strlen(text) + 1, 1);
	for (p = text, q = lit; *p; p++) {
		if (*p == '"' && (p == text || p[-1] != '\\')) {
			in = !in;
			*q++ = ' ';
		} else if (in) {
			*q++ = (char)tolower((unsigned char)*p);
		}
	}
	for (i = 0; i < sizeof(words) / sizeof(words[0]) && !found; i++)
		found = strstr(lit, words[i]) != NULL;
	if (!found && s->tested)
		found = names_callee(lit, s->tested);
	free(lit);
	free(text);
	return found;
}

/*
 * printk(KERN_ERR ...), syslog(LOG_ERR, ...): a message at an error's
 * level.  fprintf(stderr, ...) is the program's diagnostics, of success
 * as well ("captured to %s"): an error's only when the message reports a
 * failure.
 */
static bool logs_error(struct scan *s, CXCursor call, const char *name)
{
	static const char *const loggers[] = {
		"printk", "fprintf", "fputs", "vfprintf", "syslog", "dprintf",
	};
	char *text;
	bool found = false;
	size_t i;

	for (i = 0; i < sizeof(loggers) / sizeof(loggers[0]); i++)
		if (!strcmp(name, loggers[i]))
			break;
	if (i == sizeof(loggers) / sizeof(loggers[0]))
		return false;
	text = spelling(s->tu, call);
	if (strstr(text, "KERN_ERR") || strstr(text, "LOG_ERR") ||
	    strstr(text, "KERN_CRIT"))
		found = true;
	else if (strstr(text, "stderr"))
		found = reports_failure(s, call);
	free(text);
	return found;
}

/*
 * A call whose message says that something failed: a string literal
 * among its words ("failed to", "cannot", "unable to", "could not"), as a
 * project's own logger writes it, at whatever level
 * (nvme_msg(ctx, LOG_DEBUG, "... failed to allocate ..."), SYSERROR("Failed
 * to ..."), bb_error_msg("can't ...")).  The whole of a macro's use is
 * read, as says_success() reads it; says_success() comes first.
 */
static bool says_failure(struct scan *s, CXCursor c)
{
	static const char *const phrases[] = {
		"failed", "failure", "fail to", "cannot", "can't", "can not",
		"could not", "couldn't", "unable to",
	};
	char *text, *p, *q;
	bool found = false, in = false;
	size_t i;

	text = range_text(s->tu, text_extent(s->tu, c));
	/* Only inside string literals: blank the rest. */
	for (p = text, q = text; *p; p++) {
		if (*p == '"' && (p == text || p[-1] != '\\')) {
			in = !in;
			*q++ = ' ';
			continue;
		}
		if (!in)
			continue;
		*q++ = *p >= 'A' && *p <= 'Z' ? (char)(*p + 'a' - 'A') : *p;
	}
	*q = '\0';
	for (i = 0; i < sizeof(phrases) / sizeof(phrases[0]); i++)
		if (strstr(text, phrases[i]))
			found = true;
	free(text);
	return found;
}

/* Whether statement @c is a call to an assertion's failure, written by
 * the assertion's macro (so not by its name, as callee_of() wants). */
bool fails_assertion(CXCursor c)
{
	CXString name;
	bool is;

	c = strip_casts(c);
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return false;
	c = clang_getCursorReferenced(c);
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl)
		return false;
	name = clang_getCursorSpelling(c);
	is = is_assert_failure(clang_getCString(name));
	clang_disposeString(name);
	return is;
}

/* "return NULL;" or "return 0;", read from its tokens: a macro's
 * expansion has none of its own. */
static bool is_null(struct scan *s, CXCursor ret)
{
	char *text = spelling(s->tu, ret);
	bool null = !strcmp(text, "returnNULL") || !strcmp(text, "return0") ||
		    !strcmp(text, "returnNULL;") || !strcmp(text, "return0;");

	free(text);
	return null;
}

/*
 * Errnos that report a state rather than a failure, which success may well
 * lead to: "if (!enqueue(req)) return -EINPROGRESS;".
 */
static bool status_errno(struct scan *s, CXCursor ret)
{
	static const char *const names[] = {
		"EINPROGRESS", "EIOCBQUEUED", "EALREADY", "EEXIST",
	};
	char *text = spelling(s->tu, ret);
	bool found = false;
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strstr(text, names[i]))
			found = true;
	free(text);
	return found;
}

/* What makes statement @c error handling, or NULL. */
static char *error_handling(struct scan *s, CXCursor c)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	char *usr, *name, *callee, *why = NULL, op[8];
	enum rc_type type;
	long long size;
	bool kwq;
	struct kids k;
	CXString str;
	long long v;

	expr_kids(c, &k);
	if (kind == CXCursor_ReturnStmt && k.n == 1 && !status_errno(s, c)) {
		CXCursor e = strip_casts(k.v[0]);

		if (clang_getCursorKind(e) == CXCursor_UnaryOperator) {
			struct kids u;

			expr_kids(e, &u);
			if (u.n == 1)
				unary_op(s->tu, e, u.v[0], op, sizeof(op));
			if (u.n == 1 && !strcmp(op, "-"))
				return xstrdup("returns a negative errno");
		}
		if (const_value(k.v[0], &v) && v < 0)
			return xstrdup("returns a negative errno");
		/* A function of pointers fails with NULL: parisc's
		 * create_tree_node(), "kfree(dev); return NULL;". */
		if (s->fn->type == RT_POINTER && is_null(s, c))
			return xstrdup("returns NULL");
		return NULL;
	}
	if (kind == CXCursor_GotoStmt) {
		str = clang_getCursorSpelling(clang_getCursorReferenced(c));
		if (is_error_label(clang_getCString(str)))
			why = xasprintf("goes to the error label '%s'",
					clang_getCString(str));
		clang_disposeString(str);
		return why;
	}
	if (fails_assertion(c)) {
		str = clang_getCursorSpelling(clang_getCursorReferenced(
				strip_casts(c)));
		why = xasprintf("fails an assertion (%s())",
				clang_getCString(str));
		clang_disposeString(str);
		return why;
	}
	/* pr_err() and BUG() are macros in the kernel: read the name. */
	name = kind == CXCursor_CallExpr || kind == CXCursor_DoStmt ?
	       first_token(s->tu, c) : NULL;
	if (name && (is_error_call(name) || is_error_logger(name)))
		why = xasprintf("calls %s()", name);
	if (!why && callee_of(s->tu, c, &usr, &callee, &type, &kwq, &size)) {
		if (is_error_call(callee))
			why = xasprintf("calls %s()", callee);
		else if (logs_error(s, c, callee))
			why = xasprintf("logs an error with %s()", callee);
		free(usr);
		free(callee);
	}
	/* Any other logger, by what its message says. */
	if (!why && name && says_failure(s, c))
		why = xasprintf("says with %s() that something failed", name);
	free(name);
	return why;
}

/*
 * A test that asserts a call fails reports its success as the error:
 * "if (read_entry(...) == 0) { fprintf(stderr, "read did not fail"); }".
 * A message that says the call succeeded, did not fail, or that what it
 * was given was allowed, shows that the branch reads 0 as success: it is
 * no misread of the convention.
 */
static bool says_success(struct scan *s, CXCursor c)
{
	static const char *const phrases[] = {
		"not fail", "n't fail", "should fail", "should have failed",
		"must fail", "expected to fail", "succeed", "unexpected success",
		"was allowed", "were allowed", "was accepted", "were accepted",
	};
	enum CXCursorKind kind = clang_getCursorKind(c);
	bool found = false;
	char *text, *p;
	size_t i;

	if (kind != CXCursor_CallExpr && kind != CXCursor_DoStmt)
		return false;
	/* The whole of a macro's use: a logger macro's "re-add succeeded". */
	text = range_text(s->tu, text_extent(s->tu, c));
	for (p = text; *p; p++)
		if (*p >= 'A' && *p <= 'Z')
			*p += 'a' - 'A';
	for (i = 0; i < sizeof(phrases) / sizeof(phrases[0]); i++)
		if (strstr(text, phrases[i]))
			found = true;
	free(text);
	return found;
}

struct first_error {
	struct scan *s;
	char *why;
	CXCursor at;
};

static enum CXChildVisitResult branch_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct first_error *fe = data;
	enum CXCursorKind kind = clang_getCursorKind(c);

	(void)parent;
	/* A logging macro's "do { ... } while (0)" is one statement, read
	 * by the macro's name. */
	if (kind == CXCursor_DoStmt) {
		fe->why = error_handling(fe->s, c);
		if (fe->why) {
			fe->at = c;
			return CXChildVisit_Break;
		}
	}
	/* After an if or a loop that may leave the branch (git's color.c:
	 * "if (...) { ...; continue; } goto bad;"), what follows runs only
	 * on some of the paths the test selects. */
	if (kind == CXCursor_IfStmt || kind == CXCursor_SwitchStmt ||
	    kind == CXCursor_ForStmt || kind == CXCursor_WhileStmt ||
	    kind == CXCursor_DoStmt)
		return CXChildVisit_Break;
	if (says_success(fe->s, c))
		return CXChildVisit_Break;
	fe->why = error_handling(fe->s, c);
	if (!fe->why)
		return CXChildVisit_Continue;
	fe->at = c;
	return CXChildVisit_Break;
}

struct status_find {
	struct scan *s;
	bool found;
};

static enum CXChildVisitResult status_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct status_find *f = data;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_ReturnStmt ||
	    !status_errno(f->s, c))
		return CXChildVisit_Continue;
	f->found = true;
	return CXChildVisit_Break;
}

/*
 * Whether block @c returns, at its top level, an errno that reports a
 * state: "if (!resolve_path(p)) { pr_err("exists"); return -EEXIST; }"
 * is a lookup whose success is its caller's failure, and the log says so;
 * it reads the call's 0 rightly.
 */
static bool returns_status(struct scan *s, CXCursor c)
{
	struct status_find f = { .s = s, .found = false };

	clang_visitChildren(c, status_visit, &f);
	return f.found;
}

/*
 * The error handling a branch always does: its own statements, not those
 * of an if or a loop inside it, so that a success branch that checks what
 * it got ("if (!f()) { if (bad) return -EINVAL; }") is not taken for one.
 */
char *branch_error(struct scan *s, CXCursor branch, CXCursor *at)
{
	struct first_error fe = { .s = s, .why = NULL };

	if (clang_getCursorKind(branch) == CXCursor_CompoundStmt) {
		clang_visitChildren(branch, branch_visit, &fe);
		*at = fe.at;
		if (fe.why && returns_status(s, branch)) {
			free(fe.why);
			return NULL;
		}
		return fe.why;
	}
	*at = branch;
	return says_success(s, branch) ? NULL : error_handling(s, branch);
}


struct passed_on {
	struct scan *s;
	const struct origin *o;
	unsigned after;
	bool found;
};

static enum CXChildVisitResult return_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct passed_on *p = data;
	struct origin o;
	struct kids k;

	(void)parent;
	switch (clang_getCursorKind(c)) {
	case CXCursor_ReturnStmt:
		break;
	case CXCursor_FunctionDecl:
	case CXCursor_BlockExpr:
		return CXChildVisit_Continue;
	default:
		return CXChildVisit_Recurse;
	}
	if (offset_of(c) <= p->after)
		return CXChildVisit_Continue;
	expr_kids(c, &k);
	if (k.n == 1 && origin_of(p->s, k.v[0], &o)) {
		p->found = o.key && !strcmp(o.key, p->o->key) &&
			   o.hline == p->o->hline && o.hcol == p->o->hcol;
		origin_free(&o);
	}
	return p->found ? CXChildVisit_Break : CXChildVisit_Continue;
}

/*
 * Whether the holder of @o, still holding the call's value, is returned
 * after the if @c: then a non-zero result is passed on, and an error the
 * branch on 0 returns is one of its own, given where the call had none
 * ("err = validate(); if (unknown) { if (!err) return -EINVAL; } return
 * err;", keeping the first error).  An inverted test of a call that
 * can fail goes on as if it had worked, and returns 0 or a later result;
 * or its branch logs the failure it thinks it saw, which this does not
 * excuse.
 */
bool passed_on_later(struct scan *s, CXCursor c, const struct origin *o)
{
	struct passed_on p = { .s = s, .o = o, .after = end_of(c) };

	if (!o->key)
		return false;
	clang_visitChildren(s->body, return_visit, &p);
	return p.found;
}

/*
 * Whether what runs after an if without else, when its branch is not
 * taken, handles an error before it does anything else that decides:
 * then both ways fail, and the test only chooses the error.  riptide's
 * sendcmd() returns -EIO when riptide_reset() worked (the command that
 * led to the reset still failed) and -EINVAL when it did not.
 */
static bool rest_fails(struct scan *s)
{
	const struct rest *r;
	unsigned j;
	char *why;

	for (r = s->rest; r; r = r->up) {
		for (j = r->i + 1; j < r->n; j++) {
			switch (clang_getCursorKind(r->v[j])) {
			case CXCursor_CallExpr:
			case CXCursor_ReturnStmt:
			case CXCursor_GotoStmt:
			case CXCursor_DoStmt:
				break;
			default:
				return false;
			}
			why = error_handling(s, r->v[j]);
			if (why) {
				free(why);
				return true;
			}
			if (clang_getCursorKind(r->v[j]) != CXCursor_CallExpr)
				return false;
		}
	}
	return false;
}

/* Whether the way not taken into branch @i of an if fails too. */
bool both_fail(struct scan *s, const struct kids *all, unsigned i)
{
	CXCursor at;
	char *why;

	if (all->n == 2)
		return i == 1 && rest_fails(s);
	why = branch_error(s, all->v[3 - i], &at);
	if (!why)
		return false;
	free(why);
	return true;
}

#define MAX_OUTS 8

/* The local variables a call is given the address of ("f(&handle)"),
 * and a branch's statements before its error. */
struct outs {
	struct scan *s;
	unsigned from, to;
	char *usr[MAX_OUTS];
	unsigned n;
	bool used;
};

static enum CXChildVisitResult outs_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct outs *u = data;
	struct kids k;
	CXCursor var;
	CXString str;
	char op[8];

	(void)parent;
	if (offset_of(c) >= u->to || end_of(c) <= u->from)
		return CXChildVisit_Continue;
	expr_kids(c, &k);
	if (clang_getCursorKind(c) != CXCursor_UnaryOperator || k.n != 1 ||
	    offset_of(c) < u->from || u->n == MAX_OUTS)
		return CXChildVisit_Recurse;
	unary_op(u->s->tu, c, k.v[0], op, sizeof(op));
	var = local_of(k.v[0]);
	if (strcmp(op, "&") || clang_Cursor_isNull(var))
		return CXChildVisit_Recurse;
	str = clang_getCursorUSR(var);
	u->usr[u->n++] = xstrdup(clang_getCString(str));
	clang_disposeString(str);
	return CXChildVisit_Continue;
}

static bool is_out(const struct outs *u, CXCursor e)
{
	CXCursor var = local_of(e);
	CXString str;
	bool found = false;
	unsigned i;

	if (clang_Cursor_isNull(var) ||
	    clang_getCursorKind(peel(e)) != CXCursor_DeclRefExpr)
		return false;
	str = clang_getCursorUSR(var);
	for (i = 0; i < u->n; i++)
		if (!strcmp(u->usr[i], clang_getCString(str)))
			found = true;
	clang_disposeString(str);
	return found;
}

/* A call, before the branch's error, given one of the variables. */
static enum CXChildVisitResult used_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct outs *u = data;

	if (offset_of(c) >= u->to)
		return CXChildVisit_Break;
	if (clang_getCursorKind(parent) == CXCursor_CallExpr && is_out(u, c))
		u->used = true;
	return u->used ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * Whether branch @branch, before its error at @at, hands a call what the
 * call of @o returned through a pointer argument ("ret = init(&handle);
 * if (!ret) { destroy(handle); goto fail; }"): it takes the object for
 * made, so it reads 0 as the call having worked, as the convention has
 * it.  A test that asserts a call fails releases what it made by
 * mistake; code that misread 0 as a failure has nothing to release.
 */
bool branch_uses_out(struct scan *s, CXCursor branch, CXCursor at,
		     const struct origin *o)
{
	struct outs u = { .s = s, .from = o->cstart, .to = o->cend };
	unsigned i;

	if (!o->cend)
		return false;
	clang_visitChildren(s->body, outs_visit, &u);
	u.from = offset_of(branch);
	u.to = offset_of(at);
	if (u.n)
		clang_visitChildren(branch, used_visit, &u);
	for (i = 0; i < u.n; i++)
		free(u.usr[i]);
	return u.used;
}

/* A call that releases a lock, or one that aborts. */
static enum CXChildVisitResult assert_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct scan *s = ((void **)data)[0];
	bool *found = ((void **)data)[1];
	char *name;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr &&
	    clang_getCursorKind(c) != CXCursor_DoStmt)
		return CXChildVisit_Continue;
	name = first_token(s->tu, c);
	*found = name && (strstr(name, "unlock") || !strcmp(name, "up_read") ||
			  !strcmp(name, "up_write") || !strcmp(name, "BUG") ||
			  !strcmp(name, "panic") || !strcmp(name, "abort"));
	free(name);
	return *found ? CXChildVisit_Break : CXChildVisit_Continue;
}

/*
 * Whether a branch releases a lock or aborts among its own statements:
 * on a trylock's success, "if (mutex_trylock(&m)) { mutex_unlock(&m);
 * BUG(); }" asserts that the caller held the lock, and the branch's error
 * is the lock being free, not the lock taken.
 */
bool branch_asserts(struct scan *s, CXCursor branch)
{
	bool found = false;
	void *data[2] = { s, &found };

	if (clang_getCursorKind(branch) == CXCursor_CompoundStmt)
		clang_visitChildren(branch, assert_visit, data);
	else
		assert_visit(branch, branch, data);
	return found;
}

/* The reads of one holder between its store and its next one. */
struct reads {
	struct scan *s;
	char *usr;		/* the variable's */
	const char *field;	/* or the field's, as written ("dev->fd") */
	unsigned from;
	unsigned to;
	bool other;		/* one reads more than zero or non-zero */
};

static bool reads_var(struct reads *r, CXCursor e)
{
	CXCursor var = local_of(e);
	CXString str;
	bool same;
	char *text;

	if (r->field) {
		if (clang_getCursorKind(peel(e)) != CXCursor_MemberRefExpr ||
		    offset_of(e) <= r->from || offset_of(e) >= r->to)
			return false;
		text = spelling(r->s->tu, peel(e));
		same = !strcmp(text, r->field);
		free(text);
		return same;
	}
	if (clang_Cursor_isNull(var) ||
	    clang_getCursorKind(peel(e)) != CXCursor_DeclRefExpr)
		return false;
	str = clang_getCursorUSR(var);
	same = !strcmp(clang_getCString(str), r->usr);
	clang_disposeString(str);
	return same && offset_of(e) > r->from && offset_of(e) < r->to;
}

/*
 * Whether child @i of @parent reads the value only for being 0 or not:
 * "!x", "x == 0", "x && y", the condition of an if or a ?:, a store to it,
 * or an argument of a call (used as the value it seems to be).
 */
static bool is_zero_read(struct scan *s, CXCursor parent, unsigned i)
{
	enum CXCursorKind kind = clang_getCursorKind(parent);
	struct kids k;
	char op[8];

	switch (kind) {
	case CXCursor_IfStmt:
	case CXCursor_WhileStmt:
	case CXCursor_ConditionalOperator:
		return i == 0;
	case CXCursor_CallExpr:
		return i > 0;
	case CXCursor_UnaryOperator:
		expr_kids(parent, &k);
		if (k.n != 1)
			return false;
		unary_op(s->tu, parent, k.v[0], op, sizeof(op));
		return !strcmp(op, "!");
	case CXCursor_BinaryOperator:
		expr_kids(parent, &k);
		if (k.n != 2)
			return false;
		binary_op(s->tu, k.v[0], k.v[1], op, sizeof(op));
		if (!strcmp(op, "&&") || !strcmp(op, "||"))
			return true;
		if (!strcmp(op, "="))
			return i == 0;
		return (!strcmp(op, "==") || !strcmp(op, "!=")) &&
		       is_zero_const(k.v[1 - i]);
	default:
		return false;
	}
}

static enum CXChildVisitResult reads_visit(CXCursor c, CXCursor parent,
					   CXClientData data);

static void reads_walk(struct reads *r, CXCursor parent)
{
	struct kids all = { .n = 0 };
	unsigned i;

	clang_visitChildren(parent, kid_visit, &all);
	if (all.n > MAX_KIDS) {
		/* A block or a call with many arguments: only its calls'
		 * arguments and statements, each on its own. */
		clang_visitChildren(parent, reads_visit, r);
		return;
	}
	for (i = 0; i < all.n && !r->other; i++) {
		if (reads_var(r, all.v[i]))
			r->other = !is_zero_read(r->s, parent, i);
		else
			reads_walk(r, all.v[i]);
	}
}

static enum CXChildVisitResult reads_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct reads *r = data;

	/* Past MAX_KIDS, the index is unknown: a call's argument or a
	 * statement of a block, the only parents with that many. */
	if (reads_var(r, c))
		r->other = clang_getCursorKind(parent) != CXCursor_CallExpr;
	else
		reads_walk(r, c);
	return r->other ? CXChildVisit_Break : CXChildVisit_Continue;
}

/*
 * Whether the value @o stored is read, until the holder's next store, only
 * for being 0 or not (is_zero_read): then no test tells its negative values
 * from its positive ones, and a negative errno passes for a value.  A
 * field's holder ("dev->fd = open(...); if (dev->fd)") is read as written:
 * the same spelling, in this body.
 */
bool zero_only(struct scan *s, const struct origin *o)
{
	struct reads r = { .s = s, .from = o->hend, .to = UINT_MAX };
	size_t i;

	if (!o->key)
		return true;
	if (!strncmp(o->key, "m:", 2))
		r.field = o->key + 2;
	else if (strncmp(o->key, "v:", 2))
		return false;
	for (i = 0; i < s->nst; i++)
		if (!strcmp(s->st[i].key, o->key) &&
		    s->st[i].offset > o->hend && s->st[i].offset < r.to)
			r.to = s->st[i].offset;
	r.usr = o->key + 2;
	reads_walk(&r, s->body);
	return !r.other;
}
