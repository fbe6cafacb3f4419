// SPDX-License-Identifier: MIT
/*
 * A thread cancelled inside each blocking call of kwq (kwq(7),
 * "Cancellation"; the contract's guarantee 10): the call is no
 * cancellation point, so it finishes as if no request had come, with its
 * own guarantee kept (waited for, removed, flushed, delivered), and the
 * thread dies at its next cancellation point after it; kwq is left whole.
 * test-cancelpt covers the completion queue's run and destroy, the freeze
 * and destroy_workqueue(); this covers the rest: the waits for an item
 * (wait_for_work(), flush_work(), their delayed forms), the removes that
 * wait for a running instance or for another remove (a flush and a remove
 * too of an item pushed behind its own run, which that run's end would
 * hand its slot to), flush_workqueue(),
 * drain_workqueue(), destroy_workqueue() of a queue with a rescuer (which
 * it waits to see leave), kwq_stats_print(), the completion queue's calls
 * that run the program's notify function (with the queue's lock held, or
 * in the middle of its destroy), and the first call of a process, which
 * sets kwq up under its init lock and may report a bad environment
 * variable on stderr.  Last, what the contract allows: a request acting
 * in the program's completion callback, where the queue must go on.
 *
 * Each case starts a thread that makes one call while an item holds it
 * (running at a gate, or armed for an hour), and cancels it: before the
 * call (the request is pending when the call reaches its wait:
 * deterministic) or at a random moment while it waits; the gate opens a
 * moment later.  The thread checks the call's guarantee as soon as it
 * returns, then dies in pause().  The test checks that it died, that the
 * call had returned with its guarantee kept, and that kwq still works: the
 * item is idle and runs again, the queue flushes, the completion queue
 * delivers.  A call that was a cancellation point, or that ran the
 * program's code there with a lock held, fails the first two checks or
 * hangs the last (the alarm).
 */
#include "util.h"

#include <kwq/completion.h>
#include <kwq/stats.h>

#include <fcntl.h>
#include <sys/syscall.h>

#define ROUNDS		20
#define HOUR		(3600UL * HZ)	/* a delay that never ends here */
#define CHAIN		3		/* runs of the drain's item */

static struct workqueue_struct *wq;
static struct workqueue_struct *sq;	/* serial: a second add is pushed */

/* An item of either kind that waits at a gate and may re-add itself. */
struct item {
	struct delayed_work dw;	/* .work alone for an immediate item */
	struct gate gate;
	int chain;		/* re-add itself until it has run so often */
	int runs;		/* A: runs finished */
	int in;			/* A: runs in progress */
};

static void item_fn(struct work_struct *w)
{
	struct item *it = container_of(w, struct item, dw.work);

	INC(&it->in);
	gate_wait(&it->gate);
	if (INC(&it->runs) < it->chain)
		(void)add_work_to_q(wq, w);
	DEC(&it->in);
}

/* One round of a case: what the victim calls and what it saw at return. */
struct round {
	pthread_t thread;
	const struct ccase *c;
	struct item it;
	struct workqueue_struct *q;	/* a queue of the round's own */
	pthread_t helper;	/* remove_work_sync() owning the item */
	int helper_ret;
	int pending;		/* cancel before the call */
	int tid;		/* A: the victim's */
	int returned;		/* A: the call returned */
	int held;		/* A: its guarantee held when it did */
};

struct ccase {
	const char *name;
	void (*setup)(struct round *r);	/* make the call wait */
	int (*call)(struct round *r);	/* in the victim */
	bool (*held)(struct round *r, int ret);	/* at the call's return */
	bool (*whole)(struct round *r);	/* after: kwq still works */
	bool waits;			/* the call sleeps until the gate opens */
};

static bool idle_ran(struct round *r, int runs)
{
	return LOAD(&r->it.runs) == runs && !LOAD(&r->it.in) &&
		!work_pending(&r->it.dw.work);
}

/* --- set-ups ------------------------------------------------------------- */

static void start_running(struct round *r)
{
	INIT_WORK(&r->it.dw.work, item_fn);
	if (add_work_to_q(wq, &r->it.dw.work))
		bail_out("add");
	if (!wait_for(&r->it.gate.entered, 1, 10000))
		bail_out("the item did not start");
}

