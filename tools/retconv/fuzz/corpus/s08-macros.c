#define NEG(x) -(x)
#define CMP(a, b) ((a) < (b))
#define RET(v) return v
#define OP ==
int cmp_vals(int a, int b)
{
	if (a OP b)
		RET(NEG(a));
	return CMP(a, b) ? NEG(b) : !a;
}
