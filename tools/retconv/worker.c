// SPDX-License-Identifier: MIT
/*
 * Parallel parsing, a worker's side: one worker process per CPU, each with
 * its own libclang index (workers.c starts them and collects what they
 * send).
 *
 * Parsing dominates the run, and libclang's per-index state is not meant
 * to be shared, so workers are processes rather than threads: they share
 * nothing but a job counter in shared memory, from which each takes the
 * next file as it finishes the last, so a large file does not hold up a
 * fixed share of the rest.  A worker writes its summaries to its own
 * memory file, read by the parent after the worker has exited; a worker
 * that crashes inside libclang loses only its current file, which the
 * parent names from the worker's last B record, and the files after it
 * are taken by the other workers or by a new one.  A file that takes more
 * CPU time than --file-time allows ends its worker the same way.
 *
 * A file is parsed past its errors (KeepGoing): what it missed becomes one
 * note, and the driver keeps quiet where recovery dropped statements.  Only
 * a file libclang gives up on altogether is an error.
 *
 * Each parsed unit goes through the per-unit driver (worker_summarize(),
 * unit.c), which hands each function body to infer.c for its returns and
 * to callsite.c for its call sites, and writes the summary records.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <malloc.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include <clang-c/Index.h>

#include "retconv.h"
#include "sysloc.h"
#include "ast.h"
#include "confpick.h"
#include "damage.h"
#include "inactive.h"

#ifndef RETCONV_RESOURCE_DIR
#define RETCONV_RESOURCE_DIR ""
#endif

/* The headers found by walking, for this worker's round. */
static const struct rc_jobs *walked;

/*
 * A worker's two libclang indexes: one for plain parses, one for parses
 * with a shared PCH, which leaves out the PCH's declarations (they are a
 * whole C library, and reading them back costs what the PCH saved): the
 * headers' functions are summarized by the PCH's first file, parsed plain.
 */
static CXIndex idx_plain, idx_pch;

static bool has_stddef(const char *dir)
{
	char *probe = xasprintf("%s/include/stddef.h", dir);
	struct stat st;
	bool found = !stat(probe, &st);

	free(probe);
	return found;
}

/*
 * libclang finds stddef.h and friends in clang's resource directory; the
 * build records where clang-14 keeps it and RETCONV_RESOURCE_DIR in the
 * environment overrides.  A binary copied to a machine where that
 * directory is not looks for an installed LLVM's, and failing that leaves
 * it to libclang's own guess.
 */
const char *worker_resource_dir(void)
{
	static char found[PATH_MAX];
	const char *dir = getenv("RETCONV_RESOURCE_DIR");
	glob_t g;
	size_t i;

	if (!dir || !*dir)
		dir = RETCONV_RESOURCE_DIR;
	if (*dir && has_stddef(dir))
		return dir;
	if (found[0])
		return found;
	if (glob("/usr/lib/llvm-*/lib/clang/*", 0, NULL, &g))
		return NULL;
	for (i = g.gl_pathc; i-- > 0 && !found[0];)
		if (has_stddef(g.gl_pathv[i]))
			snprintf(found, sizeof(found), "%s", g.gl_pathv[i]);
	globfree(&g);
	return found[0] ? found : NULL;
}

/* The headers this file is read with past a configuration's #error
 * (confpick.c), for every parse of it after the one that met it. */
static struct rc_picks picks;

/* The first of @picks' lines of one kind, as "a.h:44", with its count. */
static size_t first_of(bool clash, const char **path, unsigned *line)
{
	size_t i, n = 0, k;

	for (i = 0; i < picks.n; i++) {
		k = clash ? picks.v[i].nclashes : picks.v[i].nlines;
		if (k && !n) {
			*path = picks.v[i].path;
			*line = clash ? picks.v[i].clashes[0] :
				picks.v[i].lines[0];
		}
		n += k;
	}
	return n;
}

/*
 * "1 configuration #error read past (a.h:44); 2 declarations that clash
 * with the system's read as not built (b.h:38, ...)", or NULL.
 */
