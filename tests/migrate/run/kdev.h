/* SPDX-License-Identifier: MIT */
/*
 * The interface between tests/migrate/run/kdev.c, a driver written as
 * kernel code is, and kdev-main.c, which drives it and checks that it
 * behaves as it would in the kernel.  See tests/migrate-run.t.
 */
#ifndef KDEV_H
#define KDEV_H

#include <kwq/workqueue.h>

/*
 * A device with a reference count: the owner holds one, and so does every
 * instance of its work that is queued or armed, dropped when it runs or by
 * whoever takes it back.
 */
struct kdev {
	struct workqueue_struct *wq;
	struct work_struct reset;
	struct delayed_work poll;
	struct delayed_work watchdog;
	int ref;		/* atomic */
	int released;		/* atomic: times the count reached 0 */
	int resets;		/* atomic: runs of each item */
	int polls;		/* atomic */
	int barks;		/* atomic */
	int synced;		/* resets kdev_sync_reset() waited for */
};

void kdev_init(struct kdev *dev, struct workqueue_struct *wq);
void kdev_put(struct kdev *dev);
int kdev_queue_reset(struct kdev *dev);
int kdev_arm_poll(struct kdev *dev, unsigned long delay);
void kdev_stop(struct kdev *dev);
bool kdev_abort_reset(struct kdev *dev);
void kdev_drop_reset(struct kdev *dev);
int kdev_pause_poll(struct kdev *dev);
void kdev_kick(struct kdev *dev, unsigned long delay);
bool kdev_kick_on(struct kdev *dev, int cpu, unsigned long delay);
bool kdev_sync_poll(struct kdev *dev);
void kdev_sync_reset(struct kdev *dev);

#endif /* KDEV_H */
