// Not a house of positive errnos: the project's failures are negative
// errnos under its own names (LIB_ENOMEM = -ENOMEM), beside a few plain
// "return ENOMEM;" slips.  Those names count as negated errnos, so no
// house style is noted and rule E still reports the slip.  User space.
#include <errno.h>

enum lib_error {
	LIB_EOK = 0,
	LIB_ENOMEM = -ENOMEM,
	LIB_EINVAL = -EINVAL,
	LIB_EBUSY = -EBUSY,
};

struct ctx {
	int n;
	int busy;
};

int lib_a(struct ctx *c) { return c->n ? LIB_EOK : LIB_EINVAL; }
int lib_b(struct ctx *c) { return c->n ? LIB_EOK : LIB_ENOMEM; }
int lib_c(struct ctx *c) { return c->busy ? LIB_EBUSY : LIB_EOK; }
int lib_d(struct ctx *c) { return c->n > 2 ? LIB_EINVAL : LIB_EOK; }
int lib_x1(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_x2(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_x3(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_x4(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_x5(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_x6(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_x7(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_x8(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_x9(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_x10(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_x11(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_x12(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_x13(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_x14(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_x15(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_x16(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_x17(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_x18(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_x19(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_x20(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_x21(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_x22(struct ctx *c) { return c->n ? LIB_ENOMEM : LIB_EOK; }
int lib_e(struct ctx *c) { return c->n ? EINVAL : 0; }
int lib_f(struct ctx *c) { return c->n ? ENOMEM : 0; }
int lib_g(struct ctx *c) { return c->n ? EBUSY : 0; }
int lib_h(struct ctx *c) { return c->n ? EIO : 0; }
int lib_i(struct ctx *c) { return c->n ? EAGAIN : 0; }
int lib_j(struct ctx *c) { return c->n ? ENOENT : 0; }
int lib_k(struct ctx *c) { return c->n ? EEXIST : 0; }
int lib_l(struct ctx *c) { return c->n ? EPERM : 0; }
int lib_m(struct ctx *c) { return c->n ? ENOSPC : 0; }
int lib_n(struct ctx *c) { return c->n ? ERANGE : 0; }

int lib_open(struct ctx *c)
{
	if (!c)
		return LIB_EINVAL;
	if (c->busy)
		return ENOMEM;
	return LIB_EOK;
}
// expect: house-perrno-named.c:61:3: warning: 'lib_open' fails with a negative value elsewhere, but returns ENOMEM here, a positive errno its callers' failure tests (< 0) miss; return -ENOMEM [retconv-E]