static char *picks_said(void)
{
	const char *epath = NULL, *cpath = NULL;
	unsigned eline = 0, cline = 0;
	size_t ne = first_of(false, &epath, &eline);
	size_t nc = first_of(true, &cpath, &cline);
	char *errs = NULL, *clashes = NULL, *said;

	if (!ne && !nc)
		return NULL;
	if (ne)
		errs = xasprintf("%zu configuration #error%s read past (%s:%u%s)",
				 ne, ne > 1 ? "s" : "", epath, eline,
				 ne > 1 ? ", ..." : "");
	if (nc)
		clashes = xasprintf("%zu declaration%s that clash%s with the system's read as not built (%s:%u%s)",
				    nc, nc > 1 ? "s" : "", nc > 1 ? "" : "es",
				    cpath, cline, nc > 1 ? ", ..." : "");
	said = xasprintf("%s%s%s", errs ? errs : "", errs && clashes ? "; " : "",
			 clashes ? clashes : "");
	free(errs);
	free(clashes);
	return said;
}

/* Parses with stand-ins at most, after the prelude's own. */
#define STANDIN_ROUNDS 6

enum how {
	WITH_PCH,		/* the shared precompiled header, if any */
	PLAIN,
	PRELUDE,		/* the prelude's stand-ins first */
	PRECOMPILE,		/* a build job's header, to be saved */
};

/*
 * RETCONV_TRACE in the environment: a line on standard error for each
 * parse (its kind, and whether it reads past a configuration's #error or
 * is the other configuration's), each unit's summary and its disposal,
 * with the CPU time it took, to measure where a run goes
 * (docs/retconv-real-world.md).  A worker is
 * a process of its own and libclang parses on its thread, so the
 * process's CPU clock is the parse's.
 */
static bool tracing;

static double cpu_now(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts))
		return 0;
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static const char *parse_kind(const struct rc_job *job, enum how how,
			      const char *standins)
{
	switch (how) {
	case WITH_PCH:
		return job->pch ? "with PCH" : "plain";
	case PLAIN:
		return "plain";
	case PRELUDE:
		return standins && *standins ? "stand-ins" : "prelude";
	default:
		return "precompile";
	}
}

/* The main file's text for the next parse, in place of the file's own
 * (inactive.c's other configuration), or NULL. */
static const char *main_text;

/* The next parse is confknown.c's, every known lone #error blanked. */
static bool known_parse;

static void trace_parse(const struct rc_job *job, enum how how,
			const char *standins, CXTranslationUnit tu,
			double since)
{
	double ms = (cpu_now() - since) * 1e3;
	struct damage dm = { 0 };

	if (tu)
		damage_of(tu, &dm);
	fprintf(stderr, "retconv: trace: %s: %s parse%s%s, %u errors, %.1f ms\n",
		job->file, parse_kind(job, how, standins),
		known_parse ? " past the known #errors" :
		how != PRECOMPILE && picks.n ? " past an #error" : "",
		main_text ? " of the other configuration" : "",
		dm.nmissing + dm.nother, ms);
	damage_free(&dm);
}

bool worker_one_configuration;
double worker_file_time = WORKER_FILE_TIME;

/* With PRELUDE, @standins (or NULL) follow the prelude's text. */
static CXTranslationUnit parse(CXIndex idx, const struct rc_job *job,
			       enum how how, const char *standins,
			       enum CXErrorCode *ec)
{
	const char **argv = xcalloc(job->nargs + 8, sizeof(*argv));
	const char *rdir = worker_resource_dir();
	char *text = standins ? prelude_for(standins) : NULL;
	struct CXUnsavedFile *files = xcalloc(picks.n + 2, sizeof(*files));
	unsigned nfiles = 0;
	CXTranslationUnit tu = NULL;
	double since = tracing ? cpu_now() : 0;
	int argc = 0;
	size_t i;

