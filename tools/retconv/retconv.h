// SPDX-License-Identifier: MIT
/*
 * What the parts of retconv share.
 *
 * retconv runs in two halves.  Worker processes (worker.c) parse translation
 * units with libclang and reduce every function definition to a summary
 * (infer.c, with ast.c's helpers): its name, linkage, declared return
 * type and, for each return statement, the set of values it can give plus
 * the calls whose result it passes on.  The parent collects the summaries of every file, resolves those
 * calls across files to a fixed point (resolve.c), names each function's kind
 * (naming.c, with config.c, and with what the run's documentation and uses
 * settle: contract.c in the workers, defs.c here) and return class, applies
 * rules A and B (rules.c; then defs.c's wrappers and house style) to
 * definitions and rules C, D and E to the call sites the
 * workers found (callsite.c), each callee's class coming from its
 * definition or from the table of functions defined elsewhere (table.c),
 * and prints the findings (report.c).  Summaries cross from the
 * workers to the parent as text (summary.c), so a crash in libclang costs a
 * worker, not the run.
 *
 * The header stays whole past 800 lines because it is the index of the
 * parts: the records one half hands the other, then one block of
 * declarations per file, headed by the file's name, so that what each file
 * offers the rest is read in one place.  Parts that share more than that
 * among themselves have their own header (ast.h, callsite.h, sites.h,
 * tree.h, confpick.h, damage.h, inactive.h, sysloc.h).
 */
#ifndef RETCONV_H
#define RETCONV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define RETCONV_VERSION "0.1.0"

/* What one return path can give.  A return's set is the union of these. */
enum rc_value {
	RV_ZERO = 1U << 0,	/* the constant 0, or false */
	RV_ONE = 1U << 1,	/* the constant 1, or true */
	RV_POS = 1U << 2,	/* a constant above 1 */
	RV_NEG = 1U << 3,	/* a negative constant, or a negated value */
	RV_NONNEG = 1U << 4,	/* not constant, but never negative */
	RV_PTR = 1U << 5,	/* a pointer */
	RV_UNKNOWN = 1U << 6,	/* a signed value nothing bounds */
	RV_BOOL = 1U << 7,	/* a bool, a comparison or a logical operator */
	RV_FOREIGN = 1U << 8,	/* by another convention: a library's constant,
				 * or a value whose failure goes elsewhere */
	RV_CODE = 1U << 9,	/* beside RV_ONE or RV_POS: that constant is
				 * spelled as a failure's name (JIM_ERR,
				 * EXIT_FAILURE): a status code, not true */
	RV_OKCODE = 1U << 10,	/* ... as a success's name (SUDO_RC_OK = 1):
				 * a status set's success, beside its own
				 * negative errors */
	RV_COUNTED = 1U << 11,	/* beside RV_NONNEG: counted up ("n++",
				 * "n += v"), a count by how it is made */
};

/* The declared return type, as far as the rules care. */
enum rc_type {
	RT_VOID,
	RT_BOOL,
	RT_SIGNED,
	RT_UNSIGNED,
	RT_POINTER,
	RT_OTHER,		/* floating point, struct, enum */
};

/* How far the rule binds a function: the severity scale. */
enum rc_scope {
	SCOPE_STATIC,		/* internal linkage: advice */
	SCOPE_PUBLIC,		/* external linkage: should follow the rule */
	SCOPE_EXPORTED,		/* declared in a header, visible: bound by it */
};

enum rc_class {
	RC_VOID,
	RC_ERRNO,		/* 0 and negative errnos */
	RC_BOOLEAN,		/* only 0 and 1, or bool */
	RC_COUNT,		/* never negative: counts, sizes, unsigned */
	RC_POINTER,
	RC_MIXED,		/* negative errnos with positive values */
	RC_UNKNOWN,		/* some return path could not be bounded */
	RC_OTHER,		/* floating point, struct, enum */
};

enum rc_kind {
	KIND_NEITHER,
	KIND_ACTION,
	KIND_PREDICATE,
};

/* The signs a guarded return's variable can have (if (ret < 0) return ret;
 * if (ret != 1) return ret;). */
#define SIGN_NEG	(1U << 0)
#define SIGN_ZERO	(1U << 1)
#define SIGN_ONE	(1U << 2)
#define SIGN_MORE	(1U << 3)	/* above 1 */
#define SIGN_POS	(SIGN_ONE | SIGN_MORE)
#define SIGN_ALL	(SIGN_NEG | SIGN_ZERO | SIGN_POS)
/* A call's, beside its signs: on some path its result arrived with no
 * test between its 0 and its 1, as it is ("return f();"). */
#define SIGN_WHOLE	(1U << 4)
/* A call's, beside its signs: its result is negated ("return -f();", "rc =
 * -rc;" after "rc = f();"), so its values change sign (values_negate());
 * the signs above are still the callee's. */
#define SIGN_NEGATED	(1U << 5)

/* Suppression bits, from a retconv: ignore comment on the name's line
 * (rules A, B) or on the call site's (C, D, E). */
