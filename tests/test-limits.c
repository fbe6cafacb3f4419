// SPDX-License-Identifier: MIT
/*
 * The limits a program sets on kwq's threads: the cap on workers
 * (kwq_set_worker_limit(), KWQ_WORKER_LIMIT), the stack size of the threads
 * kwq starts (kwq_set_worker_stack(), KWQ_WORKER_STACK), and the names
 * workers carry when the queue they serve is known.
 *
 * The cap is process-wide and the environment is read when kwq starts, so
 * each case runs in a child forked before this process has used kwq, and
 * reports through its exit status.  Threads are counted, and their names
 * read, from /proc/self/task/TID/comm; the stack size with
 * pthread_getattr_np() inside a work item (the sanitizers' runtimes round
 * it up, so there it is only compared with the default).  The cap is
 * checked where it matters: items that block, so that without it the
 * manager would start more workers in their place (the control case).
 */
#include "util.h"

#include <stdint.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/wait.h>

#define NR_ITEMS 8
#define SETTLE_MS 300		/* long enough for the manager to act */

/*
 * This process's kwq workers: its threads named kwq/ but the timer, the
 * manager and the rescuers.  A worker just created may still carry its
 * creator's name for a moment: the count can be one short, never over.
 */
static int nr_workers(void)
{
	return count_threads("kwq/") - count_threads("kwq/timer") -
		count_threads("kwq/manager") - count_threads("kwq/R:");
}

/*
 * Wait, at most 2 s, until no more than @most workers are listed.  A
 * worker that gave its slot up is listed until its thread has ended: it
 * gives the slot back last, and the thread's exit (its destructors, the
 * C library's unwinding) comes after.  A worker beyond the cap would hold
 * a slot and stay: the last worker of a CPU pool never retires, and an
 * unbound pool's waits 5 s.
 */
static bool workers_settle(int most)
{
	long long end = tap_now_ns() + 2000000000LL;

	while (nr_workers() > most) {
		if (tap_now_ns() > end)
			return false;
		sleep_ms(10);
	}
	return true;
}

/* This thread's name, from /proc/self/task/TID/comm. */
static void own_comm(char *buf, size_t len)
{
	char path[64];
	FILE *f;

	snprintf(path, sizeof(path), "/proc/self/task/%ld/comm",
		 (long)syscall(SYS_gettid));
	buf[0] = '\0';
	f = fopen(path, "r");
	if (!f)
		return;
	if (fgets(buf, (int)len, f))
		buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
}

/* Run @fn in a child that has not used kwq; true when it returned 0. */
static bool in_child(int (*fn)(void), const char *env, const char *val)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		bail_out("fork: %s", strerror(errno));
	if (pid == 0) {
		tap_watchdog(60);
		if (env)
			setenv(env, val, 1);
		status = fn();
		fflush(stdout);
		_exit(status);
	}
	if (waitpid(pid, &status, 0) != pid)
		bail_out("waitpid: %s", strerror(errno));
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		diag("child: %s %d", WIFEXITED(status) ? "exit" : "signal",
		     WIFEXITED(status) ? WEXITSTATUS(status) :
		     WTERMSIG(status));
		return false;
	}
	return true;
}

/*
 * Report a failed check in a child and end it at once, with the line as
 * its status: items may still wait at a gate on the case's stack.
 */
#define CHECK(cond, ...)					\
	do {							\
		if (!(cond)) {					\
			diag(__VA_ARGS__);			\
			fflush(stdout);				\
			_exit(__LINE__ % 250 + 1);		\
		}						\
	} while (0)

/* --- the cap ------------------------------------------------------------ */

/*
 * NR_ITEMS blocking items on an unbound queue, with the cap at @cap: no
 * more than @cap start and no more workers exist while they block; once
 * they are let go, every item runs.
 */
