// SPDX-License-Identifier: MIT
/*
 * Return-class inference: from a parsed translation unit to one summary per
 * function definition.
 *
 * Each return statement's expression is reduced to a set of rc_value bits.
 * Constants are evaluated by clang (so -EINVAL, true and enum constants are
 * plain numbers), conditionals give both arms, comparisons and logical
 * operators give a boolean, and a negation changes its operand's signs
 * (values_negate()): a value never negative, or one nothing bounds, gives
 * a negative errno, as in kernel style "return -errno"; one of negative
 * errors and nothing positive (a call's 0/-errno result, a pointer's
 * error code) a positive errno, as code of positive errnos means it to (a
 * return that negates a variable holding only 0 and negative constants
 * there is marked for rule E too, rc_return.negheld).  A returned local variable gives
 * what reaches that return in the order the body runs (see "Flow" below);
 * where the walk cannot follow the body, and for a variable read inside
 * another expression, whatever is ever assigned to it in the function
 * ("ret = 0; ... ret = 1;" gives 0 and 1), or an unknown value once its
 * address is taken, it is changed in place or it is an operand of an asm
 * statement (a system call's stub returns what the kernel left there).  An OR into it is not
 * unknown: "change |= f();" gives what it held and what f() gives, as
 * an OR is negative, 0, 1 or above 1 only when one of its operands is
 * (ALSA's put callbacks OR together each channel's 0/1 "changed").  A
 * call to a function returning a signed integer is kept by the callee's
 * USR, for resolve.c to replace with the callee's own set once every file
 * has been read: that is how an action that passes on a boolean's result
 * is caught.
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
 * bool parse_on_off(..., int *p_err) returns the value it parsed); and a
 * member of an enumeration that lists more than a yes and a no, and no
 * error (a packet filter's verdict, return XDP_DROP where XDP_PASS is 2):
 * its 0 and 1 are two answers among several, neither a success code nor
 * a boolean.
 *
 * The worker's per-unit driver (unit.c) calls infer_returns() once per
 * function definition, beside callsite.c's scan of the same body; the
 * cursor helpers both use are in ast.c.
 *
 * The file stays whole, past 800 lines, because its two halves are one
 * recursion: the value of an expression (eval_*) asks the flow walk what
 * a variable holds at a return (flow_at()), and the flow walk asks the
 * value of what each store writes; in two files they would call each
 * other both ways, which tests/retconv-layout.t forbids.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <clang-c/Index.h>

#include "retconv.h"
#include "sysloc.h"
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
	struct flow **flows;	/* one per variable followed */
	size_t nflows;
	bool minus_one_true;	/* a -1 returned as its truth type is true */
};

static void eval_expr(struct fn_ctx *fx, CXCursor e, struct eval *ev,
		      int depth);
struct flow;
static const struct eval *flow_at(struct fn_ctx *fx, CXCursor var,
				  CXCursor ret);

