// A status set is no errno (issue 26 section 4, the seventh blind
// round).  A function declared to return a status enumeration, whose 0
// is named for success (UCS_OK), returns a status whatever its name
// asks: an action, its answer given through a parameter.  A 1 spelled
// as a member of an enumeration that names its failures below 0 (a
// log cursor's "more" beside its end and its errors) is a code of that
// set, not a success 1 mixed with errnos.  A predicate declared int
// that returns a status code beside its 0 for "no" still reads it as
// yes: rule B (a pool's can_alloc returning NO_MEMORY).
#include <errno.h>
#include <stdbool.h>

typedef enum {
	ST_OK = 0,
	ST_INPROGRESS = 1,
	ST_ERR_NO_MEMORY = -4,
	ST_ERR_IO_ERROR = -3,
	ST_ERR_BUSY = -15,
} st_status_t;

enum cur_status {
	cur_e_io = -4,
	cur_e_overrun = -3,
	cur_e_eof = -1,
	cur_end = 0,
	cur_more = 1,
};

struct pool {
	int n, max;
	const char *name;
};

st_status_t netif_is_default(const char *name, int *result_p)
{
	if (!name)
		return ST_ERR_IO_ERROR;
	*result_p = name[0] == 'e';
	return ST_OK;
}

int cursor_dispatch(struct pool *p)
{
	if (!p->name)
		return cur_e_overrun;
	if (p->n >= p->max)
		return cur_end;
	p->n++;
	return cur_more;
}

/* Answers 0 for "no", and an error code for "out of memory": rule B. */
int pool_can_alloc(struct pool *p)
{
	if (p->n >= p->max)
		return 0;
	if (!p->name)
		return ST_ERR_NO_MEMORY;
	return 1;
}

/* Grows the pool, by a plain constant for success: rule A. */
int pool_add(struct pool *p)
{
	if (!p->name)
		return -ENOMEM;
	p->max++;
	return 1;
}
// args: --style
// expect: status-type.c:53:5: warning: predicate 'pool_can_alloc' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: status-type.c:58:3: note: returns a negative errno
// expect: status-type.c:63:5: warning: action 'pool_add' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: status-type.c:66:3: note: returns a negative errno
// expect: status-type.c:68:2: note: returns 1
