int g(void);
int deep_guard(void)
{
	int r = g();

	if (r)
		if (r < 0)
			if (r <= 0)
				if (!(r == 0))
					if (r != 0)
						return r;
	return r ?: -1;
}
