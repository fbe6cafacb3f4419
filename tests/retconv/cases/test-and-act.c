// A test joined to an action (test_and_set, test_and_clear_bit,
// atomic_dec_and_test) returns what the test found: the old value, or
// whether the count reached zero.  It answers, as a predicate does; it
// still may not return a negative errno (rule B).
#include <errno.h>
#include <stdbool.h>

struct flag {
	int v;
};

/* User space, C11's shape. */
bool flag_test_and_set(struct flag *f)
{
	bool old = f->v != 0;

	f->v = 1;
	return old;
}

/* Kernel style. */
int test_and_clear_bit(int nr, unsigned long *addr)
{
	int old = (*addr >> nr) & 1;

	*addr &= ~(1UL << nr);
	return old;
}

int ref_dec_and_test(struct flag *f)
{
	return --f->v == 0;
}

int bit_test_and_set(int nr, unsigned long *addr)
{
	if (nr < 0)
		return -EINVAL;
	if (*addr & (1UL << nr))
		return 1;
	*addr |= 1UL << nr;
	return 0;
}
// args: --style
// expect: test-and-act.c:35:5: warning: predicate 'bit_test_and_set' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: test-and-act.c:38:3: note: returns a negative errno

/* A test that acts on nothing: a check, read by its definition. */
int flag_test(struct flag *f)
{
	return f->v ? 1 : 0;
}
