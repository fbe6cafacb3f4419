// A function documented as 0 or a negative errno that returns another's
// result as it is gives that result as its own: the undocumented callee
// that returns only 0 and negative values keeps the documented contract,
// even under a name that asks (an "is assigned" documented "0 if
// assigned, -ENOENT if not").  Without the documented caller the name is
// read: rule B.
#include <errno.h>

struct hdr {
	int slot[8];
};

static int slot_is_assigned(struct hdr *h, int slot)
{
	if (h->slot[slot])
		return 0;
	return -ENOENT;
}

int hdr_slot_is_assigned(struct hdr *h, int slot)
{
	if (slot < 0 || slot >= 8)
		return -EINVAL;
	return slot_is_assigned(h, slot);
}

/**
 * token_is_assigned() - whether a token is bound to a slot
 * @h: the header
 * @slot: the slot
 *
 * Return: 0 if it is, -ENOENT if it is not, or another negative errno.
 */
int token_is_assigned(struct hdr *h, int slot)
{
	return hdr_slot_is_assigned(h, slot);
}

/* The same shape, undocumented all the way up. */
int key_is_loaded(struct hdr *h, int slot)
{
	if (slot < 0 || slot >= 8)
		return -EINVAL;
	return h->slot[slot] ? 0 : -ENOENT;
}

int dev_key_is_loaded(struct hdr *h)
{
	return key_is_loaded(h, 0);
}
// args: --style
// expect: doc-errno-down.c:40:5: warning: predicate 'key_is_loaded' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: doc-errno-down.c:43:3: note: returns a negative errno
// expect: doc-errno-down.c:44:2: note: returns a negative errno
