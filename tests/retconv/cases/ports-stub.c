// SPDX-License-Identifier: MIT
/*
 * The stand-ins of ports-real.c for a platform without network
 * namespaces or interfaces: alone they look like actions that return only
 * 0 or 1, or mix 1 with negative errnos; checked with ports-real.c they
 * are the descriptor's and the index's stand-ins.  port_reset() has no
 * other definition and stays rule A's.
 */
#define ENOSYS 38

struct port {
	const char *name;
	const char *ns_path;
};

int port_netns_open(const struct port *p)
{
	if (!p->ns_path)
		return -ENOSYS;
	return 1;
}

int port_if_load(const struct port *p)
{
	if (!p->name)
		return 0;
	return 1;
}

int port_reset(const struct port *p)
{
	if (!p->name)
		return -ENOSYS;
	return 1;
}
// expect: ports-stub.c:16:5: warning: action 'port_netns_open' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: ports-stub.c:19:3: note: returns a negative errno
// expect: ports-stub.c:20:2: note: returns 1
// expect: ports-stub.c:23:5: warning: action 'port_if_load' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: ports-stub.c:27:2: note: returns 1
// expect: ports-stub.c:30:5: warning: action 'port_reset' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: ports-stub.c:33:3: note: returns a negative errno
// expect: ports-stub.c:34:2: note: returns 1
