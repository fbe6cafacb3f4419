// SPDX-License-Identifier: MIT
/*
 * Parallel parsing: one worker process per CPU, each with its own libclang
 * index.
 *
 * Parsing dominates the run, and libclang's per-index state is not meant
 * to be shared, so workers are processes rather than threads: they share
 * nothing but a job counter in shared memory, from which each takes the
 * next file as it finishes the last, so a large file does not hold up a
 * fixed share of the rest.  A worker writes its summaries to its own
 * memory file, read by the parent after the worker has exited; a worker
 * that crashes inside libclang loses only its current file, which the
 * parent names from the worker's last B record, and the files after it
 * are taken by the other workers or by a new one.
 */
#include <errno.h>
#include <fcntl.h>
#include <glob.h>
#include <limits.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <clang-c/Index.h>

#include "retconv.h"

#ifndef RETCONV_RESOURCE_DIR
#define RETCONV_RESOURCE_DIR ""
#endif

#define MAX_WORKERS 64

struct worker {
	pid_t pid;
	int fd;
};

int worker_default_count(void)
{
	cpu_set_t set;
	int n;

	if (!sched_getaffinity(0, sizeof(set), &set))
		n = CPU_COUNT(&set);
	else
		n = (int)sysconf(_SC_NPROCESSORS_ONLN);
	return n < 1 ? 1 : n > MAX_WORKERS ? MAX_WORKERS : n;
}

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
static const char *resource_dir(void)
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

/* The first error, as one line; NULL when the parse is clean. */
char *worker_first_error(CXTranslationUnit tu)
{
	unsigned i, n = clang_getNumDiagnostics(tu);
	char *msg = NULL;

	for (i = 0; i < n && !msg; i++) {
		CXDiagnostic d = clang_getDiagnostic(tu, i);

		if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
			CXString s = clang_formatDiagnostic(d,
				CXDiagnostic_DisplaySourceLocation |
				CXDiagnostic_DisplayColumn);

			msg = xasprintf("cannot parse: %s", clang_getCString(s));
			clang_disposeString(s);
		}
		clang_disposeDiagnostic(d);
	}
	return msg;
}

static int parse_job(CXIndex idx, const struct rc_job *job, FILE *out)
{
	const char **argv = xcalloc(job->nargs + 4, sizeof(*argv));
	const char *rdir = resource_dir();
	CXTranslationUnit tu = NULL;
	enum CXErrorCode ec;
	int argc = 0, err = 0;
	char *msg;
	size_t i;

	if (rdir) {
		argv[argc++] = "-resource-dir";
		argv[argc++] = rdir;
	}
	for (i = 0; i < job->nargs; i++)
		argv[argc++] = job->args[i];
	/* Last, so that a project's -Werror cannot turn warnings into
	 * parse failures. */
	argv[argc++] = "-w";
	ec = clang_parseTranslationUnit2(idx, job->path, argv, argc, NULL, 0,
		CXTranslationUnit_IgnoreNonErrorsFromIncludedFiles, &tu);
	free(argv);
	if (ec != CXError_Success) {
		msg = xasprintf("cannot parse: libclang error %d", (int)ec);
		goto fail;
	}
	msg = worker_first_error(tu);
	if (msg)
		goto fail_dispose;
	err = infer_unit(tu, job->file, out);
	clang_disposeTranslationUnit(tu);
	return err;

fail_dispose:
	clang_disposeTranslationUnit(tu);
fail:
	summary_write_error(out, job->file, msg);
	free(msg);
	return -EINVAL;
}

/* A compile_commands entry is parsed from its directory, then back. */
static int parse_in_dir(CXIndex idx, const struct rc_job *job, int home,
			FILE *out)
{
	char *msg;
	int err;

	if (!job->dir)
		return parse_job(idx, job, out);
	if (chdir(job->dir)) {
		err = -errno;
		msg = xasprintf("%s: %s", job->dir, strerror(errno));
		summary_write_error(out, job->file, msg);
		free(msg);
		return err;
	}
	err = parse_job(idx, job, out);
	if (fchdir(home))
		_exit(3);
	return err;
}

