// SPDX-License-Identifier: MIT
/*
 * A definition's documentation: what its comment says of the result.
 *
 * A name is a promise, but a written contract is a better one.  The
 * comments above a definition (those with no blank line between are one
 * text), or the documentation comment clang attaches to any of its
 * declarations, or, where those say nothing of the result, the comment
 * above its prototype or the block comment that opens its body (after
 * the locals it declares), or, where none says anything of the result,
 * the RETURN VALUE section of the manual page the tree ships for it
 * (manual.c), are searched for the section on the result:
 * kernel-doc's "Return:" and "Returns", Doxygen's @return, @returns,
 * \return and @retval lines, and "Returned Value:" sections.  What that
 * section names gives the function's documented class: 0 or a negative
 * errno; a boolean (true or false, 1 or 0, non-zero); 1, 0 or a negative
 * errno together, or true, false and a failure's name, a tri-state that
 * is the function's contract and not a mix; 0 or any other value on
 * failure ("0 if ..., non-zero if ... or out of range" too), a status
 * whose errors have no sign; or a value (a count, a length, an index, a
 * pointer) or an error.  contract.c adds the class to the definition's
 * facts, and defs.c lets it settle the function's kind.
 *
 * The file stays whole past 800 lines: finding the section on the result
 * and reading what it names are one pass over one comment's words, each
 * step's reading depending on the section's kind.
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

#define NO_COMMENT ((size_t)-1)

/* Where the run of "//" lines that ends at @end starts, or NO_COMMENT. */
static size_t line_comments(const char *text, size_t end)
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
	return p[0] == '/' && p[1] == '/' ? start : NO_COMMENT;
}

/* Where the comment that ends at @end starts: a block comment, or a run
 * of line comments; or NO_COMMENT. */
static size_t comment_start(const char *text, size_t end)
{
	size_t start;

	if (end < 2)
		return NO_COMMENT;
	if (text[end - 1] != '/' || text[end - 2] != '*')
		return line_comments(text, end);
	for (start = end - 2; start >= 2; start--)
		if (text[start - 2] == '/' && text[start - 1] == '*')
			return start - 2;
	return NO_COMMENT;
}

/* Where the text before @off ends, blanks left out. */
static size_t blank_back(const char *text, size_t off)
{
	while (off && isspace((unsigned char)text[off - 1]))
		off--;
	return off;
}

/* Whether only one line break, or none, parts @end from @off. */
static bool one_line_apart(const char *text, size_t end, size_t off)
{
	const char *nl = memchr(text + end, '\n', off - end);

	return !nl || nl == memrchr(text + end, '\n', off - end);
}

/* @upper and @doc as one text, a blank line between (each comment is a
 * paragraph of its own); both freed. */
static char *join_comments(char *upper, char *doc)
{
	char *s = xasprintf("%s\n\n%s", upper, doc);

	free(upper);
	free(doc);
	return s;
}

/*
 * The comment that ends just before @off, with only blanks between: a
 * block comment, or a run of line comments on the lines just above (a
 * blank line parts them from the definition).  A comment just above it,
 * with no blank line between, is part of the same text: the contract
 * sits above a "// TODO" line as often as below it.
 */
