// A test of a result for 0 that reads it rightly, though a branch logs:
// a lookup whose success is its caller's failure ("if (!resolve(p)) {
// log("exists"); return -EEXIST; }": the error it returns reports a
// state, that the thing is already there), and a statement that only
// quiets warn_unused_result ("if (rc) {}": neither way does anything).
// Not these: the same lookup whose branch returns an error of its own
// making (-EIO), which takes the call's success for its failure, and a
// write's result tested for 0 by a branch that uses it.
#include <errno.h>
#include <stdio.h>
#include <unistd.h>

struct node {
	const char *name;
	struct node *next;
};

/* Kernel style: 0 when @name is found, or a negative errno. */
int node_resolve(const struct node *root, const char *name)
{
	if (!root || !name)
		return -EINVAL;
	for (; root; root = root->next)
		if (root->name == name)
			return 0;
	return -ENOENT;
}

int node_mkdir(const struct node *root, const char *name)
{
	if (!node_resolve(root, name)) {
		fprintf(stderr, "%s: already exists\n", name);
		return -EEXIST;
	}
	return 0;
}

// expect: callsite-right-tests.c:42:6: warning: 'node_resolve' returns 0 or a negative errno (class errno, from its definition at callsite-right-tests.c:19): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: callsite-right-tests.c:43:3: note: the branch logs an error with fprintf()
int node_open(const struct node *root, const char *name)
{
	if (!node_resolve(root, name)) {
		fprintf(stderr, "%s: cannot open\n", name);
		return -EIO;
	}
	return 0;
}

/* User space: a log line nobody must wait for. */
void note_kmsg(int fd, const char *line, size_t len)
{
	ssize_t rc = write(fd, line, len);

	if (rc) {}	/* quiets warn_unused_result: nothing to do */
}

// expect: callsite-right-tests.c:63:6: warning: 'write' returns a count or a length, or a negative value on failure (class value, from the built-in table): it is tested only for being 0, so its failure, negative, goes the way of a success; test it for > 0, or for the count it must reach [retconv-D]
// expect: callsite-right-tests.c:61:10: note: 'rc' holds the result of 'write' from here
void note_count(int fd, const char *line, size_t len, int *sent)
{
	ssize_t rc = write(fd, line, len);

	if (rc)
		(*sent)++;
}
