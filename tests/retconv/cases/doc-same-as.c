// A variant documented only by its model (issue 26 section 4, the
// thirteenth blind round): "Same as trie_put(), but also sets data" says
// nothing of the result but that it is trie_put()'s, so trie_put()'s
// documented contract (negative on error, zero when inserted, positive
// when already there) is the variant's too.  A model with no word on
// its result lends none: the variant is judged by its own name and body.
#include <errno.h>
#include <stddef.h>

struct trie {
	int key;
	const void *data;
};

/* Inserts @key if it is not already there.  Returns negative value on
 * error, zero on successful insertion and positive number if the key was
 * already in the trie. */
int trie_put(struct trie *t, int key);

/* Same as trie_put(), but also sets data. */
int trie_set(struct trie *t, int key, const void *data);

/* Stores @key. */
int slot_put(struct trie *t, int key);

/* Like slot_put(), but also sets data. */
int slot_set(struct trie *t, int key, const void *data);

int trie_set(struct trie *t, int key, const void *data)
{
	if (!t)
		return -EINVAL;
	if (t->key == key)
		return 1;
	t->key = key;
	t->data = data;
	return 0;
}

int trie_put(struct trie *t, int key)
{
	return trie_set(t, key, NULL);
}

int slot_set(struct trie *t, int key, const void *data)
{
	if (!t)
		return -EINVAL;
	if (t->key == key)
		return 1;
	t->key = key;
	t->data = data;
	return 0;
}

int slot_put(struct trie *t, int key)
{
	return slot_set(t, key, NULL);
}

// expect: doc-same-as.c:45:5: warning: action 'slot_set' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: doc-same-as.c:48:3: note: returns a negative errno
// expect: doc-same-as.c:50:3: note: returns 1
