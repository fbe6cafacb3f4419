// A predicate's name whose answer goes out through a pointer parameter
// named for one of its words or for an output (int *valid in
// name_is_valid, bool *out), and whose result can be negative, returns
// the call's status: it is an action, and 0 or a negative errno is right
// (libgit2's style, and a kernel-style one).  Not when its result is only
// 0 and 1 (is_integer(int *out, s) answers by its result, and fills in
// the number), nor through a pointer to const (an input), nor through a
// pointer of another name (int *len).
#include <errno.h>
#include <stdbool.h>

int name_is_valid(int *valid, const char *name)
{
	if (!name)
		return -EINVAL;
	*valid = name[0] != '.';
	return 0;
}

int path_is_ignored(bool *out, const char *path)
{
	if (!path)
		return -1;
	*out = path[0] == '#';
	return 0;
}

int is_integer(int *out, const char *s)
{
	if (s[0] < '0' || s[0] > '9')
		return 0;
	*out = s[0] - '0';
	return 1;
}

int key_is_valid(const int *valid, const char *key)
{
	if (!key)
		return -EINVAL;
	return *valid;
}

int buf_is_full(int *len, const char *buf)
{
	if (!buf)
		return -EINVAL;
	*len = 0;
	return 1;
}
// args: --style
// expect: out-answer.c:36:5: warning: predicate 'key_is_valid' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: out-answer.c:39:3: note: returns a negative errno
// expect: out-answer.c:43:5: warning: predicate 'buf_is_full' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: out-answer.c:46:3: note: returns a negative errno
