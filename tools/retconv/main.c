// SPDX-License-Identifier: MIT
/*
 * retconv: the return-convention checker.  Command line and the run.
 *
 * The kernel's rule, proposed with the 2006 queue_work change: a function
 * named as an action returns 0 or a negative errno, one named as a
 * predicate returns a boolean.  retconv collects the files to check (from
 * the command line or a compile_commands.json), has worker processes
 * summarize every function's returns and find the call sites that test or
 * pass on a result, resolves calls across files, applies the rules to the
 * definitions (A, B) and to the call sites (C, D, E), and prints what
 * breaks them.  A file that parses with errors is still checked, where
 * its types are known, and gets one note saying what it missed.  Exit
 * status: 0 clean, 1 when anything was reported, 2 when the command line
 * or an input was wrong or a file could not be parsed at all and nothing
 * was reported, 3 when something was reported and some file could not be
 * read or parsed: the findings of the other files are always printed.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "retconv.h"

struct options {
	const char *compdb;	/* -p DIR */
	const char *tree;	/* --tree DIR */
	bool verbose;		/* -v */
	struct rc_tree found;	/* what --tree found in DIR */
	const char *config;	/* --config FILE */
	const char *tables[16];	/* --table FILE... */
	size_t ntables;
	bool no_config;
	bool no_pch;		/* --no-pch */
	bool style;		/* --style: house styles, B's tri-states */
	bool done;		/* --help or --version: nothing to check */
	enum rc_format format;
	enum rc_scope min_scope;
	int jobs;
	char **files;
	size_t nfiles;
	char **flags;		/* after -- */
	size_t nflags;
};

static const char usage_text[] =
"usage: retconv [options] [file|dir...] [-- compiler-flags...]\n"
"  -p DIR             read DIR/compile_commands.json\n"
"  --tree DIR         find DIR's include folders; check DIR, or FILE... with\n"
"                     the files that define what they call (unreported)\n"
"  -v                 say which folders and files --tree chose, and the\n"
"                     run's speed in lines per CPU-second\n"
"  --config FILE      naming configuration (default: the nearest .retconv)\n"
"  --no-config        use the built-in vocabulary only\n"
"  --table FILE       more return classes of functions defined elsewhere\n"
"  --format=FORMAT    text (default) or sarif\n"
"  --classes          list every function's scope, kind and return class\n"
"  --static           also report static functions (advice)\n"
"  --scope=SCOPE      report from: exported, public (default) or static\n"
"  --style            report rule A where the project's style is bool,\n"
"                     and rule B's tri-states no caller misreads\n"
"  -j N               parse with N processes (default: one per CPU)\n"
"  --no-pch           parse every file whole, sharing no precompiled header\n"
"  --file-time=SECS   give a file up after SECS CPU-seconds (default 300;\n"
"                     0: never)\n"
"  --one-configuration\n"
"                     read only the #if branches the parse selects\n"
"  -h, --help         this text\n"
"  --version          print the version\n";

enum {
	OPT_CONFIG = 256,
	OPT_NO_CONFIG,
	OPT_TABLE,
	OPT_FORMAT,
	OPT_CLASSES,
	OPT_STATIC,
	OPT_SCOPE,
	OPT_VERSION,
	OPT_NO_PCH,
	OPT_ONE_CONFIG,
	OPT_TREE,
	OPT_STYLE,
	OPT_FILE_TIME,
};

static const struct option long_opts[] = {
	{ "config", required_argument, NULL, OPT_CONFIG },
	{ "no-config", no_argument, NULL, OPT_NO_CONFIG },
	{ "table", required_argument, NULL, OPT_TABLE },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "classes", no_argument, NULL, OPT_CLASSES },
	{ "static", no_argument, NULL, OPT_STATIC },
	{ "scope", required_argument, NULL, OPT_SCOPE },
	{ "no-pch", no_argument, NULL, OPT_NO_PCH },
	{ "one-configuration", no_argument, NULL, OPT_ONE_CONFIG },
	{ "tree", required_argument, NULL, OPT_TREE },
	{ "verbose", no_argument, NULL, 'v' },
	{ "style", no_argument, NULL, OPT_STYLE },
	{ "file-time", required_argument, NULL, OPT_FILE_TIME },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 },
};

static int usage_error(const char *what, const char *arg)
{
	fprintf(stderr, "retconv: %s '%s'\n%s", what, arg, usage_text);
	return -EINVAL;
}

