// SPDX-License-Identifier: MIT
// A name that opens with a preposition of place and a noun after it asks
// whether the caller, or the context it runs in, is there: in_interrupt(),
// in_kernel_shutdown() are predicates, their subject left out.  A verb
// that is no noun after it makes the first word an abbreviation (input):
// in_read is no question.
// args: --classes
#include <errno.h>
#include <stdbool.h>

static volatile bool shutting_down;
static int depth;

bool in_kernel_shutdown(void)
{
	return shutting_down;
}

int in_interrupt(void)
{
	return depth > 0;
}

int in_read(char *buf)
{
	return buf ? 0 : -EINVAL;
}
// expect: names-place-first.c:14:6: in_kernel_shutdown: public predicate boolean
// expect: names-place-first.c:19:5: in_interrupt: public predicate boolean
// expect: names-place-first.c:24:5: in_read: public neither errno
