// SPDX-License-Identifier: MIT
/*
 * What a definition says of itself besides its returns, read in the worker.
 *
 * Its documentation comes first: doc.c reads the comment's section on the
 * result and gives the class it documents.  More facts come from the
 * definition: a name whose last word repeats a bool parameter's name is a
 * setter (usb_port_active(port, bool active) makes the port active, it
 * does not ask), a pointer parameter named for a status (int *out_rc)
 * takes the status out, so the result is something else (the parsed
 * value, whether to retry), and one that takes the answer out (int *valid
 * in name_is_valid(), or a pointer to a type named for a truth value,
 * mp_bool *) leaves the result the status, an enumeration of states
 * that names a negative value beside 0 and 1 (unknown, no, yes) is a
 * contract of its own, a name whose first words spell the type its first
 * parameter points to names that type (a can_frame's can_frame_len), and the calls whose results its body adds
 * or subtracts ("n += f();", "f() + 1") give counts, not success codes.
 * A body that is one return of a member's value, nothing called and
 * nothing stored (return p->dry_run;), only reads a state it is given.
 */
#include <stdlib.h>
#include <string.h>

#include "retconv.h"
#include "ast.h"

/* A bool, or a pointer to one (an answer given through it). */
static bool is_bool_param(CXCursor arg)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(arg));

	if (t.kind == CXType_Pointer)
		t = clang_getPointeeType(t);
	return type_class(t) == RT_BOOL;
}

/* A setter: its last word is the name of one of its bool parameters (or
 * of a pointer to a bool it fills: the answer is there, not returned). */
static bool is_setter(CXCursor func, const char *name)
{
	int i, n = clang_Cursor_getNumArguments(func);
	char last[64], plast[64];
	bool yes = false;

	naming_last_word(name, last, sizeof(last));
	for (i = 0; i < n && !yes && *last; i++) {
		CXCursor arg = clang_Cursor_getArgument(func, (unsigned)i);
		CXString s;

		if (!is_bool_param(arg))
			continue;
		s = clang_getCursorSpelling(arg);
		naming_last_word(clang_getCString(s), plast, sizeof(plast));
		yes = !strcmp(last, plast);
		clang_disposeString(s);
	}
	return yes;
}

/* Whether @t, a pointer's target, is named for a truth value where it is
 * an integer (typedef int mp_bool, BOOL, gboolean): a yes or no. */
static bool bool_named(CXType t)
{
	CXString s = clang_getTypeSpelling(t);
	bool yes = strcasestr(clang_getCString(s), "bool") != NULL;

	clang_disposeString(s);
	return yes;
}

/* The last word of @arg's name into @last if it can take a result out: a
 * pointer to a writable signed integer (or, with @answers, a bool or an
 * unsigned count: deflatePending(strm, unsigned *pending, int *bits)). */
static bool out_param(CXCursor arg, bool answers, char *last, size_t size)
{
	CXType t = clang_getCanonicalType(clang_getCursorType(arg));
	enum rc_type pt;
	CXString s;

	if (t.kind != CXType_Pointer)
		return false;
	t = clang_getPointeeType(t);
	pt = type_class(t);
	if (clang_isConstQualifiedType(t) ||
	    (pt != RT_SIGNED &&
	     !(answers && (pt == RT_BOOL || pt == RT_UNSIGNED))))
		return false;
	/* A truth by its type's name is an answer, never a status. */
	if (!answers &&
	    bool_named(clang_getPointeeType(clang_getCursorType(arg))))
		return false;
	s = clang_getCursorSpelling(arg);
	naming_last_word(clang_getCString(s), last, size);
	clang_disposeString(s);
	return true;
}

/* A parameter that takes the call's status out (int *out_rc, int
 * *status): the result, then, is something else.  One named for errors
 * (int *err) makes the returns foreign already (infer.c). */
static bool has_out_status(CXCursor func)
{
	static const char *const names[] = { "rc", "status", "ret" };
	int i, n = clang_Cursor_getNumArguments(func);
	char last[32];

	for (i = 0; i < n; i++)
		if (out_param(clang_Cursor_getArgument(func, (unsigned)i),
			      false, last, sizeof(last)) &&
		    AMONG(last, names))
			return true;
	return false;
}

