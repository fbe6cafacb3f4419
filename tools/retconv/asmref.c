// SPDX-License-Identifier: MIT
/*
 * The functions a tree's assembly names: callbacks of code that is not C.
 *
 * An entry point, an interrupt or trap handler, a scheduler hook that
 * assembly calls returns what that assembly tests (jump if the handler's
 * result is non-zero, load it into the register the next stage reads),
 * as a callback returns what the code that calls it through a pointer
 * expects: its interface is fixed outside the C the rules read, so the
 * definition rules leave it alone as they leave a callback (rules.c).
 * Tree mode walks the tree's gas sources (.S, .sx, .s); every identifier
 * outside their C comments and strings is a name the assembly may use,
 * whether in a call, a jump, a vector table or a macro.  A word of a
 * comment the assembler's own syntax introduces (@, ;, #) may name a
 * function the assembly does not use: it can only spare that function's
 * definition a piece of advice, never make a finding.
 */
#include <stdlib.h>
#include <string.h>

#include "retconv.h"

/* C comments and strings, as cpp strips them before gas reads the file */
static const char *skip_cpp(const char *s)
{
	const char *end;

	if (s[0] == '/' && s[1] == '*') {
		end = strstr(s + 2, "*/");
		return end ? end + 2 : s + strlen(s);
	}
	if (s[0] == '/' && s[1] == '/')
		return s + strcspn(s, "\n");
	if (*s == '"') {
		for (s++; *s && *s != '"' && *s != '\n'; s++)
			if (*s == '\\' && s[1])
				s++;
		return *s == '"' ? s + 1 : s;
	}
	return NULL;
}

static void scan(struct rc_strset *names, const char *s)
{
	const char *next, *start;
	char *word;

	while (*s) {
		next = skip_cpp(s);
		if (next) {
			s = next;
			continue;
		}
		if (*s >= '0' && *s <= '9') {
			/* 0x1f, 1b: a number or a local label */
			while (ident_char(*s))
				s++;
			continue;
		}
		if (!ident_char(*s)) {
			s++;
			continue;
		}
		start = s;
		while (ident_char(*s))
			s++;
		word = xasprintf("%.*s", (int)(s - start), start);
		strset_seen_before(names, word);
		free(word);
	}
}

/* The names of the assembly sources tree_scan() found under @root. */
void asmref_scan(struct rc_tree *t, const char *root)
{
	size_t i;
	char *buf;

	for (i = 0; i < t->nasms; i++) {
		buf = tree_slurp(root, t->asms[i]);
		if (buf)
			scan(&t->asmnames, buf);
		free(buf);
	}
}

/* Each function of external linkage the tree's assembly names is taken
 * (res->taken), as a function whose address C takes is; how many. */
size_t asmref_mark(const struct rc_tree *t, struct rc_result *res)
{
	static const char prefix[] = "c:@F@";
	const char *usr;
	size_t i, n = 0;

	if (!t->asmnames.n)
		return 0;
	for (i = 0; i < res->nfuncs; i++) {
		usr = res->funcs[i]->usr;
		if (strncmp(usr, prefix, sizeof(prefix) - 1) ||
		    !strset_has(&t->asmnames, usr + sizeof(prefix) - 1))
			continue;
		res->taken = xrealloc(res->taken, (res->ntaken + 1) *
				      sizeof(*res->taken));
		res->taken[res->ntaken++] = xstrdup(usr);
		n++;
	}
	return n;
}
