int f(void);
int cycle_vals(void)
{
	int a, b, c;

	a = b;
	b = c;
	c = a;
	a = (b = (c = f()));
	return a;
}
