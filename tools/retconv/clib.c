// SPDX-License-Identifier: MIT
/*
 * Tree mode's folders that stand in for the C library: a platform's own
 * <sys/types.h> or <stdint.h> in a folder put on the path for its other
 * headers.
 *
 * tree.c credits a folder for the headers the tree's #include lines find
 * in it (a processor's "periph_cpu.h"), and the folder goes before the
 * system's.  Firmware built for several processors keeps each one's C
 * library additions beside those headers (cpu/NAME/include/sys/types.h,
 * a board's stdint.h for its compiler): put first, they shadowed the
 * system's for every file, and files far from that processor parsed with
 * its C library's types, or with the errors of a newlib header that needs
 * the processor's compiler.  A build takes such a folder only when it
 * builds for that processor, and then for all its files; a build here
 * takes the system's C library.  So a chosen folder that holds a header
 * of the C library (C11's and POSIX's names) that the system also has,
 * and that a sibling processor's include/ holds too, is
 * searched after the system's (-idirafter) by every file outside the part
 * of the tree it serves: the system's header wins for the names the
 * system has, and the folder's other headers are still found, in the
 * same order among themselves.  The part it serves is what lies above
 * its last "include" (cpu/esp32 for cpu/esp32/include/...), or its
 * parent: that part's own files read it as their build does.  include/
 * and each top folder's include/ serve the whole tree (tree.c takes them
 * first as the project's own: a kernel's include/assert.h is the one its
 * code means), and so does every folder of a top folder without one.
 *
 * A unit test's stand-in for the C library is another kind of folder: its
 * stdio.h, errno.h, string.h rename the library's own names to the
 * test's (#define fopen OCS_fopen, #define EAGAIN OCS_EAGAIN), so that
 * the code under test calls stubs and sees the stubs' error codes.  Only
 * that test's build puts it on the path; the production build, which
 * the rules read, takes the system's C library.  Put first for the other
 * headers it holds (an RTOS's own headers, mocked), it replaced the
 * system's errno.h and the library's positive errnos became the stubs'
 * negative ones.  A folder is such a stand-in when at least two of its C
 * library headers rename a name of theirs to a longer one that ends in
 * it after a prefix of a word and an underscore (the way of interposing
 * on a library: OCS_, test_, mock_); one such header alone is a
 * processor's extension (a printf() sent to flash_printf()).  A library
 * of its own maps its names to the compiler's and its own reserved ones
 * (ffs to __builtin_ffs, PATH_MAX to _POSIX_PATH_MAX: a leading
 * underscore is the implementation's), and its limits.h defining
 * CHAR_MAX as UCHAR_MAX adds a letter, not a prefix.  Such a folder,
 * and every folder inside it (its sys/), is searched after the system's
 * headers by every file: it serves no part of the tree.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "retconv.h"
#include "tree.h"

/* The headers of C11 and of POSIX (base definitions, 2017). */
static const char *const clib_names[] = {
	"assert.h", "complex.h", "ctype.h", "errno.h", "fenv.h", "float.h",
	"inttypes.h", "iso646.h", "limits.h", "locale.h", "math.h",
	"setjmp.h", "signal.h", "stdalign.h", "stdarg.h", "stdatomic.h",
	"stdbool.h", "stddef.h", "stdint.h", "stdio.h", "stdlib.h",
	"stdnoreturn.h", "string.h", "tgmath.h", "threads.h", "time.h",
	"uchar.h", "wchar.h", "wctype.h",
	"aio.h", "arpa/inet.h", "cpio.h", "dirent.h", "dlfcn.h", "fcntl.h",
	"fmtmsg.h", "fnmatch.h", "ftw.h", "glob.h", "grp.h", "iconv.h",
	"langinfo.h", "libgen.h", "monetary.h", "mqueue.h", "ndbm.h",
	"net/if.h", "netdb.h", "netinet/in.h", "netinet/tcp.h", "nl_types.h",
	"poll.h", "pthread.h", "pwd.h", "regex.h", "sched.h", "search.h",
	"semaphore.h", "spawn.h", "strings.h", "stropts.h", "sys/ipc.h",
	"sys/mman.h", "sys/msg.h", "sys/resource.h", "sys/select.h",
	"sys/sem.h", "sys/shm.h", "sys/socket.h", "sys/stat.h",
	"sys/statvfs.h", "sys/time.h", "sys/times.h", "sys/types.h",
	"sys/uio.h", "sys/un.h", "sys/utsname.h", "sys/wait.h", "syslog.h",
	"tar.h", "termios.h", "trace.h", "ulimit.h", "unistd.h", "utime.h",
	"utmpx.h", "wordexp.h",
};