static int capped_run(int cap)
{
	struct workqueue_struct *wq = new_wq("capped", WQ_UNBOUND, 0);
	struct gate g = { 0 };
	struct tw t[NR_ITEMS];
	int most = 0, runs = 0;

	for (int i = 0; i < NR_ITEMS; i++) {
		tw_init(&t[i]);
		t[i].gate = &g;
		CHECK(add_work_to_q(wq, &t[i].work) == 0, "add %d", i);
	}
	CHECK(wait_for(&g.entered, cap, 10000), "%d items started, want %d",
	      LOAD(&g.entered), cap);
	for (int i = 0; i < SETTLE_MS / 10; i++) {
		note_max(&most, nr_workers());
		sleep_ms(10);
	}
	note_max(&most, nr_workers());
	CHECK(LOAD(&g.entered) == cap && most <= cap,
	      "with the cap at %d: %d items started, up to %d workers",
	      cap, LOAD(&g.entered), most);
	gate_open(&g);
	CHECK(flush_workqueue(wq) == 0, "flush");
	for (int i = 0; i < NR_ITEMS; i++)
		runs += tw_runs(&t[i]);
	CHECK(runs == NR_ITEMS, "%d of %d items ran", runs, NR_ITEMS);
	destroy_workqueue(wq);
	return 0;
}

/* The control: the manager starts workers in place of blocked ones. */
static int uncapped(void)
{
	struct workqueue_struct *wq = new_wq("uncapped", WQ_UNBOUND, 0);
	struct gate g = { 0 };
	struct tw t[NR_ITEMS];

	for (int i = 0; i < NR_ITEMS; i++) {
		tw_init(&t[i]);
		t[i].gate = &g;
		CHECK(add_work_to_q(wq, &t[i].work) == 0, "add %d", i);
	}
	CHECK(wait_for(&g.entered, 4, 10000), "%d items started",
	      LOAD(&g.entered));
	gate_open(&g);
	CHECK(flush_workqueue(wq) == 0, "flush");
	destroy_workqueue(wq);
	return 0;
}

static int cap_by_call(void)
{
	CHECK(kwq_set_worker_limit(3) == 0, "kwq_set_worker_limit(3)");
	return capped_run(3);
}

static int cap_by_env(void)
{
	return capped_run(2);
}

static int call_beats_env(void)
{
	CHECK(kwq_set_worker_limit(3) == 0, "kwq_set_worker_limit(3)");
	return capped_run(3);
}

/*
 * With the cap at 1, the only worker is the idle one of a CPU pool: an
 * item added to an unbound queue still runs, because the manager asks the
 * idle worker to give up its slot.
 */
static int cap_moves_slot(void)
{
	struct workqueue_struct *b, *u;
	struct tw bt, ut;
	int cpu;

	CHECK(allowed_cpus(&cpu, 1) == 1, "a CPU to run on");
	CHECK(kwq_set_worker_limit(1) == 0, "kwq_set_worker_limit(1)");
	b = new_wq("bound", 0, 0);
	tw_init(&bt);
	CHECK(add_work_to_q_on(cpu, b, &bt.work) == 0, "add bound");
	CHECK(wait_for_work(&bt.work) == 0 && tw_runs(&bt) == 1, "bound ran");
	u = new_wq("unbound", WQ_UNBOUND, 0);
	tw_init(&ut);
	CHECK(add_work_to_q(u, &ut.work) == 0, "add unbound");
	CHECK(wait_for(&ut.runs, 1, 10000),
	      "an unbound item runs while a CPU pool's idle worker holds the only slot");
	CHECK(workers_settle(1), "%d workers with the cap at 1",
	      nr_workers());
	destroy_workqueue(u);
	destroy_workqueue(b);
	return 0;
}

static char rescuer_name[16];

static void named_fn(struct work_struct *work)
{
	own_comm(rescuer_name, sizeof(rescuer_name));
	(void)work;
}

/*
 * With the cap at 1 and the one worker blocked, a WQ_MEM_RECLAIM queue's
 * item still runs: its rescuer runs it.
 */
