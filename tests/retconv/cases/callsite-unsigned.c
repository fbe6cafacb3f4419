// A result that can be negative (its callee is declared signed) kept in an
// unsigned holder, or cast to an unsigned type, then tested for a sign:
// the test is dead whatever the callee's class, as no unsigned value is
// negative.  An errno stored in a uint8_t and sent to the device as its
// address, a read(2) count kept in a size_t.
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <unistd.h>

struct usb_dev {
	uint8_t addr;
	unsigned int ep;
};

int usb_alloc_address(struct usb_dev *d);	/* defined elsewhere */
int lookup_ep(struct usb_dev *d, int n);
unsigned int ep_count(const struct usb_dev *d);

int usb_enumerate(struct usb_dev *d)
{
	d->addr = usb_alloc_address(d);
	if (d->addr < 0)
		return -ENODEV;
	return 0;
}

int usb_pick_ep(struct usb_dev *d)
{
	uint8_t ep = lookup_ep(d, 1);

	if (ep < 0)
		return -ENOENT;
	if ((unsigned int)lookup_ep(d, 2) < 0)
		return -ENOENT;
	return ep;
}

ssize_t fill(int fd, char *buf, size_t len)
{
	size_t n = read(fd, buf, len);

	if (n < 0)
		return -1;
	return (ssize_t)n;
}

/* Through a copy. */
int usb_pick_copy(struct usb_dev *d)
{
	int ret = lookup_ep(d, 3);
	unsigned int ep;

	ep = ret;
	if (ep >= 0)
		d->ep = ep;
	return 0;
}

/* Not flagged: kept signed, converted back, or unsigned from the start. */
int usb_pick_right(struct usb_dev *d)
{
	int ep = lookup_ep(d, 1);
	unsigned int u = lookup_ep(d, 2);

	if (ep < 0)
		return ep;
	if ((int)u < 0)
		return -ENOENT;
	if (u == (unsigned int)-ENOENT)
		return -ENOENT;
	return ep_count(d) > 0 ? 0 : -ENODEV;
}
// expect: callsite-unsigned.c:24:6: warning: 'usb_alloc_address' returns a signed value, negative on failure as far as its type says, but 'd->addr' is unsigned: 'd->addr < 0' is never true; keep it in a signed variable [retconv-C]
// expect: callsite-unsigned.c:23:2: note: 'd->addr' holds the result of 'usb_alloc_address' from here
// expect: callsite-unsigned.c:33:6: warning: 'lookup_ep' returns a signed value, negative on failure as far as its type says, but 'ep' is unsigned: 'ep < 0' is never true; keep it in a signed variable [retconv-C]
// expect: callsite-unsigned.c:31:10: note: 'ep' holds the result of 'lookup_ep' from here
// expect: callsite-unsigned.c:35:6: warning: 'lookup_ep' returns a signed value, negative on failure as far as its type says, but it is cast to an unsigned type: '(unsigned)lookup_ep(...) < 0' is never true [retconv-C]
// expect: callsite-unsigned.c:44:6: warning: 'read' returns a count or a length, or a negative value on failure (class value, from the built-in table), but 'n' is unsigned: 'n < 0' is never true; keep it in a signed int [retconv-C]
// expect: callsite-unsigned.c:42:9: note: 'n' holds the result of 'read' from here
// expect: callsite-unsigned.c:56:6: warning: 'lookup_ep' returns a signed value, negative on failure as far as its type says, but 'ep' is unsigned: 'ep >= 0' is always true; keep it in a signed variable [retconv-C]
// expect: callsite-unsigned.c:52:6: note: 'ep' holds the result of 'lookup_ep' from here
