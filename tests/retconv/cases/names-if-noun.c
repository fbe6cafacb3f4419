// "if" with no verb before it (issue 26 section 4, round 18's netifd
// system_if_force_external): a condition governs an action before it
// (skip_if_exists), and with none there "if" is a noun, a network
// interface (net_if_mac, system_if_reset, system_if_force_external), the
// subject the words before it name, and the words after it are read
// alone: system_if_reset resets, the others say neither.  Unless a condition follows
// it (a state, an adjective, a participle, a word that asks, "not",
// a match) or a lookup comes before it: sg_if_can2stderr prints if it
// can, and stays an action, as error_if_port_is_busy and get_if_addr do.  Kernel style
// and user space alike.
#include <errno.h>
#include <stdbool.h>

struct iface {
	int index;
	bool wireless;
	unsigned char mac[6];
};

/* User space: a question about an interface, bool (silent). */
bool system_if_force_external(const struct iface *ifc)
{
	return ifc->wireless && ifc->index > 0;
}

/* Still an action with its verb last: 0 or 1 (flagged). */
int system_if_reset(struct iface *ifc)
{
	ifc->index = 0;
	return ifc->wireless ? 1 : 0;
}

/* A condition after "if": the action before it, bool (flagged). */
bool log_if_can2stderr(int err)
{
	return err != 0;
}

/* A condition that asks after "if", and a lookup before it: the
 * action before the condition, as before (flagged). */
int error_if_port_is_busy(const struct iface *ifc)
{
	return ifc->index > 0 ? 1 : 0;
}

bool get_if_addr(struct iface *ifc)
{
	ifc->index = 1;
	return true;
}

/* A condition with a verb before it, as before (flagged). */
bool grow_buffer_if_needed(struct iface *ifc)
{
	ifc->index++;
	return true;
}

/* Kernel style: an interface's address copied out, 0 or -errno
 * (silent); and a bool with an interface noun and no verb (silent). */
int net_if_mac(struct iface *ifc, unsigned char *mac)
{
	if (!ifc)
		return -ENODEV;
	mac[0] = ifc->mac[0];
	return 0;
}

bool tun_if_external(const struct iface *ifc)
{
	return !ifc->wireless || !ifc->index;
}
// expect: names-if-noun.c:27:5: warning: action 'system_if_reset' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: names-if-noun.c:30:2: note: returns 0 or 1
// expect: names-if-noun.c:34:6: warning: action 'log_if_can2stderr' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: names-if-noun.c:36:2: note: returns a boolean
// expect: names-if-noun.c:41:5: warning: action 'error_if_port_is_busy' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: names-if-noun.c:43:2: note: returns 0 or 1
// expect: names-if-noun.c:46:6: warning: action 'get_if_addr' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: names-if-noun.c:49:2: note: returns true
// expect: names-if-noun.c:53:6: warning: action 'grow_buffer_if_needed' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: names-if-noun.c:56:2: note: returns true