static char *comment_before(const char *text, size_t off)
{
	size_t end = blank_back(text, off), start, above, more, total;
	char *doc;

	if (end < 4)
		return NULL;
	if ((text[end - 1] != '/' || text[end - 2] != '*') &&
	    !one_line_apart(text, end, off))
		return NULL;
	start = comment_start(text, end);
	if (start == NO_COMMENT)
		return NULL;
	if (end - start > MAX_DOC)
		start = end - MAX_DOC;
	doc = strndup(text + start, end - start);
	for (total = end - start; start; start = more) {
		above = blank_back(text, start);
		if (!one_line_apart(text, above, start))
			break;
		more = comment_start(text, above);
		if (more == NO_COMMENT || total + above - more > MAX_DOC ||
		    (more && blank_back(text, more) >= line_start(text, more)))
			break;
		total += above - more;
		doc = join_comments(strndup(text + more, above - more), doc);
	}
	return doc;
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

/* Whether a line opens another section: "@param", "Context:".  A
 * heading's colon ends its word, so a colon before a word (a command's
 * name, "kinds of :set command") is prose. */
static bool opens_other(const char *l)
{
	const char *p = l;

	if ((*l == '@' || *l == '\\') && !starts(l + 1, "ret"))
		return true;
	if (!isupper((unsigned char)*p))
		return false;
	while (isalpha((unsigned char)*p) || *p == ' ')
		p++;
	return *p == ':' && (isspace((unsigned char)p[1]) || !p[1]) &&
	       p - l < 32 && !opens_return(l);
}

/* A sentence begins at @p: "Return TRUE if ..." is the verb. */
static bool sentence_starts(const char *s, const char *p)
{
	while (p > s && p[-1] == ' ')
		p--;
	return p == s || p[-1] == '.';
}

/* Whether a value follows @p: " true", " 0", " -1", " non-zero".  A
 * "return" before one is the verb ("..., return true if found"). */
static bool gives_value(const char *p)
{
	static const char *const values[] = {
		"true", "false", "non-zero", "nonzero", "zero", "negative",
	};
	size_t i, n;

	if (*p++ != ' ')
		return false;
	if (isdigit((unsigned char)*p) ||
	    (*p == '-' && isdigit((unsigned char)p[1])))
		return true;
	for (i = 0; i < sizeof(values) / sizeof(values[0]); i++) {
		n = strlen(values[i]);
		if (!strncasecmp(p, values[i], n) &&
		    !isalnum((unsigned char)p[n]))
			return true;
	}
	return false;
}

/* Whether @s says "returns" or "returned" as a word, "Return" as a
 * sentence's verb, "return value", or "return" before a value (a bare
 * "return" is as often the noun: "reaches the return"). */
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
		    (!strncmp(p, "Return ", 7) && sentence_starts(s, p)) ||
		    gives_value(p + 6))
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
	bool constant;		/* a constant by name (named, not "non-zero") */
	bool yes;		/* "non-zero if" a condition: an answer */
	bool success;		/* names a success: "0 on success" */
	bool errors;		/* says "error" or "fail" anywhere */
	bool failure;		/* a constant named for a failure (LIBUSB_ERROR_*,
				 * X_FAIL), or "other" values that are errors */
	bool one_ok;		/* 1 is said of success: "1 on success" */
	bool one_fails;		/* 1 is said of failure: "1 fail to ..." */
	unsigned yes_no;	/* 1: says "true", 2: says "false" */
};

/*
 * What the clause after a 1 says of it, up to the next punctuation:
 * "1 if the list was read successfully" makes 1 a success, "@retval 1
 * fail to unassign" a failure.  Such a 1 is how the call went, not an
 * answer.
 */
static void one_clause(struct said *s, const char *p)
{
	size_t n = strcspn(p, ".,;:");
	char buf[160];

	if (n >= sizeof(buf))
		n = sizeof(buf) - 1;
	memcpy(buf, p, n);
	buf[n] = '\0';
	if (strcasestr(buf, "succe"))
		s->one_ok = true;
	else if (strcasestr(buf, "fail") || strcasestr(buf, "error"))
		s->one_fails = true;
}

/* A short word in capitals with no type prefix, underscore or digit is
 * an abbreviation of the prose (a MAC table, the CPU, a DMA buffer), not a
 * constant, unless it has an errno's E (EIO, EOF), says failure or is an
 * answer's name (YES, NO). */
static bool is_abbreviation(const char *w, size_t n, bool prefixed)
{
	size_t i;

	static const char *const answers[] = { "YES", "NO", "ON", "OFF" };

	if (prefixed || n > 4 || w[0] == 'E' || !strncmp(w, "FAIL", 4))
		return false;
	for (i = 0; i < sizeof(answers) / sizeof(answers[0]); i++)
		if (strlen(answers[i]) == n && !strncmp(w, answers[i], n))
			return false;
	for (i = 0; i < n; i++)
		if (w[i] == '_' || isdigit((unsigned char)w[i]))
			return false;
	return true;
}

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
	if (n < 2 || is_abbreviation(w, n, i > 0))
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
		s->constant = true;
		s->failure |= names_failure(w, n);
	}
	else if (word_is(w, n, "nonnegative"))
		s->value = true;	/* 0 or above: a value, 1 too */
	else if (word_is(w, n, "negative") || word_is(w, n, "negated"))
		s->neg = true;
	else if (word_is(w, n, "zero") || word_is(w, n, "ok"))
		s->zero = true;
	else if (word_is(w, n, "true") || word_is(w, n, "false") ||
		 word_is(w, n, "whether"))
		s->truth = true;
	else if (word_is(w, n, "nonzero"))
		s->named = true;	/* any value but 0: no boolean */
	s->yes_no |= (word_is(w, n, "true") ? 1 : 0) |
		     (word_is(w, n, "false") ? 2 : 0);
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

