// Existence is only observed: a name that ends in "exists" or "present"
// asks whether what the words before it name is there, when none of them
// is a verb that is no noun (process, read and queue are nouns too):
// process_info_exists() and read_only_state_exists() are predicates, and
// return bool as the convention asks (libtock-c, judged false in round
// 23's final binary).  A verb that is no noun can make the thing exist:
// make_entry_present() is an action, and its bool is rule A's.
#include <stdbool.h>

struct dev {
	int info;
	int state;
};

bool process_info_exists(const struct dev *d)
{
	return d->info != 0;
}

bool read_only_state_exists(const struct dev *d)
{
	return d->state != 0;
}

bool make_entry_present(struct dev *d)
{
	d->info = 1;
	return true;
}
// expect: names-existence.c:25:6: warning: action 'make_entry_present' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: names-existence.c:28:2: note: returns true
