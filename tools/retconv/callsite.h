// SPDX-License-Identifier: MIT
/*
 * The call-site pass's own header, for its files: callsite.c walks a
 * body and judges each test, return and switch (rules C, D, E); truth.c
 * finds results read as conditions (for rule B); origin.c
 * says which call a tested value came from (the stores of the body, and
 * whether the call's value is the only one that reaches a use); errpath.c
 * says whether a branch, or what follows it, handles an error, and given.c
 * whether that error is one a call was asked about.  Nothing
 * here is shared with the other passes (ast.h is).
 *
 * Locking: none; a scan belongs to one worker thread and one body.
 */
#ifndef RETCONV_CALLSITE_H
#define RETCONV_CALLSITE_H

#include "ast.h"

#define MAX_GUARDS 16

/* A store to a local variable or a field, and the call it stored. */
struct store {
	char *key;		/* "v:USR" or "m:tokens" */
	unsigned offset;
	unsigned end;		/* where the store's expression ends */
	bool call;
	char *copy;		/* the key of the local variable it copied */
	char *usr;
	char *callee;
	enum rc_type ctype;
	bool kwq;
	long long csize;	/* the size of the callee's result */
	bool wraps;		/* through a cast that can make it negative
				 * (cast_wraps()) */
	unsigned rstart;	/* the part of the body that runs whenever */
	unsigned rend;		/* the store does (see region_of) */
	unsigned line;
	unsigned col;
};

/* Where a tested or returned value came from. */
struct origin {
	const char *usr;
	const char *callee;
	enum rc_type ctype;
	bool kwq;		/* the callee is declared in a kwq/ header */
	char *holder;		/* "" when the value is the call itself */
	unsigned hline;
	unsigned hcol;
	unsigned hend;		/* where the store's expression ends */
	unsigned cstart;	/* where the call, or the store of it, starts */
	unsigned cend;		/* and ends */
	bool unsig;		/* the holder is unsigned */
	bool wraps;		/* a signed holder that an unsigned result
				 * as wide as it can make negative */
	long long csize;
	char *key;		/* the holder's key, or NULL */
	char *own_usr;		/* for a call tested directly */
	char *own_callee;
};

struct scan {
	CXTranslationUnit tu;
	struct rc_func *fn;
	CXCursor body;
	struct store *st;
	size_t nst;
	unsigned *calls;	/* where each call in the body is */
	size_t ncalls;
	unsigned *labels;	/* where other paths join: labels, cases */
	size_t nlabels;
	unsigned (*loops)[2];	/* each loop's extent */
	size_t nloops;
	char *guards[MAX_GUARDS];	/* holders tested non-zero here */
	unsigned nguards;
	unsigned failing;	/* how many ifs around taken on a failure */
	const struct rest *rest;	/* what runs after the statement being
					 * scanned, or NULL if not known */
	const char *tested;	/* the callee whose result the if being
				 * read tests, while its branches are */
};

/* The statements of a block from the one being scanned on, and of the
 * blocks around it, up to a loop or a switch. */
struct rest {
	CXCursor *v;
	unsigned n;
	unsigned i;		/* the one being scanned */
	const struct rest *up;
};

/* record.c: a site found, recorded for the parent */
void add_site(struct scan *s, CXCursor at, char rule, uint64_t form,
	      struct origin *o, char *op, char *why, CXCursor whyc);

/* truth.c: reads of a result as a truth value (T sites, rule B) */
void truth_scan(struct scan *s);

/* origin.c */
void store_walk(struct scan *s, CXCursor c, const unsigned *region);
bool origin_of(struct scan *s, CXCursor e, struct origin *o);
bool holder_of_local(struct scan *s, CXCursor e, char **key, char **name);
void origin_free(struct origin *o);
bool wraps(const struct origin *o, CXType holder);
bool cast_wraps(CXCursor e);
bool callee_of(CXTranslationUnit tu, CXCursor e, char **usr, char **name,
	       enum rc_type *type, bool *kwq, long long *size);

/* above.c */
bool shape_of(const char *op, long long k, unsigned *may, unsigned *all);
const char *mirror(const char *op);
CXCursor tested_local(struct scan *s, CXCursor e);
bool is_var(CXCursor var, const char *usr);
unsigned taken_above(struct scan *s, const struct origin *o, CXCursor use,
		     bool *listed);
bool settled_below(struct scan *s, const struct origin *o, unsigned from,
		   const unsigned skip[2], unsigned sign, unsigned other);
bool bounded_above(struct scan *s, CXCursor cmp, const struct origin *o);
uint64_t below_zero(struct scan *s, CXCursor cmp, const struct origin *o,
		    unsigned may);
uint64_t below_negative(struct scan *s, CXCursor cmp,
			const struct origin *o, bool ne);
bool truth_right(struct scan *s, const struct kids *all, unsigned form,
		 const struct origin *o);
uint64_t zero_here(struct scan *s, CXCursor at, const struct origin *o,
		   char **why, CXCursor *whyc);

/* stall.c */
uint64_t stall_of(struct scan *s, CXCursor at, const struct origin *o,
		  char **why, CXCursor *whyc);

/* readcall.c */
bool reading_call(struct scan *s, const struct origin *o,
		  bool (*reads)(const char *name), uint64_t *passed);
CXCursor origin_call(struct scan *s, const struct origin *o,
		     const char *callee);
CXCursor test_branch(CXCursor within, CXCursor at);
bool reads_endless_fd(struct scan *s, const struct origin *o);

/* zeroarm.c */
uint64_t zero_dead_of(struct scan *s, CXCursor at, const struct origin *o,
		      char **why, CXCursor *whyc);

/* unread.c */
uint64_t unread_of(struct scan *s, CXCursor at, const struct origin *o,
		   char **why, CXCursor *whyc);

/* strerr.c */
void errstr_scan(struct scan *s);
unsigned guard_signs(struct scan *s, CXCursor at, CXCursor e);
unsigned failure_signs(struct scan *s, CXCursor at, CXCursor e);

/* given.c */
bool asks_of_failure(struct scan *s, const struct origin *o, CXCursor at);

/* errpath.c */
char *branch_error(struct scan *s, CXCursor branch, CXCursor *at);
uint64_t format_form(struct scan *s, const struct origin *o, long long v);
bool passed_on_later(struct scan *s, CXCursor c, const struct origin *o);
bool both_fail(struct scan *s, const struct kids *all, unsigned i);
bool branch_asserts(struct scan *s, CXCursor branch);
bool fails_assertion(CXCursor c);
bool zero_only(struct scan *s, const struct origin *o);
bool branch_uses_out(struct scan *s, CXCursor branch, CXCursor at,
		     const struct origin *o);

#endif /* RETCONV_CALLSITE_H */
