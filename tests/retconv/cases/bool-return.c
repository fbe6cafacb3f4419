// SPDX-License-Identifier: MIT
/*
 * "return false;" from a signed function that fails with a negative
 * value elsewhere: false is 0, the function's success, where the words
 * say failure.  A tri-state (true, false or a negative errno) answers
 * with its false; a function with no negative return is a predicate
 * under an int.
 */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>

struct pkt {
	const unsigned char *opt;
	size_t len;
};

/* User space: a preference, or -1. */
int parse_pref(const struct pkt *p)
{
	if (p->len < 4)
		return -1;
	if (!p->opt)
		return false;
	return p->opt[3];
}

/* Kernel style: 0 or a negative errno. */
int quux_check_header(const struct pkt *p)
{
	if (!p->len)
		return -EINVAL;
	if (p->opt[0] != 0x7f)
		return false;
	return 0;
}

/* Right: documented, "0 if not" is an answer of its contract (md4c's
 * md_is_footnote_definition()). */

/*
 * Returns 0 if the packet has no label.
 * Returns N > 0 (the label's length) if it has one.
 * Returns -1 on a truncated packet.
 */
int quux_label_len(const struct pkt *p)
{
	if (p->len < 2)
		return -1;
	if (p->opt[1] != 0x2a)
		return false;
	return p->opt[2];
}

/* Right: a tri-state, and a predicate under an int. */
int quux_link_state(const struct pkt *p)
{
	if (!p->opt)
		return -ENODEV;
	if (p->len < 2)
		return false;
	return true;
}

int has_options(const struct pkt *p)
{
	if (!p->opt)
		return false;
	return p->len > 0;
}
// expect: bool-return.c:24:3: warning: 'parse_pref' fails with a negative value elsewhere, but returns false here, which is 0, its success; return its failure value (-1, a negative errno) if this is one [retconv-E]
// expect: bool-return.c:34:3: warning: 'quux_check_header' fails with a negative value elsewhere, but returns false here, which is 0, its success; return its failure value (-1, a negative errno) if this is one [retconv-E]