#define SUPPRESS_RULE(r)	(1U << ((r) - 'A'))
#define SUPPRESS_A	SUPPRESS_RULE('A')
#define SUPPRESS_B	SUPPRESS_RULE('B')
#define SUPPRESS_ALL	0x1fU

/* A call whose result a return passes on, resolved in the parent. */
struct rc_call {
	char *usr;		/* the callee's clang USR */
	unsigned fallback;	/* its values if no definition is found */
	unsigned sign;		/* SIGN_*: what a guard lets through, and
				 * SIGN_WHOLE */
};

struct rc_return {
	unsigned line;
	unsigned col;
	unsigned flags;		/* values known in the worker */
	unsigned resolved;	/* flags plus those of the calls */
	struct rc_call *calls;
	size_t ncalls;
	bool negheld;		/* the worker's only: "return -res;" where res
				 * holds only 0 and negative values there,
				 * none a call's (infer.c), for callsite.c */
};

/* How a call site tests or passes on a result. */
#define SITE_ON_ZERO	(1U << 0)	/* D: the branch runs when it is 0 */
#define SITE_ON_NONZERO	(1U << 1)	/* D: ... when it is not 0 */
#define SITE_GUARDED	(1U << 2)	/* E: returned under if (ret) */
#define SITE_UNSIGNED	(1U << 3)	/* C: kept in an unsigned holder */
#define SITE_NEVER	(1U << 4)	/* C: the test is true when negative */
#define SITE_KWQ	(1U << 5)	/* the callee is declared by kwq */
#define SITE_WRAPS	(1U << 6)	/* C: a signed holder as narrow as the
					 * callee's unsigned result */
#define SITE_ASSERTS	(1U << 7)	/* D: the branch releases a lock or
					 * aborts: it asserts the lock was
					 * held, if the callee is a trylock */
/* C: a comparison with a constant other than a sign test, or a case label
 * of a switch on the result ("ret == 1", "case -EIO:"), by the signs
 * (SIGN_NEG, SIGN_ZERO, SIGN_ONE, SIGN_MORE) it is true for: some value
 * of each sign in MAY, every value of each sign in ALL. */
#define SITE_SHAPE	(1U << 8)
#define SITE_LEFT	(1U << 9)	/* the constant is written first */
#define SITE_CASE	(1U << 10)	/* a case label */
#define SITE_NE		(1U << 11)	/* the operator is != */
#define SITE_MAY(signs)	((unsigned)(signs) << 12)
#define SITE_ALL(signs)	((unsigned)(signs) << 16)
#define SITE_MAY_OF(f)	(((f) >> 12) & 0xfU)
#define SITE_ALL_OF(f)	(((f) >> 16) & 0xfU)
/* E: "return EIO;", a positive errno constant (the callee is its name);
 * "return -err;", a result negated. */
#define SITE_POSERRNO	(1U << 20)
#define SITE_NEGATED	(1U << 21)
/* D: the holder is read nowhere else but in tests against 0, so a
 * negative value is never told from a positive one. */
#define SITE_ZERO_ONLY	(1U << 22)
/* D: the test is written against 0 ("fd != 0"), not "if (fd)" or "!fd". */
#define SITE_VS_ZERO	(1U << 23)
/* The constant is written as a name (a macro, an enumerator), whose value
 * another configuration's reading may not share (inactive.c). */
#define SITE_NAMED	(1U << 24)
/* E: "return -EIO;", an errno constant negated (the callee is its name):
 * the odd one out where the function gives positive errnos (house.c). */
#define SITE_NEGERRNO	(1U << 25)
/* E: "return -res;" where res holds only 0 and negative constants there
 * (the callee is the variable's name): positive on failure. */
#define SITE_NEGHELD	(1U << 26)
/* D: the result is tested only for being 0 and neither way handles an
 * error ("if (sscanf(...)) use();"): a count whose failure is negative
 * takes the way of its successes. */
#define SITE_TRUTH	(1U << 28)
/* E: "return false;" (or FALSE), a bool constant, from a signed
 * function. */
#define SITE_BOOLCONST	(1U << 29)
/* D: the tested value is of an enumeration whose 0 enumerator is named
 * for success (CURLE_OK, HAL_OK, LIBUSB_SUCCESS): a status, 0 on
 * success. */
#define SITE_OKENUM	(1U << 30)
/* The signs (SIGN_NEG, SIGN_ZERO, SIGN_ONE, SIGN_MORE) of the holder's
 * value that tests between the store and this use handled already: an if
 * above it that leaves, or whose else holds it.  Above the 32 bits, which
 * the one-bit forms fill. */
#define SITE_TAKEN(signs)	((uint64_t)(signs) << 32)
#define SITE_TAKEN_OF(f)	((unsigned)((f) >> 32) & 0xfU)
/* D: an if above, that this use is in the else of or after (its branch
 * leaving), tested the holder for a positive constant ("if (rc == 3) ...
 * else if (rc == 2) ... else if (rc != 0) fail;"): the successes were
 * listed one by one, and what is left of the positive values is a
 * failure. */
