// SPDX-License-Identifier: MIT
/*
 * Debug mode (KWQ_DEBUG=1) against removes, waits and rearms of memory that
 * holds no work item: zeroed, garbage with the INIT bit set, garbage that
 * looks owned or armed, a struct work_struct passed as a delayed_work, and
 * an item's memory reused for other data.  Each call must report a misuse
 * naming its call site and return -EINVAL (the void names: report and do
 * nothing), never crash or hang.  And a running item that re-added itself
 * to a queue, then flushes or drains that queue, or waits for an item
 * queued behind it on an ordered queue, gets -EDEADLK and a report, where
 * it used to wait for ever.  Outside debug mode (this program run again,
 * spawned) only an item running on the ordered queue itself gets -EDEADLK,
 * without a report: finding a re-add means reading the running item, which
 * may have freed itself, as one here does before it flushes another queue
 * (ASan sees any read of it).
 */
#include "util.h"

#include <kwq/compat.h>

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static int nr_misuse;		/* A */
static char last[512];		/* the last report, under its count */

static void catch_misuse(const struct kwq_warning *w)
{
	if (w->kind != KWQ_WARN_MISUSE)
		return;
	snprintf(last, sizeof(last), "%s", w->message);
	INC(&nr_misuse);
}

/* Memory that may hold a delayed_work, or anything else. */
static union {
	struct delayed_work dw;
	unsigned char bytes[sizeof(struct delayed_work)];
} mem;

static void nop(struct work_struct *work)
{
	(void)work;
}

/* Did the one call just made return -EINVAL with one report of @why? */
static void expect(int ret, int before, const char *why, const char *what)
{
	ok(ret == -EINVAL && LOAD(&nr_misuse) == before + 1 &&
	   strstr(last, why) && strstr(last, "test-debug-garbage"),
	   "%s: -EINVAL, reported with its call site (%d, %s)", what, ret,
	   last);
}

#define TRY(call, why) do {						\
	int before_ = LOAD(&nr_misuse);					\
									\
	expect((call), before_, (why), #call);				\
} while (0)

static void each_call(const char *why)
{
	struct workqueue_struct *wq = system_wq;
	unsigned char copy[sizeof(mem)];

	memcpy(copy, mem.bytes, sizeof(mem));
	TRY(remove_work(&mem.dw.work), why);
	TRY(remove_work_sync(&mem.dw.work), why);
	TRY(wait_for_work(&mem.dw.work), why);
	TRY(remove_delayed_work(&mem.dw), why);
	TRY(remove_delayed_work_sync(&mem.dw), why);
	TRY(wait_for_delayed_work(&mem.dw), why);
	TRY(rearm_delayed_work(wq, &mem.dw, 10), why);
	ok(!memcmp(copy, mem.bytes, sizeof(mem)), "the memory is untouched");
}

static void test_zeroed(void)
{
	memset(&mem, 0, sizeof(mem));
	each_call("never initialised");
}

static void test_pattern(void)
{
	memset(&mem, 0xa5, sizeof(mem));	/* INIT, PENDING, PWQ bits set */
	each_call("holds no work item");
}

/* Looks owned by an add or a cancel, which never lets go. */
static void test_orphan(void)
{
	memset(&mem, 0, sizeof(mem));
	mem.dw.work.data = KWQ_WORK_INIT_DELAYED_DATA | 1;
	mem.dw.work.func = nop;
	TRY(remove_work(&mem.dw.work), "holds no work item");
	TRY(wait_for_delayed_work(&mem.dw), "holds no work item");
	TRY(rearm_delayed_work(system_wq, &mem.dw, 1), "holds no work item");
	/* ... by a remove_work_sync() (CANCELING) that does not exist. */
	mem.dw.work.data = KWQ_WORK_INIT_DELAYED_DATA | 3;
	TRY(remove_work_sync(&mem.dw.work), "holds no work item");
	/* ... by a timer wheel that does not exist. */
	mem.dw.work.data = KWQ_WORK_INIT_DELAYED_DATA | 1;
	mem.dw.base = (void *)&mem;
	TRY(remove_delayed_work(&mem.dw), "holds no work item");
	TRY(remove_delayed_work_sync(&mem.dw), "holds no work item");
}

