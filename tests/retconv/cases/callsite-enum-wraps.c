// SPDX-License-Identifier: MIT
/*
 * An unsigned result kept in an enumeration: the enumeration is its
 * integer type, signed when it names a negative member, and a signed
 * holder no wider than the result makes the large values negative
 * there.  A protocol's 32-bit encoding number converted from network
 * order into an enum of encodings whose pseudo-encodings are negative
 * (RFB_ENCODING_CURSOR = -239): their case labels are taken.  An
 * enumeration with no negative member is unsigned, and its "< 0" is as
 * dead as any unsigned holder's; so is a read(2) count kept in a size_t.
 */
#include <stddef.h>
#include <stdint.h>
#include <unistd.h>

uint32_t net_to_host(uint32_t v);	/* defined elsewhere */
uint32_t readl(const volatile void *addr);

enum encoding {
	ENC_RAW = 0,
	ENC_TIGHT = 7,
	ENC_CURSOR = -239,
	ENC_PTS = -1000,
};

enum link_flags {
	LINK_UP = 1,
	LINK_FAST = 2,
};

enum dev_state {
	DEV_IDLE = 0,
	DEV_BUSY = 1,
	DEV_GONE = -1,
};

/* User space: the encodings a client announces. */
int count_encodings(const uint32_t *v, int n)
{
	int i, k = 0;

	for (i = 0; i < n; i++) {
		enum encoding e = net_to_host(v[i]);

		switch (e) {
		case ENC_RAW:
		case ENC_TIGHT:
		case ENC_CURSOR:
		case ENC_PTS:
			k++;
			break;
		}
	}
	return k;
}

/* Kernel style: a register read into a signed state. */
int dev_poll(const volatile void *regs)
{
	enum dev_state st;

	st = readl(regs);
	if (st < 0)
		return -19;
	return st == DEV_BUSY ? -16 : 0;
}

/* Flagged: an enumeration with no negative member is unsigned. */
int link_check(const uint32_t *v)
{
	enum link_flags f = net_to_host(*v);

	if (f < 0)
		return -1;
	return 0;
}

ssize_t fill(int fd, char *buf, size_t len)
{
	size_t n = read(fd, buf, len);

	if (n < 0)
		return -1;
	return (ssize_t)n;
}
// expect: callsite-enum-wraps.c:73:6: warning: 'net_to_host' returns a count (class count, from its declared return type), never negative: 'f < 0' is never true; test it against 0 for what it means [retconv-C]
// expect: callsite-enum-wraps.c:71:18: note: 'f' holds the result of 'net_to_host' from here
// expect: callsite-enum-wraps.c:82:6: warning: 'read' returns a count or a length, or a negative value on failure (class value, from the built-in table), but 'n' is unsigned: 'n < 0' is never true; keep it in a signed int [retconv-C]
// expect: callsite-enum-wraps.c:80:9: note: 'n' holds the result of 'read' from here
