// SPDX-License-Identifier: MIT
/*
 * The kernel's cancel, flush and mod names: cancel_work(),
 * cancel_work_sync(), cancel_delayed_work(), cancel_delayed_work_sync(),
 * flush_work(), flush_delayed_work(), mod_delayed_work() and
 * mod_delayed_work_on() do what remove_work() & co. do, return void, and
 * report a real failure (-EINVAL, -EDEADLK, -ESHUTDOWN, -EBUSY) once per
 * call site with the caller's file and line, never "nothing was pending"
 * (-ENOENT).  Through a function pointer they still work, and warn once per
 * calling address.
 *
 * That using their value fails to compile is tests/compile-fail.t's job.
 */
#include "util.h"
#include "dwork.h"
#include "warnlog.h"

#include <stdio.h>
#include <stdlib.h>

/*
 * Is warning @i a failure of the old name @func with @err at @line of this
 * file, whose text names @action, the call that returns the result?
 */
static bool warned(int i, const char *func, int err, int line,
		   const char *action)
{
	return warnlog_was(i, KWQ_WARN_COMPAT_FAILED, func, err, __FILE__,
			   line, action);
}

/* --- each name does what its action does --------------------------------- */

static void test_cancel_names_remove(void)
{
	struct workqueue_struct *wq = new_ordered("cc-cancel");
	struct tw blocker, a, b;
	struct tdw c, d;
	struct gate g;
	int n0 = warnlog_count();

	if (block_ordered(wq, &blocker, &g))
		bail_out("cannot block the ordered queue");
	tw_init(&a);
	tw_init(&b);
	tdw_init(&c);
	tdw_init(&d);
	if (add_work_to_q(wq, &a.work) || add_work_to_q(wq, &b.work) ||
	    tdw_add(wq, &c, 3600 * 1000) || tdw_add(wq, &d, 0))
		bail_out("cannot add the items");
	cancel_work(&a.work);
	cancel_work_sync(&b.work);
	cancel_delayed_work(&c.dw);
	cancel_delayed_work_sync(&d.dw);
	ok(!work_pending(&a.work) && !work_pending(&b.work) &&
	   !delayed_work_pending(&c.dw) && !delayed_work_pending(&d.dw),
	   "cancel_work(), cancel_work_sync(), cancel_delayed_work() and cancel_delayed_work_sync() take queued and armed items back");
	gate_open(&g);
	if (flush_workqueue(wq))
		bail_out("flush_workqueue failed");
	is_int(tw_runs(&a) + tw_runs(&b) + tdw_runs(&c) + tdw_runs(&d), 0,
	       "the items they removed never run");
	is_int(warnlog_count() - n0, 0, "removing a pending item warns of nothing");
	warnlog_show(n0);
	destroy_workqueue(wq);
}

struct sync_call {
	struct tw *t;		/* cancel_work_sync() this, */
	struct tdw *d;		/* or cancel_delayed_work_sync() this */
	int runs_after;		/* A: runs seen right after the cancel */
	int in_after;		/* A: runs in progress right after it */
};

static void *cancel_sync_thread(void *arg)
{
	struct sync_call *c = arg;

	if (c->t) {
		cancel_work_sync(&c->t->work);
		STORE(&c->runs_after, tw_runs(c->t));
		STORE(&c->in_after, LOAD(&c->t->in));
	} else {
		cancel_delayed_work_sync(&c->d->dw);
		STORE(&c->runs_after, tdw_runs(c->d));
		STORE(&c->in_after, LOAD(&c->d->in));
	}
	return NULL;
}

/* Run @c's cancel in a thread while its item is held at @g; let it go. */
static void cancel_while_running(struct sync_call *c, struct gate *g)
{
	pthread_t th;

	if (pthread_create(&th, NULL, cancel_sync_thread, c))
		bail_out("pthread_create failed");
	sleep_ms(20);
	gate_open(g);
	pthread_join(th, NULL);
}

