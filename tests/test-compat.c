// SPDX-License-Identifier: MIT
/*
 * The old names: queue_work(), queue_work_on(), schedule_work() and
 * schedule_work_on() add work as their add_* counterparts do, return void,
 * and report a failed add once per call site, naming the caller's file and
 * line, through kwq_set_warn_handler()'s handler (default: one line on
 * stderr).  (void)add_work() never warns.  Taking &queue_work and calling
 * through the pointer works too.
 *
 * That using their value fails to compile is tests/compile-fail.t's job.
 */
#include "util.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>

#define MAX_WARNINGS 64

static struct {
	pthread_mutex_t lock;
	int n;
	struct kwq_warning w[MAX_WARNINGS];
	char file[MAX_WARNINGS][128];
	char func[MAX_WARNINGS][64];
	char message[MAX_WARNINGS][256];
} seen = { .lock = PTHREAD_MUTEX_INITIALIZER };

static void record(const struct kwq_warning *w)
{
	pthread_mutex_lock(&seen.lock);
	if (seen.n < MAX_WARNINGS) {
		int i = seen.n++;

		seen.w[i] = *w;
		snprintf(seen.file[i], sizeof(seen.file[i]), "%s",
			 w->file ? w->file : "");
		snprintf(seen.func[i], sizeof(seen.func[i]), "%s",
			 w->func ? w->func : "");
		snprintf(seen.message[i], sizeof(seen.message[i]), "%s",
			 w->message ? w->message : "");
	}
	pthread_mutex_unlock(&seen.lock);
}

static int nr_seen(void)
{
	int n;

	pthread_mutex_lock(&seen.lock);
	n = seen.n;
	pthread_mutex_unlock(&seen.lock);
	return n;
}

/* Does warning @i say @func failed with @err at @line of this file? */
static bool warned(int i, const char *func, int err, int line)
{
	return i < nr_seen() &&
		seen.w[i].kind == KWQ_WARN_COMPAT_ADD_FAILED &&
		strcmp(seen.file[i], __FILE__) == 0 && seen.w[i].line == line &&
		strcmp(seen.func[i], func) == 0 && seen.w[i].err == err &&
		seen.message[i][0] != '\0' && !strchr(seen.message[i], '\n');
}

static void show(int from)
{
	for (int i = from; i < nr_seen(); i++)
		diag("warning %d: %s:%d %s err %d: %s", i, seen.file[i],
		     seen.w[i].line, seen.func[i], seen.w[i].err,
		     seen.message[i]);
}

/* --- the old names add and run ----------------------------------------- */

static void test_old_names_run(void)
{
	struct workqueue_struct *wq = new_wq("compat", 0, 0);
	struct tw t;
	int cpu = sched_getcpu(), n0 = nr_seen();

	tw_init(&t);
	queue_work(wq, &t.work);
	wait_for_work(&t.work);
	queue_work_on(cpu, wq, &t.work);
	wait_for_work(&t.work);
	schedule_work(&t.work);
	wait_for_work(&t.work);
	schedule_work_on(cpu, &t.work);
	wait_for_work(&t.work);
	is_int(tw_runs(&t), 4,
	       "queue_work, queue_work_on, schedule_work, schedule_work_on each run the item");
	is_int(nr_seen() - n0, 0, "successful old-name calls do not warn");
	/* Usable where the kernel's were: in ?: and comma expressions. */
	(t.runs >= 0 ? queue_work(wq, &t.work) : (void)0);
	wait_for_work(&t.work);
	(void)(schedule_work(&t.work), 0);
	wait_for_work(&t.work);
	is_int(tw_runs(&t), 6, "the old names work inside ?: and comma expressions");
	destroy_workqueue(wq);
}

/* --- one warning per call site ------------------------------------------- */

static int site_line;

/* One call site, called repeatedly; the item is pending every time. */
static void one_site(struct workqueue_struct *wq, struct work_struct *w)
{
	queue_work(wq, w); site_line = __LINE__;
}

