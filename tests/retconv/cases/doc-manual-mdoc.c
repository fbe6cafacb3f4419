// A contract written only in a BSD manual page the tree ships, in mdoc
// (.Sh RETURN VALUES, .Nm, .Fn; man/man3/tally_validate.3): "zero if the
// digest did not match, less than zero if the tally was not set up,
// greater than zero if it matched" is a documented three-way answer,
// not an action mixing 1 with errors.  A function no page names
// (tally_update) mixes as before.
#include <errno.h>

struct tally {
	unsigned flags;
};

int tally_validate(const struct tally *t)
{
	if (!t->flags)
		return -EINVAL;
	if (t->flags & 2)
		return 0;
	return 1;
}

int tally_update(const struct tally *t)
{
	if (!t->flags)
		return -EINVAL;
	if (t->flags & 2)
		return 0;
	return 1;
}
// expect: doc-manual-mdoc.c:22:5: warning: action 'tally_update' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: doc-manual-mdoc.c:25:3: note: returns a negative errno
// expect: doc-manual-mdoc.c:28:2: note: returns 1
