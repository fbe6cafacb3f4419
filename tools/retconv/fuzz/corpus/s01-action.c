int queue_work(int *w)
{
	int ret = 0;

	if (!*w) {
		*w = 1;
		ret = 1;
	}
	return ret;
}