static void test_warn_once_per_site(void)
{
	struct workqueue_struct *wq = new_ordered("compat-warn");
	struct tw blocker, t;
	struct gate g;
	int n0 = nr_seen(), l1, l2;

	if (block_ordered(wq, &blocker, &g))
		bail_out("cannot block the ordered queue");
	tw_init(&t);
	queue_work(wq, &t.work);
	for (int i = 0; i < 5; i++)
		one_site(wq, &t.work);
	ok(nr_seen() - n0 == 1 && warned(n0, "queue_work", -EBUSY, site_line),
	   "a failing queue_work() warns once, with its file, line, name and -EBUSY");
	show(n0);
	for (int i = 0; i < 5; i++)
		one_site(wq, &t.work);
	is_int(nr_seen() - n0, 1, "the same call site never warns again");
	queue_work(wq, &t.work); l1 = __LINE__;
	queue_work(wq, &t.work); l2 = __LINE__;
	ok(nr_seen() - n0 == 3 && warned(n0 + 1, "queue_work", -EBUSY, l1) &&
	   warned(n0 + 2, "queue_work", -EBUSY, l2),
	   "two other call sites warn separately, each with its own line");
	queue_work_on(sched_getcpu(), wq, &t.work); l1 = __LINE__;
	ok(nr_seen() - n0 == 4 && warned(n0 + 3, "queue_work_on", -EBUSY, l1),
	   "queue_work_on() warns with its own name");
	show(n0 + 1);
	n0 = nr_seen();
	for (int i = 0; i < 5; i++) {
		(void)add_work_to_q(wq, &t.work);
		(void)add_work_to_q_on(sched_getcpu(), wq, &t.work);
	}
	is_int(nr_seen() - n0, 0, "(void)add_work_to_q() never warns");
	gate_open(&g);
	flush_workqueue(wq);
	is_int(tw_runs(&t), 1, "the failed old-name adds queued nothing");
	destroy_workqueue(wq);
}

/*
 * schedule_work*() on system_wq: the item is made pending from inside its
 * own run (an instance cannot start while this one runs: guarantee 4), so
 * the second add fails deterministically.
 */
static int sched_line;
static int sched_on_line;

static void sched_fn(struct work_struct *work)
{
	struct tw *t = container_of(work, struct tw, work);

	if (INC(&t->runs) % 2 == 0)
		return;
	(void)add_work(work);
	schedule_work(work); sched_line = __LINE__;
	schedule_work_on(sched_getcpu(), work); sched_on_line = __LINE__;
}

static void test_schedule_warns(void)
{
	int n0 = nr_seen(), n1;
	struct work_struct z;
	struct tw t;

	tw_init(&t);
	INIT_WORK(&t.work, sched_fn);
	for (int i = 0; i < 3; i++) {
		schedule_work(&t.work);
		wait_for(&t.runs, 2 * (i + 1), 10000);
		wait_for_work(&t.work);
	}
	ok(nr_seen() - n0 == 2 &&
	   warned(n0, "schedule_work", -EBUSY, sched_line) &&
	   warned(n0 + 1, "schedule_work_on", -EBUSY, sched_on_line),
	   "schedule_work() and schedule_work_on() warn once per call site, from a work item too");
	show(n0);
	n1 = nr_seen();
	memset(&z, 0, sizeof(z));
	schedule_work_on(-1, &t.work); n0 = __LINE__;
	schedule_work(&z); sched_line = __LINE__;
	ok(nr_seen() - n1 == 2 && warned(n1, "schedule_work_on", -EINVAL, n0) &&
	   warned(n1 + 1, "schedule_work", -EINVAL, sched_line),
	   "a bad argument to an old name warns with -EINVAL");
	show(n1);
}

/* --- through a function pointer ----------------------------------------- */

/*
 * One calling address for every call through @qw: not inlined, not
 * unrolled, and not a tail call (that would report our caller's address).
 */
static __attribute__((noinline)) void
call_through(void (*qw)(struct workqueue_struct *, struct work_struct *),
	     struct workqueue_struct *wq, struct work_struct *w)
{
	qw(wq, w);
	__asm__ volatile("" ::: "memory");
}

static void test_pointer(void)
{
	void (*qw)(struct workqueue_struct *, struct work_struct *) = &queue_work;
	void (*sw)(struct work_struct *) = &schedule_work;
	struct workqueue_struct *wq = new_ordered("compat-ptr");
	struct tw blocker, t;
	struct gate g;
	int n0;

	tw_init(&t);
	qw(wq, &t.work);
	wait_for_work(&t.work);
	sw(&t.work);
	wait_for_work(&t.work);
	(queue_work)(wq, &t.work);
	wait_for_work(&t.work);
	is_int(tw_runs(&t), 3,
	       "&queue_work, &schedule_work and (queue_work)(...) add and run");
	if (block_ordered(wq, &blocker, &g))
		bail_out("cannot block the ordered queue");
	qw(wq, &t.work);
	n0 = nr_seen();
	for (int i = 0; i < 3; i++)
		call_through(qw, wq, &t.work);
	ok(nr_seen() - n0 == 1 && seen.w[n0].err == -EBUSY &&
	   strcmp(seen.func[n0], "queue_work") == 0 &&
	   seen.w[n0].kind == KWQ_WARN_COMPAT_ADD_FAILED,
	   "a failing call through &queue_work warns once per calling address, with -EBUSY");
	show(n0);
	gate_open(&g);
	flush_workqueue(wq);
	is_int(tw_runs(&t), 4, "and queued nothing more");
	destroy_workqueue(wq);
}