/*
 * A <name> the system has: the build would find it there first.  The
 * compiler's own headers count (stdbool.h, stddef.h, stdarg.h live in its
 * resource directory, not /usr/include): a tree's stand-in for another
 * compiler's (jemalloc's msvc_compat/C99/stdbool.h) credited for them put
 * its folder on the path, and its stdint.h then shadowed the system's.
 */
bool clib_system_has(const char *name)
{
	static const char *const sysdirs[] = {
		"/usr/include", "/usr/include/x86_64-linux-gnu",
		"/usr/local/include",
	};
	const char *rdir = worker_resource_dir();
	char *p;
	size_t i;
	bool found = false;

	for (i = 0; i < sizeof(sysdirs) / sizeof(*sysdirs) && !found; i++) {
		p = xasprintf("%s/%s", sysdirs[i], name);
		found = !access(p, F_OK);
		free(p);
	}
	if (!found && rdir) {
		p = xasprintf("%s/include/%s", rdir, name);
		found = !access(p, F_OK);
		free(p);
	}
	return found;
}

/*
 * Whether a sibling of the part @served (cpu/esp32) holds @name in its
 * include/ too (cpu/esp8266/include/sys/types.h): several processors'
 * C libraries, of which a build takes one.  A tree with one C library of
 * its own (an operating system's, base/usr/include) builds every file
 * with it, and keeps it first.
 */
static bool sibling_holds(const char *served, const char *name)
{
	const char *slash = strrchr(served, '/');
	char *parent, *p;
	struct dirent *de;
	bool found = false;
	DIR *d;

	if (!slash)
		return false;
	parent = xasprintf("%.*s", (int)(slash - served), served);
	d = opendir(parent);
	while (d && !found && (de = readdir(d))) {
		if (de->d_name[0] == '.' || !strcmp(de->d_name, slash + 1))
			continue;
		p = xasprintf("%s/%s/include/%s", parent, de->d_name, name);
		found = !access(p, F_OK);
		free(p);
	}
	if (d)
		closedir(d);
	free(parent);
	return found;
}

/* The first C library header folder @dir holds that the system has too,
 * and a sibling of @served holds as well, or NULL. */
static const char *clib_held(const char *dir, const char *served)
{
	const char *found = NULL;
	size_t i;
	char *p;

	for (i = 0; i < sizeof(clib_names) / sizeof(*clib_names) && !found;
	     i++) {
		p = xasprintf("%s/%s", dir, clib_names[i]);
		if (!access(p, F_OK) && clib_system_has(clib_names[i]) &&
		    sibling_holds(served, clib_names[i]))
			found = clib_names[i];
		free(p);
	}
	return found;
}

/* Whether @to is @name after a prefix of a word and an underscore, not
 * a reserved one: a test's name for a library's (OCS_fopen for fopen). */
static bool interposed(const char *name, size_t nlen, const char *to,
		       size_t tlen)
{
	size_t i, plen = tlen - nlen;
	bool letter = false;

	if (tlen <= nlen + 1 || strncmp(to + plen, name, nlen) ||
	    to[plen - 1] != '_' || to[0] == '_')
		return false;
	for (i = 0; i < plen; i++)
		if ((to[i] >= 'a' && to[i] <= 'z') ||
		    (to[i] >= 'A' && to[i] <= 'Z'))
			letter = true;
	return letter;
}

/* Whether the header at @path renames a name to a test's, on some line
 * "#define NAME OCS_NAME" or "#define NAME(...) OCS_NAME(...)". */