#define SITE_LISTED	(1ULL << 45)
/* C: a test of the holder just below this one, before any other use of
 * it, sends 0 apart from the positive values (settled_below()): "if (r
 * == -1) {...} if (r == 0) fail;". */
#define SITE_BELOW_ZERO	(1ULL << 36)
/* D: the 0 is written as a name ("status == UCS_OK"): the test says
 * which value is success. */
#define SITE_ZERO_NAMED	(1ULL << 37)
/* C: the test is in a loop that the holder's count moves ("left -= n;"
 * where the loop's condition reads left), and nothing in the loop sends
 * its 0 apart from a positive count (stall.c): a read's end of file
 * leaves the loop where it was.  The site's why says what it moves. */
#define SITE_STALLS	(1ULL << 38)
/* C: the test is the condition of an "else if" whose if tested the holder
 * for non-zero ("if (err) ...; else if (err > 0)"): the holder is 0
 * there (above.c's zero_here()).  The site's why says so, at the first
 * test. */
#define SITE_ZERO_HERE	(1ULL << 39)
/* C: a call's argument ERRSTR_MAX_ARGS or fewer places in (its place in
 * SITE_ARG) is a variable that the if around it left 0 or negative (the
 * signs in SITE_MAY): an error number for strerror() must be positive
 * (strerr.c).  The site's op is the variable's name, its why the test. */
#define SITE_STRERROR	(1ULL << 40)
#define SITE_ARG(i)	((uint64_t)(i) << 41)
#define SITE_ARG_OF(f)	((unsigned)((f) >> 41) & 0x7U)
/* C: "x == 1" or "x != 1" of a call with a string literal argument
 * that, read as a printf format, prints two characters or more: the
 * printf family's count is then never 1 (counted.c). */
#define SITE_FORMAT_LONG	(1ULL << 47)
/* C: the test's if leaves, and after it the call's buffer, a local array
 * declared without an initializer, is read as a string before the count
 * is looked at (unread.c): a read's 0 stored nothing in it.  The site's
 * why says where it is read. */
#define SITE_UNREAD	(1ULL << 44)
/* C: "x == -1" or "x != -1", the -1 a number, and a test of the holder
 * just below, before any other use of it on the way the other negative
 * values take, sends them apart from 0 (above.c's below_negative()):
 * "if (r == -1) ...; else if (r < 0) ...".  A high bit, clear of the
 * forms that grow from SITE_ARG. */
#define SITE_BELOW_NEG	(1ULL << 50)
/* C: that comparison is written as an argument of a call or a macro, an
 * assertion's ("CU_ASSERT(rc == -1)"): what it does with the answer is
 * its own, as a unit test's expectation of that one code. */
#define SITE_AS_ARG	(1ULL << 51)
/* C: the callee is no reading function but a wrapper of one, whose
 * definition returns what read() or recv() returned, as is (readcall.c):
 * it has their contract, 0 at the end of the input.  A high bit. */
#define SITE_PASSES	(1ULL << 60)
/* C: a failure test of a reading function's result ("n < 0") whose
 * branch then tests the result for 0 ("n ? -errno : -ENOTCONN"): the
 * branch never sees 0, which goes the way of the counts (zeroarm.c).
 * The site's why is that test. */
#define SITE_ZERO_DEAD	(1ULL << 61)
/* C: with SITE_STALLS, the loop is an endless one ("while (1)") whose
 * only way out is the test (stall.c), not one a count moves. */
#define SITE_ENDLESS	(1ULL << 62)

/*
 * A call whose result is tested or returned: rule C (compared with 0 for a
 * sign), D (an if whose branch handles an error) or E (returned).  The
 * result may have been kept in a holder first: a local variable or a field,
 * whose last store before the use is the call.
 */
struct rc_site {
	char rule;		/* 'C', 'D' or 'E'; 'U', a use that is no
				 * finding: a test for 0 after the negative
				 * values were handled (defs.c); 'T', a
				 * signed result read as a condition before
				 * any test of its sign (truth.c, rule B) */
	uint64_t form;		/* SITE_* */
	unsigned line;		/* the test or the return */
	unsigned col;
	char *usr;		/* the callee's */
	char *callee;		/* its name */
	enum rc_type ctype;	/* its declared return type */
	char *holder;		/* "ret", "d->err", or "" for the call itself */
	unsigned hline;		/* where the holder was stored */
	unsigned hcol;
	unsigned hend;		/* the worker's: where the store ends (offset) */
	char *op;		/* C: "< 0", "0 >"; else "" */
	char *why;		/* D: the error handling; else "" */
	unsigned wline;
	unsigned wcol;
};

/* What a definition says of itself besides its returns (contract.c): the
 * class its documentation gives its result, and whether it is a setter. */
#define FACT_SETTER	(1U << 0)	/* its last word names a bool parameter */
#define DOC_ERRNO	(1U << 1)	/* documented: 0 or a negative errno */
#define DOC_BOOL	(1U << 2)	/* documented: true or false, 1 or 0 */
#define DOC_TRISTATE	(1U << 3)	/* documented: 1, 0 or a negative errno */
#define DOC_VALUE	(1U << 4)	/* documented: a count, a length... or
					 * an error */
