// SPDX-License-Identifier: MIT
/*
 * A code base built for a C library whose strerror() takes either sign
 * (one RTOS's turns a negative errnum round): its drivers log a negative
 * errno with strerror(err) at ten calls (an eleventh in a logging macro's
 * body is not read: the text does not name strerror() there), and give it
 * a positive value at two (errno after a -1, a negated result).  Ten negative calls, more than
 * twice the positive ones, are the tree's reading of its platform's
 * strerror(), or one bug ten times: one note says so, and the sites are
 * reported only with --style (tests/retconv.t runs it so).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int dev_probe(int unit);

#define LOG_FAIL(what, err) fprintf(stderr, "%s: %s\n", what, strerror(err))

static int probe_one(int unit)
{
	int err = dev_probe(unit);

	if (err < 0) {
		fprintf(stderr, "probe %d: %s\n", unit, strerror(err));
		return err;
	}
	return 0;
}

static int probe_two(int unit)
{
	int err = dev_probe(unit + 1);

	if (err < 0)
		LOG_FAIL("probe", err);
	return err;
}


int start_a(void)
{
	int err = dev_probe(10);

	if (err < 0)
		printf("a: %s\n", strerror(err));
	return err;
}

int start_b(void)
{
	int err = dev_probe(11);

	if (err < 0)
		printf("b: %s\n", strerror(err));
	return err;
}

int start_c(void)
{
	int err = dev_probe(12);

	if (err < 0)
		printf("c: %s\n", strerror(err));
	return err;
}

int start_d(void)
{
	int err = dev_probe(13);

	if (err < 0)
		printf("d: %s\n", strerror(err));
	return err;
}

int start_e(void)
{
	int err = dev_probe(14);

	if (err < 0)
		printf("e: %s\n", strerror(err));
	return err;
}

int start_f(void)
{
	int err = dev_probe(15);

	if (err < 0)
		printf("f: %s\n", strerror(err));
	return err;
}

int start_g(void)
{
	int err = dev_probe(16);

	if (err < 0)
		printf("g: %s\n", strerror(err));
	return err;
}

int start_h(void)
{
	int err = dev_probe(17);

	if (err < 0)
		printf("h: %s\n", strerror(err));
	return err;
}

int start_i(void)
{
	int err = dev_probe(19);

	if (err < 0)
		printf("i: %s\n", strerror(err));
	return err;
}

/* The two that give it a positive value. */
int close_all(int fd)
{
	int err;

	if (close(fd) == -1)
		printf("close: %s\n", strerror(errno));
	err = dev_probe(18);
	if (err < 0)
		printf("j: %s\n", strerror(-err));
	return probe_one(0) + probe_two(0);
}
// stderr: retconv: note: house style: 10 of 12 calls that say the sign give strerror() a negative value, as a C library that takes either sign allows; rule C reports them only with --style