static void test_cancel_sync_waits(void)
{
	struct workqueue_struct *wq = new_wq("cc-sync", WQ_UNBOUND, 0);
	struct sync_call c = { 0 }, cd = { 0 };
	struct gate g = { 0 }, gd = { 0 };
	struct tdw d;
	struct tw t;

	tw_init(&t);
	t.gate = &g;
	c.t = &t;
	if (add_work_to_q(wq, &t.work) || !wait_for(&g.entered, 1, 10000))
		bail_out("the item did not start");
	cancel_while_running(&c, &g);
	ok(LOAD(&c.runs_after) == 1 && LOAD(&c.in_after) == 0 &&
	   !work_pending(&t.work),
	   "guarantee 8: after the void cancel_work_sync() the item is neither pending nor running");

	/* Running, and armed again for an hour meanwhile. */
	tdw_init(&d);
	d.gate = &gd;
	cd.d = &d;
	if (tdw_add(wq, &d, 0) || !wait_for(&gd.entered, 1, 10000) ||
	    tdw_add(wq, &d, 3600 * 1000))
		bail_out("the delayed item did not start and re-arm");
	cancel_while_running(&cd, &gd);
	ok(LOAD(&cd.runs_after) == 1 && LOAD(&cd.in_after) == 0 &&
	   !delayed_work_pending(&d.dw),
	   "guarantee 8: the void cancel_delayed_work_sync() of a running, re-armed item leaves it neither armed nor running");
	destroy_workqueue(wq);
}

static void test_flush_and_mod_names(void)
{
	struct workqueue_struct *wq = new_wq("cc-flush", WQ_UNBOUND, 0);
	struct workqueue_struct *bq = new_wq("cc-mod", 0, 0);
	struct tdw d, m1, m2;
	int n0 = warnlog_count();
	struct tw t;

	tw_init(&t);
	t.sleep_us = 20000;
	if (add_work_to_q(wq, &t.work))
		bail_out("cannot add");
	flush_work(&t.work);
	is_int(tw_runs(&t), 1, "flush_work() returns once the item has run");

	tdw_init(&d);
	if (tdw_add(wq, &d, 3600 * 1000))
		bail_out("cannot arm");
	flush_delayed_work(&d.dw);
	is_int(tdw_runs(&d), 1,
	       "flush_delayed_work() of an item armed for an hour runs it now and waits");

	tdw_init(&m1);
	tdw_init(&m2);
	if (tdw_add(bq, &m1, 3600 * 1000) || tdw_add(bq, &m2, 3600 * 1000))
		bail_out("cannot arm");
	tdw_arming(&m1, 0);
	mod_delayed_work(bq, &m1.dw, 0);
	tdw_arming(&m2, 0);
	mod_delayed_work_on(sched_getcpu(), bq, &m2.dw, 0);
	ok(wait_for(&m1.runs, 1, 10000) && wait_for(&m2.runs, 1, 10000),
	   "mod_delayed_work() and mod_delayed_work_on() move an hour's delay to now");
	mod_delayed_work(bq, &m1.dw, 3600 * HZ);
	ok(delayed_work_pending(&m1.dw),
	   "mod_delayed_work() arms an idle item");
	cancel_delayed_work_sync(&m1.dw);
	is_int(warnlog_count() - n0, 0, "flushes and mods that succeed warn of nothing");
	warnlog_show(n0);
	destroy_workqueue(bq);
	destroy_workqueue(wq);
}

/* --- -ENOENT is no failure ------------------------------------------------ */

static void test_enoent_quiet(void)
{
	struct work_struct w;
	struct tdw d;
	int n0 = warnlog_count();

	INIT_WORK(&w, tw_fn);
	tdw_init(&d);
	if (remove_work(&w) != -ENOENT || remove_delayed_work(&d.dw) != -ENOENT)
		bail_out("an idle item's remove did not return -ENOENT");
	for (int i = 0; i < 3; i++) {
		cancel_work(&w);
		cancel_work_sync(&w);
		cancel_delayed_work(&d.dw);
		cancel_delayed_work_sync(&d.dw);
		flush_work(&w);
		flush_delayed_work(&d.dw);
	}
	is_int(warnlog_count() - n0, 0,
	       "cancelling or flushing an idle item (-ENOENT, nothing pending) never warns");
	warnlog_show(n0);
}

/* --- -EINVAL: once per call site ------------------------------------------ */

static int lines[8];

static void bad_calls(struct workqueue_struct *wq, struct work_struct *w,
		      struct delayed_work *dw)
{
	cancel_work(w); lines[0] = __LINE__;
	cancel_work_sync(w); lines[1] = __LINE__;
	cancel_delayed_work(dw); lines[2] = __LINE__;
	cancel_delayed_work_sync(dw); lines[3] = __LINE__;
	flush_work(w); lines[4] = __LINE__;
	flush_delayed_work(dw); lines[5] = __LINE__;
	mod_delayed_work(wq, dw, 1); lines[6] = __LINE__;
	mod_delayed_work_on(sched_getcpu(), wq, dw, 1); lines[7] = __LINE__;
}

