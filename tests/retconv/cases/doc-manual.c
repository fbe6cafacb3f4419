// A contract written only in the manual pages the tree ships (the
// DocBook man/tally_path_decode.xml, systemd's style, and the troff
// man/man3/tally_get_auto_flush.3): its RETURN VALUE section is read as a
// comment's "Returns" would be where the comments say nothing of the
// result.  "A positive value if the prefix matched, or 0 if it did not;
// a negative errno on failure" is a documented answer beside errors;
// "a non-negative integer" on success is a value, 1 among them.  A
// function the pages do not name (tally_reset) mixes as before.  Of a
// section several functions share, only the sentences that name the
// function, and those after them that name no other, are its contract:
// tally_path_match()'s "0 on failure" is not tally_path_decode()'s, whose
// caller (tally_key) tests the sign rightly; the list of errors in a
// subsection is the page's, said of no function in particular
// (tally_path_has_prefix answers yes or no).  "Greater than zero" is
// positive: tally_path_resume's 1 is documented.
// Kernel style first (0/-errno and a 1 documented), then user space.
#include <errno.h>
#include <string.h>

struct tally {
	unsigned flags;
};

int tally_path_decode(const char *path, const char *prefix, char **key)
{
	size_t n;

	if (!path || !*path)
		return -EINVAL;
	n = strlen(prefix);
	if (strncmp(path, prefix, n))
		return 0;
	*key = (char *)path + n;
	return 1;
}

int tally_get_auto_flush(const struct tally *t)
{
	if (!t)
		return -EINVAL;
	return t->flags & 1 ? 1 : 0;
}

int tally_reset(struct tally *t)
{
	if (!t)
		return -EINVAL;
	if (t->flags)
		return 1;
	t->flags = 1;
	return 0;
}
int tally_key(const char *path, char **key)
{
	int r = tally_path_decode(path, "/t/", key);

	if (r < 0)
		return r;
	return 0;
}

int tally_path_has_prefix(const char *path, const char *prefix)
{
	return !strncmp(path, prefix, strlen(prefix));
}

int tally_path_resume(struct tally *t)
{
	if (!t)
		return -EINVAL;
	if (!t->flags)
		return 0;
	t->flags = 0;
	return 1;
}

// expect: doc-manual.c:44:5: warning: action 'tally_reset' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: doc-manual.c:47:3: note: returns a negative errno
// expect: doc-manual.c:49:3: note: returns 1
