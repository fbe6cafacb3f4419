// SPDX-License-Identifier: MIT
/*
 * What a definition says of itself besides its returns, read in the worker.
 *
 * A name is a promise, but a written contract is a better one.  The
 * comment above a definition (or the documentation comment clang attaches
 * to any of its declarations) is searched for its section on the result:
 * kernel-doc's "Return:" and "Returns", Doxygen's @return, @returns,
 * \return and @retval lines, NuttX's "Returned Value:".  What that section
 * names gives the function's documented class: 0 or a negative errno; a
 * boolean (true or false, 1 or 0, non-zero); 1, 0 or a negative errno
 * together, a tri-state that is the function's contract and not a mix; 0
 * or any other value on failure, a status whose errors have no sign; or
 * a value (a count, a length, an index, a pointer) or an error.  The
 * parent (defs.c) lets that class settle the function's kind.
 *
 * More facts come from the definition: a name whose last word repeats a
 * bool parameter's name is a setter (usb_port_active(port, bool active)
 * makes the port active, it does not ask), a pointer parameter named for
 * a status (int *out_rc) takes the status out, so the result is something
 * else (the parsed value, whether to retry), and one that takes the
 * answer out (int *valid in name_is_valid()) leaves the result the
 * status, a name whose first words spell
 * the type its first parameter points to names that type (a can_frame's
 * can_frame_len), and the calls whose results its body adds or subtracts
 * ("n += f();", "f() + 1") give counts, not success codes.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "retconv.h"
#include "ast.h"

#define MAX_DOC 8192

/* Where the line holding @at starts. */
static size_t line_start(const char *text, size_t at)
{
	while (at && text[at - 1] != '\n')
		at--;
	return at;
}

/* The run of "//" lines that ends at @end, or NULL. */
static char *line_comments(const char *text, size_t end)
{
	size_t start = line_start(text, end), at;
	const char *p;

	for (at = start;; at = line_start(text, at - 1)) {
		for (p = text + at; *p == ' ' || *p == '\t'; p++)
			;
		if (p[0] != '/' || p[1] != '/')
			break;
		start = at;
		if (!at || end - at > MAX_DOC)
			break;
	}
	p = text + start;
	while (*p == ' ' || *p == '\t')
		p++;
	if (p[0] != '/' || p[1] != '/')
		return NULL;
	return strndup(text + start, end - start);
}

/* The comment that ends just before @off, with only blanks between: a
 * block comment, or a run of line comments on the lines just above (a
 * blank line parts them from the definition). */
static char *comment_before(const char *text, size_t off)
{
	size_t end = off, start;

	while (end && isspace((unsigned char)text[end - 1]))
		end--;
	if (end < 4)
		return NULL;
	if (text[end - 1] != '/' || text[end - 2] != '*')
		return memchr(text + end, '\n', off - end) ==
		       memrchr(text + end, '\n', off - end) ?
		       line_comments(text, end) : NULL;
	for (start = end - 2; start >= 2; start--)
		if (text[start - 2] == '/' && text[start - 1] == '*')
			break;
	if (start < 2)
		return NULL;
	start -= 2;
	if (end - start > MAX_DOC)
		start = end - MAX_DOC;
	return strndup(text + start, end - start);
}

/*
 * Where a declaration's line starts, above the conditionals that guard it
 * alone: a header documents a prototype inside "#if ( configUSE_X == 1 )"
 * with the comment above the "#if".
 */
static size_t past_guards(const char *text, size_t off)
{
	size_t at = line_start(text, off), prev;
	const char *p;

	while (at) {
		prev = line_start(text, at - 1);
		for (p = text + prev; *p == ' ' || *p == '\t'; p++)
			;
		if (*p != '#')
			break;
		for (p++; *p == ' ' || *p == '\t'; p++)
			;
		if (strncmp(p, "if", 2))
			break;
		at = prev;
	}
	return at;
}

/* The comment just above @decl, in @file or, with @file NULL, in its own. */
static char *comment_of(CXTranslationUnit tu, CXCursor decl, CXFile file)
{
	CXSourceLocation at = clang_getRangeStart(clang_getCursorExtent(decl));
	CXFile where = NULL;
	const char *text;
	unsigned off = 0;
	size_t size = 0;

	clang_getExpansionLocation(at, &where, NULL, NULL, &off);
	if (!where || (file && !clang_File_isEqual(where, file)))
		return NULL;
	text = file_text(tu, where, &size);
	if (!text || off > size)
		return NULL;
	return comment_before(text, past_guards(text, off));
}

