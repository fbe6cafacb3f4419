// SPDX-License-Identifier: MIT
/*
 * An add racing kwq_thaw_workqueues() (issue 25 §1).  Thaw settles a pwq's
 * push queue under the pool lock, then raises its limit from 0: an add in
 * between reads the limit 0, pushes its item without the lock and leaves
 * it to "whoever frees a slot".  With nothing active there is nobody, and
 * the item would stay pending for ever, every later add behind it.  So
 * thaw looks at the push queue again after it raises the limit (freeze.c,
 * thaw_pwq()), and the push's re-read of the limit pairs with that look.
 *
 * Three cases on every kind of freezable queue:
 *   alone:   a hidden hook, called by thaw in that window, adds an item
 *            there: it must run without a flush;
 *   behind:  two items added while frozen wait inactive; the hook's item
 *            must run after them, in the order of the adds;
 *   race:    one thread freezes and thaws in a loop while another adds one
 *            item and waits for it to run, as the issue found it; the
 *            freezer waits for each round, since its next freeze would
 *            settle a stranded item.  It hits the window about once in
 *            10^5 to 10^6 rounds here, so the hook is what fails at once
 *            without the fix; this part stays as the issue's own test.
 *
 * White-box: links libkwq.a, and freeze.o built with KWQ_TEST_HOOKS, which
 * calls kwq__thaw_hook.
 */
#include "../src/internal.h"
#include "util.h"

#include <sched.h>

/* A run that does not come within this long never will: the item is lost. */
#define LOST_MS		10000
#define RACE_ROUNDS	20000
#define RACE_NS		(2000LL * 1000000)

struct item {
	struct work_struct work;
	int id;
};

static struct workqueue_struct *wq;
static struct item items[3];
static int run_log[8];
static int nr_runs;		/* A */
static int hook_added;		/* A: the hook's add returned 0 */
static int hook_id;		/* which item the hook adds */

static void item_fn(struct work_struct *work)
{
	struct item *it = container_of(work, struct item, work);
	int n = INC(&nr_runs) - 1;

	if (n < (int)ARRAY_SIZE(run_log))
		run_log[n] = it->id;
}

static int add_to(struct workqueue_struct *q, struct kwq__pwq *pwq,
		  struct work_struct *w)
{
	if (pwq->pool->cpu >= 0)
		return add_work_to_q_on(pwq->pool->cpu, q, w);
	return add_work_to_q(q, w);
}

/* In thaw's window, with the pool lock held: the add must only push. */
static void hook(struct kwq__pwq *pwq)
{
	if (pwq->wq != wq || LOAD(&hook_added))
		return;
	if (add_to(wq, pwq, &items[hook_id].work) == 0)
		STORE(&hook_added, 1);
}

static void reset(void)
{
	STORE(&nr_runs, 0);
	STORE(&hook_added, 0);
	memset(run_log, 0, sizeof(run_log));
	for (int i = 0; i < (int)ARRAY_SIZE(items); i++) {
		items[i].id = i;
		INIT_WORK(&items[i].work, item_fn);
	}
}

/* Whatever a failed case left pending runs now, so the next starts clean. */
static void recover(void)
{
	if (flush_workqueue(wq))
		bail_out("flush_workqueue failed");
}

/* Freeze, add @nr_before items, thaw with the hook adding one more. */
static bool thaw_case(const struct wq_kind *k, int nr_before)
{
	bool good = true;

	wq = new_kind_wq("thaw", k);
	reset();
	if (kwq_freeze_workqueues())
		bail_out("kwq_freeze_workqueues failed");
	for (int i = 0; i < nr_before; i++)
		if (add_work_to_q(wq, &items[i].work))
			bail_out("could not add item %d while frozen", i);
	hook_id = nr_before;
	STORE(&kwq__thaw_hook, hook);
	if (kwq_thaw_workqueues())
		bail_out("kwq_thaw_workqueues failed");
	STORE(&kwq__thaw_hook, NULL);
	/* Not a flush yet: it would settle the pushed item itself. */
	if (!LOAD(&hook_added) || !wait_for(&nr_runs, nr_before + 1, LOST_MS))
		good = false;
	/* The flush also orders the log's writes before the reads below. */
	recover();
	for (int i = 0; good && i <= nr_before; i++)
		good = run_log[i] == i;
	if (!good)
		diag("%s, %d before: hook added %d, runs %d (%d %d %d)",
		     k->name, nr_before, LOAD(&hook_added), LOAD(&nr_runs),
		     run_log[0], run_log[1], run_log[2]);
	destroy_workqueue(wq);
	return good;
}

