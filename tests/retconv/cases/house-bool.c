// User space: most actions return bool (TRUE for success), the house
// style; rule A is silent on them without --style.  An action that mixes
// 1 with negative values follows neither convention and is still rule A.
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

int read_line(struct buf *b)
{
	if (!b->p)
		return -1;
	return 1;
}
// expect: house-bool.c:25:5: warning: action 'read_line' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: house-bool.c:28:3: note: returns a negative errno
// expect: house-bool.c:29:2: note: returns 1
// stderr: retconv: note: house style: 10 of 11 actions return bool or only 0 and 1; rule A reports them only with --style
