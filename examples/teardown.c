// SPDX-License-Identifier: MIT
/*
 * Tearing down an object that owns a work item.  Each queued transmit holds
 * a reference to its connection and drops it when it has run; teardown must
 * drop that reference itself when it takes the transmit back before it ran.
 * remove_work_sync() says which happened: 0 when it removed a pending
 * instance (that reference is now ours to drop), -ENOENT when nothing was
 * pending; either way, on return the item is neither queued nor running.
 *
 * The kernel writes this "if (cancel_work_sync(&c->tx)) put(c);", with a
 * bool.  In kwq cancel_work_sync() returns void, so that line does not
 * compile and cannot silently mean the opposite; called as a statement, as
 * most teardown code calls it, it works unchanged.
 */
#include <kwq/workqueue.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

struct conn {
	struct work_struct tx;
	int refs;		/* the owner's, and one per queued transmit */
	int id;
};

static void put(struct conn *c)
{
	if (__atomic_sub_fetch(&c->refs, 1, __ATOMIC_ACQ_REL) == 0) {
		printf("conn %d: last reference gone, freed\n", c->id);
		free(c);
	}
}

static void transmit(struct work_struct *work)
{
	struct conn *c = container_of(work, struct conn, tx);

	usleep(5000);
	printf("conn %d: transmitted\n", c->id);
	put(c);
}

static void tock(struct work_struct *work)
{
	(void)work;
}

int main(void)
{
	struct workqueue_struct *wq = alloc_ordered_workqueue("conn", 0);
	struct work_struct tick;
	struct conn *c[4];

	if (!wq)
		return 1;
	setvbuf(stdout, NULL, _IONBF, 0);
	for (int i = 0; i < 4; i++) {
		c[i] = calloc(1, sizeof(*c[i]));
		if (!c[i])
			return 1;
		c[i]->id = i;
		c[i]->refs = 2;
		INIT_WORK(&c[i]->tx, transmit);
		if (add_work_to_q(wq, &c[i]->tx))
			return 1;
	}
	usleep(1000);	/* let the first transmit start */
	for (int i = 3; i >= 0; i--) {
		int err = remove_work_sync(&c[i]->tx);

		printf("conn %d: remove_work_sync = %d (%s)\n", i, err,
		       err == 0 ? "pending transmit dropped" :
		       err == -ENOENT ? "nothing was pending" : "error");
		if (!err)
			put(c[i]);	/* the transmit's reference */
		put(c[i]);		/* ours */
	}
	/*
	 * An item that holds no reference needs no answer: kernel-style
	 * teardown, the result unused, ports unchanged.
	 */
	INIT_WORK(&tick, tock);
	if (add_work_to_q(wq, &tick))
		return 1;
	cancel_work_sync(&tick);
	printf("tick: cancel_work_sync() as a statement; idle now\n");
	destroy_workqueue(wq);
	return 0;
}
