// SPDX-License-Identifier: MIT
/*
 * A count whose failure is negative, tested only for being 0 where
 * neither way handles an error: sscanf's EOF, read's -1 and
 * platform_get_irq's negative errno all take the way of a success.  A
 * test for the count, for a sign, or a branch that handles the error is
 * not this finding.
 */
#include <stdio.h>
#include <unistd.h>
#include <linux/platform_device.h>

int parse_level(const char *s, int *level)
{
	int v = 0;

	if (sscanf(s, "%d", &v))
		*level = v;
	return 0;
}

int get_byte(int fd, char *c, int *got)
{
	*c = 0;
	if (read(fd, c, 1))
		*got = 1;
	return 0;
}

struct quux {
	bool use_irq;
};

int quux_setup_irq(struct platform_device *pdev, struct quux *q)
{
	int irq = platform_get_irq(pdev, 0);

	if (!irq)
		q->use_irq = false;
	else
		q->use_irq = true;
	return 0;
}

/* Right: the count it must reach, a sign, an error handled. */
int parse_pair(const char *s, int *a, int *b)
{
	if (sscanf(s, "%d %d", a, b) == 2)
		return 0;
	return -1;
}

long drain(int fd, char *buf, size_t len)
{
	ssize_t n = read(fd, buf, len);

	if (n < 0)
		return -1;
	if (n)
		buf[0] = 0;
	return n;
}

int quux_irq_or_poll(struct platform_device *pdev, int *irqp)
{
	int irq = platform_get_irq(pdev, 0);

	if (irq > 0)
		*irqp = irq;
	return 0;
}

/* The result discarded on purpose, the defaults set before. */
void read_limits(const char *s, int *tries, int *interval)
{
	*tries = 0;
	*interval = 10;
	if (sscanf(s, "%d %d", tries, interval))
		;
}

/* A result of a function of the run tested so is not the table's. */
static int count_items(const char *s)
{
	return s[0] ? 2 : -1;
}

int has_items(const char *s, int *n)
{
	if (count_items(s))
		*n = 1;
	return 0;
}
// expect: truth-count.c:17:6: warning: 'sscanf' returns a count or a length, or a negative value on failure (class value, from the built-in table): it is tested only for being 0, so its failure, negative, goes the way of a success; test it for > 0, or for the count it must reach [retconv-D]
// expect: truth-count.c:25:6: warning: 'read' returns a count or a length, or a negative value on failure (class value, from the built-in table): it is tested only for being 0, so its failure, negative, goes the way of a success; test it for > 0, or for the count it must reach [retconv-D]
// expect: truth-count.c:38:6: warning: 'platform_get_irq' returns a value or a negative errno (class mixed, from the built-in table): it is tested only for being 0, so its failure, negative, goes the way of a success; test it for > 0, or for the count it must reach [retconv-D]
// expect: truth-count.c:36:6: note: 'irq' holds the result of 'platform_get_irq' from here
// stderr: retconv: truth-count.c: note: parsed with errors: 1 header not found (linux/platform_device.h); checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