/* Whether @word is one of @name's words, between underscores or at an
 * end, in any case. */
static bool has_word(const char *name, const char *word)
{
	size_t n = strlen(word);
	const char *at;

	if (!n)
		return false;
	for (at = strcasestr(name, word); at; at = strcasestr(at + 1, word))
		if ((at == name || at[-1] == '_') &&
		    (!at[n] || at[n] == '_'))
			return true;
	return false;
}

/* Whether @arg is a pointer to a writable pointer named for an output
 * (void **ret, char **out): what the call makes goes out there. */
static bool out_product(CXCursor arg)
{
	static const char *const outs[] = { "out", "result", "res", "ret" };
	CXType t = clang_getCanonicalType(clang_getCursorType(arg));
	char last[32];
	CXString s;

	if (t.kind != CXType_Pointer)
		return false;
	t = clang_getPointeeType(t);
	if (t.kind != CXType_Pointer || clang_isConstQualifiedType(t))
		return false;
	s = clang_getCursorSpelling(arg);
	naming_last_word(clang_getCString(s), last, sizeof(last));
	clang_disposeString(s);
	return AMONG(last, outs);
}

/*
 * A parameter that takes the answer out: a pointer to a writable integer
 * or bool, named for one of the function's own words or for an output
 * (out, result, res), as in "int name_is_valid(int *valid, const char *n)"
 * or "int path_is_ignored(bool *out, ...)": a predicate's name with its
 * answer there, and its result is the call's status.  So does one that
 * hands out what it made (unhexmem_full(..., void **ret, size_t *len)):
 * a state in its name is a variant of the action, not a question.
 */
static bool has_out_answer(CXCursor func, const char *name)
{
	static const char *const outs[] = { "out", "result", "res" };
	int i, n = clang_Cursor_getNumArguments(func);
	char last[32];

	for (i = 0; i < n; i++) {
		CXCursor arg = clang_Cursor_getArgument(func, (unsigned)i);

		if (out_product(arg) ||
		    (out_param(arg, true, last, sizeof(last)) &&
		     (has_word(name, last) || AMONG(last, outs) ||
		      bool_named(clang_getPointeeType(
			      clang_getCursorType(arg))))))
			return true;
	}
	return false;
}

/*
 * A classifier: its last word names a kind of value (state, type, mode)
 * and repeats the name of an integer parameter it takes by value, as in
 * "bool send_state(int state)": the words before it say which kind it
 * asks for (a sending state), they do not command.
 */
static bool is_classifier(CXCursor func, const char *name)
{
	static const char *const kinds[] = { "state", "status", "type",
					     "kind", "mode", "class", "code" };
	int i, n = clang_Cursor_getNumArguments(func);
	char last[32], plast[32];

	naming_last_word(name, last, sizeof(last));
	if (!AMONG(last, kinds))
		return false;
	for (i = 0; i < n; i++) {
		CXCursor arg = clang_Cursor_getArgument(func, (unsigned)i);
		enum rc_type t = type_class(clang_getCursorType(arg));
		CXString s;

		if (t != RT_SIGNED && t != RT_UNSIGNED)
			continue;
		s = clang_getCursorSpelling(arg);
		naming_last_word(clang_getCString(s), plast, sizeof(plast));
		clang_disposeString(s);
		if (!strcmp(last, plast))
			return true;
	}
	return false;
}

/* Whether a parameter is what @name asks the place of: the word before
 * its "in" repeats the last word of the parameter's name, as in
 * arm_addr_in_ioport_region(u64 phys_addr): is the address in it? */
static bool asks_place(CXCursor func, const char *name)
{
	int i, n = clang_Cursor_getNumArguments(func);
	char subject[64], plast[64];
	bool yes = false;

	if (!naming_place_subject(name, subject, sizeof(subject)))
		return false;
	for (i = 0; i < n && !yes; i++) {
		CXString s = clang_getCursorSpelling(
			clang_Cursor_getArgument(func, (unsigned)i));

		naming_last_word(clang_getCString(s), plast, sizeof(plast));
		yes = !strcmp(subject, plast);
		clang_disposeString(s);
	}
	return yes;
}

