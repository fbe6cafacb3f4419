// SPDX-License-Identifier: MIT
/*
 * The libclang helpers the worker's two passes share.
 *
 * infer.c reduces return statements to value sets and callsite.c finds the
 * call sites whose result is misread; both walk the same cursors, read the
 * operator a binary or unary expression hides, and look through parentheses
 * and implicit conversions.  The helpers live in ast.c; the two passes are
 * called, one function body at a time, by the worker's per-unit driver
 * (worker.c).  This header is only for the worker's files, which link
 * libclang.
 */
#ifndef RETCONV_AST_H
#define RETCONV_AST_H

#include <clang-c/Index.h>

#include "retconv.h"

#define MAX_KIDS 4

/* The first MAX_KIDS children of a cursor; n counts them all. */
struct kids {
	CXCursor v[MAX_KIDS];
	unsigned n;
};

/* ast.c */
enum CXChildVisitResult kid_visit(CXCursor c, CXCursor parent,
				  CXClientData data);
void expr_kids(CXCursor c, struct kids *k);
CXCursor first_child(CXCursor c, enum CXCursorKind kind);
enum rc_type type_class(CXType t);
unsigned const_values(CXCursor e);
void ast_unit(CXTranslationUnit tu);
const char *file_text(CXTranslationUnit tu, CXFile file, size_t *size);
const char *file_line(CXTranslationUnit tu, CXFile file, unsigned line,
		      size_t *len);
CXSourceLocation expanded(CXTranslationUnit tu, CXSourceLocation loc);
void punct_after(CXTranslationUnit tu, CXCursor c, CXCursor outer, char *op,
		 size_t size);
void binary_op(CXTranslationUnit tu, CXCursor lhs, CXCursor rhs, char *op,
	       size_t size);
void unary_op(CXTranslationUnit tu, CXCursor e, CXCursor operand, char *op,
	      size_t size);
bool is_local_var(CXCursor var);
bool names_var(CXCursor c, CXCursor var);
CXCursor peel(CXCursor e);
CXCursor local_of(CXCursor e);
bool is_zero_const(CXCursor e);
unsigned suppress_at(CXTranslationUnit tu, CXFile file, unsigned line);
unsigned offset_of(CXCursor c);
unsigned end_of(CXCursor c);
void line_col(CXCursor c, unsigned *line, unsigned *col);
bool cast_operand(CXCursor e, CXCursor *op);
CXCursor strip_casts(CXCursor e);
CXCursor minus_operand(CXTranslationUnit tu, CXCursor e);
char *range_text(CXTranslationUnit tu, CXSourceRange range);
char *spelling(CXTranslationUnit tu, CXCursor c);
CXSourceRange text_extent(CXTranslationUnit tu, CXCursor c);
char *written_text(CXTranslationUnit tu, CXCursor c);
char *first_token(CXTranslationUnit tu, CXCursor c);
CXCursor branch_cond(CXTranslationUnit tu, CXCursor stmt, CXCursor cond);
void assertion_args(CXCursor stmt);
bool const_value(CXCursor e, long long *v);
char *function_usr(CXCursor fn);
bool ok_enum(CXType t);

/* infer.c: the returns of one function body, appended to @fn. */
void infer_returns(CXTranslationUnit tu, CXCursor func, CXCursor body,
		   CXFile file, struct rc_func *fn);

/* doc.c: the class a definition's documentation gives its result (DOC_*),
 * in *@like the function it says it is the same as, if it says only
 * that, and in *@more what else it says (DOCX_*). */
unsigned doc_read(CXTranslationUnit tu, CXCursor func, CXCursor body,
		  CXFile file, char **like, unsigned *more);

/* contract.c: a definition's documented class, setter and counted calls. */
void contract_read(CXTranslationUnit tu, CXCursor func, CXCursor body,
		   CXFile file, struct rc_func *fn);

/* strerr.c: the parameters a definition passes to strerror() as they
 * came (FACT_STRERROR()). */
unsigned errstr_params(CXTranslationUnit tu, CXCursor func, CXCursor body);

/* house.c, in the worker: an errno constant's sign as written, and
 * the documentation of positive errnos (FACT_GIVES_*, DOC_PERRNO). */
bool house_errno_name(const char *name, long long v);
int house_errno_const(CXTranslationUnit tu, CXCursor e, char **name);
unsigned house_spelled(CXTranslationUnit tu, CXCursor e);
unsigned house_doc(const char *sec, const char *doc);

/* taken.c: a member's key, its structure's name and its own, or NULL. */
char *member_key(CXCursor field);

/* unit.c: a file's identity, as the I and twice lists name it. */
char *file_id(CXFile file);

/* callsite.c: the call sites of one function body, appended to @fn. */
void callsite_scan(CXTranslationUnit tu, CXCursor body, struct rc_func *fn);

#endif /* RETCONV_AST_H */
