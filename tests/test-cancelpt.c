// SPDX-License-Identifier: MIT
/*
 * No call of kwq is a cancellation point (kwq(7), "Cancellation"): a thread
 * cancelled inside one finishes the call, then dies at its next
 * cancellation point, and kwq is left whole.  Issue 25 found threads dying
 * inside kwq_cq_run()'s read of the eventfd with the completion queue's
 * lock held, and inside kwq_cq_destroy()'s and kwq_freeze_workqueues()'s
 * waits, half way through.
 *
 * Each case starts a thread that calls one blocking function, and cancels
 * it: either before the call (the request is pending when the call reaches
 * its wait: deterministic) or at a random moment while it waits.  The
 * thread records that the call returned, then reaches pthread_testcancel()
 * and dies there.  The test then checks that the call returned (it was no
 * cancellation point) and that the library still works: the queue's lock
 * is free, the completions come, the queues thaw, nothing is lost.
 */
#include "util.h"

#include <kwq/completion.h>

#define ROUNDS		50

static struct kwq_cq *cq;
static int delivered;		/* A: completion callbacks run */
static int returned;		/* A: the cancelled call returned */

struct job {
	struct kwq_cq_work cw;
	struct gate *gate;	/* the item waits here, if set */
};

static void job_fn(struct kwq_cq_work *cw)
{
	struct job *j = container_of(cw, struct job, cw);

	if (j->gate)
		gate_wait(j->gate);
}

static void job_done(struct kwq_cq_work *cw, int status)
{
	(void)cw;
	(void)status;
	INC(&delivered);
}

/* The thread under test: @fn is the blocking call, then the cancel acts. */
struct victim {
	pthread_t tid;
	void (*fn)(struct victim *v);
	int pending;		/* cancel itself before the call */
	struct workqueue_struct *wq;
};

static void *victim_main(void *arg)
{
	struct victim *v = arg;

	if (v->pending)
		pthread_cancel(pthread_self());
	v->fn(v);
	STORE(&returned, 1);
	for (;;)
		pause();	/* a cancellation point: the request acts here */
	return NULL;
}

/* Start @v, cancel it now or after up to 2 ms, and wait for it to die. */
static bool run_victim(struct victim *v, struct gate *release)
{
	void *res = NULL;

	STORE(&returned, 0);
	if (pthread_create(&v->tid, NULL, victim_main, v))
		bail_out("pthread_create");
	if (!v->pending) {
		sleep_us(rand() % 2000);
		pthread_cancel(v->tid);
	}
	if (release) {
		sleep_us(rand() % 1000);
		gate_open(release);
	}
	pthread_join(v->tid, &res);
	return res == PTHREAD_CANCELED;
}

/* --- kwq_cq_run(): the eventfd is read with the queue's lock held ------- */

static void call_run(struct victim *v)
{
	(void)v;
	kwq_cq_run(cq, 0, NULL);
}

static void test_cq_run(int pending)
{
	struct job j = { .gate = NULL };
	bool all = true, died = true;

	for (int i = 0; i < ROUNDS; i++) {
		struct victim v = { .fn = call_run, .pending = pending };
		int before = LOAD(&delivered);

		kwq_cq_init_work(&j.cw, cq, job_fn, job_done);
		if (kwq_cq_add(system_unbound_wq, &j.cw))
			bail_out("kwq_cq_add");
		/* The completion waits, so the run reads the eventfd. */
		wait_for_work(&j.cw.work);
		died &= run_victim(&v, NULL);
		all &= LOAD(&returned);
		/* The lock is free: a run here delivers, if the victim did not. */
		kwq_cq_run(cq, 0, NULL);
		all &= LOAD(&delivered) == before + 1;
	}
	ok(died, "kwq_cq_run(), cancel %s: the thread was cancelled",
	   pending ? "pending" : "at random");
	ok(all, "kwq_cq_run(), cancel %s: the run returned, the completion "
	   "came once and the queue still delivers", pending ? "pending" :
	   "at random");
}

/* --- kwq_cq_destroy(): a condition wait for the outstanding items ------- */

static void call_destroy(struct victim *v)
{
	(void)v;
	kwq_cq_destroy(cq);
}

