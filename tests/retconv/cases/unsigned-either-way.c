// A result that is a value or a negative errno, kept in an unsigned
// holder: its failure is a large value there.  Tested "t < FIRST", the
// failure passes for a valid value; but as one way out of "t < FIRST ||
// t > LAST", the other way takes every large value, and the condition as
// a whole sends the failure where it belongs (a decompressor's block
// type, read as three bits or an error).
#include <errno.h>

struct bits {
	const unsigned char *p;
	unsigned int n, len;
};

static unsigned int peek_bits(const struct bits *b, unsigned int n)
{
	return (b->p[b->n / 8] >> (b->n % 8)) & ((1U << n) - 1);
}

int get_bits(struct bits *b, unsigned int n)
{
	unsigned int v = peek_bits(b, n);

	if (b->n + n > b->len * 8)
		return -1;
	b->n += n;
	return v;
}

int read_block(struct bits *b)
{
	unsigned int type = get_bits(b, 3);

	if (type < 1 || type > 3)
		return -EINVAL;
	return (int)type;
}

int read_block_loose(struct bits *b)
{
	unsigned int type = get_bits(b, 3);

	if (type < 1)
		return -EINVAL;
	return (int)type;
}
// expect: unsigned-either-way.c:42:6: warning: 'get_bits' returns a value or a negative errno (class mixed, from its definition at unsigned-either-way.c:19), but 'type' is unsigned: its negative failure is a large value there, and 'type < 1' is not true for it; keep it in a signed variable [retconv-C]
// expect: unsigned-either-way.c:40:15: note: 'type' holds the result of 'get_bits' from here