static bool renames(const char *path)
{
	FILE *f = fopen(path, "r");
	const char *s, *name, *to;
	size_t cap = 0, nlen, tlen;
	char *line = NULL;
	bool found = false;

	if (!f)
		return false;
	while (!found && getline(&line, &cap, f) > 0) {
		s = tree_directive(line, "define");
		if (!s)
			continue;
		for (name = s; ident_char(*s); s++)
			;
		nlen = (size_t)(s - name);
		if (*s == '(')
			s = strchr(s, ')');
		if (!nlen || !s)
			continue;
		for (s += *s == ')'; *s == ' ' || *s == '\t'; s++)
			;
		for (to = s; ident_char(*s); s++)
			;
		tlen = (size_t)(s - to);
		found = interposed(name, nlen, to, tlen);
	}
	free(line);
	fclose(f);
	return found;
}

/* Of the C library headers folder @dir holds, the second that renames
 * the library's names to a test's (see the top), or NULL. */
static const char *stand_in(const char *dir)
{
	size_t i, n = 0;
	char *p;

	for (i = 0; i < sizeof(clib_names) / sizeof(*clib_names); i++) {
		p = xasprintf("%s/%s", dir, clib_names[i]);
		n += !access(p, F_OK) && renames(p);
		free(p);
		if (n == 2)
			return clib_names[i];
	}
	return NULL;
}

/* A header of a test's stand-in that holds the tree folder @rel (it, or a
 * folder above it within the tree), or NULL. */
static const char *in_stand_in(const char *root, const char *rel)
{
	const char *name = NULL, *slash;
	char *part, *dir;
	size_t len = strlen(rel);

	while (len && !name) {
		part = xasprintf("%.*s", (int)len, rel);
		dir = tree_join(root, part);
		name = stand_in(dir);
		free(dir);
		free(part);
		slash = memrchr(rel, '/', len);
		len = slash ? (size_t)(slash - rel) : 0;
	}
	return name;
}

/*
 * The part of the tree folder @rel serves (see the top), @len long, or
 * false when that is the whole tree.
 */
static bool served(const char *rel, size_t *len)
{
	const char *p, *last = NULL, *slash;

	for (p = rel; p; p = slash ? slash + 1 : NULL) {
		slash = strchr(p, '/');
		if ((slash ? (size_t)(slash - p) : strlen(p)) == 7 &&
		    !strncmp(p, "include", 7))
			last = p;
	}
	if (last)
		*len = last > rel ? (size_t)(last - rel - 1) : 0;
	else
		*len = (slash = strrchr(rel, '/')) ? (size_t)(slash - rel) : 0;
	/* Not the top, nor one top folder. */
	return *len && memchr(rel, '/', *len);
}

void clib_find(struct rc_tree *t, const char *root, const char *rel,
	       size_t i)
{
	const char *name;
	size_t len;

	t->clib = xrealloc(t->clib, (i + 1) * sizeof(*t->clib));
	t->served = xrealloc(t->served, (i + 1) * sizeof(*t->served));
	t->served[i] = NULL;
	t->clib[i] = in_stand_in(root, rel);
	if (t->clib[i])
		return;
	if (!served(rel, &len))
		return;
	t->served[i] = !strcmp(root, ".") ?
		xasprintf("%.*s", (int)len, rel) :
		xasprintf("%s/%.*s", root, (int)len, rel);
	name = clib_held(t->incdirs[i], t->served[i]);
	if (!name) {
		free(t->served[i]);
		t->served[i] = NULL;
		return;
	}
	t->clib[i] = name;
}

static const char *no_dot(const char *path)
{
	while (path[0] == '.' && path[1] == '/')
		path += 2;
	return path;
}

static bool lies_in(const char *path, const char *dir)
{
	size_t n;

	path = no_dot(path);
	dir = no_dot(dir);
	n = strlen(dir);
	return !strncmp(path, dir, n) && path[n] == '/';
}

void clib_place(struct rc_jobs *jobs, const struct rc_tree *t)
{
	struct rc_job *job;
	size_t i, j, k;

	for (j = 0; j < t->nincdirs; j++) {
		if (!t->clib[j])
			continue;
		for (i = 0; i < jobs->n; i++) {
			job = &jobs->v[i];
			if (t->served[j] && lies_in(job->path, t->served[j]))
				continue;
			for (k = 0; k < job->nargs; k++) {
				if (strncmp(job->args[k], "-I", 2) ||
				    strcmp(job->args[k] + 2, t->incdirs[j]))
					continue;
				free(job->args[k]);
				job->args[k] = xasprintf("-idirafter%s",
							 t->incdirs[j]);
			}
		}
	}
}
