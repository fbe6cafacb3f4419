typedef unsigned long size_t;
_Bool is_ready(long x)
{
	return (_Bool)x;
}
size_t count_items(int x)
{
	return (size_t)-1 + (unsigned)x;
}
void *find_item(int x)
{
	return (void *)(long)x;
}
int add_item(int x)
{
	return (int)(char)(short)-x;
}
