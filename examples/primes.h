/* SPDX-License-Identifier: MIT */
/*
 * The work of the completion-queue examples (cq-jobs.h, loops/): count
 * the primes below a number by trial division, slowly on purpose, so that
 * a job takes a while and the larger ones can be cancelled before they
 * start.  Kept apart so that each example shows only its own loop.
 */
#ifndef KWQ_EXAMPLES_PRIMES_H
#define KWQ_EXAMPLES_PRIMES_H

static unsigned long primes_below(unsigned long n)
{
	unsigned long primes = 0;

	for (unsigned long i = 2; i < n; i++) {
		unsigned long d = 2;

		while (d * d <= i && i % d)
			d++;
		if (d * d > i)
			primes++;
	}
	return primes;
}

#endif /* KWQ_EXAMPLES_PRIMES_H */
