static int steal(int *s)
{
	if (*s < 0)
		return -11;
	return *s ? 1 : 0;
}

int cancel_item(int *s)
{
	int ret = steal(s);

	if (ret < 0)
		return ret;
	if (!ret)
		return -2;
	if (ret >= 0) {
		*s = 0;
	} else {
		return ret;
	}
	return ret > 0 ? 0 : ret;
}
