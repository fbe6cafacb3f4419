// SPDX-License-Identifier: MIT
/*
 * Adds that find no free slot: pushed without the pool lock, they wait
 * outside the pwq's lists until a worker frees a slot and takes the first
 * (src/add.c, pop_locked()) or somebody locks the pool to look
 * (kwq__pwq_splice_locked()).  Every queue a user can make with a small
 * max_active is tried here, with the pushed items removed, waited for,
 * flushed, frozen and destroyed while they are still outside the lists,
 * with items pushed behind settled ones, and with all of that racing a
 * producer.
 * Each case checks what the contract promises: exactly once per add, the
 * order of adds on a serial queue, at most max_active at once, and a
 * flush that waits for every add made before it.
 */
#include "util.h"

#include <stdlib.h>

#define NR_ITEMS	64
#define NR_ADDS		60000
#define ROUNDS		3

struct item {
	struct work_struct work;
	int idx;
};

static struct item items[NR_ITEMS];
static struct workqueue_struct *wq;
static const struct wq_kind *kind;

static int add_log[NR_ADDS];	/* the producer's successful adds, in order */
static int nr_added;		/* A */
static int run_log[NR_ADDS];	/* the runs, in the order they began */
static int nr_runs;		/* A */
static int in, max_in;		/* A */
static int nr_removed;		/* A: removes that returned 0 */
static int stop;		/* A */
static struct gate gate;	/* held by the blockers of phase one */
static int slow_us;		/* A: how long each run takes */

static bool serial(void)
{
	return kind->max_active <= 1;
}

/*
 * A bound queue's max_active holds per CPU (design.md, guarantee 6): its
 * adds go to the pwq of the adder's CPU, so an adder that migrated would
 * fill two pwqs, each serial on its own.  The adders stay on one CPU, so
 * that the order and the limit are those of one pwq; the last, so that an
 * unordered unbound kind's adds go to a push queue beyond the first.
 */
static void pin_adder(void)
{
	if (pin_self(last_allowed_cpu()))
		bail_out("cannot pin the adder");
}

static void item_fn(struct work_struct *work)
{
	struct item *it = container_of(work, struct item, work);
	int slot;

	note_max(&max_in, INC(&in));
	slot = INC(&nr_runs) - 1;
	if (slot < NR_ADDS)
		STORE(&run_log[slot], it->idx);
	/* Slow, so that a flush that returns early is seen doing so. */
	if (LOAD(&slow_us))
		sleep_us(LOAD(&slow_us));
	DEC(&in);
}

static void blocker_fn(struct work_struct *work)
{
	(void)work;
	gate_wait(&gate);
}

static void reset(void)
{
	for (int i = 0; i < NR_ITEMS; i++) {
		items[i].idx = i;
		INIT_WORK(&items[i].work, item_fn);
	}
	nr_added = nr_runs = in = max_in = nr_removed = 0;
	STORE(&stop, 0);
	memset(&gate, 0, sizeof(gate));
	wq = new_kind_wq("push", kind);
}

/*
 * A fresh queue of the kind with every slot taken by a blocker that waits
 * at the gate, so that each add is pushed; @blockers has room for two.
 */
static void hold_slots(struct work_struct *blockers)
{
	int nr_blockers = kind->max_active ? kind->max_active : 1;

	reset();
	for (int i = 0; i < nr_blockers; i++) {
		INIT_WORK(&blockers[i], blocker_fn);
		if (add_work_to_q(wq, &blockers[i]))
			bail_out("could not add a blocker");
	}
	if (!wait_for(&gate.entered, nr_blockers, 10000))
		bail_out("the blockers did not start");
}

/* Is the run log the add log with removed adds left out, in order? */
static bool runs_follow_adds(void)
{
	int a = 0, n = LOAD(&nr_runs);

	for (int r = 0; r < n; r++) {
		while (a < nr_added && add_log[a] != run_log[r])
			a++;
		if (a++ == nr_added)
			return false;
	}
	return true;
}

/*
 * Phase one: every slot held by a blocker, so that each add is pushed.
 * While they wait outside the lists, the pushed items must look pending,
 * be removable, and be counted by a flush.
 */
