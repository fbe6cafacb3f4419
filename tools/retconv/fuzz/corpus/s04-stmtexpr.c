#define TRY(x) ({ int __r = (x); __r < 0 ? __r : 0; })
int get(void);
int start_dev(void)
{
	return TRY(get());
}
int stop_dev(void)
{
	return ({ int a = get(); a; });
}
int probe_dev(void)
{
	return ({ int z = 1; if (z) z = -1; z; });
}
