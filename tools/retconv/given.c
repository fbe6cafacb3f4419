// SPDX-License-Identifier: MIT
/*
 * A call given the error being handled, for rule D of the call-site pass
 * (callsite.h).
 *
 * Inside the branch of "if (err)" (or "if (err != 0)", "if (err < 0)",
 * the else of "if (!err)"), a call given err itself is asked about the
 * failure in hand: which kind it is (known or not, worth a retry), what
 * to call it, whether to report it.  What it returns answers that
 * question, and its 0 is no action's success: "if (0 ==
 * check_rpc_error(nErr)) log("Error 0x%x", nErr);" logs the known error
 * the branch already holds, as the callee means.  The branch on 0 is
 * then no misread of the convention when the error it handles is that
 * same variable: its log or return reads it.  A branch that logs a
 * failure of its own ("if (!send_reply(c, err)) log("reply failed");")
 * is still the call's, and rule D still reads it.
 *
 * The variable must be named for an error (err, error, nErr, ret_err):
 * a count tested for being non-zero is no failure.  A store to it
 * between the test and the call ends the test's word, unless it is a
 * conversion of the same failure, a call given the variable itself
 * ("nErr = convert_kernel_to_user_error(nErr, errno);"; strerr.c's
 * failure_signs()).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "callsite.h"

/* Whether a word of @name starts with "err", whatever its case: err,
 * error, ret_err, nErr, ERR_code; not "interrupt" or "berry". */
static bool named_for_error(const char *name)
{
	const char *p;

	for (p = name; *p; p++) {
		bool starts = p == name || p[-1] == '_' ||
			      (isupper((unsigned char)*p) &&
			       islower((unsigned char)p[-1]));

		if (starts && !strncasecmp(p, "err", 3))
			return true;
	}
	return false;
}

struct reads_find {
	CXCursor var;
	bool found;
};

static enum CXChildVisitResult reads_find_visit(CXCursor c, CXCursor parent,
						CXClientData data)
{
	struct reads_find *f = data;

	(void)parent;
	if (names_var(c, f->var)) {
		f->found = true;
		return CXChildVisit_Break;
	}
	return CXChildVisit_Recurse;
}

/* Whether statement @at reads @var: a log that prints it, a return of it. */
static bool reads(CXCursor at, CXCursor var)
{
	struct reads_find f = { .var = var, .found = false };

	if (clang_Cursor_isNull(at))
		return false;
	reads_find_visit(at, clang_getNullCursor(), &f);
	if (!f.found)
		clang_visitChildren(at, reads_find_visit, &f);
	return f.found;
}

/*
 * Whether the call of @o is given, as an argument, a variable named for
 * an error that an if around it has taken for a failure (not 0), and the
 * branch's error handling at @at reads that variable: the branch handles
 * the error the call was asked about, not a failure of the call.
 */
bool asks_of_failure(struct scan *s, const struct origin *o, CXCursor at)
{
	CXCursor call = origin_call(s, o, NULL), arg, var;
	CXString str;
	unsigned signs;
	bool named;
	int i, n;

	if (clang_Cursor_isNull(call))
		return false;
	n = clang_Cursor_getNumArguments(call);
	for (i = 0; i < n; i++) {
		arg = peel(clang_Cursor_getArgument(call, (unsigned)i));
		if (clang_getCursorKind(arg) != CXCursor_DeclRefExpr)
			continue;
		var = clang_getCursorReferenced(arg);
		switch (type_class(clang_getCursorType(var))) {
		case RT_SIGNED:
		case RT_UNSIGNED:
			break;
		default:
			continue;
		}
		str = clang_getCursorSpelling(var);
		named = named_for_error(clang_getCString(str));
		clang_disposeString(str);
		if (!named)
			continue;
		signs = failure_signs(s, call, arg);
		if (!signs || (signs & SIGN_ZERO))
			continue;
		if (reads(at, var))
			return true;
	}
	return false;
}