static int cap_rescuer(void)
{
	struct workqueue_struct *u, *r;
	struct gate g = { 0 };
	struct work_struct w;
	struct tw t;

	CHECK(kwq_set_worker_limit(1) == 0, "kwq_set_worker_limit(1)");
	u = new_wq("blocker", WQ_UNBOUND, 0);
	r = new_wq("reclaim", WQ_UNBOUND | WQ_MEM_RECLAIM, 0);
	tw_init(&t);
	t.gate = &g;
	CHECK(add_work_to_q(u, &t.work) == 0, "add blocker");
	CHECK(wait_for(&g.entered, 1, 10000), "the blocker started");
	INIT_WORK(&w, named_fn);
	CHECK(add_work_to_q(r, &w) == 0, "add to the reclaim queue");
	CHECK(wait_for_work(&w) == 0, "flush the reclaim item");
	CHECK(!strcmp(rescuer_name, "kwq/R:reclaim"),
	      "the item ran on '%s', want kwq/R:reclaim", rescuer_name);
	CHECK(LOAD(&g.entered) == 1 && tw_runs(&t) == 0,
	      "the blocker still blocks");
	gate_open(&g);
	CHECK(wait_for_work(&t.work) == 0 && tw_runs(&t) == 1, "blocker ran");
	destroy_workqueue(r);
	destroy_workqueue(u);
	return 0;
}

/* --- the stack size ----------------------------------------------------- */

static size_t item_stack;

static void stack_fn(struct work_struct *work)
{
	pthread_attr_t attr;
	size_t size = 0;

	if (!pthread_getattr_np(pthread_self(), &attr)) {
		pthread_attr_getstacksize(&attr, &size);
		pthread_attr_destroy(&attr);
	}
	STORE(&item_stack, size);
	(void)work;
}

/* The stack of the thread that runs an item on a new queue. */
static size_t stack_of_item(void)
{
	struct workqueue_struct *wq = new_wq("stack", WQ_UNBOUND, 0);
	struct work_struct w;

	INIT_WORK(&w, stack_fn);
	STORE(&item_stack, 0);
	if (add_work_to_q(wq, &w) || wait_for_work(&w))
		return 0;
	destroy_workqueue(wq);
	return LOAD(&item_stack);
}

static void *stack_main(void *arg)
{
	pthread_attr_t attr;

	if (!pthread_getattr_np(pthread_self(), &attr)) {
		pthread_attr_getstacksize(&attr, arg);
		pthread_attr_destroy(&attr);
	}
	return NULL;
}

/*
 * Is @got the stack asked for, @want?  glibc may round it up to pages and
 * count the guard page: 64 KiB of slack.  A sanitizer's runtime sets its
 * own size: there, at least @want and not the default of new threads.
 */
static bool near(size_t got, size_t want)
{
	const char *san = getenv("KWQ_TEST_SAN");
	size_t dfl = 0;
	pthread_t t;

	if (!san || !*san)
		return got >= want && got <= want + 65536;
	if (pthread_create(&t, NULL, stack_main, &dfl) ||
	    pthread_join(t, NULL))
		return false;
	diag("under %s: stack %zu, default %zu", san, got, dfl);
	return got >= want && got != dfl;
}

static int stack_by_call(void)
{
	size_t want = 256 * 1024, got;

	CHECK(kwq_set_worker_stack(1024) == -EINVAL,
	      "1024 bytes is refused");
	/* No thread can have it: refused now, not by every later queue. */
	CHECK(kwq_set_worker_stack(SIZE_MAX) == -EINVAL,
	      "SIZE_MAX bytes is refused");
	CHECK(kwq_set_worker_stack(SIZE_MAX / 2 + 1) == -EINVAL,
	      "half the address space is refused");
	CHECK(kwq_set_worker_stack(want) == 0, "kwq_set_worker_stack()");
	got = stack_of_item();
	CHECK(near(got, want), "stack %zu, want %zu", got, want);
	return 0;
}

static int stack_by_env(void)
{
	size_t got = stack_of_item();

	CHECK(near(got, 192 * 1024), "stack %zu, want 192k", got);
	return 0;
}

/* --- names -------------------------------------------------------------- */

static char item_comm[16];

static void comm_fn(struct work_struct *work)
{
	own_comm(item_comm, sizeof(item_comm));
	(void)work;
}

