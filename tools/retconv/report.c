// SPDX-License-Identifier: MIT
/*
 * Output: the compiler's text form, SARIF 2.1.0, and the class listing.
 *
 * Text is what editors and CI logs already parse: one
 * "file:line:col: warning: ... [retconv-A]" line per finding, then one
 * "note:" line per return statement at fault (rules A, B) or per thing
 * the call-site rules point at (C, D, E: where the result was kept, the
 * error handling).  SARIF carries the same
 * findings for code-scanning dashboards, the notes as related locations,
 * and the severity scale as the result level.  Rules A and B judge a
 * definition against a naming convention: advice, a warning for exported
 * functions and a note for the others.  A misread result is a bug
 * wherever the call is, and a bug outranks a name that breaks the style:
 * call-site findings (C, D, E) are errors.
 */
#include <stdlib.h>
#include <string.h>

#include "retconv.h"

#define NRULES 5

static const char *const rule_text[NRULES][3] = {
	{ "ActionReturnsErrno", "Actions return 0 or a negative errno",
	  "A function named as an action or an imperative command returns 0 on success and a negative errno on failure: not bool, not 1 for success, not 1 mixed with errnos." },
	{ "PredicateReturnsBoolean", "Predicates return a boolean",
	  "A function named as a predicate returns a boolean: never a negative errno, which a caller's if () reads as true." },
	{ "NeverNegativeTestedForSign", "A value that is never negative is tested for a sign",
	  "A boolean, a count, or a pthread-style positive errno compared < 0 (or >= 0, <= -1), directly or through the variable or field it was stored in; a signed result stored unsigned or cast to unsigned and then compared so; or a comparison or case label no value of the callee's class can match (an errno's == 1 or > 0, a boolean's == -1)." },
	{ "SuccessReadAsFailure", "A branch taken on success handles an error",
	  "if (!f()) or if (f() == 0) whose branch handles an error when f returns 0 on success; if (f()) whose branch handles an error when f returns 1 on success; if (!n) whose branch handles an error when n is a count or an id or a negative errno that nothing tests for a sign." },
	{ "CountReturnedAsErrno", "A count of bytes not copied is returned as an error",
	  "The result of copy_to_user() and the like, the number of bytes not copied, returned as a function's error result instead of -EFAULT; and, by a function that fails with negative values elsewhere, a positive errno (return EIO;, a pthread function's result) or a negative errno negated once more." },
};

void report_text(FILE *out, const struct rc_findings *f)
{
	size_t i, j;

	for (i = 0; i < f->n; i++) {
		const struct rc_finding *x = &f->v[i];
		const struct rc_func *fn = x->fn;

		fprintf(out, "%s:%u:%u: warning: %s [retconv-%c]\n", x->file,
			x->line, x->col, x->msg, x->rule);
		for (j = 0; j < x->nnotes; j++)
			fprintf(out, "%s:%u:%u: note: %s\n", x->notes[j].file,
				x->notes[j].line, x->notes[j].col,
				x->notes[j].msg);
		for (j = 0; x->rule <= 'B' && j < fn->nrets; j++) {
			const struct rc_return *r = &fn->rets[j];

			if (!(r->resolved & x->notemask))
				continue;
			fprintf(out, "%s:%u:%u: note: %s\n", fn->file, r->line,
				r->col, rules_describe_return(fn, r->resolved,
							      x->notemask));
		}
	}
}

static void json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

/* A relative URI reference: unreserved characters and '/' as they are. */
static void json_uri(FILE *out, const char *path)
{
	static const char keep[] = "-._~/";

	fputc('"', out);
	for (; *path; path++) {
		unsigned char c = (unsigned char)*path;

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || strchr(keep, c))
			fputc(c, out);
		else
			fprintf(out, "%%%02X", c);
	}
	fputc('"', out);
}

/* A physicalLocation member, for a location or a related location. */
static void sarif_physical(FILE *out, const char *file, unsigned line,
			   unsigned col)
{
	fputs("\"physicalLocation\": {\"artifactLocation\": {\"uri\": ", out);
	json_uri(out, file);
	fprintf(out, "}, \"region\": {\"startLine\": %u, \"startColumn\": %u}}",
		line, col);
}

static const char *sarif_level(enum rc_scope scope)
{
	return scope == SCOPE_EXPORTED ? "warning" : "note";
}

static void sarif_notes(FILE *out, const struct rc_finding *x)
{
	const struct rc_func *fn = x->fn;
	const char *sep = "";
	size_t j;
	int id = 0;

	fputs(",\n\t\t\"relatedLocations\": [", out);
	for (j = 0; j < x->nnotes; j++) {
		fprintf(out, "%s{\"id\": %d, \"message\": {\"text\": ", sep,
			id++);
		json_string(out, x->notes[j].msg);
		fputs("}, ", out);
		sarif_physical(out, x->notes[j].file, x->notes[j].line,
			       x->notes[j].col);
		fputc('}', out);
		sep = ", ";
	}
	for (j = 0; x->rule <= 'B' && j < fn->nrets; j++) {
		const struct rc_return *r = &fn->rets[j];

		if (!(r->resolved & x->notemask))
			continue;
		fprintf(out, "%s{\"id\": %d, \"message\": {\"text\": ", sep, id++);
		json_string(out, rules_describe_return(fn, r->resolved,
						       x->notemask));
		fputs("}, ", out);
		sarif_physical(out, fn->file, r->line, r->col);
		fputc('}', out);
		sep = ", ";
	}
	fputc(']', out);
}

