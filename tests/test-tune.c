// SPDX-License-Identifier: MIT
/*
 * An unbound pool runs short items on one worker, since a second worker
 * costs each item more than it gains, and takes all its CPUs back when an
 * item runs long (src/tune.c, tune_locked(); the manager's
 * kwq__tune_stall_locked()).  What users rely on must hold whatever the
 * pool has chosen: after a burst of trivial items has taught the pool to
 * use one worker, two items of an unbound queue that allows two at once
 * and that each compute until the other has started still meet, and a
 * trivial item added behind one that computes until the trivial one has
 * run still runs.  The items compute rather than sleep, so that the
 * manager's look for blocked workers cannot be what lets them meet.  Each
 * kind of unbound queue that allows two items at once is tried, several
 * times over.  A computing item gives up SPIN_NS after the other item's
 * add returned, not after its own start: the test's thread may be kept
 * off the CPU between the two, and that wait is not the pool's.
 */
#include "util.h"

#define ROUNDS		5
#define BURST		20000
#define SPIN_NS		(10 * 1000 * 1000 * 1000LL)	/* after the add */

struct kind {
	const char *name;
	unsigned int flags;
	int max_active;
	bool system;		/* system_unbound_wq */
};

static const struct kind kinds[] = {
	{ "unbound", WQ_UNBOUND, 0, false },
	{ "unbound max_active 2", WQ_UNBOUND, 2, false },
	{ "unbound high priority", WQ_UNBOUND | WQ_HIGHPRI, 0, false },
	{ "unbound freezable", WQ_UNBOUND | WQ_FREEZABLE, 0, false },
	{ "system_unbound_wq", 0, 0, true },
};

static struct work_struct burst[BURST];
static struct work_struct pair[2];
static int started[2];		/* A */
static int met[2];		/* A: the other had started, in time */
static long long waited_ns[2];	/* A: how long each waited for it */
static long long added_ns;	/* A: when the last add returned, or 0 */
static int ended[2];		/* A: runs of each that have returned */

static void trivial_fn(struct work_struct *work)
{
	(void)work;
}

/*
 * Compute until the other item of the pair has started, or give up
 * SPIN_NS after the last add: its wait, from then, is the pool's.
 */
static void pair_fn(struct work_struct *work)
{
	int me = work == &pair[1], other = !me;
	long long added, now;

	STORE(&started[me], 1);
	while (!LOAD(&started[other]) &&
	       (!(added = LOAD(&added_ns)) || tap_now_ns() - added < SPIN_NS))
		;
	now = tap_now_ns();
	added = LOAD(&added_ns);
	STORE(&waited_ns[me], added && now > added ? now - added : 0);
	STORE(&met[me], LOAD(&started[other]));
	INC(&ended[me]);
}

/* A burst of trivial items: the pool learns that one worker is enough. */
static void teach(struct workqueue_struct *wq, long n)
{
	for (long i = 0; i < n; i++)
		if (add_work_to_q(wq, &burst[i]))
			bail_out("could not add a trivial item");
	if (flush_workqueue(wq))
		bail_out("flush_workqueue failed");
}

static struct workqueue_struct *make_queue(const struct kind *kind)
{
	struct workqueue_struct *wq;

	if (kind->system)
		return system_unbound_wq;
	wq = alloc_workqueue("tune-%s", kind->flags, kind->max_active,
			     kind->name);
	if (!wq)
		bail_out("alloc %s: %s", kind->name, strerror(errno));
	return wq;
}

/* A round's marks, all cleared before its first add. */
static void clear_marks(void)
{
	STORE(&added_ns, 0);
	for (int i = 0; i < 2; i++) {
		STORE(&started[i], 0);
		STORE(&met[i], 0);
		STORE(&ended[i], 0);
		STORE(&waited_ns[i], -1);
	}
}

