int queue_it(int x) /* retconv: ignore A */
{
	return x > 2;
}
int
flush_it(int x) // retconv: ignore
{
	return 1;
}
_Bool has_it(int x) /* retconv: ignore AB */ { return -x; }
