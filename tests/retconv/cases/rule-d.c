// Rule D: success read as failure.  A branch taken when an errno-class
// function returned 0, or a boolean one returned 1, that handles an error:
// returns a negative errno, goes to an error label, logs an error, aborts.
// Only the branch's own statements count, not those of an if inside it.
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

struct workqueue_struct;
struct work_struct;
struct list_head;

int queue_work(struct workqueue_struct *wq, struct work_struct *work);
int request_irq(unsigned int irq, void *handler, unsigned long flags,
		const char *name, void *dev);
unsigned long copy_from_user(void *to, const void *from, unsigned long n);
int pthread_create(void *t, const void *attr, void *(*fn)(void *), void *a);
bool list_empty(const struct list_head *head);
void pr_err(const char *fmt, ...);

/* 0 or -EBUSY, from its definition. */
int add_item(int *slot)
{
	if (*slot)
		return -EBUSY;
	*slot = 1;
	return 0;
}

/* 0 or 1 from its body: which one is failure, the body does not say. */
int start_engine(int *e)
{
	return *e ? 0 : 1;
}

int setup_irq(void *dev)
{
	if (!request_irq(5, NULL, 0, "dev", dev)) {
		pr_err("cannot get irq 5");
		return -EIO;
	}
	return 0;
}

int fill_slot(int *slot)
{
	int ret = add_item(slot);

	if (ret == 0)
		goto err_slot;
	return 0;
err_slot:
	return ret;
}

int kick_work(struct workqueue_struct *wq, struct work_struct *w)
{
	if (queue_work(wq, w))
		return -EBUSY;
	return 0;
}

/* Not flagged: in git, iproute2 and rdma-core most such 0/1 actions
 * return 1 for failure, and this branch is right. */
int run_engine(int *e)
{
	if (start_engine(e) != 0) {
		fprintf(stderr, "engine failed\n");
		abort();
	}
	return 0;
}

int read_arg(void *to, const void *from)
{
	if (copy_from_user(to, from, 4)) {
		return 0;
	} else {
		return -EFAULT;
	}
}

int spawn(void *t, void *(*fn)(void *))
{
	int err = pthread_create(t, NULL, fn, NULL);

	if (!err)
		goto fail_thread;
	return 0;
fail_thread:
	return -err;
}

/* Not flagged: the success path. */
int setup_irq_ok(void *dev, int *irq_ok)
{
	if (!request_irq(5, NULL, 0, "dev", dev)) {
		*irq_ok = 1;
		return 0;
	}
	return -EIO;
}

/* Not flagged: the success branch checks what it got. */
int setup_checked(void *dev, int *bad)
{
	if (!request_irq(5, NULL, 0, "dev", dev)) {
		if (*bad)
			return -EINVAL;
		*bad = 0;
	}
	return 0;
}

/* Not flagged: the right tests. */
int kick_right(struct workqueue_struct *wq, struct work_struct *w, void *dev)
{
	if (!queue_work(wq, w))
		return -EBUSY;
	if (request_irq(5, NULL, 0, "dev", dev))
		goto err_irq;
	return 0;
err_irq:
	return -EIO;
}

/* Not flagged: a predicate's 1 is "true", not "it worked". */
int drain_list(struct list_head *head)
{
	if (list_empty(head))
		return -ENOENT;
	return 0;
}

/* 0 when found, -ENOENT when not: errno, but named as a lookup. */
int find_slot(const int *slots, int key)
{
	return slots[key] ? 0 : -ENOENT;
}

/* Not flagged: a lookup's success can well lead to an error. */
int insert_slot(int *slots, int key)
{
	if (!find_slot(slots, key))
		return -EEXIST;
	slots[key] = 1;
	return 0;
}

/* Not flagged: the branch leaves by a label that is not an error's. */
int add_or_skip(int *slot)
{
	if (!add_item(slot))
		goto out;
	*slot = 2;
out:
	return 0;
}

/* The kernel's error macros are read by their names. */
int printk(const char *fmt, ...);
#define dev_err(dev, ...) printk(__VA_ARGS__)
#define BUG() do { abort(); } while (0)

int setup_dev_irq(void *dev)
{
	int err = request_irq(7, NULL, 0, "dev", dev);

	if (!err) {
		dev_err(dev, "no irq 7");
		return 0;
	}
	if (request_irq(8, NULL, 0, "dev", dev) == 0)
		BUG();
	return err;
}

/* Not flagged: "err" here is a variable, not err(3). */
int add_both(int *a, int *b)
{
	int err = add_item(a), err2 = add_item(b);

	if (!err)
		err = err2;
	return err;
}

/* Not flagged: a queued request is reported as in progress. */
int submit_req(int *slot)
{
	if (!add_item(slot))
		return -EINPROGRESS;
	return -EAGAIN;
}

int mutex_trylock(void *m);

/* 1 is "taken": returning -EBUSY then reads success as failure. */
int grab_dev(void *m)
{
	if (mutex_trylock(m))
		return -EBUSY;
	return 0;
}
/* Not flagged: the error comes only after the ifs that take what was
 * parsed (git's color.c: a third color is the error, not the parse). */
int take_color(int *slots, int *fg, int *bg)
{
	if (!add_item(slots)) {
		if (!*fg) {
			*fg = 1;
			return 0;
		}
		if (!*bg) {
			*bg = 1;
			return 0;
		}
		goto bad;
	}
	return 0;
bad:
	return -EINVAL;
}
// expect: rule-d.c:32:5: warning: action 'start_engine' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
// expect: rule-d.c:34:2: note: returns 0 or 1
// expect: rule-d.c:39:6: warning: 'request_irq' returns 0 or a negative errno (class errno, from the built-in table): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: rule-d.c:40:3: note: the branch calls pr_err()
// expect: rule-d.c:50:6: warning: 'add_item' returns 0 or a negative errno (class errno, from its definition at rule-d.c:23): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: rule-d.c:48:6: note: 'ret' holds the result of 'add_item' from here
// expect: rule-d.c:51:3: note: the branch goes to the error label 'err_slot'
// expect: rule-d.c:59:6: warning: 'queue_work' returns only 0 or 1 (class boolean, from the built-in table): 1 is success, but the branch taken on 1 handles an error [retconv-D]
// expect: rule-d.c:60:3: note: the branch returns a negative errno
// expect: rule-d.c:77:6: warning: 'copy_from_user' returns the number of bytes not copied (class count, from the built-in table): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: rule-d.c:80:3: note: the branch returns a negative errno
// expect: rule-d.c:88:6: warning: 'pthread_create' returns 0 or a positive errno (class perrno, from the built-in table): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: rule-d.c:86:6: note: 'err' holds the result of 'pthread_create' from here
// expect: rule-d.c:89:3: note: the branch goes to the error label 'fail_thread'
// expect: rule-d.c:170:6: warning: 'request_irq' returns 0 or a negative errno (class errno, from the built-in table): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: rule-d.c:168:6: note: 'err' holds the result of 'request_irq' from here
// expect: rule-d.c:171:3: note: the branch calls dev_err()
// expect: rule-d.c:174:6: warning: 'request_irq' returns 0 or a negative errno (class errno, from the built-in table): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: rule-d.c:175:3: note: the branch calls BUG()
// expect: rule-d.c:202:6: warning: 'mutex_trylock' returns only 0 or 1 (class boolean, from the built-in table): 1 is success, but the branch taken on 1 handles an error [retconv-D]
// expect: rule-d.c:203:3: note: the branch returns a negative errno