static char *doc_text(CXTranslationUnit tu, CXCursor func, CXFile file)
{
	CXString raw = clang_Cursor_getRawCommentText(func);
	const char *s = clang_getCString(raw);
	char *doc = s && *s ? xstrdup(s) : NULL;
	CXCursor first = clang_getCanonicalCursor(func);

	clang_disposeString(raw);
	if (!doc)
		doc = comment_of(tu, func, file);
	/* Its prototype's, in a header (a comment clang did not attach). */
	if (!doc && !clang_equalCursors(first, func))
		doc = comment_of(tu, first, NULL);
	return doc;
}

/* A line's text, without the comment's leaders: slashes, stars, "!". */
static const char *strip(const char *line)
{
	while (*line == ' ' || *line == '\t' || *line == '/' ||
	       *line == '*' || *line == '!')
		line++;
	return line;
}

static bool starts(const char *s, const char *word)
{
	return !strncasecmp(s, word, strlen(word));
}

/* Whether a line opens the section on the result. */
static bool opens_return(const char *l)
{
	static const char *const marks[] = {
		"return:", "returns:", "return value:", "return values:",
		"returned value:", "returned values:", "@return", "\\return",
		"@retval", "\\retval", "@ret ", "@ret\t", "returns ",
		"return ",
	};
	size_t i;

	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++)
		if (starts(l, marks[i]))
			return true;
	return false;
}

/* Whether a line opens another section: "@param", "Context:". */
static bool opens_other(const char *l)
{
	const char *p = l;

	if ((*l == '@' || *l == '\\') && !starts(l + 1, "ret"))
		return true;
	if (!isupper((unsigned char)*p))
		return false;
	while (isalpha((unsigned char)*p) || *p == ' ')
		p++;
	return *p == ':' && p - l < 32 && !opens_return(l);
}

/* A sentence begins at @p: "Return TRUE if ..." is the verb. */
static bool sentence_starts(const char *s, const char *p)
{
	while (p > s && p[-1] == ' ')
		p--;
	return p == s || p[-1] == '.';
}

/* Whether @s says "returns" or "returned" as a word, "Return" as a
 * sentence's verb, or "return value" (a bare "return" is as often the
 * noun: "reaches the return"). */
static bool mentions_return(const char *s)
{
	const char *p;

	size_t n;

	for (p = s; (p = strcasestr(p, "return")) != NULL; p++) {
		if (p > s && isalpha((unsigned char)p[-1]))
			continue;
		n = !strncasecmp(p, "returns", 7) ? 7 :
		    !strncasecmp(p, "returned", 8) ? 8 : 0;
		if (n && !isalpha((unsigned char)p[n]))
			return true;
		if (!strncasecmp(p, "return value", 12) ||
		    (!strncmp(p, "Return ", 7) && sentence_starts(s, p)))
			return true;
	}
	return false;
}

struct section {
	char *out;
	size_t o;
	size_t start;		/* where the paragraph began in out */
	enum { PARA_NONE, PARA_RETURN, PARA_OTHER, PARA_PLAIN } st;
	bool said;		/* the return paragraph has said something */
};

/* A plain paragraph counts only if it speaks of what is returned. */
static void para_end(struct section *x)
{
	if (x->st == PARA_PLAIN && !mentions_return(x->out + x->start)) {
		x->o = x->start;
		x->out[x->o] = '\0';
	}
	x->st = PARA_NONE;
}

/* A line that opens the section on the result with a sentence ("returns
 * 0 if ..."), not a mark ("@return", "Return:"). */
static bool opens_by_sentence(const char *l)
{
	return starts(l, "returns ") || starts(l, "return ");
}

/* Whether a line of @doc opens the section on the result with a mark. */
static bool has_return_mark(const char *doc)
{
	const char *l = doc, *t;

	for (; l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		t = strip(l);
		if (opens_return(t) && !opens_by_sentence(t))
			return true;
	}
	return false;
}

/*
 * The section on the result, or NULL: each line without its leaders.
 * That is the paragraph a return mark opens, up to a blank line or the
 * next section (a line of another section that starts "return" goes on
 * with that section); where no line opens one, any paragraph of plain text that
 * says what is returned ("Given a unit, returns 1 if ...").  A marked
 * section is the contract: the prose above it tells what the function
 * does ("the length of the data is returned in @data"), not its result.
 */
