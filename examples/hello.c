// SPDX-License-Identifier: MIT
/*
 * The smallest complete kwq program: a queue, one work item embedded in the
 * program's own structure, an add whose result is checked, a flush, and the
 * queue's destruction.
 */
#include <kwq/workqueue.h>

#include <stdio.h>
#include <string.h>

struct greeting {
	struct work_struct work;
	const char *who;
};

static void greet(struct work_struct *work)
{
	struct greeting *g = container_of(work, struct greeting, work);

	printf("hello, %s, from a kwq worker\n", g->who);
}

int main(void)
{
	struct greeting g = { .who = "world" };
	struct workqueue_struct *wq;
	int err;

	wq = alloc_workqueue("hello", WQ_UNBOUND, 0);
	if (!wq) {
		perror("alloc_workqueue");
		return 1;
	}
	INIT_WORK(&g.work, greet);
	err = add_work_to_q(wq, &g.work);
	if (err)
		fprintf(stderr, "add_work_to_q: %s\n", strerror(-err));
	wait_for_work(&g.work);
	destroy_workqueue(wq);
	return err ? 1 : 0;
}
