int vla_len(int n)
{
	int a[n > 0 ? n : 1];
	static int st;
	extern int ex;
	register int r = sizeof(a);

	st = r;
	return st + ex;
}
