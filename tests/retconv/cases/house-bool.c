// User space: most actions return bool (TRUE for success), the house
// style; rule A is silent on them without --style.  An action that mixes
// 1 with negative values follows neither convention and is still rule A.
// Actions that return a count they make beside -1 (read(2)'s shape) are
// computations: they vote for no style, or these ten would outvote it.
#include <stdbool.h>

#define TRUE 1
#define FALSE 0

struct buf {
	char *p;
	int len;
};

bool open_log(struct buf *b) { return b->p != 0; }
bool close_log(struct buf *b) { return b->p == 0; }
bool write_log(struct buf *b) { return b->len > 0; }
bool flush_log(struct buf *b) { return b->len == 0; }
bool parse_line(struct buf *b) { return b->p[0] != '#'; }
int load_config(struct buf *b) { return b->len ? TRUE : FALSE; }
int save_config(struct buf *b) { return b->len ? TRUE : FALSE; }
bool connect_peer(struct buf *b) { return b->len > 4; }
bool send_line(struct buf *b) { return b->len < 80; }
bool reset_buf(struct buf *b) { return b->len == 0; }

int fill_words(struct buf *b)
{
	int n = 0;

	if (!b->p)
		return -1;
	while (b->p[n])
		n++;
	return n;
}

int copy_lines(struct buf *b)
{
	int n = 0;

	if (!b->p)
		return -1;
	while (b->p[n])
		n++;
	return n;
}

int scan_tokens(struct buf *b)
{
	int n = 0;

	if (!b->p)
		return -1;
	while (b->p[n])
		n++;
	return n;
}

int load_items(struct buf *b)
{
	int n = 0;

	if (!b->p)
		return -1;
	while (b->p[n])
		n++;
	return n;
}

int send_bytes(struct buf *b)
{
	int n = 0;

	if (!b->p)
		return -1;
	while (b->p[n])
		n++;
	return n;
}

int parse_fields(struct buf *b)
{
	int n = 0;

	if (!b->p)
		return -1;
	while (b->p[n])
		n++;
	return n;
}

int copy_rows(struct buf *b)
{
	int n = 0;

	if (!b->p)
		return -1;
	while (b->p[n])
		n++;
	return n;
}

int send_rows(struct buf *b)
{
	int n = 0;

	if (!b->p)
		return -1;
	while (b->p[n])
		n++;
	return n;
}

int write_block(struct buf *b)
{
	int n = 0;

	if (!b->p)
		return -1;
	while (b->p[n])
		n++;
	return n;
}

int fill_chars(struct buf *b)
{
	int n = 0;

	if (!b->p)
		return -1;
	while (b->p[n])
		n++;
	return n;
}

int read_line(struct buf *b)
{
	if (!b->p)
		return -1;
	return 1;
}
// stderr: retconv: note: house style: 10 of 11 actions return bool or only 0 and 1; rule A reports them only with --style
// expect: house-bool.c:137:5: warning: action 'read_line' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: house-bool.c:140:3: note: returns a negative errno
// expect: house-bool.c:141:2: note: returns 1
