// A function whose status goes out through a pointer parameter named for
// it (int *out_rc, long *status; int *err: error-param.c) returns
// something else: the value it parsed, or whether to go on.  An action's
// name so defined is neither, and rule A leaves it; a predicate's result
// is still its answer (is_ready).  A pointer to an int of another name
// (int *count) is no status, and a status that is no pointer is an
// input: those are read by their names as ever.
#include <errno.h>
#include <stdbool.h>

bool parse_bool(const char *s, int *out_status)
{
	*out_status = 0;
	return s[0] == 't';
}

int gc_if_oom(void *res, int *out_rc)
{
	*out_rc = res ? 0 : -ENOMEM;
	return res ? 0 : 1;
}

bool send_word(const char *s, long *status)
{
	*status = 0;
	return s[0] != 0;
}

bool parse_count(const char *s, int *count)
{
	*count = 1;
	return s[0] == 't';
}

int is_ready(int *status)
{
	return *status ? -EIO : 1;
}

int load_with(int status)
{
	return status ? 0 : 1;
}
// args: --style
// expect: out-status.c:29:6: warning: action 'parse_count' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: out-status.c:32:2: note: returns a boolean
// expect: out-status.c:35:5: warning: predicate 'is_ready' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: out-status.c:37:2: note: returns a negative errno
// expect: out-status.c:40:5: warning: action 'load_with' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: out-status.c:42:2: note: returns 0 or 1
