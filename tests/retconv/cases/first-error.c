// SPDX-License-Identifier: MIT
/*
 * Rule D and the first error kept: a result held, tested for 0 inside the
 * handling of another failure, and returned after it.  The branch on 0
 * gives an error of its own where the call had none, and a non-zero
 * result is passed on as it is: no misreading.  An inverted test goes on
 * as if the call had worked and returns something else; that is still
 * one.
 */
#define EINVAL 22
#define EIO 5

int check_required(unsigned long want, unsigned long found);
int report(const char *msg);

int check_required(unsigned long want, unsigned long found)
{
	if (want & ~found)
		return -EINVAL;
	return 0;
}

int parse_options(unsigned long want, unsigned long found, const char *bad)
{
	int err;

	err = check_required(want, found);
	if (bad) {
		report(bad);
		if (!err)
			return -EINVAL;
	}
	return err;
}

int parse_options_inverted(unsigned long want, unsigned long found)
{
	int err;

	err = check_required(want, found);
	if (!err)
		return -EIO;
	report("options are fine");
	return 0;
}
// expect: first-error.c:41:6: warning: 'check_required' returns 0 or a negative errno (class errno, from its definition at first-error.c:16): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: first-error.c:40:2: note: 'err' holds the result of 'check_required' from here
// expect: first-error.c:42:3: note: the branch returns a negative errno
