_Bool work_pending(int *w)
{
	if (!w)
		return -22;
	return *w != 0;
}
