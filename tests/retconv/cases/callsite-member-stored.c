// Calls through a member of a named structure, judged by the functions
// the code stores in that member: designated and positional initializers
// of an ops table and assignments.  Where every stored function returns 0
// or a negative errno, that is the member's contract: a branch taken on 0
// that handles an error, a comparison with 1 and a negation misread it.
// Where the stored functions disagree, where they only ever return 0 or 1
// (the signed member lets a caller expect a negative failure they do not
// happen to give), where they are stubs that only fail, where a member
// of another structure has the same name, and where the structure is
// anonymous (a typedef's name is a name), the declared type alone speaks;
// a caller that tests the member both ways is a test that expects a
// failure.
#include <errno.h>

struct dev;

struct dev_ops {
	int (*start)(struct dev *d);
	int (*stop)(struct dev *d);
	int (*poll)(struct dev *d);
	int (*ready)(struct dev *d);
	int (*reset)(struct dev *d);
};

struct bus_ops {
	int (*start)(struct dev *d);
};

struct dev {
	const struct dev_ops *ops;
	const struct bus_ops *bus;
	int state;
};

static int uart_start(struct dev *d)
{
	return d->state ? -EBUSY : 0;
}

static int spi_start(struct dev *d)
{
	if (!d->state)
		return -ENODEV;
	return 0;
}

static int uart_poll(struct dev *d)
{
	return d->state > 1 ? -EIO : 0;
}

static int spi_poll(struct dev *d)
{
	return d->state;
}

static int uart_ready(struct dev *d)
{
	return d->state == 3;
}

static int spi_ready(struct dev *d)
{
	return d->state != 0;
}

static int uart_stop(struct dev *d)
{
	return d->state ? -EINVAL : 0;
}

static int uart_reset(struct dev *d)
{
	(void)d;
	return -EOPNOTSUPP;
}

static int bus_start(struct dev *d)
{
	return d->state ? 1 : 0;
}

static int other_start(struct dev *d)
{
	return d->state ? -EIO : 0;
}

const struct dev_ops uart_ops = {
	.start = uart_start,
	.poll = uart_poll,
	.ready = uart_ready,
	.reset = uart_reset,
};

/* By position: start, stop, poll, ready. */
const struct dev_ops spi_ops = { spi_start, 0, spi_poll, &spi_ready };

const struct bus_ops bus_ops = { .start = bus_start };
const struct bus_ops other_bus_ops = { .start = other_start };

void dev_setup(struct dev_ops *ops)
{
	ops->stop = uart_stop;
}

int dev_open(struct dev *d)
{
	if (!d->ops->start(d)) {
		d->state = -1;
		return -EIO;
	}
	if (d->ops->stop(d) == 1)
		return -EBUSY;
	return 0;
}

int dev_close(struct dev *d)
{
	if (!d->ops)
		return -EINVAL;
	return -d->ops->stop(d);
}

/* Not flagged: the poll functions disagree (spi_poll passes on a state),
 * the ready ones only give 0 or 1 to a signed member, the one reset
 * function is a stub that only fails, and bus_ops' start functions
 * disagree whatever dev_ops' do. */
int dev_check(struct dev *d)
{
	if (!d->ops->poll(d))
		return -EIO;
	if (d->ops->ready(d) < 0)
		return -EIO;
	if (!d->ops->reset(d))
		return -EIO;
	if (!d->bus->start(d))
		return -EIO;
	return d->ops->start(d) < 0 ? -EIO : 0;
}

/* Not flagged: a test of what the member holds, which takes its non-zero
 * for an error at one call and its 0 at another (a second start must be
 * refused). */
int dev_selftest(struct dev *d)
{
	if (d->ops->start(d))
		return -EFAULT;
	if (!d->ops->start(d))
		return -EFAULT;
	return 0;
}

/* Not flagged: a member of an anonymous structure has no name another
 * file could store under. */
static struct {
	int (*go)(struct dev *d);
} anon = { .go = uart_start };

int dev_go(struct dev *d)
{
	if (!anon.go(d))
		return -EIO;
	return 0;
}

/* A structure named by its typedef alone has a name all the same. */
typedef struct {
	int (*attach)(struct dev *d);
} bus_driver_t;

const bus_driver_t uart_driver = { .attach = uart_start };

int dev_attach(const bus_driver_t *drv, struct dev *d)
{
	if (drv->attach(d) == 1)
		return -EBUSY;
	return 0;
}
// expect: callsite-member-stored.c:108:6: warning: '->start' returns 0 or a negative errno (class errno, from the 2 functions stored in 'struct dev_ops' member 'start', as spi_start() at callsite-member-stored.c:40): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: callsite-member-stored.c:110:3: note: the branch returns a negative errno
// expect: callsite-member-stored.c:112:6: warning: '->stop' returns 0 or a negative errno (class errno, from the one function stored in 'struct dev_ops' member 'stop', uart_stop() at callsite-member-stored.c:67): '->stop(...) == 1' is never true; its success is 0 and its failure negative [retconv-C]
// expect: callsite-member-stored.c:121:2: warning: '->stop' returns 0 or a negative errno (class errno, from the one function stored in 'struct dev_ops' member 'stop', uart_stop() at callsite-member-stored.c:67): 'dev_close' returns '-->stop(...)', a positive value, where it fails with a negative value elsewhere; return '->stop(...)' as it is [retconv-E]
// expect: callsite-member-stored.c:175:6: warning: '->attach' returns 0 or a negative errno (class errno, from the one function stored in 'bus_driver_t' member 'attach', uart_start() at callsite-member-stored.c:35): '->attach(...) == 1' is never true; its success is 0 and its failure negative [retconv-C]