#define FACT_OUT_STATUS	(1U << 5)	/* its status goes out through a
					 * parameter (int *out_rc) */
#define FACT_OUT_ANSWER	(1U << 6)	/* its answer goes out through a
					 * parameter (int *valid) */
#define FACT_CLASSIFIER	(1U << 7)	/* its last word names a kind of
					 * its value parameter (state) */
#define DOC_MASK	(DOC_ERRNO | DOC_BOOL | DOC_TRISTATE | DOC_VALUE | \
			 DOC_SUCCESS)
/* How many first words of the name spell the type its first parameter
 * points to (can_frame_len(struct can_frame *)): a noun, its receiver. */
#define FACT_RECEIVER_SHIFT	8
#define FACT_RECEIVER_MASK	(0xfU << FACT_RECEIVER_SHIFT)
/* Documented: 0 on success, any other value on failure ("non-zero on
 * failure", "0 or EINVAL"): a status whose failures carry no sign.  It
 * leaves the kind to the name, so it is not in DOC_MASK. */
#define DOC_STATUS	(1U << 12)
/* Documented: a negative result ("< 0 on error", "-EIO"), whatever else
 * the section says.  Callers that test for it follow the contract, even
 * where the body no longer gives one. */
#define DOC_NEGATIVE	(1U << 13)
/* DOC_STATUS came down from a documented caller that returns this
 * function's result (defs.c), not from its own words: rule A still reads
 * its returns. */
#define FACT_STATUS_PASSED	(1U << 14)
/* A parameter is what its name asks the place of (addr_in_range(addr,
 * ...)): a question of where, a predicate's. */
#define FACT_PLACE_SUBJECT	(1U << 15)
/* Declared to return a status enumeration, whose 0 is named for success
 * (ucs_status_t's UCS_OK): a status, an action's, whatever its name. */
#define FACT_STATUS_TYPE	(1U << 16)
/* Documented: 1 on success, as a success flag ("1 if the list was read
 * successfully"): a contract of its own, no answer to a question. */
#define DOC_SUCCESS		(1U << 17)
/* Declared to return an enumeration of states that names a negative
 * value beside 0 and 1 (tri_unknown = -1, tri_no, tri_yes): a contract of
 * its own, whose negative is a state, not an errno. */
#define FACT_STATES_TYPE	(1U << 19)
/* Its name and its interface are an outside library's (SHA1_Init,
 * mysql_stmt_close): a stand-in, bound by that library's contract. */
#define FACT_OUTSIDE		(1U << 18)
/* Another configuration's definition of a function, whole in the lines
 * that reading made live (inactive.c): it stands for the function at
 * such readings' call sites where the run has no definition of it, and
 * is not reported (resolve.c). */
#define FACT_STANDIN		(1U << 20)
/* It passes parameter i (below ERRSTR_MAX_ARGS) to strerror() as it came,
 * never negated or tested for a sign (strerr.c): the parameter is a
 * positive errno. */
#define ERRSTR_MAX_ARGS		6
#define FACT_STRERROR(i)	(1U << (21 + (i)))
/* house.c's, the positive-errno house style (high bits, so that other
 * facts grow from below): an errno's name reaches one of its returns
 * positive (return EIO;, err = EIO) or negated (-EIO), from the worker;
 * in the parent, a positive one also when it returns errno or passes on
 * a result of a function that gives one.  Documented: "a positive errno
 * value" on failure.  And in the parent: callers read its result as 0
 * or a positive errno (class perrno). */
#define FACT_PERRNO_READ	(1U << 27)
#define FACT_GIVES_PERRNO	(1U << 28)
#define FACT_GIVES_NERRNO	(1U << 29)
#define DOC_PERRNO		(1U << 30)
/* Another configuration's reading of a function (inactive.c): only its
 * call sites on the lines that reading made live count, not its returns. */
#define FACT_ALTERNATE	(1U << 31)

/* struct rc_func's doc_more: documented, a count or a length whose 0 is
 * a failure ("@return the length sent, 0 if it cannot send"): success is
 * above 0, failure 0 or negative, as OpenSSL's SSL_write(). */
#define DOCX_ZERO_FAILS	(1U << 0)
/* Also in doc_more, from its body (infer.c): a value that reaches a
 * return is a negative number other than -1 (-EINVAL, a project's -4), a
 * -1 named as a failure (C_ERR), a value negated ("return -err;",
 * "return -errno;") or a negative value of a field or parameter passed
 * up: a negative error code, which a body of 0 and -1 alone does not
 * show (callee.c's shows_errno()). */
#define BODYX_NEG_CODE	(1U << 1)

