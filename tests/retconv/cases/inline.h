// A header is checked as its own file: its static inline functions are
// everyone's who includes it, so they are reported without --static.
#include <stdbool.h>

struct slot {
	int busy;
};

static inline bool reserve_slot(struct slot *s)
{
	if (s->busy)
		return false;
	s->busy = 1;
	return true;
}

static inline bool slot_busy(const struct slot *s)
{
	return s->busy != 0;
}
// expect: inline.h:9:20: warning: action 'reserve_slot' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: inline.h:12:3: note: returns false
// expect: inline.h:14:2: note: returns true