static void test_einval_once_per_site(void)
{
	static const char *const names[8][2] = {
		{ "cancel_work", "remove_work()" },
		{ "cancel_work_sync", "remove_work_sync()" },
		{ "cancel_delayed_work", "remove_delayed_work()" },
		{ "cancel_delayed_work_sync", "remove_delayed_work_sync()" },
		{ "flush_work", "wait_for_work()" },
		{ "flush_delayed_work", "wait_for_delayed_work()" },
		{ "mod_delayed_work", "rearm_delayed_work()" },
		{ "mod_delayed_work_on", "rearm_delayed_work_on()" },
	};
	struct workqueue_struct *wq = new_wq("cc-inval", 0, 0);
	struct delayed_work zdw;
	struct work_struct zw;
	int n0 = warnlog_count(), good = 0;

	memset(&zw, 0, sizeof(zw));
	memset(&zdw, 0, sizeof(zdw));
	for (int i = 0; i < 4; i++)
		bad_calls(wq, &zw, &zdw);
	for (int i = 0; i < 8; i++)
		good += warned(n0 + i, names[i][0], -EINVAL, lines[i],
			       names[i][1]);
	ok(warnlog_count() - n0 == 8 && good == 8,
	   "each of the eight names warns once for a never-initialised item, with its name, file, line, -EINVAL and the action to use (%d of 8)",
	   good);
	warnlog_show(n0);
	destroy_workqueue(wq);
}

/* --- -EDEADLK: from the item itself --------------------------------------- */

static int self_lines[4];

static void self_fn(struct work_struct *work)
{
	struct tdw *t = container_of(to_delayed_work(work), struct tdw, dw);

	cancel_work_sync(work); self_lines[0] = __LINE__;
	flush_work(work); self_lines[1] = __LINE__;
	cancel_delayed_work_sync(&t->dw); self_lines[2] = __LINE__;
	flush_delayed_work(&t->dw); self_lines[3] = __LINE__;
	INC(&t->runs);
}

static void test_edeadlk(void)
{
	struct workqueue_struct *wq = new_wq("cc-self", WQ_UNBOUND, 0);
	int n0 = warnlog_count();
	struct tdw t;

	tdw_init(&t);
	INIT_DELAYED_WORK(&t.dw, self_fn);
	if (add_delayed_work_to_q(wq, &t.dw, 0))
		bail_out("cannot add");
	if (!wait_for(&t.runs, 1, 10000))
		bail_out("the item did not run");
	if (remove_delayed_work_sync(&t.dw) != -ENOENT)
		bail_out("the item is still pending");
	ok(warnlog_count() - n0 == 4 &&
	   warned(n0, "cancel_work_sync", -EDEADLK, self_lines[0],
		  "remove_work_sync()") &&
	   warned(n0 + 1, "flush_work", -EDEADLK, self_lines[1],
		  "wait_for_work()") &&
	   warned(n0 + 2, "cancel_delayed_work_sync", -EDEADLK,
		  self_lines[2], "remove_delayed_work_sync()") &&
	   warned(n0 + 3, "flush_delayed_work", -EDEADLK, self_lines[3],
		  "wait_for_delayed_work()"),
	   "the _sync cancels and the flushes warn -EDEADLK from the item itself, and return");
	warnlog_show(n0);
	destroy_workqueue(wq);
}

/* --- -EBUSY: a mod while a sync cancel owns the item ---------------------- */

static void *cancel_dsync_thread(void *arg)
{
	struct tdw *t = arg;

	cancel_delayed_work_sync(&t->dw);
	return NULL;
}

