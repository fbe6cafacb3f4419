// A result that is positive on success and 0 or negative on failure
// (inet_pton(): 1, 0 for no address, -1 for a bad family), tested for a
// sign where every success has been taken already: inside "if (rc <= 0)"
// the test only tells one failure from the other (OpenSSL's verify: an
// error from an invalid signature), and takes no failure for a success.
// Unguarded, "rc < 0" still does.
#include <arpa/inet.h>
#include <errno.h>

int parse_addr(const char *s, struct in_addr *a)
{
	int rc = inet_pton(AF_INET, s, a);

	if (rc <= 0)
		return rc < 0 ? -EAFNOSUPPORT : -EINVAL;
	return 0;
}

int parse_addr_loose(const char *s, struct in_addr *a)
{
	int rc = inet_pton(AF_INET, s, a);

	if (rc < 0)
		return -EAFNOSUPPORT;
	return 0;
}
// expect: positive-guarded.c:23:6: warning: 'inet_pton' returns a positive value on success, 0 or a negative value on failure (class positive, from the built-in table): 'rc < 0' takes its failure 0 for a success; test it for <= 0 [retconv-C]
// expect: positive-guarded.c:21:6: note: 'rc' holds the result of 'inet_pton' from here
