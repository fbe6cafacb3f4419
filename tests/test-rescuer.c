// SPDX-License-Identifier: MIT
/*
 * The WQ_MEM_RECLAIM rescuer: with thread creation made to fail (kwq's
 * fault injection, hence a white-box test linked with libkwq.a), the items
 * of a queue that has a rescuer still run while the pool's only worker is
 * blocked, and those of a queue without one wait until a worker is free.
 * The rescuer's thread, once its queue is destroyed, runs the program's
 * thread-specific destructors as a thread that is no worker: its record is
 * freed by then (test-self-exit has the workers' case).
 */
#include "../src/internal.h"
#include "util.h"

#include <stdio.h>

#define NR_ITEMS 16

static int blocker_started, rescued, plain_ran, failures;
static pthread_key_t key;
static int dtors, dtor_worker;	/* A: the rescuer's destructor, what it saw */

static void key_dtor(void *v)
{
	(void)v;
	if (current_is_workqueue_worker() || current_work())
		INC(&dtor_worker);
	INC(&dtors);
}

static void blocker_fn(struct work_struct *work)
{
	(void)work;
	STORE(&blocker_started, 1);
	/* Blocks until the rescuer has run everything behind it. */
	wait_for(&rescued, NR_ITEMS, 20000);
}

static void rescued_fn(struct work_struct *work)
{
	char name[16] = "";

	(void)work;
	pthread_getname_np(pthread_self(), name, sizeof(name));
	if (!strncmp(name, "kwq/R:", 6))
		pthread_setspecific(key, &key);
	INC(&rescued);
}

static void plain_fn(struct work_struct *work)
{
	(void)work;
	STORE(&plain_ran, 1);
}

static void count_failures(const struct kwq_warning *w)
{
	if (w->kind == KWQ_WARN_INTERNAL)
		INC(&failures);
}

int main(void)
{
	struct work_struct blocker, plain, items[NR_ITEMS];
	struct workqueue_struct *reclaim, *other;
	int cpus[1] = { 0 };

	tap_watchdog(60);
	plan(9);
	allowed_cpus(cpus, 1);
	if (pthread_key_create(&key, key_dtor))
		bail_out("pthread_key_create");
	kwq_set_warn_handler(count_failures);

	reclaim = new_wq("reclaim", WQ_MEM_RECLAIM, 0);
	other = new_wq("plain", 0, 0);
	/* The thread exists; it names itself as it starts. */
	for (int i = 0; i < 1000 && !count_threads("kwq/R:reclaim"); i++)
		sleep_ms(1);
	ok(count_threads("kwq/R:reclaim"),
	   "a WQ_MEM_RECLAIM queue has its rescuer from creation");

	is_int(kwq__fault_set("thread:1+"), 0,
	       "from now on no thread can be created");
	INIT_WORK(&blocker, blocker_fn);
	INIT_WORK(&plain, plain_fn);
	add_work_to_q_on(cpus[0], reclaim, &blocker);
	ok(wait_for(&blocker_started, 1, 10000),
	   "the pool's only worker runs an item that blocks");
	for (int i = 0; i < NR_ITEMS; i++) {
		INIT_WORK(&items[i], rescued_fn);
		add_work_to_q_on(cpus[0], reclaim, &items[i]);
	}
	add_work_to_q_on(cpus[0], other, &plain);

	ok(wait_for(&rescued, NR_ITEMS, 20000),
	   "the rescuer runs the queue's items while no worker can be had");
	wait_for_work(&blocker);
	ok(kwq__fault_injected() > 0 && LOAD(&failures) > 0,
	   "thread creation did fail, and was reported (%ld injected)",
	   kwq__fault_injected());

	kwq__fault_set(NULL);
	wait_for_work(&plain);
	is_int(LOAD(&plain_ran), 1,
	       "a queue without a rescuer runs its item once a worker is free");

	destroy_workqueue(reclaim);
	destroy_workqueue(other);
	/* It has said it is done; give the thread a moment to be gone. */
	for (int i = 0; i < 1000 && count_threads("kwq/R:reclaim"); i++)
		sleep_ms(1);
	ok(!count_threads("kwq/R:reclaim"),
	   "destroy_workqueue() stops the rescuer");
	ok(wait_for(&dtors, 1, 10000) && !LOAD(&dtor_worker),
	   "the rescuer's thread ran the program's destructor as no worker");
	kwq_set_warn_handler(NULL);
	is_int(kwq_set_idle_timeout(5000), 0, "kwq still usable");
	return done_testing();
}
