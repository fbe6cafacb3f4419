// Two results that are no 0/-errno action's, whatever their returns mix.
//
// A result documented as "0 on success, non-zero on failure" (or 0 or
// unsigned error constants) is a status: its callers test for non-zero,
// so an errno of either sign is a failure they see (a storage library's
// own negative codes beside the system's positive errnos).  Where the
// documentation has a marked section on the result (@return, Return:),
// that section is the contract; the prose above it ("the length of the
// record is returned in @out") tells what the function does, and a line
// of another section that starts "return" goes on with that section.  An
// undocumented function whose result such a status returns as its own is
// a status too.  The same
// returns with a doc that promises negative errnos, or with none, are
// rule E's.
//
// A program's main() returns its exit status: "return -rc;" beside
// "return ENOMEM;" is no caller's misread, as nothing in the program
// calls it.
#include <errno.h>

#define STORE_NOTFOUND (-30798)

struct store {
	int open;
	int len;
};

/**
 * Fetch one record.  The record's length is returned in @out, and its
 * first byte is the index of the next one.
 * @param s the store
 * @param out where the length goes
 * @return A non-zero error value on failure and 0 on success.  Some
 * possible errors are:
 *	STORE_NOTFOUND - the key was not in the store.
 *	EINVAL - an invalid parameter was specified.
 */
int store_get(struct store *s, int *out)
{
	if (!s)
		return EINVAL;
	if (!s->len)
		return STORE_NOTFOUND;
	*out = s->len;
	return 0;
}

/*
 * store_put - keep one record
 *
 * Return: 0, or EIO or ENOSPC on failure.
 */
int store_put(struct store *s, int len)
{
	if (!s->open)
		return EIO;
	if (len > 4096)
		return STORE_NOTFOUND;
	s->len = len;
	return 0;
}

/* Undocumented, but its result is what a documented status returns. */
static int store_write(struct store *s)
{
	if (!s->open)
		return EBADF;
	if (s->len < 0)
		return STORE_NOTFOUND;
	return 0;
}

/**
 * Keep the store.
 * @param s the store
 * @param flags how: STORE_KEEPNEW - keep it only if it is new.  It will
 *	return STORE_NOTFOUND then, and a pointer to the old store's size
 *	in @s.
 * @return A non-zero error value on failure and 0 on success.
 */
int store_keep(struct store *s, int flags)
{
	if (flags < 0)
		return EINVAL;
	return store_write(s);
}

/**
 * store_sync() - write the store out
 * @s: the store
 *
 * Return: 0 on success, a negative errno on failure.
 */
int store_sync(struct store *s)
{
	if (!s->open)
		return EIO;
	if (s->len < 0)
		return -EINVAL;
	return 0;
}
// expect: doc-status.c:97:3: warning: 'store_sync' fails with a negative value elsewhere, but returns EIO here, a positive errno its callers' failure tests (< 0) miss; return -EIO [retconv-E]

/* Undocumented: rule E's. */
int store_close(struct store *s)
{
	if (!s->open)
		return EBADF;
	if (s->len < 0)
		return -EINVAL;
	s->open = 0;
	return 0;
}
// expect: doc-status.c:108:3: warning: 'store_close' fails with a negative value elsewhere, but returns EBADF here, a positive errno its callers' failure tests (< 0) miss; return -EBADF [retconv-E]

int main(int argc, char **argv)
{
	struct store s = { .open = argc > 1, .len = 0 };
	int rc;

	(void)argv;
	if (argc > 3)
		return ENOMEM;
	rc = store_sync(&s);
	return rc < 0 ? -rc : rc;
}
