// SPDX-License-Identifier: MIT
/*
 * Tree mode's libraries: the packages a tree's build asks pkg-config for,
 * and the include folders pkg-config gives for them.
 *
 * A daemon written against GLib includes <glib.h>, which the system keeps
 * in /usr/include/glib-2.0; a program of Sun RPC includes <rpc/rpc.h>,
 * which is in /usr/include/tirpc.  Their builds find them with pkg-config,
 * naming the packages in configure.ac (PKG_CHECK_MODULES), meson.build
 * (dependency()) or CMakeLists.txt (pkg_check_modules()).  Without those
 * folders every file of the tree misses the header, and clang drops what
 * is written in its types.  So the build files at the tree's top and one
 * folder down are read for package names, and pkg-config is asked for
 * the -I folders of each; they come after the tree's own folders, as
 * system folders (-isystem), which is what their headers are.  A package
 * that is not installed, a name given by a shell variable, or no
 * pkg-config at all costs nothing: the header stays missing, as before.
 * The names are read from the text, not by running the build's scripts,
 * so a package of a branch the build would not take is asked for too;
 * an installed package's folder only adds headers the tree includes.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "retconv.h"

/* Enough for any build's list; a name past it is not asked for. */
#define PKG_MAX		64
/* A build file bigger than this is no hand-written one. */
#define BUILD_FILE_MAX	(1u << 20)

struct names {
	char *v[PKG_MAX];
	size_t n;
};

static bool pkg_char(char c)
{
	return ident_char(c) || c == '.' || c == '+' || c == '-';
}

/* Add the package name at @s, @len long, if it is one: a letter first,
 * then letters, digits and ._+- (a version, a $VAR or "" is none). */
static void add_name(struct names *nm, const char *s, size_t len)
{
	size_t i;

	if (!len || !((s[0] >= 'a' && s[0] <= 'z') ||
		      (s[0] >= 'A' && s[0] <= 'Z')))
		return;
	for (i = 0; i < len; i++)
		if (!pkg_char(s[i]))
			return;
	for (i = 0; i < nm->n; i++)
		if (strlen(nm->v[i]) == len && !strncmp(nm->v[i], s, len))
			return;
	if (nm->n < PKG_MAX)
		nm->v[nm->n++] = xasprintf("%.*s", (int)len, s);
}

/*
 * The words of @s up to @end, as a module list has them: "glib-2.0 >=
 * 2.32 gio-2.0", "libbpf>=0.4.0".  A word's name ends at a comparison;
 * a version, an operator alone or a $VARIABLE is no name (add_name()).
 */
static void add_list(struct names *nm, const char *s, const char *end)
{
	static const char gaps[] = " \t\r\n[]\"'";
	size_t len, name;

	while (s < end) {
		s += strspn(s, gaps);
		if (s >= end)
			break;
		len = strcspn(s, gaps);
		if (len > (size_t)(end - s))
			len = (size_t)(end - s);
		name = strcspn(s, "<>=!");
		add_name(nm, s, name < len ? name : len);
		s += len;
	}
}

/* The end of the macro argument that starts at @s: the ',' or ')' at
 * its level, past [quoted] and (nested) text. */
static const char *arg_end(const char *s)
{
	int depth = 0;

	for (; *s; s++) {
		if (*s == '[' || *s == '(')
			depth++;
		else if ((*s == ']' || *s == ')') && depth)
			depth--;
		else if (!depth && (*s == ',' || *s == ')'))
			break;
	}
	return s;
}

/* configure.ac: PKG_CHECK_MODULES(PREFIX, MODULES, ...): the second. */
static void scan_autoconf(struct names *nm, const char *text)
{
	static const char call[] = "PKG_CHECK_MODULES";
	const char *at, *s, *end;

	for (at = strstr(text, call); at; at = strstr(at + 1, call)) {
		s = at + sizeof(call) - 1;
		s += strspn(s, " \t");
		if (*s != '(')
			continue;
		s = arg_end(s + 1);
		if (*s != ',')
			continue;
		end = arg_end(s + 1);
		add_list(nm, s + 1, end);
	}
}

/* meson.build: dependency('NAME', ...). */
static void scan_meson(struct names *nm, const char *text)
{
	static const char call[] = "dependency(";
	const char *at, *s;
	size_t len;

	for (at = strstr(text, call); at; at = strstr(at + 1, call)) {
		if (at > text && ident_char(at[-1]))
			continue;
		s = at + sizeof(call) - 1;
		s += strspn(s, " \t\r\n");
		if (*s != '\'' && *s != '"')
			continue;
		len = strcspn(s + 1, "'\"\n");
		add_name(nm, s + 1, len);
	}
}

/* CMakeLists.txt: pkg_check_modules(PREFIX [KEYWORDS] MODULES...), and
 * pkg_search_module() alike; the keywords are in capitals. */
static void scan_cmake(struct names *nm, const char *text)
{
	static const char *const calls[] = {
		"pkg_check_modules(", "pkg_search_module(",
	};
	const char *at, *s, *end;
	size_t k, len;

	for (k = 0; k < sizeof(calls) / sizeof(*calls); k++) {
		for (at = strstr(text, calls[k]); at;
		     at = strstr(at + 1, calls[k])) {
			s = at + strlen(calls[k]);
			end = strchr(s, ')');
			if (!end)
				break;
			s += strspn(s, " \t\r\n");
			s += strcspn(s, " \t\r\n)");	/* the prefix */
			while (s < end) {
				s += strspn(s, " \t\r\n");
				len = strcspn(s, " \t\r\n)");
				if (strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_") <
				    len)
					add_list(nm, s, s + len);
				s += len;
			}
		}
	}
}