/* Where a condition follows the word @word of @sec ("nonzero if",
 * "0 when"), the condition's first word; else NULL. */
static const char *cond_after(const char *sec, const char *word)
{
	size_t n = strlen(word), k;
	const char *p, *q;

	for (p = sec; (p = strcasestr(p, word)) != NULL; p++) {
		if ((p > sec && (isalnum((unsigned char)p[-1]) ||
				 p[-1] == '-' || p[-1] == '.')) ||
		    isalnum((unsigned char)p[n]))
			continue;
		for (q = p + n; *q == ' ' || *q == ','; q++)
			;
		k = !strncasecmp(q, "if", 2) ? 2 :
		    !strncasecmp(q, "when", 4) ? 4 : 0;
		if (k && !isalpha((unsigned char)q[k]))
			return q + k + (q[k] == ' ');
	}
	return NULL;
}

/* A 0 given a condition of its own ("0 if we freed it"), not the other
 * one's denial ("0 if not"). */
static bool zero_answers(const char *sec)
{
	const char *c = cond_after(sec, "0");

	if (!c)
		c = cond_after(sec, "zero");
	return c && strncasecmp(c, "not", 3);
}

/* "nonzero if ...", "nonzero when ...": the result says whether a
 * condition holds, where "nonzero on failure" is a status.  So does "0
 * if ..., nonzero if ...", unless its conditions take in a failure ("0 if
 * we freed it, non-zero if it was already free or out of range"): then it
 * is a status of two outcomes, whose non-zero is every value but 0, a
 * negative one too. */
static bool answers_if(const char *sec)
{
	return cond_after(sec, "nonzero") &&
	       !(zero_answers(sec) && (strcasestr(sec, "out of range") ||
				       strcasestr(sec, "invalid")));
}

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
	for (p = sec; (p = strcasestr(p, "non zero")) != NULL; p++)
		p[3] = 'z', p[4] = 'e', p[5] = 'r', p[6] = 'o', p[7] = ' ';
	/* "greater than zero" is "> 0", a positive value. */
	for (p = sec; (p = strcasestr(p, "greater than ")) != NULL; p++) {
		w = p + strlen("greater than ");
		size_t n = !strncasecmp(w, "zero", 4) &&
			   !isalnum((unsigned char)w[4]) ? 4 :
			   *w == '0' && !isalnum((unsigned char)w[1]) ? 1 : 0;

		if (n) {
			memset(p, ' ', (size_t)(w + n - p));
			memcpy(p, "> 0", 3);
		}
	}
	/* "non-negative" likewise: 0 or above, no minus before a word. */
	for (p = sec; (p = strcasestr(p, "non-negative")) != NULL; p++)
		memmove(p + 3, p + 4, strlen(p + 4) + 1);
	s.yes = answers_if(sec);
	s.errors = strcasestr(sec, "error") || strcasestr(sec, "fail");
	s.success = strcasestr(sec, "success") != NULL;
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
		if (!minus && word_is(w, (size_t)(p - w), "1"))
			one_clause(&s, p);
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
	 * ("\\returns 0 if none, 1 if active, LIBUSB_ERROR_* on failure"),
	 * as are true and false, both named, beside a failure's name
	 * ("@retval TRUE running, @retval FALSE not, @retval FOO_ERR_ARG").
	 * One of them alone ("true if synced, or Z_STREAM_ERROR") leaves
	 * the sign of the error unsaid and the kind to the name. */
	if (s.failure && (s.zero || (s.yes_no & 2)) &&
	    (s.one || (s.yes_no & 1)))
		return DOC_TRISTATE;
	if (s.neg && s.zero)
		return DOC_ERRNO;
	/* "@retval 0 on success, @retval 1 fail": a status whose failure
	 * is non-zero; "1 if it was read successfully": a success flag.
	 * Neither answers a question. */
	if (s.one_fails && s.zero && !s.neg && !s.truth && !code)
		return DOC_STATUS;
	if (s.one_ok && !s.one_fails && !s.neg && !s.truth && !code)
		return DOC_SUCCESS;
	if ((s.one || s.truth) && !s.named)
		return DOC_BOOL;
	/* "Non-zero if the tick elapsed, FALSE if not": a yes or no, when
	 * nothing in the section speaks of errors, of a success or names a
	 * constant ("0 on success, non-zero if the index is out of range"
	 * is a status: its condition is the failure). */
	if (s.yes && !s.neg && !s.constant && !s.value && !s.errors &&
	    !s.success && !code)
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