/* A call twice in one value gives what either guard let through. */
static void eval_add_call(struct eval *ev, const char *usr, unsigned fallback,
			  unsigned sign)
{
	size_t i;

	/* A negated result is no longer passed on as it is. */
	if (sign & SIGN_NEGATED)
		sign &= ~SIGN_WHOLE;
	for (i = 0; i < ev->ncalls; i++) {
		if (!strcmp(ev->calls[i].usr, usr) &&
		    !((ev->calls[i].sign ^ sign) & SIGN_NEGATED)) {
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

/* The signs of a negated call's own result that give a value of the
 * signs @sign: its positive values for a guard's negative, and so on. */
static unsigned sign_flip(unsigned sign)
{
	unsigned out = (sign & ~(SIGN_ALL | SIGN_WHOLE)) | (sign & SIGN_ZERO);

	if (sign & SIGN_NEG)
		out |= SIGN_POS;
	if (sign & SIGN_POS)
		out |= SIGN_NEG;
	return out | SIGN_NEGATED;
}

/* Add what @src gives, as far as @sign lets it through.  A guard that
 * lets 0 and 1 both through leaves a whole result whole. */
static void eval_merge_sign(struct eval *dst, const struct eval *src,
			    unsigned sign)
{
	size_t i;

	if ((sign & (SIGN_ZERO | SIGN_ONE)) == (SIGN_ZERO | SIGN_ONE))
		sign |= SIGN_WHOLE;
	dst->flags |= values_restrict(src->flags, sign);
	for (i = 0; i < src->ncalls; i++)
		eval_add_call(dst, src->calls[i].usr, src->calls[i].fallback,
			      src->calls[i].sign &
			      (src->calls[i].sign & SIGN_NEGATED ?
			       sign_flip(sign) : sign));
}

/* "-x" of the values in @ev, in place: values_negate(), and each call's
 * result negated once more (no longer passed on as it is). */
static void eval_negate(struct eval *ev)
{
	size_t i;

	ev->flags = values_negate(ev->flags);
	for (i = 0; i < ev->ncalls; i++)
		ev->calls[i].sign = (ev->calls[i].sign & ~SIGN_WHOLE) ^
				    SIGN_NEGATED;
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

/*
 * A local variable, or a parameter: a parameter is a local whose first
 * value the caller chose, so the flow reads it from its type on and
 * narrows it by the tests on the way ("if (err >= 0) return 0;" leaves
 * it negative below).
 */
static CXCursor local_or_param(CXCursor e)
{
	CXCursor var = local_of(e), ref;

	if (!clang_Cursor_isNull(var))
		return var;
	e = peel(e);
	if (clang_getCursorKind(e) != CXCursor_DeclRefExpr)
		return clang_getNullCursor();
	ref = clang_getCursorReferenced(e);
	if (clang_getCursorKind(ref) != CXCursor_ParmDecl)
		return clang_getNullCursor();
	return ref;
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
	    sysloc_system(clang_getCursorLocation(f))) {
		s = clang_getCursorSpelling(f);
		if (first_word(clang_getCString(s), word, sizeof(word)) &&
		    !words_has(&fx->libs, word))
			words_push(&fx->libs, word);
		clang_disposeString(s);
	}
	return CXChildVisit_Recurse;
}

/* Whether the constant @e is spelled as a name (its macro or enumerator,
 * not a number) that @test accepts. */
static bool spelled_as(struct fn_ctx *fx, CXCursor e,
		       bool (*test)(struct fn_ctx *fx, const char *name))
{
	CXSourceRange r = clang_getCursorExtent(e);
	CXToken *toks = NULL;
	unsigned n = 0;
	bool hit = false;

	clang_tokenize(fx->tu, clang_getRange(
		expanded(fx->tu, clang_getRangeStart(r)),
		expanded(fx->tu, clang_getRangeEnd(r))), &toks, &n);
	if (n && clang_getTokenKind(toks[0]) == CXToken_Identifier) {
		CXString s = clang_getTokenSpelling(fx->tu, toks[0]);

		hit = test(fx, clang_getCString(s));
		clang_disposeString(s);
	}
	if (toks)
		clang_disposeTokens(fx->tu, toks, n);
	return hit;
}

static bool library_name(struct fn_ctx *fx, const char *name)
{
	char word[32];

	return first_word(name, word, sizeof(word)) &&
	       words_has(&fx->libs, word);
}

/* Whether the constant @e is spelled as a name of a library the body
 * calls: its macro or enumerator, not a number. */
static bool foreign(struct fn_ctx *fx, CXCursor e)
{
	if (!fx->libs_read) {
		clang_visitChildren(fx->body, lib_visit, fx);
		fx->libs_read = true;
	}
	return fx->libs.n && spelled_as(fx, e, library_name);
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

/*
 * A sum or a product of values never negative is never negative: "return
 * 1 + len;", "size += 1 + *p;" count.  An operand that may be negative,
 * a pointer, a call whose class the parent settles later or another
 * library's constant leaves the value to its type.
 */
static void eval_growth(struct fn_ctx *fx, CXCursor e, const struct kids *k,
			struct eval *ev, int depth)
{
	struct eval both = { .flags = 0 };

	eval_expr(fx, k->v[0], &both, depth + 1);
	eval_expr(fx, k->v[1], &both, depth + 1);
	if (!both.ncalls && !(both.flags & (RV_NEG | RV_UNKNOWN | RV_PTR |
					    RV_FOREIGN)))
		ev->flags |= RV_NONNEG;
	else
		ev->flags |= type_flags(clang_getCursorType(e));
	eval_free(&both);
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
	else if (!strcmp(op, "+") || !strcmp(op, "*"))
		eval_growth(fx, e, &k, ev, depth);
	else
		ev->flags |= type_flags(clang_getCursorType(e));
}

/*
 * Whether @e is a pointer made an integer: its casts taken off, a
 * pointer, or an expression clang could not type whose last operand is
 * one (a cast to a type a missing header left unknown reads as a call of
 * a parenthesized name, "(__sptr)(p)", the pointer its argument).
 */
static bool made_of_pointer(CXCursor e)
{
	struct kids k;
	int depth;

	for (depth = 0; depth < 8; depth++) {
		e = strip_casts(e);
		if (type_class(clang_getCursorType(e)) == RT_POINTER)
			return true;
		if (clang_getCursorType(e).kind != CXType_Dependent)
			return false;
		expr_kids(e, &k);
		if (!k.n)
			return false;
		e = k.v[k.n - 1];
	}
	return false;
}

/*
 * The C library's errno read as it is, written so: "(*__errno_location
 * ())" in glibc, a global variable in others (origin.c's errno_callee()
 * reads it the same way); a local or a parameter named errno is the
 * function's own.
 */
static bool is_errno_read(CXTranslationUnit tu, CXCursor e)
{
	char *tok = first_token(tu, e);
	bool is = tok && !strcmp(tok, "errno");
	enum CXCursorKind kind;
	CXCursor var;

	free(tok);
	if (!is)
		return false;
	e = peel(e);
	kind = clang_getCursorKind(e);
	if (kind == CXCursor_DeclRefExpr) {
		var = clang_getCursorReferenced(e);
		if (clang_getCursorKind(var) != CXCursor_VarDecl ||
		    clang_getCursorKind(clang_getCursorSemanticParent(var)) !=
		    CXCursor_TranslationUnit)
			return false;
	} else if (kind != CXCursor_UnaryOperator) {
		return false;
	}
	return type_class(clang_getCursorType(e)) == RT_SIGNED;
}

/*
 * "-x": x's values with their signs changed (values_negate()), a local
 * or a parameter read as it is where it is negated.  "return -rc;" after
 * "rc = uk_9p_lopen(...)", a negative errno, gives a positive one, as
 * code of positive errnos means it to, and so does "return -err;" below
 * "if (err >= 0) return 0;"; "return -errno;" still gives a negative.
 */
static void eval_negated(struct fn_ctx *fx, CXCursor x, struct eval *ev,
			 int depth)
{
	struct eval tmp = { .flags = 0 };
	CXCursor var = local_or_param(x);
	const struct eval *held = clang_Cursor_isNull(var) ? NULL :
				  flow_at(fx, var, peel(x));

	/* A pointer made an integer, whatever the cast's type: an error
	 * pointer's code (a missing header may leave the type unknown). */
	if (made_of_pointer(x))
		tmp.flags |= RV_PTR;
	/* "return -errno;": the kernel's negative errno, as before. */
	else if (is_errno_read(fx->tu, x))
		tmp.flags |= RV_UNKNOWN;
	else if (held)
		eval_merge(&tmp, held);
	else
		eval_expr(fx, x, &tmp, depth + 1);
	/* A value negated, not a constant: a negative error code. */
	if ((tmp.flags & (RV_UNKNOWN | RV_NONNEG | RV_POS)) || tmp.ncalls)
		fx->fn->doc_more |= BODYX_NEG_CODE;
	eval_negate(&tmp);
	eval_merge(ev, &tmp);
	eval_free(&tmp);
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
		eval_negated(fx, k.v[0], ev, depth);
	else if (!strcmp(op, "+"))
		eval_expr(fx, k.v[0], ev, depth + 1);
	else
		ev->flags |= type_flags(clang_getCursorType(e));
}

static void eval_call(struct fn_ctx *fx, CXCursor e, struct eval *ev,
		      int depth)
{
	CXCursor callee = clang_getCursorReferenced(e);
	char *usr;

	(void)fx;
	(void)depth;
	if (clang_Cursor_isNull(callee) ||
	    clang_getCursorKind(callee) != CXCursor_FunctionDecl ||
	    type_class(clang_getCursorResultType(callee)) != RT_SIGNED) {
		ev->flags |= type_flags(clang_getCursorType(e));
		return;
	}
	usr = function_usr(callee);
	eval_add_call(ev, usr, RV_UNKNOWN, SIGN_ALL | SIGN_WHOLE);
	free(usr);
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
	return names_var(e, var);
}

static enum CXChildVisitResult operand_visit(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	CXCursor *var = data;

	(void)parent;
	if (!refers_to(c, *var))
		return CXChildVisit_Continue;
	*var = clang_getNullCursor();
	return CXChildVisit_Break;
}

/*
 * Whether @c is an asm statement with @var among its operands.  What the
 * instructions leave in an output operand is nothing the body says (a
 * system call's stub: "long r = NR; asm(... : "=a"(r) ...); return r;"
 * returns the kernel's -errno, not NR); libclang does not tell outputs
 * from inputs, so any operand counts.
 */
static bool asm_operand(CXCursor c, CXCursor var)
{
	enum CXCursorKind kind = clang_getCursorKind(c);

	if (kind != CXCursor_GCCAsmStmt && kind != CXCursor_MSAsmStmt)
		return false;
	clang_visitChildren(c, operand_visit, &var);
	return clang_Cursor_isNull(var);
}

/*
 * "n += v": a sum, which is a count when what is added never is negative
 * (issue 26: a result used in arithmetic is a count): v's own values,
 * which carry a negative one through when v has it, and a count.  "n++"
 * is "n += 1" (walk_write(), flow_expr()): a counter is a count.
 */
static void sum_into(struct fn_ctx *fx, CXCursor v, struct eval *acc,
		     int depth)
{
	eval_expr(fx, v, acc, depth);
	acc->flags |= RV_NONNEG | RV_COUNTED;
}

/* An assignment, an OR into the variable, or an in-place change that
 * leaves the value unknown.  So does an operator whose text cannot be
 * read (op is ""): libclang places a macro's body at the macro's use, so
 * a function that a macro writes (DEFINE_PARSE_LIST(u16, ...)) has its
 * "n++" and "n = count" there, where no operator is written; taken for
 * no store, they left a count at its first value, 0. */
static void walk_write(struct var_walk *w, CXCursor c, enum CXCursorKind kind)
{
	struct kids k;
	char op[8];

	expr_kids(c, &k);
	if (!k.n || !refers_to(k.v[0], w->var))
		return;
	if (kind == CXCursor_CompoundAssignOperator && k.n == 2) {
		binary_op(w->fx->tu, k.v[0], k.v[1], op, sizeof(op));
		if (!strcmp(op, "|="))
			eval_expr(w->fx, k.v[1], &w->acc, w->depth + 1);
		else if (!strcmp(op, "+="))
			sum_into(w->fx, k.v[1], &w->acc, w->depth + 1);
		else
			w->acc.flags |= RV_UNKNOWN;
	} else if (kind == CXCursor_CompoundAssignOperator) {
		w->acc.flags |= RV_UNKNOWN;
	} else if (kind == CXCursor_BinaryOperator && k.n == 2) {
		binary_op(w->fx->tu, k.v[0], k.v[1], op, sizeof(op));
		if (!strcmp(op, "="))
			eval_expr(w->fx, k.v[1], &w->acc, w->depth + 1);
		else if (!op[0])
			w->acc.flags |= RV_UNKNOWN;
	} else if (kind == CXCursor_UnaryOperator) {
		unary_op(w->fx->tu, c, k.v[0], op, sizeof(op));
		if (!strcmp(op, "++"))
			w->acc.flags |= RV_NONNEG | RV_COUNTED;
		else if (!strcmp(op, "&") || !strcmp(op, "--") || !op[0])
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
	if (asm_operand(c, w->var))
		w->acc.flags |= RV_UNKNOWN;
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
	const struct eval *held;

	if (clang_getCursorKind(ref) != CXCursor_VarDecl || !is_local_var(ref)) {
		ev->flags |= type_flags(clang_getCursorType(e));
		return;
	}
	/* What reaches this read in the order the body runs ("return r ==
	 * -ENODEV ? 0 : r;" after r was overwritten), else every value. */
	held = flow_at(fx, ref, e);
	if (held)
		eval_merge(ev, held);
	else
		eval_var(fx, ref, ev, depth);
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
	unsigned nsign;		/* and where the condition is false */
	char field[64];		/* or the field it tests, as written
				 * ("d.num"), when var is null */
	bool eq;		/* where true, var equals the constant eqv */
	long long eqv;
};

/*
 * What "x OP c" lets x be, for a constant c of values @bound (RV_*): 0
 * and 1 are single values, a negative or a constant above 1 is one of
 * many, so that "x == -1" says x is negative and "x != -1" says nothing.
 */
static unsigned sign_of_compare(const char *op, unsigned bound)
{
	static const struct {
		const char *op;
		unsigned zero;
		unsigned one;
		unsigned neg;
		unsigned more;
	} map[] = {
		{ "<", SIGN_NEG, SIGN_NEG | SIGN_ZERO, SIGN_NEG, SIGN_ALL },
		{ "<=", SIGN_NEG | SIGN_ZERO, SIGN_NEG | SIGN_ZERO | SIGN_ONE,
		  SIGN_NEG, SIGN_ALL },
		{ ">", SIGN_POS, SIGN_MORE, SIGN_ALL, SIGN_MORE },
		{ ">=", SIGN_ZERO | SIGN_POS, SIGN_POS, SIGN_ALL, SIGN_MORE },
		{ "==", SIGN_ZERO, SIGN_ONE, SIGN_NEG, SIGN_MORE },
		{ "!=", SIGN_NEG | SIGN_POS, SIGN_NEG | SIGN_ZERO | SIGN_MORE,
		  SIGN_ALL, SIGN_ALL },
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++) {
		if (strcmp(op, map[i].op))
			continue;
		switch (bound) {
		case RV_ZERO:
			return map[i].zero;
		case RV_ONE:
			return map[i].one;
		case RV_NEG:
			return map[i].neg;
		case RV_POS:
			return map[i].more;
		default:
			return 0;
		}
	}
	return 0;
}

/*
 * The comparison that holds where @op's does not.  The false side of a
 * test is not every sign its true side leaves out: "ret == -EIO" false
 * leaves ret any other negative errno, "ret > -1" false leaves it
 * negative, where the true sides name all signs or just the negative.
 */
static const char *negated_op(const char *op)
{
	static const char *const pairs[][2] = {
		{ "<", ">=" }, { "<=", ">" }, { "==", "!=" },
		{ ">", "<=" }, { ">=", "<" }, { "!=", "==" },
	};
	size_t i;

	for (i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
		if (!strcmp(op, pairs[i][0]))
			return pairs[i][1];
	return "";
}

/* The local variable @e names, or stores to: "(ret = f())" is ret. */
static CXCursor cond_var(struct fn_ctx *fx, CXCursor e)
{
	CXCursor var = local_or_param(e);
	struct kids k;
	char op[8];

	if (!clang_Cursor_isNull(var))
		return var;
	e = peel(e);
	expr_kids(e, &k);
	if (clang_getCursorKind(e) != CXCursor_BinaryOperator || k.n != 2)
		return var;
	binary_op(fx->tu, k.v[0], k.v[1], op, sizeof(op));
	return strcmp(op, "=") ? var : local_of(k.v[0]);
}

/*
 * The text of a field @e reads ("d.num", "st->len") into @buf, if it is
 * one and short: "if (d.num < 0) return d.num;" passes on a negative
 * value whatever the field holds.
 */
static bool field_of(struct fn_ctx *fx, CXCursor e, char *buf)
{
	char *text;
	bool ok;

	e = peel(e);
	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
		return false;
	text = spelling(fx->tu, e);
	ok = strlen(text) < 64;
	if (ok)
		strcpy(buf, text);
	free(text);
	return ok;
}

static bool guard_of(struct fn_ctx *fx, CXCursor cond, struct guard *g);

static bool same_subject(const struct guard *a, const struct guard *b)
{
	if (clang_Cursor_isNull(a->var) || clang_Cursor_isNull(b->var))
		return clang_Cursor_isNull(a->var) &&
		       clang_Cursor_isNull(b->var) && *a->field &&
		       !strcmp(a->field, b->field);
	return clang_equalCursors(a->var, b->var);
}

static unsigned nbits(unsigned x)
{
	return (unsigned)__builtin_popcount(x);
}

/*
 * "r < 0 && r != -ENODEV" is true only where both parts are, and false
 * where either is false; "||" the other way round.  Two parts about one
 * variable join their signs; of parts about different ones, the side that
 * needs both ("&&" true, "||" false) keeps the narrower part's, and the
 * other side says nothing of it (check_devices()-like "if (r < 0 && r !=
 * -ENODEV) return r;" passes on negative values only).
 */
static bool guard_both(struct fn_ctx *fx, const struct kids *k, bool and,
		       struct guard *g)
{
	struct guard a, b;
	bool ha = guard_of(fx, k->v[0], &a), hb = guard_of(fx, k->v[1], &b);

	if (!and) {		/* a || b is !(!a && !b) */
		unsigned t = a.sign;

		a.sign = a.nsign;
		a.nsign = t;
		t = b.sign;
		b.sign = b.nsign;
		b.nsign = t;
	}
	if (ha && hb && same_subject(&a, &b)) {
		*g = a;
		g->sign = a.sign & b.sign;
		g->nsign = a.nsign | b.nsign;
	} else if (ha || hb) {
		*g = ha && (!hb || nbits(a.sign) <= nbits(b.sign)) ? a : b;
		g->nsign = SIGN_ALL;
	} else {
		return false;
	}
	if (!and) {
		unsigned t = g->sign;

		g->sign = g->nsign;
		g->nsign = t;
	}
	g->eq = false;
	return g->sign && g->nsign;
}

/* What @cond being true says of one variable; false if nothing. */
static bool guard_of(struct fn_ctx *fx, CXCursor cond, struct guard *g)
{
	enum CXCursorKind kind;
	unsigned bound;
	struct kids k;
	char op[8];

	cond = peel(cond);
	g->var = cond_var(fx, cond);
	g->field[0] = '\0';
	g->eq = false;
	g->sign = SIGN_NEG | SIGN_POS;
	g->nsign = SIGN_ZERO;
	if (!clang_Cursor_isNull(g->var))
		return true;
	kind = clang_getCursorKind(cond);
	expr_kids(cond, &k);
	if (kind == CXCursor_UnaryOperator && k.n == 1) {
		unary_op(fx->tu, cond, k.v[0], op, sizeof(op));
		g->var = cond_var(fx, k.v[0]);
		g->sign = SIGN_ZERO;
		g->nsign = SIGN_NEG | SIGN_POS;
		return !strcmp(op, "!") && !clang_Cursor_isNull(g->var);
	}
	if (kind != CXCursor_BinaryOperator || k.n != 2)
		return false;
	binary_op(fx->tu, k.v[0], k.v[1], op, sizeof(op));
	if (!strcmp(op, "&&") || !strcmp(op, "||"))
		return guard_both(fx, &k, op[0] == '&', g);
	g->var = cond_var(fx, k.v[0]);
	bound = const_values(k.v[1]);
	if (clang_Cursor_isNull(g->var) && !field_of(fx, k.v[0], g->field))
		return false;
	binary_op(fx->tu, k.v[0], k.v[1], op, sizeof(op));
	g->sign = sign_of_compare(op, bound);
	g->nsign = sign_of_compare(negated_op(op), bound);
	g->eq = !strcmp(op, "==") && const_value(k.v[1], &g->eqv);
	return g->sign && g->nsign;
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
	ng.sign = g.nsign;
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

/* Whether @e reads a field of a structure: a member of a union is one
 * reading of a variant's bits, not a count the structure keeps. */
static bool struct_field(CXCursor e)
{
	CXCursor field;

	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
		return false;
	field = clang_getCursorReferenced(e);
	return !clang_Cursor_isNull(field) &&
	       clang_getCursorKind(clang_getCursorSemanticParent(field)) ==
	       CXCursor_StructDecl;
}

/*
 * An unsigned value converted to a signed type no wider than its own can
 * come out negative: git's hex2chr() returns an unsigned int that is
 * ~0U for bad input, and its int callers rightly test it for < 0.  An
 * unsigned field read as it is, though, is a count kept in a structure
 * (git's istate->cache_nr), not a negative value in disguise; cast to the
 * signed type in so many words, it is the bits read as signed (a packed
 * 32-bit field read as an int32_t), and may well be negative.  So is a
 * field wider than the signed type it is converted to: truncated, its
 * value keeps only its low bits, and the sign is whichever of them lands
 * on top (an assembler's 64-bit expression value returned as an int, a
 * negative operand the user wrote); and so is a member of a union, where
 * an interpreter or a compiler keeps a value of any type (a constant's
 * bits in a uint64_t member, read back as an int64_t).
 */
static bool wraps_negative(CXCursor e)
{
	CXType to = clang_getCursorType(e);
	struct kids k;
	CXType from;

	if (type_class(to) != RT_SIGNED)
		return false;
	expr_kids(e, &k);
	if (!k.n)
		return false;
	from = clang_getCursorType(k.v[k.n - 1]);
	if (type_class(from) != RT_UNSIGNED ||
	    clang_Type_getSizeOf(from) < clang_Type_getSizeOf(to))
		return false;
	return clang_getCursorKind(e) == CXCursor_CStyleCastExpr ||
	       !struct_field(peel(k.v[k.n - 1])) ||
	       clang_Type_getSizeOf(from) > clang_Type_getSizeOf(to);
}

/* The members of an enumeration: whether one is above 1, or below 0. */
struct members {
	bool above_one;
	bool below_zero;
};

static enum CXChildVisitResult member_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct members *m = data;
	long long v;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_EnumConstantDecl)
		return CXChildVisit_Continue;
	v = clang_getEnumConstantDeclValue(c);
	m->above_one |= v > 1;
	m->below_zero |= v < 0;
	return CXChildVisit_Continue;
}

/* The members of the enumeration @e names a member of; false for none. */
static bool members_of(CXCursor e, struct members *m)
{
	CXCursor ref = clang_getCursorReferenced(peel(e));

	if (clang_getCursorKind(ref) != CXCursor_EnumConstantDecl)
		return false;
	clang_visitChildren(clang_getCursorSemanticParent(ref), member_visit,
			    m);
	return true;
}

/* Whether @e names a member of an enumeration of answers, a verdict or a
 * state among several: one above 1, with an error among them or not
 * (PATH_IS_ERROR = -1, NOT_VALID, VALID, MAYBE_VALID: each value is read
 * by its name, and !x or x < 0 is not how its callers tell them apart).
 * An enumeration of 0 and errors (SSH_OK, SSH_ERROR = -1, SSH_AGAIN = -2)
 * is a status of the convention's shape, and is read as one. */
static bool enum_verdict(CXCursor e)
{
	struct members m = { false };

	return members_of(e, &m) && m.above_one;
}

/* Whether @e names the positive member of an enumeration that names its
 * failures below 0 (vsl_more = 1 beside vsl_e_eof = -1 ... vsl_e_write =
 * -5): a code of that set, whose negative members are its own. */
static bool enum_set_code(CXCursor e)
{
	struct members m = { false };

	return members_of(e, &m) && m.below_zero;
}

/* Whether a word of @name (split at '_') is one of @words, in any
 * case. */
static bool has_word_of(const char *name, const char *const *words,
			size_t nwords)
{
	char w[32];
	size_t i, n;

	for (; *name; name += n + (name[n] == '_')) {
		n = strcspn(name, "_");
		if (!n || n >= sizeof(w))
			continue;
		for (i = 0; i < n; i++)
			w[i] = (char)(name[i] >= 'A' && name[i] <= 'Z' ?
				      name[i] - 'A' + 'a' : name[i]);
		w[n] = '\0';
		if (str_among(w, words, nwords))
			return true;
	}
	return false;
}

/* A failure's name: err, error, fail, failed, failure. */
static bool failure_word(struct fn_ctx *fx, const char *name)
{
	static const char *const words[] = {
		"err", "error", "fail", "failed", "failure",
	};

	(void)fx;
	return has_word_of(name, words, sizeof(words) / sizeof(words[0]));
}

/* A success's name: ok, success. */
static bool success_word(struct fn_ctx *fx, const char *name)
{
	static const char *const words[] = { "ok", "success" };

	(void)fx;
	return has_word_of(name, words, sizeof(words) / sizeof(words[0]));
}

/*
 * Whether the body also spells the success of the family @name belongs
 * to: the same prefix, up to its last underscore, before SUCCESS or OK
 * (DISK_RET_EPARAM beside DISK_RET_SUCCESS, a BIOS disk status).  The
 * name is then a code of that status set, a failure, whatever its words.
 */
static bool sibling_success(struct fn_ctx *fx, const char *name)
{
	static const char *const oks[] = { "SUCCESS", "OK" };
	const char *last = strrchr(name, '_'), *text, *p, *end;
	CXFile file = NULL;
	unsigned from = 0;
	size_t size = 0, n, i, k;

	/* The success itself (NET_SUCCESS = 1 beside NET_FAIL = 0) is a
	 * boolean's by another spelling: success_word's. */
	if (!last || last == name || !strcmp(last + 1, oks[0]) ||
	    !strcmp(last + 1, oks[1]))
		return false;
	n = (size_t)(last + 1 - name);
	clang_getExpansionLocation(clang_getCursorLocation(fx->body), &file,
				   NULL, NULL, &from);
	text = file ? file_text(fx->tu, file, &size) : NULL;
	if (!text || end_of(fx->body) > size)
		return false;
	end = text + end_of(fx->body);
	for (p = text + from; p + n < end; p++) {
		if (strncmp(p, name, n) || (p > text &&
		    (isalnum((unsigned char)p[-1]) || p[-1] == '_')))
			continue;
		for (i = 0; i < 2; i++) {
			k = strlen(oks[i]);
			if (!strncmp(p + n, oks[i], k) &&
			    !isalnum((unsigned char)p[n + k]) && p[n + k] != '_')
				return true;
		}
	}
	return false;
}

/*
 * What the positive constant @e is spelled as, a macro or an
 * enumerator: a failure's name (return JIM_ERR;, return EXIT_FAILURE;,
 * return AUTH_STATUS_ERROR;) or a sibling of a success the body spells
 * (DISK_RET_EPARAM beside DISK_RET_SUCCESS), where 0 is success and the
 * failures are positive codes of the project's own: RV_CODE; a success's (return
 * SUDO_RC_OK;, 1 beside SUDO_RC_ERROR = -1, a plugin API's documented
 * success), or a member of an enumeration that names its failures
 * below 0 (vsl_more = 1, "call again", beside vsl_e_eof = -1): RV_OKCODE.
 * Its 1 is a code of that set, not true, and not a success taken for the
 * convention's 0 by mistake.  (A success named
 * beside a failure named 0, NET_SUCCESS and NET_FAIL, is a boolean's
 * success by another spelling: the house style, rule A's.)
 */
static unsigned status_code(struct fn_ctx *fx, CXCursor e, unsigned flags)
{
	if (!(flags & (RV_ONE | RV_POS)))
		return 0;
	if (spelled_as(fx, e, failure_word) ||
	    spelled_as(fx, e, sibling_success))
		return RV_CODE;
	return spelled_as(fx, e, success_word) || enum_set_code(e) ?
	       RV_OKCODE : 0;
}

/* A truth value's name, whatever number the house gives it. */
static bool truth_word(struct fn_ctx *fx, const char *name)
{
	static const char *const names[] = { "TRUE", "FALSE", "YES", "NO" };
	size_t i;

	(void)fx;
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcasecmp(name, names[i]))
			return true;
	return false;
}

/* Whether @t is an integer type named for a truth value (rfbBool,
 * gboolean, BOOL, VARIANT_BOOL); bool itself is not: its values are 0
 * and 1 already, and "return -EINVAL;" in a bool predicate is the error
 * that became true (rule B). */
static bool truth_type(CXType t)
{
	enum rc_type c = type_class(t);
	CXString s;
	bool yes;

	if (c != RT_SIGNED && c != RT_UNSIGNED)
		return false;
	s = clang_getTypeSpelling(t);
	yes = strcasestr(clang_getCString(s), "bool") != NULL;
	clang_disposeString(s);
	return yes;
}

/* Whether @v is -1 in the integer type @t: every bit set. */
static bool all_ones(CXType t, long long v)
{
	long long size = clang_Type_getSizeOf(t);

	if (v == -1)
		return true;
	return type_class(t) == RT_UNSIGNED && size > 0 && size < 8 &&
	       v == (1LL << (8 * size)) - 1;
}

/*
 * A truth value that is neither 0 nor 1: a constant spelled TRUE, FALSE,
 * YES or NO, whatever its value and type (libvncserver defines its
 * rfbBool's TRUE as -1, and an int function of its returns it too), or a
 * -1 converted to an integer type named for a truth value, by a cast or
 * where it is returned or stored (Windows' VARIANT_TRUE is
 * (VARIANT_BOOL)-1; libvncserver's rfbBool functions return -1, its
 * TRUE), unless written as an errno's name (-EPERM) or returned beside
 * other negative constants (janus_config_save(), a gboolean, returns -1,
 * -2 and -3: a status under a truth's name).  A predicate's
 * answer is true or false whatever number spells it: such a -1 is true,
 * not a failure, and is read as the 1 of a house whose TRUE is 1.  Other
 * negative values in such a type stay what they are, as in a bool
 * (return -EINVAL;, return -2;); names that only end in TRUE (a CBOR
 * type code, QCBOR_TYPE_TRUE = 21) are codes of their own.
 */
static bool odd_truth(struct fn_ctx *fx, CXCursor e, struct eval *ev)
{
	enum CXCursorKind kind = clang_getCursorKind(e);
	unsigned flags = const_values(e);
	long long v;

	if (!(flags & (RV_NEG | RV_POS)))
		return false;
	if (!spelled_as(fx, e, truth_word) &&
	    !((kind == CXCursor_CStyleCastExpr ||
	       (kind == CXCursor_UnexposedExpr && fx->minus_one_true)) &&
	      truth_type(clang_getCursorType(e)) &&
	      const_value(e, &v) && all_ones(clang_getCursorType(e), v) &&
	      !house_errno_const(fx->tu, e, NULL)))
		return false;
	ev->flags |= RV_ONE;
	return true;
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
	/* errno as it is: a positive error number (or 0), read as a call
	 * of the C library's, so that the parent knows which returns pass
	 * it on ("ret = errno; goto out; ... return ret;"). */
	if (is_errno_read(fx->tu, e)) {
		eval_add_call(ev, "libc:errno", RV_NONNEG,
			      SIGN_ALL | SIGN_WHOLE);
		return;
	}
	if (odd_truth(fx, e, ev))
		return;
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
		long long v;

		if (foreign(fx, e) || enum_verdict(e))
			ev->flags |= RV_FOREIGN;
		else
			ev->flags |= status_code(fx, e, const_values(e));
		/* A negative error code: another number than -1, or a -1
		 * named as a failure (C_ERR), not a bare -1 or a TRUE. */
		if (!(ev->flags & RV_FOREIGN) && const_value(e, &v) &&
		    (v < -1 ||
		     (v == -1 && spelled_as(fx, e, failure_word))))
			fx->fn->doc_more |= BODYX_NEG_CODE;
		/* An errno's name, of either sign: the house style's. */
		fx->fn->facts |= house_spelled(fx->tu, e);
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

/*
 * Flow: what a returned local variable holds at each return, by walking
 * the body in the order it runs rather than taking every value ever
 * assigned (iproute2's db_names_load() keeps read_id_name()'s 1 for "a
 * line was read" in ret, but overwrites it before every return).  The
 * walk follows if, loops, switch, break, continue and goto to a fixed
 * point; a guard on the variable narrows it in each branch, as above.
 * Anything it cannot follow (the variable's address taken, a computed
 * goto, no fixed point) leaves the variable to the whole-function
 * reading.
 */
#define FLOW_ROUNDS 12

struct state {
	bool live;		/* some path reaches here */
	struct eval ev;
};

struct point {
	unsigned at;		/* where a label, a return or a read starts: a
				 * label's cursor from a goto is not equal to
				 * the one the walk meets, its place is */
	struct state st;
};

struct flow {
	struct fn_ctx *fx;
	CXCursor var;
	struct point *labels;
	size_t nlabels;
	struct point *rets;	/* returns, and reads of the variable */
	size_t nrets;
	bool changed;		/* a label's state grew this round */
	bool failed;
	bool running;		/* being walked: a copy's source cannot ask */
	struct state *brk;	/* the innermost loop's or switch's */
	struct state *cont;	/* the innermost loop's */
	struct state *entry;	/* the innermost switch's, for its cases */
};

static void state_free(struct state *s)
{
	eval_free(&s->ev);
	s->ev.flags = 0;
	s->live = false;
}

static void state_copy(struct state *dst, const struct state *src)
{
	dst->live = src->live;
	dst->ev = (struct eval){ .flags = 0 };
	eval_merge(&dst->ev, &src->ev);
}

/* Joins @src into @dst, and says whether @dst grew.  Signs only gain
 * bits, so a call's sign grew when their sum did. */
static bool joined_and_grew(struct state *dst, const struct state *src)
{
	unsigned flags = dst->ev.flags;
	size_t i, n = dst->ev.ncalls;
	unsigned signs = 0;

	if (!src->live)
		return false;
	for (i = 0; i < n; i++)
		signs += dst->ev.calls[i].sign;
	if (!dst->live) {
		dst->live = true;
		eval_merge(&dst->ev, &src->ev);
		return true;
	}
	eval_merge(&dst->ev, &src->ev);
	for (i = 0; i < n; i++)
		signs -= dst->ev.calls[i].sign;
	return flags != dst->ev.flags || n != dst->ev.ncalls || signs;
}

/* Only what @sign lets the variable be. */
static void state_narrow(struct state *s, unsigned sign)
{
	struct eval ev = { .flags = 0 };

	if (!s->live)
		return;
	eval_merge_sign(&ev, &s->ev, sign);
	eval_free(&s->ev);
	s->ev = ev;
}

/* A store replaces what the variable held.  A copy of another variable
 * ("ret = err;") takes what that one holds there, by its own walk. */
/* Whether @e is "-var". */
static bool negates_var(CXTranslationUnit tu, CXCursor e, CXCursor var)
{
	CXCursor x = minus_operand(tu, e);

	return !clang_Cursor_isNull(x) && refers_to(peel(x), var);
}

/* A cast between signed integer types keeps a value's sign: "rc =
 * (int)bytes;" under "if (bytes < 0)" stores a negative value. */
static CXCursor signed_cast_operand(CXCursor e)
{
	struct kids k;

	e = peel(e);
	if (clang_getCursorKind(e) != CXCursor_CStyleCastExpr ||
	    type_class(clang_getCursorType(e)) != RT_SIGNED)
		return e;
	expr_kids(e, &k);
	if (!k.n || type_class(clang_getCursorType(k.v[k.n - 1])) !=
		    RT_SIGNED)
		return e;
	return k.v[k.n - 1];
}

static void state_set(struct flow *f, struct state *s, CXCursor rhs)
{
	CXCursor src = local_of(signed_cast_operand(rhs));
	const struct eval *held = NULL;

	if (!clang_Cursor_isNull(src) && !clang_equalCursors(src, f->var))
		held = flow_at(f->fx, src, peel(signed_cast_operand(rhs)));
	/* "rc = -rc;": what it holds here, negated. */
	if (negates_var(f->fx->tu, rhs, f->var)) {
		eval_negate(&s->ev);
		return;
	}
	eval_free(&s->ev);
	s->ev.flags = 0;
	if (held)
		eval_merge(&s->ev, held);
	else
		eval_expr(f->fx, rhs, &s->ev, 1);
}

static unsigned place_of(CXCursor c)
{
	unsigned off = 0;

	clang_getExpansionLocation(clang_getCursorLocation(c), NULL, NULL,
				   NULL, &off);
	return off;
}

static struct point *point_at(struct point **v, size_t *n, CXCursor c)
{
	unsigned at = place_of(c);
	size_t i;

	for (i = 0; i < *n; i++)
		if ((*v)[i].at == at)
			return &(*v)[i];
	*v = xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[*n] = (struct point){ .at = at };
	return &(*v)[(*n)++];
}

static void flow_expr(struct flow *f, CXCursor e, struct state *s);

static void flow_stmt(struct flow *f, CXCursor c, struct state *s);

/* Children walked in order, as statements or as parts of an expression. */
struct expr_walk {
	struct flow *f;
	struct state *s;
	bool stmts;
};

static enum CXChildVisitResult flow_kid(CXCursor c, CXCursor parent,
					CXClientData data)
{
	struct expr_walk *w = data;

	(void)parent;
	if (w->stmts)
		flow_stmt(w->f, c, w->s);
	else
		flow_expr(w->f, c, w->s);
	return CXChildVisit_Continue;
}

/* What may run or not: joined with what was there before. */
static void flow_maybe(struct flow *f, CXCursor e, struct state *s)
{
	struct state t;

	state_copy(&t, s);
	flow_expr(f, e, &t);
	joined_and_grew(s, &t);
	state_free(&t);
}

/* Whether @s holds @part; @s is disposed of. */
static bool spelling_has(CXString s, const char *part)
{
	bool has = strstr(clang_getCString(s), part) != NULL;

	clang_disposeString(s);
	return has;
}

/* A call that never returns (die(), exit(), BUG()): nothing runs after. */
static bool no_return(CXCursor call)
{
	CXCursor fn = clang_getCursorReferenced(call);

	return clang_getCursorKind(fn) == CXCursor_FunctionDecl &&
	       spelling_has(clang_getTypeSpelling(clang_getCursorType(fn)),
			    "noreturn");
}

/* The stores to the variable inside an expression, in the order they run. */
static void flow_expr(struct flow *f, CXCursor e, struct state *s)
{
	enum CXCursorKind kind = clang_getCursorKind(e);
	struct expr_walk w = { .f = f, .s = s };
	struct kids k;
	char op[8];

	if (!s->live || kind == CXCursor_BlockExpr)
		return;
	if (kind == CXCursor_DeclRefExpr && refers_to(e, f->var)) {
		joined_and_grew(&point_at(&f->rets, &f->nrets, e)->st, s);
		return;
	}
	expr_kids(e, &k);
	if (kind == CXCursor_BinaryOperator && k.n == 2) {
		binary_op(f->fx->tu, k.v[0], k.v[1], op, sizeof(op));
		if (!strcmp(op, "=") && refers_to(k.v[0], f->var)) {
			flow_expr(f, k.v[1], s);
			state_set(f, s, k.v[1]);
			return;
		}
		if (!strcmp(op, "&&") || !strcmp(op, "||")) {
			flow_expr(f, k.v[0], s);
			flow_maybe(f, k.v[1], s);
			return;
		}
		/* An operator a macro's body wrote, unread (walk_write()):
		 * what it does to the variable is not known. */
		if (!op[0] && refers_to(k.v[0], f->var)) {
			flow_expr(f, k.v[1], s);
			s->ev.flags |= RV_UNKNOWN;
			return;
		}
	} else if (kind == CXCursor_CompoundAssignOperator && k.n == 2 &&
		   refers_to(k.v[0], f->var)) {
		flow_expr(f, k.v[1], s);
		binary_op(f->fx->tu, k.v[0], k.v[1], op, sizeof(op));
		if (s->live && !strcmp(op, "|="))
			eval_expr(f->fx, k.v[1], &s->ev, 1);
		else if (s->live && !strcmp(op, "+="))
			sum_into(f->fx, k.v[1], &s->ev, 1);
		else
			s->ev.flags |= RV_UNKNOWN;
		return;
	} else if (kind == CXCursor_UnaryOperator && k.n == 1 &&
		   refers_to(k.v[0], f->var)) {
		unary_op(f->fx->tu, e, k.v[0], op, sizeof(op));
		if (!strcmp(op, "++") && s->live)
			s->ev.flags |= RV_NONNEG | RV_COUNTED;
		else if (!strcmp(op, "++") || !strcmp(op, "--") || !op[0])
			s->ev.flags |= RV_UNKNOWN;
		return;
	} else if (kind == CXCursor_ConditionalOperator && k.n == 3) {
		flow_expr(f, k.v[0], s);
		flow_maybe(f, k.v[1], s);
		flow_maybe(f, k.v[2], s);
		return;
	} else if (kind == CXCursor_StmtExpr) {
		/* GNU ({ ... }), as glibc's assert() is: statements, whose
		 * if lets a call that never returns end one way only. */
		w.stmts = true;
		clang_visitChildren(e, flow_kid, &w);
		return;
	} else if (kind == CXCursor_VarDecl && clang_equalCursors(e, f->var)) {
		eval_free(&s->ev);
		s->ev.flags = 0;
		if (k.n) {
			flow_expr(f, k.v[k.n - 1], s);
			state_set(f, s, k.v[k.n - 1]);
		}
		return;
	}
	clang_visitChildren(e, flow_kid, &w);
	if (kind == CXCursor_CallExpr && no_return(e))
		state_free(s);
}

/* The variable a condition stores to and tests, as in "(ret = f()) < 0". */
static void flow_cond(struct flow *f, CXCursor cond, struct state *s,
		      struct state *yes, struct state *no)
{
	struct guard g;

	flow_expr(f, cond, s);
	state_copy(yes, s);
	state_copy(no, s);
	if (guard_of(f->fx, cond, &g) && clang_equalCursors(g.var, f->var)) {
		state_narrow(yes, g.sign);
		state_narrow(no, g.nsign);
	}
	state_free(s);
}

static void flow_if(struct flow *f, const struct kids *k, struct state *s)
{
	struct state yes, no;

	flow_cond(f, k->v[0], s, &yes, &no);
	flow_stmt(f, k->v[1], &yes);
	if (k->n == 3)
		flow_stmt(f, k->v[2], &no);
	state_copy(s, &yes);
	joined_and_grew(s, &no);
	state_free(&yes);
	state_free(&no);
}

/*
 * A loop: the head's state grows with what comes back from the body
 * until it no longer does.  @cond is tested before the body (@cond_first)
 * or after it (a do), or is null: a for, whose parts cannot be told
 * apart by libclang, walks them in @maybe as what may run each round,
 * and leaves at its head unless it has no parts (for (;;)).
 */
static void flow_loop(struct flow *f, CXCursor cond, CXCursor body,
		      bool cond_first, const struct kids *maybe,
		      struct state *s)
{
	struct state *obrk = f->brk, *ocont = f->cont;
	struct state head, brk = { .live = false }, cont, cur, yes, no;
	unsigned i;
	int round;

	state_copy(&head, s);
	state_free(s);
	for (round = 0; round < FLOW_ROUNDS; round++) {
		state_copy(&cur, &head);
		cont = (struct state){ .live = false };
		f->brk = &brk;
		f->cont = &cont;
		if (cond_first && !clang_Cursor_isNull(cond)) {
			flow_cond(f, cond, &cur, &yes, &no);
			joined_and_grew(&brk, &no);
			state_free(&no);
			cur = yes;
		}
		if (maybe && maybe->n)
			joined_and_grew(&brk, &cur);
		flow_stmt(f, body, &cur);
		joined_and_grew(&cur, &cont);
		state_free(&cont);
		for (i = 0; maybe && i < maybe->n; i++)
			flow_maybe(f, maybe->v[i], &cur);
		if (!cond_first && !clang_Cursor_isNull(cond)) {
			flow_cond(f, cond, &cur, &yes, &no);
			joined_and_grew(&brk, &no);
			state_free(&no);
			cur = yes;
		}
		f->brk = obrk;
		f->cont = ocont;
		if (!joined_and_grew(&head, &cur)) {
			state_free(&cur);
			break;
		}
		state_free(&cur);
	}
	if (round == FLOW_ROUNDS)
		f->failed = true;
	state_free(&head);
	*s = brk;
}

/* for (a; b; c) body: its first part runs once before the loop. */
static void flow_for(struct flow *f, const struct kids *all, struct state *s)
{
	struct kids maybe = { .n = 0 };
	unsigned i;

	if (all->n > 1)
		flow_stmt(f, all->v[0], s);
	for (i = 0; i + 1 < all->n; i++)
		maybe.v[maybe.n++] = all->v[i];
	flow_loop(f, clang_getNullCursor(), all->v[all->n - 1], true,
		  &maybe, s);
}

static enum CXChildVisitResult default_visit(CXCursor c, CXCursor parent,
					     CXClientData data)
{
	(void)parent;
	switch (clang_getCursorKind(c)) {
	case CXCursor_DefaultStmt:
		*(bool *)data = true;
		return CXChildVisit_Break;
	case CXCursor_SwitchStmt:	/* its default is its own */
		return CXChildVisit_Continue;
	default:
		return CXChildVisit_Recurse;
	}
}

/* Whether a switch's body has a default of its own: then every way
 * through the switch runs one of its cases. */
static bool has_default(CXCursor body)
{
	bool found = false;

	clang_visitChildren(body, default_visit, &found);
	return found;
}

static void flow_switch(struct flow *f, const struct kids *k,
			struct state *s)
{
	struct state *obrk = f->brk, *oentry = f->entry;
	struct state brk = { .live = false }, entry;

	flow_expr(f, k->v[0], s);
	state_copy(&entry, s);
	f->brk = &brk;
	f->entry = &entry;
	/* A switch without a default may run none of its cases. */
	if (!has_default(k->v[1]))
		joined_and_grew(&brk, s);
	state_free(s);
	flow_stmt(f, k->v[1], s);
	joined_and_grew(&brk, s);
	state_free(s);
	f->brk = obrk;
	f->entry = oentry;
	state_free(&entry);
	*s = brk;
}

/* A break or a continue: its state joins the one it leads to, if any. */
static void jump_to(struct flow *f, struct state *to, struct state *s)
{
	if (to)
		joined_and_grew(to, s);
	else
		f->failed = true;
}

/* Jumps: the state goes to where they lead, and nothing falls through. */
static void flow_jump(struct flow *f, CXCursor c, struct state *s)
{
	CXCursor label;
	struct point *p;

	switch (clang_getCursorKind(c)) {
	case CXCursor_BreakStmt:
		jump_to(f, f->brk, s);
		break;
	case CXCursor_ContinueStmt:
		jump_to(f, f->cont, s);
		break;
	default:
		/* libclang refers a null cursor to a null cursor. */
		label = clang_getCursorReferenced(first_child(c,
							      CXCursor_LabelRef));
		if (clang_Cursor_isNull(label)) {
			f->failed = true;
			break;
		}
		p = point_at(&f->labels, &f->nlabels, label);
		f->changed |= joined_and_grew(&p->st, s);
		break;
	}
	state_free(s);
}

static void flow_stmt(struct flow *f, CXCursor c, struct state *s)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	struct expr_walk w = { .f = f, .s = s, .stmts = true };
	struct kids all = { .n = 0 };
	struct point *p;

	if (f->failed)
		return;
	switch (kind) {
	case CXCursor_LabelStmt:
		p = point_at(&f->labels, &f->nlabels, c);
		f->changed |= joined_and_grew(&p->st, s);
		state_free(s);
		state_copy(s, &p->st);
		clang_visitChildren(c, flow_kid, &w);
		return;
	case CXCursor_CaseStmt:
	case CXCursor_DefaultStmt:
		if (f->entry)
			joined_and_grew(s, f->entry);
		clang_visitChildren(c, kid_visit, &all);
		if (all.n && all.n <= MAX_KIDS)
			flow_stmt(f, all.v[all.n - 1], s);
		else
			f->failed = true;
		return;
	case CXCursor_ReturnStmt:
		/* Reads in what it returns: "return r == -ENODEV ? 0 : r;". */
		clang_visitChildren(c, flow_kid, &(struct expr_walk){
					    .f = f, .s = s });
		if (s->live) {
			p = point_at(&f->rets, &f->nrets, c);
			joined_and_grew(&p->st, s);
		}
		state_free(s);
		return;
	case CXCursor_BreakStmt:
	case CXCursor_ContinueStmt:
	case CXCursor_GotoStmt:
		flow_jump(f, c, s);
		return;
	case CXCursor_IndirectGotoStmt:
		f->failed = true;
		return;
	default:
		/* What the instructions write: the union of stores has it. */
		if (asm_operand(c, f->var)) {
			f->failed = true;
			return;
		}
		break;
	}
	if (!s->live && kind != CXCursor_CompoundStmt)
		return;
	clang_visitChildren(c, kid_visit, &all);
	if (kind == CXCursor_IfStmt && (all.n == 2 || all.n == 3))
		flow_if(f, &all, s);
	else if (kind == CXCursor_WhileStmt && all.n == 2)
		flow_loop(f, all.v[0], all.v[1], true, NULL, s);
	else if (kind == CXCursor_DoStmt && all.n == 2)
		flow_loop(f, all.v[1], all.v[0], false, NULL, s);
	else if (kind == CXCursor_ForStmt && all.n >= 1 && all.n <= MAX_KIDS)
		flow_for(f, &all, s);
	else if (kind == CXCursor_SwitchStmt && all.n == 2)
		flow_switch(f, &all, s);
	else if (kind == CXCursor_CompoundStmt)
		clang_visitChildren(c, flow_kid, &w);
	else if (kind == CXCursor_DeclStmt || clang_isExpression(kind))
		flow_expr(f, c, s);
	else if (kind == CXCursor_IfStmt || kind == CXCursor_WhileStmt ||
		 kind == CXCursor_DoStmt || kind == CXCursor_ForStmt ||
		 kind == CXCursor_SwitchStmt)
		f->failed = true;
	else
		clang_visitChildren(c, flow_kid, &w);
}

static enum CXChildVisitResult escape_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	struct flow *f = data;
	struct kids k;
	char op[8];

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_UnaryOperator)
		return CXChildVisit_Recurse;
	expr_kids(c, &k);
	if (k.n == 1 && refers_to(k.v[0], f->var)) {
		unary_op(f->fx->tu, c, k.v[0], op, sizeof(op));
		if (!strcmp(op, "&")) {
			f->failed = true;
			return CXChildVisit_Break;
		}
	}
	return CXChildVisit_Recurse;
}

static void flow_free(struct flow *f)
{
	size_t i;

	for (i = 0; i < f->nlabels; i++)
		state_free(&f->labels[i].st);
	for (i = 0; i < f->nrets; i++)
		state_free(&f->rets[i].st);
	free(f->labels);
	free(f->rets);
}

/* Walks the body for @var until the labels' states stop growing. */
static void flow_run(struct fn_ctx *fx, CXCursor var, struct flow *f)
{
	int round;

	*f = (struct flow){ .fx = fx, .var = var, .running = true };
	clang_visitChildren(fx->body, escape_visit, f);
	for (round = 0; round < FLOW_ROUNDS && !f->failed; round++) {
		struct state s = { .live = true };

		/* A parameter enters with whatever its type holds. */
		if (clang_getCursorKind(var) == CXCursor_ParmDecl)
			s.ev.flags = type_flags(clang_getCursorType(var));

		f->changed = false;
		flow_stmt(f, fx->body, &s);
		state_free(&s);
		if (!f->changed)
			break;
	}
	if (round == FLOW_ROUNDS)
		f->failed = true;
	f->running = false;
}

/* What @var holds at the return or read @at, or NULL if the flow cannot
 * say.  Flows are kept by address: one may start while another runs. */
static const struct eval *flow_at(struct fn_ctx *fx, CXCursor var,
				  CXCursor at)
{
	struct flow *f = NULL;
	size_t i;

	for (i = 0; i < fx->nflows; i++)
		if (clang_equalCursors(fx->flows[i]->var, var))
			f = fx->flows[i];
	if (!f) {
		f = xmalloc(sizeof(*f));
		fx->flows = xrealloc(fx->flows,
				     (fx->nflows + 1) * sizeof(*fx->flows));
		fx->flows[fx->nflows++] = f;
		flow_run(fx, var, f);
	}
	if (f->failed || f->running)
		return NULL;
	for (i = 0; i < f->nrets; i++)
		if (f->rets[i].at == place_of(at) &&
		    f->rets[i].st.live &&
		    (f->rets[i].st.ev.flags || f->rets[i].st.ev.ncalls))
			return &f->rets[i].st.ev;
	return NULL;
}

struct ret_walk {
	struct fn_ctx *fx;
	struct guard g[MAX_GUARDS];
	unsigned n;
};

/* Whether a store to @var writes a negated value of unknown sign. */
struct negated_store {
	CXTranslationUnit tu;
	CXCursor var;
	bool found;
};

/* "n = -len;": a negated value that is neither a constant nor errno,
 * whose sign the walk does not know (it reads as a negative errno). */
static bool negates_value(CXTranslationUnit tu, CXCursor rhs)
{
	CXCursor x = minus_operand(tu, rhs);
	long long v;
	char *name;
	bool is;

	if (clang_Cursor_isNull(x) || const_value(x, &v))
		return false;
	name = first_token(tu, peel(x));
	is = !name || strcmp(name, "errno");
	free(name);
	return is;
}

static enum CXChildVisitResult negated_store_visit(CXCursor c,
						   CXCursor parent,
						   CXClientData data)
{
	struct negated_store *n = data;
	struct kids k;
	char op[8];

	(void)parent;
	expr_kids(c, &k);
	if (clang_getCursorKind(c) == CXCursor_VarDecl &&
	    clang_equalCursors(c, n->var) && k.n)
		n->found |= negates_value(n->tu, k.v[k.n - 1]);
	if (clang_getCursorKind(c) == CXCursor_BinaryOperator && k.n == 2 &&
	    refers_to(k.v[0], n->var)) {
		binary_op(n->tu, k.v[0], k.v[1], op, sizeof(op));
		if (!strcmp(op, "="))
			n->found |= negates_value(n->tu, k.v[1]);
	}
	return n->found ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * "return -res;" where what reaches the read of res is only 0 and
 * negative constants, a call's result only where a test let its 0
 * alone through: the negation makes the failure positive ("errno =
 * -res; res = -1; ... return -res;").  A call's negative result negated
 * is callsite.c's to judge, by the callee's class.
 */
static bool negates_negative(struct fn_ctx *fx, CXCursor e)
{
	struct negated_store ns = { .tu = fx->tu };
	CXCursor x = minus_operand(fx->tu, e);
	const struct eval *held;
	size_t i;

	ns.var = clang_Cursor_isNull(x) ? x : local_of(x);
	if (clang_Cursor_isNull(ns.var))
		return false;
	held = flow_at(fx, ns.var, peel(x));
	if (!held || !(held->flags & RV_NEG) ||
	    (held->flags & ~(RV_NEG | RV_ZERO)))
		return false;
	for (i = 0; i < held->ncalls; i++)
		if (held->calls[i].sign & (SIGN_POS | SIGN_NEG))
			return false;
	/* Its negative values must be constants (or -errno). */
	clang_visitChildren(fx->body, negated_store_visit, &ns);
	return !ns.found;
}

/*
 * "if (dirfd == AT_FDCWD) return AT_FDCWD;": a negative constant returned
 * where a test has just found the parameter equal to it is the
 * parameter passed on, the caller's own value (a directory handle of
 * -100), not a failure of this function's: it reads as the parameter.
 */
static bool passes_param(const struct ret_walk *w, CXCursor e,
			 struct eval *ev)
{
	long long v;
	unsigned i;

	if (!const_value(e, &v) || v >= 0)
		return false;
	for (i = w->n; i-- > 0;) {
		const struct guard *g = &w->g[i];

		if (g->eq && g->eqv == v && !clang_Cursor_isNull(g->var) &&
		    clang_getCursorKind(g->var) == CXCursor_ParmDecl) {
			ev->flags |= type_flags(clang_getCursorType(g->var));
			return true;
		}
	}
	return false;
}

static void add_return(struct ret_walk *w, CXCursor ret)
{
	struct eval ev = { .flags = 0 }, tmp = { .flags = 0 };
	struct rc_func *fn = w->fx->fn;
	const struct eval *held;
	struct rc_return *r;
	struct kids k;
	CXCursor var;
	unsigned i, sign = SIGN_ALL;

	expr_kids(ret, &k);
	if (!k.n)
		return;
	var = local_of(k.v[0]);
	held = clang_Cursor_isNull(var) ? NULL : flow_at(w->fx, var, ret);
	if (held) {
		eval_merge(&ev, held);
	} else if (!passes_param(w, k.v[0], &ev)) {
		char field[64] = "";

		eval_expr(w->fx, k.v[0], &tmp, 0);
		if (clang_Cursor_isNull(var))
			field_of(w->fx, k.v[0], field);
		for (i = 0; i < w->n; i++)
			if (clang_Cursor_isNull(var) ?
			    *field && !strcmp(w->g[i].field, field) :
			    clang_equalCursors(w->g[i].var, var))
				sign &= w->g[i].sign;
		/* "if (d.num < 0) return d.num;": a negative code passed
		 * up, not a constant of its own. */
		if ((tmp.flags & RV_UNKNOWN) && (sign & SIGN_NEG) &&
		    !(sign & (SIGN_ZERO | SIGN_POS)))
			w->fx->fn->doc_more |= BODYX_NEG_CODE;
		eval_merge_sign(&ev, &tmp, sign);
		eval_free(&tmp);
	}
	fn->rets = xrealloc(fn->rets, (fn->nrets + 1) * sizeof(*fn->rets));
	r = &fn->rets[fn->nrets++];
	memset(r, 0, sizeof(*r));
	clang_getExpansionLocation(clang_getCursorLocation(ret), NULL,
				   &r->line, &r->col, NULL);
	r->flags = ev.flags;
	r->calls = ev.calls;
	r->ncalls = ev.ncalls;
	r->negheld = negates_negative(w->fx, k.v[0]);
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
	ng.sign = g.nsign;
	ng.eq = false;
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

	text = file_text(tu, file, &size);
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
	return spelling_has(clang_getCursorSpelling(arg), "err");
}

static bool fails_elsewhere(CXCursor func)
{
	int i, n = clang_Cursor_getNumArguments(func);

	for (i = 0; i < n; i++)
		if (error_param(clang_Cursor_getArgument(func, (unsigned)i)))
			return true;
	return false;
}

static enum CXChildVisitResult other_neg_visit(CXCursor c, CXCursor parent,
					       CXClientData data)
{
	bool *found = data;
	struct kids k;
	long long v;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_ReturnStmt)
		return *found ? CXChildVisit_Break : CXChildVisit_Recurse;
	expr_kids(c, &k);
	if (k.n && const_value(k.v[0], &v) && v < -1)
		*found = true;
	return *found ? CXChildVisit_Break : CXChildVisit_Continue;
}

/* Whether a -1 that @func returns as its type is that type's truth: the
 * type is named for one and no return gives another negative constant. */
static bool minus_one_true(CXCursor func, CXCursor body)
{
	bool found = false;

	if (!truth_type(clang_getCursorResultType(func)))
		return false;
	clang_visitChildren(body, other_neg_visit, &found);
	return !found;
}

void infer_returns(CXTranslationUnit tu, CXCursor func, CXCursor body,
		   CXFile file, struct rc_func *fn)
{
	struct fn_ctx fx = { .tu = tu, .body = body, .fn = fn,
			     .minus_one_true = minus_one_true(func, body) };
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
	for (i = 0; i < fx.nflows; i++) {
		flow_free(fx.flows[i]);
		free(fx.flows[i]);
	}
	free(fx.flows);
	words_free(&fx.libs);
}