/* --- many calling addresses ---------------------------------------------- */

/*
 * 100 distinct calling addresses, each a function of its own: the store of
 * its number keeps the compiler from folding identical functions into one.
 */
typedef void (*qw_fn)(struct workqueue_struct *, struct work_struct *);
static volatile int site_sink;

#define SITE(n)								\
static __attribute__((noinline)) void site_##n(qw_fn qw,		\
		struct workqueue_struct *wq, struct work_struct *w)	\
{									\
	site_sink = n;							\
	qw(wq, w);							\
	__asm__ volatile("" ::: "memory");				\
}
#define SITES10(d) SITE(d##0) SITE(d##1) SITE(d##2) SITE(d##3) SITE(d##4) \
	SITE(d##5) SITE(d##6) SITE(d##7) SITE(d##8) SITE(d##9)
#define REFS10(d) site_##d##0, site_##d##1, site_##d##2, site_##d##3,	\
	site_##d##4, site_##d##5, site_##d##6, site_##d##7, site_##d##8,	\
	site_##d##9,
SITES10(1) SITES10(2) SITES10(3) SITES10(4) SITES10(5)
SITES10(6) SITES10(7) SITES10(8) SITES10(9) SITES10(10)

static void (*const sites[])(qw_fn, struct workqueue_struct *,
			     struct work_struct *) = {
	REFS10(1) REFS10(2) REFS10(3) REFS10(4) REFS10(5)
	REFS10(6) REFS10(7) REFS10(8) REFS10(9) REFS10(10)
};

static int counted;	/* A */

static void count_warning(const struct kwq_warning *w)
{
	(void)w;
	INC(&counted);
}

/* Issue 25: the table held 64 addresses, and the 65th warned every time. */
static void test_many_addresses(void)
{
	struct workqueue_struct *wq = new_ordered("compat-many");
	struct tw blocker, t;
	struct gate g;

	if (block_ordered(wq, &blocker, &g))
		bail_out("cannot block the ordered queue");
	tw_init(&t);
	queue_work(wq, &t.work);
	kwq_set_warn_handler(count_warning);
	for (int round = 0; round < 3; round++)
		for (size_t i = 0; i < ARRAY_SIZE(sites); i++)
			sites[i](&queue_work, wq, &t.work);
	kwq_set_warn_handler(record);
	is_int(LOAD(&counted), (int)ARRAY_SIZE(sites),
	       "100 calling addresses that fail three times each warn once each");
	gate_open(&g);
	flush_workqueue(wq);
	destroy_workqueue(wq);
}

/* --- the default handler ------------------------------------------------- */

static void test_default_handler(void)
{
	struct workqueue_struct *wq = new_ordered("compat-dfl");
	struct tw blocker, t;
	char buf[1024], want[64];
	int fds[2], saved, line, len, lines = 0;
	struct gate g;

	kwq_set_warn_handler(NULL);
	if (block_ordered(wq, &blocker, &g))
		bail_out("cannot block the ordered queue");
	tw_init(&t);
	add_work_to_q(wq, &t.work);
	if (pipe(fds))
		bail_out("pipe");
	fflush(stderr);
	saved = dup(2);
	dup2(fds[1], 2);
	for (int i = 0; i < 3; i++) {
		queue_work(wq, &t.work); line = __LINE__;
	}
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	close(fds[1]);
	len = (int)read(fds[0], buf, sizeof(buf) - 1);
	close(fds[0]);
	buf[len > 0 ? len : 0] = '\0';
	for (char *p = buf; *p; p++)
		lines += *p == '\n';
	snprintf(want, sizeof(want), "%s:%d", __FILE__, line);
	ok(lines == 1 && len > 0 && buf[len - 1] == '\n' && strstr(buf, want),
	   "the default handler prints one line on stderr naming %s", want);
	diag("stderr: %s", buf);
	kwq_set_warn_handler(record);
	gate_open(&g);
	destroy_workqueue(wq);
}

int main(void)
{
	tap_watchdog(60);
	kwq_set_warn_handler(record);
	plan(16);
	test_old_names_run();
	test_warn_once_per_site();
	test_schedule_warns();
	test_pointer();
	test_many_addresses();
	test_default_handler();
	kwq_set_warn_handler(NULL);
	return done_testing();
}
