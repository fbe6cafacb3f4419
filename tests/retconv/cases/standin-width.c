// A type named for its width that a missing generated header would define
// (zipconf.h's zip_int64_t, glibconfig.h's guint32) stands in as that
// integer, signed or unsigned as its name says: as a structure, the test
// of a result of that type would be an error, and the misread lost.
#include <errno.h>
#include "standin-width-conf.h"

zip_int64_t zip_fread(void *f, void *buf, zip_uint64_t n);

int copy(void *f, char *buf)
{
	zip_uint64_t got = zip_fread(f, buf, 16);

	if (got < 0)
		return -EIO;
	return 0;
}
// expect: standin-width.c:14:6: warning: 'zip_fread' returns a signed value, negative on failure as far as its type says, but 'got' is unsigned: 'got < 0' is never true; keep it in a signed variable [retconv-C]
// expect: standin-width.c:12:15: note: 'got' holds the result of 'zip_fread' from here

/* Kept signed: the test can be true, and nothing is said. */
gint64 zip_ftell(void *f);

int skip(void *f, char *buf)
{
	gint64 got = zip_fread(f, buf, 16);

	if (got < 0)
		return -EIO;
	return 0;
}
/*
 * A type's first use inside a function starts a declaration, which clang
 * reads as an undeclared name: it is a type all the same.
 */
int again(void *f, char *buf)
{
	guint32 got = zip_fread(f, buf, 16);

	if (got < 0)
		return -EIO;
	return 0;
}
// expect: standin-width.c:40:6: warning: 'zip_fread' returns a signed value, negative on failure as far as its type says, but 'got' is unsigned: 'got < 0' is never true; keep it in a signed variable [retconv-C]
// expect: standin-width.c:38:10: note: 'got' holds the result of 'zip_fread' from here
// exit: 1
// stderr: retconv: standin-width.c: note: parsed with errors: 1 header not found (standin-width-conf.h); checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
