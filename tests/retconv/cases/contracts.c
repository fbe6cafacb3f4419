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
// expect: contracts.c:116:5: warning: predicate 'has_irq' returns a negative errno, which reads as true; return a bool, or give it an action's name [retconv-B]
// expect: contracts.c:119:3: note: returns a negative errno
