// A count-or-errno or id-or-errno result read only for being 0 or not,
// where the branch on 0 plainly handles a failure: the negative errno goes
// the way of success, taken for a count or an id.  Only when nothing else
// reads the value before its holder is stored to again: a test for a
// sign anywhere, or the value returned or copied, and it is not reported.
#include <errno.h>
#include <stdio.h>

int platform_get_irq(void *pdev, unsigned int num);
int request_irq(unsigned int irq, void *handler, unsigned long flags,
		const char *name, void *dev);

struct pool {
	unsigned short used;
	unsigned short size;
};

/* An id, or a negative errno, from its definition. */
static int pool_get_id(struct pool *p)
{
	if (p->used >= p->size)
		return -ENOSPC;
	return p->used++;
}

int probe(void *pdev)
{
	int irq = platform_get_irq(pdev, 0);

	if (!irq)
		return -ENXIO;
	return request_irq(irq, NULL, 0, "dev", pdev);
}

int open_session(struct pool *p)
{
	int id;

	id = pool_get_id(p);
	if (id == 0) {
		fprintf(stderr, "no session id\n");
		return -1;
	}
	printf("session %d\n", id);
	return 0;
}

int open_quick(struct pool *p)
{
	if (!pool_get_id(p))
		return -EAGAIN;
	return 0;
}

/* Not flagged: the sign is tested too, before or after; the value is
 * returned to a caller who tests it; the branch on 0 is no failure. */
int probe_right(void *pdev)
{
	int irq = platform_get_irq(pdev, 0);

	if (irq < 0)
		return irq;
	if (!irq)
		return -ENXIO;
	return request_irq(irq, NULL, 0, "dev", pdev);
}

int open_right(struct pool *p)
{
	int id = pool_get_id(p);

	if (!id)
		return -EAGAIN;
	if (id < 0)
		return id;
	return 0;
}

int open_passed(struct pool *p)
{
	int id = pool_get_id(p);

	if (!id)
		return -EAGAIN;
	return id;
}

int open_counted(struct pool *p, int *n)
{
	int id = pool_get_id(p);

	if (!id)
		*n = 0;
	return 0;
}

/* Not flagged: -1, 0 or 1 is an order, not a count with errors. */
static int order(int a, int b)
{
	if (a < b)
		return -1;
	return a > b ? 1 : 0;
}

int same_slot(int a, int b)
{
	if (!order(a, b))
		return -EINVAL;
	return 0;
}
// expect: callsite-mixed.c:30:6: warning: 'platform_get_irq' returns a value or a negative errno (class mixed, from the built-in table): the branch taken on 0 handles an error, but nothing here tests for a negative value, so its errors pass as values; test it for < 0 too [retconv-D]
// expect: callsite-mixed.c:28:6: note: 'irq' holds the result of 'platform_get_irq' from here
// expect: callsite-mixed.c:31:3: note: the branch returns a negative errno
// expect: callsite-mixed.c:40:6: warning: 'pool_get_id' returns a value or a negative errno (class mixed, from its definition at callsite-mixed.c:19): the branch taken on 0 handles an error, but nothing here tests for a negative value, so its errors pass as values; test it for < 0 too [retconv-D]
// expect: callsite-mixed.c:39:2: note: 'id' holds the result of 'pool_get_id' from here
// expect: callsite-mixed.c:41:3: note: the branch logs an error with fprintf()
// expect: callsite-mixed.c:50:6: warning: 'pool_get_id' returns a value or a negative errno (class mixed, from its definition at callsite-mixed.c:19): the branch taken on 0 handles an error, but nothing here tests for a negative value, so its errors pass as values; test it for < 0 too [retconv-D]
// expect: callsite-mixed.c:51:3: note: the branch returns a negative errno
