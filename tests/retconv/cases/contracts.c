// A documented result is the function's contract, and settles its kind
// for rules A and B and for its callers' rules C and D: kernel-doc's
// "Return:", Doxygen's @return and @retval, NuttX's "Returned Value:".
// A documented 1, 0 or negative errno is a tri-state, not a mix; a
// documented boolean makes a predicate of an action's name, a documented
// errno an action of a predicate's; a value with errors is neither.
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>

struct dev {
	int state;
	int irq;
};

/**
 * start_dev() - bring a device up
 * @d: the device
 *
 * Return: 1 if the device was started, 0 if it was already running, or a
 * negative errno.
 */
int start_dev(struct dev *d)
{
	if (!d)
		return -EINVAL;
	if (d->state)
		return 0;
	d->state = 1;
	return 1;
}

/* Undocumented, the same body is a mix (rule A). */
int stop_dev(struct dev *d)
{
	if (!d)
		return -EINVAL;
	if (!d->state)
		return 0;
	d->state = 0;
	return 1;
}
// expect: contracts.c:34:5: warning: action 'stop_dev' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: contracts.c:37:3: note: returns a negative errno
// expect: contracts.c:41:2: note: returns 1

/**
 * Queue a line for output.
 *
 * @param d the device
 * @return true if the line was queued, false if the queue was full
 */
bool queue_line(struct dev *d)
{
	return d->state < 16;
}

/**
 * @brief Whether the device is up, in user space's convention.
 * @retval 0 on success
 * @retval -EIO when the device did not answer
 */
int is_up(struct dev *d)
{
	return d->state ? 0 : -EIO;
}

/****************************************************************************
 * Name: board_irq_line
 *
 * Description:
 *   The device's interrupt line, checked.
 *
 * Returned Value:
 *   Zero (OK) on success; a negated errno value on failure.
 *
 ****************************************************************************/

int board_irq_line(struct dev *d)
{
	return d->irq < 0 ? -ENODEV : 0;
}

/* A caller reads board_irq_line() by its documented contract: 0 is success, so
 * an error handled on 0 is rule D, although its name is neither. */
int board_init(struct dev *d)
{
	if (!board_irq_line(d)) {
		fprintf(stderr, "no irq\n");
		return -EIO;
	}
	return 0;
}
// expect: contracts.c:88:6: warning: 'board_irq_line' returns 0 or a negative errno (class errno, from its definition at contracts.c:79): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: contracts.c:89:3: note: the branch logs an error with fprintf()

/**
 * read_regs - read the registers
 * @d: the device
 *
 * Returns the number of registers read, or a negative errno.
 */
int read_regs(struct dev *d)
{
	if (!d)
		return -EINVAL;
	return 1;
}

/**
 * has_irq - whether the device has an interrupt
 * @d: the device
 *
 * Return: %true if it has one, %false if not.
 */
int has_irq(struct dev *d)
{
	if (!d)
		return -EINVAL;
	return d->irq > 0;
}
// expect: contracts.c:116:5: warning: predicate 'has_irq' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: contracts.c:119:3: note: returns a negative errno

/* "non-zero" is any value but 0, no boolean: the name still decides,
 * and the action keeps its contract, whose 1 is a failure its callers
 * see ("if (flush_regs(d))"), not a success taken for one. */
/**
 * Return: 0 on success, non-zero on failure.
 */
int flush_regs(struct dev *d)
{
	return d->state != 0;
}

/* User space: a constant whose sign the text does not give makes no
 * boolean contract either; the name decides (rule B). */
/**
 * @return true if the stream is at a sync point, or Z_STREAM_ERROR if
 * its state is inconsistent.
 */
int stream_is_synced(struct dev *d)
{
	if (!d)
		return -2;
	return d->state == 3;
}
// expect: contracts.c:142:5: warning: predicate 'stream_is_synced' returns a negative errno beside its answer: a tri-state, whose every caller must test the sign first; return a bool, or give it an action's name [retconv-B]
// expect: contracts.c:145:3: note: returns a negative errno

/* A wrapper without documentation returns what its callee documents: the
 * tri-state of start_dev(), no mix. */
int start_board(struct dev *d)
{
	return start_dev(d);
}

/**
 * kernel-doc: a parameter called result is no section on the result.
 * @d: the device
 * @result: where to store the result, 0 when nothing was read
 *
 * Return: the register's value if it was read, or -1 with errno set.
 */
int regs_value(struct dev *d, int *result)
{
	if (!d)
		return -1;
	*result = 0;
	return 1;
}

/* What a document says never makes a finding of a name whose words say
 * neither: a comparison documented by mistake as 0 or -1 still compares. */
/**
 * regs_cmp - compare two register sets
 * Returns: 0 on success, -1 on failure
 */
int regs_cmp(const struct dev *a, const struct dev *b)
{
	if (a->state < b->state)
		return -1;
	return a->state > b->state;
}

/* A documented "> 0" is a value: a comparison of its own, neither. */
/**
 * Return: 0 if equal, < 0 if @a sorts first, > 0 if @b does.
 */
int is_before(const struct dev *a, const struct dev *b)
{
	return a->state < b->state ? -1 : a->state > b->state;
}

/* User space: a plain paragraph that says what is returned counts, from
 * its first line: 1, 0 or -1, a tri-state. */
/* Given a unit number, returns 1 if any port of the unit is active.
   returns 0 if no port is active.
   returns -1 when an error occurred. */
int unit_is_active(int unit)
{
	if (unit < 0)
		return -1;
	return unit > 3;
}
// args: --style
