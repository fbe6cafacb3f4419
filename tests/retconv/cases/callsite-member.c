// Calls through function pointers in structures, written out or behind a
// macro: judged by the member's declared type.  A member declared bool (a
// predicate whatever function it holds) tested for a sign; a signed
// member's result kept unsigned.
#include <errno.h>
#include <stdbool.h>

struct port;

struct port_ops {
	bool (*link_up)(struct port *p);
	int (*xmit)(struct port *p, const void *buf, int len);
	unsigned int (*pending)(struct port *p);
};

struct port {
	const struct port_ops *ops;
	unsigned int sent;
};

#define port_link_up(p) ((p)->ops->link_up(p))
#define port_xmit(p, b, n) (p)->ops->xmit((p), (b), (n))

int port_start(struct port *p)
{
	if (p->ops->link_up(p) < 0)
		return -ENOLINK;
	if (port_link_up(p) < 0)
		return -ENOLINK;
	if (p->ops->pending(p) < 0)
		return -EIO;
	return 0;
}

int port_send(struct port *p, const void *buf)
{
	p->sent = port_xmit(p, buf, 4);
	if (p->sent < 0)
		return -EIO;
	return 0;
}

/* Not flagged: a signed member may be negative; nothing is known of the
 * function it holds. */
int port_send_right(struct port *p, const void *buf)
{
	int n = p->ops->xmit(p, buf, 4);

	if (n < 0)
		return n;
	if (n > 0)
		return 0;
	return (*p->ops->xmit)(p, buf, 4) < 0 ? -EIO : 0;
}
// expect: callsite-member.c:26:6: warning: '->link_up' returns only 0 or 1 (class boolean, from the declared type of the member 'link_up'), never negative: '->link_up(...) < 0' is never true; test it against 0 for what it means [retconv-C]
// expect: callsite-member.c:28:6: warning: '->link_up' returns only 0 or 1 (class boolean, from the declared type of the member 'link_up'), never negative: '->link_up(...) < 0' is never true; test it against 0 for what it means [retconv-C]
// expect: callsite-member.c:30:6: warning: '->pending' returns a count (class count, from the declared type of the member 'pending'), never negative: '->pending(...) < 0' is never true; test it against 0 for what it means [retconv-C]
// expect: callsite-member.c:38:6: warning: '->xmit' returns a signed value, negative on failure as far as its type says, but 'p->sent' is unsigned: 'p->sent < 0' is never true; keep it in a signed variable [retconv-C]
// expect: callsite-member.c:37:2: note: 'p->sent' holds the result of '->xmit' from here
