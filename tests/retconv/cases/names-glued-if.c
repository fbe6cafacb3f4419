// Names read by English grammar (issue 26 section 4, the seventh blind
// round): "if" written together with "not" or with a state starts the
// condition of the action before it (gen_ifnot_exists generates the
// record unless it exists: an action); a verb last after a quantifier
// is a state only when its plain form is one (all_set, any_clear ask;
// ep_any_post posts to the "any" endpoint: an action); and a parameter
// the name asks the place of (addr_in_range(addr, ...)) makes a
// question of where, a predicate, even after a first word that is a
// verb when it returns bool (arm_addr_in_region).
#include <errno.h>
#include <stdbool.h>

struct rec {
	int fd;
	unsigned long bits;
	unsigned long lo, hi;
};

/* An action: 0 or a negative errno, right. */
int vmrec_gen_ifnot_exists(struct rec *r)
{
	if (r->fd < 0)
		return -EBADF;
	return 0;
}

/* An action after a glued condition, giving 1 for success: rule A. */
int log_gen_ifnot_exists(struct rec *r)
{
	if (r->fd < 0)
		return -EBADF;
	return 1;
}

/* Posts a receive to the "any" endpoint: an action, right. */
int udt_ep_any_post(struct rec *r)
{
	if (!r->fd)
		return -EAGAIN;
	return 0;
}

/* A state after a quantifier still asks: an error reads as true. */
int rec_bits_any_set(struct rec *r)
{
	if (!r)
		return -EINVAL;
	return r->bits != 0;
}

/* Asks where the address lies: a bool, a predicate, right. */
bool arm_addr_in_region(struct rec *r, unsigned long phys_addr)
{
	return phys_addr >= r->lo && phys_addr < r->hi;
}

/* The same question, answered with an int: a predicate, right. */
int addr_in_window(struct rec *r, unsigned long addr)
{
	return addr >= r->lo && addr < r->hi;
}

/* Commands (map), with an int: an action, and its 1 is rule A's. */
int map_addr_in_window(struct rec *r, unsigned long addr)
{
	if (!r)
		return 0;
	r->lo = addr;
	return 1;
}

/* Commands and returns a status: "in" says where it puts it. */
int insert_addr_in_table(struct rec *r, unsigned long addr)
{
	if (!r)
		return -EINVAL;
	r->lo = addr;
	return 0;
}

/* A bool action whose "in" names no parameter: rule A. */
bool load_key_in_cache(struct rec *r, int slot)
{
	return r->fd == slot;
}
// args: --style
// expect: names-glued-if.c:28:5: warning: action 'log_gen_ifnot_exists' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: names-glued-if.c:31:3: note: returns a negative errno
// expect: names-glued-if.c:32:2: note: returns 1
// expect: names-glued-if.c:44:5: warning: predicate 'rec_bits_any_set' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: names-glued-if.c:47:3: note: returns a negative errno
// expect: names-glued-if.c:64:5: warning: action 'map_addr_in_window' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: names-glued-if.c:69:2: note: returns 1
// expect: names-glued-if.c:82:6: warning: action 'load_key_in_cache' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: names-glued-if.c:84:2: note: returns a boolean