static void running_and_pending(struct round *r)
{
	start_running(r);
	if (add_work_to_q(wq, &r->it.dw.work))
		bail_out("add while running");
}

static void armed(struct round *r)
{
	INIT_DELAYED_WORK(&r->it.dw, item_fn);
	if (add_delayed_work_to_q(wq, &r->it.dw, HOUR))
		bail_out("arm");
}

static void running_and_armed(struct round *r)
{
	INIT_DELAYED_WORK(&r->it.dw, item_fn);
	if (add_delayed_work_to_q(wq, &r->it.dw, 0))
		bail_out("add delayed");
	if (!wait_for(&r->it.gate.entered, 1, 10000))
		bail_out("the delayed item did not start");
	if (add_delayed_work_to_q(wq, &r->it.dw, HOUR))
		bail_out("arm while running");
}

static void chained(struct round *r)
{
	r->it.chain = CHAIN;
	start_running(r);
}

/* A queue with a rescuer, whose destroy also waits for it to leave. */
static void reclaim_running(struct round *r)
{
	r->q = new_wq("cancelpt-reclaim", WQ_UNBOUND | WQ_MEM_RECLAIM, 0);
	INIT_WORK(&r->it.dw.work, item_fn);
	if (add_work_to_q(r->q, &r->it.dw.work))
		bail_out("add");
	if (!wait_for(&r->it.gate.entered, 1, 10000))
		bail_out("the item did not start");
}

/*
 * Running on a serial queue and added again: the add, to a full pwq,
 * is pushed without the lock; a flush or remove takes it off the push
 * queue (its barrier linked behind it, or the item unlinked) while the
 * end of the run would hand the slot to it.
 */
static void running_and_pushed(struct round *r)
{
	INIT_WORK(&r->it.dw.work, item_fn);
	if (add_work_to_q(sq, &r->it.dw.work) ||
	    !wait_for(&r->it.gate.entered, 1, 10000) ||
	    add_work_to_q(sq, &r->it.dw.work))
		bail_out("add to the serial queue");
}

static void *helper_main(void *arg)
{
	struct round *r = arg;

	STORE(&r->helper_ret, remove_work_sync(&r->it.dw.work));
	return NULL;
}

/*
 * Another thread's remove_work_sync() owns the running item (it keeps it
 * pending while it waits): the victim's must sleep until it lets go.
 */
static void owned(struct round *r)
{
	start_running(r);
	if (pthread_create(&r->helper, NULL, helper_main, r))
		bail_out("pthread_create");
	while (!work_pending(&r->it.dw.work))
		sleep_us(50);
}

/* --- the calls, and what each must have done when it returns ------------ */

static int call_wait(struct round *r)
{
	return wait_for_work(&r->it.dw.work);
}

static int call_flush_work(struct round *r)
{
	flush_work(&r->it.dw.work);
	return 0;
}

static int call_wait_delayed(struct round *r)
{
	return wait_for_delayed_work(&r->it.dw);
}

static int call_flush_delayed(struct round *r)
{
	flush_delayed_work(&r->it.dw);
	return 0;
}

static int call_destroy(struct round *r)
{
	destroy_workqueue(r->q);
	return 0;
}

static bool ran_once(struct round *r, int ret)
{
	return ret == 0 && idle_ran(r, 1);
}

static bool ran_twice(struct round *r, int ret)
{
	return ret == 0 && idle_ran(r, 2);
}

static int call_remove_sync(struct round *r)
{
	return remove_work_sync(&r->it.dw.work);
}

static int call_cancel_sync(struct round *r)
{
	cancel_work_sync(&r->it.dw.work);
	return 0;
}

static int call_remove_delayed_sync(struct round *r)
{
	return remove_delayed_work_sync(&r->it.dw);
}

static int call_cancel_delayed_sync(struct round *r)
{
	cancel_delayed_work_sync(&r->it.dw);
	return 0;
}

/* The running instance ended, the pending one was removed unrun. */
static bool removed(struct round *r, int ret)
{
	return ret == 0 && idle_ran(r, 1) && !delayed_work_pending(&r->it.dw);
}

static bool removed_nothing(struct round *r, int ret)
{
	return ret == -ENOENT && idle_ran(r, 1);
}

static int call_flush_wq(struct round *r)
{
	(void)r;
	return flush_workqueue(wq);
}