static void test_not_delayed(void)
{
	int before;

	memset(&mem, 0, sizeof(mem));
	INIT_WORK(&mem.dw.work, nop);
	TRY(remove_delayed_work(&mem.dw), "not a delayed_work");
	TRY(remove_delayed_work_sync(&mem.dw), "not a delayed_work");
	TRY(wait_for_delayed_work(&mem.dw), "not a delayed_work");
	TRY(rearm_delayed_work(system_wq, &mem.dw, 1), "not a delayed_work");
	before = LOAD(&nr_misuse);
	ok(remove_work(&mem.dw.work) == -ENOENT &&
	   LOAD(&nr_misuse) == before, "the plain item itself is fine");
}

/* An item that ran, whose memory now holds other data. */
static void test_reused(void)
{
	memset(&mem, 0, sizeof(mem));
	INIT_DELAYED_WORK(&mem.dw, nop);
	ok(add_delayed_work(&mem.dw, 0) == 0 &&
	   wait_for_delayed_work(&mem.dw) == 0, "an item ran");
	snprintf((char *)mem.bytes, sizeof(mem), "%s",
		 "now a string, ten times over, ten times over, ten times");
	each_call("holds no work item");
}

/* The void names report and do nothing. */
static void test_compat(void)
{
	int before;

	memset(&mem, 0xa5, sizeof(mem));
	before = LOAD(&nr_misuse);
	cancel_work(&mem.dw.work);
	cancel_work_sync(&mem.dw.work);
	flush_work(&mem.dw.work);
	cancel_delayed_work(&mem.dw);
	cancel_delayed_work_sync(&mem.dw);
	flush_delayed_work(&mem.dw);
	mod_delayed_work(system_wq, &mem.dw, 1);
	ok(LOAD(&nr_misuse) == before + 7,
	   "each void name on garbage is reported, and returns");
}

/* --- a running item that waits for itself -------------------------------- */

static struct workqueue_struct *other, *ordered;
static struct work_struct self_w, behind_w;
static struct delayed_work behind_dw;
static int self_mode, self_ret, self_runs;	/* A */

static void self_fn(struct work_struct *work)
{
	int ret = 0;

	if (INC(&self_runs) > 1)
		return;
	switch (LOAD(&self_mode)) {
	case 0:
		if (!add_work_to_q(other, work))
			ret = flush_workqueue(other);
		break;
	case 1:
		if (!add_work_to_q(other, work))
			ret = drain_workqueue(other);
		break;
	case 2:
		if (!add_work_to_q(ordered, work) &&
		    !add_work_to_q(ordered, &behind_w))
			ret = wait_for_work(&behind_w);
		break;
	case 3:
		if (!add_work_to_q(ordered, work) &&
		    !add_delayed_work_to_q(ordered, &behind_dw, 0))
			ret = wait_for_delayed_work(&behind_dw);
		break;
	case 4:
		/* Running on the ordered queue itself: no re-add needed. */
		if (!add_work_to_q(ordered, &behind_w))
			ret = wait_for_work(&behind_w);
		break;
	}
	STORE(&self_ret, ret);
}

static const char *const self_what[] = {
	"flush_workqueue", "drain_workqueue", "wait_for_work",
	"wait_for_delayed_work", "wait_for_work"
};

/*
 * Run the case @mode of self_fn(): what its wait returned (1: it did not
 * run), once the re-added instance has run too (0 in *@runs otherwise).
 * In the last case the item runs on the ordered queue, and is not re-added.
 */