	if (how == PRELUDE)
		files[nfiles++] = (struct CXUnsavedFile){
			.Filename = PRELUDE_NAME,
			.Contents = text ? text : prelude_text,
			.Length = strlen(text ? text : prelude_text),
		};
	if (main_text)
		files[nfiles++] = (struct CXUnsavedFile){
			.Filename = job->path,
			.Contents = main_text,
			.Length = strlen(main_text),
		};
	for (i = 0; how != PRECOMPILE && i < picks.n; i++)
		files[nfiles++] = (struct CXUnsavedFile){
			.Filename = picks.v[i].path,
			.Contents = picks.v[i].text,
			.Length = strlen(picks.v[i].text),
		};
	if (rdir) {
		argv[argc++] = "-resource-dir";
		argv[argc++] = rdir;
	}
	if (how == PRELUDE) {
		argv[argc++] = "-include";
		argv[argc++] = PRELUDE_NAME;
	} else if (how == WITH_PCH && job->pch) {
		argv[argc++] = "-include-pch";
		argv[argc++] = job->pch;
	}
	for (i = 0; i < job->nargs; i++)
		argv[argc++] = job->args[i];
	/* Last, so that a project's -Werror cannot turn warnings into
	 * errors; every error is wanted, but not clang's guesses at what
	 * a misspelt name meant, which cost time and mean nothing here. */
	argv[argc++] = "-w";
	argv[argc++] = "-ferror-limit=0";
	argv[argc++] = "-fno-spell-checking";
	/* The preprocessing record is what says which lines were skipped
	 * (inactive.c). */
	*ec = clang_parseTranslationUnit2(idx, job->path, argv, argc,
		nfiles ? files : NULL, nfiles,
		CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles |
		CXTranslationUnit_KeepGoing | (how == PRECOMPILE ?
		CXTranslationUnit_Incomplete |
		CXTranslationUnit_ForSerialization :
		CXTranslationUnit_DetailedPreprocessingRecord), &tu);
	free(argv);
	free(files);
	free(text);
	if (*ec != CXError_Success)
		tu = NULL;
	if (tracing)
		trace_parse(job, how, standins, tu, since);
	return tu;
}

/*
 * Keep the parse with fewer errors, or the first; with @sans_members,
 * errors in a member of an unknown type are not counted.
 */
static void better(CXTranslationUnit *tu, struct damage *dm,
		   CXTranslationUnit tu2, struct damage *dm2, bool sans_members)
{
	unsigned m = sans_members ? dm->nmember : 0;
	unsigned m2 = sans_members && tu2 ? dm2->nmember : 0;

	if (tu2 && (!*tu || dm2->nmissing + dm2->nother - m2 <
			    dm->nmissing + dm->nother - m)) {
		if (*tu)
			clang_disposeTranslationUnit(*tu);
		damage_free(dm);
		*tu = tu2;
		*dm = *dm2;
		memset(dm2, 0, sizeof(*dm2));
		return;
	}
	if (tu2)
		clang_disposeTranslationUnit(tu2);
	damage_free(dm2);
}

/*
 * A build job: the header of lines a group of files begins with (pch.c),
 * precompiled for them.  Its headers' functions are summarized here, once
 * for the whole group, since its files leave the PCH's declarations out.
 * A header with errors makes no PCH, and its files are parsed whole.
 */
static int build_job(const struct rc_job *job, FILE *out)
{
	struct damage dm;
	CXTranslationUnit tu;
	enum CXErrorCode ec;
	char *ids;
	int err = 0;

	sysloc_job(job->args, job->nargs);
	tu = parse(idx_plain, job, PRECOMPILE, NULL, &ec);
	if (!tu)
		return -EINVAL;
	damage_of(tu, &dm);
	if (!dm.nmissing && !dm.nother) {
		err = worker_summarize(tu, job->file, walked, out);
		if (!err && clang_saveTranslationUnit(tu, job->pch,
				clang_defaultSaveOptions(tu)))
			err = -EIO;
		if (!err) {
			ids = pch_read_twice(tu);
			pch_note_twice(job->pch, ids);
			free(ids);
		}
	} else {
		err = -EINVAL;
	}
	damage_free(&dm);
	clang_disposeTranslationUnit(tu);
	return err;
}

/*
 * The main file read again with the branches of its conditionals that the
 * parse skipped taken (inactive.c), for the call sites on their lines.
 */
