// Static functions are only advised: by default they are not reported.
#include <stdbool.h>

static bool add_entry(int *slot)
{
	if (*slot)
		return false;
	*slot = 1;
	return true;
}

int use_entry(int *slot)
{
	return add_entry(slot) ? 0 : -16;
}
