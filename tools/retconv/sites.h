/* SPDX-License-Identifier: MIT */
/*
 * What sites.c (rules C and D), returned.c (rule E), callee.c (the
 * callee's class) and verdict.c (a finding made) share: a site's judgement
 * in progress.  Nothing here is shared between threads; the rules run in
 * the parent, after the workers have joined.
 */
#ifndef RETCONV_SITES_H
#define RETCONV_SITES_H

#include "retconv.h"

enum cclass {
	CC_NONE,
	CC_ERRNO,
	CC_PERRNO,
	CC_BOOLEAN,
	CC_COUNT,
	CC_MIXED,
	CC_FLAG,
	CC_STATUS,		/* outside.c's classes */
	CC_VALUE,
	CC_DESCRIPTOR,
	CC_POSITIVE,
};

struct callee {
	enum cclass cls;
	bool table;		/* from the table, not a definition */
	bool sure;		/* not from a definition that may have been
				 * misread (sure_definition()) */
	bool outcome;		/* its 0 is an outcome, not "it worked" */
	const struct rc_func *def;	/* the definition it came from */
	char *source;		/* "its definition at f.c:3", ... */
	bool member;		/* from the functions stored in a member */
	bool named;		/* the definition shows a negative error
				 * code (callee.c's shows_errno()), or the
				 * class is not a definition's errno */
	struct rc_func merged;	/* a member's: its functions' returns
				 * together (callee.c's by_member()) */
};

/*
 * A signed function whose body never returns a negative value, tested for
 * a sign by its callers: git's repo_read_index() dies on error, while its
 * callers test it for < 0 as its declared int suggests.  The callers are
 * not wrong about what they were promised; the callee does not keep it.
 * One finding at the callee, naming its callers, says so once.
 */
struct contract {
	const struct rc_func *def;
	struct rc_finding f;
	size_t ncallers;
};

struct contracts {
	struct contract *v;
	size_t n;
};

struct ctx {
	const struct rc_config *cfg;
	struct rc_func *fn;
	const struct rc_site *x;
	const struct callee *c;
	struct rc_findings *out;
	struct contracts *broken;
};

/* callee.c */
void callee_class(const struct rc_result *res, struct rc_func **byusr,
		  size_t n, const struct rc_table *table,
		  const struct rc_func *caller, const struct rc_site *x,
		  struct callee *c);
void callee_sort_stored(struct rc_result *res);
void callee_configs(struct callee *c, struct rc_func *const *other,
		    size_t n);
const char *callee_class_name(enum cclass cls);
unsigned callee_class_signs(enum cclass cls);
const char *callee_returns(const struct rc_site *x, const struct callee *c);
bool callee_errno_shown(const struct callee *c);
bool callee_is_errno(const struct rc_site *x);

/* verdict.c */
void verdict_add(struct ctx *cx, char rule, char *msg);
char *verdict_tested(const struct rc_site *x);
char *verdict_quoted(const struct rc_site *x);
void verdict_contract(struct ctx *cx);
void verdict_contracts(struct contracts *broken, struct rc_findings *out);

/* counted.c */
bool rule_c_count_one(struct ctx *cx);
void rule_d_fd_truth(struct ctx *cx);

/* readzero.c */
bool rule_c_stalls(struct ctx *cx);
bool rule_c_unread(struct ctx *cx);
bool rule_c_zero_dead(struct ctx *cx);

/* onecode.c */
bool rule_c_one_code(struct ctx *cx);
/* returned.c */
void rule_e(struct ctx *cx);
void rule_e_positive(struct ctx *cx);
void rule_e_bool(struct ctx *cx);
void rule_e_negheld(struct ctx *cx);
void rule_e_negative(struct ctx *cx);

#endif
