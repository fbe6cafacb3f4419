// The other half of xfile-a.c.
int mark_done(int *job)
{
	if (*job)
		return 0;
	*job = 1;
	return 1;
}