static int call_drain_wq(struct round *r)
{
	(void)r;
	return drain_workqueue(wq);
}

static bool drained(struct round *r, int ret)
{
	return ret == 0 && idle_ran(r, CHAIN);
}

/* The item is idle, runs again, and the queue flushes. */
static bool item_whole(struct round *r)
{
	int runs = LOAD(&r->it.runs);

	r->it.chain = 0;
	if (add_work_to_q(wq, &r->it.dw.work) ||
	    wait_for_work(&r->it.dw.work) || flush_workqueue(wq))
		return false;
	return idle_ran(r, runs + 1);
}

/* --- kwq_stats_print(): it prints with the pools' locks held ------------ */

static FILE *devnull;		/* unbuffered: every line is a write(2) */

static void nothing(struct round *r)
{
	(void)r;
}

static int call_stats(struct round *r)
{
	(void)r;
	return kwq_stats_print(devnull);
}

static bool printed(struct round *r, int ret)
{
	(void)r;
	return ret == 0;
}

static bool stats_whole(struct round *r)
{
	(void)r;
	return kwq_stats_print(devnull) == 0 && flush_workqueue(wq) == 0;
}

/*
 * --- the completion queue's notify function: called with its lock held --
 *
 * The program's function may reach a cancellation point (GLib's adapter,
 * <kwq/glib.h>, wakes its loop with a write(2), as this one does): there,
 * the thread would die with the queue's lock held.
 */
static struct kwq_cq *cq;
static struct kwq_cq_work cw;
static int pipefd[2];
static int delivered;		/* A */

static int notify(struct kwq_cq *q, enum kwq_cq_event event, void *arg)
{
	char c = (char)event;

	(void)q;
	(void)arg;
	if (write(pipefd[1], &c, 1) != 1 && errno != EAGAIN)
		bail_out("write: %s", strerror(errno));
	return 0;
}

static void cw_fn(struct kwq_cq_work *w)
{
	(void)w;
}

static void cw_done(struct kwq_cq_work *w, int status)
{
	(void)w;
	if (!status)
		INC(&delivered);
}

static void drain_pipe(void)
{
	char buf[64];

	while (read(pipefd[0], buf, sizeof(buf)) > 0)
		;
}

/* Idle: the add that makes the queue busy calls the notify function. */
static void cq_idle(struct round *r)
{
	(void)r;
	drain_pipe();
	STORE(&delivered, 0);
	kwq_cq_init_work(&cw, cq, cw_fn, cw_done);
}

static int call_cq_add(struct round *r)
{
	(void)r;
	return kwq_cq_add(wq, &cw);
}

static bool added(struct round *r, int ret)
{
	(void)r;
	return ret == 0;
}

/* One completion due: the run that delivers it makes the queue idle. */
static void cq_due(struct round *r)
{
	cq_idle(r);
	if (kwq_cq_add(wq, &cw) || wait_for_work(&cw.work))
		bail_out("kwq_cq_add");
}

static int call_cq_run(struct round *r)
{
	unsigned int nr = 0;
	int err;

	(void)r;
	err = kwq_cq_run(cq, 0, &nr);
	return err ? err : (int)nr;
}

static bool ran_one(struct round *r, int ret)
{
	(void)r;
	return ret == 1 && LOAD(&delivered) == 1;
}

/*
 * Its lock is free: a completion due, if the victim's add left one, is
 * delivered, and another add and run go round.
 */
static bool cq_whole(struct round *r)
{
	int before;

	(void)r;
	if (wait_for_work(&cw.work) || kwq_cq_run(cq, 0, NULL))
		return false;
	before = LOAD(&delivered);
	if (kwq_cq_add(wq, &cw) || wait_for_work(&cw.work) ||
	    kwq_cq_run(cq, 0, NULL))
		return false;
	return LOAD(&delivered) == before + 1 && before <= 1;
}

/* Queued behind a running item of an ordered queue, then dropped. */
static struct workqueue_struct *oq;

static void cq_queued(struct round *r)
{
	cq_idle(r);
	INIT_WORK(&r->it.dw.work, item_fn);
	if (add_work_to_q(oq, &r->it.dw.work))
		bail_out("add");
	if (!wait_for(&r->it.gate.entered, 1, 10000))
		bail_out("the item did not start");
	if (kwq_cq_add(oq, &cw))
		bail_out("kwq_cq_add");
}

