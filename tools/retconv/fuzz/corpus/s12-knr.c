int old_style(a, b)
	int a;
	char *b;
{
	return a ? -a : *b;
}
int va_thing(int n, ...) { return -n; }
