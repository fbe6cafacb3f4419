// SPDX-License-Identifier: MIT
/*
 * fork(): a child of a busy kwq process gets a working kwq of its own (its
 * own workers; the parent's queued and armed items idle in it, free to be
 * added again), and the parent goes on unaffected: everything it had queued
 * or armed still runs there exactly once.  The parent's queued items wait
 * on an ordered queue's push queue and on an unordered queue's push
 * queues of two CPUs (src/add.c).
 */
#include "util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#define NR 32
#define NR_U 8		/* items of the unordered queue, from each CPU */

static int runs[NR + 2 * NR_U], delayed_runs, child_runs;
static struct workqueue_struct *unb;	/* unbound, max_active 2 */

struct item {
	struct work_struct work;
	int id;
};

static void item_fn(struct work_struct *work)
{
	struct item *it = container_of(work, struct item, work);

	INC(&runs[it->id]);
}

static void delayed_fn(struct work_struct *work)
{
	(void)work;
	INC(&delayed_runs);
}

static void child_fn(struct work_struct *work)
{
	(void)work;
	INC(&child_runs);
}

/* In the child: exit 0 only if kwq works and the parent's work idles. */
static int in_child(struct workqueue_struct *ord, struct item *items,
		    struct delayed_work *dw, struct tw *blocker)
{
	struct workqueue_struct *own;
	struct work_struct w;
	int bad = 0, err[4] = { 0 };

	alarm(20);
	/* The parent's items are idle here: they can be added again. */
	for (int i = 0; i < NR; i++)
		bad |= work_pending(&items[i].work) << 0;
	bad |= delayed_work_pending(dw) << 1;
	bad |= work_pending(&blocker->work) << 2;
	for (int i = 0; i < NR; i++)
		bad |= (add_work_to_q(ord, &items[i].work) != 0) << 3;
	flush_workqueue(ord);
	for (int i = 0; i < NR; i++)
		bad |= (LOAD(&runs[i]) != 1) << 4;
	/* Those pushed on the unordered queue's two CPUs' queues too. */
	for (int i = NR; i < NR + 2 * NR_U; i++)
		bad |= work_pending(&items[i].work) << 10;
	for (int i = NR; i < NR + 2 * NR_U; i++)
		bad |= (add_work_to_q(unb, &items[i].work) != 0) << 11;
	flush_workqueue(unb);
	for (int i = NR; i < NR + 2 * NR_U; i++)
		bad |= (LOAD(&runs[i]) != 1) << 12;
	/* The system queue and new queues work, with new workers. */
	INIT_WORK(&w, child_fn);
	bad |= (add_work(&w) != 0) << 5;
	wait_for_work(&w);
	own = alloc_workqueue("child", WQ_UNBOUND | WQ_MEM_RECLAIM, 0);
	err[0] = own ? 0 : -errno;
	bad |= !own << 6;
	if (own) {
		bad |= (add_work_to_q(own, &w) != 0) << 7;
		err[1] = wait_for_work(&w);
		destroy_workqueue(own);
	}
	err[2] = add_delayed_work_to_q(ord, dw, 1);
	bad |= (err[2] != 0) << 8;
	err[3] = wait_for_delayed_work(dw);
	bad |= (LOAD(&child_runs) != 2 || LOAD(&delayed_runs) != 1) << 9;
	/* The bits do not fit an exit status: name them, and what was seen. */
	if (bad)
		dprintf(2, "# child: failed checks %#x: alloc %d, wait %d, delayed add %d, wait %d, child_runs %d, delayed_runs %d\n",
			bad, err[0], err[1], err[2], err[3],
			LOAD(&child_runs), LOAD(&delayed_runs));
	return bad;
}

/* --- fork() from inside a work item ------------------------------------ */

static struct workqueue_struct *item_q;
static struct work_struct forker, finisher, later;
static pid_t item_child;
static int later_runs;

static void later_fn(struct work_struct *work)
{
	(void)work;
	INC(&later_runs);
}

/* In the child: runs after the forking item returned into its worker. */
static void finisher_fn(struct work_struct *work)
{
	(void)work;
	/* The queue still works both ways from here. */
	if (add_work_to_q(item_q, &later))
		_exit(2);
	wait_for_work(&later);
	_exit(LOAD(&later_runs) == 1 ? 0 : 3);
}

