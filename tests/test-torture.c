// SPDX-License-Identifier: MIT
/*
 * kwq's torture (tests/torture.c) as a TAP test: a few seconds of
 * every add, mod, flush and cancel form on every kind of queue, with queues
 * created and destroyed meanwhile, under whatever `make test` pass runs it
 * (plain, ASan+UBSan, TSan, valgrind).  Any violation of design.md's
 * guarantees fails it, with the seed and the item's history on stderr.
 *
 * KWQ_TORTURE_SEED=N repeats a run; KWQ_TEST_LONG=N runs N times longer.
 */
#include "torture.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int main(void)
{
	const char *seed = getenv("KWQ_TORTURE_SEED");
	const char *quick = getenv("KWQ_TEST_QUICK");
	const char *soak = getenv("KWQ_TEST_LONG");
	bool vg = quick && *quick && strcmp(quick, "0");
	struct torture_opts o = {
		/* Valgrind runs one thread at a time: fewer, and shorter. */
		.duration = vg ? 2 : 3,
		.threads = vg ? 2 : 4,
		.seed = seed ? (unsigned int)strtoul(seed, NULL, 0) :
			(unsigned int)(time(NULL) ^ getpid()),
	};
	struct torture_result r;

	if (soak && atol(soak) > 1)
		o.duration *= atol(soak);
	tap_watchdog(60 + (unsigned int)o.duration);
	plan(2);
	diag("seed %u (KWQ_TORTURE_SEED=%u repeats it)", o.seed, o.seed);
	torture(&o, &r);
	ok(r.ops > 0 && r.runs > 0,
	   "torture ran: %ld ops, %ld runs, %ld queues created and destroyed in %.1f s (%.0f ops/s)",
	   r.ops, r.runs, r.epochs, r.secs, r.ops / (r.secs > 0 ? r.secs : 1));
	is_int(r.violations, 0,
	       "no violation of guarantees 1, 4, 5, 7, 8, 9, return values, or runs after destroy (seed %u)",
	       o.seed);
	return done_testing();
}