/* The name of the type @arg points to, or is ("" for none). */
static CXString arg_type_name(CXCursor arg)
{
	CXType t = clang_getCursorType(arg);

	if (t.kind == CXType_Pointer)
		t = clang_getPointeeType(t);
	return clang_getCursorSpelling(clang_getTypeDeclaration(t));
}

/* Whether @name's first word is the first word of the name of the type
 * some parameter of @func points to (can_calc_bittiming(struct
 * net_device *, struct can_bittiming *)): the word is the subsystem's
 * noun, whose types carry it too. */
static bool subsystem_word(CXCursor func, const char *name)
{
	int i, n = clang_Cursor_getNumArguments(func);
	char first[64];
	bool yes = false;

	for (i = 0; i < n && !yes; i++) {
		CXString s = arg_type_name(clang_Cursor_getArgument(func,
							(unsigned)i));
		const char *t = clang_getCString(s);
		size_t len = t ? strcspn(t, "_") : 0;

		if (len && t[len] && len < sizeof(first)) {
			memcpy(first, t, len);
			first[len] = '\0';
			yes = naming_type_words(name, first) == 1;
		}
		clang_disposeString(s);
	}
	return yes;
}

/* How many first words of @name spell the type @func's first parameter
 * points to, or is; or 1 where the first word is a subsystem's noun. */
static unsigned receiver_words(CXCursor func, const char *name)
{
	CXString s;
	size_t n;

	if (clang_Cursor_getNumArguments(func) < 1)
		return 0;
	s = arg_type_name(clang_Cursor_getArgument(func, 0));
	n = naming_type_words(name, clang_getCString(s));
	clang_disposeString(s);
	if (!n && subsystem_word(func, name))
		n = 1;
	return n > 15 ? 0 : (unsigned)n;
}

static enum CXChildVisitResult values_visit(CXCursor c, CXCursor parent,
					    CXClientData data)
{
	unsigned *seen = data;
	long long v;

	(void)parent;
	if (clang_getCursorKind(c) == CXCursor_EnumConstantDecl) {
		v = clang_getEnumConstantDeclValue(c);
		*seen |= v < 0 ? 1 : v == 0 ? 2 : v == 1 ? 4 : 0;
	}
	return CXChildVisit_Continue;
}

/*
 * Whether @t is an enumeration that names a negative value beside 0 and 1
 * and whose 0 is not named for success (tri_unknown = -1, tri_no,
 * tri_yes; LT = -1, EQ, GT): a set of states, each with its name, whose
 * negative member is one of them and no errno.
 */
static bool states_enum(CXType t)
{
	unsigned seen = 0;

	t = clang_getCanonicalType(t);
	if (t.kind != CXType_Enum || ok_enum(t))
		return false;
	clang_visitChildren(clang_getTypeDeclaration(t), values_visit, &seen);
	return seen == 7;
}

struct count_walk {
	CXTranslationUnit tu;
	struct rc_func *fn;
};

static void add_counted(struct rc_func *fn, CXCursor e)
{
	CXCursor callee;
	char *u;
	size_t i;

	e = peel(e);
	if (clang_getCursorKind(e) != CXCursor_CallExpr)
		return;
	callee = clang_getCursorReferenced(e);
	if (clang_getCursorKind(callee) != CXCursor_FunctionDecl)
		return;
	u = function_usr(callee);
	for (i = 0; *u && i < fn->ncounted; i++)
		if (!strcmp(fn->counted[i], u))
			break;
	if (*u && i == fn->ncounted) {
		fn->counted = xrealloc(fn->counted, (fn->ncounted + 1) *
				       sizeof(*fn->counted));
		fn->counted[fn->ncounted++] = u;
		return;
	}
	free(u);
}

