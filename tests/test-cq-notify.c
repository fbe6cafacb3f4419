// SPDX-License-Identifier: MIT
/*
 * kwq_cq_set_notify(), on which the loop adapters (<kwq/uv.h>,
 * <kwq/glib.h>) keep their loop alive exactly while jobs are outstanding:
 * KWQ_CQ_BUSY comes with the add that makes one outstanding, before the
 * item can run, and its error fails that add; KWQ_CQ_IDLE when the last
 * one is delivered (before its callback, which may add again) or dropped,
 * never while one is still outstanding; KWQ_CQ_CLOSE once, last, from
 * kwq_cq_destroy(), after every callback and while the descriptor is still
 * open.  Also what kwq_cq_remove() does by default now: the -ECANCELED
 * callback comes, as after uv_cancel().
 */
#include "util.h"

#include <kwq/completion.h>

#include <fcntl.h>

#define MAX_EVENTS 16

#define is_str(got, want, what) ok(!strcmp((got), (want)), what " (%s)", (got))

static int events[MAX_EVENTS];
static int nr_events;
static int busy_err;		/* what KWQ_CQ_BUSY returns */
static int fd_open_at_close;
static int delivered_at_close;

struct job {
	struct kwq_cq_work cw;
	struct gate *gate;
	int ran;		/* A */
	int status;
	int events_seen;	/* nr_events when its callback ran */
	struct workqueue_struct *readd;	/* the callback adds it again */
};

static int delivered;

static int notify(struct kwq_cq *cq, enum kwq_cq_event ev, void *arg)
{
	(void)arg;
	if (nr_events < MAX_EVENTS)
		events[nr_events] = (int)ev;
	nr_events++;
	if (ev == KWQ_CQ_CLOSE) {
		fd_open_at_close = fcntl(kwq_cq_fd(cq), F_GETFD) != -1;
		delivered_at_close = delivered;
	}
	return ev == KWQ_CQ_BUSY ? busy_err : 0;
}

static void job_fn(struct kwq_cq_work *cw)
{
	struct job *j = container_of(cw, struct job, cw);

	if (j->gate)
		gate_wait(j->gate);
	INC(&j->ran);
}

static void job_done(struct kwq_cq_work *cw, int status)
{
	struct job *j = container_of(cw, struct job, cw);
	struct workqueue_struct *wq = j->readd;

	j->status = status;
	j->events_seen = nr_events;
	delivered++;
	j->readd = NULL;
	if (wq)
		kwq_cq_add(wq, cw);
}

static void reset(void)
{
	memset(events, 0xff, sizeof(events));
	nr_events = 0;
	delivered = 0;
}

/* The events so far, as a string: "B" busy, "I" idle, "C" close. */
static const char *seen(void)
{
	static char buf[MAX_EVENTS + 1];
	int i;

	for (i = 0; i < nr_events && i < MAX_EVENTS; i++)
		buf[i] = "BIC"[events[i]];
	buf[i] = '\0';
	return buf;
}

/* Wait for @j's function to have returned, then deliver what waits. */
static void run_after(struct kwq_cq *cq, struct job *j)
{
	unsigned int nr;

	wait_for_work(&j->cw.work);
	kwq_cq_run(cq, 0, &nr);
}

static void job_init(struct job *j, struct kwq_cq *cq)
{
	memset(j, 0, sizeof(*j));
	if (kwq_cq_init_work(&j->cw, cq, job_fn, job_done))
		bail_out("kwq_cq_init_work failed");
}

static struct kwq_cq *new_cq(void)
{
	struct kwq_cq *cq = kwq_cq_create(0);

	if (!cq || kwq_cq_set_notify(cq, notify, NULL))
		bail_out("kwq_cq_create: %s", strerror(errno));
	return cq;
}

