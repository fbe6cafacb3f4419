// SPDX-License-Identifier: MIT
/*
 * Guarantee 7 of design.md in bulk: delayed work never starts before its
 * delay has passed (CLOCK_MONOTONIC), for hundreds of items with mixed delays
 * on bound, unbound and ordered queues, with and without twenty thousand
 * other items armed far in the future.  It is the only timing asserted:
 * lateness is the business of `make bench`.
 *
 * Every run of a struct tdw (tests/dwork.h) also checks guarantee 7.
 */
#include "dwork.h"

#include <stdlib.h>

static int cpus[CPU_SETSIZE];
static int nr_cpus;

/* Delays from 1 to 200 ms, with many of 1-3 ms (the rounding edge). */
static long mixed_delay(int i)
{
	return i % 4 == 0 ? 1 + i % 3 : 1 + (i * 37) % 200;
}

struct armer {
	struct workqueue_struct *wq;
	struct tdw *items;
	int first, n, step;
	int errs;
};

static void *armer_main(void *p)
{
	struct armer *a = p;

	for (int i = a->first; i < a->n; i += a->step)
		a->errs += tdw_add(a->wq, &a->items[i], mixed_delay(i)) != 0;
	return NULL;
}

static int load_runs;	/* A */

static void load_fn(struct work_struct *work)
{
	(void)work;
	INC(&load_runs);
}

static void never_early(const char *load)
{
	struct workqueue_struct *wq[3] = {
		new_wq("d-g7-b", 0, 0), new_wq("d-g7-u", WQ_UNBOUND, 0),
		new_ordered("d-g7-o"),
	};
	static const char *const name[3] = { "bound", "unbound", "ordered" };
	int n = (int)tap_scale(400);
	struct tdw *items = calloc(3 * (size_t)n, sizeof(*items));
	struct armer a[6];
	long long margin = 1LL << 62;
	int early = 0, wrong = 0, errs = 0, overlaps = 0;

	if (!items)
		bail_out("no memory");
	for (int i = 0; i < 3 * n; i++)
		tdw_init(&items[i]);
	/* Two threads arm each queue's items, interleaved. */
	for (int k = 0; k < 6; k++)
		a[k] = (struct armer){ .wq = wq[k / 2], .items = items +
				       (k / 2) * n, .first = k % 2, .n = n,
				       .step = 2 };
	run_threads(6, armer_main, a, sizeof(a[0]));
	for (int i = 0; i < 3 * n; i++) {
		struct tdw *t = &items[i];

		tdw_wait(t, 1);
		early += LOAD(&t->early);
		overlaps += LOAD(&t->overlaps);
		if (LOAD(&t->min_margin) < margin)
			margin = LOAD(&t->min_margin);
	}
	for (int k = 0; k < 3; k++)
		flush_workqueue(wq[k]);
	for (int i = 0; i < 3 * n; i++)
		wrong += tdw_runs(&items[i]) != 1 ||
			delayed_work_pending(&items[i].dw);
	for (int k = 0; k < 6; k++)
		errs += a[k].errs;
	is_int(early, 0,
	       "guarantee 7: %d items, delays 1-200 ms, on %s, %s and %s queues%s: none starts early",
	       3 * n, name[0], name[1], name[2], load);
	ok(wrong == 0 && errs == 0 && overlaps == 0,
	   "every one was armed and ran exactly once%s", load);
	diag("least start - (arm + delay): %lld us%s", margin / 1000, load);
	for (int k = 0; k < 3; k++)
		destroy_workqueue(wq[k]);
	free(items);
}

static void test_never_early(void)
{
	struct workqueue_struct *wq = new_wq("d-load", 0, 0);
	int n = (int)tap_scale(20000), cancelled = 0, errs = 0;
	struct delayed_work *load = calloc((size_t)n, sizeof(*load));

	if (!load)
		bail_out("no memory");
	never_early("");

	/* Far in the future, on every CPU's wheel and at several levels. */
	for (int i = 0; i < n; i++) {
		unsigned long delay = i % 3 == 0 ? HOUR + (unsigned long)i :
			i % 3 == 1 ? 60UL * HZ + (unsigned long)i % 4096 :
			30UL * HZ + (unsigned long)i % 64;

		INIT_DELAYED_WORK(&load[i], load_fn);
		errs += add_delayed_work_to_q_on(cpus[i % nr_cpus], wq,
						 &load[i], delay) != 0;
	}
	never_early(", with 20k items armed far ahead");
	for (int i = 0; i < n; i++)
		cancelled += remove_delayed_work(&load[i]) == 0;
	ok(errs == 0 && cancelled == n && LOAD(&load_runs) == 0,
	   "the %d items armed far ahead were all still armed, and are cancelled", n);
	destroy_workqueue(wq);
	free(load);
}


int main(void)
{
	tap_watchdog(60);
	nr_cpus = allowed_cpus(cpus, CPU_SETSIZE);
	plan(5);
	test_never_early();
	return done_testing();
}
