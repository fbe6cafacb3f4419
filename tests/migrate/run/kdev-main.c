// SPDX-License-Identifier: MIT
/*
 * Drives kdev.c, once tools/migrate/cancel_work.cocci has moved it to kwq,
 * through the cases where the kernel's answers are known, and checks that
 * it does what it did in the kernel: a cancel that removed a pending
 * instance (the kernel's true) drops that instance's reference, one that
 * found nothing (false) does not; a mod of a pending item (true) gives back
 * the reference it took, of an idle one (false) keeps it; a flush of an
 * armed or queued item (true) waits for its run.  Queued items stay
 * pending behind a gated item on an ordered queue, or on a frozen queue;
 * armed ones are armed for an hour.  And a watchdog kicked while it fires
 * ends with its references right.
 */
#include "../../util.h"
#include "kdev.h"

#include <stdio.h>
#include <sys/syscall.h>

#define HOUR (3600UL * HZ)

static int ref(struct kdev *dev)
{
	return LOAD(&dev->ref);
}

/*
 * A device on ordered queue @wq, held by @blocker until gate_open(@g), with
 * its reset queued (so pending) and its poll armed for an hour.
 */
static void start_pending(struct workqueue_struct *wq, struct tw *blocker,
			  struct gate *g, struct kdev *dev)
{
	if (block_ordered(wq, blocker, g))
		bail_out("cannot block the ordered queue");
	kdev_init(dev, wq);
	if (kdev_queue_reset(dev) || kdev_arm_poll(dev, HOUR))
		bail_out("cannot add");
}

static void test_all_pending(void)
{
	struct workqueue_struct *wq = new_ordered("kdev-pending");
	struct tw blocker;
	struct kdev dev = { 0 };
	struct gate g;

	start_pending(wq, &blocker, &g, &dev);
	kdev_kick(&dev, HOUR);
	is_int(ref(&dev), 4,
	       "mod of an idle watchdog (kernel: false) keeps the reference it took");
	kdev_kick(&dev, HOUR);
	ok(kdev_kick_on(&dev, sched_getcpu(), HOUR) && ref(&dev) == 4,
	   "mod and mod_on of a pending watchdog (kernel: true) give it back");
	kdev_stop(&dev);
	ok(ref(&dev) == 1 && LOAD(&dev.released) == 0,
	   "cancel_*_sync of three pending items (kernel: true) drop their three references");
	kdev_put(&dev);
	is_int(LOAD(&dev.released), 1, "the owner's put releases the device");
	gate_open(&g);
	if (flush_workqueue(wq))
		bail_out("flush_workqueue failed");
	is_int(LOAD(&dev.resets) + LOAD(&dev.polls) + LOAD(&dev.barks), 0,
	       "none of the removed items ran");
	destroy_workqueue(wq);
}

static void test_nothing_pending(void)
{
	struct workqueue_struct *wq = new_ordered("kdev-idle");
	struct kdev dev = { 0 };

	kdev_init(&dev, wq);
	kdev_stop(&dev);
	ok(!kdev_abort_reset(&dev) && kdev_pause_poll(&dev) == 0 &&
	   ref(&dev) == 1 && LOAD(&dev.released) == 0,
	   "cancels of idle items (kernel: false) drop nothing");
	ok(!kdev_sync_poll(&dev), "flush_delayed_work of an idle item: false");
	kdev_sync_reset(&dev);
	is_int(dev.synced, 0, "flush_work of an idle item: false");
	ok(!kdev_kick_on(&dev, sched_getcpu(), HOUR) && ref(&dev) == 2,
	   "mod_on of an idle watchdog (kernel: false) keeps its reference");
	kdev_stop(&dev);
	is_int(ref(&dev), 1, "and the cancel of it (kernel: true) drops it");
	kdev_put(&dev);
	is_int(LOAD(&dev.released), 1, "released once, by the owner's put");
	destroy_workqueue(wq);
}