static int call_cq_drop(struct round *r)
{
	(void)r;
	return kwq_cq_remove(&cw, KWQ_CQ_DROP);
}

static bool dropped(struct round *r, int ret)
{
	(void)r;
	return ret == 0 && !work_pending(&cw.work);
}

static bool drop_whole(struct round *r)
{
	return !wait_for_work(&r->it.dw.work) && !LOAD(&delivered) &&
		cq_whole(r);
}

/* A queue of its own, destroyed: it tells the function it closes. */
static struct kwq_cq *doomed;

static void cq_doomed(struct round *r)
{
	(void)r;
	doomed = kwq_cq_create(0);
	if (!doomed || kwq_cq_set_notify(doomed, notify, NULL))
		bail_out("kwq_cq_create");
}

static int call_cq_destroy(struct round *r)
{
	(void)r;
	return kwq_cq_destroy(doomed);
}

static bool closed(struct round *r, int ret)
{
	(void)r;
	return ret == 0;
}

/* The function was told of the close, last; queues come and go. */
static bool doomed_whole(struct round *r)
{
	struct kwq_cq *q;
	char c = 0;

	(void)r;
	while (read(pipefd[0], &c, 1) == 1)
		;
	q = kwq_cq_create(0);
	return c == (char)KWQ_CQ_CLOSE && q && kwq_cq_destroy(q) == 0;
}

static const struct ccase cases[] = {
	{ "wait_for_work()", start_running, call_wait, ran_once,
	  item_whole, true },
	{ "flush_work()", start_running, call_flush_work, ran_once,
	  item_whole, true },
	{ "wait_for_delayed_work()", armed, call_wait_delayed, ran_once,
	  item_whole, true },
	{ "flush_delayed_work()", armed, call_flush_delayed, ran_once,
	  item_whole, true },
	{ "remove_work_sync()", running_and_pending, call_remove_sync,
	  removed, item_whole, true },
	{ "cancel_work_sync()", running_and_pending, call_cancel_sync,
	  removed, item_whole, true },
	{ "remove_delayed_work_sync()", running_and_armed,
	  call_remove_delayed_sync, removed, item_whole, true },
	{ "cancel_delayed_work_sync()", running_and_armed,
	  call_cancel_delayed_sync, removed, item_whole, true },
	{ "flush_work() of a pushed item", running_and_pushed,
	  call_flush_work, ran_twice, item_whole, true },
	{ "remove_work_sync() of a pushed item", running_and_pushed,
	  call_remove_sync, removed, item_whole, true },
	{ "remove_work_sync() behind another's", owned, call_remove_sync,
	  removed_nothing, item_whole, true },
	{ "flush_workqueue()", start_running, call_flush_wq, ran_once,
	  item_whole, true },
	{ "drain_workqueue()", chained, call_drain_wq, drained,
	  item_whole, true },
	{ "destroy_workqueue() with a rescuer", reclaim_running,
	  call_destroy, ran_once, item_whole, true },
	{ "kwq_stats_print()", nothing, call_stats, printed, stats_whole,
	  false },
	{ "kwq_cq_add(), notified busy", cq_idle, call_cq_add, added,
	  cq_whole, false },
	{ "kwq_cq_run(), notified idle", cq_due, call_cq_run, ran_one,
	  cq_whole, false },
	{ "kwq_cq_remove(), dropped, notified idle", cq_queued, call_cq_drop,
	  dropped, drop_whole, false },
	{ "kwq_cq_destroy(), notified close", cq_doomed, call_cq_destroy,
	  closed, doomed_whole, false },
};

/* --- the victim --------------------------------------------------------- */

static void *victim_main(void *arg)
{
	struct round *r = arg;
	int ret;

	STORE(&r->tid, (int)syscall(SYS_gettid));
	if (r->pending)
		pthread_cancel(pthread_self());
	ret = r->c->call(r);
	STORE(&r->held, r->c->held(r, ret));
	STORE(&r->returned, 1);
	for (;;)
		pause();	/* a cancellation point: the request acts here */
	return NULL;
}