static void sarif_result(FILE *out, const struct rc_finding *x)
{
	const struct rc_func *fn = x->fn;

	fprintf(out, "\t\t{\"ruleId\": \"retconv-%c\", \"ruleIndex\": %d, \"level\": \"%s\",\n",
		x->rule, x->rule - 'A',
		x->rule <= 'B' ? sarif_level(fn->scope) : "error");
	fputs("\t\t\"message\": {\"text\": ", out);
	json_string(out, x->msg);
	fputs("},\n\t\t\"locations\": [{", out);
	sarif_physical(out, x->file, x->line, x->col);
	fputs("}]", out);
	sarif_notes(out, x);
	fprintf(out, ",\n\t\t\"properties\": {\"scope\": \"%s\", \"kind\": \"%s\", \"function\": ",
		scope_name(fn->scope), x->rule <= 'B' ? "advice" : "bug");
	json_string(out, fn->name);
	fputs("}}", out);
}

static void sarif_rules(FILE *out)
{
	int i;

	fputs("\t\t\"rules\": [\n", out);
	for (i = 0; i < NRULES; i++) {
		fprintf(out, "\t\t\t{\"id\": \"retconv-%c\", \"name\": \"%s\",\n",
			'A' + i, rule_text[i][0]);
		fputs("\t\t\t \"shortDescription\": {\"text\": ", out);
		json_string(out, rule_text[i][1]);
		fputs("},\n\t\t\t \"fullDescription\": {\"text\": ", out);
		json_string(out, rule_text[i][2]);
		fprintf(out, "},\n\t\t\t \"defaultConfiguration\": {\"level\": \"%s\"}}%s\n",
			i < 2 ? "warning" : "error", i + 1 < NRULES ? "," : "");
	}
	fputs("\t\t]", out);
}

/* One toolExecutionNotification: a file not parsed, or parsed with errors. */
static void sarif_notification(FILE *out, const struct rc_error *e,
			       const char *level, bool last)
{
	fprintf(out, "\t\t\t{\"level\": \"%s\", \"message\": {\"text\": ", level);
	json_string(out, e->msg);
	fputs("},\n\t\t\t \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": ", out);
	json_uri(out, e->file);
	fprintf(out, "}}}]}%s\n", last ? "" : ",");
}

/*
 * How the run went: executionSuccessful is false when an input could not
 * be read or a file not parsed, and each such file is an error
 * notification; a file parsed with errors, checked in part, is a note.
 */
static void sarif_invocation(FILE *out, const struct rc_result *res,
			     bool ok)
{
	size_t i, n = res->nerrors + res->nnotes;

	fprintf(out, "\t\"invocations\": [{\"executionSuccessful\": %s,\n",
		ok && !res->nerrors ? "true" : "false");
	fputs("\t\t\"toolExecutionNotifications\": [\n", out);
	for (i = 0; i < res->nerrors; i++)
		sarif_notification(out, &res->errors[i], "error", i + 1 == n);
	for (i = 0; i < res->nnotes; i++)
		sarif_notification(out, &res->notes[i], "note",
				   res->nerrors + i + 1 == n);
	fputs("\t\t]}],\n", out);
}

void report_sarif(FILE *out, const struct rc_findings *f,
		  const struct rc_result *res, bool ok)
{
	size_t i;

	fputs("{\n\"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n", out);
	fputs("\"version\": \"2.1.0\",\n\"runs\": [{\n", out);
	fputs("\t\"tool\": {\"driver\": {\"name\": \"retconv\", ", out);
	fputs("\"version\": \"" RETCONV_VERSION "\",\n", out);
	sarif_rules(out);
	fputs("}},\n", out);
	sarif_invocation(out, res, ok);
	fputs("\t\"columnKind\": \"utf16CodeUnits\",\n\t\"results\": [\n", out);
	for (i = 0; i < f->n; i++) {
		sarif_result(out, &f->v[i]);
		fputs(i + 1 < f->n ? ",\n" : "\n", out);
	}
	fputs("\t]\n}]\n}\n", out);
}

static int compare_funcs(const void *pa, const void *pb)
{
	const struct rc_func *a = *(struct rc_func *const *)pa;
	const struct rc_func *b = *(struct rc_func *const *)pb;
	int c = strcmp(a->file, b->file);

	if (c)
		return c;
	if (a->line != b->line)
		return a->line < b->line ? -1 : 1;
	return a->col < b->col ? -1 : a->col > b->col;
}

void report_classes(FILE *out, const struct rc_config *cfg,
		    const struct rc_result *res, enum rc_scope min_scope)
{
	struct rc_func **v = xcalloc(res->nfuncs, sizeof(*v));
	size_t i, n = 0;

	for (i = 0; i < res->nfuncs; i++)
		if (res->funcs[i]->report && res->funcs[i]->scope >= min_scope)
			v[n++] = res->funcs[i];
	qsort(v, n, sizeof(*v), compare_funcs);
	for (i = 0; i < n; i++)
		fprintf(out, "%s:%u:%u: %s: %s %s %s\n", v[i]->file, v[i]->line,
			v[i]->col, v[i]->name, scope_name(v[i]->scope),
			naming_kind_name(naming_classify(cfg, v[i]->name)),
			class_name(resolve_class(v[i])));
	free(v);
}