static void test_abort_and_pause(void)
{
	struct workqueue_struct *wq = new_ordered("kdev-abort");
	struct tw blocker;
	struct kdev dev = { 0 };
	struct gate g;

	start_pending(wq, &blocker, &g, &dev);
	kdev_drop_reset(&dev);
	is_int(ref(&dev), 2,
	       "cancel_work of a queued reset (kernel: true) drops its reference");
	is_int(kdev_pause_poll(&dev), 1,
	       "cancel_delayed_work of an armed poll: true, stored in an int");
	is_int(ref(&dev), 1, "and drops its reference");
	gate_open(&g);
	if (flush_workqueue(wq))
		bail_out("flush_workqueue failed");
	is_int(LOAD(&dev.resets) + LOAD(&dev.polls), 0, "neither ran");
	kdev_put(&dev);
	destroy_workqueue(wq);
}

static void test_flush_armed(void)
{
	struct workqueue_struct *wq = new_ordered("kdev-flush");
	struct kdev dev = { 0 };

	kdev_init(&dev, wq);
	if (kdev_arm_poll(&dev, HOUR))
		bail_out("cannot arm");
	ok(kdev_sync_poll(&dev) && LOAD(&dev.polls) == 1 && ref(&dev) == 1,
	   "flush_delayed_work of a poll armed for an hour (kernel: true) ran it");
	kdev_stop(&dev);
	kdev_put(&dev);
	ok(LOAD(&dev.released) == 1 && ref(&dev) == 0,
	   "a stop after the run drops nothing more: released exactly once");
	destroy_workqueue(wq);
}

struct thaw {
	pid_t tid;	/* the thread that flushes */
	int calling;	/* A: it is about to call the flush */
};

/* Is thread @tid asleep (state S in /proc)? */
static bool asleep(pid_t tid)
{
	char path[64], buf[256], *p;
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", (int)tid);
	f = fopen(path, "r");
	if (!f)
		return false;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	p = strrchr(buf, ')');
	return p && p[1] == ' ' && p[2] == 'S';
}

/*
 * Thaw once the flushing thread sleeps: nothing between its "calling" and
 * the flush sleeps, so by then it has read the item as pending.
 */
static void *thaw_when_waiting(void *arg)
{
	struct thaw *t = arg;

	while (!LOAD(&t->calling) || !asleep(t->tid))
		sleep_us(100);
	if (kwq_thaw_workqueues())
		bail_out("kwq_thaw_workqueues failed");
	return NULL;
}

static void test_flush_queued(void)
{
	struct workqueue_struct *wq = new_wq("kdev-frozen", WQ_FREEZABLE, 0);
	struct thaw t = { .tid = (pid_t)syscall(SYS_gettid) };
	struct kdev dev = { 0 };
	pthread_t th;

	kdev_init(&dev, wq);
	if (kwq_freeze_workqueues() || kdev_queue_reset(&dev))
		bail_out("cannot freeze, or cannot add");
	if (pthread_create(&th, NULL, thaw_when_waiting, &t))
		bail_out("pthread_create failed");
	STORE(&t.calling, 1);
	kdev_sync_reset(&dev);
	pthread_join(th, NULL);
	ok(dev.synced == 1 && LOAD(&dev.resets) == 1 && ref(&dev) == 1,
	   "flush_work of a reset queued on a frozen queue (kernel: true) waited for its run");
	kdev_put(&dev);
	destroy_workqueue(wq);
}

/*
 * A watchdog kicked again and again while it fires: each kick takes a
 * reference and gives it back when the kernel's mod said "was pending",
 * so after the last run the owner's is the only one left.  Were "was
 * pending" read before the rearm rather than taken with it, the item
 * could run between the two, dropping the reference the kick then drops
 * again.
 */
static void test_kick_while_firing(void)
{
	struct workqueue_struct *wq = new_wq("kdev-kick", WQ_UNBOUND, 0);
	struct kdev dev = { 0 };

	kdev_init(&dev, wq);
	for (int i = 0; i < 100000; i++)
		kdev_kick(&dev, i & 1);
	kdev_stop(&dev);
	if (flush_workqueue(wq))
		bail_out("flush_workqueue failed");
	ok(ref(&dev) == 1 && LOAD(&dev.released) == 0,
	   "100,000 kicks of a firing watchdog (%d runs) leave the owner's reference alone: %d",
	   LOAD(&dev.barks), ref(&dev));
	kdev_put(&dev);
	destroy_workqueue(wq);
}

int main(void)
{
	tap_watchdog(30);
	plan(19);
	test_all_pending();
	test_nothing_pending();
	test_abort_and_pause();
	test_flush_armed();
	test_flush_queued();
	test_kick_while_firing();
	return done_testing();
}