struct rc_func {
	char *usr;
	char *name;
	char *file;
	char *fileid;		/* device and inode: one file, however named */
	unsigned line;
	unsigned col;
	enum rc_scope scope;
	enum rc_type type;
	unsigned suppress;	/* SUPPRESS_* */
	bool report;		/* defined in a file under check */
	bool context;		/* main.c: in a file --tree reads only for
				 * the definitions its files call */
	bool serves;		/* rules.c: a callback, or a callback returns
				 * its result untested */
	struct rc_return *rets;
	size_t nrets;
	unsigned flags;		/* resolved: the union of every return */
	struct rc_site *sites;
	size_t nsites;
	unsigned facts;		/* FACT_*, DOC_* */
	bool accessor;		/* contract.c: its body is "return p->member;"
				 * alone (reads_member()) */
	char *like;		/* doc.c: the function its documentation
				 * says it is the same as, or NULL */
	char **counted;		/* USRs of callees whose results it adds */
	size_t ncounted;
	unsigned doc_more;	/* doc.c: DOCX_*, what its documentation
				 * says beside its class; BODYX_* */
	unsigned errstr_pos;	/* strerr.c: its calls that give strerror()
				 * a positive error number as written */
	struct rc_func *hnext;	/* resolve.c's hash chain */
	long job;		/* the job whose parse sent it, or -1 */
	size_t seq;		/* its place in what its worker sent */
};

/* A parse or input error, printed as one line naming the file. */
struct rc_error {
	char *file;
	char *msg;
};

/* A function stored in a member of a named structure (an M record):
 * the member's key (taken.c's member_key()) and the function's USR. */
struct rc_stored {
	char *member;
	char *usr;
};

/* Everything the workers sent back. */
struct rc_result {
	struct rc_func **funcs;
	size_t nfuncs;
	struct rc_error *errors;	/* files not parsed */
	size_t nerrors;
	char **taken;		/* USRs of functions whose address is taken */
	size_t ntaken;
	struct rc_error *notes;		/* files parsed with errors */
	size_t nnotes;
	size_t *included;		/* walked headers a file included */
	size_t nincluded;
	struct rc_func **alts;		/* FACT_ALTERNATE readings: call sites
					 * only */
	size_t nalts;
	struct rc_func **standins;	/* FACT_STANDIN definitions */
	size_t nstandins;
	struct rc_stored *stored;	/* functions stored in members */
	size_t nstored;
};

/* One translation unit to parse, with its compiler arguments. */
struct rc_job {
	char *file;		/* as it is to be printed */
	char *path;		/* as libclang opens it */
	char *dir;		/* where to parse it (compile_commands), or NULL */
	char *fileid;		/* a header found by walking a directory: its
				 * device and inode, as worker.c's fileid */
	char *pch;		/* a precompiled header of its first lines;
				 * for a build job, where to write it */
	bool build;		/* a header to precompile (pch.c) */
	char **args;
	size_t nargs;
};

struct rc_jobs {
	struct rc_job *v;
	size_t n;
};

/* The naming vocabulary: built-in words plus the configuration file's. */
struct rc_words {
	char **v;
	size_t n;
};

/* A name whose kind the run itself settled (defs.c): its documentation,
 * its parameters, or how its callers use its result. */
struct rc_named {
	char *name;
	enum rc_kind kind;
};

struct rc_config {
	struct rc_words verbs;		/* imperative verbs: actions */
	struct rc_words preds;		/* is, has, can: predicates anywhere */
	struct rc_words suffixes;	/* _pending, _empty: predicates last */
	struct rc_words prefixes;	/* subsystem prefixes that look like words */
	struct rc_words trailers;	/* _locked: ignored at the end */
	struct rc_words actions;	/* whole names forced to actions */
	struct rc_words predicates;	/* whole names forced to predicates */
	struct rc_words neither;	/* whole names outside the rule */
	struct rc_named *learned;	/* defs.c's, sorted by name */
	size_t nlearned;
	bool house_perrno;		/* house.c: the project's functions give
					 * positive errnos */
	bool house_errstr;		/* house.c: the project gives strerror()
					 * negative errnos */
	bool style;			/* --style: house styles' advice, and
					 * rule B's tri-states no caller
					 * misreads */
};

enum rc_format {
	FORMAT_TEXT,
	FORMAT_SARIF,
	FORMAT_CLASSES,
};

/* A note of a call-site finding: where the result was kept, the error
 * handling, the callee's definition. */
struct rc_note {
	const char *file;
	unsigned line;
	unsigned col;
	char *msg;
};

struct rc_finding {
	struct rc_func *fn;
	char rule;		/* 'A' to 'E' */
	char *msg;
	unsigned notemask;	/* A, B: a return is a note when it gives one */
	const char *file;	/* where: the function (A, B) or the site */
	unsigned line;
	unsigned col;
	struct rc_note *notes;	/* C, D, E */
	size_t nnotes;
};

/*
 * The table of functions whose bodies are not in the input: built in
 * (copy_to_user, queue_work, request_irq, pthread_*) and from --table
 * files.  The class perrno is 0 or a positive errno (pthread); it is
 * never negative, like count and boolean.
 */
