/* SPDX-License-Identifier: MIT */
/*
 * The entry point of kwq's torture (tests/torture.c), shared by the program
 * run by hand (tests/torture-main.c) and the TAP test (tests/test-torture.c),
 * which differ only in how they choose the options and report the result.
 */
#ifndef KWQ_TESTS_TORTURE_H
#define KWQ_TESTS_TORTURE_H

struct torture_opts {
	double duration;	/* seconds */
	unsigned int seed;
	int threads;		/* 1..32, besides the churn thread */
	int verbose;		/* progress on stderr every 10 s */
};

struct torture_result {
	long ops;		/* calls made, re-adds from runs included */
	long runs;
	long violations;
	long epochs;		/* queues created and destroyed */
	double secs;
};

/**
 * torture() - run the torture once, as @o asks, and account for every item
 * @o: duration, seed, threads
 * @res: filled with what was done and how many violations were seen
 *
 * Every violation is printed on stderr with the seed and the item's last
 * events as it is found.  Call it once per process: it keeps its state in
 * file-scope variables.
 *
 * Context: a thread that is not a kwq worker; it blocks for the duration.
 * Return: 0, or -EPROTO if any guarantee was violated.
 */
int torture(const struct torture_opts *o, struct torture_result *res);

#endif /* KWQ_TESTS_TORTURE_H */
