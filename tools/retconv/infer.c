// SPDX-License-Identifier: MIT
/*
 * Return-class inference: from a parsed translation unit to one summary per
 * function definition.
 *
 * Each return statement's expression is reduced to a set of rc_value bits.
 * Constants are evaluated by clang (so -EINVAL, true and enum constants are
 * plain numbers), conditionals give both arms, comparisons and logical
 * operators give a boolean, and a negated variable gives a negative errno,
 * as in kernel style "return -errno".  A local variable gives whatever is
 * ever assigned to it in the function (flow-insensitive, so "ret = 0; ...
 * ret = 1; return ret;" gives 0 and 1), or an unknown value once its
 * address is taken or it is changed in place.  A call to a function
 * returning a signed integer is kept by the callee's USR, for resolve.c to
 * replace with the callee's own set once every file has been read: that is
 * how an action that passes on a boolean's result is caught.
 *
 * Implicit conversions are looked through, so "return -EINVAL;" in a bool
 * predicate still shows the negative errno that became true.
 *
 * Some values follow another convention than the one checked, and are
 * marked RV_FOREIGN: a constant named after a library the function calls,
 * returned or compared with (rdma-core's rd_attr_check() returns libmnl's
 * MNL_CB_OK and MNL_CB_ERROR beside its mnl_attr_*() calls; libuv's
 * uv_barrier_wait() returns whether pthread_barrier_wait() gave
 * PTHREAD_BARRIER_SERIAL_THREAD), and every value of a function that
 * reports failure through a pointer parameter named for errors (iproute2's
 * bool parse_on_off(..., int *p_err) returns the value it parsed).
 *
 * The worker's per-unit driver (worker.c) calls infer_returns() once per
 * function definition, beside callsite.c's scan of the same body; the
 * cursor helpers both use are in ast.c.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <clang-c/Index.h>

#include "retconv.h"
#include "ast.h"

#define MAX_DEPTH 48

struct eval {
	unsigned flags;
	struct rc_call *calls;
	size_t ncalls;
};

struct var_entry {
	CXCursor var;
	struct eval ev;
	bool busy;		/* being computed: a cycle through assignments */
};

struct fn_ctx {
	CXTranslationUnit tu;
	CXCursor body;
	struct var_entry *vars;
	size_t nvars;
	struct rc_func *fn;
	struct rc_words libs;	/* first words of the system functions called */
	bool libs_read;
};

static void eval_expr(struct fn_ctx *fx, CXCursor e, struct eval *ev,
		      int depth);

/* A call twice in one value gives what either guard let through. */
static void eval_add_call(struct eval *ev, const char *usr, unsigned fallback,
			  unsigned sign)
{
	size_t i;

	for (i = 0; i < ev->ncalls; i++) {
		if (!strcmp(ev->calls[i].usr, usr)) {
			ev->calls[i].sign |= sign;
			return;
		}
	}
	ev->calls = xrealloc(ev->calls, (ev->ncalls + 1) * sizeof(*ev->calls));
	ev->calls[ev->ncalls].usr = xstrdup(usr);
	ev->calls[ev->ncalls].fallback = fallback;
	ev->calls[ev->ncalls].sign = sign;
	ev->ncalls++;
}

/* Add what @src gives, as far as @sign lets it through. */
static void eval_merge_sign(struct eval *dst, const struct eval *src,
			    unsigned sign)
{
	size_t i;

	dst->flags |= values_restrict(src->flags, sign);
	for (i = 0; i < src->ncalls; i++)
		eval_add_call(dst, src->calls[i].usr, src->calls[i].fallback,
			      src->calls[i].sign & sign);
}

static void eval_merge(struct eval *dst, const struct eval *src)
{
	eval_merge_sign(dst, src, SIGN_ALL);
}

static void eval_free(struct eval *ev)
{
	size_t i;

	for (i = 0; i < ev->ncalls; i++)
		free(ev->calls[i].usr);
	free(ev->calls);
	ev->calls = NULL;
	ev->ncalls = 0;
}

