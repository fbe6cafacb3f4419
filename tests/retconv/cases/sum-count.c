// A sum of values never negative is a count ("size += 1 + *len",
// "return 1 + n"): a function that returns such a size, or a negative
// failure, has a value's class, so a size_t holding its result and tested
// "> 0" takes the failure for a size (knot's NAPTR header size, an error
// code copied as a length).  A test in a signed variable is right.
#include <stddef.h>
#include <string.h>

#define E_MALFORMED (-994)

static int header_size(const unsigned char *src, size_t avail)
{
	size_t size = 4;
	int i;

	for (i = 0; i < 3; i++) {
		if (size >= avail)
			return E_MALFORMED;
		size += 1 + src[size];
	}
	return size;
}

int copy_header(unsigned char *dst, const unsigned char *src, size_t avail)
{
	size_t to_copy = header_size(src, avail);

	if (to_copy > 0) {
		memcpy(dst, src, to_copy);
		return 0;
	}
	return -1;
}

int copy_header_checked(unsigned char *dst, const unsigned char *src,
			size_t avail)
{
	int ret = header_size(src, avail);

	if (ret <= 0)
		return ret;
	memcpy(dst, src, (size_t)ret);
	return 0;
}
// expect: sum-count.c:28:6: warning: 'header_size' returns a value or a negative errno (class mixed, from its definition at sum-count.c:11), but 'to_copy' is unsigned: its negative failure is a large value there, and 'to_copy > 0' is true for it; keep it in a signed variable [retconv-C]
// expect: sum-count.c:26:9: note: 'to_copy' holds the result of 'header_size' from here
