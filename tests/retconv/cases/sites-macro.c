// Tests written inside a macro's body are not judged: what the macro makes
// of its arguments is not in the text of the call.  What its arguments
// write is text like any other (macro-args.c): a branch hint's argument
// (likely(), __builtin_expect()) is what the if tests.
#include <errno.h>

struct workqueue_struct;
struct work_struct;

int queue_work(struct workqueue_struct *wq, struct work_struct *work);

#define FAILED(x) ((x) < 0)
#define likely(x) __builtin_expect(!!(x), 1)
#define CHECKED(call) ({ int r_ = (call); if (r_ < 0) return r_; r_; })

int kick_macro(struct workqueue_struct *wq, struct work_struct *w)
{
	if (FAILED(queue_work(wq, w)))
		return -EBUSY;
	CHECKED(queue_work(wq, w));
	if (likely(queue_work(wq, w) >= 0))	/* flagged: always true */
		return 0;
	if (likely(queue_work(wq, w)))		/* flagged: 1 is success */
		return -EBUSY;
	return 0;
}

/* A store through a macro that hides its operators: libuv's
 * ACCESS_ONCE(type, var) = value.  Not a store of a call, and no crash. */
#define ACCESS_ONCE(type, var) (*(volatile type *)&(var))

struct handle {
	const char *data;
};

int set_state(struct handle *h, const char *stop)
{
	ACCESS_ONCE(const char *, h->data) = stop;
	while (ACCESS_ONCE(const char *, h->data) != stop)
		;
	return 0;
}
// expect: sites-macro.c:21:6: warning: 'queue_work' returns only 0 or 1 (class boolean, from the built-in table), never negative: 'queue_work(...) >= 0' is always true; its failure is 0 [retconv-C]
// expect: sites-macro.c:23:6: warning: 'queue_work' returns only 0 or 1 (class boolean, from the built-in table): 1 is success, but the branch taken on 1 handles an error [retconv-D]
// expect: sites-macro.c:24:3: note: the branch returns a negative errno
