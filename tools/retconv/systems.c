// SPDX-License-Identifier: MIT
/*
 * Tree mode's folders of other systems: which folders of a tree a Linux
 * build would leave off its include path, and which it would prefer.
 *
 * A portable tree keeps each system's headers in a folder of its own
 * (include/windows beside include/linux, htop's darwin/ beside linux/).
 * A Linux build never puts another system's folder on its path, and
 * those folders often stand in for the system's own headers
 * (include/windows/netdb.h, pthread.h): credited for their config.h, the
 * only one in the tree, they came before /usr/include and every file read
 * Windows' headers.  tree.c credits nothing in them, and of two sibling
 * folders holding the same header it takes the one for Linux beside them.
 *
 * Likewise a tree built for several processors keeps each one's headers
 * under arch/NAME (arch/riscv/include, arch/x86/include, each with its
 * own arch_types.h).  A build takes one, and on this machine that is
 * this machine's: where the tree has arch/ folders for it, another
 * processor's folders come after every other folder, and lose to this
 * one's when both hold a header.  A tree for other processors only (an
 * ARM firmware) keeps its order: it has no build here to follow.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "retconv.h"

/* Names that mean another system and nothing else, in any case (Win32,
 * Xcode: another system's build files). */
static bool other_system(const char *name)
{
	static const char *const names[] = {
		"aix", "cygwin", "darwin", "dragonfly", "dragonflybsd",
		"freebsd", "haiku", "hpux", "illumos", "macos", "macosx",
		"mingw", "msvc", "netbsd", "openbsd", "os400", "osx", "qnx",
		"solaris", "sunos", "vms", "win32", "win64", "windows", "xcode",
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(*names); i++)
		if (!strcasecmp(name, names[i]))
			return true;
	return false;
}

/* This machine's processor as arch/ folders name it. */
static bool host_arch(const char *name, size_t len)
{
	static const char *const names[] = {
#if defined(__x86_64__) || defined(__i386__)
		"x86", "x86_64", "x86-64", "amd64", "x64", "i386", "ia32",
#elif defined(__aarch64__)
		"arm64", "aarch64",
#elif defined(__riscv)
		"riscv", "riscv64",
#endif
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(*names); i++)
		if (len == strlen(names[i]) && !strncmp(name, names[i], len))
			return true;
	return false;
}

/* A folder under arch/ that all processors share. */
static bool shared_arch(const char *name, size_t len)
{
	static const char *const names[] = {
		"common", "generic", "include", "shared", "all",
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(*names); i++)
		if (len == strlen(names[i]) && !strncmp(name, names[i], len))
			return true;
	return false;
}

/*
 * The processor folder @dir (@len characters) lies in, the component
 * after its first arch/, or NULL; its length in @alen.
 */
static const char *arch_of(const char *dir, size_t len, size_t *alen)
{
	const char *p = dir, *end = dir + len, *slash;

	while (p < end) {
		slash = memchr(p, '/', (size_t)(end - p));
		if (!slash)
			return NULL;
		if (slash - p == 4 && !strncmp(p, "arch", 4)) {
			p = slash + 1;
			slash = memchr(p, '/', (size_t)(end - p));
			*alen = (size_t)((slash ? slash : end) - p);
			return *alen ? p : NULL;
		}
		p = slash + 1;
	}
	return NULL;
}

bool systems_other_arch(const struct rc_systems *sys, const char *dir,
			size_t len)
{
	const char *a;
	size_t alen;

	if (!sys->host_arch)
		return false;
	a = arch_of(dir, len, &alen);
	return a && !host_arch(a, alen) && !shared_arch(a, alen);
}

static bool in_list(char *const *v, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(v[i], s))
			return true;
	return false;
}

/* The folders for Linux or Unix beside @dir (its parent @parent long). */
static void linux_siblings(struct rc_systems *sys, char *const *dirs,
			   size_t ndirs, const char *dir, size_t parent)
{
	static const char *const names[] = { "linux", "unix", "posix" };
	char *sib;
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(*names); i++) {
		sib = xasprintf("%.*s%s", (int)parent, dir, names[i]);
		if (!in_list(dirs, ndirs, sib) ||
		    in_list(sys->ours, sys->nours, sib)) {
			free(sib);
			continue;
		}
		sys->ours = xrealloc(sys->ours,
				     (sys->nours + 1) * sizeof(*sys->ours));
		sys->ours[sys->nours++] = sib;
	}
}

void systems_find(struct rc_systems *sys, char *const *dirs, size_t ndirs)
{
	const char *d, *slash;
	size_t i, parent;

	memset(sys, 0, sizeof(*sys));
	for (i = 0; i < ndirs; i++) {
		d = dirs[i];
		slash = arch_of(d, strlen(d), &parent);
		if (slash && host_arch(slash, parent))
			sys->host_arch = true;
		slash = strrchr(d, '/');
		parent = slash ? (size_t)(slash - d) + 1 : 0;
		if (!other_system(d + parent))
			continue;
		linux_siblings(sys, dirs, ndirs, d, parent);
		sys->others = xrealloc(sys->others,
				       (sys->nothers + 1) * sizeof(*sys->others));
		sys->passed = xrealloc(sys->passed,
				       (sys->nothers + 1) * sizeof(*sys->passed));
		sys->passed[sys->nothers] = false;
		sys->others[sys->nothers++] = xstrdup(d);
	}
}

/* Which of @v (@n folders) @dir (@len characters) is or lies in; -1. */
static long under(char *const *v, size_t n, const char *dir, size_t len)
{
	size_t i, k;

	for (i = 0; i < n; i++) {
		k = strlen(v[i]);
		if (len >= k && !strncmp(dir, v[i], k) &&
		    (len == k || dir[k] == '/'))
			return (long)i;
	}
	return -1;
}

bool systems_other(struct rc_systems *sys, const char *dir, size_t len)
{
	long i = under(sys->others, sys->nothers, dir, len);

	if (i >= 0)
		sys->passed[i] = true;
	return i >= 0;
}

/* How long the parent of folder @dir (@len characters) is, with its '/'. */
static size_t parent_len(const char *dir, size_t len)
{
	while (len && dir[len - 1] != '/')
		len--;
	return len;
}

bool systems_before(const struct rc_systems *sys, const char *a, size_t alen,
		    const char *b, size_t blen)
{
	bool la = under(sys->ours, sys->nours, a, alen) >= 0;
	bool lb = under(sys->ours, sys->nours, b, blen) >= 0;
	size_t pa = parent_len(a, alen), pb = parent_len(b, blen);
	bool oa = systems_other_arch(sys, a, alen);

	if (oa != systems_other_arch(sys, b, blen))
		return !oa;
	if (la != lb && pa == pb && !strncmp(a, b, pa))
		return la;
	if (alen != blen)
		return alen < blen;
	return strncmp(a, b, alen) < 0;
}

char **systems_passed(struct rc_systems *sys, size_t *n)
{
	char **v = NULL;
	size_t i;

	*n = 0;
	for (i = 0; i < sys->nothers; i++) {
		if (!sys->passed[i])
			continue;
		v = xrealloc(v, (*n + 1) * sizeof(*v));
		v[(*n)++] = sys->others[i];
		sys->others[i] = NULL;
	}
	return v;
}

void systems_free(struct rc_systems *sys)
{
	size_t i;

	for (i = 0; i < sys->nothers; i++)
		free(sys->others[i]);
	for (i = 0; i < sys->nours; i++)
		free(sys->ours[i]);
	free(sys->others);
	free(sys->passed);
	free(sys->ours);
	memset(sys, 0, sizeof(*sys));
}