static int set_format(struct options *o, const char *s)
{
	if (!strcmp(s, "text"))
		o->format = FORMAT_TEXT;
	else if (!strcmp(s, "sarif"))
		o->format = FORMAT_SARIF;
	else
		return usage_error("unknown format", s);
	return 0;
}

static int set_scope(struct options *o, const char *s)
{
	if (!strcmp(s, "exported"))
		o->min_scope = SCOPE_EXPORTED;
	else if (!strcmp(s, "public"))
		o->min_scope = SCOPE_PUBLIC;
	else if (!strcmp(s, "static"))
		o->min_scope = SCOPE_STATIC;
	else
		return usage_error("unknown scope", s);
	return 0;
}

static int set_jobs(struct options *o, const char *s)
{
	char *end;
	long n = strtol(s, &end, 10);

	if (*s == '\0' || *end || n < 1 || n > 64)
		return usage_error("-j wants a number from 1 to 64, not", s);
	o->jobs = (int)n;
	return 0;
}

static int set_file_time(const char *s)
{
	char *end;
	double t;

	errno = 0;
	t = strtod(s, &end);
	if (*s == '\0' || *end || errno || !(t >= 0 && t <= 1e6))
		return usage_error("--file-time wants seconds from 0 to 1000000, not",
				   s);
	worker_file_time = t;
	return 0;
}

static int one_option(struct options *o, int c)
{
	switch (c) {
	case 'p':
		o->compdb = optarg;
		return 0;
	case 'j':
		return set_jobs(o, optarg);
	case 'v':
		o->verbose = true;
		return 0;
	case OPT_TREE:
		o->tree = optarg;
		return 0;
	case OPT_CONFIG:
		o->config = optarg;
		return 0;
	case OPT_NO_CONFIG:
		o->no_config = true;
		return 0;
	case OPT_NO_PCH:
		o->no_pch = true;
		return 0;
	case OPT_ONE_CONFIG:
		worker_one_configuration = true;
		return 0;
	case OPT_STYLE:
		o->style = true;
		return 0;
	case OPT_FILE_TIME:
		return set_file_time(optarg);
	case OPT_TABLE:
		if (o->ntables == sizeof(o->tables) / sizeof(o->tables[0]))
			return usage_error("too many tables at", optarg);
		o->tables[o->ntables++] = optarg;
		return 0;
	case OPT_FORMAT:
		return set_format(o, optarg);
	case OPT_CLASSES:
		o->format = FORMAT_CLASSES;
		return 0;
	case OPT_STATIC:
		o->min_scope = SCOPE_STATIC;
		return 0;
	case OPT_SCOPE:
		return set_scope(o, optarg);
	case 'h':
		fputs(usage_text, stdout);
		o->done = true;
		return 0;
	case OPT_VERSION:
		puts("retconv " RETCONV_VERSION);
		o->done = true;
		return 0;
	default:
		fputs(usage_text, stderr);
		return -EINVAL;
	}
}

/* Split argv at "--": getopt would take the compiler's flags for ours. */
static int parse_options(struct options *o, int argc, char **argv)
{
	int c, i, end = argc, ret;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--")) {
			end = i;
			o->flags = argv + i + 1;
			o->nflags = (size_t)(argc - i - 1);
			break;
		}
	}
	opterr = 1;
	while ((c = getopt_long(end, argv, "p:j:hv", long_opts, NULL)) != -1) {
		ret = one_option(o, c);
		if (ret)
			return ret;
		if (o->done)
			return 0;
	}
	o->files = argv + optind;
	o->nfiles = (size_t)(end - optind);
	if (o->tree && o->compdb) {
		fprintf(stderr, "retconv: --tree and -p do not go together\n%s",
			usage_text);
		return -EINVAL;
	}
	if (!o->nfiles && !o->compdb && !o->tree) {
		fprintf(stderr, "retconv: no input files\n%s", usage_text);
		return -EINVAL;
	}
	return 0;
}

static int load_config(struct rc_config *cfg, const struct options *o)
{
	char *found;
	int err;

	config_init(cfg);
	if (o->config)
		return config_load(cfg, o->config);
	if (o->no_config)
		return 0;
	found = config_find();
	if (!found)
		return 0;
	err = config_load(cfg, found);
	free(found);
	return err;
}