/* --- the race as found: freeze and thaw in a loop against adds ------------ */

static int stop;		/* A */
static int rounds_done;		/* A */
static unsigned long cycles;	/* freezer's freeze-thaw cycles */
static cpu_set_t all;		/* the CPUs the test may use */

/*
 * One freeze and thaw per round of the adder: the next freeze would
 * settle a stranded item and hide the loss, so it waits for the round.
 */
static void *freezer(void *arg)
{
	(void)arg;
	/* On any CPU: the adder is pinned, the race needs both. */
	sched_setaffinity(0, sizeof(all), &all);
	while (!LOAD(&stop)) {
		int seen = LOAD(&rounds_done);

		if (kwq_freeze_workqueues() || kwq_thaw_workqueues())
			bail_out("freeze or thaw failed");
		cycles++;
		while (LOAD(&rounds_done) == seen && !LOAD(&stop))
			sched_yield();
	}
	return NULL;
}

/* Wait for the item's run, yielding: the round is a few microseconds. */
static bool ran(int want)
{
	long long end = tap_now_ns() + LOST_MS * 1000000LL;

	for (unsigned int i = 0; LOAD(&nr_runs) < want; i++) {
		if (!(i & 1023) && tap_now_ns() > end)
			return false;
		sched_yield();
	}
	return true;
}

static bool race(const struct wq_kind *k)
{
	long rounds = tap_scale(RACE_ROUNDS), r;
	long long end = tap_now_ns() + RACE_NS;
	pthread_t t;
	bool good = true;

	wq = new_kind_wq("thaw-race", k);
	reset();
	STORE(&stop, 0);
	STORE(&rounds_done, 0);
	cycles = 0;
	if (pthread_create(&t, NULL, freezer, NULL))
		bail_out("pthread_create failed");
	for (r = 0; r < rounds && good && tap_now_ns() < end; r++) {
		if (add_work_to_q(wq, &items[0].work))
			bail_out("the item was still pending");
		good = ran((int)r + 1);
		INC(&rounds_done);
	}
	STORE(&stop, 1);
	pthread_join(t, NULL);
	if (!good)
		diag("%s: round %ld of %ld lost its item (%lu freezes)",
		     k->name, r, rounds, cycles);
	recover();
	destroy_workqueue(wq);
	return good;
}

static const struct wq_kind kinds[] = {
	{ "ordered", WQ_FREEZABLE, 0 },
	{ "unbound max_active 1", WQ_UNBOUND | WQ_FREEZABLE, 1 },
	{ "unbound max_active 4", WQ_UNBOUND | WQ_FREEZABLE, 4 },
	{ "bound max_active 1", WQ_FREEZABLE, 1 },
	{ "bound max_active 2 high priority", WQ_FREEZABLE | WQ_HIGHPRI, 2 },
};

int main(void)
{
	const size_t nr_kinds = ARRAY_SIZE(kinds);
	cpu_set_t one;

	tap_watchdog(120);
	if (sched_getaffinity(0, sizeof(all), &all))
		bail_out("sched_getaffinity: %s", strerror(errno));
	/*
	 * The bound kinds' adds from this thread: one CPU's pwq; the last,
	 * so that the unordered kind's go to a push queue beyond the first.
	 */
	CPU_ZERO(&one);
	CPU_SET(last_allowed_cpu(), &one);
	if (sched_setaffinity(0, sizeof(one), &one))
		bail_out("sched_setaffinity: %s", strerror(errno));
	plan((int)nr_kinds * 3);
	wq = new_kind_wq("thaw-probe", &kinds[0]);
	destroy_workqueue(wq);
	for (size_t i = 0; i < nr_kinds; i++) {
		const struct wq_kind *k = &kinds[i];

		/* Debug mode and statistics lock every add: none pushes. */
		if (kwq__any_mode()) {
			skip(2, "KWQ_DEBUG or statistics on: adds are not "
			     "pushed");
		} else {
			ok(thaw_case(k, 0), "%s: an item pushed in thaw's "
			   "window, nothing else queued, runs", k->name);
			ok(thaw_case(k, 2), "%s: an item pushed in thaw's "
			   "window runs after those added while frozen",
			   k->name);
		}
		ok(race(k), "%s: adds racing freeze and thaw in a loop "
		   "all run", k->name);
	}
	return done_testing();
}
