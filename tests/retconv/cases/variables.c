// Constants followed through local variables, however they get there.
#include <errno.h>
#include <stdbool.h>

enum { DONE = 1 };

int submit_job(int *slot)
{
	int ret = -EBUSY;

	if (!*slot) {
		*slot = 1;
		ret = DONE;
	}
	return ret;
}

int commit_job(int *slot)
{
	bool ok = *slot > 0;
	int status;

	status = ok;
	return status;
}

/* A variable changed in place, or through a pointer, is unknown. */
int update_job(int *slot)
{
	int n = 0;

	n += *slot;
	return n;
}

static void fill(int *p)
{
	*p = 7;
}

int prepare_job(void)
{
	int v = 0;

	fill(&v);
	return v;
}

/* Chains of variables. */
int run_job(int *slot)
{
	int a = 0, b;

	if (*slot)
		a = 1;
	b = a;
	return b;
}
// expect: variables.c:7:5: warning: action 'submit_job' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: variables.c:15:2: note: returns 1 or a negative errno
// expect: variables.c:18:5: warning: action 'commit_job' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: variables.c:24:2: note: returns a boolean
// expect: variables.c:50:5: warning: action 'run_job' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: variables.c:57:2: note: returns 0 or 1
