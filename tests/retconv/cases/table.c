// A --table file adds the classes of functions defined elsewhere, and
// overrides the built-in ones; findings name the file and line.
// args: --table ../kernel.rctab
#include <errno.h>

struct work_struct;

int bus_register_dev(void *dev);
int dma_copy_out(void *to, const void *from, unsigned long n);
int kick_dma(void *chan);
int thrd_lock(void *m);
int schedule_work(struct work_struct *w);

int probe_bus(void *dev)
{
	if (!bus_register_dev(dev))
		goto err_bus;
	return 0;
err_bus:
	return -ENODEV;
}

int read_dma(void *to, const void *from)
{
	if (!to)
		return -EINVAL;
	return dma_copy_out(to, from, 64);
}

int start_dma(void *chan)
{
	int ret = kick_dma(chan);

	if (ret < 0)
		return ret;
	return 0;
}

int lock_it(void *m)
{
	return thrd_lock(m) >= 0 ? 0 : -EIO;
}

/* Not flagged: the table file says schedule_work returns an errno here. */
int kick_work(struct work_struct *w)
{
	int err = schedule_work(w);

	if (err < 0)
		return err;
	return 0;
}
// expect: table.c:16:6: warning: 'bus_register_dev' returns 0 or a negative errno (class errno, from ../kernel.rctab:2): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: table.c:17:3: note: the branch goes to the error label 'err_bus'
// expect: table.c:27:2: warning: 'dma_copy_out' returns the number of bytes not copied (class count, from ../kernel.rctab:3), and 'read_dma' returns it as its error result; return -EFAULT when it is not 0 [retconv-E]
// expect: table.c:34:6: warning: 'kick_dma' returns only 0 or 1 (class boolean, from ../kernel.rctab:4), never negative: 'ret < 0' is never true; its failure is 0 [retconv-C]
// expect: table.c:32:6: note: 'ret' holds the result of 'kick_dma' from here
// expect: table.c:41:9: warning: 'thrd_lock' returns 0 or a positive errno (class perrno, from ../kernel.rctab:5), never negative: 'thrd_lock(...) >= 0' is always true; its failure is non-zero [retconv-C]
