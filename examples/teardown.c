// SPDX-License-Identifier: MIT
/*
 * Tearing down an object that owns a work item: cancel_work_sync() first,
 * so that the item is neither queued nor running when its memory goes.
 * cancel_work_sync() returns 0 when it removed a pending instance and
 * -ENOENT when nothing was pending, so the caller knows whether the last
 * event was dropped.
 */
#include <kwq/workqueue.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

struct conn {
	struct work_struct tx;
	int sent;
};

static void transmit(struct work_struct *work)
{
	struct conn *c = container_of(work, struct conn, tx);

	usleep(5000);
	c->sent++;
}

int main(void)
{
	struct workqueue_struct *wq = alloc_ordered_workqueue("conn", 0);
	struct conn *c[4];
	int dropped = 0;

	if (!wq)
		return 1;
	for (int i = 0; i < 4; i++) {
		c[i] = calloc(1, sizeof(*c[i]));
		if (!c[i])
			return 1;
		INIT_WORK(&c[i]->tx, transmit);
		if (add_work_to_q(wq, &c[i]->tx))
			return 1;
	}
	usleep(1000);	/* let the first transmit start */
	for (int i = 3; i >= 0; i--) {
		int err = cancel_work_sync(&c[i]->tx);

		printf("conn %d: cancel_work_sync = %d (%s), sent %d\n", i, err,
		       err == 0 ? "pending transmit dropped" :
		       err == -ENOENT ? "nothing was pending" : "error",
		       c[i]->sent);
		dropped += err == 0;
		free(c[i]);
	}
	printf("%d transmit(s) dropped, memory freed safely\n", dropped);
	destroy_workqueue(wq);
	return 0;
}