static void test_held(void)
{
	struct work_struct blockers[2];
	struct bg_call flush, wait;
	bool all_pending = true, idle = true, flush_blocked;
	int removed = 0, readded = 0, flushed;
	cpu_set_t all;

	if (sched_getaffinity(0, sizeof(all), &all))
		bail_out("sched_getaffinity: %s", strerror(errno));
	pin_adder();
	STORE(&slow_us, 200);
	hold_slots(blockers);
	for (int i = 0; i < NR_ITEMS; i++) {
		if (add_work_to_q(wq, &items[i].work) == 0)
			add_log[nr_added++] = i;
		/*
		 * Half way, a remove locks the pool and moves the pushed items
		 * to the inactive list: the later adds are pushed behind
		 * items that wait there, and must run after them.
		 */
		if (i == NR_ITEMS / 2)
			removed += remove_work(&items[0].work) == 0;
	}
	for (int i = 1; i < NR_ITEMS; i++)
		all_pending &= work_pending(&items[i].work);
	ok(nr_added == NR_ITEMS && removed == 1 && all_pending,
	   "%s: %d adds behind full slots, all pending but the one removed",
	   kind->name, nr_added);
	ok(add_work_to_q(wq, &items[5].work) == -EBUSY,
	   "%s: an add of a waiting item is -EBUSY", kind->name);
	/*
	 * The flush first, while nothing has looked at the pushed items: a
	 * remove or a wait would move them to the lists for it.
	 */
	bg_wq(&flush, flush_workqueue, wq);
	sleep_ms(20);
	flush_blocked = !LOAD(&flush.done);
	/* Every third item removed while the flush waits (0 was). */
	for (int i = 3; i < NR_ITEMS; i += 3)
		removed += remove_work(&items[i].work) == 0;
	bg_work(&wait, wait_for_work, &items[NR_ITEMS - 2].work);
	sleep_ms(20);
	ok(flush_blocked && !LOAD(&wait.done) && LOAD(&nr_runs) == 0,
	   "%s: removes took %d; flush and wait block behind the held slots",
	   kind->name, removed);
	/*
	 * The removed items again: pushed behind the ones the flush and
	 * the removes moved to the inactive list, and after the flush.
	 */
	for (int i = 0; i < NR_ITEMS; i += 3)
		if (add_work_to_q(wq, &items[i].work) == 0) {
			add_log[nr_added++] = i;
			readded++;
		}
	gate_open(&gate);
	/* Counted before the wait returns: it too waits for items. */
	flushed = bg_join(&flush) == 0 ? LOAD(&nr_runs) : -1;
	ok(bg_join(&wait) == 0 && flushed >= 0,
	   "%s: flush and wait return once the slots free", kind->name);
	ok(removed == (NR_ITEMS + 2) / 3 && flushed >= NR_ITEMS - removed,
	   "%s: the flush saw every add before it: %d runs of %d adds, %d "
	   "removed", kind->name, flushed, NR_ITEMS, removed);
	if (flush_workqueue(wq))
		bail_out("flush_workqueue failed");
	for (int i = 0; i < NR_ITEMS; i++)
		idle &= !work_pending(&items[i].work);
	ok(idle && readded == removed &&
	   LOAD(&nr_runs) == NR_ITEMS - removed + readded,
	   "%s: the %d re-adds ran too: %d runs", kind->name, readded,
	   LOAD(&nr_runs));
	ok(serial() ? runs_follow_adds() : LOAD(&max_in) <= kind->max_active,
	   serial() ? "%s: in the order of the adds" :
	   "%s: no more than max_active at once", kind->name);
	destroy_workqueue(wq);
	STORE(&slow_us, 0);
	if (sched_setaffinity(0, sizeof(all), &all))
		bail_out("sched_setaffinity: %s", strerror(errno));
}

/*
 * Destroyed with every add still pushed behind the held slots: destroy
 * loses nothing, so it waits for the slots and runs each pushed item once,
 * in the order of the adds on a serial queue, before it returns.
 */