enum rc_tclass {
	TC_ERRNO,
	TC_PERRNO,
	TC_BOOLEAN,
	TC_COUNT,
	TC_MIXED,
	TC_FLAG,		/* 0 or 1 telling a fact, not success */
	TC_OUTCOME,		/* errno, whose 0 and -ENOENT are both
				   outcomes, not success and failure */
	/* Outside libraries' contracts (outside.c): */
	TC_STATUS,		/* 0, or -1 with errno set (close, bind) */
	TC_VALUE,		/* a count or a length, never negative, or
				 * -1 (errno set, or EOF): read, sscanf */
	TC_DESCRIPTOR,		/* a descriptor, 0 included, or -1: open */
	TC_POSITIVE,		/* success above 0, failure 0 or negative:
				 * SSL_read, inet_pton */
};

/* Whose convention an entry describes: a name the kernel and kwq both
 * declare (cancel_work_sync) means what the declaration the caller sees
 * says it means. */
#define TABLE_KERNEL	(1U << 0)	/* declared anywhere but kwq's headers */
#define TABLE_KWQ	(1U << 1)	/* declared in kwq's headers */
#define TABLE_ALL	(TABLE_KERNEL | TABLE_KWQ)

struct rc_tentry {
	char *name;
	enum rc_tclass cls;
	unsigned who;		/* TABLE_* */
	const char *source;	/* "the built-in table", or "FILE:LINE" */
};

struct rc_table {
	struct rc_tentry *v;
	size_t n;
	char **sources;		/* the strings the entries point to */
	size_t nsources;
};

struct rc_findings {
	struct rc_finding *v;
	size_t n;
};

/* util.c */
/* A set of strings: open addressing, NULL for free. */
struct rc_strset {
	char **v;	
	size_t cap;		/* a power of two */
	size_t n;
};
bool ident_char(char c);
bool strset_seen_before(struct rc_strset *t, const char *key);
bool strset_has(const struct rc_strset *t, const char *key);
void strset_free(struct rc_strset *t);
void *xmalloc(size_t n);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void words_push(struct rc_words *w, const char *s);
bool words_has(const struct rc_words *w, const char *s);
bool str_among(const char *w, const char *const *v, size_t n);
#define AMONG(w, v) str_among(w, v, sizeof(v) / sizeof((v)[0]))
void words_free(struct rc_words *w);
void jobs_push(struct rc_jobs *jobs, const char *file, const char *path,
	       char *const *args, size_t nargs);
void jobs_free(struct rc_jobs *jobs);
bool is_header_name(const char *path);
bool is_c_name(const char *path);
bool is_cxx_folder(const char *dir, char *const *names, size_t n);
void home_init(void);
char *display_path(const char *path);
int read_lines(const char *path,
	       int (*fn)(void *ctx, char *line, const char *path,
			 unsigned lineno),
	       void *ctx);

/* config.c */
void config_init(struct rc_config *cfg);
int config_load(struct rc_config *cfg, const char *path);
char *config_find(void);
void config_free(struct rc_config *cfg);

/* lexicon.c: the parts of speech naming.c reads a name's words as */
bool lex_noun_too(const char *w);
bool lex_adjective(const char *w);
bool lex_preposition(const char *w);
bool lex_auxiliary(const char *w);
bool lex_third_person(const char *w);
bool lex_existence(const char *w);
bool lex_category(const char *w);
bool lex_be_or_have(const char *w);
bool lex_switch(const char *w);
bool lex_predicative(const char *w);
bool lex_quantifier(const char *w);
bool lex_state_verb(const char *w);

/* naming.c */
enum rc_kind naming_classify(const struct rc_config *cfg, const char *name);
enum rc_kind naming_classify_words(const struct rc_config *cfg,
				   const char *name);
const char *naming_kind_name(enum rc_kind kind);
void naming_last_word(const char *name, char *buf, size_t size);
void naming_first_word(const struct rc_config *cfg, const char *name,
		       char *buf, size_t size);
int naming_classify_after(const struct rc_config *cfg, const char *name,
			  size_t skip);
size_t naming_type_words(const char *name, const char *type);
bool naming_inspects(const struct rc_config *cfg, const char *name);
bool naming_trylock(const char *name);

/* manual.c */
char *manual_section(const char *source, const char *name);
bool naming_made_state(const struct rc_config *cfg, const char *name);
bool naming_orders(const char *name);
bool naming_place_subject(const char *name, char *buf, size_t size);
bool naming_switch_last(const char *name);
enum rc_kind naming_learned(const struct rc_config *cfg, const char *name,
			    bool *found);

/* defs.c: what the run says of its definitions, and the house style */
void defs_learn(struct rc_config *cfg, struct rc_result *res);
void defs_filter(const struct rc_config *cfg, const struct rc_result *res,
		 struct rc_findings *found, bool style);

/* house.c: the positive-errno house style */
void house_learn(struct rc_config *cfg, struct rc_result *res, bool style,
		 bool verbose);
bool house_keeps_positive(const struct rc_config *cfg,
			  const struct rc_func *fn);
bool house_gives_positive(const struct rc_config *cfg,
			  const struct rc_func *fn);
bool house_ret_errno(const struct rc_return *r);
bool house_returns_errno(const struct rc_func *fn);
bool house_errno_only(const struct rc_func *fn);