static void test_cq_destroy(int pending)
{
	bool all = true, died = true;

	for (int i = 0; i < ROUNDS; i++) {
		struct gate g = { 0 };
		struct job j = { .gate = &g };
		struct victim v = { .fn = call_destroy, .pending = pending };
		int before = LOAD(&delivered);

		kwq_cq_init_work(&j.cw, cq, job_fn, job_done);
		if (kwq_cq_add(system_unbound_wq, &j.cw))
			bail_out("kwq_cq_add");
		died &= run_victim(&v, &g);
		all &= LOAD(&returned) && LOAD(&delivered) == before + 1;
		if (!all)
			diag("round %d: returned %d, delivered %d of 1", i,
			     LOAD(&returned), LOAD(&delivered) - before);
		cq = kwq_cq_create(0);
		if (!cq)
			bail_out("kwq_cq_create");
	}
	ok(died, "kwq_cq_destroy(), cancel %s: the thread was cancelled",
	   pending ? "pending" : "at random");
	ok(all, "kwq_cq_destroy(), cancel %s: it returned once its item had "
	   "run and delivered", pending ? "pending" : "at random");
}

/* --- kwq_freeze_workqueues(): it polls until running items finish ------- */

static void call_freeze(struct victim *v)
{
	(void)v;
	kwq_freeze_workqueues();
}

static int ran;

static void count_fn(struct work_struct *w)
{
	(void)w;
	INC(&ran);
}

static struct gate *freeze_gate;

static void gated_fn(struct work_struct *w)
{
	(void)w;
	gate_wait(freeze_gate);
}

static void test_freeze(int pending)
{
	struct workqueue_struct *wq = new_wq("cancelpt", WQ_FREEZABLE, 0);
	bool all = true, died = true;

	for (int i = 0; i < ROUNDS / 5; i++) {
		struct gate g = { 0 };
		struct work_struct busy, after;
		struct victim v = { .fn = call_freeze, .pending = pending };
		int before = LOAD(&ran);

		freeze_gate = &g;
		INIT_WORK(&busy, gated_fn);
		INIT_WORK(&after, count_fn);
		if (add_work_to_q(wq, &busy))
			bail_out("add");
		wait_for(&g.entered, 1, 10000);
		died &= run_victim(&v, &g);
		all &= LOAD(&returned);
		kwq_thaw_workqueues();
		if (add_work_to_q(wq, &after))
			bail_out("add after thaw");
		wait_for_work(&after);
		all &= LOAD(&ran) == before + 1;
	}
	destroy_workqueue(wq);
	ok(died, "kwq_freeze_workqueues(), cancel %s: the thread was "
	   "cancelled", pending ? "pending" : "at random");
	ok(all, "kwq_freeze_workqueues(), cancel %s: it returned, and after "
	   "a thaw the queue runs again", pending ? "pending" : "at random");
}

/* --- destroy_workqueue(): it waits, backing off, for running items ----- */

static void call_destroy_wq(struct victim *v)
{
	destroy_workqueue(v->wq);
}

static void test_destroy_wq(int pending)
{
	bool all = true, died = true;

	for (int i = 0; i < ROUNDS / 5; i++) {
		struct gate g = { 0 };
		struct work_struct busy, queued;
		struct victim v = { .fn = call_destroy_wq, .pending = pending };
		int before = LOAD(&ran);

		v.wq = new_wq("cancelpt-d", WQ_UNBOUND, 0);
		freeze_gate = &g;
		INIT_WORK(&busy, gated_fn);
		INIT_WORK(&queued, count_fn);
		if (add_work_to_q(v.wq, &busy) || add_work_to_q(v.wq, &queued))
			bail_out("add");
		wait_for(&g.entered, 1, 10000);
		died &= run_victim(&v, &g);
		/* Destroy ran everything queued before it returned. */
		all &= LOAD(&returned) && LOAD(&ran) == before + 1 &&
		       !work_pending(&busy) && !work_pending(&queued);
	}
	ok(died, "destroy_workqueue(), cancel %s: the thread was cancelled",
	   pending ? "pending" : "at random");
	ok(all, "destroy_workqueue(), cancel %s: it returned once every item "
	   "had run", pending ? "pending" : "at random");
}

int main(void)
{
	alarm(120);
	srand(20261205);
	cq = kwq_cq_create(0);
	if (!cq)
		bail_out("kwq_cq_create");
	for (int pending = 1; pending >= 0; pending--) {
		test_cq_run(pending);
		test_cq_destroy(pending);
		test_freeze(pending);
		test_destroy_wq(pending);
	}
	is_int(kwq_cq_destroy(cq), 0, "the last completion queue is destroyed");
	return done_testing();
}