static void worker_main(const struct rc_jobs *jobs, unsigned long *next,
			int fd)
{
	FILE *out = fdopen(fd, "w");
	int home = open(".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	CXIndex idx;
	unsigned long i;

	if (!out || home < 0)
		_exit(3);
	idx = clang_createIndex(0, 0);
	for (;;) {
		i = __atomic_fetch_add(next, 1, __ATOMIC_RELAXED);
		if (i >= jobs->n)
			break;
		fprintf(out, "B\t%lu\n", i);
		fflush(out);
		parse_in_dir(idx, &jobs->v[i], home, out);
	}
	clang_disposeIndex(idx);
	_exit(fflush(out) ? 3 : 0);
}

static int worker_start(struct worker *w, const struct rc_jobs *jobs,
			unsigned long *next)
{
	w->fd = memfd_create("retconv", MFD_CLOEXEC);
	if (w->fd < 0)
		return -errno;
	fflush(NULL);
	w->pid = fork();
	if (w->pid < 0) {
		close(w->fd);
		return -errno;
	}
	if (!w->pid)
		worker_main(jobs, next, w->fd);
	return 0;
}

static void crashed(struct rc_result *res, const struct rc_jobs *jobs,
		    long begun, int status)
{
	const char *file = begun >= 0 && (size_t)begun < jobs->n ?
			   jobs->v[begun].file : "(between files)";

	res->errors = xrealloc(res->errors,
			       (res->nerrors + 1) * sizeof(*res->errors));
	res->errors[res->nerrors].file = xstrdup(file);
	res->errors[res->nerrors].msg = WIFSIGNALED(status) ?
		xasprintf("the worker parsing it died of signal %d",
			  WTERMSIG(status)) :
		xasprintf("the worker parsing it exited with status %d",
			  WEXITSTATUS(status));
	res->nerrors++;
}

static int worker_collect(struct worker *w, const struct rc_jobs *jobs,
			  struct rc_result *res)
{
	long begun = -1;
	int status, err;
	FILE *in;

	while (waitpid(w->pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	if (lseek(w->fd, 0, SEEK_SET) < 0)
		return -errno;
	in = fdopen(w->fd, "r");
	if (!in)
		return -errno;
	err = summary_read(in, res, &begun);
	fclose(in);
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		crashed(res, jobs, begun, status);
	return err;
}

/* Start up to @n workers; collect every one that started. */
static int workers_round(struct worker *w, int n, const struct rc_jobs *jobs,
			 unsigned long *next, struct rc_result *res)
{
	int i, started, err = 0, err2;

	for (i = 0; i < n && !err; i++)
		err = worker_start(&w[i], jobs, next);
	started = err ? i - 1 : n;
	for (i = 0; i < started; i++) {
		err2 = worker_collect(&w[i], jobs, res);
		if (!err)
			err = err2;
	}
	return err;
}

int workers_run(const struct rc_jobs *jobs, int nworkers,
		struct rc_result *res)
{
	struct worker w[MAX_WORKERS];
	unsigned long *next;
	int n, err;

	if (!jobs->n)
		return 0;
	n = nworkers < 1 ? 1 : nworkers > MAX_WORKERS ? MAX_WORKERS : nworkers;
	if ((size_t)n > jobs->n)
		n = (int)jobs->n;
	next = mmap(NULL, sizeof(*next), PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (next == MAP_FAILED)
		return -errno;
	*next = 0;
	/*
	 * Workers that die take only their current file with them; when they
	 * all died before the last job was taken, a new round takes the rest.
	 */
	do {
		err = workers_round(w, n, jobs, next, res);
	} while (!err && *next < jobs->n);
	munmap(next, sizeof(*next));
	return err;
}
