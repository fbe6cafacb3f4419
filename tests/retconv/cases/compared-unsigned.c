// A signed result compared for equality with an unsigned constant of its
// width is converted to the constant's type: "== 0xffffffffu" matches -1,
// and an enumerator of -1U << 31 stands for INT_MIN.  Neither is the
// positive value no 0/-errno result can be (a compiler's test of its own
// enum handling compares a function's INT_MIN with such an enumerator).
// A small unsigned constant is still positive.
#include <errno.h>
enum { BIAS = -1U << 31 };
int get_bias(int i)
{
	if (i)
		return 0;
	return (int)(-1U << 31);
}
int dev_reset(int i)
{
	if (i)
		return -EIO;
	return 0;
}
int use(void)
{
	if (get_bias(0) == BIAS)
		return 1;
	if (dev_reset(1) == 0xffffffffu)
		return 2;
	if (dev_reset(1) == 5u)
		return 3;
	return 0;
}
// expect: compared-unsigned.c:27:6: warning: 'dev_reset' returns 0 or a negative errno (class errno, from its definition at compared-unsigned.c:15): 'dev_reset(...) == 5u' is never true; its success is 0 and its failure negative [retconv-C]
