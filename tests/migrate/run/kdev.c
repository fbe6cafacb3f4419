// SPDX-License-Identifier: MIT
/*
 * A driver as kernel code is written: every use of the kernel's cancel,
 * flush and mod names below tests their bool result (true: a pending
 * instance was removed / it waited / the item was pending), mostly to keep
 * a reference count right.  Against kwq, whose names of that kind return
 * void, none of those uses compiles; tools/migrate/cancel_work.cocci
 * rewrites them, and kdev-main.c checks that the result behaves as the
 * kernel would.  Adding work uses kwq's add_* names, whose 0 means queued.
 */
#include "kdev.h"

static void kdev_get(struct kdev *dev)
{
	__atomic_add_fetch(&dev->ref, 1, __ATOMIC_ACQ_REL);
}

void kdev_put(struct kdev *dev)
{
	if (__atomic_sub_fetch(&dev->ref, 1, __ATOMIC_ACQ_REL) == 0)
		__atomic_add_fetch(&dev->released, 1, __ATOMIC_ACQ_REL);
}

static void kdev_reset_fn(struct work_struct *work)
{
	struct kdev *dev = container_of(work, struct kdev, reset);

	__atomic_add_fetch(&dev->resets, 1, __ATOMIC_ACQ_REL);
	kdev_put(dev);
}

static void kdev_poll_fn(struct work_struct *work)
{
	struct kdev *dev = container_of(to_delayed_work(work), struct kdev,
					poll);

	__atomic_add_fetch(&dev->polls, 1, __ATOMIC_ACQ_REL);
	kdev_put(dev);
}

static void kdev_watchdog_fn(struct work_struct *work)
{
	struct kdev *dev = container_of(to_delayed_work(work), struct kdev,
					watchdog);

	__atomic_add_fetch(&dev->barks, 1, __ATOMIC_ACQ_REL);
	kdev_put(dev);
}

void kdev_init(struct kdev *dev, struct workqueue_struct *wq)
{
	dev->wq = wq;
	dev->ref = 1;
	INIT_WORK(&dev->reset, kdev_reset_fn);
	INIT_DELAYED_WORK(&dev->poll, kdev_poll_fn);
	INIT_DELAYED_WORK(&dev->watchdog, kdev_watchdog_fn);
}

int kdev_queue_reset(struct kdev *dev)
{
	int err;

	kdev_get(dev);
	err = add_work_to_q(dev->wq, &dev->reset);
	if (err)
		kdev_put(dev);
	return err;
}

int kdev_arm_poll(struct kdev *dev, unsigned long delay)
{
	int err;

	kdev_get(dev);
	err = add_delayed_work_to_q(dev->wq, &dev->poll, delay);
	if (err)
		kdev_put(dev);
	return err;
}

/* Take back whatever is pending, dropping the references it held. */
void kdev_stop(struct kdev *dev)
{
	if (cancel_delayed_work_sync(&dev->poll))
		kdev_put(dev);
	if (cancel_work_sync(&dev->reset))
		kdev_put(dev);
	if (cancel_delayed_work_sync(&dev->watchdog))
		kdev_put(dev);
}

bool kdev_abort_reset(struct kdev *dev)
{
	return cancel_work(&dev->reset);
}

void kdev_drop_reset(struct kdev *dev)
{
	if (kdev_abort_reset(dev))
		kdev_put(dev);
}

int kdev_pause_poll(struct kdev *dev)
{
	int was_armed = cancel_delayed_work(&dev->poll);

	if (was_armed)
		kdev_put(dev);
	return was_armed;
}

/* Push the watchdog back; an instance already pending holds its reference. */
void kdev_kick(struct kdev *dev, unsigned long delay)
{
	kdev_get(dev);
	if (mod_delayed_work(dev->wq, &dev->watchdog, delay))
		kdev_put(dev);
}

bool kdev_kick_on(struct kdev *dev, int cpu, unsigned long delay)
{
	bool was_pending;

	was_pending = mod_delayed_work_on(cpu, dev->wq, &dev->watchdog, delay);
	if (!was_pending)
		kdev_get(dev);
	return was_pending;
}

bool kdev_sync_poll(struct kdev *dev)
{
	return flush_delayed_work(&dev->poll);
}

void kdev_sync_reset(struct kdev *dev)
{
	dev->synced += flush_work(&dev->reset) ? 1 : 0;
}
