int f(int);
int run_loop(int n)
{
	int a = 0, b = 1, *p = &b;

	a = b;
	b = a;
	a += n;
	b++;
	--a;
	*p = f(a);
	a = b = f(n), -5;
	return a ? b : -n;
}
