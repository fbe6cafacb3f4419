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

enum rc_type type_class(CXType t)
{
	t = clang_getCanonicalType(t);
	switch (t.kind) {
	case CXType_Void:
		return RT_VOID;
	case CXType_Bool:
		return RT_BOOL;
	case CXType_Char_U: case CXType_UChar: case CXType_UShort:
	case CXType_UInt: case CXType_ULong: case CXType_ULongLong:
	case CXType_UInt128:
		return RT_UNSIGNED;
	case CXType_Char_S: case CXType_SChar: case CXType_Short:
	case CXType_Int: case CXType_Long: case CXType_LongLong:
	case CXType_Int128:
		return RT_SIGNED;
	case CXType_Pointer: case CXType_BlockPointer:
		return RT_POINTER;
	default:
		return RT_OTHER;
	}
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

static unsigned const_flags(long long v)
{
	if (v < 0)
		return RV_NEG;
	if (v == 0)
		return RV_ZERO;
	return v == 1 ? RV_ONE : RV_POS;
}

/* Let clang fold the expression; false when it is not an integer constant. */
static bool eval_const(CXCursor e, struct eval *ev)
{
	CXEvalResult r = clang_Cursor_Evaluate(e);
	bool found = false;

	if (!r)
		return false;
	if (clang_EvalResult_getKind(r) == CXEval_Int) {
		unsigned long long u = clang_EvalResult_getAsUnsigned(r);

		if (clang_EvalResult_isUnsignedInt(r))
			ev->flags |= u > 1 ? RV_POS : const_flags((long long)u);
		else
			ev->flags |= const_flags(clang_EvalResult_getAsLongLong(r));
		found = true;
	}
	clang_EvalResult_dispose(r);
	return found;
}

enum CXChildVisitResult kid_visit(CXCursor c, CXCursor parent,
				  CXClientData data)
{
	struct kids *k = data;

	(void)parent;
	if (k->n < MAX_KIDS)
		k->v[k->n] = c;
	k->n++;
	return CXChildVisit_Continue;
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

/* The direct children of @c that are expressions. */
void expr_kids(CXCursor c, struct kids *k)
{
	struct kids all = { .n = 0 };
	unsigned i;

	clang_visitChildren(c, kid_visit, &all);
	k->n = 0;
	for (i = 0; i < all.n && i < MAX_KIDS; i++)
		if (clang_isExpression(clang_getCursorKind(all.v[i])))
			k->v[k->n++] = all.v[i];
}

/* The first punctuation token in @range, or "" (a macro hid it). */
static void first_punct(CXTranslationUnit tu, CXSourceRange range, char *op,
			size_t size)
{
	CXToken *toks = NULL;
	unsigned n = 0, i;

	op[0] = '\0';
	clang_tokenize(tu, range, &toks, &n);
	for (i = 0; i < n; i++) {
		if (clang_getTokenKind(toks[i]) == CXToken_Punctuation) {
			CXString s = clang_getTokenSpelling(tu, toks[i]);

			snprintf(op, size, "%s", clang_getCString(s));
			clang_disposeString(s);
			break;
		}
	}
	if (toks)
		clang_disposeTokens(tu, toks, n);
}

/* Where @loc's macro, if any, was expanded: the file the tokens are in. */
CXSourceLocation expanded(CXTranslationUnit tu, CXSourceLocation loc)
{
	CXFile file = NULL;
	unsigned offset = 0;

	clang_getExpansionLocation(loc, &file, NULL, NULL, &offset);
	return file ? clang_getLocationForOffset(tu, file, offset) : loc;
}

/* The operator of a binary expression sits between its operands. */
void binary_op(CXTranslationUnit tu, CXCursor lhs, CXCursor rhs,
		      char *op, size_t size)
{
	CXSourceLocation a = clang_getRangeEnd(clang_getCursorExtent(lhs));
	CXSourceLocation b = clang_getRangeStart(clang_getCursorExtent(rhs));

	first_punct(tu, clang_getRange(expanded(tu, a), expanded(tu, b)),
		    op, size);
}

/* A prefix operator comes before its operand, a postfix one after. */
void unary_op(CXTranslationUnit tu, CXCursor e, CXCursor operand,
		     char *op, size_t size)
{
	CXSourceRange whole = clang_getCursorExtent(e);
	CXSourceRange inner = clang_getCursorExtent(operand);
	CXSourceLocation ws = expanded(tu, clang_getRangeStart(whole));
	CXSourceLocation is = expanded(tu, clang_getRangeStart(inner));
	unsigned a, b;

	clang_getFileLocation(ws, NULL, NULL, NULL, &a);
	clang_getFileLocation(is, NULL, NULL, NULL, &b);
	if (a < b)
		first_punct(tu, clang_getRange(ws, is), op, size);
	else
		first_punct(tu, clang_getRange(
			expanded(tu, clang_getRangeEnd(inner)),
			expanded(tu, clang_getRangeEnd(whole))), op, size);
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

static void eval_binary(struct fn_ctx *fx, CXCursor e, struct eval *ev,
			int depth)
{
	struct kids k;
	char op[8];

	if (!operands(e, 2, &k, ev))
		return;
	binary_op(fx->tu, k.v[0], k.v[1], op, sizeof(op));
	if (is_bool_op(op))
		ev->flags |= RV_BOOL | RV_ZERO | RV_ONE;
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

bool is_local_var(CXCursor var)
{
	enum CX_StorageClass sc = clang_Cursor_getStorageClass(var);
	CXCursor parent = clang_getCursorSemanticParent(var);

	return clang_getCursorKind(parent) == CXCursor_FunctionDecl &&
	       sc != CX_SC_Static && sc != CX_SC_Extern;
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
 * 0, restrict what returning that variable can give, and so do those of
 * a conditional operator ("return ret < 0 ? ret : 0;").  Calls keep the
 * sign mask for resolve.c to apply once they have been resolved.
 */
#define MAX_GUARDS 16

struct guard {
	CXCursor var;
	unsigned sign;		/* SIGN_*: what the variable can be here */
};


CXCursor peel(CXCursor e)
{
	struct kids k;

	for (;;) {
		enum CXCursorKind kind = clang_getCursorKind(e);

		if (kind != CXCursor_ParenExpr && kind != CXCursor_UnexposedExpr)
			return e;
		expr_kids(e, &k);
		if (k.n != 1)
			return e;
		e = k.v[0];
	}
}

/* The local variable @e names, or a null cursor. */
CXCursor local_of(CXCursor e)
{
	CXCursor ref;

	e = peel(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	ref = clang_getCursorReferenced(e);
	if (clang_getCursorKind(ref) != CXCursor_VarDecl || !is_local_var(ref))
		return clang_getNullCursor();
	return ref;
}

static unsigned sign_of_compare(const char *op)
{
	static const struct {
		const char *op;
		unsigned sign;
	} map[] = {
		{ "<", SIGN_NEG }, { "<=", SIGN_NEG | SIGN_ZERO },
		{ ">", SIGN_POS }, { ">=", SIGN_ZERO | SIGN_POS },
		{ "==", SIGN_ZERO }, { "!=", SIGN_NEG | SIGN_POS },
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(op, map[i].op))
			return map[i].sign;
	return 0;
}

bool is_zero_const(CXCursor e)
{
	struct eval ev = { .flags = 0 };

	return eval_const(e, &ev) && ev.flags == RV_ZERO;
}

/* What @cond being true says of one variable; false if nothing. */
static bool guard_of(struct fn_ctx *fx, CXCursor cond, struct guard *g)
{
	enum CXCursorKind kind;
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
	if (clang_Cursor_isNull(g->var) || !is_zero_const(k.v[1]))
		return false;
	binary_op(fx->tu, k.v[0], k.v[1], op, sizeof(op));
	g->sign = sign_of_compare(op);
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
	if (eval_const(e, ev))
		return;
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

static enum CXChildVisitResult body_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_CompoundStmt) {
		*(CXCursor *)data = c;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Continue;
}

static char *file_name(CXFile file)
{
	CXString s = clang_getFileName(file);
	char *name = xstrdup(clang_getCString(s) ? clang_getCString(s) : "");

	clang_disposeString(s);
	return name;
}

/* The rules a retconv: ignore comment on @line switches off. */
unsigned suppress_on_line(const char *text, size_t size, unsigned line)
{
	const char *p = text, *end = text + size, *eol, *hit;
	unsigned mask = 0;

	for (; p && p < end && line > 1; line--) {
		p = memchr(p, '\n', (size_t)(end - p));
		if (p)
			p++;
	}
	if (!p || p >= end)
		return 0;
	eol = memchr(p, '\n', (size_t)(end - p));
	if (!eol)
		eol = end;
	hit = memmem(p, (size_t)(eol - p), "retconv: ignore", 15);
	if (!hit)
		return 0;
	for (hit += 15; hit < eol && !(hit[0] == '*' && hit[1] == '/'); hit++) {
		if (*hit >= 'A' && *hit <= 'E')
			mask |= SUPPRESS_RULE(*hit);
	}
	return mask ? mask : SUPPRESS_ALL;
}

static unsigned suppress_mask(CXTranslationUnit tu, CXCursor fn, CXFile file,
			      unsigned line)
{
	const char *text;
	size_t size = 0;
	unsigned first;

	text = clang_getFileContents(tu, file, &size);
	if (!text)
		return 0;
	clang_getExpansionLocation(clang_getRangeStart(clang_getCursorExtent(fn)),
				   NULL, &first, NULL, NULL);
	return suppress_on_line(text, size, line) |
	       (first != line ? suppress_on_line(text, size, first) : 0);
}

static bool same_file(CXFile a, CXFile b)
{
	return a && b && clang_File_isEqual(a, b);
}

static enum rc_scope scope_of(CXCursor fn, CXFile file, const char *name)
{
	CXCursor canon = clang_getCanonicalCursor(fn);
	CXFile cfile = NULL;
	char *cname;
	bool exported;

	if (clang_getCursorLinkage(fn) != CXLinkage_External)
		return is_header_name(name) ? SCOPE_PUBLIC : SCOPE_STATIC;
	if (is_header_name(name))
		return SCOPE_EXPORTED;
	clang_getExpansionLocation(clang_getCursorLocation(canon), &cfile,
				   NULL, NULL, NULL);
	if (!cfile || same_file(cfile, file) ||
	    clang_getCursorVisibility(fn) != CXVisibility_Default)
		return SCOPE_PUBLIC;
	cname = file_name(cfile);
	exported = is_header_name(cname);
	free(cname);
	return exported ? SCOPE_EXPORTED : SCOPE_PUBLIC;
}

static char *file_id(CXFile file)
{
	CXFileUniqueID id;

	if (clang_getFileUniqueID(file, &id))
		return xstrdup("-");
	return xasprintf("%llx:%llx", id.data[0], id.data[1]);
}

/* A header's name as printed; functions come a header at a time. */
static char *header_display(const char *path)
{
	static char *last_path, *last_shown;

	if (!last_path || strcmp(last_path, path)) {
		free(last_path);
		free(last_shown);
		last_path = xstrdup(path);
		last_shown = display_path(path);
	}
	return xstrdup(last_shown);
}

/* The walked header @fileid is, or -1. */
static long walked_header(const struct rc_jobs *headers, const char *fileid)
{
	size_t i;

	for (i = 0; headers && i < headers->n; i++)
		if (headers->v[i].fileid && !strcmp(headers->v[i].fileid, fileid))
			return (long)i;
	return -1;
}

/*
 * Who the function is.  A function of the main file is reported under
 * the name the file was given, and so is one of a header found by
 * walking a directory: that header is checked as part of this file.
 */
static void fn_identity(struct fn_ctx *fx, CXCursor c, CXFile file,
			const char *display, const struct rc_jobs *headers)
{
	long h;
	struct rc_func *fn = fx->fn;
	CXString s;
	char *path = file_name(file);

	s = clang_getCursorSpelling(c);
	fn->name = xstrdup(clang_getCString(s));
	clang_disposeString(s);
	s = clang_getCursorUSR(c);
	fn->usr = xstrdup(clang_getCString(s));
	clang_disposeString(s);
	fn->report = clang_Location_isFromMainFile(clang_getCursorLocation(c));
	fn->file = fn->report ? xstrdup(display) : header_display(path);
	fn->fileid = file_id(file);
	h = fn->report ? -1 : walked_header(headers, fn->fileid);
	if (h >= 0) {
		free(fn->file);
		fn->file = xstrdup(headers->v[h].file);
		fn->report = true;
	}
	fn->scope = scope_of(c, file, path);
	fn->type = type_class(clang_getCursorResultType(c));
	fn->suppress = suppress_mask(fx->tu, c, file, fn->line);
	free(path);
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

/* Where clang met an error: what recovery may have dropped. */
struct flaw {
	CXFile file;
	unsigned offset;
};

struct unit_walk {
	CXTranslationUnit tu;
	const char *display;
	const struct rc_jobs *headers;	/* found by walking, or NULL */
	FILE *out;
	struct flaw *flaws;
	size_t nflaws;
};

static void recovered(struct unit_walk *u, CXCursor c, CXFile file,
		      struct rc_func *fn);

static void summarize(struct unit_walk *u, CXCursor c)
{
	CXTranslationUnit tu = u->tu;
	struct rc_func fn = { .line = 0 };
	struct fn_ctx fx = { .tu = tu, .fn = &fn };
	CXFile file = NULL;
	size_t i;

	clang_getExpansionLocation(clang_getCursorLocation(c), &file,
				   &fn.line, &fn.col, NULL);
	if (!file)
		return;
	fx.body = clang_getNullCursor();
	clang_visitChildren(c, body_visit, &fx.body);
	if (clang_Cursor_isNull(fx.body))
		return;
	fn_identity(&fx, c, file, u->display, u->headers);
	if (fn.type != RT_VOID) {
		struct ret_walk w = { .fx = &fx, .n = 0 };

		walk_stmt(&w, fx.body);
		if (configured(tu, fx.body, file))
			for (i = 0; i < fn.nrets; i++)
				fn.rets[i].flags |= RV_UNKNOWN;
	}
	callsite_scan(tu, fx.body, &fn);
	recovered(u, c, file, &fn);
	summary_write_func(u->out, &fn);
	for (i = 0; i < fx.nvars; i++)
		eval_free(&fx.vars[i].ev);
	free(fx.vars);
	free(fn.usr);
	free(fn.name);
	free(fn.file);
	free(fn.fileid);
	for (i = 0; i < fn.nrets; i++) {
		struct eval ev = { .calls = fn.rets[i].calls,
				   .ncalls = fn.rets[i].ncalls };
		eval_free(&ev);
	}
	free(fn.rets);
	for (i = 0; i < fn.nsites; i++)
		site_free(&fn.sites[i]);
	free(fn.sites);
}



static unsigned file_offset(CXSourceLocation loc, CXFile *file)
{
	unsigned off = 0;

	clang_getExpansionLocation(loc, file, NULL, NULL, &off);
	return off;
}

static bool flawed(const struct unit_walk *u, CXFile file, unsigned from,
		   unsigned to)
{
	size_t i;

	for (i = 0; i < u->nflaws; i++)
		if (u->flaws[i].offset >= from && u->flaws[i].offset <= to &&
		    same_file(u->flaws[i].file, file))
			return true;
	return false;
}

static unsigned line_offset(CXTranslationUnit tu, CXFile file, unsigned line,
			    unsigned col)
{
	return file_offset(clang_getLocation(tu, file, line, col ? col : 1),
			   NULL);
}

/*
 * A function clang met an error in may have lost statements to recovery:
 * a "return -EFAULT;" whose name was unknown, a store between a call and
 * the test of its result.  What it returns is then unknown (so rules A
 * and B and its callers' C and D stay silent), and a result kept in a
 * holder is judged only when no error lies between the store and the use.
 * A result tested where it is made needs nothing that could be lost.
 */
static void recovered(struct unit_walk *u, CXCursor c, CXFile file,
		      struct rc_func *fn)
{
	CXSourceRange ext = clang_getCursorExtent(c);
	unsigned from = file_offset(clang_getRangeStart(ext), NULL);
	unsigned to = file_offset(clang_getRangeEnd(ext), NULL);
	struct rc_return *r;
	size_t i, n = 0;

	if (!clang_isInvalidDeclaration(c) && !flawed(u, file, from, to))
		return;
	if (fn->type == RT_SIGNED) {
		fn->rets = xrealloc(fn->rets,
				    (fn->nrets + 1) * sizeof(*fn->rets));
		r = &fn->rets[fn->nrets++];
		memset(r, 0, sizeof(*r));
		r->line = fn->line;
		r->col = fn->col;
		r->flags = RV_UNKNOWN;
	}
	for (i = 0; i < fn->nsites; i++) {
		struct rc_site *x = &fn->sites[i];

		if (x->holder[0] &&
		    flawed(u, file, line_offset(u->tu, file, x->hline, x->hcol),
			   line_offset(u->tu, file, x->line, x->col)))
			site_free(x);
		else
			fn->sites[n++] = *x;
	}
	fn->nsites = n;
}

static void collect_flaws(struct unit_walk *u)
{
	unsigned i, n = clang_getNumDiagnostics(u->tu);

	for (i = 0; i < n; i++) {
		CXDiagnostic d = clang_getDiagnostic(u->tu, i);
		struct flaw *f;

		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			u->flaws = xrealloc(u->flaws,
					    (u->nflaws + 1) * sizeof(*u->flaws));
			f = &u->flaws[u->nflaws++];
			f->file = NULL;
			f->offset = file_offset(clang_getDiagnosticLocation(d),
						&f->file);
		}
		clang_disposeDiagnostic(d);
	}
}

static enum CXChildVisitResult unit_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	struct unit_walk *u = data;
	CXSourceLocation loc = clang_getCursorLocation(c);

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_FunctionDecl ||
	    !clang_isCursorDefinition(c) || clang_Location_isInSystemHeader(loc))
		return CXChildVisit_Continue;
	summarize(u, c);
	return CXChildVisit_Continue;
}

/*
 * Functions whose address the main file takes: every reference to a
 * function that is not the callee of the call it starts.  A call is
 * visited before its children, and its callee is the first reference
 * after it, at the same place.
 */
struct taken_walk {
	FILE *out;
	CXFile pending_file;	/* where the last call starts */
	unsigned pending;
	bool have_pending;
	char **seen;
	size_t nseen;
};

static void at_file(CXCursor c, CXFile *file, unsigned *off)
{
	clang_getFileLocation(clang_getRangeStart(clang_getCursorExtent(c)),
			      file, NULL, NULL, off);
}

static void taken_ref(struct taken_walk *w, CXCursor c)
{
	CXCursor fn = clang_getCursorReferenced(c);
	CXFile file = NULL;
	unsigned off = 0;
	bool callee;
	CXString usr;
	size_t i;

	at_file(c, &file, &off);
	callee = w->have_pending && off == w->pending &&
		 file && clang_File_isEqual(file, w->pending_file);
	w->have_pending = false;
	if (callee || clang_getCursorKind(fn) != CXCursor_FunctionDecl)
		return;
	usr = clang_getCursorUSR(fn);
	for (i = 0; i < w->nseen; i++)
		if (!strcmp(w->seen[i], clang_getCString(usr)))
			break;
	if (i == w->nseen) {
		w->seen = xrealloc(w->seen, (w->nseen + 1) * sizeof(*w->seen));
		w->seen[w->nseen++] = xstrdup(clang_getCString(usr));
		fprintf(w->out, "T\t%s\n", clang_getCString(usr));
	}
	clang_disposeString(usr);
}

static enum CXChildVisitResult taken_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct taken_walk *w = data;
	enum CXCursorKind kind = clang_getCursorKind(c);

	if (clang_getCursorKind(parent) == CXCursor_TranslationUnit &&
	    !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
		return CXChildVisit_Continue;
	if (kind == CXCursor_CallExpr) {
		at_file(c, &w->pending_file, &w->pending);
		w->have_pending = true;
	} else if (kind == CXCursor_DeclRefExpr) {
		taken_ref(w, c);
	}
	return CXChildVisit_Recurse;
}

/* An I record for each walked header the unit includes. */
static void inclusion_visit(CXFile file, CXSourceLocation *stack,
			    unsigned depth, CXClientData data)
{
	struct unit_walk *u = data;
	char *id;
	long h;

	(void)stack;
	if (!depth)
		return;
	id = file_id(file);
	h = walked_header(u->headers, id);
	if (h >= 0)
		fprintf(u->out, "I\t%ld\n", h);
	free(id);
}

int infer_unit(struct CXTranslationUnitImpl *tu, const char *display,
	       const struct rc_jobs *headers, FILE *out)
{
	struct unit_walk u = {
		.tu = tu, .display = display, .headers = headers, .out = out,
	};
	struct taken_walk w = { .out = out };
	size_t i;

	collect_flaws(&u);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), unit_visit, &u);
	clang_visitChildren(clang_getTranslationUnitCursor(tu), taken_visit,
			    &w);
	for (i = 0; i < w.nseen; i++)
		free(w.seen[i]);
	free(w.seen);
	if (headers && headers->n)
		clang_getInclusions(tu, inclusion_visit, &u);
	free(u.flaws);
	return ferror(out) ? -EIO : 0;
}
