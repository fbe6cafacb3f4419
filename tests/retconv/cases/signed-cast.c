// A test of an explicit cast to a signed type no wider than the unsigned
// value it casts is a test of what the cast gives: "(long long)ull < 0"
// after strtoull() catches a "-1" that wrapped, on purpose, and is live.
// Without the cast, or with a cast to a wider signed type, the value is
// still never negative and the test is dead.
#include <errno.h>
#include <stdlib.h>

/* User space: a number that wrapped reads negative once cast back. */
int parse_u64(const char *s, unsigned long long *out)
{
	unsigned long long v = strtoull(s, NULL, 10);

	if ((long long)v < 0)
		return -ERANGE;
	*out = v;
	return 0;
}

int parse_ulong(const char *s, unsigned long *out)
{
	unsigned long v = strtoul(s, NULL, 10);

	if (v < 0)
		return -ERANGE;
	*out = v;
	return 0;
}
// expect: signed-cast.c:24:6: warning: 'strtoul' returns a count (class count, from its declared return type), never negative: 'v < 0' is never true; test it against 0 for what it means [retconv-C]
// expect: signed-cast.c:22:16: note: 'v' holds the result of 'strtoul' from here

/* Kernel style: a 0/-errno result kept in an unsigned, cast back. */
unsigned int fifo_read(int *fifo);

int fifo_drain(int *fifo)
{
	unsigned int ret = fifo_read(fifo);

	if ((int)ret < 0)
		return (int)ret;
	return 0;
}

/* A byte widened to int is never negative, cast or not. */
unsigned char reg_read(int *regs);

int reg_check(int *regs)
{
	if ((int)reg_read(regs) < 0)
		return -EIO;
	return 0;
}
// expect: signed-cast.c:49:6: warning: 'reg_read' returns a count (class count, from its declared return type), never negative: 'reg_read(...) < 0' is never true; test it against 0 for what it means [retconv-C]