static int load_tables(struct rc_table *t, const struct options *o)
{
	size_t i;
	int err = 0;

	table_init(t);
	for (i = 0; i < o->ntables && !err; i++)
		err = table_load(t, o->tables[i]);
	return err;
}

/* The one line saying what --tree chose, and with -v the whole list. */
static void tree_say(const struct options *o)
{
	const struct rc_tree *t = &o->found;
	/* The generated headers' folder is said by what it holds. */
	size_t i, n = t->nincdirs - (t->gendir ? 1 : 0);

	fprintf(stderr, "retconv: tree %s: %zu include folder%s", o->tree,
		n, n == 1 ? "" : "s");
	if (t->nfound > n)
		fprintf(stderr, " (the %zu that resolve the most #include lines of %zu)",
			n, t->nfound);
	for (i = 0; i < n && i < 3; i++)
		fprintf(stderr, "%s%s", i ? ", " : ": ", t->incdirs[i]);
	if (n > 3)
		fputs(", ...", stderr);
	if (o->nfiles)
		fprintf(stderr, "; callees from %zu more file%s",
			t->ncontext, t->ncontext == 1 ? "" : "s");
	if (t->nskipped)
		fprintf(stderr, " (%zu more over the bound left out)",
			t->nskipped);
	for (i = 0; i < t->nothers && i < 3; i++)
		fprintf(stderr, "%s%s", i ? ", " : "; for Linux, not ",
			t->others[i]);
	if (t->nothers > 3)
		fprintf(stderr, " and %zu more", t->nothers - 3);
	for (i = 0; i < t->npkgs && i < 3; i++)
		fprintf(stderr, "%s%s", i ? ", " : "; by pkg-config: ",
			t->pkgs[i]);
	if (t->npkgs > 3)
		fprintf(stderr, " and %zu more", t->npkgs - 3);
	if (t->ncxx)
		fprintf(stderr, "; %zu folder%s of C++ passed over", t->ncxx,
			t->ncxx == 1 ? "" : "s");
	for (i = 0; i < t->ngens && i < 3; i++)
		fprintf(stderr, "%s%s", i ? ", " : "; written from templates: ",
			t->gens[i].name);
	if (t->ngens > 3)
		fprintf(stderr, " and %zu more", t->ngens - 3);
	fputc('\n', stderr);
	if (!o->verbose)
		return;
	for (i = 0; i < t->nincdirs; i++) {
		fprintf(stderr, "retconv: tree: -I%s", t->incdirs[i]);
		if (t->gendir && !strcmp(t->incdirs[i], t->gendir))
			fprintf(stderr, " (the headers written from the tree's templates, for this run)");
		else if (t->clib[i] && !t->served[i])
			fprintf(stderr, " (a test's stand-in for the C library, its %s renames the library's names: after the system's headers)",
				t->clib[i]);
		else if (t->clib[i])
			fprintf(stderr, " (holds the C library's %s: after the system's headers but for the files of %s)",
				t->clib[i], t->served[i]);
		fputc('\n', stderr);
	}
	for (i = 0; i < t->nothers; i++)
		fprintf(stderr, "retconv: tree: not %s (another system's)\n",
			t->others[i]);
	for (i = 0; i < t->npkgdirs; i++)
		fprintf(stderr, "retconv: tree: -isystem%s (pkg-config)\n",
			t->pkgdirs[i]);
	for (i = 0; i < t->ngens; i++)
		fprintf(stderr, "retconv: tree: %s written from %s\n",
			t->gens[i].name, t->gens[i].tmpl);
	for (i = 0; i < t->ncontext; i++)
		fprintf(stderr, "retconv: tree: callees from %s\n",
			t->context[i]);
}

/*
 * Each folder's files get the -I folders their #include lines reach
 * (incpath.c); with -v, how many.  The user's own flags (-I, -include,
 * -D) could change what a file includes, so with them every file keeps
 * every folder.
 */
static void narrow_say(const struct options *o, struct rc_jobs *jobs)
{
	const struct rc_tree *t = &o->found;
	struct rc_incpath said;

	incpath_narrow(jobs, t, &said);
	if (!o->verbose || !said.groups)
		return;
	fprintf(stderr, "retconv: tree: the files of %zu folder%s get the include folders their #include lines reach, %.1f of %zu on average",
		said.groups, said.groups == 1 ? "" : "s",
		(double)said.kept / (double)said.groups, t->nincdirs);
	if (said.whole)
		fprintf(stderr, " (%zu get all: an #include names a macro)",
			said.whole);
	fputc('\n', stderr);
}