static char *read_small(const char *path)
{
	struct stat st;
	char *text;
	ssize_t got;
	int fd;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    st.st_size > BUILD_FILE_MAX) {
		close(fd);
		return NULL;
	}
	text = xmalloc((size_t)st.st_size + 1);
	got = read(fd, text, (size_t)st.st_size);
	close(fd);
	if (got < 0) {
		free(text);
		return NULL;
	}
	text[got] = '\0';
	return text;
}

/* The build files of folder @dir (the top: also configure.ac's kin). */
static void scan_dir(struct names *nm, const char *dir, bool top)
{
	static const struct {
		const char *name;
		void (*scan)(struct names *nm, const char *text);
		bool top_only;
	} files[] = {
		{ "configure.ac", scan_autoconf, true },
		{ "configure.in", scan_autoconf, true },
		{ "meson.build", scan_meson, false },
		{ "CMakeLists.txt", scan_cmake, false },
	};
	size_t k;
	char *path, *text;

	for (k = 0; k < sizeof(files) / sizeof(*files); k++) {
		if (files[k].top_only && !top)
			continue;
		path = xasprintf("%s/%s", dir, files[k].name);
		text = read_small(path);
		if (text)
			files[k].scan(nm, text);
		free(text);
		free(path);
	}
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void scan_tree(struct names *nm, const char *root)
{
	struct dirent *de;
	char **subs = NULL, *sub;
	size_t nsubs = 0, i;
	DIR *d;

	scan_dir(nm, root, true);
	d = opendir(root);
	if (!d)
		return;
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.' || de->d_type != DT_DIR)
			continue;
		subs = xrealloc(subs, (nsubs + 1) * sizeof(*subs));
		subs[nsubs++] = xstrdup(de->d_name);
	}
	closedir(d);
	qsort(subs, nsubs, sizeof(*subs), by_name);
	for (i = 0; i < nsubs; i++) {
		sub = xasprintf("%s/%s", root, subs[i]);
		scan_dir(nm, sub, false);
		free(sub);
		free(subs[i]);
	}
	free(subs);
}

/*
 * pkg-config's -I folders for package @name, on @out (at most @size
 * bytes): 0, or a negative errno when pkg-config is missing, fails or
 * does not know the package.  Run without a shell; its stderr goes.
 */
static int pkg_cflags(const char *name, char *out, size_t size)
{
	int fds[2], status, err = 0;
	size_t got = 0;
	ssize_t r;
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC))
		return -errno;
	pid = fork();
	if (pid < 0) {
		err = -errno;
		close(fds[0]);
		close(fds[1]);
		return err;
	}
	if (!pid) {
		int null = open("/dev/null", O_WRONLY);

		if (dup2(fds[1], 1) < 0 || null < 0 || dup2(null, 2) < 0)
			_exit(127);
		execlp("pkg-config", "pkg-config", "--cflags-only-I", "--",
		       name, (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	while (got + 1 < size &&
	       (r = read(fds[0], out + got, size - 1 - got)) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			err = -errno;
			break;
		}
		got += (size_t)r;
	}
	out[got] = '\0';
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	if (!err && (!WIFEXITED(status) || WEXITSTATUS(status)))
		err = -ENOENT;
	return err;
}

static bool listed(char *const *v, size_t n, const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (strlen(v[i]) == len && !strncmp(v[i], s, len))
			return true;
	return false;
}

/* Add the folders of "-I/a -I/b" that exist to @t's system folders. */
static void add_dirs(struct rc_tree *t, const char *flags)
{
	const char *s = flags;
	struct stat st;
	size_t len;
	char *dir;

	while (*s) {
		s += strspn(s, " \t\n");
		len = strcspn(s, " \t\n");
		if (len > 2 && !strncmp(s, "-I", 2) &&
		    !listed(t->pkgdirs, t->npkgdirs, s + 2, len - 2)) {
			dir = xasprintf("%.*s", (int)(len - 2), s + 2);
			if (!stat(dir, &st) && S_ISDIR(st.st_mode)) {
				t->pkgdirs = xrealloc(t->pkgdirs,
					(t->npkgdirs + 1) * sizeof(*t->pkgdirs));
				t->pkgdirs[t->npkgdirs++] = dir;
			} else {
				free(dir);
			}
		}
		s += len;
	}
}

void pkgdeps_find(struct rc_tree *t, const char *root)
{
	struct names nm = { .n = 0 };
	char flags[4096];
	size_t i;

	scan_tree(&nm, root);
	qsort(nm.v, nm.n, sizeof(*nm.v), by_name);
	for (i = 0; i < nm.n; i++) {
		if (!pkg_cflags(nm.v[i], flags, sizeof(flags))) {
			t->pkgs = xrealloc(t->pkgs,
					   (t->npkgs + 1) * sizeof(*t->pkgs));
			t->pkgs[t->npkgs++] = nm.v[i];
			add_dirs(t, flags);
			continue;
		}
		free(nm.v[i]);
	}
}

void pkgdeps_free(struct rc_tree *t)
{
	size_t i;

	for (i = 0; i < t->npkgs; i++)
		free(t->pkgs[i]);
	for (i = 0; i < t->npkgdirs; i++)
		free(t->pkgdirs[i]);
	free(t->pkgs);
	free(t->pkgdirs);
}
