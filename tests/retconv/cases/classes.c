// Every return class, as --classes names them.  No rule is broken here.
// args: --classes --static
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>

struct item {
	int n;
};

static struct item store;

void note_item(int n)
{
	store.n = n;
}

int submit_item(int n)
{
	if (n < 0)
		return -EINVAL;
	if (n > 100)
		return -ENOSPC;
	return 0;
}

bool item_valid(int n)
{
	return n >= 0;
}

int item_full(int n)
{
	if (n > 10)
		return 1;
	return 0;
}

unsigned int item_weight(void)
{
	return 4;
}

int item_total(int n)
{
	if (n)
		return 2;
	return 0;
}

struct item *item_lookup(void)
{
	return &store;
}

int item_read(int n)
{
	if (n < 0)
		return -EIO;
	return 17;
}

int item_scaled(int n)
{
	return n * 3;
}

double item_ratio(int n)
{
	return n / 2.0;
}
// expect: classes.c:13:6: note_item: public neither void
// expect: classes.c:18:5: submit_item: public action errno
// expect: classes.c:27:6: item_valid: public predicate boolean
// expect: classes.c:32:5: item_full: public predicate boolean
// expect: classes.c:39:14: item_weight: public neither count
// expect: classes.c:44:5: item_total: public neither count
// expect: classes.c:51:14: item_lookup: public neither pointer
// expect: classes.c:56:5: item_read: public action mixed
// expect: classes.c:63:5: item_scaled: public neither unknown
// expect: classes.c:68:8: item_ratio: public neither other
