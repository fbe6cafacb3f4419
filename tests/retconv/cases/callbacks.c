// A function whose address is taken is a callback: it returns what its
// caller through the pointer expects (qsort's comparator, a library's 0/1
// filter), whatever its name says, and rules A and B leave it alone.  The
// reference must not be the callee of a call.
// args: --static
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>

struct filter {
	int (*match)(const void *item);
};

/* A filter by the library's convention: 1 keeps the item. */
static int check_item(const void *item)
{
	return item ? 1 : 0;
}

const struct filter item_filter = { .match = check_item };

/* qsort's comparator, called through a pointer. */
int is_before(const void *a, const void *b)
{
	return a < b ? -1 : 1;
}

void sort_items(void *v, size_t n)
{
	qsort(v, n, sizeof(void *), is_before);
}

/* Flagged: only called, never passed. */
int check_slot(const int *slot)
{
	return *slot ? 1 : 0;
}

int use_slot(const int *slot)
{
	if (check_slot(slot))
		return -EBUSY;
	return 0;
}
// expect: callbacks.c:34:5: warning: action 'check_slot' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: callbacks.c:36:2: note: returns 0 or 1
