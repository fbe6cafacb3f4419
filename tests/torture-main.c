// SPDX-License-Identifier: MIT
/*
 * build/tests/torture: kwq's torture (tests/torture.c) run by hand, for as
 * long as asked, with a one-line report on stdout; exit status 1 when any
 * guarantee was violated.  For example, a soak on a quiet machine:
 *
 *   nice build/tests/torture --duration 600 --seed 20261203
 */
#include "torture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void report(FILE *f, const char *prefix, const struct torture_opts *o,
		   const struct torture_result *r)
{
	fprintf(f, "%storture: %ld ops in %.1f s (%.0f ops/s), %ld runs, %ld queues created and destroyed, %d threads, seed %u: %ld violations\n",
		prefix, r->ops, r->secs, r->ops / (r->secs > 0 ? r->secs : 1),
		r->runs, r->epochs, o->threads, o->seed, r->violations);
}

static void usage(void)
{
	fprintf(stderr, "usage: torture [--duration SECONDS] [--seed N] [--threads N] [--verbose]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	struct torture_opts o = {
		.duration = 5,
		.seed = (unsigned int)(time(NULL) ^ getpid()),
		.threads = 4,
	};
	struct torture_result r;
	int err;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--verbose")) {
			o.verbose = 1;
			continue;
		}
		if (i + 1 >= argc)
			usage();
		if (!strcmp(argv[i], "--duration"))
			o.duration = atof(argv[++i]);
		else if (!strcmp(argv[i], "--seed"))
			o.seed = (unsigned int)strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--threads"))
			o.threads = atoi(argv[++i]);
		else
			usage();
	}
	fprintf(stderr, "torture: %.0f s, %d threads, seed %u\n", o.duration,
		o.threads, o.seed);
	err = torture(&o, &r);
	report(stdout, "", &o, &r);
	return err ? 1 : 0;
}