/*
 * Two items that each wait for the other to start.  Both marks are
 * cleared before the first add: cleared after it, the second's could
 * still hold the last round's start when the first item reads it, and
 * then be cleared before its read of "met".  A round where they did not
 * meet says what the flush found done: an item whose run had not
 * returned (ended 0) means the flush returned before it, not that the
 * pool kept the two apart (which shows as a wait of SPIN_NS).
 */
static bool meet(struct workqueue_struct *wq, long long *worst, int round)
{
	int e[2];

	clear_marks();
	for (int i = 0; i < 2; i++)
		if (add_work_to_q(wq, &pair[i]))
			bail_out("could not add an item of the pair");
	STORE(&added_ns, tap_now_ns());
	if (flush_workqueue(wq))
		bail_out("flush_workqueue failed");
	e[0] = LOAD(&ended[0]);
	e[1] = LOAD(&ended[1]);
	for (int i = 0; i < 2; i++)
		if (LOAD(&waited_ns[i]) > *worst)
			*worst = LOAD(&waited_ns[i]);
	if (LOAD(&met[0]) && LOAD(&met[1]))
		return true;
	diag("round %d: not met: started %d %d, met %d %d, ended %d %d at "
	     "the flush's return, waited %lld %lld us", round,
	     LOAD(&started[0]), LOAD(&started[1]), LOAD(&met[0]),
	     LOAD(&met[1]), e[0], e[1], LOAD(&waited_ns[0]) / 1000,
	     LOAD(&waited_ns[1]) / 1000);
	return false;
}

/* One item computes until it sees that a trivial one added after it ran. */
static bool overtake(struct workqueue_struct *wq, long long *worst)
{
	clear_marks();
	if (add_work_to_q(wq, &pair[0]))
		bail_out("could not add the long item");
	if (!wait_for(&started[0], 1, 10000))
		bail_out("the long item did not start");
	/* pair_fn() of pair[1] marks it started, then sees pair[0]'s mark. */
	if (add_work_to_q(wq, &pair[1]))
		bail_out("could not add the short item");
	STORE(&added_ns, tap_now_ns());
	if (flush_workqueue(wq))
		bail_out("flush_workqueue failed");
	if (LOAD(&waited_ns[0]) > *worst)
		*worst = LOAD(&waited_ns[0]);
	return LOAD(&met[0]);
}

static void test_kind(const struct kind *kind, long n)
{
	struct workqueue_struct *wq = make_queue(kind);
	long long worst_meet = 0, worst_overtake = 0;
	int nr_met = 0, nr_overtaken = 0;

	for (int r = 0; r < ROUNDS; r++) {
		teach(wq, n);
		nr_met += meet(wq, &worst_meet, r);
		teach(wq, n);
		nr_overtaken += overtake(wq, &worst_overtake);
	}
	is_int(nr_met, ROUNDS,
	       "%s: after trivial bursts, two computing items run at once "
	       "(longest wait %lld us)", kind->name, worst_meet / 1000);
	is_int(nr_overtaken, ROUNDS,
	       "%s: a trivial item runs beside a long computing one "
	       "(longest wait %lld us)", kind->name, worst_overtake / 1000);
	if (!kind->system)
		destroy_workqueue(wq);
}

int main(void)
{
	int cpus[2];
	long n = tap_scale(BURST);

	tap_watchdog(300);
	plan(2 * (int)ARRAY_SIZE(kinds));
	if (allowed_cpus(cpus, 2) < 2) {
		skip(2 * (int)ARRAY_SIZE(kinds),
		     "one CPU: an unbound pool never runs two items at once");
		return done_testing();
	}
	if (n > BURST)
		n = BURST;
	for (int i = 0; i < BURST; i++)
		INIT_WORK(&burst[i], trivial_fn);
	for (int i = 0; i < 2; i++)
		INIT_WORK(&pair[i], pair_fn);
	for (size_t k = 0; k < ARRAY_SIZE(kinds); k++)
		test_kind(&kinds[k], n);
	return done_testing();
}
