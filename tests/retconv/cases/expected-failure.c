// A test that asserts a call fails reports the call's success as its
// error: the branch on 0 that says the call succeeded, or did not fail,
// reads 0 as success, as the convention has it, and rule D leaves it.
// A branch on 0 that reports a failure is still rule D's.
#include <errno.h>
#include <stdio.h>

void pr_err(const char *fmt, ...);

/* 0 or -ENOENT, from its definition. */
int entry_read(int *db, int key)
{
	if (!db[key])
		return -ENOENT;
	return 0;
}

/* User space: a test program, the entry was removed before. */
static int check_removed(int *db)
{
	if (entry_read(db, 3) == 0) {
		fprintf(stderr, "Reading the removed entry did not fail!\n");
		return 1;
	}
	return 0;
}

/* Kernel style: a self-test that expects -ENOENT. */
int selftest_removed(int *db)
{
	if (!entry_read(db, 4)) {
		pr_err("entry_read() succeeded on a removed key\n");
		return -EINVAL;
	}
	return 0;
}

/* The same shape that does report a failure. */
static int load_entry(int *db)
{
	if (entry_read(db, 5) == 0) {
		fprintf(stderr, "cannot read entry 5\n");
		return 1;
	}
	return 0;
}
// expect: expected-failure.c:41:6: warning: 'entry_read' returns 0 or a negative errno (class errno, from its definition at expected-failure.c:11): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: expected-failure.c:42:3: note: the branch logs an error with fprintf()

int run_tests(int *db)
{
	return check_removed(db) || load_entry(db) ? -EIO : 0;
}