static char *return_section(const char *doc)
{
	struct section x = { .o = 0, .st = PARA_NONE };
	char *copy = xstrdup(doc), *line, *rest;
	bool marked = has_return_mark(doc);

	x.out = xmalloc(strlen(doc) + 2);
	x.out[0] = '\0';
	for (rest = copy; (line = strsep(&rest, "\n")) != NULL;) {
		const char *l = strip(line);

		/* A sentence inside another section ("@flags: ... the call
		 * will\n return EEXIST if ...") goes on saying what that
		 * section says. */
		if (x.st != PARA_RETURN && opens_return(l) &&
		    !(x.st == PARA_OTHER && opens_by_sentence(l))) {
			para_end(&x);
			x.st = PARA_RETURN;
			x.said = false;
			x.start = x.o;
		} else if (opens_other(l)) {
			para_end(&x);
			x.st = PARA_OTHER;
		} else if (!*l) {
			if (x.st != PARA_RETURN || x.said)
				para_end(&x);
			continue;
		} else if (x.st == PARA_NONE) {
			x.st = marked ? PARA_OTHER : PARA_PLAIN;
			x.start = x.o;
		}
		if (x.st == PARA_OTHER)
			continue;
		if (x.st == PARA_RETURN)
			x.said |= strchr(l, ':') ?
				  l[strcspn(l, ":") + 1] != '\0' : true;
		x.o += (size_t)sprintf(x.out + x.o, "%s ", l);
	}
	para_end(&x);
	free(copy);
	if (!x.o) {
		free(x.out);
		return NULL;
	}
	return x.out;
}

struct said {
	bool neg, zero, one, truth, value;
	bool prior;		/* a state it had: "previous mode" */
	bool state;		/* a state it has: "the comparator state" */
	bool cond;		/* a condition: "if", "when", "whether" */
	bool named;		/* a constant whose sign the text does not say,
				 * or "non-zero" */
	bool failure;		/* a constant named for a failure (LIBUSB_ERROR_*,
				 * X_FAIL), or "other" values that are errors */
};

/* A constant's name (Z_STREAM_ERROR, EINVAL, or with a short lower-case
 * prefix for its type: pdPASS, errQUEUE_FULL), not TRUE, FALSE, OK, NULL,
 * nor a word written in capitals for emphasis ("is NOT overwritten"). */
