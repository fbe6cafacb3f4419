// SPDX-License-Identifier: MIT
/*
 * Inputs named on the command line: files as they are, directories walked
 * for C sources and headers.
 *
 * Directories are walked in sorted order and hidden entries (.git) are
 * skipped, so a run over a tree is the same run every time; links to
 * directories are not followed, as find(1) does not.  Every file is
 * opened once here, so that an unreadable one is reported by name before
 * any parsing starts.  A header found by walking is marked with its
 * device and inode: it is checked as part of the files that include it,
 * and parsed alone only when none does (main.c).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "retconv.h"

static int add_file(struct rc_jobs *jobs, const char *path,
		    char *const *flags, size_t nflags, bool walked)
{
	int fd = open(path, O_RDONLY);
	struct stat st;
	int err;

	if (fd < 0) {
		err = -errno;
		fprintf(stderr, "retconv: %s: %s\n", path, strerror(errno));
		return err;
	}
	jobs_push(jobs, path, path, flags, nflags);
	if (walked && is_header_name(path) && !fstat(fd, &st))
		jobs->v[jobs->n - 1].fileid = xasprintf("%llx:%llx",
			(unsigned long long)st.st_dev,
			(unsigned long long)st.st_ino);
	close(fd);
	return 0;
}

static int compare_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int add_dir(struct rc_jobs *jobs, const char *path,
		   char *const *flags, size_t nflags)
{
	struct dirent *de;
	char **names = NULL;
	size_t n = 0, i;
	int err = 0, err2;
	bool cxx;
	DIR *d;

	d = opendir(path);
	if (!d) {
		err = -errno;
		fprintf(stderr, "retconv: %s: %s\n", path, strerror(errno));
		return err;
	}
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.')
			continue;
		names = xrealloc(names, (n + 1) * sizeof(*names));
		names[n++] = xasprintf("%s/%s", path, de->d_name);
	}
	closedir(d);
	if (n)
		qsort(names, n, sizeof(*names), compare_names);
	/* retconv checks C: a C++ program's folder is passed over. */
	cxx = is_cxx_folder(NULL, names, n);
	for (i = 0; i < n; i++) {
		struct stat st;

		/* Links to directories are not followed: they may loop. */
		if (lstat(names[i], &st) ||
		    (S_ISLNK(st.st_mode) && (stat(names[i], &st) ||
					     S_ISDIR(st.st_mode))))
			err2 = 0;
		else if (S_ISDIR(st.st_mode))
			err2 = add_dir(jobs, names[i], flags, nflags);
		else if (S_ISREG(st.st_mode) && !cxx &&
			 is_c_name(names[i]))
			err2 = add_file(jobs, names[i], flags, nflags, true);
		else
			err2 = 0;
		if (!err)
			err = err2;
		free(names[i]);
	}
	free(names);
	return err;
}

int inputs_add_path(struct rc_jobs *jobs, const char *path,
		    char *const *flags, size_t nflags)
{
	struct stat st;
	char *trimmed;
	size_t n;
	int err;

	if (stat(path, &st)) {
		err = -errno;
		fprintf(stderr, "retconv: %s: %s\n", path, strerror(errno));
		return err;
	}
	if (!S_ISDIR(st.st_mode))
		return add_file(jobs, path, flags, nflags, false);
	/* "src/" and "src" name the same files the same way. */
	trimmed = xstrdup(path);
	n = strlen(trimmed);
	while (n > 1 && trimmed[n - 1] == '/')
		trimmed[--n] = '\0';
	err = add_dir(jobs, trimmed, flags, nflags);
	free(trimmed);
	return err;
}
