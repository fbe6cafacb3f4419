// Two readings settled by the definition (issue 26 section 4, the
// seventh blind round).  A switch's state last after a verb and its
// object (flush_rkey_enabled) asks whether that feature is on when the
// body only computes a truth, with no constant and no call's result of
// its own: a predicate; with constants it acts on the object so
// switched (rule A).  A state the function brings about (connected),
// whose body gives back the value it was handed or -1, returns the
// thing with its error: neither; a name that asks keeps rule B.
#include <errno.h>
#include <sys/socket.h>

struct iface {
	int flush_remote;
	int rkey;
	int link;
};

int iface_flush_rkey_enabled(struct iface *i)
{
	return i->flush_remote && i->rkey != 0;
}

int handle_port_link_enabled(struct iface *i)
{
	if (!i->link)
		return 0;
	i->link = 2;
	return 1;
}

int tcp_connected(int s)
{
	int k = 0;
	socklen_t l = sizeof(k);

	if (getsockopt(s, SOL_SOCKET, SO_ERROR, &k, &l) || k)
		return -1;
	return s;
}

int tcp_is_connected(int s)
{
	int k = 0;
	socklen_t l = sizeof(k);

	if (getsockopt(s, SOL_SOCKET, SO_ERROR, &k, &l) || k)
		return -1;
	return s;
}
// args: --style
// expect: names-switch-made.c:23:5: warning: action 'handle_port_link_enabled' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: names-switch-made.c:28:2: note: returns 1
// expect: names-switch-made.c:41:5: warning: predicate 'tcp_is_connected' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: names-switch-made.c:47:3: note: returns a negative errno
