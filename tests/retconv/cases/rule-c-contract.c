// A signed function whose body never returns a negative value, which its
// callers test for one: git's repo_read_index() dies on error and returns
// a count, while its int, and its documentation, promise a negative value
// on failure.  The callers are right to expect what they were promised, so
// the finding is made once, at the callee, with the callers as notes, and
// does not tell them to test against 0.
#include <errno.h>
#include <stdlib.h>

struct index {
	int nr;
	unsigned int cache_nr;
	int bad;
};

void die(const char *msg) __attribute__((noreturn));

/*
 * read_index() - read the index.
 * Return: the number of entries, or a negative value on error.
 */
int read_index(struct index *ix)
{
	int nr = ix->nr;

	if (ix->bad)
		die("index file corrupt");
	return nr < 0 ? 0 : nr;
}

int add_files(struct index *ix)
{
	if (read_index(ix) < 0)
		return -EIO;
	return 0;
}

int commit_index(struct index *ix)
{
	int n = read_index(ix);

	if (n < 0)
		return n;
	return 0;
}

/* Not flagged: the caller tests only what the body can return. */
int status(struct index *ix)
{
	if (!read_index(ix))
		return 1;
	return 0;
}

/* Flagged at the call: an unsigned count was never promised negative. */
unsigned int count_entries(const struct index *ix)
{
	return (unsigned int)ix->nr;
}

int show(const struct index *ix)
{
	if (count_entries(ix) < 0)
		return -EINVAL;
	return 0;
}
/* An unsigned count kept in a structure and returned as an int is still
 * a count (git's do_read_index() returns istate->cache_nr). */
int load_index(struct index *ix)
{
	if (ix->bad)
		die("index file corrupt");
	return ix->cache_nr;
}

int refresh(struct index *ix)
{
	if (load_index(ix) < 0)
		return -EIO;
	return 0;
}

/* The same field cast to a signed type of its width, in so many words, is
 * its bits read as signed: a negative value may come out. */
int load_signed(struct index *ix)
{
	return (int)ix->cache_nr;
}

int refresh_signed(struct index *ix)
{
	if (load_signed(ix) < 0)
		return -EIO;
	return 0;
}
// expect: rule-c-contract.c:22:5: warning: 'read_index' is declared to return a signed int and 2 call sites test it for a negative value, but its body never returns one (class count, from its definition): return a negative value on failure, or make its failure plain to its callers and drop their tests [retconv-C]
// expect: rule-c-contract.c:33:6: note: 'read_index(...) < 0' in add_files() expects a negative value
// expect: rule-c-contract.c:42:6: note: 'n < 0' in commit_index() expects a negative value
// expect: rule-c-contract.c:63:6: warning: 'count_entries' returns a count (class count, from its definition at rule-c-contract.c:56), never negative: 'count_entries(...) < 0' is never true; test it against 0 for what it means [retconv-C]
// expect: rule-c-contract.c:69:5: warning: 'load_index' is declared to return a signed int and 1 call site tests it for a negative value, but its body never returns one (class count, from its definition): return a negative value on failure, or make its failure plain to its callers and drop their tests [retconv-C]
// expect: rule-c-contract.c:78:6: note: 'load_index(...) < 0' in refresh() expects a negative value