/* Whether the word that ends at @end (in @sec) makes the number after it
 * a bound: "less than", "greater than", "below", "above", "under",
 * "over", "at least", "at most". */
static bool range_word(const char *sec, const char *end)
{
	static const char *const words[] = {
		"than", "below", "above", "under", "over", "least", "most",
	};
	const char *w = end;
	size_t i, n;

	while (w > sec && isalpha((unsigned char)w[-1]))
		w--;
	n = (size_t)(end - w);
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++)
		if (n == strlen(words[i]) && !strncasecmp(w, words[i], n))
			return true;
	return false;
}

/*
 * Whether a section on a count or a length names 0 as a failure: "@return
 * length of the packet, 0 if cannot send", "the number of bytes written,
 * or 0 on error".  The clause after a 0 (up to the next punctuation)
 * says a failure and not a success; a 0 in a comparison ("< 0", ">= 0")
 * or negated is another value.  Its success is then above 0 and its
 * failure 0 or negative, as OpenSSL's SSL_write() (callee.c).
 */
static bool zero_fails(const char *sec)
{
	static const char *const fails[] = {
		"fail", "error", "cannot", "can't", "can not", "could not",
		"couldn't", "unable",
	};
	const char *p, *q;
	char buf[160];
	size_t n, i, k;

	for (p = sec; *p; p++) {
		if (!strncasecmp(p, "zero", 4))
			k = 4;
		else if (*p == '0')
			k = 1;
		else
			continue;
		if ((p > sec && (isalnum((unsigned char)p[-1]) ||
				 strchr("-.x", p[-1]))) ||
		    isalnum((unsigned char)p[k]) || p[k] == '.')
			continue;
		/* "< 0", ">= 0", "!= 0", "0 <= x" and "0 or negative" are
		 * ranges; so are "less than zero" and "above 0" in words. */
		for (q = p; q > sec && q[-1] == ' '; q--)
			;
		if ((q > sec && strchr("<>=!", q[-1])) ||
		    range_word(sec, q))
			continue;
		n = strcspn(p + k, ".,;:)\n");
		if (n >= sizeof(buf))
			n = sizeof(buf) - 1;
		memcpy(buf, p + k, n);
		buf[n] = '\0';
		/* "0 if no error", "0 when nothing failed", "0 if it did not
		 * fail": a success. */
		if (strchr(buf, '<') || strchr(buf, '>') ||
		    strcasestr(buf, "succe") || strcasestr(buf, "negative") ||
		    strcasestr(buf, " or ") || strcasestr(buf, " no ") ||
		    strcasestr(buf, "did not") || strcasestr(buf, "didn't") ||
		    strcasestr(buf, "does not") || strcasestr(buf, "doesn't") ||
		    strcasestr(buf, "without") || strcasestr(buf, "nothing"))
			continue;
		for (i = 0; i < sizeof(fails) / sizeof(fails[0]); i++)
			if (strcasestr(buf, fails[i]))
				return true;
	}
	return false;
}

#define MAX_DECLS 16

/* The declarations that open a body, where its text starts and ends. */
struct decls {
	unsigned start[MAX_DECLS], end[MAX_DECLS];
	unsigned n;
};

static enum CXChildVisitResult decl_visit(CXCursor c, CXCursor parent,
					  CXClientData data)
{
	CXSourceRange r = clang_getCursorExtent(c);
	struct decls *d = data;

	(void)parent;
	if (clang_getCursorKind(c) != CXCursor_DeclStmt || d->n == MAX_DECLS)
		return CXChildVisit_Break;
	clang_getExpansionLocation(clang_getRangeStart(r), NULL, NULL, NULL,
				   &d->start[d->n]);
	clang_getExpansionLocation(clang_getRangeEnd(r), NULL, NULL, NULL,
				   &d->end[d->n]);
	d->n++;
	return CXChildVisit_Continue;
}

/*
 * The block comment that opens @body, before its first statement, its
 * declarations (locals set up for the cleanup) allowed before it: some
 * write the contract there, marked ("Return: 1(dirty), 0 (clean),
 * -1(error)") or in a sentence ("Returns > 0 if it supports it, == 0 if
 * it does not", systemd's style).
 */
