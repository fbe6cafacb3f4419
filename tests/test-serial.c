// SPDX-License-Identifier: MIT
/*
 * Serial queues (ordered, max_active 1 and 2, create_workqueue()) when the
 * completion of one item activates the next: the worker that finished takes
 * that item itself and wakes nobody, so every case here checks that no item
 * is left behind when that worker cannot take it after all: it is a
 * WQ_CPU_INTENSIVE worker, it waits inside kwq, a flush barrier follows its
 * item, its item was re-added to another queue while it ran, or two
 * producers race it.  A left-behind item would hang the final flush, which
 * the watchdog turns into a failure; each case also checks order, counts
 * and max_active.
 */
#include "util.h"

#include <stdlib.h>

#define NR_ITEMS 20000

struct seq_item {
	struct work_struct work;
	int idx;
	int hopped;		/* A: ran once, on the first queue */
};

static struct {
	int next;		/* A: index expected next, ordered queues */
	int out_of_order;	/* A */
	int runs;		/* A */
	int in;			/* A: items running now */
	int max_in;		/* A: most items running at once */
	struct work_struct *flushee; /* flushed from inside each item */
} s;

static void seq_fn(struct work_struct *work)
{
	struct seq_item *it = container_of(work, struct seq_item, work);

	note_max(&s.max_in, INC(&s.in));
	if (XCHG(&s.next, it->idx + 1) != it->idx)
		INC(&s.out_of_order);
	if (s.flushee)
		wait_for_work(s.flushee);
	DEC(&s.in);
	INC(&s.runs);
}

static void reset(void)
{
	memset(&s, 0, sizeof(s));
}

static struct seq_item *items_new(int n)
{
	struct seq_item *items = calloc((size_t)n, sizeof(*items));

	if (!items)
		bail_out("calloc: %s", strerror(errno));
	for (int i = 0; i < n; i++) {
		INIT_WORK(&items[i].work, seq_fn);
		items[i].idx = i;
	}
	return items;
}

static int add_range(struct workqueue_struct *wq, struct seq_item *items,
		     int from, int to, int step)
{
	int failed = 0;

	for (int i = from; i < to; i += step)
		failed += add_work_to_q(wq, &items[i].work) != 0;
	return failed;
}

/* One producer, then a flush: everything ran, in order where it must. */
static void one_producer(const char *what, struct workqueue_struct *wq,
			 int max_active, int ordered)
{
	struct seq_item *items = items_new(NR_ITEMS);
	int failed;

	reset();
	failed = add_range(wq, items, 0, NR_ITEMS, 1);
	flush_workqueue(wq);
	ok(!failed && LOAD(&s.runs) == NR_ITEMS &&
	   LOAD(&s.max_in) <= max_active &&
	   (!ordered || !LOAD(&s.out_of_order)),
	   "%s: %d items, one producer: %d ran, at most %d at once%s",
	   what, NR_ITEMS, LOAD(&s.runs), LOAD(&s.max_in),
	   ordered ? ", in order" : "");
	destroy_workqueue(wq);
	free(items);
}

struct producer {
	pthread_t thread;
	struct workqueue_struct *wq;
	struct seq_item *items;
	int from;
	int failed;
};

static void *producer_main(void *arg)
{
	struct producer *p = arg;

	p->failed = add_range(p->wq, p->items, p->from, NR_ITEMS, 2);
	return NULL;
}

/* Two producers race the finishing worker for the pool lock. */
static void two_producers(const char *what, struct workqueue_struct *wq,
			  int max_active)
{
	struct seq_item *items = items_new(NR_ITEMS);
	struct producer p[2];

	reset();
	for (int i = 0; i < 2; i++) {
		p[i] = (struct producer){ .wq = wq, .items = items, .from = i };
		if (pthread_create(&p[i].thread, NULL, producer_main, &p[i]))
			bail_out("pthread_create failed");
	}
	for (int i = 0; i < 2; i++)
		pthread_join(p[i].thread, NULL);
	flush_workqueue(wq);
	ok(!p[0].failed && !p[1].failed && LOAD(&s.runs) == NR_ITEMS &&
	   LOAD(&s.max_in) <= max_active,
	   "%s: %d items, two producers: %d ran, at most %d at once", what,
	   NR_ITEMS, LOAD(&s.runs), LOAD(&s.max_in));
	destroy_workqueue(wq);
	free(items);
}

/* Each item waits inside kwq (its worker stops counting) for another. */
static void waiting_items(void)
{
	struct workqueue_struct *wq = new_ordered("serial-wait");
	struct seq_item *items = items_new(500);
	struct tw other;
	int failed;

	reset();
	tw_init(&other);
	s.flushee = &other.work;
	failed = add_range(wq, items, 0, 500, 1);
	for (int i = 0; i < 200; i++)
		(void)add_work_to_q(system_unbound_wq, &other.work);
	flush_workqueue(wq);
	ok(!failed && LOAD(&s.runs) == 500 && !LOAD(&s.out_of_order) &&
	   LOAD(&s.max_in) == 1,
	   "ordered queue whose items flush other work: %d of 500 ran, in order",
	   LOAD(&s.runs));
	wait_for_work(&other.work);
	destroy_workqueue(wq);
	free(items);
}

