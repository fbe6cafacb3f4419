// A house style of positive errnos: where most of a run's functions that
// give an errno (at least 10) give it positive, "0 on success, a positive
// errno value on failure", that is the project's convention.  One line
// says so; "return EIO;" beside a negative value elsewhere is advice, for
// --style; the results of such functions are read as 0 or a positive
// errno by the call-site rules: "if (error)" is right, "error < 0" is
// dead, and a negated errno one of them returns is the odd one out.
// User space, a daemon's library.
#include <errno.h>
#include <stdio.h>

struct conn {
	int fd;
	int state;
	int len;
};

int conn_open(struct conn *c) { return c->fd < 0 ? EBADF : 0; }
int conn_close(struct conn *c) { return c->fd < 0 ? EBADF : 0; }
int conn_bind(struct conn *c) { return c->state ? EISCONN : 0; }
int conn_flush(struct conn *c) { return c->len ? EAGAIN : 0; }
int conn_reset(struct conn *c) { return c->state ? 0 : ENOTCONN; }
int conn_shutdown(struct conn *c) { return c->state ? 0 : ENOTCONN; }
int conn_set_len(struct conn *c, int len)
{
	int error = 0;

	if (len < 0)
		error = EINVAL;
	else
		c->len = len;
	return error;
}

/* Returns 0 if successful, otherwise a positive errno value. */
int conn_connect(struct conn *c)
{
	int error = conn_open(c);

	if (error)
		return error;
	return conn_bind(c);
}

/* A failure of its own, -1, beside the errnos: its EPROTO is the house's
 * convention, not a slip (reported only with --style). */
int conn_parse(struct conn *c)
{
	if (c->len > 4096)
		return -1;
	if (!c->len)
		return EPROTO;
	return 0;
}

/* Returns 0 if a message was read, EOF at the end of the stream, or a
 * positive errno value on failure: a contract, not a mix. */
int conn_recv(struct conn *c)
{
	if (!c->state)
		return EOF;
	if (c->fd < 0)
		return EBADF;
	return 0;
}

/* Negated, once, among positive errnos: the odd one out. */
int conn_send(struct conn *c)
{
	if (c->fd < 0)
		return EBADF;
	if (!c->state)
		return -ENOTCONN;
	return 0;
}

int conn_serve(struct conn *c)
{
	int error;

	error = conn_connect(c);
	if (error)
		return error;
	error = conn_recv(c);
	if (error == EOF)
		return 0;
	if (conn_flush(c) < 0)
		return EIO;
	return error;
}

int conn_restart(struct conn *c)
{
	int error = conn_connect(c);

	if (error < 0)
		return error;
	return conn_reset(c);
}
// expect: house-perrno.c:73:3: warning: 'conn_send' gives a positive errno elsewhere (as the project's functions do), but returns -ENOTCONN here, a negative value its callers' comparisons with an errno (== ENOTCONN) and messages miss; return ENOTCONN [retconv-E]
// expect: house-perrno.c:87:6: warning: 'conn_flush' returns 0 or a positive errno (class perrno, from its definition at house-perrno.c:21, in a project of positive errnos), never negative: 'conn_flush(...) < 0' is never true; its failure is non-zero [retconv-C]
// expect: house-perrno.c:96:6: warning: 'conn_connect' returns 0 or a positive errno (class perrno, from its definition at house-perrno.c:36, documented so), never negative: 'error < 0' is never true; its failure is non-zero [retconv-C]
// expect: house-perrno.c:94:6: note: 'error' holds the result of 'conn_connect' from here
// stderr: retconv: note: house style: 11 of 11 functions that give an errno give it positive; their results are read as 0 or a positive errno, and 'return EIO;' is reported only with --style