/*
 * --tree DIR: the user's flags first, then -I for each folder found (a
 * processor's C library folder after the system's for the files it does
 * not serve, clib.c), then -isystem for the packages' (pkgdeps.c); the
 * files named, or DIR whole, then the files that define their callees.
 */
static int collect_tree(struct rc_jobs *jobs, struct options *o)
{
	struct rc_tree *t = &o->found;
	char **flags;
	size_t i, n;
	int err, err2;

	err = tree_scan(t, o->tree, o->files, o->nfiles);
	if (err)
		return err;
	asmref_scan(t, o->tree);
	n = o->nflags + t->nincdirs + t->npkgdirs;
	flags = xcalloc(n + 1, sizeof(*flags));
	for (i = 0; i < o->nflags; i++)
		flags[i] = xstrdup(o->flags[i]);
	for (i = 0; i < t->nincdirs; i++)
		flags[o->nflags + i] = xasprintf("-I%s", t->incdirs[i]);
	for (i = 0; i < t->npkgdirs; i++)
		flags[o->nflags + t->nincdirs + i] =
			xasprintf("-isystem%s", t->pkgdirs[i]);
	tree_say(o);
	if (!o->nfiles)
		err = inputs_add_path(jobs, o->tree, flags, n);
	for (i = 0; i < o->nfiles; i++) {
		err2 = inputs_add_path(jobs, o->files[i], flags, n);
		if (!err)
			err = err2;
	}
	for (i = 0; i < t->ncontext; i++)
		inputs_add_path(jobs, t->context[i], flags, n);
	for (i = 0; i < n; i++)
		free(flags[i]);
	free(flags);
	if (!o->nflags && t->nincdirs)
		narrow_say(o, jobs);
	clib_place(jobs, t);
	return err;
}

static int collect_jobs(struct rc_jobs *jobs, struct options *o)
{
	size_t i;
	int err = 0, err2;

	if (o->tree)
		return collect_tree(jobs, o);
	if (o->compdb)
		return compdb_add_jobs(jobs, o->compdb, o->files, o->nfiles,
				       o->flags, o->nflags);
	for (i = 0; i < o->nfiles; i++) {
		err2 = inputs_add_path(jobs, o->files[i], o->flags, o->nflags);
		if (!err)
			err = err2;
	}
	return err;
}

static int by_file(const void *pa, const void *pb)
{
	const struct rc_error *a = pa, *b = pb;

	return strcmp(a->file, b->file);
}

/* The files that did not parse, then those that parsed with errors, each
 * in the order of their names, whichever worker finished first. */
static void print_errors(struct rc_result *res)
{
	size_t i;

	if (res->nerrors)
		qsort(res->errors, res->nerrors, sizeof(*res->errors), by_file);
	if (res->nnotes)
		qsort(res->notes, res->nnotes, sizeof(*res->notes), by_file);

	for (i = 0; i < res->nerrors; i++)
		fprintf(stderr, "retconv: %s: %s\n", res->errors[i].file,
			res->errors[i].msg);
	for (i = 0; i < res->nnotes; i++)
		fprintf(stderr, "retconv: %s: note: %s\n", res->notes[i].file,
			res->notes[i].msg);
}

/* How the run went, when not every file parsed cleanly. */
static void print_tally(size_t njobs, const struct rc_result *res,
			bool input_error)
{
	/* Nothing to parse: the inputs' own messages said why. */
	if ((!res->nnotes && !res->nerrors && !input_error) || !njobs)
		return;
	fprintf(stderr, "retconv: %zu of %zu file%s parsed with errors, %zu not parsed%s\n",
		res->nnotes, njobs, njobs == 1 ? "" : "s", res->nerrors,
		input_error ? "; some inputs could not be read" : "");
}

/*
 * The shared PCHs first (pch.c): what their headers define arrives with
 * the rest.  A header that does not precompile is no failure of the run's:
 * its files are parsed whole, so what the round said about it goes.
 */
static void build_pchs(struct rc_jobs *jobs, const struct rc_jobs *builds,
		       const struct rc_jobs *hdrs, int nworkers,
		       struct rc_result *res)
{
	size_t nerrors = res->nerrors, i;