/* Is thread @tid asleep (state S or D)? */
static bool asleep(int tid)
{
	char path[64], buf[512], *p;
	FILE *f;
	bool ret = false;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", tid);
	f = fopen(path, "r");
	if (!f)
		return false;
	if (fgets(buf, sizeof(buf), f) && (p = strrchr(buf, ')')))
		ret = p[1] == ' ' && (p[2] == 'S' || p[2] == 'D');
	fclose(f);
	return ret;
}

/*
 * Start the victim; for a call that waits, let it fall asleep in the call
 * first.  Cancel it (unless the request is pending already) at a random
 * moment within 2 ms, and open the gate within 1 ms after, or, for a call
 * that does not wait for it, once the victim is gone.
 */
static bool run_victim(struct round *r)
{
	long long end = tap_now_ns() + 10000000000LL;
	void *res = NULL;

	if (pthread_create(&r->thread, NULL, victim_main, r))
		bail_out("pthread_create");
	if (r->c->waits) {
		while (!LOAD(&r->tid))
			sleep_us(50);
		while (!asleep(LOAD(&r->tid)) && tap_now_ns() < end)
			sleep_us(50);
	}
	if (!r->pending) {
		sleep_us(rand() % 2000);
		pthread_cancel(r->thread);
	}
	if (r->c->waits) {
		sleep_us(rand() % 1000);
		gate_open(&r->it.gate);
	}
	pthread_join(r->thread, &res);
	gate_open(&r->it.gate);
	return res == PTHREAD_CANCELED;
}

static void test_case(const struct ccase *c, int pending)
{
	const char *how = pending ? "pending" : "at random";
	bool died = true, held = true, whole = true;

	for (int i = 0; i < ROUNDS; i++) {
		struct round r = { .c = c, .pending = pending };

		c->setup(&r);
		died &= run_victim(&r);
		held &= LOAD(&r.returned) && LOAD(&r.held);
		if (!LOAD(&r.returned) || !LOAD(&r.held))
			diag("%s, round %d: returned %d, held %d, runs %d, in %d",
			     c->name, i, LOAD(&r.returned), LOAD(&r.held),
			     LOAD(&r.it.runs), LOAD(&r.it.in));
		if (r.helper) {
			pthread_join(r.helper, NULL);
			held &= LOAD(&r.helper_ret) == -ENOENT;
		}
		whole &= c->whole(&r);
	}
	ok(died, "%s, cancel %s: the thread was cancelled", c->name, how);
	ok(held, "%s, cancel %s: the call returned, its guarantee kept",
	   c->name, how);
	ok(whole, "%s, cancel %s: kwq still works after", c->name, how);
}

/*
 * --- cancelled in a callback of the program's ----------------------------
 *
 * kwq_cq_run() and kwq_cq_destroy() deliver on the calling thread, with no
 * lock of kwq's held and the thread's own cancellation state: a request
 * may act inside a callback (kwq(7)).  The completion it was given is then
 * delivered, and the queue goes on: the next run, or destroy, from another
 * thread delivers the rest, each once.
 */
static struct kwq_cq *cbq;
static struct kwq_cq_work cbw[2];
static int cb_runs[2];		/* A */

static void cb_done(struct kwq_cq_work *w, int status)
{
	char c = 0;

	(void)status;
	INC(&cb_runs[w - cbw]);
	/* write(2), a cancellation point: the request acts here. */
	if (write(pipefd[1], &c, 1) != 1 && errno != EAGAIN)
		bail_out("write: %s", strerror(errno));
}

static void *cb_victim(void *arg)
{
	int destroy = *(int *)arg;

	pthread_cancel(pthread_self());
	if (destroy)
		kwq_cq_destroy(cbq);
	else
		kwq_cq_run(cbq, 0, NULL);
	return NULL;
}