static void test_busy_idle(struct workqueue_struct *wq)
{
	struct kwq_cq *cq = new_cq();
	struct gate g = { 0 };
	struct job a, b, c;

	job_init(&a, cq);
	job_init(&b, cq);
	job_init(&c, cq);
	a.gate = &g;
	reset();
	kwq_cq_add(wq, &a.cw);
	is_str(seen(), "B", "the first add: KWQ_CQ_BUSY");
	kwq_cq_add(wq, &b.cw);
	run_after(cq, &b);
	is_str(seen(), "B", "a second add, and its delivery: nothing, one is still outstanding");
	gate_open(&g);
	run_after(cq, &a);
	ok(!strcmp(seen(), "BI") && a.events_seen == 2,
	   "the last delivery: KWQ_CQ_IDLE, before its callback (%s, %d)",
	   seen(), a.events_seen);

	reset();
	c.readd = wq;
	kwq_cq_add(wq, &c.cw);
	run_after(cq, &c);
	is_str(seen(), "BIB", "a callback that adds again: KWQ_CQ_BUSY again");
	run_after(cq, &c);
	ok(!strcmp(seen(), "BIBI") && delivered == 2,
	   "and KWQ_CQ_IDLE once that is delivered (%s)", seen());

	reset();
	busy_err = -ENOMEM;
	is_int(kwq_cq_add(wq, &c.cw), -ENOMEM,
	       "KWQ_CQ_BUSY's error fails the add with it");
	busy_err = 0;
	flush_workqueue(wq);
	ok(LOAD(&c.ran) == 2 && !strcmp(seen(), "B"),
	   "the item did not run, and no KWQ_CQ_IDLE follows (%s)", seen());
	is_int(kwq_cq_add(wq, &c.cw), 0, "it may be added again");
	run_after(cq, &c);
	is_str(seen(), "BBI", "and then completes as usual");
	kwq_cq_destroy(cq);
}

static void test_remove(void)
{
	struct workqueue_struct *ord = new_ordered("cq-notify-ord");
	struct kwq_cq *cq = new_cq();
	struct gate g = { 0 };
	struct tw blocker;
	struct job e, f;

	if (block_ordered(ord, &blocker, &g))
		bail_out("cannot block the ordered queue");
	job_init(&e, cq);
	job_init(&f, cq);
	reset();
	kwq_cq_add(ord, &e.cw);
	is_int(kwq_cq_remove(&e.cw, KWQ_CQ_DROP), 0,
	       "kwq_cq_remove(KWQ_CQ_DROP) of the only pending item: 0");
	is_str(seen(), "BI", "KWQ_CQ_IDLE: nothing is outstanding");
	kwq_cq_add(ord, &f.cw);
	is_int(kwq_cq_remove(&f.cw, 0), 0, "kwq_cq_remove(0): 0");
	is_str(seen(), "BIB", "no KWQ_CQ_IDLE yet: its -ECANCELED completion waits");
	kwq_cq_run(cq, 0, NULL);
	ok(f.status == -ECANCELED && delivered == 1 && LOAD(&f.ran) == 0 &&
	   !strcmp(seen(), "BIBI"),
	   "delivered with -ECANCELED, as after uv_cancel(); then KWQ_CQ_IDLE (%s)",
	   seen());
	gate_open(&g);
	destroy_workqueue(ord);
	kwq_cq_destroy(cq);
}

static void test_destroy(struct workqueue_struct *wq)
{
	struct kwq_cq *cq = new_cq();
	struct job g, h;

	job_init(&g, cq);
	job_init(&h, cq);
	reset();
	kwq_cq_add(wq, &g.cw);
	kwq_cq_add(wq, &h.cw);
	kwq_cq_destroy(cq);
	ok(!strcmp(seen(), "BIC") && delivered_at_close == 2 &&
	   fd_open_at_close,
	   "kwq_cq_destroy(): every callback, KWQ_CQ_IDLE, then KWQ_CQ_CLOSE once, last, with the descriptor still open (%s, %d)",
	   seen(), delivered_at_close);
	is_int(kwq_cq_set_notify(NULL, notify, NULL), -EINVAL,
	       "kwq_cq_set_notify(NULL): -EINVAL");
}

int main(void)
{
	struct workqueue_struct *wq = new_wq("cq-notify", WQ_UNBOUND, 2);

	tap_watchdog(60);
	plan(16);
	test_busy_idle(wq);
	test_remove();
	test_destroy(wq);
	destroy_workqueue(wq);
	return done_testing();
}