static unsigned type_flags(CXType t)
{
	switch (type_class(t)) {
	case RT_VOID:
		return 0;
	case RT_BOOL:
		return RV_BOOL | RV_ZERO | RV_ONE;
	case RT_UNSIGNED:
		return RV_NONNEG;
	case RT_POINTER:
		return RV_PTR;
	default:
		return RV_UNKNOWN;
	}
}

/* Let clang fold the expression; false when it is not an integer constant. */
static bool eval_const(CXCursor e, struct eval *ev)
{
	unsigned flags = const_values(e);

	ev->flags |= flags;
	return flags != 0;
}

/* Keeps the last child only, in v[0]. */
static enum CXChildVisitResult last_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct kids *k = data;

	(void)parent;
	k->v[0] = c;
	k->n = 1;
	return CXChildVisit_Continue;
}

static bool is_bool_op(const char *op)
{
	static const char *const ops[] = {
		"==", "!=", "<", ">", "<=", ">=", "&&", "||",
	};
	size_t i;

	for (i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		if (!strcmp(op, ops[i]))
			return true;
	return false;
}

/* An operator with other than @want operands is judged by its type. */
static bool operands(CXCursor e, unsigned want, struct kids *k,
		     struct eval *ev)
{
	expr_kids(e, k);
	if (k->n == want)
		return true;
	ev->flags |= type_flags(clang_getCursorType(e));
	return false;
}

/* The first word of @name, lower case, into @word: "mnl" for mnl_attr_ok,
 * "pthread" for PTHREAD_BARRIER_SERIAL_THREAD.  False if it has one word. */
static bool first_word(const char *name, char *word, size_t size)
{
	size_t i = 0;

	while (*name == '_')
		name++;
	for (; name[i] && name[i] != '_' && i + 1 < size; i++)
		word[i] = name[i] >= 'A' && name[i] <= 'Z' ?
			  name[i] - 'A' + 'a' : name[i];
	word[i] = '\0';
	return name[i] == '_' && i > 1;
}

static enum CXChildVisitResult lib_visit(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct fn_ctx *fx = data;
	CXCursor f;
	CXString s;
	char word[32];

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_CallExpr)
		return CXChildVisit_Recurse;
	f = clang_getCursorReferenced(c);
	if (clang_getCursorKind(f) == CXCursor_FunctionDecl &&
	    clang_Location_isInSystemHeader(clang_getCursorLocation(f))) {
		s = clang_getCursorSpelling(f);
		if (first_word(clang_getCString(s), word, sizeof(word)) &&
		    !words_has(&fx->libs, word))
			words_push(&fx->libs, word);
		clang_disposeString(s);
	}
	return CXChildVisit_Recurse;
}

/* Whether the constant @e is spelled as a name of a library the body
 * calls: its macro or enumerator, not a number. */
static bool foreign(struct fn_ctx *fx, CXCursor e)
{
	CXSourceRange r = clang_getCursorExtent(e);
	CXToken *toks = NULL;
	unsigned n = 0;
	bool hit = false;
	char word[32];

	if (!fx->libs_read) {
		clang_visitChildren(fx->body, lib_visit, fx);
		fx->libs_read = true;
	}
	if (!fx->libs.n)
		return false;
	clang_tokenize(fx->tu, clang_getRange(
		expanded(fx->tu, clang_getRangeStart(r)),
		expanded(fx->tu, clang_getRangeEnd(r))), &toks, &n);
	if (n && clang_getTokenKind(toks[0]) == CXToken_Identifier) {
		CXString s = clang_getTokenSpelling(fx->tu, toks[0]);

		hit = first_word(clang_getCString(s), word, sizeof(word)) &&
		      words_has(&fx->libs, word);
		clang_disposeString(s);
	}
	if (toks)
		clang_disposeTokens(fx->tu, toks, n);
	return hit;
}

/* A comparison with a library's constant answers that library's question. */
static bool foreign_compare(struct fn_ctx *fx, const struct kids *k)
{
	unsigned i;

	for (i = 0; i < 2; i++)
		if (const_values(k->v[i]) && foreign(fx, peel(k->v[i])))
			return true;
	return false;
}