static void test_ebusy_mod(void)
{
	struct workqueue_struct *wq = new_wq("cc-busy", WQ_UNBOUND, 0);
	struct gate g = { 0 };
	int n0 = warnlog_count(), line;
	pthread_t th;
	struct tdw t;

	tdw_init(&t);
	t.gate = &g;
	if (tdw_add(wq, &t, 0) || !wait_for(&g.entered, 1, 10000))
		bail_out("the item did not start");
	if (pthread_create(&th, NULL, cancel_dsync_thread, &t))
		bail_out("pthread_create failed");
	/* The waiting cancel holds PENDING: the item reads as pending. */
	if (!wait_pending(&t.dw, 10000))
		bail_out("the cancel did not start");
	mod_delayed_work(wq, &t.dw, 1); line = __LINE__;
	gate_open(&g);
	pthread_join(th, NULL);
	ok(warnlog_count() - n0 == 1 &&
	   warned(n0, "mod_delayed_work", -EBUSY, line,
		  "a sync cancel owns the item"),
	   "mod_delayed_work() while cancel_delayed_work_sync() waits warns -EBUSY");
	warnlog_show(n0);
	ok(!delayed_work_pending(&t.dw) && tdw_runs(&t) == 1,
	   "and arms nothing: the cancel wins");
	destroy_workqueue(wq);
}

/* --- -ESHUTDOWN: a mod from outside a queue being drained ----------------- */

static void test_eshutdown_mod(void)
{
	struct workqueue_struct *wq = new_ordered("cc-drain");
	struct tw blocker, probe;
	struct bg_call drain;
	int n0, line, err;
	struct gate g;
	struct tdw t;

	if (block_ordered(wq, &blocker, &g))
		bail_out("cannot block the ordered queue");
	tw_init(&probe);
	tdw_init(&t);
	bg_wq(&drain, drain_workqueue, wq);
	/* The drain refuses outside adds once it has begun. */
	while ((err = add_work_to_q(wq, &probe.work)) != -ESHUTDOWN) {
		if (!err)
			(void)remove_work(&probe.work);
		sleep_us(100);
	}
	n0 = warnlog_count();
	mod_delayed_work(wq, &t.dw, 1); line = __LINE__;
	ok(warnlog_count() - n0 == 1 &&
	   warned(n0, "mod_delayed_work", -ESHUTDOWN, line,
		  "rearm_delayed_work()"),
	   "mod_delayed_work() on a queue being drained warns -ESHUTDOWN");
	warnlog_show(n0);
	gate_open(&g);
	is_int(bg_join(&drain), 0, "the drain completes");
	destroy_workqueue(wq);
}

/* --- through a function pointer ------------------------------------------ */

static __attribute__((noinline)) void
call_through(void (*fn)(struct work_struct *), struct work_struct *w)
{
	fn(w);
	__asm__ volatile("" ::: "memory");
}

static void test_pointer(void)
{
	void (*cs)(struct work_struct *) = &cancel_work_sync;
	void (*fw)(struct work_struct *) = &flush_work;
	struct workqueue_struct *wq = new_ordered("cc-ptr");
	struct tw blocker, t;
	struct work_struct z;
	struct gate g;
	int n0 = warnlog_count();

	tw_init(&t);
	if (block_ordered(wq, &blocker, &g) || add_work_to_q(wq, &t.work))
		bail_out("cannot block the ordered queue");
	call_through(cs, &t.work);
	gate_open(&g);
	call_through(fw, &blocker.work);
	for (int i = 0; i < 3; i++)
		call_through(cs, &t.work);
	ok(!work_pending(&t.work) && tw_runs(&t) == 0 &&
	   tw_runs(&blocker) == 1 && warnlog_count() == n0,
	   "&cancel_work_sync and &flush_work work, and -ENOENT stays quiet through them too");
	memset(&z, 0, sizeof(z));
	for (int i = 0; i < 3; i++)
		call_through(cs, &z);
	ok(warnlog_count() - n0 == 1 &&
	   warnlog_was(n0, KWQ_WARN_COMPAT_FAILED, "cancel_work_sync",
		       -EINVAL, NULL, 0, "cancel_work_sync called from"),
	   "a failing call through &cancel_work_sync warns once per calling address");
	warnlog_show(n0);
	destroy_workqueue(wq);
}

int main(void)
{
	tap_watchdog(60);
	/*
	 * Under KWQ_DEBUG=1 an uninitialised item or a flush from the item
	 * itself is reported as misuse too, before the name's own warning:
	 * what is counted here is the latter.
	 */
	warnlog_ignore(KWQ_WARN_MISUSE);
	kwq_set_warn_handler(warnlog_record);
	plan(19);
	test_cancel_names_remove();
	test_cancel_sync_waits();
	test_flush_and_mod_names();
	test_enoent_quiet();
	test_einval_once_per_site();
	test_edeadlk();
	test_ebusy_mod();
	test_eshutdown_mod();
	test_pointer();
	kwq_set_warn_handler(NULL);
	return done_testing();
}
