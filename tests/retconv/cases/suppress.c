// A retconv: ignore comment on the function's line silences its rules.
#include <errno.h>
#include <stdbool.h>

int queue_old(int *w) /* retconv: ignore A */
{
	return *w ? 0 : 1;
}

/* retconv: ignore */
int queue_older(int *w)
{
	return *w ? 0 : 1;
}

bool
add_legacy(int *w) /* retconv: ignore */
{
	return *w != 0;
}

int is_set(int *w) /* retconv: ignore B */
{
	return *w ? 1 : -EINVAL;
}

/* Ignoring rule B does not silence rule A. */
int queue_new(int *w) /* retconv: ignore B */
{
	return *w ? 0 : 1;
}

/* Where the type stands on a line of its own, either line will do. */
bool /* retconv: ignore A */
add_bsd(int *w)
{
	return *w;
}

bool
add_plain(int *w)
{
	return *w;
}
// expect: suppress.c:11:5: warning: action 'queue_older' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: suppress.c:13:2: note: returns 0 or 1
// expect: suppress.c:28:5: warning: action 'queue_new' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: suppress.c:30:2: note: returns 0 or 1
// expect: suppress.c:41:1: warning: action 'add_plain' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: suppress.c:43:2: note: returns a boolean