static void eval_binary(struct fn_ctx *fx, CXCursor e, struct eval *ev,
			int depth)
{
	struct kids k;
	char op[8];

	if (!operands(e, 2, &k, ev))
		return;
	binary_op(fx->tu, k.v[0], k.v[1], op, sizeof(op));
	if (is_bool_op(op))
		ev->flags |= RV_BOOL | RV_ZERO | RV_ONE |
			     (foreign_compare(fx, &k) ? RV_FOREIGN : 0);
	else if (!strcmp(op, "=") || !strcmp(op, ","))
		eval_expr(fx, k.v[1], ev, depth + 1);
	else
		ev->flags |= type_flags(clang_getCursorType(e));
}

static void eval_unary(struct fn_ctx *fx, CXCursor e, struct eval *ev,
		       int depth)
{
	struct kids k;
	char op[8];

	if (!operands(e, 1, &k, ev))
		return;
	unary_op(fx->tu, e, k.v[0], op, sizeof(op));
	if (!strcmp(op, "!"))
		ev->flags |= RV_BOOL | RV_ZERO | RV_ONE;
	else if (!strcmp(op, "-"))
		ev->flags |= RV_NEG | RV_ZERO;
	else if (!strcmp(op, "+"))
		eval_expr(fx, k.v[0], ev, depth + 1);
	else
		ev->flags |= type_flags(clang_getCursorType(e));
}

static void eval_call(struct fn_ctx *fx, CXCursor e, struct eval *ev,
		      int depth)
{
	CXCursor callee = clang_getCursorReferenced(e);
	CXString usr;

	(void)fx;
	(void)depth;
	if (clang_Cursor_isNull(callee) ||
	    clang_getCursorKind(callee) != CXCursor_FunctionDecl ||
	    type_class(clang_getCursorResultType(callee)) != RT_SIGNED) {
		ev->flags |= type_flags(clang_getCursorType(e));
		return;
	}
	usr = clang_getCursorUSR(callee);
	eval_add_call(ev, clang_getCString(usr), RV_UNKNOWN, SIGN_ALL);
	clang_disposeString(usr);
}

struct var_walk {
	struct fn_ctx *fx;
	CXCursor var;
	struct eval acc;
	int depth;
};

static bool refers_to(CXCursor e, CXCursor var)
{
	while (clang_getCursorKind(e) == CXCursor_ParenExpr) {
		struct kids k;

		expr_kids(e, &k);
		if (k.n != 1)
			return false;
		e = k.v[0];
	}
	return clang_getCursorKind(e) == CXCursor_DeclRefExpr &&
	       clang_equalCursors(clang_getCursorReferenced(e), var);
}

/* An assignment, or an in-place change that leaves the value unknown. */
static void walk_write(struct var_walk *w, CXCursor c, enum CXCursorKind kind)
{
	struct kids k;
	char op[8];

	expr_kids(c, &k);
	if (!k.n || !refers_to(k.v[0], w->var))
		return;
	if (kind == CXCursor_CompoundAssignOperator) {
		w->acc.flags |= RV_UNKNOWN;
	} else if (kind == CXCursor_BinaryOperator && k.n == 2) {
		binary_op(w->fx->tu, k.v[0], k.v[1], op, sizeof(op));
		if (!strcmp(op, "="))
			eval_expr(w->fx, k.v[1], &w->acc, w->depth + 1);
	} else if (kind == CXCursor_UnaryOperator) {
		unary_op(w->fx->tu, c, k.v[0], op, sizeof(op));
		if (!strcmp(op, "&") || !strcmp(op, "++") || !strcmp(op, "--"))
			w->acc.flags |= RV_UNKNOWN;
	}
}

static enum CXChildVisitResult var_visit(CXCursor c, CXCursor parent,
					 CXClientData data)
{
	struct var_walk *w = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	struct kids k;

	(void)parent;
	if (kind == CXCursor_VarDecl && clang_equalCursors(c, w->var)) {
		expr_kids(c, &k);
		if (k.n)
			eval_expr(w->fx, k.v[k.n - 1], &w->acc, w->depth + 1);
		return CXChildVisit_Continue;
	}
	if (kind == CXCursor_BinaryOperator || kind == CXCursor_UnaryOperator ||
	    kind == CXCursor_CompoundAssignOperator)
		walk_write(w, c, kind);
	return CXChildVisit_Recurse;
}

