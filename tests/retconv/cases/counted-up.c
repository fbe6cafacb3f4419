// A count made by counting ("found++" is "found += 1") returned beside a
// negative failure: read(2)'s shape.  Tested only against 0 where the
// branch on a value other than 0 handles an error, every count above 0
// reads as a failure (tmux's load_cfg() != 0, fixed to < 0).  A test for
// < 0 is right; so is a body whose positive value is a named status,
// which may be a failure of its own.
#include <errno.h>
#include <stdio.h>

int load_lines(const char *path)
{
	FILE *f;
	int found = 0;
	char buf[64];

	f = fopen(path, "r");
	if (!f)
		return -errno;
	while (fgets(buf, sizeof(buf), f))
		found++;
	fclose(f);
	return found;
}

#define LOAD_PARTIAL 2

int load_status(const char *path)
{
	FILE *f = fopen(path, "r");

	if (!f)
		return -errno;
	if (fgetc(f) == EOF) {
		fclose(f);
		return LOAD_PARTIAL;
	}
	fclose(f);
	return 0;
}

int start_all(const char *path)
{
	if (load_lines(path) != 0) {
		fprintf(stderr, "cannot load %s\n", path);
		return -EINVAL;
	}
	if (load_lines(path) < 0)
		return -EINVAL;
	if (load_status(path) != 0) {
		fprintf(stderr, "cannot load %s\n", path);
		return -EINVAL;
	}
	return 0;
}
// expect: counted-up.c:43:6: warning: 'load_lines' returns a value or a negative errno (class mixed, from its definition at counted-up.c:10): the branch taken on a value other than 0 handles an error, but its successes are counts above 0; test it for < 0 [retconv-D]
// expect: counted-up.c:44:3: note: the branch logs an error with fprintf()
