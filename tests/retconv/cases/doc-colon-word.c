// A documented contract in plain prose (issue 26 section 4, the
// thirteenth blind round): a colon before a word ("kinds of :set
// command", a command's name) does not open another section the way
// "Context:" does, so the "Returns" sentence after it is still the
// function's word on its result: negative on error, zero or a positive
// number on success is a value, not 1 mixed with errnos.  The same body
// under a comment with real headings and no word on its result is still
// a finding.
#include <errno.h>

struct opts {
	int global;
	int local;
};

/* Handles the kinds of :set command, showing output.  At least one of
 * global and local must be set.  Returns negative number on error, zero
 * on success without message and positive number on success with a
 * message. */
int process_set_args(struct opts *o, const char *args)
{
	if (!args || (!o->global && !o->local))
		return -EINVAL;
	if (*args == '?')
		return 1;
	return 0;
}

/* Handles the kinds of set command.
 * Context: any thread.
 * Note: prints what it set. */
int apply_set_args(struct opts *o, const char *args)
{
	if (!args || (!o->global && !o->local))
		return -EINVAL;
	if (*args == '?')
		return 1;
	return 0;
}

// expect: doc-colon-word.c:32:5: warning: action 'apply_set_args' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: doc-colon-word.c:35:3: note: returns a negative errno
// expect: doc-colon-word.c:37:3: note: returns 1
