// SPDX-License-Identifier: MIT
/*
 * Two binding steps of the same shape: 1 for an entry bound, a negative
 * errno on failure.  Alone, both break rule A.  Checked with
 * standin-cb-b.c, which stores bind_entry() as a callback without the
 * header that declares it, bind_entry() follows the caller's convention
 * and is outside rules A and B; bind_other() still breaks rule A.
 */
#define EINVAL 22

int bind_entry(const int *src)
{
	if (!src[0])
		return -EINVAL;
	return 1;
}

int bind_other(const int *src)
{
	if (!src[1])
		return -EINVAL;
	return 1;
}
// expect: standin-cb-a.c:11:5: warning: action 'bind_entry' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: standin-cb-a.c:14:3: note: returns a negative errno
// expect: standin-cb-a.c:15:2: note: returns 1
// expect: standin-cb-a.c:18:5: warning: action 'bind_other' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: standin-cb-a.c:21:3: note: returns a negative errno
// expect: standin-cb-a.c:22:2: note: returns 1