static int other_configuration(CXIndex idx, const struct rc_job *job,
			       CXTranslationUnit tu, const char *standins,
			       FILE *out)
{
	struct rc_lines live;
	CXTranslationUnit tu2;
	enum CXErrorCode ec;
	char *text;
	long at;
	int err = 0;

	if (worker_one_configuration)
		return 0;
	text = inactive_text(tu, &live);
	if (!text)
		return 0;
	/* Read as the kept reading was: with the stand-ins it needed, or
	 * with its PCH, which only stands for headers the file includes
	 * first (a flipped #include is read anyway). */
	main_text = text;
	if (standins)
		tu2 = parse(idx, job, PRELUDE, standins, &ec);
	else if (picks.n)
		tu2 = parse(idx, job, PLAIN, NULL, &ec);
	else
		tu2 = parse(job->pch ? idx_pch : idx, job, WITH_PCH, NULL,
			    &ec);
	if (!tu2 && job->pch && !standins)
		tu2 = parse(idx, job, PLAIN, NULL, &ec);
	main_text = NULL;
	if (tu2) {
		at = tracing ? ftell(out) : 0;
		err = worker_summarize_alt(tu2, job->file, walked, &live, out);
		if (tracing)
			fprintf(stderr, "retconv: trace: %s: the other configuration %s\n",
				job->file, ftell(out) > at ? "sent functions" :
				"sent nothing");
		clang_disposeTranslationUnit(tu2);
	}
	free(live.v);
	free(text);
	return err;
}

/* Rounds of confpick.c's choices at most: a header a choice reaches may
 * have an #error of its own. */
#define PICK_ROUNDS 3

/*
 * A file that met a configuration's #error in a header is parsed again
 * with the header as the build would have chosen (confpick.c), kept when
 * it has fewer errors; the choices stay for the file's later parses.
 */
static void pick_configuration(CXIndex idx, const struct rc_job *job,
			       CXTranslationUnit *tu, struct damage *dm)
{
	struct rc_picks kept;
	struct damage dm2 = { 0 };
	CXTranslationUnit tu2;
	enum CXErrorCode ec;
	int round;

	for (round = 0; round < PICK_ROUNDS; round++) {
		confpick_copy(&kept, &picks);
		if (!confpick_find(*tu, job->path, &picks))
			break;
		tu2 = parse(idx, job, PLAIN, NULL, &ec);
		if (tu2)
			damage_of(tu2, &dm2);
		better(tu, dm, tu2, &dm2, false);
		if (*tu != tu2)
			break;
		confpick_free(&kept);
	}
	if (round < PICK_ROUNDS) {
		confpick_free(&picks);
		picks = kept;
	}
}

/*
 * Whether a parse with the prelude and no stand-ins would miss the same
 * headers as @tu, whose only errors are headers not found, and so could
 * not be kept (idle.c).  Only for a parse without the PCH, as the
 * prelude's is.
 */
static bool prelude_idle(const struct rc_job *job, CXTranslationUnit tu,
			 const struct damage *dm)
{
	double since = tracing ? cpu_now() : 0;
	bool idle;

	if (dm->nother || (job->pch && !picks.n))
		return false;
	idle = idle_prelude(tu, job->args, job->nargs);
	if (tracing)
		fprintf(stderr, "retconv: trace: %s: prelude parse %s, %.1f ms\n",
			job->file, idle ? "left out" : "needed",
			(cpu_now() - since) * 1e3);
	return idle;
}

/* The first parse, and without the PCH where it may have cost errors. */
static CXTranslationUnit parse_first(CXIndex idx, const struct rc_job *job,
				     struct damage *dm, enum CXErrorCode *ec)
{
	struct damage dm2 = { 0 };
	CXTranslationUnit tu, tu2;

	tu = parse(job->pch ? idx_pch : idx, job, WITH_PCH, NULL, ec);
	if (tu)
		damage_of(tu, dm);
	if (job->pch && (!tu || ((dm->nmissing || dm->nother) &&
				 pch_error_twice(tu, job->pch)))) {
		tu2 = parse(idx, job, PLAIN, NULL, ec);
		if (tu2)
			damage_of(tu2, &dm2);
		better(&tu, dm, tu2, &dm2, false);
	}
	return tu;
}

