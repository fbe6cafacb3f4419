// SPDX-License-Identifier: MIT
// "0 on success, non-zero if the index is out of range": the section
// names a success, so its "non-zero if" is the failure's condition, a
// status, not a yes or no; the function stays what its name says (put
// an entry back: an action).  "Non-zero if a slot is free, 0 if not"
// names no success, and stays a predicate's contract.
// args: --static --classes
#include <errno.h>
#include <stddef.h>

struct fmap {
	int size;
	const void **map;
};

/**
 * Put an entry back where it was taken out.
 *
 * @return
 *   0 on success, non-zero if `idx` out of range
 */
static inline int fmap_critical_put(const struct fmap *m, int idx,
				    const void *p)
{
	if (idx < 0 || idx >= m->size)
		return -1;
	m->map[idx] = p;
	return 0;
}

/**
 * Look at one slot.
 *
 * @return
 *   Non-zero if a slot is free, 0 if not
 */
static inline int fmap_slot(const struct fmap *m, int idx)
{
	if (idx < 0 || idx >= m->size)
		return -EINVAL;
	return !m->map[idx];
}

int fmap_use(struct fmap *m)
{
	if (fmap_critical_put(m, 0, NULL))
		return -EINVAL;
	return fmap_slot(m, 1) ? 0 : -EBUSY;
}
// expect: doc-success-if.c:22:19: fmap_critical_put: static action errno
// expect: doc-success-if.c:37:19: fmap_slot: static predicate mixed
// expect: doc-success-if.c:44:5: fmap_use: public neither errno