/* inputs.c */
int inputs_add_path(struct rc_jobs *jobs, const char *path,
		    char *const *flags, size_t nflags);

/* tree.c: --tree DIR, a project's headers found from its #include lines */
#define TREE_MAX_DIRS 64	/* -I folders at most */
#define TREE_MAX_CONTEXT 12	/* files parsed for the callees of FILE... */
/* A generated header: the name the tree's #include lines ask for, and the
 * template (relative to the tree) it was written from. */
struct rc_gen {
	char *name;
	char *tmpl;
};

struct rc_tree {
	char **incdirs;		/* the -I folders chosen, best first */
	const char **clib;	/* of each, a C library header it holds that
				 * the system has too, or NULL (clib.c) */
	char **served;		/* where clib is set: the part of the tree
				 * whose files read it first, or NULL for a
				 * test's stand-in, which serves none */
	size_t nincdirs;
	size_t nfound;		/* before the bound */
	char **context;		/* files defining what FILE... calls */
	size_t ncontext;
	size_t nskipped;	/* more such files, over the bound */
	char **others;		/* folders of other systems, left out */
	size_t nothers;
	size_t ncxx;		/* folders of C++ sources, passed over */
	char **pkgs;		/* packages the build asks pkg-config for */
	size_t npkgs;		/* that pkg-config knows (pkgdeps.c) */
	char **pkgdirs;		/* their -I folders, searched as the system's */
	size_t npkgdirs;
	char **asms;		/* its assembly sources, relative to it */
	size_t nasms;
	struct rc_strset asmnames;	/* names they use (asmref.c) */
	struct rc_gen *gens;	/* headers written from templates (gen.c) */
	size_t ngens;
	char *gendir;		/* where, the last of incdirs; or NULL */
};
int tree_scan(struct rc_tree *t, const char *dir, char *const *files,
	      size_t nfiles);
void tree_free(struct rc_tree *t);
char *tree_slurp(const char *root, const char *rel);

/* gen.c: generated headers from their templates, for tree mode */
size_t gen_stem(const char *path);
bool gen_matches(const char *tmpl, size_t stem, const char *name,
		 size_t len);
char *gen_folder(void);
int gen_write(const char *dir, const char *root, const char *tmpl,
	      const char *name);
void gen_remove(const char *dir);

/* asmref.c: the functions a tree's assembly names, callbacks of it */
void asmref_scan(struct rc_tree *t, const char *root);
size_t asmref_mark(const struct rc_tree *t, struct rc_result *res);

/* pkgdeps.c: the include folders of the packages a tree's build files
 * ask pkg-config for, into @t's pkgs and pkgdirs */
void pkgdeps_find(struct rc_tree *t, const char *root);
void pkgdeps_free(struct rc_tree *t);

/* clib.c: tree mode's folders that stand in for the C library */
void clib_find(struct rc_tree *t, const char *root, const char *rel,
	       size_t i);
void clib_place(struct rc_jobs *jobs, const struct rc_tree *t);
bool clib_system_has(const char *name);

/* systems.c: the folders of a tree that are for other systems than Linux */
struct rc_systems {
	char **others;		/* another system's folders */
	bool *passed;		/* of those, one a lookup passed over */
	size_t nothers;
	char **ours;		/* the folders for Linux beside them */
	size_t nours;
	bool host_arch;		/* the tree has an arch/ folder for this CPU */
};
void systems_find(struct rc_systems *sys, char *const *dirs, size_t ndirs);
bool systems_other(struct rc_systems *sys, const char *dir, size_t len);
bool systems_before(const struct rc_systems *sys, const char *a, size_t alen,
		    const char *b, size_t blen);
bool systems_other_arch(const struct rc_systems *sys, const char *dir,
			size_t len);
char **systems_passed(struct rc_systems *sys, size_t *n);
void systems_free(struct rc_systems *sys);

/* incpath.c: tree mode's include path, narrowed for each folder of files */
struct rc_incpath {
	size_t groups;		/* folders of files */
	size_t whole;		/* of those, given every -I folder */
	size_t kept;		/* -I folders given, over all folders */
};
void incpath_narrow(struct rc_jobs *jobs, const struct rc_tree *t,
		    struct rc_incpath *said);

/* compdb.c */
int compdb_add_jobs(struct rc_jobs *jobs, const char *dir,
		    char *const *files, size_t nfiles,
		    char *const *flags, size_t nflags);

/* workers.c */
int workers_run(const struct rc_jobs *jobs, const struct rc_jobs *headers,
		int nworkers, struct rc_result *res);
int worker_default_count(void);
/* worker.c */
void worker_main(const struct rc_jobs *jobs, const struct rc_jobs *headers,
		 unsigned long *next, int fd) __attribute__((noreturn));
