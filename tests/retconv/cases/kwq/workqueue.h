/* SPDX-License-Identifier: MIT */
/*
 * Stands for kwq's <kwq/workqueue.h> in kwq-user.c: retconv knows kwq's
 * declarations by the kwq/ directory of the header that makes them.  Here
 * the kernel's names are declared as kwq declared them before they became
 * void: 0 when a pending item was removed, or a negative errno.
 */
#ifndef CASES_KWQ_WORKQUEUE_H
#define CASES_KWQ_WORKQUEUE_H

struct work_struct {
	unsigned long data;
};
struct delayed_work {
	struct work_struct work;
};

int cancel_work_sync(struct work_struct *work);
int cancel_delayed_work(struct delayed_work *dwork);
int flush_work(struct work_struct *work);
int remove_work_sync(struct work_struct *work);

#endif
