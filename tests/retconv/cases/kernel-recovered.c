// SPDX-License-Identifier: MIT
/*
 * A kernel file taken alone: a call whose argument is of a structure the
 * absent header would have completed is one clang cannot build, and it
 * keeps it as an expression of no known kind, the callee's name first.
 * That name, a "(" after it, is still a call and not the address of a
 * callback, so the callee is judged by its name.  A handler passed as an
 * argument of such a call is still a callback.
 */
#include <linux/fc-port.h>

struct fc_role;
extern struct fc_role fc_default_role;

struct fc_port {
	int online;
	int (*handler)(struct fc_port *port);
};

int check_fc_port(const struct fc_port *port, const struct fc_role *role)
{
	(void)role;
	return port->online ? 1 : 0;
}

int fc_start_port(struct fc_port *port)
{
	int rc;

	rc = check_fc_port(port, fc_default_role);
	if (rc < 0)
		return rc;
	return 0;
}

int fc_set_handler(struct fc_port *port, int (*fn)(struct fc_port *),
		   const struct fc_role *role)
{
	(void)role;
	port->handler = fn;
	return 0;
}

int update_fc_port(struct fc_port *port)
{
	return port->online ? 1 : 0;
}

int fc_setup_port(struct fc_port *port)
{
	return fc_set_handler(port, update_fc_port, fc_default_role);
}
// expect: kernel-recovered.c:20:5: warning: action 'check_fc_port' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: kernel-recovered.c:23:2: note: returns 0 or 1
// stderr: retconv: kernel-recovered.c: note: parsed with errors: 1 header not found (linux/fc-port.h); 2 other errors, the first: kernel-recovered.c:30:27: error: passing 'struct fc_role' to parameter of incompatible type 'const struct fc_role *'; take the address with &; checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
