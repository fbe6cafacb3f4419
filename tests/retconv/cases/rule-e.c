// Rule E: a count returned as an errno.  copy_to_user() and friends return
// the number of bytes NOT copied; returned as a function's error result it
// is a positive number where callers expect 0 or -EFAULT (Rusty Russell's
// 415 misread calls of 2002).
#include <errno.h>

unsigned long copy_to_user(void *to, const void *from, unsigned long n);
unsigned long copy_from_user(void *to, const void *from, unsigned long n);
unsigned long clear_user(void *to, unsigned long n);

struct req {
	int len;
};

int get_req(struct req *r, const void *ubuf)
{
	if (!r)
		return -EINVAL;
	return copy_from_user(r, ubuf, sizeof(*r));
}

int put_req(void *ubuf, const struct req *r)
{
	int ret;

	ret = copy_to_user(ubuf, r, sizeof(*r));
	if (ret)
		return ret;
	return 0;
}

long zero_req(void *ubuf)
{
	long left = clear_user(ubuf, 64);

	if (left != 0)
		return left;
	return 0;
}

/* Not flagged: the idiom. */
int put_req_ok(void *ubuf, const struct req *r)
{
	return copy_to_user(ubuf, r, sizeof(*r)) ? -EFAULT : 0;
}

/* Not flagged: a wrapper that passes the count on as a count. */
unsigned long put_bytes(void *ubuf, const struct req *r)
{
	return copy_to_user(ubuf, r, sizeof(*r));
}

/* Not flagged: no errno anywhere, and no test: a count, as documented. */
int left_after_copy(void *ubuf, const struct req *r)
{
	return copy_to_user(ubuf, r, sizeof(*r));
}

/* Not flagged: reassigned before it is returned. */
int get_len(struct req *r, const void *ubuf)
{
	int ret = copy_from_user(r, ubuf, sizeof(*r));

	if (ret)
		ret = -EFAULT;
	return ret;
}
// expect: rule-e.c:19:2: warning: 'copy_from_user' returns the number of bytes not copied (class count, from the built-in table), and 'get_req' returns it as its error result; return -EFAULT when it is not 0 [retconv-E]
// expect: rule-e.c:28:3: warning: 'copy_to_user' returns the number of bytes not copied (class count, from the built-in table), and 'put_req' returns it as its error result; return -EFAULT when it is not 0 [retconv-E]
// expect: rule-e.c:26:2: note: 'ret' holds the result of 'copy_to_user' from here
// expect: rule-e.c:37:3: warning: 'clear_user' returns the number of bytes not copied (class count, from the built-in table), and 'zero_req' returns it as its error result; return -EFAULT when it is not 0 [retconv-E]
// expect: rule-e.c:34:7: note: 'left' holds the result of 'clear_user' from here