/*
 * The parse with every lone #error this worker knows blanked (confknown.c),
 * in place of the first parse and the one past its #errors when it shows
 * what they would have been; NULL in @tu where it does not.
 */
static enum known_outcome parse_known(CXIndex idx, const struct rc_job *job,
				      CXTranslationUnit *tu, struct damage *dm)
{
	enum known_outcome out = KNOWN_NONE;
	enum CXErrorCode ec;

	confknown_trace(job->dir, job->file, &picks);
	known_parse = true;
	*tu = parse(idx, job, PLAIN, NULL, &ec);
	known_parse = false;
	confpick_free(&picks);
	if (*tu)
		out = confknown_check(*tu, job->dir, job->file, job->path,
				      &picks);
	if (out == KNOWN_NONE && *tu) {
		clang_disposeTranslationUnit(*tu);
		*tu = NULL;
	}
	if (*tu)
		damage_of(*tu, dm);
	return out;
}

/*
 * Parse past errors.  A file whose PCH is refused is parsed again without
 * it, and so is one with an error, parsed with it, in a header it may
 * have read twice (pch_twice()): other errors are those of its own lines
 * and of headers after the PCH's, the same without the PCH, and a second
 * parse would cost a whole one to be thrown away.  A file taken without
 * its tree misses headers, and with them the annotations and constants
 * its code is written with (__user, -EFAULT); a parse with the prelude's
 * stand-ins is kept when it has fewer errors, and then one that also
 * declares the types that parse still missed (prelude_standins()).  A
 * file that may meet the lone #errors an earlier file read past is first
 * parsed with them blanked (confknown.c): where that parse shows which it
 * met, it stands for the first parse and for the one past them.
 */
static int parse_job(CXIndex idx, const struct rc_job *job, FILE *out)
{
	struct damage dm = { 0 }, dm3 = { 0 };
	CXTranslationUnit tu = NULL, tu3 = NULL, first;
	enum known_outcome known = KNOWN_NONE;
	enum CXErrorCode ec = CXError_Success;
	char *msg, *standins = NULL, *more, *used = NULL;
	CXTranslationUnit with_standins;
	double since;
	int err, round;

	sysloc_job(job->args, job->nargs);
	if (!job->pch && confknown_any(job->dir, job->file))
		known = parse_known(idx, job, &tu, &dm);
	if (!tu)
		tu = parse_first(idx, job, &dm, &ec);
	if (!tu) {
		msg = libclang_error(ec);
		summary_write_error(out, job->file, msg);
		free(msg);
		return -EINVAL;
	}
	first = tu;
	if (dm.nother && known != KNOWN_PICKED)
		pick_configuration(idx, job, &tu, &dm);
	/* idle.c's texts are the first parse's files'. */
	if (tu != first)
		confknown_done();
	if (known == KNOWN_NONE)
		confknown_learn(tu, job->dir, job->file, &picks);
	/*
	 * What the prelude does not stand in for, from the first parse's
	 * errors, goes into the first parse with the prelude: a parse with
	 * the prelude alone would only find the same names missing again.
	 * A file that found its headers is parsed again only for an error
	 * the stand-ins answer (an annotation taken for a declarator, a name
	 * no header declared), not a configuration's "#error"; one whose only
	 * errors are headers not found, only when the prelude's macros can
	 * change which headers it looks up (idle.c).
	 */
	if (dm.nmissing || dm.nother)
		standins = prelude_standins(tu, NULL);
	if (dm.nmissing && !standins && !prelude_idle(job, tu, &dm))
		standins = xstrdup("");
	/*
	 * clang's recovery from an annotation skips what follows it, where
	 * the next one may be: a round for each, while there are more.  A
	 * round that parses more of the file may find more errors in it, so
	 * the rounds follow each other and only the last is weighed.
	 */
	for (round = 0; standins && round < STANDIN_ROUNDS; round++) {
		if (tu3)
			clang_disposeTranslationUnit(tu3);
		damage_free(&dm3);
		tu3 = parse(idx, job, PRELUDE, standins, &ec);
		more = NULL;
		if (tu3) {
			damage_of(tu3, &dm3);
			more = prelude_standins(tu3, standins);
		}
		free(used);
		used = standins;
		standins = more;
	}
	free(standins);
	with_standins = tu3;
	better(&tu, &dm, tu3, &dm3, true);
	msg = damage_note(&dm, job, picks_said());
	if (msg)
		summary_write_note(out, job->file, msg);
	free(msg);
	damage_free(&dm);
	since = tracing ? cpu_now() : 0;
	err = worker_summarize(tu, job->file, walked, out);
	if (tracing)
		fprintf(stderr, "retconv: trace: %s: summary, %.1f ms\n",
			job->file, (cpu_now() - since) * 1e3);
	if (!err)
		err = other_configuration(idx, job, tu, tu == with_standins &&
					  used ? used : NULL, out);
	free(used);
	confknown_done();
	confpick_free(&picks);
	since = tracing ? cpu_now() : 0;
	clang_disposeTranslationUnit(tu);
	if (tracing)
		fprintf(stderr, "retconv: trace: %s: disposal, %.1f ms\n",
			job->file, (cpu_now() - since) * 1e3);
	return err;
}