static struct var_entry *var_find(struct fn_ctx *fx, CXCursor var)
{
	size_t i;

	for (i = 0; i < fx->nvars; i++)
		if (clang_equalCursors(fx->vars[i].var, var))
			return &fx->vars[i];
	return NULL;
}

static void eval_var(struct fn_ctx *fx, CXCursor var, struct eval *ev,
		     int depth)
{
	struct var_walk w = { .fx = fx, .var = var, .depth = depth };
	struct var_entry *ent = var_find(fx, var);
	size_t idx;

	if (ent) {
		if (!ent->busy)
			eval_merge(ev, &ent->ev);
		return;
	}
	fx->vars = xrealloc(fx->vars, (fx->nvars + 1) * sizeof(*fx->vars));
	idx = fx->nvars++;
	fx->vars[idx] = (struct var_entry){ .var = var, .busy = true };
	clang_visitChildren(fx->body, var_visit, &w);
	if (!w.acc.flags && !w.acc.ncalls)
		w.acc.flags = type_flags(clang_getCursorType(var));
	/* The walk may have grown fx->vars: index, do not hold a pointer. */
	fx->vars[idx].ev = w.acc;
	fx->vars[idx].busy = false;
	eval_merge(ev, &w.acc);
}

static void eval_ref(struct fn_ctx *fx, CXCursor e, struct eval *ev,
		     int depth)
{
	CXCursor ref = clang_getCursorReferenced(e);

	if (clang_getCursorKind(ref) == CXCursor_VarDecl && is_local_var(ref))
		eval_var(fx, ref, ev, depth);
	else
		ev->flags |= type_flags(clang_getCursorType(e));
}

/*
 * "if (ret < 0) return ret;" returns only the negative values of ret, and
 * that idiom is everywhere errnos are passed on.  The conditions of the
 * if statements around a return, when they compare a local variable with
 * 0 or 1, restrict what returning that variable can give ("if (r != 1)
 * return r;" passes on a reader's 0 and -1, never its 1 for "found"), and
 * so do those of a conditional operator ("return ret < 0 ? ret : 0;").
 * Calls keep the sign mask for resolve.c to apply once they have been
 * resolved.
 */
#define MAX_GUARDS 16

struct guard {
	CXCursor var;
	unsigned sign;		/* SIGN_*: what the variable can be here */
};

/* What "x OP 0" (@one false) or "x OP 1" (@one true) lets x be. */
static unsigned sign_of_compare(const char *op, bool one)
{
	static const struct {
		const char *op;
		unsigned zero;
		unsigned one;
	} map[] = {
		{ "<", SIGN_NEG, SIGN_NEG | SIGN_ZERO },
		{ "<=", SIGN_NEG | SIGN_ZERO, SIGN_NEG | SIGN_ZERO | SIGN_ONE },
		{ ">", SIGN_POS, SIGN_MORE },
		{ ">=", SIGN_ZERO | SIGN_POS, SIGN_POS },
		{ "==", SIGN_ZERO, SIGN_ONE },
		{ "!=", SIGN_NEG | SIGN_POS, SIGN_NEG | SIGN_ZERO | SIGN_MORE },
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(op, map[i].op))
			return one ? map[i].one : map[i].zero;
	return 0;
}

