// Rule C beyond the sign: a result compared with a constant that no value
// of its callee's class can equal or pass.  A 0/-errno action tested
// "== 1" or "> 0" is never true (the misread kwq exists to stop: "if
// (add_work(&w) == 1)" compiles without a word); a 0/1 result compared
// with a negative errno, or switched on with one, never matches.
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>

struct work_struct;
struct dev {
	int state;
	unsigned int flags;
};

int add_work(struct work_struct *w);
int platform_get_irq(void *pdev, unsigned int num);

/* 0 or a negative errno, from its definition. */
static int start_dev(struct dev *d)
{
	if (!d)
		return -EINVAL;
	if (d->state)
		return -EBUSY;
	d->state = 1;
	return 0;
}

/* 0 or 1, from its definition. */
static int dev_ready(const struct dev *d)
{
	return d->state == 1;
}

int kick(struct work_struct *w)
{
	if (add_work(w) == 1)
		return 0;
	return -EIO;
}

int bring_up(struct dev *d)
{
	int err = start_dev(d);

	if (err > 0)
		return -EIO;
	if (0 < start_dev(d))
		return -EIO;
	if (start_dev(d) != 1)
		return -EAGAIN;
	if (start_dev(d) >= 1)
		return -EIO;
	return 0;
}

int poll_dev(struct dev *d)
{
	if (dev_ready(d) == -1)
		return -EIO;
	switch (dev_ready(d)) {
	case 0:
		return -EAGAIN;
	case -EIO:
		return -EIO;
	default:
		return 0;
	}
}

/* Not flagged: tests some value of the class can pass. */
int bring_up_right(struct dev *d, void *pdev)
{
	int err = start_dev(d);

	if (err == -EBUSY)
		return 0;
	if (err <= 0)	/* loose, but true of failure and success alike */
		return err;
	if (dev_ready(d) == 1)
		return 0;
	if (platform_get_irq(pdev, 0) > 0)	/* an irq or an errno */
		return 0;
	switch (start_dev(d)) {
	case -EBUSY:
		return 1;
	case 0:
		return 0;
	}
	return add_work(NULL) != -EBUSY;
}

/* Not flagged: a negative value kept unsigned is a large one, and is
 * rightly compared with one ("u == -1" is "u == UINT_MAX"). */
int bring_up_unsigned(struct dev *d)
{
	unsigned int u = start_dev(d);

	if (u == -1U)
		return -EIO;
	return u > 0 ? -EIO : 0;
}
/* A constant written as a macro is named as written. */
#define DEV_ON 1

int power_up(struct dev *d)
{
	int err = start_dev(d);

	if (err != ENODEV)
		return err;
	return start_dev(d) == DEV_ON ? 0 : -EIO;
}
// expect: callsite-shape.c:38:6: warning: 'add_work' returns 0 or a negative errno (class errno, from the built-in table): 'add_work(...) == 1' is never true; its success is 0 and its failure negative [retconv-C]
// expect: callsite-shape.c:47:6: warning: 'start_dev' returns 0 or a negative errno (class errno, from its definition at callsite-shape.c:20): 'err > 0' is never true; its success is 0 and its failure negative [retconv-C]
// expect: callsite-shape.c:45:6: note: 'err' holds the result of 'start_dev' from here
// expect: callsite-shape.c:49:6: warning: 'start_dev' returns 0 or a negative errno (class errno, from its definition at callsite-shape.c:20): '0 < start_dev(...)' is never true; its success is 0 and its failure negative [retconv-C]
// expect: callsite-shape.c:51:6: warning: 'start_dev' returns 0 or a negative errno (class errno, from its definition at callsite-shape.c:20): 'start_dev(...) != 1' is always true; its success is 0 and its failure negative [retconv-C]
// expect: callsite-shape.c:53:6: warning: 'start_dev' returns 0 or a negative errno (class errno, from its definition at callsite-shape.c:20): 'start_dev(...) >= 1' is never true; its success is 0 and its failure negative [retconv-C]
// expect: callsite-shape.c:60:6: warning: 'dev_ready' returns only 0 or 1 (class boolean, from its definition at callsite-shape.c:31): 'dev_ready(...) == -1' is never true; test it against 0 for what it means [retconv-C]
// expect: callsite-shape.c:65:2: warning: 'dev_ready' returns only 0 or 1 (class boolean, from its definition at callsite-shape.c:31): 'case -EIO:' of a switch on its result is never taken; test it against 0 for what it means [retconv-C]
// expect: callsite-shape.c:111:6: warning: 'start_dev' returns 0 or a negative errno (class errno, from its definition at callsite-shape.c:20): 'err != ENODEV' is always true; its success is 0 and its failure negative [retconv-C]
// expect: callsite-shape.c:109:6: note: 'err' holds the result of 'start_dev' from here
// expect: callsite-shape.c:113:9: warning: 'start_dev' returns 0 or a negative errno (class errno, from its definition at callsite-shape.c:20): 'start_dev(...) == DEV_ON' is never true; its success is 0 and its failure negative [retconv-C]
