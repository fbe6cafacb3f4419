// A result stored in a member the parse could not find (its structure is
// declared in a header the run did not have) has no holder: the test of
// another member of the same structure is not a test of that result.
// A member the parse knows still holds it.
#include <errno.h>
#include <stdbool.h>

bool port_slow(int port);
struct endpoint *ep_find(int port);

int ep_open(int port)
{
	struct endpoint *ep = ep_find(port);

	ep->slow = port_slow(port);
	if (ep->kind != 3)
		return -EINVAL;
	return 0;
}

struct port {
	bool slow;
	int kind;
};

int port_open(struct port *p, int port)
{
	p->slow = port_slow(port);
	if (p->slow < 0)
		return -EINVAL;
	return 0;
}
// expect: holder-recovery.c:29:6: warning: 'port_slow' returns only 0 or 1 (class boolean, from its declared return type), never negative: 'p->slow < 0' is never true; test it against 0 for what it means [retconv-C]
// expect: holder-recovery.c:28:2: note: 'p->slow' holds the result of 'port_slow' from here
// stderr: retconv: holder-recovery.c: note: parsed with errors: 2 other errors, the first: holder-recovery.c:15:4: error: incomplete definition of type 'struct endpoint'; checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
