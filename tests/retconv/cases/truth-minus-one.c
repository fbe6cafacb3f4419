// SPDX-License-Identifier: MIT
/*
 * A truth value whatever number spells it: a house boolean whose TRUE is
 * -1 (libvncserver's rfbBool, "#define TRUE -1"; Windows' VARIANT_TRUE,
 * (VARIANT_BOOL)-1; a driver's BOOLEAN of all ones).  Its -1 is true,
 * not a negative failure: "return FALSE;" beside "return TRUE;" is no
 * success returned on a failure path, and "if (!f())" at a caller is no
 * branch on success.  A constant spelled TRUE, FALSE, YES or NO is a
 * truth value in any type (an int function returning the house TRUE);
 * a -1 returned as a type named for a truth value is one too, unless
 * written as an errno (-EPERM) or returned beside other negative
 * constants (a status set under a truth's name).  Other negative values
 * stay what they are: -EINVAL in such a function is an error, as in a
 * bool.
 */
#include <errno.h>
#include <stdint.h>
#include <unistd.h>

typedef int8_t vncBool;
typedef short VARIANT_BOOL;
typedef unsigned char BOOLEAN;
#define FALSE 0
#define TRUE -1
#define VARIANT_TRUE ((VARIANT_BOOL)-1)

struct client {
	int sock;
	unsigned int caps;
	char root[64];
};

/* User space: the house's predicates, answering with its TRUE. */
vncBool client_can_read(struct client *c, char *buf, int n)
{
	if (read(c->sock, buf, (size_t)n) < n)
		return FALSE;
	return TRUE;
}

vncBool client_supports(const struct client *c, unsigned int cap)
{
	return (c->caps & cap) ? TRUE : FALSE;
}

vncBool client_has_root(const struct client *c)
{
	if (!c->root[0])
		return (0);
	return (-1);
}

/* An int spelled with the house's truth values. */
int is_root_set(struct client *c, const char *p)
{
	if (!p)
		return FALSE;
	c->root[0] = p[0];
	return TRUE;
}

VARIANT_BOOL is_visible(const struct client *c)
{
	if (c->caps & 4)
		return VARIANT_TRUE;
	return 0;
}

/* An action answering so is read as in a house whose TRUE is 1: its
 * FALSE is no success returned on a failure path. */
vncBool send_update(struct client *c)
{
	if (c->sock < 0)
		return FALSE;
	if (write(c->sock, c->root, 1) != 1)
		return FALSE;
	return TRUE;
}

int client_greet(struct client *c)
{
	char buf[4];

	if (!client_supports(c, 2))
		return -EOPNOTSUPP;
	if (!client_has_root(c))
		return -ENOENT;
	if (!client_can_read(c, buf, 4))
		return -EIO;
	if (!is_root_set(c, buf))
		return -EINVAL;
	if (!is_visible(c))
		return -EAGAIN;
	if (!send_update(c))
		return -EIO;
	return 0;
}

/* A status under a truth's name: -1 beside -2 is a code of the set. */
vncBool config_save(struct client *c)
{
	if (c->sock < 0)
		return -1;
	if (write(c->sock, c->root, 1) != 1)
		return -2;
	return 0;
}

int client_save(struct client *c)
{
	if (config_save(c) < 0)
		return -EIO;
	return 0;
}

/* Kernel style: a driver's BOOLEAN of all ones is true too. */
static BOOLEAN dev_is_ready(const struct client *c)
{
	if (c->sock < 0)
		return 0;
	return (BOOLEAN)-1;
}

static int dev_start(struct client *c)
{
	if (!dev_is_ready(c))
		return -ENODEV;
	return 0;
}

int dev_open(struct client *c)
{
	int err = dev_start(c);

	if (err)
		return err;
	return 0;
}

/* Flagged: an errno in a truth type is still an errno, and a caller of a
 * 0/-errno action still branches on its success. */
vncBool client_is_open(const struct client *c)
{
	if (c->sock < 0)
		return -EINVAL;
	return TRUE;
}

vncBool client_is_bound(const struct client *c)
{
	if (c->sock == 0)
		return -EPERM;
	return TRUE;
}

int client_check(const struct client *c)
{
	if (!client_is_open(c))
		return -EBADF;
	if (!client_is_bound(c))
		return -ENOTCONN;
	if (!dev_start((struct client *)c))
		return -ENODEV;
	return 0;
}
// expect: truth-minus-one.c:142:9: warning: predicate 'client_is_open' returns a negative errno beside its answer, and a caller reads the result as true or false, so the error reads as true; test its sign there, or return a bool [retconv-B]
// expect: truth-minus-one.c:158:7: note: its result is read as true or false here, with no test of its sign: a negative errno reads as true
// expect: truth-minus-one.c:145:3: note: returns a negative errno
// expect: truth-minus-one.c:149:9: warning: predicate 'client_is_bound' returns a negative errno beside its answer, and a caller reads the result as true or false, so the error reads as true; test its sign there, or return a bool [retconv-B]
// expect: truth-minus-one.c:160:7: note: its result is read as true or false here, with no test of its sign: a negative errno reads as true
// expect: truth-minus-one.c:152:3: note: returns a negative errno
// expect: truth-minus-one.c:162:6: warning: 'dev_start' returns 0 or a negative errno (class errno, from its definition at truth-minus-one.c:124): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: truth-minus-one.c:163:3: note: the branch returns a negative errno
