int outer_run(int x)
{
	int inner_get(int y);
	int (*fp)(int) = inner_get;
	struct { int (*cb)(int); } ops = { inner_get };

	return fp(x) < 0 ? ops.cb(x) : (*fp)(-x);
}