/* What @cond being true says of one variable; false if nothing. */
static bool guard_of(struct fn_ctx *fx, CXCursor cond, struct guard *g)
{
	enum CXCursorKind kind;
	unsigned bound;
	struct kids k;
	char op[8];

	cond = peel(cond);
	g->var = local_of(cond);
	g->sign = SIGN_NEG | SIGN_POS;
	if (!clang_Cursor_isNull(g->var))
		return true;
	kind = clang_getCursorKind(cond);
	expr_kids(cond, &k);
	if (kind == CXCursor_UnaryOperator && k.n == 1) {
		unary_op(fx->tu, cond, k.v[0], op, sizeof(op));
		g->var = local_of(k.v[0]);
		g->sign = SIGN_ZERO;
		return !strcmp(op, "!") && !clang_Cursor_isNull(g->var);
	}
	if (kind != CXCursor_BinaryOperator || k.n != 2)
		return false;
	g->var = local_of(k.v[0]);
	bound = const_values(k.v[1]);
	if (clang_Cursor_isNull(g->var) ||
	    (bound != RV_ZERO && bound != RV_ONE))
		return false;
	binary_op(fx->tu, k.v[0], k.v[1], op, sizeof(op));
	g->sign = sign_of_compare(op, bound == RV_ONE);
	return g->sign != 0;
}

/* One arm of a conditional: when it is the variable the condition tests,
 * only what the condition lets through. */
static void eval_arm(struct fn_ctx *fx, CXCursor arm, const struct guard *g,
		     struct eval *ev, int depth)
{
	struct eval tmp = { .flags = 0 };
	CXCursor var = local_of(arm);

	if (!g || clang_Cursor_isNull(var) || !clang_equalCursors(var, g->var)) {
		eval_expr(fx, arm, ev, depth + 1);
		return;
	}
	eval_expr(fx, arm, &tmp, depth + 1);
	eval_merge_sign(ev, &tmp, g->sign);
	eval_free(&tmp);
}

static void eval_cond(struct fn_ctx *fx, CXCursor e, struct eval *ev,
		      int depth)
{
	struct guard g, ng;
	struct kids k;
	bool have;

	expr_kids(e, &k);
	if (k.n < 2 || k.n > 3) {
		ev->flags |= type_flags(clang_getCursorType(e));
		return;
	}
	have = guard_of(fx, k.v[0], &g);
	ng = g;
	ng.sign = SIGN_ALL & ~g.sign;
	/* c ? a : b gives a or b; GNU c ?: b gives c (when true) or b. */
	eval_arm(fx, k.v[k.n - 2], have ? &g : NULL, ev, depth);
	eval_arm(fx, k.v[k.n - 1], have ? &ng : NULL, ev, depth);
}

/* A GNU statement expression gives its last statement's value. */
static void eval_stmt_expr(struct fn_ctx *fx, CXCursor e, struct eval *ev,
			   int depth)
{
	struct kids body = { .n = 0 }, last = { .n = 0 };

	clang_visitChildren(e, kid_visit, &body);
	if (body.n == 1 &&
	    clang_getCursorKind(body.v[0]) == CXCursor_CompoundStmt)
		clang_visitChildren(body.v[0], last_visit, &last);
	if (last.n && clang_isExpression(clang_getCursorKind(last.v[0])))
		eval_expr(fx, last.v[0], ev, depth + 1);
	else
		ev->flags |= type_flags(clang_getCursorType(e));
}

/* A conversion to bool hides the value: look through it, but cast-to-bool
 * is a boolean whatever went in. */
static void eval_cast(struct fn_ctx *fx, CXCursor e, struct eval *ev,
		      int depth)
{
	enum rc_type to = type_class(clang_getCursorType(e));
	struct kids k;

	expr_kids(e, &k);
	if (to == RT_BOOL)
		ev->flags |= RV_BOOL | RV_ZERO | RV_ONE;
	else if (k.n && to != RT_VOID)
		eval_expr(fx, k.v[k.n - 1], ev, depth + 1);
}

/* How each kind of expression that is not a constant is reduced. */
static const struct {
	enum CXCursorKind kind;
	void (*fn)(struct fn_ctx *fx, CXCursor e, struct eval *ev, int depth);
} evaluators[] = {
	{ CXCursor_ConditionalOperator, eval_cond },
	{ CXCursor_BinaryOperator, eval_binary },
	{ CXCursor_UnaryOperator, eval_unary },
	{ CXCursor_CStyleCastExpr, eval_cast },
	{ CXCursor_CallExpr, eval_call },
	{ CXCursor_DeclRefExpr, eval_ref },
	{ CXCursor_StmtExpr, eval_stmt_expr },
};