static int self_wait(int mode, int *runs)
{
	struct workqueue_struct *wq = new_wq("self-q", 0, 0);

	other = new_wq("other-q", 0, 0);
	ordered = new_ordered("ordered-q");
	INIT_WORK(&self_w, self_fn);
	INIT_WORK(&behind_w, nop);
	INIT_DELAYED_WORK(&behind_dw, nop);
	STORE(&self_mode, mode);
	STORE(&self_runs, 0);
	STORE(&self_ret, 1);
	if (add_work_to_q(mode == 4 ? ordered : wq, &self_w) ||
	    flush_workqueue(mode == 4 ? ordered : wq))
		return 1;
	*runs = flush_workqueue(other) || flush_workqueue(ordered) ? 0 :
		LOAD(&self_runs);
	destroy_workqueue(wq);
	destroy_workqueue(other);
	destroy_workqueue(ordered);
	return LOAD(&self_ret);
}

static void test_self_wait(void)
{
	for (int mode = 0; mode < 5; mode++) {
		int before = LOAD(&nr_misuse), runs, ret;

		ret = self_wait(mode, &runs);
		ok(ret == -EDEADLK,
		   "%s of work that cannot start before the caller returns: -EDEADLK (%d)",
		   self_what[mode], ret);
		ok(LOAD(&nr_misuse) == before + 1 &&
		   strstr(last, self_what[mode]) &&
		   strstr(last, "at test-debug-garbage+") &&
		   strstr(last, "cannot start before this run"),
		   "and reported (%s)", last);
		ok(runs == (mode == 4 ? 1 : 2), "the re-added instance ran");
	}
}

/* --- an item that frees itself, then flushes ---------------------------- */

struct freeing {
	struct work_struct work;
	struct workqueue_struct *wq;	/* flushed once the item is freed */
};

static int freeing_ret;		/* A */

static void freeing_fn(struct work_struct *work)
{
	struct freeing *f = container_of(work, struct freeing, work);
	struct workqueue_struct *wq = f->wq;

	free(f);
	STORE(&freeing_ret, flush_workqueue(wq));
}

/* What a flush from an item that has freed itself returned. */
static int self_freed_flush(void)
{
	struct workqueue_struct *wq = new_wq("free-q", 0, 0);
	struct workqueue_struct *o = new_wq("free-other", 0, 0);
	struct freeing *f = malloc(sizeof(*f));

	if (!f)
		bail_out("malloc");
	INIT_WORK(&f->work, freeing_fn);
	f->wq = o;
	STORE(&freeing_ret, 1);
	if (add_work_to_q(wq, &f->work) || flush_workqueue(wq))
		return 1;
	destroy_workqueue(wq);
	destroy_workqueue(o);
	return LOAD(&freeing_ret);
}

/*
 * Outside debug mode (a child): -EDEADLK, with no report, for an item that
 * waits on the ordered queue it runs on; a flush after freeing the item
 * works.  The re-add cases are not tried: they would wait for ever.
 */
static int child_plain(void)
{
	int bad = 0, runs;

	kwq_set_warn_handler(catch_misuse);
	if (self_freed_flush()) {
		fprintf(stderr, "a flush after the item freed itself failed\n");
		bad = 1;
	}
	for (int mode = 4; mode < 5; mode++) {
		int ret = self_wait(mode, &runs);

		if (ret != -EDEADLK || runs != (mode == 4 ? 1 : 2) ||
		    LOAD(&nr_misuse)) {
			fprintf(stderr, "%s: %d, %d runs, %d reports\n",
				self_what[mode], ret, runs, LOAD(&nr_misuse));
			bad = 1;
		}
	}
	return bad;
}

static void test_plain(const char *self)
{
	char out[512];
	int status = spawn_self(self, "plain", out, sizeof(out));

	ok(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	   "outside debug mode, a wait on the ordered queue the caller runs on fails with -EDEADLK unreported, and a flush from an item that freed itself works (%s)",
	   out);
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "plain")) {
		unsetenv("KWQ_DEBUG");
		return child_plain();
	}
	setenv("KWQ_DEBUG", "1", 1);
	tap_watchdog(60);
	kwq_set_warn_handler(catch_misuse);
	test_zeroed();
	test_pattern();
	test_orphan();
	test_not_delayed();
	test_reused();
	test_compat();
	test_self_wait();
	is_int(self_freed_flush(), 0,
	       "an item that freed itself may flush another queue");
	test_plain(argv[0]);
	ok(system_wq != NULL, "kwq still works");
	return done_testing();
}
