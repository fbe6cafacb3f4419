// A field tested for a sign and returned under the test gives only what
// the test lets through: "if (d.num < 0) return d.num;" passes on a
// negative value, whatever the field holds, so the function is errno
// class when its other returns are 0.  Another field returned under the
// test says nothing.
#include <errno.h>
#include <sys/types.h>

struct dirents {
	int num;
	int max;
};

struct msg {
	ssize_t len;
};

int scan_entries(struct dirents *d);
ssize_t msg_fill(struct msg *m);

/* errno: the field's only other value under its test is negative. */
static int subsys_scan_namespaces(int *create)
{
	struct dirents ns = { 0 };

	if (*create)
		return 0;
	ns.num = scan_entries(&ns);
	if (ns.num < 0)
		return ns.num;
	return 0;
}

/* Unknown: the test is of another field than the one returned. */
static int subsys_scan_limits(int *create)
{
	struct dirents ns = { 0 };

	if (*create)
		return 0;
	ns.max = scan_entries(&ns);
	if (ns.num < 0)
		return ns.max;
	return 0;
}

/* errno, user space style: through a pointer's field. */
static int msg_load(struct msg *m)
{
	m->len = msg_fill(m);
	if (m->len < 0)
		return m->len;
	return 0;
}

/* Flagged: 0 is success. */
int scan_subsys(int *c)
{
	if (!subsys_scan_namespaces(c))
		return -EINVAL;
	return 0;
}

/* Flagged: 0 is success. */
int msg_read(struct msg *m)
{
	int err = msg_load(m);

	if (err == 0)
		goto fail;
	return 0;
fail:
	return -EIO;
}

/* Not flagged: the class is unknown. */
int scan_limits(int *c)
{
	if (!subsys_scan_limits(c))
		return -EINVAL;
	return 0;
}
// expect: guard-field.c:59:6: warning: 'subsys_scan_namespaces' returns 0 or a negative errno (class errno, from its definition at guard-field.c:22): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: guard-field.c:60:3: note: the branch returns a negative errno
// expect: guard-field.c:69:6: warning: 'msg_load' returns 0 or a negative errno (class errno, from its definition at guard-field.c:48): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: guard-field.c:67:6: note: 'err' holds the result of 'msg_load' from here
// expect: guard-field.c:70:3: note: the branch goes to the error label 'fail'
