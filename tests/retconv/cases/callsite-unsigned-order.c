// A count, a descriptor or another value whose failure is negative (a
// count or -1, a value or a negative errno), kept unsigned and ordered
// against a small constant: the failure is a large value there.  "n <= 0"
// is true for 0 alone and takes the failure for a success; "n > 0" takes
// it for data.  Not this: an equality ("n == 0"), a result that is never
// negative ("unsigned k = chan_count(); if (k > 0)"), one whose success
// is 0 alone (0 or a negative errno: "u > 0" asks "u != 0"), a test of a
// length against a size ("n >= sizeof(buf)" takes a wrapped failure for a
// truncation, rightly), and a definition that returns what it does not
// know (a setting, any value) beside its -1.
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <unistd.h>

struct chan {
	int fd;
	size_t sent;
};

/* Kernel style: the page size, or a negative errno. */
long chan_page_size(const struct chan *c)
{
	if (c->fd < 0)
		return -EBADF;
	return 4096;
}

int chan_start(struct chan *c)
{
	return c->fd < 0 ? -EBADF : 0;
}

int chan_count(const struct chan *c)
{
	return c->fd > 0 ? 3 : 0;
}

int chan_send(struct chan *c, const void *buf, size_t len)
{
	size_t n = write(c->fd, buf, len);

	if (n <= 0)
		return -EIO;
	c->sent += n;
	return 0;
}
// expect: callsite-unsigned-order.c:45:6: warning: 'write' returns a count or a length, or a negative value on failure (class value, from the built-in table), but 'n' is unsigned: its negative failure is a large value there, and 'n <= 0' is not true for it; keep it in a signed variable [retconv-C]
// expect: callsite-unsigned-order.c:43:9: note: 'n' holds the result of 'write' from here

int chan_drain(struct chan *c, void *buf, size_t len)
{
	size_t got;

	while ((got = read(c->fd, buf, len)) > 0)
		c->sent += got;
	return 0;
}
// expect: callsite-unsigned-order.c:57:9: warning: 'read' returns a count or a length, or a negative value on failure (class value, from the built-in table), but 'got' is unsigned: its negative failure is a large value there, and 'got > 0' is true for it; keep it in a signed variable [retconv-C]
// expect: callsite-unsigned-order.c:57:10: note: 'got' holds the result of 'read' from here

int chan_setup(struct chan *c)
{
	uint32_t page = chan_page_size(c);

	if (1 > page)
		return -EINVAL;
	return 0;
}
// expect: callsite-unsigned-order.c:68:6: warning: 'chan_page_size' returns a value or a negative errno (class mixed, from its definition at callsite-unsigned-order.c:24), but 'page' is unsigned: its negative failure is a large value there, and '1 > page' is not true for it; keep it in a signed variable [retconv-C]
// expect: callsite-unsigned-order.c:66:11: note: 'page' holds the result of 'chan_page_size' from here

long long chan_setting(const struct chan *c);

/* A setting read as it is: any value, perhaps negative, no failure. */
long long chan_timeout(const struct chan *c)
{
	if (c->fd < 0)
		return -1;
	return chan_setting(c);
}

/* Right: "n >= sizeof(buf)" takes a wrapped failure for a truncation. */
int chan_name(struct chan *c, char *buf, size_t len)
{
	size_t n = snprintf(buf, len, "chan%d", c->fd);
	uint64_t t = chan_timeout(c);

	if (n >= len)
		return -ENAMETOOLONG;
	return t > 0 ? 1 : 0;
}

/* Right: an equality, a signed holder, a count that is never negative. */
int chan_close(struct chan *c, const void *buf)
{
	size_t n = write(c->fd, buf, 1);
	ssize_t m = write(c->fd, buf, 1);
	unsigned int k = chan_count(c);
	unsigned int u = chan_start(c);

	if (n == 0 || m <= 0 || u > 0)
		return -EIO;
	if (k > 0)
		return -EBUSY;
	return 0;
}

/* Right: an order held together with an upper bound of the same holder,
 * which rejects a wrapped failure.  Apart (chan_tag), "n > 0" is wrong. */
int chan_label(struct chan *c, char *buf, size_t len)
{
	size_t n = snprintf(buf, len, "chan%d", c->fd);
	unsigned long page = chan_page_size(c);

	if (0 < n && n < len && page <= 65536 && page > 0)
		return 0;
	return -ENAMETOOLONG;
}

// expect: callsite-unsigned-order.c:129:6: warning: 'snprintf' returns a count or a length, or a negative value on failure (class value, from the built-in table), but 'n' is unsigned: its negative failure is a large value there, and 'n > 0' is true for it; keep it in a signed variable [retconv-C]
// expect: callsite-unsigned-order.c:127:9: note: 'n' holds the result of 'snprintf' from here
int chan_tag(struct chan *c, char *buf, size_t len)
{
	size_t n = snprintf(buf, len, "tag%d", c->fd);

	if (n > 0)
		return n < len ? 0 : -ENAMETOOLONG;
	return -EINVAL;
}
