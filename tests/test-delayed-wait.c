// SPDX-License-Identifier: MIT
/*
 * wait_for_delayed_work(): an armed item is queued at once and waited for,
 * an idle one returns at once, the item's own call is refused with -EDEADLK,
 * and a wait that races the item's timer neither loses nor doubles a run.
 *
 * Every run of a struct tdw (tests/dwork.h) also checks guarantee 7.
 */
#include "dwork.h"

#include <stdlib.h>

static int cpus[CPU_SETSIZE];
static int nr_cpus;

/* For bg_work(), which calls a function of a work_struct. */
static int flush_dw(struct work_struct *work)
{
	return wait_for_delayed_work(to_delayed_work(work));
}

static int self_flush_rc, self_cancel_rc;	/* A */

static void self_hook(struct tdw *t)
{
	STORE(&self_flush_rc, wait_for_delayed_work(&t->dw));
	STORE(&self_cancel_rc, remove_delayed_work_sync(&t->dw));
}

static void test_flush_delayed(void)
{
	struct workqueue_struct *wq = new_wq("d-flush", WQ_UNBOUND, 0);
	struct tdw t;
	struct gate g = { 0 };
	struct bg_call c;
	int rc, runs;
	bool pending, early;

	tdw_init(&t);
	rc = add_delayed_work_to_q(wq, &t.dw, HOUR);
	rc |= wait_for_delayed_work(&t.dw);
	runs = tdw_runs(&t);
	pending = delayed_work_pending(&t.dw);
	sleep_ms(20);
	ok(rc == 0 && runs == 1 && !pending,
	   "wait_for_delayed_work() of an item armed for an hour queues it now and waits: it has run on return");
	is_int(tdw_runs(&t), 1, "and it runs exactly once: the timer is gone");
	is_int(wait_for_delayed_work(&t.dw), 0,
	       "wait_for_delayed_work() of an idle item returns 0");

	/* A running instance is waited for. */
	t.gate = &g;
	add_delayed_work_to_q(wq, &t.dw, 1);
	wait_for(&g.entered, 1, 10000);
	bg_work(&c, flush_dw, &t.dw.work);
	sleep_ms(20);
	early = LOAD(&c.done);
	gate_open(&g);
	rc = bg_join(&c);
	ok(!early && rc == 0 && tdw_runs(&t) == 2,
	   "wait_for_delayed_work() of a running item waits for it");

	t.gate = NULL;
	t.hook = self_hook;
	add_delayed_work_to_q(wq, &t.dw, 1);
	tdw_wait(&t, 3);
	wait_for_work(&t.dw.work);
	ok(LOAD(&self_flush_rc) == -EDEADLK && LOAD(&self_cancel_rc) == -EDEADLK,
	   "wait_for_delayed_work() and remove_delayed_work_sync() from the item itself return -EDEADLK");
	destroy_workqueue(wq);
}

/*
 * wait_for_delayed_work() while the timer fires: many items expire together and
 * are flushed one after the other as the timer thread queues them.  On
 * return each must have run.
 */
static void test_flush_vs_timer(void)
{
	struct workqueue_struct *wq = new_wq("d-flush-race", 0, 0);
	int n = 200, rounds = (int)tap_scale(20), missed = 0, wrong = 0;
	struct tdw *items = calloc((size_t)n, sizeof(*items));
	int *adds = calloc((size_t)n, sizeof(*adds));
	unsigned int seed = 7;

	if (!items || !adds)
		bail_out("no memory");
	for (int i = 0; i < n; i++)
		tdw_init(&items[i]);
	for (int r = 0; r < rounds; r++) {
		for (int i = 0; i < n; i++) {
			int rc = add_delayed_work_to_q_on(cpus[i % nr_cpus], wq,
							  &items[i].dw, 2);

			/* -EBUSY: the last flush returned before the run. */
			adds[i] += rc == 0;
			missed += rc != 0;
		}
		sleep_us(1000 + rand_r(&seed) % 2500);
		for (int i = n - 1; i >= 0; i--) {
			wait_for_delayed_work(&items[i].dw);
			missed += tdw_runs(&items[i]) != adds[i];
		}
	}
	/* Let every item leave the timer thread's hands, then finish. */
	for (int i = 0; i < n; i++) {
		long long end = tap_now_ns() + 10000 * MS;

		while (delayed_work_pending(&items[i].dw) && tap_now_ns() < end)
			sleep_us(200);
	}
	flush_workqueue(wq);
	for (int i = 0; i < n; i++)
		wrong += tdw_runs(&items[i]) != adds[i];
	is_int(missed, 0,
	       "wait_for_delayed_work() while the timer fires: on return the item has run");
	is_int(wrong, 0, "guarantee 1: every arm that returned 0 ran exactly once");
	destroy_workqueue(wq);
	free(adds);
	free(items);
}


int main(void)
{
	tap_watchdog(60);
	nr_cpus = allowed_cpus(cpus, CPU_SETSIZE);
	plan(7);
	test_flush_delayed();
	test_flush_vs_timer();
	return done_testing();
}
