// A configuration file: can_ is the CAN bus subsystem's prefix, so
// can_send is an action; the file adds a verb, a state and whole names.
// args: --config ../can.retconv
#include <errno.h>
#include <stdbool.h>

int can_send(int frame)
{
	return frame >= 0;
}

bool can_transmit(int frame)
{
	return frame != 0;
}

int can_bus_stalled(int bus)
{
	return bus < 0 ? -EIO : 0;
}

int bus_poll(int bus)
{
	return bus ? 1 : 0;
}

int bus_probe_ok(int bus)
{
	return bus ? -ENODEV : 1;
}

/* An old name the project keeps on purpose. */
int legacy_queue(int bus)
{
	return bus == 3;
}
// args: --style
// expect: can-bus.c:7:5: warning: action 'can_send' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: can-bus.c:9:2: note: returns a boolean
// expect: can-bus.c:12:6: warning: action 'can_transmit' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: can-bus.c:14:2: note: returns a boolean
// expect: can-bus.c:17:5: warning: predicate 'can_bus_stalled' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: can-bus.c:19:2: note: returns a negative errno
// expect: can-bus.c:22:5: warning: action 'bus_poll' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: can-bus.c:24:2: note: returns 0 or 1
// expect: can-bus.c:27:5: warning: predicate 'bus_probe_ok' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: can-bus.c:29:2: note: returns a negative errno
