// SPDX-License-Identifier: MIT
/*
 * Porting kernel code that still says queue_work(): it compiles and runs
 * unchanged as long as it ignores the result (the names return void now), and
 * a failed add is reported once per call site, with the caller's file and
 * line.  A program may route those reports to its own log.
 *
 * The kernel's cancel_work_sync(), flush_work(), mod_delayed_work() & co.
 * are void here for the same reason (their kernel bool would be misread):
 * as statements they port unchanged, say nothing when there was nothing to
 * cancel, and report a real failure the same way.
 */
#include <kwq/workqueue.h>

#include <stdio.h>
#include <unistd.h>

static int gate_open;

static void nothing(struct work_struct *work)
{
	(void)work;
}

/* Holds the ordered queue until main() opens it, so adds stay pending. */
static void gate(struct work_struct *work)
{
	(void)work;
	while (!__atomic_load_n(&gate_open, __ATOMIC_ACQUIRE))
		usleep(100);
}

static void hold(struct workqueue_struct *wq, struct work_struct *g)
{
	__atomic_store_n(&gate_open, 0, __ATOMIC_RELEASE);
	queue_work(wq, g);
}

static void release(struct workqueue_struct *wq)
{
	__atomic_store_n(&gate_open, 1, __ATOMIC_RELEASE);
	flush_workqueue(wq);
}

/* Kernel code with a bug: an item that waits for itself. */
static void selfish(struct work_struct *work)
{
	flush_work(work);	/* refused (-EDEADLK) and reported */
}

static void to_my_log(const struct kwq_warning *w)
{
	printf("my log: %s:%d: %s\n", w->file ? w->file : "?", w->line,
	       w->message);
}

int main(void)
{
	struct workqueue_struct *wq = create_singlethread_workqueue("legacy");
	struct work_struct g, w, s;

	if (!wq) {
		perror("create_singlethread_workqueue");
		return 1;
	}
	setvbuf(stdout, NULL, _IONBF, 0);
	INIT_WORK(&g, gate);
	INIT_WORK(&w, nothing);

	printf("three passes over two call sites of queue_work():\n");
	for (int pass = 0; pass < 3; pass++) {
		hold(wq, &g);
		queue_work(wq, &w);	/* queues */
		queue_work(wq, &w);	/* pending: warns, the first time */
		release(wq);
	}

	printf("the same through the program's own handler:\n");
	kwq_set_warn_handler(to_my_log);
	hold(wq, &g);
	queue_work(wq, &w);
	queue_work(wq, &w);
	release(wq);

	printf("the kernel's cancel and flush names, as statements:\n");
	INIT_WORK(&s, selfish);
	queue_work(wq, &s);
	flush_workqueue(wq);
	cancel_work_sync(&w);	/* nothing pending: nothing to say */
	kwq_set_warn_handler(NULL);

	destroy_workqueue(wq);
	return 0;
}
