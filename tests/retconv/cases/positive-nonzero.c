// A result whose success is above 0 (inet_pton(): 1, 0 for no address,
// -1 for a bad family) tested only against 0, where the branch on a value
// other than 0 handles an error: every address that parses reads as a
// failure (memcached's "-l" option, fixed to "<= 0").  "== 1" and "<= 0"
// are right.
#include <arpa/inet.h>
#include <errno.h>
#include <stdio.h>

int parse_listen(const char *s, struct in_addr *a)
{
	if (inet_pton(AF_INET, s, a) != 0) {
		fprintf(stderr, "Illegal address: %s\n", s);
		return -EINVAL;
	}
	if (inet_pton(AF_INET, s, a) == 1)
		return 0;
	if (inet_pton(AF_INET, s, a) <= 0) {
		fprintf(stderr, "Illegal address: %s\n", s);
		return -EINVAL;
	}
	return 0;
}
// expect: positive-nonzero.c:12:6: warning: 'inet_pton' returns a positive value on success, 0 or a negative value on failure (class positive, from the built-in table): the branch taken on a value other than 0 handles an error, but its success is above 0; test it for <= 0 [retconv-D]
// expect: positive-nonzero.c:13:3: note: the branch logs an error with fprintf()
