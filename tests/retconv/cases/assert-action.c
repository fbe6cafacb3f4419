// An action's result asserted: assert() stops the program when its
// argument is 0, and an action's 0 is its success, so "assert(f())"
// asserts that the action failed.  The C library's assert() (its failing
// way calls __assert_fail) and a project's own, written as "(e) ? (void)0
// : _fail(...)", read alike.  Asserting the success ("!f()", "f() == 0"),
// a failure said with a comparison ("f() != 0", a test's), a predicate, a
// count or a pointer stays silent.
#include <assert.h>
#include <errno.h>
#include <stddef.h>
#include <string.h>

void _conf_assert_fail(const char *expr, const char *file, int line)
	__attribute__((noreturn));
#define conf_assert(e) \
	((e) ? (void)0 : _conf_assert_fail(#e, __FILE__, __LINE__))

int register_port(int port)
{
	if (port < 0 || port > 65535)
		return -EINVAL;
	return 0;
}

int port_is_open(int port)
{
	return port == 80;
}

void setup_ports(void)
{
	assert(register_port(80));
	conf_assert(register_port(443));
}

/* Right. */
void setup_more(const char *name, void *p)
{
	assert(!register_port(8080));
	assert(register_port(8081) == 0);
	conf_assert(register_port(8082) == 0);
	assert(port_is_open(80));
	assert(strlen(name));
	assert(p);
	assert(register_port(-1) != 0);	/* a test: it must fail */
}
// expect: assert-action.c:32:2: warning: 'register_port' returns 0 or a negative errno (class errno, from its definition at assert-action.c:18): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: assert-action.c:32:2: note: the branch fails an assertion (__assert_fail())
// expect: assert-action.c:33:2: warning: 'register_port' returns 0 or a negative errno (class errno, from its definition at assert-action.c:18): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: assert-action.c:33:2: note: the branch fails an assertion (_conf_assert_fail())
