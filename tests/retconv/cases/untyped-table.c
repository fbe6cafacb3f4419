// A function registered in a table is a callback: it returns what the
// code that calls it through the table expects (an interpreter's count
// of results pushed, a command's status), whatever its name says.  When
// the table's element type is in a header that is missing, clang drops
// the initializer; the functions it names are callbacks still.
#include <stddef.h>

#include "missing-interp.h"

/* User space: an interpreter's C functions return how many results they
 * pushed, by the interpreter's convention: 0 or 1 here. */
int obj_flag_add(interp_State *L)
{
	if (!L)
		return 0;
	return 1;
}

static int obj_flag_del(interp_State *L)
{
	if (!L)
		return 0;
	return 1;
}

void obj_register(interp_State *L)
{
	const struct interp_Reg methods[] = {
		{ "flag_add", obj_flag_add },
		{ "flag_del", obj_flag_del },
		{ NULL, NULL },
	};

	interp_register(L, methods);
}

/* Kernel style: a bus driver's table of handlers, by member name. */
int probe_port(struct bus_dev *d)
{
	return d != NULL;
}

static const struct bus_driver port_driver[] = {
	{ .name = "port", .probe = probe_port },
};

/* Not in any table: an action that returns 0 or 1 is still rule A's. */
int start_port(struct bus_dev *d)
{
	return d == NULL;
}
// expect: untyped-table.c:48:5: warning: action 'start_port' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: untyped-table.c:50:2: note: returns a boolean
// stderr: retconv: untyped-table.c: note: parsed with errors: 1 header not found (missing-interp.h); 2 other errors, the first: untyped-table.c:28:33: error: array has incomplete element type 'const struct interp_Reg'; checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