static void forker_fn(struct work_struct *work)
{
	pid_t pid;

	(void)work;
	pid = fork();
	if (pid != 0) {
		item_child = pid;
		return;
	}
	alarm(20);
	/* The child: its only thread is this worker, inside this item. */
	INIT_WORK(&finisher, finisher_fn);
	if (add_work_to_q(item_q, &finisher))
		_exit(4);
	/* Returning hands the thread back to its worker loop. */
}

static void test_fork_from_item(void)
{
	int status;

	item_q = new_wq("fork-item", WQ_UNBOUND, 0);
	INIT_WORK(&forker, forker_fn);
	INIT_WORK(&later, later_fn);
	add_work_to_q(item_q, &forker);
	wait_for_work(&forker);
	if (item_child <= 0 || waitpid(item_child, &status, 0) != item_child)
		bail_out("no child from the item");
	is_int(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 0,
	       "fork() from a work item: the child goes on using kwq");
	is_int(LOAD(&later_runs), 0, "and nothing it did ran in the parent");
	destroy_workqueue(item_q);
}

int main(void)
{
	struct workqueue_struct *ord;
	struct item items[NR + 2 * NR_U];
	struct delayed_work dw;
	struct tw blocker, ublockers[2];
	struct gate gate, ugate;
	cpu_set_t all;
	int cpus[2];
	int status, all_once = 1;
	pid_t pid;

	tap_watchdog(60);
	plan(7);
	if (getenv("KWQ_TEST_SAN")) {
		/*
		 * TSan refuses threads after a multi-threaded fork(), and
		 * GCC 12's ASan allocator can be left locked in the child
		 * (its threads then hang in calloc()): plain and valgrind
		 * passes test fork().
		 */
		skip(7, "the sanitizers do not support threads after fork()");
		return done_testing();
	}
	ord = new_ordered("forked");
	/* A busy parent: a running item, queued items, an armed one. */
	if (block_ordered(ord, &blocker, &gate))
		bail_out("could not block the queue");
	for (int i = 0; i < NR; i++) {
		items[i].id = i;
		INIT_WORK(&items[i].work, item_fn);
		add_work_to_q(ord, &items[i].work);
	}
	INIT_DELAYED_WORK(&dw, delayed_fn);
	add_delayed_work_to_q(ord, &dw, 3600 * HZ);
	/* Both slots of the unordered queue held; pushed from two CPUs. */
	unb = new_wq("forked-unordered", WQ_UNBOUND, 2);
	memset(&ugate, 0, sizeof(ugate));
	for (int i = 0; i < 2; i++) {
		tw_init(&ublockers[i]);
		ublockers[i].gate = &ugate;
		add_work_to_q(unb, &ublockers[i].work);
	}
	if (!wait_for(&ugate.entered, 2, 10000))
		bail_out("the unordered queue's blockers did not start");
	if (sched_getaffinity(0, sizeof(all), &all))
		bail_out("sched_getaffinity: %s", strerror(errno));
	cpus[0] = allowed_cpus(cpus, 1) ? cpus[0] : 0;
	cpus[1] = last_allowed_cpu();
	for (int i = NR; i < NR + 2 * NR_U; i++) {
		if (i == NR || i == NR + NR_U)
			pin_self(cpus[i >= NR + NR_U]);
		items[i].id = i;
		INIT_WORK(&items[i].work, item_fn);
		add_work_to_q(unb, &items[i].work);
	}
	if (sched_setaffinity(0, sizeof(all), &all))
		bail_out("sched_setaffinity: %s", strerror(errno));

	pid = fork();
	if (pid < 0)
		bail_out("fork");
	if (pid == 0) {
		_exit(in_child(ord, items, &dw, &blocker) ? 1 : 0);
	}
	if (waitpid(pid, &status, 0) != pid)
		bail_out("waitpid");
	ok(WIFEXITED(status), "the child exited normally (status %#x)", status);
	is_int(WIFEXITED(status) ? WEXITSTATUS(status) : -1, 0,
	       "in the child, kwq works and the parent's work was idle");

	gate_open(&gate);
	gate_open(&ugate);
	flush_workqueue(ord);
	flush_workqueue(unb);
	for (int i = 0; i < NR + 2 * NR_U; i++)
		all_once &= LOAD(&runs[i]) == 1;
	ok(all_once, "in the parent, every queued item ran exactly once");
	wait_for_delayed_work(&dw);
	is_int(LOAD(&delayed_runs), 1, "and the armed item too, once");
	is_int(LOAD(&child_runs), 0, "nothing of the child ran in the parent");
	destroy_workqueue(ord);
	destroy_workqueue(unb);
	test_fork_from_item();
	return done_testing();
}
