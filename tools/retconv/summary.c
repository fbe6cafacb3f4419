// SPDX-License-Identifier: MIT
/*
 * Function summaries as text, from a worker process to the parent.
 *
 * One line per record, fields separated by tabs:
 *
 *   B <job>                                   a worker starts a job
 *   F <usr> <name> <file> <fileid> <line> <col> <scope> <type> <suppress>
 *     <report>
 *   R <line> <col> <flags>                    a return of the last F
 *   C <fallback> <sign> <usr>                 a call of the last R
 *   S <rule> <form> <line> <col> <ctype> <hline> <hcol> <wline> <wcol>
 *     <usr> <callee> <holder> <op> <why>       a call site of the last F
 *   E <file> <message>                        the job failed
 *   T <usr>                                   a function's address is
 *                                             taken (a callback)
 *   N <file> <message>                        it parsed with errors
 *   I <header>                                it includes a walked header
 *   D <facts>                                 the last F's FACT_* and DOC_*
 *                                             (after its other facts)
 *   U <usr>                                   the last F adds this callee's
 *                                             result (a count)
 *   L <name>                                  the last F's documentation
 *                                             says it is like NAME()
 *   M <member> <usr>                          a function is stored in a
 *                                             structure's member
 *   P <count>                                 the last F's calls that give
 *                                             strerror() a positive errno
 *   X <doc_more>                              the last F's DOCX_*, BODYX_*
 *   G 1                                       the last F only returns a
 *                                             member (an accessor)
 *
 * B lines let the parent name the file a crashed worker was parsing.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "retconv.h"

#define MAX_FIELDS 15

/* Tabs and newlines would break the record; names never hold them. */
static void put_field(FILE *out, const char *s)
{
	for (; *s; s++)
		fputc(*s == '\t' || *s == '\n' ? ' ' : *s, out);
}

static void write_site(FILE *out, const struct rc_site *x)
{
	fprintf(out, "S\t%c\t%" PRIu64 "\t%u\t%u\t%d\t%u\t%u\t%u\t%u\t",
		x->rule, x->form, x->line, x->col, (int)x->ctype, x->hline, x->hcol,
		x->wline, x->wcol);
	put_field(out, x->usr);
	fputc('\t', out);
	put_field(out, x->callee);
	fputc('\t', out);
	put_field(out, x->holder);
	fputc('\t', out);
	put_field(out, x->op);
	fputc('\t', out);
	put_field(out, x->why);
	fputc('\n', out);
}

void summary_write_func(FILE *out, const struct rc_func *fn)
{
	size_t i, j;

	fputs("F\t", out);
	put_field(out, fn->usr);
	fputc('\t', out);
	put_field(out, fn->name);
	fputc('\t', out);
	put_field(out, fn->file);
	fputc('\t', out);
	put_field(out, fn->fileid);
	fprintf(out, "\t%u\t%u\t%d\t%d\t%u\t%d\n", fn->line, fn->col,
		(int)fn->scope, (int)fn->type, fn->suppress, (int)fn->report);
	for (i = 0; i < fn->nrets; i++) {
		const struct rc_return *r = &fn->rets[i];

		fprintf(out, "R\t%u\t%u\t%u\n", r->line, r->col, r->flags);
		for (j = 0; j < r->ncalls; j++) {
			fprintf(out, "C\t%u\t%u\t", r->calls[j].fallback,
				r->calls[j].sign);
			put_field(out, r->calls[j].usr);
			fputc('\n', out);
		}
	}
	for (i = 0; i < fn->nsites; i++)
		write_site(out, &fn->sites[i]);
	if (fn->errstr_pos)
		fprintf(out, "P\t%u\n", fn->errstr_pos);
	if (fn->accessor)
		fputs("G\t1\n", out);
	if (fn->doc_more)
		fprintf(out, "X\t%u\n", fn->doc_more);
	if (fn->like) {
		fputs("L\t", out);
		put_field(out, fn->like);
		fputc('\n', out);
	}
	for (i = 0; i < fn->ncounted; i++) {
		fputs("U\t", out);
		put_field(out, fn->counted[i]);
		fputc('\n', out);
	}
	/* Last: an alternate's or a stand-in's D takes the F out of the
	 * run's functions (read_fact()), and what follows would go to the
	 * F before it. */
	if (fn->facts)
		fprintf(out, "D\t%u\n", fn->facts);
}

static void write_message(FILE *out, char type, const char *file,
			  const char *msg)
{
	fputc(type, out);
	fputc('\t', out);
	put_field(out, file);
	fputc('\t', out);
	put_field(out, msg);
	fputc('\n', out);
}

void summary_write_error(FILE *out, const char *file, const char *msg)
{
	write_message(out, 'E', file, msg);
}