/* The name of the worker that runs an item of @wq. */
static const char *comm_on(struct workqueue_struct *wq)
{
	struct work_struct w;

	INIT_WORK(&w, comm_fn);
	item_comm[0] = '\0';
	if (add_work_to_q(wq, &w) || wait_for_work(&w))
		return "(add failed)";
	return item_comm;
}

static int names(void)
{
	struct workqueue_struct *a, *b, *o, *h;
	char name[16];

	a = new_wq("imgdecode-long", WQ_UNBOUND, 0);
	snprintf(name, sizeof(name), "%s", comm_on(a));
	CHECK(!strcmp(name, "kwq/u:imgdecode"),
	      "the only unbound queue's worker is '%s'", name);
	b = new_wq("other", WQ_UNBOUND, 0);
	snprintf(name, sizeof(name), "%s", comm_on(a));
	CHECK(!strncmp(name, "kwq/u:", 6) && strspn(name + 6, "0123456789") ==
	      strlen(name + 6) && name[6],
	      "with two unbound queues, a worker is '%s' (kwq/u:N)", name);
	destroy_workqueue(b);
	snprintf(name, sizeof(name), "%s", comm_on(a));
	CHECK(!strcmp(name, "kwq/u:imgdecode"),
	      "alone again, the queue's worker is '%s'", name);
	destroy_workqueue(a);
	o = alloc_ordered_workqueue("journal", 0);
	CHECK(o, "alloc_ordered_workqueue");
	snprintf(name, sizeof(name), "%s", comm_on(o));
	CHECK(!strcmp(name, "kwq/u:journal"),
	      "an ordered queue's worker is '%s'", name);
	destroy_workqueue(o);
	h = new_wq("hot", WQ_UNBOUND | WQ_HIGHPRI, 0);
	snprintf(name, sizeof(name), "%s", comm_on(h));
	CHECK(!strcmp(name, "kwq/uH:hot"),
	      "a high-priority unbound queue's worker is '%s'", name);
	destroy_workqueue(h);
	return 0;
}

static int rescuer_named(void)
{
	struct workqueue_struct *r = new_wq("swapout", WQ_MEM_RECLAIM, 0);
	int n = 0;

	for (int i = 0; i < 1000 && !n; i++) {
		n = count_threads("kwq/R:swapout");
		if (!n)
			sleep_ms(10);
	}
	CHECK(n == 1, "%d threads named kwq/R:swapout", n);
	destroy_workqueue(r);
	return 0;
}

int main(void)
{
	plan(10);
	tap_watchdog(120);

	ok(in_child(uncapped, NULL, NULL),
	   "control: without a cap, more than 3 of %d blocking items start",
	   NR_ITEMS);
	ok(in_child(cap_by_call, NULL, NULL),
	   "kwq_set_worker_limit(3): 3 of %d blocking items start, no more than 3 workers, all run once let go",
	   NR_ITEMS);
	ok(in_child(cap_by_env, "KWQ_WORKER_LIMIT", "2"),
	   "KWQ_WORKER_LIMIT=2 caps the workers at 2; nothing is lost");
	ok(in_child(call_beats_env, "KWQ_WORKER_LIMIT", "1"),
	   "kwq_set_worker_limit() takes precedence over KWQ_WORKER_LIMIT");
	ok(in_child(cap_moves_slot, NULL, NULL),
	   "at the cap, an idle worker of another pool gives its slot up");
	ok(in_child(cap_rescuer, NULL, NULL),
	   "at the cap, with the worker blocked, a WQ_MEM_RECLAIM queue's rescuer runs its item");
	ok(in_child(stack_by_call, NULL, NULL),
	   "kwq_set_worker_stack(256 KiB): a work item's thread has that stack; -EINVAL below 64 KiB and for SIZE_MAX");
	ok(in_child(stack_by_env, "KWQ_WORKER_STACK", "192k"),
	   "KWQ_WORKER_STACK=192k sets the workers' stack");
	ok(in_child(names, NULL, NULL),
	   "a worker carries the name of the one unbound or ordered queue its pool serves, within 15 bytes");
	ok(in_child(rescuer_named, NULL, NULL),
	   "a rescuer is named kwq/R:<queue>");
	return done_testing();
}