/*
 * An unsigned value converted to a signed type no wider than its own can
 * come out negative: git's hex2chr() returns an unsigned int that is
 * ~0U for bad input, and its int callers rightly test it for < 0.  An
 * unsigned field read as it is, though, is a count kept in a structure
 * (git's istate->cache_nr), not a negative value in disguise.
 */
static bool wraps_negative(CXCursor e)
{
	CXType to = clang_getCursorType(e);
	struct kids k;
	CXType from;

	if (type_class(to) != RT_SIGNED)
		return false;
	expr_kids(e, &k);
	if (!k.n || clang_getCursorKind(peel(k.v[k.n - 1])) ==
		    CXCursor_MemberRefExpr)
		return false;
	from = clang_getCursorType(k.v[k.n - 1]);
	return type_class(from) == RT_UNSIGNED &&
	       clang_Type_getSizeOf(from) >= clang_Type_getSizeOf(to);
}

static void eval_expr(struct fn_ctx *fx, CXCursor e, struct eval *ev,
		      int depth)
{
	enum CXCursorKind kind = clang_getCursorKind(e);
	struct kids k;
	size_t i;

	if (depth > MAX_DEPTH) {
		ev->flags |= type_flags(clang_getCursorType(e));
		return;
	}
	if ((kind == CXCursor_UnexposedExpr ||
	     kind == CXCursor_CStyleCastExpr) && wraps_negative(e)) {
		if (!eval_const(e, ev))
			ev->flags |= RV_UNKNOWN;
		return;
	}
	if (kind == CXCursor_UnexposedExpr || kind == CXCursor_ParenExpr) {
		expr_kids(e, &k);
		if (k.n == 1) {
			eval_expr(fx, k.v[0], ev, depth + 1);
			return;
		}
	}
	if (eval_const(e, ev)) {
		if (foreign(fx, e))
			ev->flags |= RV_FOREIGN;
		return;
	}
	for (i = 0; i < sizeof(evaluators) / sizeof(evaluators[0]); i++) {
		if (evaluators[i].kind == kind) {
			evaluators[i].fn(fx, e, ev, depth);
			return;
		}
	}
	ev->flags |= type_flags(clang_getCursorType(e));
}

struct ret_walk {
	struct fn_ctx *fx;
	struct guard g[MAX_GUARDS];
	unsigned n;
};

static void add_return(struct ret_walk *w, CXCursor ret)
{
	struct eval ev = { .flags = 0 }, tmp = { .flags = 0 };
	struct rc_func *fn = w->fx->fn;
	struct rc_return *r;
	struct kids k;
	CXCursor var;
	unsigned i, sign = SIGN_ALL;

	expr_kids(ret, &k);
	if (!k.n)
		return;
	eval_expr(w->fx, k.v[0], &tmp, 0);
	var = local_of(k.v[0]);
	for (i = 0; i < w->n && !clang_Cursor_isNull(var); i++)
		if (clang_equalCursors(w->g[i].var, var))
			sign &= w->g[i].sign;
	eval_merge_sign(&ev, &tmp, sign);
	eval_free(&tmp);
	fn->rets = xrealloc(fn->rets, (fn->nrets + 1) * sizeof(*fn->rets));
	r = &fn->rets[fn->nrets++];
	memset(r, 0, sizeof(*r));
	clang_getExpansionLocation(clang_getCursorLocation(ret), NULL,
				   &r->line, &r->col, NULL);
	r->flags = ev.flags;
	r->calls = ev.calls;
	r->ncalls = ev.ncalls;
}

static void walk_stmt(struct ret_walk *w, CXCursor c);

static enum CXChildVisitResult return_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	(void)parent;
	walk_stmt(data, c);
	return CXChildVisit_Continue;
}

static void walk_branch(struct ret_walk *w, CXCursor branch, bool have,
			const struct guard *g)
{
	if (have && w->n < MAX_GUARDS) {
		w->g[w->n++] = *g;
		walk_stmt(w, branch);
		w->n--;
	} else {
		walk_stmt(w, branch);
	}
}