/* A compile_commands entry is parsed from its directory, then back. */
static int parse_in_dir(CXIndex idx, const struct rc_job *job, int home,
			FILE *out)
{
	char *msg;
	int err;

	if (job->build && !job->dir)
		return build_job(job, out);
	if (!job->dir)
		return parse_job(idx, job, out);
	if (chdir(job->dir)) {
		err = -errno;
		msg = xasprintf("%s: %s", job->dir, strerror(errno));
		summary_write_error(out, job->file, msg);
		free(msg);
		return err;
	}
	err = job->build ? build_job(job, out) : parse_job(idx, job, out);
	if (fchdir(home))
		_exit(3);
	return err;
}

/*
 * A file's parse and check may take @seconds of the worker's CPU (0: no
 * bound).  libclang can loop on input it was not made for (clang 14 on a
 * C++ header read as C with bracket attributes took 494 s and more), and
 * one such file must not hold up a run over a whole tree.  SIGPROF's
 * default action ends the worker, whose file the parent names as for any
 * other death; CPU time, not wall time, so that a loaded machine does not
 * give up on files a quiet one checks.
 */
static void file_timer(double seconds)
{
	struct itimerval t = { 0 };

	t.it_value.tv_sec = (time_t)seconds;
	t.it_value.tv_usec = (suseconds_t)((seconds - (double)t.it_value.tv_sec) *
					   1e6);
	if (seconds > 0 && !t.it_value.tv_sec && !t.it_value.tv_usec)
		t.it_value.tv_usec = 1;
	setitimer(ITIMER_PROF, &t, NULL);
}

void worker_main(const struct rc_jobs *jobs, const struct rc_jobs *headers,
		 unsigned long *next, int fd)
{
	FILE *out = fdopen(fd, "w");
	int home = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	CXIndex idx;
	unsigned long i;

	if (!out || home < 0)
		_exit(3);
	walked = headers;
	/*
	 * libclang parses each file on a thread of its own, with a fresh
	 * 8 MB stack to fault in, unless told not to; a worker has nothing
	 * else to do meanwhile.  The memory a unit frees is kept for the
	 * next, not unmapped and faulted in again.
	 */
	setenv("LIBCLANG_NOTHREADS", "1", 1);
	signal(SIGPROF, SIG_DFL);
	tracing = getenv("RETCONV_TRACE") && *getenv("RETCONV_TRACE");
	mallopt(M_MMAP_THRESHOLD, 32 << 20);
	mallopt(M_TRIM_THRESHOLD, 1 << 30);
	idx = idx_plain = clang_createIndex(0, 0);
	idx_pch = clang_createIndex(1, 0);
	for (;;) {
		i = __atomic_fetch_add(next, 1, __ATOMIC_RELAXED);
		if (i >= jobs->n)
			break;
		fprintf(out, "B\t%lu\n", i);
		fflush(out);
		file_timer(worker_file_time);
		parse_in_dir(idx, &jobs->v[i], home, out);
		file_timer(0);
	}
	clang_disposeIndex(idx_pch);
	clang_disposeIndex(idx_plain);
	_exit(fflush(out) ? 3 : 0);
}