static bool is_constant(const char *w, size_t n)
{
	static const char *const known[] = {
		"TRUE", "FALSE", "OK", "NULL",
		"NOT", "AND", "OR", "ALL", "ANY", "NEVER", "MUST", "ONLY",
	};
	size_t i;

	for (i = 0; i < 3 && i + 2 < n && islower((unsigned char)w[i]); i++)
		;
	if (i && isupper((unsigned char)w[i])) {
		w += i;
		n -= i;
	}
	if (n < 2)
		return false;
	for (i = 0; i < n; i++)
		if (!isupper((unsigned char)w[i]) && w[i] != '_' &&
		    !isdigit((unsigned char)w[i]))
			return false;
	for (i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (strlen(known[i]) == n && !strncmp(w, known[i], n))
			return false;
	return true;
}

/* Whether a constant's name says failure: ..._ERROR_..., ..._FAIL. */
static bool names_failure(const char *w, size_t n)
{
	char buf[64];

	if (n >= sizeof(buf))
		return false;
	memcpy(buf, w, n);
	buf[n] = '\0';
	return strstr(buf, "ERR") || strstr(buf, "FAIL");
}

/*
 * Whether the section gives a third kind of value beside the ones it
 * lists, as errors: "0: ignore; 1: decoded; other: error", "any other
 * value on failure".  "Otherwise" is the second of two, not a third.
 */
static bool other_errors(const char *sec)
{
	static const char *const others[] = {
		"other:", "other value", "others", "anything else",
	};
	size_t i;

	if (!strcasestr(sec, "error") && !strcasestr(sec, "fail"))
		return false;
	for (i = 0; i < sizeof(others) / sizeof(others[0]); i++)
		if (strcasestr(sec, others[i]))
			return true;
	return false;
}

static bool word_is(const char *w, size_t n, const char *what)
{
	return strlen(what) == n && !strncasecmp(w, what, n);
}

static void read_word(struct said *s, const char *w, size_t n, bool minus)
{
	static const char *const values[] = {
		"number", "count", "bytes", "length", "index", "pointer",
		"positive", "amount",
	};
	/* What a result is when it reports a state, not how the call went. */
	static const char *const before[] = {
		"previous", "previously", "old", "former",
	};
	static const char *const states[] = { "state", "level", "mode" };
	static const char *const conds[] = {
		"if", "when", "whether", "unless", "once",
	};
	size_t i;

	if (isdigit((unsigned char)*w)) {
		if (minus && !word_is(w, n, "0"))
			s->neg = true;
		else if (word_is(w, n, "0"))
			s->zero = true;
		else if (word_is(w, n, "1"))
			s->one = true;
		return;
	}
	if (minus && ((n > 1 && w[0] == 'E' && isupper((unsigned char)w[1])) ||
		      word_is(w, n, "errno")))
		s->neg = true;
	else if (!minus && is_constant(w, n)) {
		s->named = true;
		s->failure |= names_failure(w, n);
	}
	else if (word_is(w, n, "negative") || word_is(w, n, "negated"))
		s->neg = true;
	else if (word_is(w, n, "zero") || word_is(w, n, "ok"))
		s->zero = true;
	else if (word_is(w, n, "true") || word_is(w, n, "false") ||
		 word_is(w, n, "whether"))
		s->truth = true;
	else if (word_is(w, n, "nonzero"))
		s->named = true;	/* any value but 0: no boolean */
	for (i = 0; i < sizeof(values) / sizeof(values[0]); i++)
		if (word_is(w, n, values[i]))
			s->value = true;
	for (i = 0; i < sizeof(before) / sizeof(before[0]); i++)
		s->prior |= word_is(w, n, before[i]);
	for (i = 0; i < sizeof(states) / sizeof(states[0]); i++)
		s->state |= word_is(w, n, states[i]);
	for (i = 0; i < sizeof(conds) / sizeof(conds[0]); i++)
		s->cond |= word_is(w, n, conds[i]);
}

/* "< 0", "<0" (or "> 0"): a negative (a positive) value. */
static bool against_zero(const char *p, char op)
{
	if (*p++ != op || *p == '=')
		return false;
	if (*p == ' ')
		p++;
	return *p == '0' && !isalnum((unsigned char)p[1]);
}

/* Whether a section is code commented out, not prose: "return NAME;". */
static bool commented_code(const char *sec)
{
	const char *p;

	for (p = sec; (p = strstr(p, "return ")) != NULL; p++) {
		const char *q = p + 7;

		while (isalnum((unsigned char)*q) || *q == '_')
			q++;
		if (q > p + 7 && *q == ';')
			return true;
	}
	return false;
}

static unsigned doc_said(const struct said *sp, bool code);

/* The documented class (DOC_*) of a section on the result, and whether
 * it names a negative result (DOC_NEGATIVE). */
static unsigned doc_class(char *sec)
{
	struct said s = { .neg = false };
	bool code = commented_code(sec);
	char *p, *w;

	/* "non-zero" is one word, not a minus before a zero; "!= 0" says
	 * it too. */
	for (p = sec; (p = strcasestr(p, "non-zero")) != NULL; p++)
		p[3] = 'z', p[4] = 'e', p[5] = 'r', p[6] = 'o', p[7] = ' ';
	for (p = sec; (p = strstr(p, "!=")) != NULL; p++) {
		w = p + 2 + (p[2] == ' ');
		if (*w == '0' && !isalnum((unsigned char)w[1])) {
			*w = ' ';
			s.named = true;
		}
	}
	s.failure = other_errors(sec);
	p = sec;
	while (*p) {
		bool minus;

		if (!isalnum((unsigned char)*p)) {
			s.neg |= against_zero(p, '<');
			s.value |= against_zero(p, '>');
			p++;
			continue;
		}
		minus = p > sec && p[-1] == '-' &&
			(p - 1 == sec || !isalnum((unsigned char)p[-2]));
		for (w = p; isalnum((unsigned char)*p) || *p == '_'; p++)
			;
		read_word(&s, w, (size_t)(p - w), minus);
	}
	return doc_said(&s, code) | (s.neg ? DOC_NEGATIVE : 0);
}

/* The documented class (DOC_*) of what a section said. */
static unsigned doc_said(const struct said *sp, bool code)
{
	struct said s = *sp;

	if ((s.value && (s.neg || s.zero)) || ((s.prior || (s.state && !s.cond)) && !s.neg && !s.zero &&
	     !s.one && !s.truth))
		return DOC_VALUE;
	if (s.neg && (s.one || s.truth))
		return DOC_TRISTATE;
	/* 1, 0 and errors by name or as "other" values: a tri-state too
	 * ("\\returns 0 if none, 1 if active, LIBUSB_ERROR_* on failure"). */
	if (s.failure && s.zero && (s.one || s.truth))
		return DOC_TRISTATE;
	if (s.neg && s.zero)
		return DOC_ERRNO;
	if ((s.one || s.truth) && !s.named)
		return DOC_BOOL;
	/* Only the project's own named results (pdPASS or pdFAIL,
	 * FOO_SUCCESS): a status of its own, documented, not a mix. */
	if (s.named && !s.neg && !s.zero && !s.truth && !code)
		return DOC_VALUE;
	/* 0, else "non-zero" or constants written without a sign: its
	 * callers are told to test for non-zero, so an errno of either
	 * sign is a failure they see. */
	if (s.named && s.zero && !s.neg && !s.one && !s.truth && !s.value &&
	    !code)
		return DOC_STATUS;
	return 0;
}

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
		     (has_word(name, last) || AMONG(last, outs))))
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