	if (!builds->n)
		return;
	workers_run(builds, hdrs, nworkers, res);
	for (i = nerrors; i < res->nerrors; i++) {
		free(res->errors[i].file);
		free(res->errors[i].msg);
	}
	res->nerrors = nerrors;
	pch_settle(jobs);
}

/* A .inc file is a fragment of the file that includes it (or no C at
 * all: a tree's Makefile.inc), never a unit clang can parse alone. */
static bool fragment(const char *path)
{
	size_t n = strlen(path);

	return n > 4 && !strcmp(path + n - 4, ".inc");
}

/*
 * Parse the sources, then the headers found by walking that none of them
 * included: alone, a header usually lacks what its includer declared
 * before it, and the includer's parse checked it already.
 */
static int run_jobs(struct rc_jobs *jobs, const struct rc_jobs *builds,
		    int nworkers, struct rc_result *res)
{
	struct rc_jobs srcs = { NULL, 0 }, hdrs = { NULL, 0 };
	struct rc_jobs alone = { NULL, 0 };
	bool *seen;
	size_t i;
	int err;

	srcs.v = xcalloc(jobs->n, sizeof(*srcs.v));
	hdrs.v = xcalloc(jobs->n, sizeof(*hdrs.v));
	alone.v = xcalloc(jobs->n, sizeof(*alone.v));
	for (i = 0; i < jobs->n; i++)
		if (jobs->v[i].fileid)
			hdrs.v[hdrs.n++] = jobs->v[i];
	build_pchs(jobs, builds, &hdrs, nworkers, res);
	for (i = 0; i < jobs->n; i++)
		if (!jobs->v[i].fileid)
			srcs.v[srcs.n++] = jobs->v[i];
	err = workers_run(&srcs, &hdrs, nworkers, res);
	seen = xcalloc(hdrs.n + 1, sizeof(*seen));
	for (i = 0; i < res->nincluded; i++)
		if (res->included[i] < hdrs.n)
			seen[res->included[i]] = true;
	for (i = 0; i < hdrs.n; i++)
		if (!seen[i] && !fragment(hdrs.v[i].path))
			alone.v[alone.n++] = hdrs.v[i];
	if (!err)
		err = workers_run(&alone, NULL, nworkers, res);
	free(seen);
	free(alone.v);
	free(hdrs.v);
	free(srcs.v);
	return err;
}

/* A file --tree parsed only for its definitions: nothing of it is said. */
static bool context_file(const struct options *o, const char *file)
{
	size_t i;

	for (i = 0; i < o->found.ncontext; i++)
		if (!strcmp(o->found.context[i], file))
			return true;
	return false;
}

/* What is said of a context file's functions is said at their callers. */
static void mark_context(const struct options *o, struct rc_result *res)
{
	size_t i;

	for (i = 0; i < res->nfuncs; i++)
		res->funcs[i]->context = context_file(o, res->funcs[i]->file);
}

static void drop_context_errors(const struct options *o,
				struct rc_error *v, size_t *n)
{
	size_t i, k = 0;

	for (i = 0; i < *n; i++) {
		if (context_file(o, v[i].file)) {
			free(v[i].file);
			free(v[i].msg);
		} else {
			v[k++] = v[i];
		}
	}
	*n = k;
}

static void drop_context_findings(const struct options *o,
				  struct rc_findings *found)
{
	struct rc_findings gone = { NULL, 0 };
	size_t i, k = 0;

	if (!o->found.ncontext)
		return;
	gone.v = xcalloc(found->n + 1, sizeof(*gone.v));
	for (i = 0; i < found->n; i++) {
		if (context_file(o, found->v[i].file))
			gone.v[gone.n++] = found->v[i];
		else
			found->v[k++] = found->v[i];
	}
	found->n = k;
	findings_free(&gone);
}

/* The lines of @path, as wc -l counts them (a database's are absolute). */
static size_t count_lines(const char *path)
{
	char buf[1 << 16];
	size_t n = 0;
	ssize_t got, i;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	while ((got = read(fd, buf, sizeof(buf))) > 0)
		for (i = 0; i < got; i++)
			n += buf[i] == '\n';
	close(fd);
	return n;
}

