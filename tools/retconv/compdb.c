// SPDX-License-Identifier: MIT
/*
 * compile_commands.json input (-p DIR), as clang tools read it.
 *
 * libclang already parses the file, in both its "command" and "arguments"
 * forms, so this file only turns each entry into a job: the compiler and
 * the source file are dropped from the arguments, and so are the flags
 * that make clang write files (-o, -MD and the rest of the dependency
 * family), since a checker must leave the build tree alone.  Relative
 * paths in an entry are relative to its "directory", where the worker
 * parses it (clang's -working-directory does not reach -I paths), and so
 * are its source arguments, which bear writes relative when "file" is
 * absolute.  A file listed twice (a static and a shared build) is parsed
 * once.  Files are printed relative to the current directory when they
 * are below it, as a build prints them.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <clang-c/CXCompilationDatabase.h>

#include "retconv.h"

struct argv {
	char **v;
	size_t n;
};

static void argv_push(struct argv *a, const char *s)
{
	a->v = xrealloc(a->v, (a->n + 1) * sizeof(*a->v));
	a->v[a->n++] = xstrdup(s);
}

static void argv_free(struct argv *a)
{
	size_t i;

	for (i = 0; i < a->n; i++)
		free(a->v[i]);
	free(a->v);
}

/* Flags that write files, and how many arguments each takes. */
static int output_flag(const char *s)
{
	static const char *const with_arg[] = { "-o", "-MF", "-MT", "-MQ" };
	static const char *const alone[] = {
		"-c", "-M", "-MM", "-MD", "-MMD", "-MP", "-MG",
	};
	size_t i;

	for (i = 0; i < sizeof(with_arg) / sizeof(with_arg[0]); i++)
		if (!strcmp(s, with_arg[i]))
			return 2;
	for (i = 0; i < sizeof(alone) / sizeof(alone[0]); i++)
		if (!strcmp(s, alone[i]))
			return 1;
	if (!strncmp(s, "-MF", 3) || !strncmp(s, "-MT", 3) ||
	    !strncmp(s, "-MQ", 3))
		return 1;
	return 0;
}

static char *join(const char *dir, const char *path)
{
	return path[0] == '/' ? xstrdup(path) : xasprintf("%s/%s", dir, path);
}

static char *cx_dup(CXString s)
{
	char *r = xstrdup(clang_getCString(s) ? clang_getCString(s) : "");

	clang_disposeString(s);
	return r;
}

static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return !stat(a, &sa) && !stat(b, &sb) && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

/*
 * Is @arg the entry's source file?  CMake writes it as "file" says; bear
 * writes "file" absolute and the argument relative to "directory".  Left
 * in, it would be a second input, which libclang refuses (error 4).
 */
static bool is_source(const char *arg, const char *dir, const char *file,
		      const char *abs)
{
	const char *b1 = strrchr(arg, '/'), *b2 = strrchr(abs, '/');
	char *path;
	bool same;

	if (!strcmp(arg, file) || !strcmp(arg, abs))
		return true;
	if (arg[0] == '-' || strcmp(b1 ? b1 + 1 : arg, b2 ? b2 + 1 : abs))
		return false;
	path = join(dir, arg);
	same = same_file(path, abs);
	free(path);
	return same;
}

static int add_command(struct rc_jobs *jobs, CXCompileCommand cmd,
		       const char *display, char *const *flags, size_t nflags)
{
	char *dir = cx_dup(clang_CompileCommand_getDirectory(cmd));
	char *file = cx_dup(clang_CompileCommand_getFilename(cmd));
	char *abs = join(dir, file);
	char *shown = display ? xstrdup(display) : display_path(abs);
	unsigned i, n = clang_CompileCommand_getNumArgs(cmd);
	struct argv a = { NULL, 0 };
	int err = 0;

	for (i = 1; i < n; i++) {
		char *arg = cx_dup(clang_CompileCommand_getArg(cmd, i));
		int skip = output_flag(arg);

		if (!skip && !is_source(arg, dir, file, abs))
			argv_push(&a, arg);
		free(arg);
		if (skip == 2)
			i++;
	}
	for (i = 0; i < nflags; i++)
		argv_push(&a, flags[i]);
	if (access(abs, R_OK)) {
		err = -errno;
		fprintf(stderr, "retconv: %s: %s\n", shown, strerror(errno));
	} else {
		jobs_push(jobs, shown, abs, a.v, a.n);
		jobs->v[jobs->n - 1].dir = xstrdup(dir);
	}
	argv_free(&a);
	free(shown);
	free(abs);
	free(file);
	free(dir);
	return err;
}

