// A documented 1 is read by what its clause says of it (issue 26
// section 4, the seventh blind round): "@retval 1 fail to ..." beside
// "@retval 0 on success" is a status whose failure is non-zero, and the
// kind stays the name's; "1 if the list was read successfully" is a
// success flag, a contract of its own (callers test it for != 1), no
// answer to a question: neither.  "1 if it is set" is still a yes.
#include <errno.h>

struct dom {
	int id;
	int count;
};

/**
 * @brief Move a device from one domain to another.
 *
 * @retval 0 on success.
 * @retval 1 fail to unassign the device
 */
int move_pt_device(struct dom *from, struct dom *to)
{
	if (!from || !to)
		return -EINVAL;
	from->count--;
	to->count++;
	return 0;
}

/**
 * Reads a property list from a buffer.
 * @return 1 if the properties were read successfully.
 */
int props_read(struct dom *d, const char *buf)
{
	if (!buf)
		return -ENOMEM;
	if (!*buf)
		return 0;
	d->count = *buf;
	return 1;
}

/**
 * Whether the domain is live.
 * @return 1 if it is live, 0 if not.
 */
int dom_is_live(struct dom *d)
{
	if (!d)
		return -EINVAL;
	return d->count > 0;
}
// args: --style
// expect: doc-one-said.c:47:5: warning: predicate 'dom_is_live' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: doc-one-said.c:50:3: note: returns a negative errno
