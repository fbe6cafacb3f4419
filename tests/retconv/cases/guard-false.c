// SPDX-License-Identifier: MIT
/*
 * What a test's false side lets a variable be is what the negated test
 * lets it be, not every sign the true side does not name: "ret == -EIO"
 * false leaves ret any negative errno but -EIO, and "ret > -1" false
 * leaves it negative.  apply_mode() returns level()'s -EINVAL where the
 * test for -EIO fails, beside its 1: the note at its last return names
 * both.  is_ready(), a predicate, returns that -EINVAL where "ret > -1"
 * fails: rule B.
 */
#define EINVAL 22
#define EIO 5
#define EAGAIN 11

static int level(int m)
{
	if (m)
		return -EINVAL;
	return 1;
}

int apply_mode(int m)
{
	int ret = level(m);

	if (ret == -EIO)
		return -EAGAIN;
	return ret;
}

int is_ready(int m)
{
	int ret = level(m);

	if (ret > -1)
		return 1;
	return ret;
}
// args: --style
// expect: guard-false.c:22:5: warning: action 'apply_mode' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: guard-false.c:27:3: note: returns a negative errno
// expect: guard-false.c:28:2: note: returns 1 or a negative errno
// expect: guard-false.c:31:5: warning: predicate 'is_ready' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: guard-false.c:37:2: note: returns a negative errno