static void test_destroy_pushed(void)
{
	struct work_struct blockers[2];
	struct bg_call destroy;
	bool blocked;
	cpu_set_t all;

	if (sched_getaffinity(0, sizeof(all), &all))
		bail_out("sched_getaffinity: %s", strerror(errno));
	pin_adder();
	hold_slots(blockers);
	for (int i = 0; i < NR_ITEMS; i++)
		if (add_work_to_q(wq, &items[i].work) == 0)
			add_log[nr_added++] = i;
	bg_wq(&destroy, NULL, wq);
	sleep_ms(20);
	blocked = !LOAD(&destroy.done) && LOAD(&nr_runs) == 0;
	gate_open(&gate);
	bg_join(&destroy);
	ok(blocked && nr_added == NR_ITEMS && LOAD(&nr_runs) == NR_ITEMS &&
	   (!serial() || runs_follow_adds()),
	   "%s: destroyed with %d adds pushed, it waited and ran %d",
	   kind->name, nr_added, LOAD(&nr_runs));
	if (sched_setaffinity(0, sizeof(all), &all))
		bail_out("sched_setaffinity: %s", strerror(errno));
}

/* --- phase two: all of it racing a producer ------------------------------ */

static void *producer(void *arg)
{
	unsigned int seed = 1;

	(void)arg;
	pin_adder();
	for (int n = 0; n < NR_ADDS; n++) {
		int i = n % NR_ITEMS;

		if (add_work_to_q(wq, &items[i].work) == 0)
			add_log[nr_added++] = i;
		/* Now and then a pause, so that the slots also free. */
		if (rand_r(&seed) % 4096 == 0)
			sleep_us(100);
	}
	STORE(&stop, 1);
	return NULL;
}

static void *remover(void *arg)
{
	unsigned int seed = 2;

	(void)arg;
	while (!LOAD(&stop)) {
		struct work_struct *w = &items[rand_r(&seed) % NR_ITEMS].work;
		int ret = rand_r(&seed) % 2 ? remove_work(w) :
			  remove_work_sync(w);

		if (ret == 0)
			INC(&nr_removed);
		else if (ret != -ENOENT)
			bail_out("remove: %d", ret);
	}
	return NULL;
}

static void *waiter(void *arg)
{
	unsigned int seed = 3;

	(void)arg;
	while (!LOAD(&stop)) {
		int r = rand_r(&seed) % 16;

		if (r == 0 && flush_workqueue(wq))
			bail_out("flush_workqueue failed");
		else if (r == 1 && (kind->flags & WQ_FREEZABLE)) {
			kwq_freeze_workqueues();
			sleep_us(50);
			kwq_thaw_workqueues();
		} else if (wait_for_work(&items[r * 4 % NR_ITEMS].work)) {
			bail_out("wait_for_work failed");
		}
	}
	return NULL;
}

static void test_race(int round)
{
	void *(*fns[])(void *) = { producer, remover, waiter };
	pthread_t t[3];
	int runs;

	reset();
	for (int i = 0; i < 3; i++)
		if (pthread_create(&t[i], NULL, fns[i], NULL))
			bail_out("pthread_create");
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	if (flush_workqueue(wq))
		bail_out("flush_workqueue failed");
	runs = LOAD(&nr_runs);
	ok(runs == nr_added - LOAD(&nr_removed),
	   "%s, race %d: %d runs = %d adds - %d removes", kind->name, round,
	   runs, nr_added, LOAD(&nr_removed));
	ok(serial() ? runs_follow_adds() && LOAD(&max_in) == 1 :
	   LOAD(&max_in) <= kind->max_active,
	   serial() ? "%s, race %d: one at a time, in the order of the adds" :
	   "%s, race %d: no more than max_active at once", kind->name, round);
	destroy_workqueue(wq);
}

int main(void)
{
	size_t nr_kinds;
	const struct wq_kind *kinds = small_kinds(&nr_kinds);

	tap_watchdog(120);
	plan(nr_kinds * (8 + 2 * ROUNDS));
	for (size_t k = 0; k < nr_kinds; k++) {
		kind = &kinds[k];
		test_held();
		test_destroy_pushed();
		for (int r = 1; r <= ROUNDS; r++)
			test_race(r);
	}
	return done_testing();
}
