// SPDX-License-Identifier: MIT
/*
 * A bound that a configuration computes: a look-up returns the index of
 * a configured controller, or N_ACTIVE, the number configured, for "no
 * such device", and its callers test "idx >= N_ACTIVE".  In the
 * configuration read here none is configured, so the sum folds to 0, but
 * the test is a bound, not a sign test, and is right in every
 * configuration: not reported, and neither is "idx == N_ACTIVE".  A 0
 * written as 0, or as a name for 0 (OK_IDX, a cast of 0), is a sign test
 * still: the look-up never returns a negative value, so "idx >= 0" and
 * "idx < OK_IDX" are reported.
 */
#ifndef CTRL1_ENABLED
#define CTRL1_ENABLED 0
#endif
#ifndef CTRL2_ENABLED
#define CTRL2_ENABLED 0
#endif
#define N_ACTIVE (CTRL1_ENABLED + CTRL2_ENABLED)
#define OK_IDX ((unsigned int)0)

static const int unit_of[4] = { 0, 1, 2, 3 };

static unsigned int lookup(unsigned int unit)
{
	unsigned int i;

	for (i = 0; i < N_ACTIVE; i++)
		if (unit_of[i] == (int)unit)
			return i;
	return N_ACTIVE;
}

int ctrl_read(unsigned int unit)
{
	unsigned int idx = lookup(unit);

	if (idx >= N_ACTIVE)
		return -19;
	return unit_of[idx];
}

int ctrl_write(unsigned int unit)
{
	unsigned int idx = lookup(unit);

	if (idx == N_ACTIVE)
		return -19;
	return unit_of[idx];
}

int ctrl_reset(unsigned int unit)
{
	unsigned int idx = lookup(unit);

	if (idx >= 0)
		return unit_of[idx];
	return -19;
}

int ctrl_stop(unsigned int unit)
{
	unsigned int idx = lookup(unit);

	if (idx < OK_IDX)
		return -19;
	return unit_of[idx];
}
// expect: configured-zero.c:56:6: warning: 'lookup' returns a count (class count, from its definition at configured-zero.c:24), never negative: 'idx >= 0' is always true; test it against 0 for what it means [retconv-C]
// expect: configured-zero.c:54:15: note: 'idx' holds the result of 'lookup' from here
// expect: configured-zero.c:65:6: warning: 'lookup' returns a count (class count, from its definition at configured-zero.c:24), never negative: 'idx < 0' is never true; test it against 0 for what it means [retconv-C]
// expect: configured-zero.c:63:15: note: 'idx' holds the result of 'lookup' from here
