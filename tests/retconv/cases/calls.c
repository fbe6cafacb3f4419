// Calls to functions already classified carry their values, across files
// too (the callee may be defined after the caller, or call itself).
#include <errno.h>
#include <stdbool.h>

int test_and_set(int *bit);
bool timer_armed(const int *t);

int was_free(int *bit)
{
	return test_and_set(bit) ? 0 : 1;
}

/* Passes on a 0/1 "claimed" as if it were an errno. */
int claim_slot(int *bit)
{
	if (!bit)
		return -EINVAL;
	return was_free(bit);
}

/* Passes on a bool: rule A, through the callee's declared type. */
int arm_timer(const int *t)
{
	return timer_armed(t);
}

int drain_slots(int *bit, int n)
{
	if (n <= 0)
		return 0;
	return drain_slots(bit + 1, n - 1);
}

/* Calls whose values are unknown prove nothing. */
int release_slot(int *bit)
{
	return test_and_set(bit);
}
// expect: calls.c:15:5: warning: action 'claim_slot' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: calls.c:18:3: note: returns a negative errno
// expect: calls.c:19:2: note: returns 0 or 1
// expect: calls.c:23:5: warning: action 'arm_timer' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: calls.c:25:2: note: returns a boolean
