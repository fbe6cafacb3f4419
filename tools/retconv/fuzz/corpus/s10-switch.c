enum e { A = -3, B, C = 7 };
int parse_opt(int c)
{
	switch (c) {
	case 'a':
		return A;
	case 'b':
		return C;
	default:
		goto out;
	}
	for (;;)
		while (c--)
			do { return B; } while (0);
out:
	return 0;
}
