// A scanf whose literal format assigns nothing ("%n" alone, "%*d", plain
// text) returns 0 when the input matched and EOF when it failed: no
// count, so "!= 0" is its failure test.  One that assigns a value counts
// them, and "!= 0" takes its successes for failures.
#include <stdio.h>

/* User space: how far a literal prefix matched. */
int skip_prefix(const char *line, int *len)
{
	int n = 0;

	if (sscanf(line, "cpu%*d %n", &n) != 0)
		return -1;
	*len = n;
	return 0;
}

/* Kernel style, a file's header line matched whole. */
int read_header(FILE *fp)
{
	int ret = fscanf(fp, "HEADER\n");

	if (ret)
		return -1;
	return 0;
}

int read_count(const char *line, int *count)
{
	if (sscanf(line, "count %d", count) != 0)
		return -1;
	return 0;
}
// expect: scanf-nothing.c:30:6: warning: 'sscanf' returns a count or a length, or a negative value on failure (class value, from the built-in table): the branch taken on a value other than 0 handles an error, but its successes are such values; test it for < 0 [retconv-D]
// expect: scanf-nothing.c:31:3: note: the branch returns a negative errno
