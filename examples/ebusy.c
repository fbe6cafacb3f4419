// SPDX-License-Identifier: MIT
/*
 * What "already pending" looks like with the add_* names: the first add
 * returns 0, an add while the item is still queued returns -EBUSY and queues
 * nothing, and the item runs once.  The 2006 queue_work() returned 1 and 0
 * here, and rpc_make_runnable() tested it with "< 0", a branch that could
 * never be taken; with 0 / -EBUSY the same test means what it says.
 */
#include <kwq/workqueue.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int runs;
static int gate_open;

/* Holds the ordered queue's only slot until main() opens the gate. */
static void gate(struct work_struct *work)
{
	(void)work;
	while (!__atomic_load_n(&gate_open, __ATOMIC_ACQUIRE))
		usleep(100);
}

static void count(struct work_struct *work)
{
	(void)work;
	__atomic_add_fetch(&runs, 1, __ATOMIC_RELAXED);
}

int main(void)
{
	struct workqueue_struct *wq;
	struct work_struct g, w;
	int first, second;

	/* An ordered queue kept busy by the gate, so w stays queued. */
	wq = alloc_ordered_workqueue("ebusy", 0);
	if (!wq) {
		perror("alloc_ordered_workqueue");
		return 1;
	}
	INIT_WORK(&g, gate);
	INIT_WORK(&w, count);
	if (add_work_to_q(wq, &g))
		return 1;

	first = add_work_to_q(wq, &w);
	second = add_work_to_q(wq, &w);
	printf("first add:  %d\n", first);
	printf("second add: %d (%s)\n", second,
	       second == -EBUSY ? "-EBUSY: already pending, nothing queued" :
	       strerror(-second));
	if (second < 0)
		printf("the test \"< 0\" that was dead code in 2006 now fires\n");

	/* The vt.c case: "already pending" is fine here, so say so. */
	(void)add_work_to_q(wq, &w);

	__atomic_store_n(&gate_open, 1, __ATOMIC_RELEASE);
	flush_workqueue(wq);
	printf("the item ran %d time(s)\n", runs);
	destroy_workqueue(wq);
	return first == 0 && second == -EBUSY ? 0 : 1;
}
