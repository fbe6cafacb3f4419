// A project's own status codes: a positive constant spelled as a
// failure's name (JOB_ERR, EXIT_FAILURE, AREA_ERROR_FLASH) is one of
// the codes of a status whose 0 is success, not a boolean's true nor a
// success mixed with negative errnos, and one spelled as a success's
// (RC_OK = 1 beside RC_ERROR = -1: a plugin API's documented success)
// is its set's success, not the convention's 0 mistaken; rule A leaves
// such an action alone.  Its callers are still held to what it returns
// (EXIT_FAILURE is never negative, and "< 0" never sees it).  The same
// values as bare numbers are still findings.
#include <errno.h>
#include <stdlib.h>

#define JOB_OK 0
#define JOB_ERR 1
#define AREA_ERROR_FLASH 1
#define RC_OK 1
#define RC_ERROR (-1)

struct job {
	int state;
};

int job_start(struct job *j)
{
	if (j->state)
		return JOB_ERR;
	j->state = 1;
	return JOB_OK;
}

int job_stop(struct job *j)
{
	if (!j->state)
		return 1;
	j->state = 0;
	return 0;
}

int area_open(struct job *j)
{
	if (!j)
		return -EINVAL;
	if (j->state < 0)
		return AREA_ERROR_FLASH;
	return 0;
}

int area_close(struct job *j)
{
	if (!j)
		return -EINVAL;
	if (j->state < 0)
		return 1;
	return 0;
}

static int recv_one(struct job *j)
{
	if (j->state < 0)
		return EXIT_FAILURE;
	return EXIT_SUCCESS;
}

int recv_all(struct job *j)
{
	if (recv_one(j) < 0)
		return -EIO;
	return 0;
}

int plugin_open(struct job *j)
{
	if (!j)
		return RC_ERROR;
	return RC_OK;
}

// expect: prec-status.c:31:5: warning: action 'job_stop' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: prec-status.c:34:3: note: returns 1
// expect: prec-status.c:48:5: warning: action 'area_close' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: prec-status.c:51:3: note: returns a negative errno
// expect: prec-status.c:53:3: note: returns 1
// expect: prec-status.c:66:6: warning: 'recv_one' returns only 0 or 1 (class boolean, from its definition at prec-status.c:57), never negative: 'recv_one(...) < 0' is never true; test it against 0 for what it means [retconv-C]
