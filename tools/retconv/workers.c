// SPDX-License-Identifier: MIT
/*
 * Parallel parsing, the parent's side: start the worker processes (their
 * side is worker.c), collect what each wrote once it has exited, name the
 * file of one that died, and hand the definitions on in the order of
 * their jobs.
 *
 * Workers share nothing but a job counter in shared memory, from which
 * each takes the next file as it finishes the last, so which worker takes
 * which file depends on timing: nothing the parent hands on may depend on
 * it.  A worker that dies (a crash inside libclang, --file-time) loses
 * only its current file; when every worker of a round died before the
 * last job was taken, a new round takes the rest.
 */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "retconv.h"

#define MAX_WORKERS 64

struct worker {
	pid_t pid;
	int fd;
};

/* The headers found by walking, for the workers of this round. */
static const struct rc_jobs *walked;

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
		worker_main(jobs, walked, next, w->fd);
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
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGPROF)
		res->errors[res->nerrors].msg =
			xasprintf("given up after %g CPU-seconds (--file-time)",
				  worker_file_time);
	else if (WIFSIGNALED(status))
		res->errors[res->nerrors].msg =
			xasprintf("the worker parsing it died of signal %d",
				  WTERMSIG(status));
	else
		res->errors[res->nerrors].msg =
			xasprintf("the worker parsing it exited with status %d",
				  WEXITSTATUS(status));
	res->nerrors++;
}

/*
 * A worker that died wrote part of its last file's records, through a
 * buffer, the last one perhaps cut short: keep what it wrote up to that
 * file's B record, which names the file, and drop the rest, since the
 * file is reported as not parsed.
 */
static int drop_unfinished(int fd)
{
	struct stat st;
	char *map, *b;
	off_t end;
	int err = 0;

	if (fstat(fd, &st))
		return -errno;
	if (!st.st_size)
		return 0;
	map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED)
		return -errno;
	b = memrchr(map, '\n', (size_t)st.st_size);
	while (b && !(b + 2 < map + st.st_size && b[1] == 'B' && b[2] == '\t'))
		b = memrchr(map, '\n', (size_t)(b - map));
	if (!b && !(map[0] == 'B' && st.st_size > 1 && map[1] == '\t'))
		end = 0;
	else {
		b = b ? b + 1 : map;
		b = memchr(b, '\n', (size_t)(map + st.st_size - b));
		end = b ? b + 1 - map : st.st_size;
	}
	if (end < st.st_size && ftruncate(fd, end))
		err = -errno;
	munmap(map, (size_t)st.st_size);
	return err;
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
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		err = drop_unfinished(w->fd);
		if (err)
			return err;
	}
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

static int by_job(const void *a, const void *b)
{
	const struct rc_func *x = *(struct rc_func *const *)a;
	const struct rc_func *y = *(struct rc_func *const *)b;

	if (x->job != y->job)
		return x->job < y->job ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/*
 * Which worker took which file depends on timing; the definitions are put
 * back in the order of their jobs, as one worker would have sent them, so
 * that every rule sees the same order in every run (of two definitions
 * of one name, the one reported on was the one collected first).
 */
static void job_order(struct rc_func **v, size_t n)
{
	if (n > 1)
		qsort(v, n, sizeof(*v), by_job);
}

int workers_run(const struct rc_jobs *jobs, const struct rc_jobs *headers,
		int nworkers, struct rc_result *res)
{
	size_t nfuncs = res->nfuncs, nalts = res->nalts;
	size_t nstandins = res->nstandins;
	struct worker w[MAX_WORKERS];
	unsigned long *next;
	int n, err;

	if (!jobs->n)
		return 0;
	walked = headers;
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
	job_order(res->funcs + nfuncs, res->nfuncs - nfuncs);
	job_order(res->alts + nalts, res->nalts - nalts);
	job_order(res->standins + nstandins, res->nstandins - nstandins);
	return err;
}