static char *body_comment(CXTranslationUnit tu, CXCursor body)
{
	CXSourceLocation at = clang_getRangeStart(clang_getCursorExtent(body));
	struct decls d = { .n = 0 };
	CXFile where = NULL;
	const char *text, *p, *end;
	unsigned off = 0, i = 0;
	size_t size = 0;

	clang_getExpansionLocation(at, &where, NULL, NULL, &off);
	text = where ? file_text(tu, where, &size) : NULL;
	if (!text || off >= size || text[off] != '{')
		return NULL;
	clang_visitChildren(body, decl_visit, &d);
	for (p = text + off + 1;;) {
		while (p < text + size && isspace((unsigned char)*p))
			p++;
		if (i == d.n || p != text + d.start[i] || d.end[i] >= size)
			break;
		p = text + d.end[i++];
		if (*p == ';')
			p++;
	}
	if (p + 4 > text + size || p[0] != '/' || p[1] != '*')
		return NULL;
	end = memmem(p, (size_t)(text + size - p), "*/", 2);
	if (!end || end - p > MAX_DOC)
		return NULL;
	return strndup(p, (size_t)(end + 2 - p));
}

/*
 * The function a comment that says nothing of the result opens by naming
 * as its model ("Same as ini_parse(), but takes a FILE"; "Like foo(),
 * ..."): its variant keeps its contract, as a variant of the same call.
 * NULL if the comment opens otherwise.
 */
static char *like_of(const char *doc)
{
	static const char *const opens[] = { "same as ", "like " };
	const char *p = strip(doc), *name;
	size_t i, n;

	for (i = 0; i < sizeof(opens) / sizeof(opens[0]); i++)
		if (starts(p, opens[i]))
			break;
	if (i == sizeof(opens) / sizeof(opens[0]))
		return NULL;
	name = p + strlen(opens[i]);
	for (n = 0; isalnum((unsigned char)name[n]) || name[n] == '_'; n++)
		;
	if (!n || name[n] != '(' || isdigit((unsigned char)*name))
		return NULL;
	return strndup(name, n);
}

/* The section on the result of the comment just above @func, in @file;
 * *@doc becomes that comment when it has one. */
static char *own_section(CXTranslationUnit tu, CXCursor func, CXFile file,
			 char **doc)
{
	char *own = comment_of(tu, func, file), *sec;

	if (!own || !strcmp(own, *doc)) {
		free(own);
		return NULL;
	}
	sec = return_section(own);
	if (!sec) {
		free(own);
		return NULL;
	}
	free(*doc);
	*doc = own;
	return sec;
}

unsigned doc_read(CXTranslationUnit tu, CXCursor func, CXCursor body,
		  CXFile file, char **like, unsigned *more)
{
	char *doc = doc_text(tu, func, file), *sec;
	CXCursor first = clang_getCanonicalCursor(func);
	unsigned facts = 0, perrno;
	bool zero;

	sec = doc ? return_section(doc) : NULL;
	/* clang lends a header's documentation comment to the definition;
	 * where it says nothing of the result, the plain comment just
	 * above the definition may ("It returns 0 on success, -1 on error
	 * or 1 when ..."). */
	if (!sec && doc)
		sec = own_section(tu, func, file, &doc);
	/* A comment at the definition that says nothing of the result
	 * ("internal", a lock's rule) leaves the prototype's contract in
	 * force: the header is where a library documents its interface. */
	if (!sec && doc && !clang_equalCursors(first, func)) {
		free(doc);
		doc = comment_of(tu, first, NULL);
		sec = doc ? return_section(doc) : NULL;
	}
	if (!sec) {
		*like = doc ? like_of(doc) : NULL;
		free(doc);
		doc = body_comment(tu, body);
		sec = doc && (has_return_mark(doc) || mentions_return(doc)) ?
		      return_section(doc) : NULL;
	}
	/* Nothing in the comments: the manual page the tree ships for it
	 * (manual.c). */
	if (!sec && file) {
		CXString path = clang_getFileName(file);
		CXString name = clang_getCursorSpelling(func);

		sec = manual_section(clang_getCString(path),
				     clang_getCString(name));
		clang_disposeString(name);
		clang_disposeString(path);
	}
	/* A value's 0 as one of its failures, read before doc_class()
	 * rewrites its "non-zero" and "!= 0". */
	zero = sec && zero_fails(sec);
	if (sec)
		facts = doc_class(sec);
	if (zero && (facts & DOC_VALUE))
		*more |= DOCX_ZERO_FAILS;
	/* "a positive errno value" (house.c): a status, not a value. */
	perrno = house_doc(sec, doc);
	if (perrno)
		facts = (facts & ~DOC_MASK) | perrno;
	free(sec);
	free(doc);
	return facts;
}
