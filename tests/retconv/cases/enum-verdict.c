// A member of an enumeration that lists more than a yes and a no is an
// answer among several (a packet filter's verdict, a parser's state), by
// the enumeration's convention: returning it is no boolean and no
// success code, though its value is 0 or 1 (return XDP_DROP, 1, where
// XDP_PASS is 2).  An enumeration of two, a success and a failure, is a
// status by another spelling: its 1 named for a failure (OUTCOME_FAIL)
// is a failure its callers see, no boolean (prec-status.c), where a bare
// 1 still reads as one (stop_engine).  One
// that lists more besides an error (KNOWN_ERROR = -1, KNOWN_NOT,
// KNOWN_OK, KNOWN_CHANGED) is a verdict among several too, compared by
// value: a predicate's name returning its error is no misread "true".
#include <errno.h>

enum verdict { VERDICT_ABORTED, VERDICT_DROP, VERDICT_PASS, VERDICT_TX };
enum outcome { OUTCOME_OK, OUTCOME_FAIL };
enum step_state { STEP_INIT = 0, STEP_DONE = 1, STEP_WAIT = 4 };

int filter_drop(void *ctx)
{
	return VERDICT_DROP;
}

int filter_run(const unsigned char *pkt)
{
	return pkt[0] ? VERDICT_PASS : VERDICT_DROP;
}

static int parse_step(int c)
{
	if (c < 0)
		return -EINVAL;
	return c ? STEP_DONE : STEP_INIT;
}

int run_parser(const char *s)
{
	return parse_step(s[0]) < 0 ? -EINVAL : 0;
}

int start_engine(int x)
{
	return x ? OUTCOME_FAIL : OUTCOME_OK;
}

int stop_engine(int x)
{
	return x ? 1 : 0;
}

enum known { KNOWN_ERROR = -1, KNOWN_NOT = 0, KNOWN_OK = 1, KNOWN_CHANGED };

int host_is_known(int x)
{
	if (x < 0)
		return KNOWN_ERROR;
	return x ? KNOWN_OK : KNOWN_NOT;
}
// expect: enum-verdict.c:45:5: warning: action 'stop_engine' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: enum-verdict.c:47:2: note: returns 0 or 1