struct count_walk {
	CXTranslationUnit tu;
	struct rc_func *fn;
};

static void add_counted(struct rc_func *fn, CXCursor e)
{
	CXCursor callee;
	CXString usr;
	const char *u;
	size_t i;

	e = peel(e);
	if (clang_getCursorKind(e) != CXCursor_CallExpr)
		return;
	callee = clang_getCursorReferenced(e);
	if (clang_getCursorKind(callee) != CXCursor_FunctionDecl)
		return;
	usr = clang_getCursorUSR(callee);
	u = clang_getCString(usr);
	for (i = 0; u && *u && i < fn->ncounted; i++)
		if (!strcmp(fn->counted[i], u))
			break;
	if (u && *u && i == fn->ncounted) {
		fn->counted = xrealloc(fn->counted, (fn->ncounted + 1) *
				       sizeof(*fn->counted));
		fn->counted[fn->ncounted++] = xstrdup(u);
	}
	clang_disposeString(usr);
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

/* The block comment that opens @body, before its first statement: some
 * write the contract there ("Return: 1(dirty), 0 (clean), -1(error)"). */
static char *body_comment(CXTranslationUnit tu, CXCursor body)
{
	CXSourceLocation at = clang_getRangeStart(clang_getCursorExtent(body));
	CXFile where = NULL;
	const char *text, *p, *end;
	unsigned off = 0;
	size_t size = 0;

	clang_getExpansionLocation(at, &where, NULL, NULL, &off);
	text = where ? file_text(tu, where, &size) : NULL;
	if (!text || off >= size || text[off] != '{')
		return NULL;
	for (p = text + off + 1; p < text + size && isspace((unsigned char)*p);
	     p++)
		;
	if (p + 4 > text + size || p[0] != '/' || p[1] != '*')
		return NULL;
	end = memmem(p, (size_t)(text + size - p), "*/", 2);
	if (!end || end - p > MAX_DOC)
		return NULL;
	return strndup(p, (size_t)(end + 2 - p));
}

void contract_read(CXTranslationUnit tu, CXCursor func, CXCursor body,
		   CXFile file, struct rc_func *fn)
{
	struct count_walk w = { .tu = tu, .fn = fn };
	char *doc, *sec;
	unsigned perrno;

	clang_visitChildren(body, count_visit, &w);
	if (fn->type == RT_VOID)
		return;
	if (is_setter(func, fn->name))
		fn->facts |= FACT_SETTER;
	if (has_out_status(func))
		fn->facts |= FACT_OUT_STATUS;
	if (has_out_answer(func, fn->name))
		fn->facts |= FACT_OUT_ANSWER;
	if (fn->type == RT_BOOL && is_classifier(func, fn->name))
		fn->facts |= FACT_CLASSIFIER;
	fn->facts |= receiver_words(func, fn->name) << FACT_RECEIVER_SHIFT;
	doc = doc_text(tu, func, file);
	sec = doc ? return_section(doc) : NULL;
	if (!sec) {
		free(doc);
		doc = body_comment(tu, body);
		sec = doc && has_return_mark(doc) ? return_section(doc) : NULL;
	}
	if (sec)
		fn->facts |= doc_class(sec);
	/* "a positive errno value" (house.c): a status, not a value. */
	perrno = house_doc(sec, doc);
	if (perrno)
		fn->facts = (fn->facts & ~DOC_MASK) | perrno;
	free(sec);
	free(doc);
}