void summary_write_note(FILE *out, const char *file, const char *msg)
{
	write_message(out, 'N', file, msg);
}

static size_t split_fields(char *line, char **f)
{
	size_t n = 0;

	line[strcspn(line, "\n")] = '\0';
	while (n < MAX_FIELDS && line)
		f[n++] = strsep(&line, "\t");
	return n;
}

static unsigned num(const char *s)
{
	return (unsigned)strtoul(s, NULL, 10);
}

static int read_func(struct rc_result *res, char **f, size_t n, long job)
{
	static size_t seq;
	struct rc_func *fn;

	if (n != 11)
		return -EPROTO;
	fn = xcalloc(1, sizeof(*fn));
	fn->usr = xstrdup(f[1]);
	fn->name = xstrdup(f[2]);
	fn->file = xstrdup(f[3]);
	fn->fileid = xstrdup(f[4]);
	fn->line = num(f[5]);
	fn->col = num(f[6]);
	fn->scope = (enum rc_scope)num(f[7]);
	fn->type = (enum rc_type)num(f[8]);
	fn->suppress = num(f[9]);
	fn->report = num(f[10]) != 0;
	fn->job = job;
	fn->seq = seq++;
	res->funcs = xrealloc(res->funcs, (res->nfuncs + 1) * sizeof(*res->funcs));
	res->funcs[res->nfuncs++] = fn;
	return 0;
}

static int read_return(struct rc_result *res, char **f, size_t n)
{
	struct rc_func *fn = res->nfuncs ? res->funcs[res->nfuncs - 1] : NULL;
	struct rc_return *r;

	if (!fn || n != 4)
		return -EPROTO;
	fn->rets = xrealloc(fn->rets, (fn->nrets + 1) * sizeof(*fn->rets));
	r = &fn->rets[fn->nrets++];
	memset(r, 0, sizeof(*r));
	r->line = num(f[1]);
	r->col = num(f[2]);
	r->flags = num(f[3]);
	return 0;
}

static int read_call(struct rc_result *res, char **f, size_t n)
{
	struct rc_func *fn = res->nfuncs ? res->funcs[res->nfuncs - 1] : NULL;
	struct rc_return *r;

	if (!fn || !fn->nrets || n != 4)
		return -EPROTO;
	r = &fn->rets[fn->nrets - 1];
	r->calls = xrealloc(r->calls, (r->ncalls + 1) * sizeof(*r->calls));
	r->calls[r->ncalls].fallback = num(f[1]);
	r->calls[r->ncalls].sign = num(f[2]);
	r->calls[r->ncalls].usr = xstrdup(f[3]);
	r->ncalls++;
	return 0;
}

static int read_site(struct rc_result *res, char **f, size_t n)
{
	struct rc_func *fn = res->nfuncs ? res->funcs[res->nfuncs - 1] : NULL;
	struct rc_site *x;

	if (!fn || n != 15)
		return -EPROTO;
	fn->sites = xrealloc(fn->sites, (fn->nsites + 1) * sizeof(*fn->sites));
	x = &fn->sites[fn->nsites++];
	x->rule = f[1][0];
	x->form = strtoull(f[2], NULL, 10);
	x->line = num(f[3]);
	x->col = num(f[4]);
	x->ctype = (enum rc_type)num(f[5]);
	x->hline = num(f[6]);
	x->hcol = num(f[7]);
	x->wline = num(f[8]);
	x->wcol = num(f[9]);
	x->usr = xstrdup(f[10]);
	x->callee = xstrdup(f[11]);
	x->holder = xstrdup(f[12]);
	x->op = xstrdup(f[13]);
	x->why = xstrdup(f[14]);
	return 0;
}

void site_free(struct rc_site *x)
{
	free(x->usr);
	free(x->callee);
	free(x->holder);
	free(x->op);
	free(x->why);
}

/* A D, G, L, P, U or X record: what the last F says of itself and of its
 * callees. */
static int read_fact(struct rc_result *res, char **f, size_t n)
{
	struct rc_func *fn = res->nfuncs ? res->funcs[res->nfuncs - 1] : NULL;

	if (!fn || n != 2)
		return -EPROTO;
	if (f[0][0] == 'D') {
		fn->facts = num(f[1]);
		/* Another configuration's sites: kept apart (inactive.c). */
		if (fn->facts & FACT_ALTERNATE) {
			res->alts = xrealloc(res->alts, (res->nalts + 1) *
					     sizeof(*res->alts));
			res->alts[res->nalts++] = fn;
			res->nfuncs--;
		} else if (fn->facts & FACT_STANDIN) {
			res->standins = xrealloc(res->standins,
						 (res->nstandins + 1) *
						 sizeof(*res->standins));
			res->standins[res->nstandins++] = fn;
			res->nfuncs--;
		}
		return 0;
	}
	if (f[0][0] == 'L') {
		free(fn->like);
		fn->like = xstrdup(f[1]);
		return 0;
	}
	if (f[0][0] == 'P') {
		fn->errstr_pos = num(f[1]);
		return 0;
	}
	if (f[0][0] == 'G') {
		fn->accessor = num(f[1]) != 0;
		return 0;
	}
	if (f[0][0] == 'X') {
		fn->doc_more = num(f[1]);
		return 0;
	}
	fn->counted = xrealloc(fn->counted,
			       (fn->ncounted + 1) * sizeof(*fn->counted));
	fn->counted[fn->ncounted++] = xstrdup(f[1]);
	return 0;
}

