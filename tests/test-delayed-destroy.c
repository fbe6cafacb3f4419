// SPDX-License-Identifier: MIT
/*
 * destroy_workqueue() of a queue with armed items loses nothing: items on
 * their timers run at once, each exactly once, as wait_for_delayed_work()
 * would run them; an item that re-arms itself from such a run is refused
 * with -ESHUTDOWN, on bound, unbound and ordered queues.
 *
 * Every run of a struct tdw (tests/dwork.h) also checks guarantee 7.
 */
#include "dwork.h"

static int cpus[CPU_SETSIZE];
static int nr_cpus;

struct chain {
	struct tdw t;
	struct workqueue_struct *wq;
	int left;	/* A */
	int errs;	/* A */
	int err;	/* A: the last failure */
};

static void chain_hook(struct tdw *t)
{
	struct chain *c = container_of(t, struct chain, t);
	int err;

	if (DEC(&c->left) >= 0) {
		err = add_delayed_work_to_q(c->wq, &t->dw, HOUR);
		if (err) {
			INC(&c->errs);
			STORE(&c->err, err);
		}
	}
}

static void destroy_armed(const char *what, struct workqueue_struct *wq)
{
	enum { N = 64 };
	struct tdw t[N];
	struct chain c = { .wq = wq, .left = 3 };
	int errs = 0, wrong = 0;

	for (int i = 0; i < N; i++) {
		tdw_init(&t[i]);
		/* Most for an hour; some due about now, racing the destroy. */
		if (i % 4 == 3)
			errs += add_delayed_work_to_q(wq, &t[i].dw, i % 3) != 0;
		else if (i % 2)
			errs += add_delayed_work_to_q_on(cpus[i % nr_cpus], wq,
							 &t[i].dw, HOUR) != 0;
		else
			errs += add_delayed_work_to_q(wq, &t[i].dw,
						      HOUR * (1 + i)) != 0;
	}
	tdw_init(&c.t);
	c.t.hook = chain_hook;
	errs += add_delayed_work_to_q(wq, &c.t.dw, HOUR) != 0;
	destroy_workqueue(wq);
	for (int i = 0; i < N; i++)
		wrong += tdw_runs(&t[i]) != 1 || delayed_work_pending(&t[i].dw);
	ok(errs == 0 && wrong == 0,
	   "destroy_workqueue() runs every armed item at once, each exactly once (%s)",
	   what);
	ok(tdw_runs(&c.t) == 1 && LOAD(&c.errs) == 1 &&
	   LOAD(&c.err) == -ESHUTDOWN && !delayed_work_pending(&c.t.dw),
	   "an item re-arming itself for an hour while the queue is destroyed runs once more, and its re-arm fails with -ESHUTDOWN (%s)",
	   what);
}

static void test_destroy(void)
{
	destroy_armed("bound", new_wq("d-destroy-b", 0, 0));
	destroy_armed("unbound", new_wq("d-destroy-u", WQ_UNBOUND, 0));
	destroy_armed("ordered", new_ordered("d-destroy-o"));
}


int main(void)
{
	tap_watchdog(60);
	nr_cpus = allowed_cpus(cpus, CPU_SETSIZE);
	plan(6);
	test_destroy();
	return done_testing();
}
