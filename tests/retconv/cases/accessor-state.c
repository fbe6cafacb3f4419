// SPDX-License-Identifier: MIT
/*
 * An accessor's body is one statement, "return p->member;": nothing in
 * it can fail, so it reports no failure as 0 or a negative errno, and
 * what it returns is a state stored before, whatever verb its name ends
 * with.  A user-space library's generated getters (ctx_get_dry_run(),
 * ctx_get_connect()) and a driver's (port_get_link_up(), through a
 * member of a member) are no actions.  A function of the same shape of
 * name that does something first (ctx_start_run(), which counts the
 * run, and port_flush(), which writes a register) is still an action
 * returning bool, and so is one that computes its answer
 * (ctx_get_run(), "!p->dry_run").
 */
#include <stdbool.h>

struct ctx {
	bool dry_run;
	bool connect;
	int runs;
};

bool ctx_get_dry_run(const struct ctx *p)
{
	return p->dry_run;
}

bool ctx_get_connect(const struct ctx *p)
{
	return (p->connect);
}

bool ctx_start_run(struct ctx *p)
{
	p->runs++;
	return p->dry_run;
}

bool ctx_get_run(const struct ctx *p)
{
	return !p->dry_run;
}

/* Kernel style: a port whose link state is a member of a member. */
struct link {
	bool up;
};

struct port {
	struct link link;
	unsigned long base;
};

void port_write(struct port *port, unsigned int reg, unsigned int val);

bool port_get_link_up(const struct port *port)
{
	return port->link.up;
}

bool port_flush(struct port *port)
{
	port_write(port, 0x10, 1);
	return port->link.up;
}

// expect: accessor-state.c:32:6: warning: action 'ctx_start_run' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: accessor-state.c:35:2: note: returns a boolean
// expect: accessor-state.c:38:6: warning: action 'ctx_get_run' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: accessor-state.c:40:2: note: returns a boolean
// expect: accessor-state.c:60:6: warning: action 'port_flush' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: accessor-state.c:63:2: note: returns a boolean
