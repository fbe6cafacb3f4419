// A kernel that defines its own copy_to_user(), declared int and
// returning 0 or a negative errno (the fault's stored reason, else
// -EFAULT), is judged by that definition, not by the built-in table's
// contract for the kernel's function of that name (the count of bytes
// not copied): its callers' '< 0' tests and their 'return rc' are right.
// Its return of a stored reason leaves the definition's class unknown,
// but its -EFAULT is a value the table's count never takes, so the
// table does not speak for it.  A function the table knows and the tree
// only declares (clear_user()) is still judged by the table, and so is
// one whose definition gives nothing the table's class cannot
// (copy_in_user(), which returns what an outside function gives); the
// finding says where its class came from.  A definition that gives the
// table's class itself (raw_copy_to_user(), unsigned) is judged by it.
#include <errno.h>

struct task {
	int fault_reason;
};

extern struct task *current_task(void);
extern int arch_copy(void *to, const void *from, unsigned long n);
int clear_user(void *to, unsigned long n);

int copy_to_user(void *to, const void *from, unsigned long n)
{
	struct task *t = current_task();

	if (!to)
		return -EFAULT;
	if (!arch_copy(to, from, n))
		return 0;
	return t->fault_reason ? t->fault_reason : -EFAULT;
}

int copy_in_user(void *to, const void *from, unsigned long n)
{
	return arch_copy(to, from, n);
}

unsigned long raw_copy_to_user(void *to, const void *from, unsigned long n)
{
	return n - (unsigned long)arch_copy(to, from, n);
}

int sys_get_time(void *ubuf)
{
	long now = 42;
	int rc;

	rc = copy_to_user(ubuf, &now, sizeof(now));
	if (rc < 0)
		return rc;
	return 0;
}

int sys_get_name(void *ubuf)
{
	static const char name[] = "own";
	int rc = copy_to_user(ubuf, name, sizeof(name));

	return rc;
}

int sys_clear(void *ubuf)
{
	if (clear_user(ubuf, 16) < 0)
		return -EFAULT;
	return 0;
}

int sys_move(void *to, const void *from)
{
	if (copy_in_user(to, from, 8) < 0)
		return -EFAULT;
	return 0;
}

int sys_raw(void *to, const void *from)
{
	if (raw_copy_to_user(to, from, 8) < 0)
		return -EFAULT;
	return 0;
}
// expect: callsite-own-copy.c:66:6: warning: 'clear_user' returns the number of bytes not copied (class count, from the built-in table), never negative: 'clear_user(...) < 0' is never true; its failure is non-zero [retconv-C]
// expect: callsite-own-copy.c:73:6: warning: 'copy_in_user' returns the number of bytes not copied (class count, from the built-in table, which its definition at callsite-own-copy.c:35 does not contradict), never negative: 'copy_in_user(...) < 0' is never true; its failure is non-zero [retconv-C]
// expect: callsite-own-copy.c:80:6: warning: 'raw_copy_to_user' returns a count (class count, from its definition at callsite-own-copy.c:40), never negative: 'raw_copy_to_user(...) < 0' is never true; test it against 0 for what it means [retconv-C]