/* --one-configuration: no second reading of skipped #if branches */
extern bool worker_one_configuration;
/* --file-time: CPU seconds one file may take before it is given up on */
#define WORKER_FILE_TIME 300.0
extern double worker_file_time;
const char *worker_resource_dir(void);
struct CXTranslationUnitImpl;
/* taken.c: T records for the functions whose address a unit takes */
void taken_scan(struct CXTranslationUnitImpl *tu, FILE *out);
/* damage.c: a parse's first error, as one line; NULL when it is clean */
char *damage_first_error(struct CXTranslationUnitImpl *tu);
/* unit.c, in a worker: the summary of an open translation unit */
int worker_summarize(struct CXTranslationUnitImpl *tu, const char *display,
		     const struct rc_jobs *headers, FILE *out);

/* pch.c */
int pch_plan(struct rc_jobs *jobs, char **tmpdir, struct rc_jobs *builds);
void pch_settle(struct rc_jobs *jobs);
void pch_note_twice(const char *pch, const char *ids);
char *pch_twice(const char *pch);
char *pch_read_twice(struct CXTranslationUnitImpl *tu);
bool pch_error_twice(struct CXTranslationUnitImpl *tu, const char *pch);
void pch_cleanup(char *tmpdir);

/* prelude.c: stand-ins for what a file without its tree misses */
#define PRELUDE_NAME "/retconv/prelude.h"
extern const char prelude_text[];
/* in a worker: @before and definitions for the types and annotations @tu
 * missed, or NULL when it has none to add */
char *prelude_standins(struct CXTranslationUnitImpl *tu, const char *before);
/* the prelude file's text for a parse with @standins (prelude_standins()'s) */
char *prelude_for(const char *standins);

/* idle.c: in a worker, whether no directive of what @tu read, nor one of
 * its @nargs arguments, names a macro of the prelude, so that a parse
 * with the prelude would look up the same headers */
bool idle_prelude(struct CXTranslationUnitImpl *tu, char *const *args,
		  size_t nargs);

/* summary.c */
void summary_write_func(FILE *out, const struct rc_func *fn);
void summary_write_error(FILE *out, const char *file, const char *msg);
void summary_write_note(FILE *out, const char *file, const char *msg);
int summary_read(FILE *in, struct rc_result *res, long *begun);
void site_free(struct rc_site *x);
void func_free(struct rc_func *fn);
void result_free(struct rc_result *res);

/* resolve.c */
unsigned values_restrict(unsigned flags, unsigned sign);
unsigned values_negate(unsigned f);
unsigned values_errno_read(unsigned f);
void resolve_calls(struct rc_result *res);
enum rc_class resolve_class(const struct rc_func *fn);
struct rc_func **funcs_by_usr(const struct rc_result *res);
struct rc_func **funcs_by_usr_standins(const struct rc_result *res,
				       size_t *n);
size_t funcs_first(struct rc_func *const *idx, size_t n, const char *usr);
struct rc_func **alts_by_usr(const struct rc_result *res, size_t *n);
unsigned def_nearness(const char *def, const char *file);
bool in_test_folder(const char *path);
bool funcs_any_fact(struct rc_func *const *idx, size_t n, const char *usr,
		    unsigned facts);
const char *class_name(enum rc_class cls);
const char *scope_name(enum rc_scope scope);

/* outside.c: the contracts of libraries outside the input */
struct rc_outside {
	enum rc_tclass cls;
	const char *names;	/* blank-separated */
};
extern const struct rc_outside outside_contracts[];
extern const size_t nr_outside_contracts;
extern const char *const outside_interfaces;
bool outside_reads(const char *name);
bool outside_fills(const char *name);

/* table.c */
void table_init(struct rc_table *t);
void table_push_names(struct rc_table *t, const char *names,
		      enum rc_tclass cls, unsigned who, const char *source);
int table_load(struct rc_table *t, const char *path);
const struct rc_tentry *table_find(const struct rc_table *t,
				   const char *name, unsigned who);
const char *tclass_name(enum rc_tclass cls);
bool table_outside_name(const char *name);
void table_free(struct rc_table *t);

/* strerr.c: the C library's functions that take a positive errno */
bool errstr_name(const char *name);

/* sites.c: rules C, D and E (with callee.c, returned.c: sites.h) */
void sites_apply(const struct rc_config *cfg, const struct rc_table *table,
		 struct rc_result *res, struct rc_findings *out);

/* rules.c */
void rules_apply(const struct rc_config *cfg, struct rc_result *res,
		 enum rc_scope min_scope, struct rc_findings *out);
void rules_b_settled(const struct rc_config *cfg, struct rc_findings *out,
		     const struct rc_func *def, const char *file,
		     unsigned line);
const char *rules_describe_return(const struct rc_func *fn, unsigned flags,
				  unsigned mask);
void findings_add(struct rc_findings *out, struct rc_finding *x);
void findings_sort(struct rc_findings *out);
int place_compare(const char *af, unsigned al, unsigned ac, const char *bf,
		  unsigned bl, unsigned bc);
void findings_free(struct rc_findings *f);

/* report.c */
void report_text(FILE *out, const struct rc_findings *f);
void report_sarif(FILE *out, const struct rc_findings *f,
		  const struct rc_result *res, bool ok);
void report_classes(FILE *out, const struct rc_config *cfg,
		    const struct rc_result *res, enum rc_scope min_scope);

#endif /* RETCONV_H */