/* Has an earlier entry the same file?  Ids of the entries seen, in @seen. */
static bool seen_before(CXCompileCommand cmd, struct stat *seen, size_t *n)
{
	char *dir = cx_dup(clang_CompileCommand_getDirectory(cmd));
	char *file = cx_dup(clang_CompileCommand_getFilename(cmd));
	char *abs = join(dir, file);
	struct stat st;
	bool found = false;
	size_t i;

	if (!stat(abs, &st)) {
		for (i = 0; i < *n && !found; i++)
			found = seen[i].st_dev == st.st_dev &&
				seen[i].st_ino == st.st_ino;
		if (!found)
			seen[(*n)++] = st;
	}
	free(abs);
	free(file);
	free(dir);
	return found;
}

/*
 * Every entry, each file once: CMake lists a file once per target that
 * compiles it (a static and a shared library), and the findings of the
 * second parse would be the first's.
 */
static int add_all(struct rc_jobs *jobs, CXCompilationDatabase db,
		   char *const *flags, size_t nflags)
{
	CXCompileCommands cmds = clang_CompilationDatabase_getAllCompileCommands(db);
	unsigned i, n = clang_CompileCommands_getSize(cmds);
	struct stat *seen = xcalloc(n, sizeof(*seen));
	size_t nseen = 0;
	int err = 0, err2;

	for (i = 0; i < n; i++) {
		CXCompileCommand cmd = clang_CompileCommands_getCommand(cmds, i);

		if (seen_before(cmd, seen, &nseen))
			continue;
		err2 = add_command(jobs, cmd, NULL, flags, nflags);
		if (!err)
			err = err2;
	}
	free(seen);
	clang_CompileCommands_dispose(cmds);
	return err;
}

/* A named file takes its entry's flags, or the plain ones if it has none. */
static int add_named(struct rc_jobs *jobs, CXCompilationDatabase db,
		     const char *file, char *const *flags, size_t nflags)
{
	char abs[PATH_MAX];
	CXCompileCommands cmds;
	int err;

	if (!realpath(file, abs))
		return inputs_add_path(jobs, file, flags, nflags);
	cmds = clang_CompilationDatabase_getCompileCommands(db, abs);
	if (!cmds || !clang_CompileCommands_getSize(cmds))
		err = inputs_add_path(jobs, file, flags, nflags);
	else
		err = add_command(jobs, clang_CompileCommands_getCommand(cmds, 0),
				  file, flags, nflags);
	if (cmds)
		clang_CompileCommands_dispose(cmds);
	return err;
}

/* libclang prints its own account of a bad database; ours is one line. */
static CXCompilationDatabase load_quietly(const char *dir,
					  CXCompilationDatabase_Error *cerr)
{
	CXCompilationDatabase db;
	int saved, null;

	fflush(stderr);
	saved = dup(2);
	null = open("/dev/null", O_WRONLY);
	if (saved >= 0 && null >= 0)
		dup2(null, 2);
	db = clang_CompilationDatabase_fromDirectory(dir, cerr);
	if (saved >= 0 && null >= 0)
		dup2(saved, 2);
	if (null >= 0)
		close(null);
	if (saved >= 0)
		close(saved);
	return db;
}

/*
 * -p DIR without DIR/compile_commands.json: say so, and where we looked,
 * absolutely (libclang looks in DIR alone, not in its parents).
 */
static void no_database(const char *dir, int err)
{
	char abs[PATH_MAX];

	fprintf(stderr, "retconv: -p %s: no compilation database: %s/compile_commands.json: %s\n",
		dir, realpath(dir, abs) ? abs : dir, strerror(-err));
}

int compdb_add_jobs(struct rc_jobs *jobs, const char *dir,
		    char *const *files, size_t nfiles,
		    char *const *flags, size_t nflags)
{
	CXCompilationDatabase_Error cerr;
	CXCompilationDatabase db;
	char *json = xasprintf("%s/compile_commands.json", dir);
	size_t i;
	int err = 0, err2;

	if (access(json, R_OK)) {
		err = -errno;
		no_database(dir, err);
		free(json);
		return err;
	}
	free(json);
	db = load_quietly(dir, &cerr);
	if (cerr != CXCompilationDatabase_NoError || !db) {
		fprintf(stderr, "retconv: %s/compile_commands.json: cannot load\n",
			dir);
		if (db)
			clang_CompilationDatabase_dispose(db);
		return -ENOENT;
	}
	if (!nfiles)
		err = add_all(jobs, db, flags, nflags);
	for (i = 0; i < nfiles; i++) {
		err2 = add_named(jobs, db, files[i], flags, nflags);
		if (!err)
			err = err2;
	}
	clang_CompilationDatabase_dispose(db);
	return err;
}
