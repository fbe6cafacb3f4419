// SPDX-License-Identifier: MIT
/*
 * An OR into a variable keeps what it held and adds what is ORed in:
 * an OR is negative, 0, 1 or above 1 only when one of its operands is.
 * ORed errnos stay errnos and ORed 0/1 flags stay a boolean.  Other
 * in-place changes still leave the value unknown.
 */
#include <errno.h>

int write_reg(int reg)
{
	return reg < 0 ? -EINVAL : 0;
}

int check_reg(int reg)
{
	return reg > 0;
}

int write_regs(void)
{
	int err = 0;

	err |= write_reg(1);
	err |= write_reg(2);
	return err;
}

int regs_changed(void)
{
	int changed;

	changed = check_reg(1);
	changed |= check_reg(2);
	return changed;
}

int shift_regs(int n)
{
	int v = 1;

	v <<= n;
	return v;
}
// args: --classes
// expect: or-assign.c:10:5: write_reg: public action errno
// expect: or-assign.c:15:5: check_reg: public action boolean
// expect: or-assign.c:20:5: write_regs: public action errno
// expect: or-assign.c:29:5: regs_changed: public neither boolean
// expect: or-assign.c:38:5: shift_regs: public neither unknown
