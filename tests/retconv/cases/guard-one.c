// A reader that returns 1 for "found", 0 for "absent" and -1 for an error
// may be followed by "if (r != 1) return r;": what passes through is 0 or
// -1, never the 1, so the caller keeps the errno convention.  "r == 1"
// and "r > 1" let through what they say, and the 1 of a plain return is
// still seen.  read_slot() itself is a tri-state its callers know (one
// asks "r == 1"): no mix of a success code with errnos.
#include <errno.h>

int read_slot(const char *name, int *out);

int load_slot(const char *name, int *out)
{
	int r;

	r = read_slot(name, out);
	if (r != 1)
		return r;
	*out += 1;
	return 0;
}

int open_slot(const char *name, int *out)
{
	int r;

	r = read_slot(name, out);
	if (r < 1)
		return r;
	return 0;
}

int claim_slot(const char *name, int *out)
{
	int r;

	r = read_slot(name, out);
	if (r == 1)
		return r;
	return -ENOENT;
}

int read_slot(const char *name, int *out)
{
	if (!name)
		return -1;
	if (!*name)
		return 0;
	*out = *name;
	return 1;
}
// expect: guard-one.c:32:5: warning: action 'claim_slot' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: guard-one.c:38:3: note: returns 1
// expect: guard-one.c:39:2: note: returns a negative errno