/* Sums and differences: "n += f();", "total = f() + g();". */
static enum CXChildVisitResult count_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct count_walk *w = data;
	enum CXCursorKind kind = clang_getCursorKind(c);
	struct kids k;
	char op[8];

	(void)parent;
	if (kind != CXCursor_BinaryOperator &&
	    kind != CXCursor_CompoundAssignOperator)
		return CXChildVisit_Recurse;
	expr_kids(c, &k);
	if (k.n != 2)
		return CXChildVisit_Recurse;
	binary_op(w->tu, k.v[0], k.v[1], op, sizeof(op));
	if (!strcmp(op, "+=") || !strcmp(op, "-=")) {
		add_counted(w->fn, k.v[1]);
	} else if (!strcmp(op, "+") || !strcmp(op, "-")) {
		add_counted(w->fn, k.v[0]);
		add_counted(w->fn, k.v[1]);
	}
	return CXChildVisit_Recurse;
}

/* Whether the tree under @c calls or stores anything. */
static enum CXChildVisitResult acts_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	enum CXCursorKind kind = clang_getCursorKind(c);
	bool *acts = data;

	(void)parent;
	if (kind == CXCursor_CallExpr || kind == CXCursor_UnaryOperator ||
	    kind == CXCursor_CompoundAssignOperator ||
	    kind == CXCursor_BinaryOperator || kind == CXCursor_StmtExpr) {
		*acts = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/*
 * An accessor: the body is the one statement "return p->member;" (or
 * "s.member", a member of a member), the value read as it is, nothing
 * called, computed or stored on the way.  Nothing in it can fail, so
 * it has no failure to report as 0 or a negative errno: what it returns
 * is a state stored before, whatever verb its last word is
 * (libfoo_get_dry_run(), ctx_get_connect()).  A unary or binary operator
 * anywhere (!p->ok, p->n > 0, p->v[i + 1]) computes an answer, and a
 * body with more statements may act first: neither is one.
 */
static bool reads_member(CXCursor body)
{
	struct kids k, r;
	CXCursor e;
	bool acts = false;

	if (clang_getCursorKind(body) != CXCursor_CompoundStmt)
		return false;
	k.n = 0;
	clang_visitChildren(body, kid_visit, &k);
	if (k.n != 1 || clang_getCursorKind(k.v[0]) != CXCursor_ReturnStmt)
		return false;
	expr_kids(k.v[0], &r);
	if (r.n != 1)
		return false;
	e = peel(r.v[0]);
	if (clang_getCursorKind(e) != CXCursor_MemberRefExpr)
		return false;
	clang_visitChildren(e, acts_visit, &acts);
	return !acts;
}

void contract_read(CXTranslationUnit tu, CXCursor func, CXCursor body,
		   CXFile file, struct rc_func *fn)
{
	struct count_walk w = { .tu = tu, .fn = fn };

	clang_visitChildren(body, count_visit, &w);
	fn->facts |= errstr_params(tu, func, body);
	if (fn->type == RT_VOID)
		return;
	if (table_outside_name(fn->name))
		fn->facts |= FACT_OUTSIDE;
	if (ok_enum(clang_getResultType(clang_getCursorType(func))))
		fn->facts |= FACT_STATUS_TYPE;
	else if (states_enum(clang_getResultType(clang_getCursorType(func))))
		fn->facts |= FACT_STATES_TYPE;
	if (asks_place(func, fn->name))
		fn->facts |= FACT_PLACE_SUBJECT;
	if (is_setter(func, fn->name))
		fn->facts |= FACT_SETTER;
	fn->accessor = reads_member(body);
	if (has_out_status(func))
		fn->facts |= FACT_OUT_STATUS;
	if (has_out_answer(func, fn->name))
		fn->facts |= FACT_OUT_ANSWER;
	if (fn->type == RT_BOOL && is_classifier(func, fn->name))
		fn->facts |= FACT_CLASSIFIER;
	fn->facts |= receiver_words(func, fn->name) << FACT_RECEIVER_SHIFT;
	fn->facts |= doc_read(tu, func, body, file, &fn->like,
			      &fn->doc_more);
}