static void test_in_callback(int destroy)
{
	const char *call = destroy ? "kwq_cq_destroy()" : "kwq_cq_run()";
	bool died = true, once = true;

	for (int i = 0; i < ROUNDS; i++) {
		pthread_t t;
		void *res = NULL;

		cbq = kwq_cq_create(0);
		if (!cbq)
			bail_out("kwq_cq_create");
		for (int j = 0; j < 2; j++) {
			STORE(&cb_runs[j], 0);
			kwq_cq_init_work(&cbw[j], cbq, cw_fn, cb_done);
			if (kwq_cq_add(wq, &cbw[j]) || wait_for_work(&cbw[j].work))
				bail_out("kwq_cq_add");
		}
		if (pthread_create(&t, NULL, cb_victim, &destroy))
			bail_out("pthread_create");
		pthread_join(t, &res);
		died &= res == PTHREAD_CANCELED;
		once &= LOAD(&cb_runs[0]) + LOAD(&cb_runs[1]) == 1;
		if (destroy) {
			once &= kwq_cq_destroy(cbq) == 0;
		} else {
			once &= kwq_cq_run(cbq, 0, NULL) == 0;
			once &= kwq_cq_destroy(cbq) == 0;
		}
		once &= LOAD(&cb_runs[0]) == 1 && LOAD(&cb_runs[1]) == 1;
		drain_pipe();
	}
	ok(died, "%s, cancelled in a callback: the thread died there", call);
	ok(once, "%s, cancelled in a callback: another thread's %s "
	   "delivered the rest, each completion once", call,
	   destroy ? "destroy" : "run");
}

/*
 * --- the first call: kwq sets up under its init lock ---------------------
 *
 * A malformed environment variable is reported on stderr while kwq sets
 * up: a cancellation point, with the init lock held.  Set up happens once
 * a process, so each variable gets a process of its own: this program
 * again, run with the argument "first".
 */
static int first_ok;		/* A: the first call returned a queue */

static void *first_main(void *arg)
{
	struct workqueue_struct *q;

	(void)arg;
	pthread_cancel(pthread_self());
	q = alloc_workqueue("first", 0, 0);
	if (q)
		destroy_workqueue(q);
	STORE(&first_ok, q != NULL);
	pthread_testcancel();
	return NULL;
}

/* Exit 0: the first call returned, the thread died after, kwq works. */
static int first_call(void)
{
	struct workqueue_struct *q;
	pthread_t t;
	void *res;

	alarm(20);
	if (pthread_create(&t, NULL, first_main, NULL))
		return 3;
	pthread_join(t, &res);
	if (res != PTHREAD_CANCELED || !LOAD(&first_ok))
		return 1;
	q = alloc_workqueue("after", 0, 0);
	if (!q)
		return 2;
	destroy_workqueue(q);
	return 0;
}

static void test_first_call(const char *self)
{
	static const char *const vars[] = {
		"KWQ_IDLE_TIMEOUT_MS", "KWQ_WORKER_LIMIT", "KWQ_WORKER_STACK",
		"KWQ_FAULT_INJECT", "KWQ_DEBUG", "KWQ_STATS",
	};
	char out[4096];

	for (size_t i = 0; i < ARRAY_SIZE(vars); i++) {
		const char *was = getenv(vars[i]);
		char *old = was ? strdup(was) : NULL;
		int status;

		/* The test's own value (KWQ_DEBUG=1) comes back after. */
		setenv(vars[i], "bad", 1);
		status = spawn_self(self, "first", out, sizeof(out));
		if (old)
			setenv(vars[i], old, 1);
		else
			unsetenv(vars[i]);
		free(old);
		ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
		   "first call, cancel pending, %s=bad: it returned, the "
		   "thread died after, kwq works", vars[i]);
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			diag("status %#x; stderr: %s", status, out);
	}
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "first"))
		return first_call();
	tap_watchdog(180);
	srand(20261205);
	test_first_call(argv[0]);
	wq = new_wq("cancelpt-calls", WQ_UNBOUND, 0);
	oq = new_ordered("cancelpt-calls-ordered");
	sq = new_wq("cancelpt-calls-serial", WQ_UNBOUND, 1);
	cq = kwq_cq_create(0);
	devnull = fopen("/dev/null", "w");
	if (!cq || !devnull || pipe2(pipefd, O_NONBLOCK | O_CLOEXEC) ||
	    kwq_cq_set_notify(cq, notify, NULL))
		bail_out("set-up: %s", strerror(errno));
	setvbuf(devnull, NULL, _IONBF, 0);
	for (int pending = 1; pending >= 0; pending--)
		for (size_t i = 0; i < ARRAY_SIZE(cases); i++)
			test_case(&cases[i], pending);
	test_in_callback(0);
	test_in_callback(1);
	is_int(kwq_cq_destroy(cq), 0, "the completion queue is destroyed");
	destroy_workqueue(oq);
	destroy_workqueue(sq);
	destroy_workqueue(wq);
	fclose(devnull);
	return done_testing();
}
