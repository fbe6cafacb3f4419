// A count or a length documented to fail with 0 as well as with a
// negative value ("Return: the length sent, ... or 0 if it cannot send"):
// its success is above 0, as SSL_write()'s is, and a test that puts 0
// with the successes (< 0, == -1) takes that failure for a length.  Kernel
// style (0/-errno) first, then user space, each with the right reading,
// which is not flagged; a documented 0 that is no failure (end of the
// input, nothing to do) and a body that gives only 0 and negative values
// keep their own class.
#include <errno.h>
#include <stddef.h>
#include <sys/types.h>

struct link;
int link_xmit(struct link *l, const void *buf, size_t len);
int link_take(struct link *l, void *buf, size_t len);

/**
 * link_send() - send a frame on a link
 * @l: the link
 * @buf: the frame
 * @len: its length
 *
 * Return: the length sent, -ENOTCONN if the link is down, or 0 if it
 * cannot send now.
 */
static inline int link_send(struct link *l, const void *buf, size_t len)
{
	return link_xmit(l, buf, len);
}

/**
 * link_recv() - take a frame from a link
 * @l: the link
 * @buf: where to put it
 * @len: its room
 *
 * Return: the length of the frame, 0 at the end of the stream, or a
 * negative errno.
 */
static inline int link_recv(struct link *l, void *buf, size_t len)
{
	return link_take(l, buf, len);
}

/**
 * link_flush() - send what is queued
 * @l: the link
 *
 * Return: 0 if it cannot send now, a negative errno on failure.
 */
static int link_flush(struct link *l)
{
	return l ? 0 : -EINVAL;
}

/**
 * link_queue() - queue a frame on a link
 * @l: the link
 *
 * Return: the length queued, -ENOBUFS when full, 0 if no error occurred
 * and nothing was queued.
 */
static inline int link_queue(struct link *l)
{
	return link_xmit(l, NULL, 0);
}

/* Not flagged: "0 if no error" is no failure. */
int link_kick(struct link *l)
{
	int ret = link_queue(l);

	if (ret < 0)
		return ret;
	return 0;
}

/* Flagged: 0, "cannot send", goes the way of a length. */
int link_ping(struct link *l)
{
	static const char ping[] = "ping";
	int ret;

	ret = link_send(l, ping, sizeof(ping));
	if (ret < 0)
		return ret;
	return 0;
}

/* Not flagged: the right test. */
int link_ping_right(struct link *l)
{
	static const char ping[] = "ping";
	int ret;

	ret = link_send(l, ping, sizeof(ping));
	if (ret <= 0)
		return ret ? ret : -EAGAIN;
	return 0;
}

/* Not flagged: a documented 0 that is the end of the stream. */
int link_drain(struct link *l, char *buf, size_t len)
{
	int ret = link_recv(l, buf, len);

	if (ret < 0)
		return ret;
	return 0;
}

/* Not flagged: a body of 0 and negative errnos keeps its class. */
int link_close(struct link *l)
{
	if (link_flush(l) < 0)
		return -EIO;
	return 0;
}

struct rec {
	int fd;
};

ssize_t rec_put(int fd, const void *p, size_t n);

/*
 * Write a record.
 *
 * @return the number of bytes written, 0 if the record could not be
 * written, or -1 if the arguments are wrong.
 */
ssize_t rec_write(struct rec *r, const void *p, size_t n)
{
	if (!r || !p)
		return -1;
	return rec_put(r->fd, p, n);
}

/*
 * Read a record.
 *
 * @return the number of bytes read, or < 0 on failure (0 at the end).
 */
ssize_t rec_read(struct rec *r, void *p, size_t n)
{
	if (!r || !p)
		return -1;
	return rec_put(r->fd, p, n);
}

/* Not flagged: the 0 of "< 0 on failure" is a bound, not a failure. */
int load(struct rec *r, char *s, size_t n)
{
	if (rec_read(r, s, n) < 0)
		return -1;
	return 0;
}

/* Flagged: user space, -1 alone taken for the failure. */
int save(struct rec *r, const char *s, size_t n)
{
	if (rec_write(r, s, n) == -1)
		return -1;
	return 0;
}

/* Not flagged: the right test. */
int save_right(struct rec *r, const char *s, size_t n)
{
	if (rec_write(r, s, n) <= 0)
		return -1;
	return 0;
}

// expect: callsite-doc-zero.c:85:6: warning: 'link_send' returns a positive value on success, 0 or a negative value on failure (class positive, from its definition at callsite-doc-zero.c:26, whose documentation names 0 a failure): 'ret < 0' takes its failure 0 for a success; test it for <= 0 [retconv-C]
// expect: callsite-doc-zero.c:84:2: note: 'ret' holds the result of 'link_send' from here
// expect: callsite-doc-zero.c:162:6: warning: 'rec_write' returns a positive value on success, 0 or a negative value on failure (class positive, from its definition at callsite-doc-zero.c:132, whose documentation names 0 a failure): 'rec_write(...) == -1' takes its failure 0 for a success; test it for <= 0 [retconv-C]