static double cpu_seconds(int who)
{
	struct rusage ru;

	if (getrusage(who, &ru))
		return 0;
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	       (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

/*
 * With -v, the run's speed: the lines of every file parsed (those checked
 * and, in tree mode, those parsed for their callees' definitions) over
 * the CPU time of retconv and its workers, user and system, the figure
 * retconv(1) and issue 26 measure it by.  The workers have been waited
 * for, so their time is in RUSAGE_CHILDREN.
 */
static void say_speed(const struct options *o, const struct rc_jobs *jobs)
{
	double cpu = cpu_seconds(RUSAGE_SELF) + cpu_seconds(RUSAGE_CHILDREN);
	size_t lines = 0, i;

	if (!o->verbose || !jobs->n)
		return;
	for (i = 0; i < jobs->n; i++)
		lines += count_lines(jobs->v[i].path);
	fprintf(stderr, "retconv: %zu lines in %zu file%s, %.2f CPU-seconds with %d worker%s: %.0f lines per CPU-second\n",
		lines, jobs->n, jobs->n == 1 ? "" : "s", cpu, o->jobs,
		o->jobs == 1 ? "" : "s", cpu > 0 ? lines / cpu : 0);
}

/* -v: the definitions the tree's assembly names, which the definition
 * rules leave to the interface the assembly fixes (asmref.c). */
static void asm_say(const struct options *o, size_t n)
{
	if (o->verbose && n)
		fprintf(stderr, "retconv: %zu function%s named by the tree's assembly, read as callbacks\n",
			n, n == 1 ? "" : "s");
}

/* Exit status: 1 for findings, 2 for inputs not analysed, 3 for both. */
static int final_status(const struct options *o, struct rc_config *cfg,
			const struct rc_table *table, struct rc_jobs *jobs,
			const struct rc_jobs *builds, bool input_error)
{
	struct rc_findings found = { NULL, 0 };
	struct rc_result res = { .funcs = NULL };
	int err, status;

	err = run_jobs(jobs, builds, o->jobs, &res);
	if (err)
		fprintf(stderr, "retconv: workers: %s\n", strerror(-err));
	drop_context_errors(o, res.errors, &res.nerrors);
	drop_context_errors(o, res.notes, &res.nnotes);
	print_errors(&res);
	resolve_calls(&res);
	defs_learn(cfg, &res);
	house_learn(cfg, &res, o->style, o->verbose);
	if (o->format == FORMAT_CLASSES) {
		report_classes(stdout, cfg, &res, o->min_scope);
	} else {
		asm_say(o, asmref_mark(&o->found, &res));
		rules_apply(cfg, &res, o->min_scope, &found);
		defs_filter(cfg, &res, &found, o->style);
		mark_context(o, &res);
		sites_apply(cfg, table, &res, &found);
		drop_context_findings(o, &found);
		findings_sort(&found);
		if (o->format == FORMAT_SARIF)
			report_sarif(stdout, &found, &res,
				     !err && !input_error);
		else
			report_text(stdout, &found);
	}
	print_tally(jobs->n - o->found.ncontext, &res, err || input_error);
	status = found.n ? 1 : 0;
	if (err || input_error || res.nerrors)
		status += 2;
	findings_free(&found);
	result_free(&res);
	return status;
}

int main(int argc, char **argv)
{
	struct options o = { .min_scope = SCOPE_PUBLIC };
	struct rc_jobs jobs = { NULL, 0 }, builds = { NULL, 0 };
	struct rc_config cfg;
	struct rc_table table;
	char *pchdir = NULL;
	int ret, status;

	if (parse_options(&o, argc, argv))
		return 2;
	if (o.done)
		return 0;
	if (!o.jobs)
		o.jobs = worker_default_count();
	home_init();
	if (load_config(&cfg, &o)) {
		config_free(&cfg);
		return 2;
	}
	if (load_tables(&table, &o)) {
		table_free(&table);
		config_free(&cfg);
		return 2;
	}
	ret = collect_jobs(&jobs, &o);
	if (!o.no_pch && o.format != FORMAT_CLASSES)
		pch_plan(&jobs, &pchdir, &builds);
	status = final_status(&o, &cfg, &table, &jobs, &builds, ret != 0);
	say_speed(&o, &jobs);
	pch_cleanup(pchdir);
	jobs_free(&builds);
	if (fflush(stdout))
		status = 2;
	jobs_free(&jobs);
	tree_free(&o.found);
	table_free(&table);
	config_free(&cfg);
	return status;
}