/* wait_for_work() of an inactive item links a barrier behind it. */
static void barriers_behind(void)
{
	struct workqueue_struct *wq = new_ordered("serial-barrier");
	struct seq_item *items = items_new(2000);
	int failed = 0, flushed = 0;

	reset();
	for (int i = 0; i < 2000; i++) {
		failed += add_work_to_q(wq, &items[i].work) != 0;
		if (i % 7 == 6)
			flushed += wait_for_work(&items[i - 3].work) == 0;
	}
	flush_workqueue(wq);
	ok(!failed && flushed == 2000 / 7 && LOAD(&s.runs) == 2000 &&
	   !LOAD(&s.out_of_order),
	   "ordered queue with flush barriers linked behind items: %d of 2000 ran, in order",
	   LOAD(&s.runs));
	destroy_workqueue(wq);
	free(items);
}

/*
 * Items of an ordered queue that are re-added, while they run, to a queue
 * of another pool: their worker queues the re-add after the item, then goes
 * on with the ordered queue.
 */
static struct workqueue_struct *readd_to;
static int readd_runs;		/* A: runs on readd_to */

static void hop_fn(struct work_struct *work)
{
	struct seq_item *it = container_of(work, struct seq_item, work);

	if (XCHG(&it->hopped, 1)) {
		INC(&readd_runs);
		return;
	}
	if (XCHG(&s.next, it->idx + 1) != it->idx)
		INC(&s.out_of_order);
	if (add_work_to_q(readd_to, work))
		INC(&s.out_of_order);
	INC(&s.runs);
}

static void readded_items(void)
{
	struct workqueue_struct *wq = new_ordered("serial-readd");
	struct seq_item *items = items_new(2000);
	int failed = 0;

	reset();
	readd_runs = 0;
	readd_to = new_wq("serial-readd-to", 0, 0);
	for (int i = 0; i < 2000; i++) {
		items[i].work.func = hop_fn;
		failed += add_work_to_q(wq, &items[i].work) != 0;
	}
	flush_workqueue(wq);
	/*
	 * Drained, not flushed: today the last re-add may still be deferred
	 * to its worker, where flush_workqueue() does not see it.
	 */
	if (drain_workqueue(readd_to))
		failed++;
	ok(!failed && LOAD(&s.runs) == 2000 && !LOAD(&s.out_of_order) &&
	   LOAD(&readd_runs) == 2000,
	   "ordered items re-added to a bound queue while they run: %d ran, %d re-adds ran",
	   LOAD(&s.runs), LOAD(&readd_runs));
	destroy_workqueue(readd_to);
	destroy_workqueue(wq);
	free(items);
}

/*
 * The finishing worker has another instance of its item to run first (a
 * collision hand-off), and that instance waits for the item its completion
 * activated: another worker must run that one (woken at the activation, or
 * at the latest when the hand-off starts).
 */
static struct gate first_run;
static struct tw activated;
static int c_runs;		/* A */
static int saw_activated;	/* A: the second run saw the other item run */

static void c_fn(struct work_struct *work)
{
	(void)work;
	if (INC(&c_runs) == 1) {
		gate_wait(&first_run);
		return;
	}
	STORE(&saw_activated, wait_for(&activated.runs, 1, 5000));
}

static void handed_off_first(void)
{
	struct workqueue_struct *wq = new_wq("serial-handoff", WQ_UNBOUND, 2);
	struct work_struct c;
	int err;

	INIT_WORK(&c, c_fn);
	tw_init(&activated);
	err = add_work_to_q(wq, &c);
	if (!err)
		err = wait_for(&first_run.entered, 1, 10000) ? 0 : -ETIMEDOUT;
	if (!err)
		err = add_work_to_q(wq, &c);
	if (!err)
		err = add_work_to_q(wq, &activated.work);
	/* Let a worker find the second instance busy and hand it over. */
	sleep_ms(50);
	gate_open(&first_run);
	flush_workqueue(wq);
	ok(!err && LOAD(&c_runs) == 2 && LOAD(&saw_activated) &&
	   tw_runs(&activated) == 1,
	   "max_active 2: an item activated behind a hand-off runs on another worker");
	destroy_workqueue(wq);
}

int main(void)
{
	tap_watchdog(120);
	plan(11);
	one_producer("ordered", new_ordered("serial-ordered"), 1, 1);
	one_producer("WQ_UNBOUND max_active 1",
		     new_wq("serial-ma1", WQ_UNBOUND, 1), 1, 1);
	one_producer("WQ_UNBOUND max_active 2",
		     new_wq("serial-ma2", WQ_UNBOUND, 2), 2, 0);
	one_producer("WQ_UNBOUND | WQ_CPU_INTENSIVE, max_active 1",
		     new_wq("serial-int", WQ_UNBOUND | WQ_CPU_INTENSIVE, 1),
		     1, 1);
	/* Bound: max_active 1 on each CPU the producer ran on. */
	one_producer("bound, max_active 1",
		     new_wq("serial-bound", 0, 1), CPU_SETSIZE, 0);
	two_producers("ordered", new_ordered("serial-ordered2"), 1);
	two_producers("WQ_UNBOUND max_active 2",
		      new_wq("serial-ma2-2", WQ_UNBOUND, 2), 2);
	waiting_items();
	barriers_behind();
	readded_items();
	handed_off_first();
	return done_testing();
}