static void walk_if(struct ret_walk *w, CXCursor c)
{
	struct kids all = { .n = 0 };
	struct guard g, ng;
	bool have;

	clang_visitChildren(c, kid_visit, &all);
	if (all.n < 2 || all.n > 3) {
		clang_visitChildren(c, return_visit, w);
		return;
	}
	have = guard_of(w->fx, all.v[0], &g);
	ng = g;
	ng.sign = SIGN_ALL & ~g.sign;
	walk_branch(w, all.v[1], have, &g);
	if (all.n == 3)
		walk_branch(w, all.v[2], have, &ng);
}

static void walk_stmt(struct ret_walk *w, CXCursor c)
{
	switch (clang_getCursorKind(c)) {
	case CXCursor_ReturnStmt:
		add_return(w, c);
		break;
	case CXCursor_IfStmt:
		walk_if(w, c);
		break;
	/* GNU nested functions and blocks return from themselves. */
	case CXCursor_FunctionDecl:
	case CXCursor_BlockExpr:
		break;
	default:
		clang_visitChildren(c, return_visit, w);
		break;
	}
}

/*
 * Whether a preprocessor conditional stands inside @body: then the body
 * parsed is one configuration's, and others may return what this one
 * does not (libuv's uv_cpumask_size() returns UV_ENOTSUP where affinity
 * is not supported, which its callers rightly test for).
 */
static bool configured(CXTranslationUnit tu, CXCursor body, CXFile file)
{
	unsigned from = 0, to = 0;
	const char *text, *p, *end;
	size_t size = 0;

	text = clang_getFileContents(tu, file, &size);
	if (!text)
		return false;
	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(body)),
				   NULL, NULL, NULL, &from);
	clang_getExpansionLocation(clang_getRangeEnd(clang_getCursorExtent(body)),
				   NULL, NULL, NULL, &to);
	if (to > size || from >= to)
		return false;
	for (p = text + from, end = text + to; p < end; p++) {
		if (*p != '\n')
			continue;
		while (p + 1 < end && (p[1] == ' ' || p[1] == '\t'))
			p++;
		if (p + 3 < end && p[1] == '#' &&
		    (!strncmp(p + 2, "if", 2) || !strncmp(p + 2, "el", 2)))
			return true;
	}
	return false;
}

/* A pointer to an integer or a bool, named for errors (int *err, p_err). */
static bool error_param(CXCursor arg)
{
	CXType t = clang_getCursorType(arg);
	CXString s;
	bool named;

	if (type_class(t) != RT_POINTER)
		return false;
	switch (type_class(clang_getPointeeType(clang_getCanonicalType(t)))) {
	case RT_SIGNED:
	case RT_UNSIGNED:
	case RT_BOOL:
		break;
	default:
		return false;
	}
	s = clang_getCursorSpelling(arg);
	named = strstr(clang_getCString(s), "err") != NULL;
	clang_disposeString(s);
	return named;
}

static bool fails_elsewhere(CXCursor func)
{
	int i, n = clang_Cursor_getNumArguments(func);

	for (i = 0; i < n; i++)
		if (error_param(clang_Cursor_getArgument(func, (unsigned)i)))
			return true;
	return false;
}

void infer_returns(CXTranslationUnit tu, CXCursor func, CXCursor body,
		   CXFile file, struct rc_func *fn)
{
	struct fn_ctx fx = { .tu = tu, .body = body, .fn = fn };
	struct ret_walk w = { .fx = &fx, .n = 0 };
	bool elsewhere = fails_elsewhere(func);
	size_t i;

	walk_stmt(&w, body);
	if (configured(tu, body, file))
		for (i = 0; i < fn->nrets; i++)
			fn->rets[i].flags |= RV_UNKNOWN;
	for (i = 0; elsewhere && i < fn->nrets; i++)
		fn->rets[i].flags |= RV_FOREIGN;
	for (i = 0; i < fx.nvars; i++)
		eval_free(&fx.vars[i].ev);
	free(fx.vars);
	words_free(&fx.libs);
}