static int read_message(struct rc_error **v, size_t *nv, char **f, size_t n)
{
	if (n != 3)
		return -EPROTO;
	*v = xrealloc(*v, (*nv + 1) * sizeof(**v));
	(*v)[*nv].file = xstrdup(f[1]);
	(*v)[*nv].msg = xstrdup(f[2]);
	(*nv)++;
	return 0;
}

static int read_record(struct rc_result *res, char *line, long *begun)
{
	char *f[MAX_FIELDS] = { NULL };
	size_t n = split_fields(line, f);

	switch (f[0][0]) {
	case 'B':
		*begun = n == 2 ? strtol(f[1], NULL, 10) : -1;
		return 0;
	case 'F':
		return read_func(res, f, n, *begun);
	case 'R':
		return read_return(res, f, n);
	case 'C':
		return read_call(res, f, n);
	case 'E':
		return read_message(&res->errors, &res->nerrors, f, n);
	case 'N':
		return read_message(&res->notes, &res->nnotes, f, n);
	case 'I':
		if (n != 2)
			return -EPROTO;
		res->included = xrealloc(res->included, (res->nincluded + 1) *
					 sizeof(*res->included));
		res->included[res->nincluded++] = num(f[1]);
		return 0;
	case 'S':
		return read_site(res, f, n);
	case 'D':
	case 'G':
	case 'L':
	case 'P':
	case 'U':
	case 'X':
		return read_fact(res, f, n);
	case 'M':
		if (n != 3)
			return -EPROTO;
		res->stored = xrealloc(res->stored, (res->nstored + 1) *
				       sizeof(*res->stored));
		res->stored[res->nstored].member = xstrdup(f[1]);
		res->stored[res->nstored++].usr = xstrdup(f[2]);
		return 0;
	case 'T':
		if (n != 2)
			return -EPROTO;
		res->taken = xrealloc(res->taken,
				      (res->ntaken + 1) * sizeof(*res->taken));
		res->taken[res->ntaken++] = xstrdup(f[1]);
		return 0;
	default:
		return -EPROTO;
	}
}

int summary_read(FILE *in, struct rc_result *res, long *begun)
{
	size_t cap = 0;
	char *line = NULL;
	int err = 0;

	*begun = -1;
	while (!err && getline(&line, &cap, in) >= 0)
		err = read_record(res, line, begun);
	free(line);
	return err;
}

void func_free(struct rc_func *fn)
{
	size_t i, j;

	for (i = 0; i < fn->nrets; i++) {
		for (j = 0; j < fn->rets[i].ncalls; j++)
			free(fn->rets[i].calls[j].usr);
		free(fn->rets[i].calls);
	}
	free(fn->rets);
	for (i = 0; i < fn->nsites; i++)
		site_free(&fn->sites[i]);
	free(fn->sites);
	for (i = 0; i < fn->ncounted; i++)
		free(fn->counted[i]);
	free(fn->counted);
	free(fn->like);
	free(fn->usr);
	free(fn->name);
	free(fn->file);
	free(fn->fileid);
	free(fn);
}

void result_free(struct rc_result *res)
{
	size_t i;

	for (i = 0; i < res->nfuncs; i++)
		func_free(res->funcs[i]);
	free(res->funcs);
	for (i = 0; i < res->nalts; i++)
		func_free(res->alts[i]);
	free(res->alts);
	for (i = 0; i < res->nstandins; i++)
		func_free(res->standins[i]);
	free(res->standins);
	for (i = 0; i < res->nerrors; i++) {
		free(res->errors[i].file);
		free(res->errors[i].msg);
	}
	free(res->errors);
	for (i = 0; i < res->ntaken; i++)
		free(res->taken[i]);
	free(res->taken);
	for (i = 0; i < res->nstored; i++) {
		free(res->stored[i].member);
		free(res->stored[i].usr);
	}
	free(res->stored);
	for (i = 0; i < res->nnotes; i++) {
		free(res->notes[i].file);
		free(res->notes[i].msg);
	}
	free(res->notes);
	free(res->included);
	memset(res, 0, sizeof(*res));
}
