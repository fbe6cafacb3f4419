// SPDX-License-Identifier: MIT
/*
 * Delayed work: the add_delayed_* family, rearm_delayed_work(), and the
 * delayed forms of flush and cancel.
 *
 * An add wins the item's PENDING bit exactly as an immediate add does, then
 * hands the item to a timer wheel (timer.c) instead of a worklist.  When the
 * delay has passed, the timer thread queues it as an add would.  Cancelling
 * an armed item takes it off its wheel and so takes over PENDING; the
 * generic cancel code does that for any item marked WORK_DELAYED, which is
 * why remove_work() on &dwork->work works too.
 */
#include "internal.h"

static inline int dwork_valid(const struct delayed_work *dw)
{
	return dw && (work_data(&dw->work) & (WORK_INIT | WORK_DELAYED)) ==
		(WORK_INIT | WORK_DELAYED);
}

/* dwork_check() in debug mode: the report, out of the callers' way. */
static __attribute__((noinline)) int dwork_check_debug(struct delayed_work *dw,
						       const char *what,
						       void *caller)
{
	if (kwq__debug_check_item(&dw->work, true, what, caller))
		return 0;
	return dwork_valid(dw);
}

/*
 * Is @dw a delayed item, for @what at @caller?  Debug mode also refuses,
 * with a report, memory that does not hold one (kwq__debug_check_item()).
 * Inline: it is most of remove_delayed_work()'s own work.
 */
static inline int dwork_check(struct delayed_work *dw, const char *what,
			      void *caller)
{
	if (!dw)
		return 0;
	if (kwq__debugging())
		return dwork_check_debug(dw, what, caller);
	return dwork_valid(dw);
}

static inline int refused(struct workqueue_struct *wq)
{
	return unlikely(kwq__wq_draining(wq)) && !kwq__in_wq(wq);
}

/*
 * Arming is refused on a queue being destroyed even from its own items:
 * destroy runs armed items at once, so an item that re-arms itself each run
 * would keep it going for ever.  Chained immediate adds are still taken.
 */
static inline int dying(struct workqueue_struct *wq)
{
	return unlikely(__atomic_load_n(&wq->dying, __ATOMIC_ACQUIRE));
}

/*
 * Arm @dw, whose PENDING bit the caller owns, or queue it at once for a zero
 * delay.  Unless @force, refused (and PENDING released) while @wq drains and
 * the caller is not one of its items.
 *
 * A delay that is negative as a long is a negative delay cast by ported
 * code: the kernel's timer finds its expiry in the past and runs it at the
 * next tick, so kwq queues it at once, as for 0, rather than wait for ever.
 */
static inline int arm_owned(int cpu, struct workqueue_struct *wq,
			    struct delayed_work *dw, unsigned long delay,
			    int force)
{
	struct work_struct *w = &dw->work;

	if (!delay || (long)delay < 0)
		return kwq__queue_owned(cpu, wq, w, work_data(w), force);
	if (!force && (refused(wq) || dying(wq))) {
		if (kwq__debugging())
			kwq__debug_idle(w);
		clear_work_pending(w);
		return -ESHUTDOWN;
	}
	dw->wq = wq;
	kwq__timer_arm(dw, cpu, delay);
	return 0;
}

static inline int args_valid(int cpu, const struct workqueue_struct *wq,
			     const struct delayed_work *dw)
{
	return wq && dwork_valid(dw) &&
		(cpu == WORK_CPU_ANY || kwq__cpu_valid(cpu));
}

/* add_delayed() in debug mode, which checks and records the item. */
static __attribute__((noinline)) int add_delayed_debug(int cpu,
		struct workqueue_struct *wq, struct delayed_work *dw,
		unsigned long delay, void *caller)
{
	int err = kwq__debug_check_add(wq, &dw->work, caller);

	if (err)
		return err;
	if (kwq__add_refused(&dw->work)) {
		kwq__stat_rejected(wq);
		return -EBUSY;
	}
	kwq__debug_added(&dw->work, wq, caller);
	return arm_owned(cpu, wq, dw, delay, 0);
}

/*
 * Inline in each public add: the arm of an arm+cancel pair pays no call
 * of its own before kwq__timer_arm(), and one test of the debug mode.
 */
static inline __attribute__((always_inline)) int
add_delayed(int cpu, struct workqueue_struct *wq, struct delayed_work *dw,
	    unsigned long delay, void *caller)
{
	if (unlikely(!args_valid(cpu, wq, dw)))
		return -EINVAL;
	if (kwq__debugging())
		return add_delayed_debug(cpu, wq, dw, delay, caller);
	if (kwq__add_refused(&dw->work)) {
		kwq__stat_rejected(wq);
		return -EBUSY;
	}
	return arm_owned(cpu, wq, dw, delay, 0);
}

int add_delayed_work_to_q_on(int cpu, struct workqueue_struct *wq,
			     struct delayed_work *dwork, unsigned long delay)
{
	if (cpu == WORK_CPU_ANY)
		return -EINVAL;
	return add_delayed(cpu, wq, dwork, delay, __builtin_return_address(0));
}

int add_delayed_work_to_q(struct workqueue_struct *wq,
			  struct delayed_work *dwork, unsigned long delay)
{
	return add_delayed(WORK_CPU_ANY, wq, dwork, delay,
			   __builtin_return_address(0));
}

int add_delayed_work(struct delayed_work *dwork, unsigned long delay)
{
	struct workqueue_struct *wq = system_wq;

	if (unlikely(!wq))
		return -errno;
	return add_delayed(WORK_CPU_ANY, wq, dwork, delay,
			   __builtin_return_address(0));
}

int add_delayed_work_on(int cpu, struct delayed_work *dwork,
			unsigned long delay)
{
	struct workqueue_struct *wq = system_wq;

	if (unlikely(!wq))
		return -errno;
	if (cpu == WORK_CPU_ANY)
		return -EINVAL;
	return add_delayed(cpu, wq, dwork, delay, __builtin_return_address(0));
}

static int mod_delayed(int cpu, struct workqueue_struct *wq,
		       struct delayed_work *dw, unsigned long delay,
		       void *caller)
{
	unsigned int round = 0;
	bool removed;
	int ret;

	if (wq && !dwork_check(dw, "rearm_delayed_work", caller))
		return -EINVAL;
	if (unlikely(!args_valid(cpu, wq, dw)))
		return -EINVAL;
	if (kwq__debugging()) {
		ret = kwq__debug_check_add(wq, &dw->work, caller);
		if (ret)
			return ret;
	}
	/*
	 * Refuse before taking anything back: a pending instance stolen and
	 * then not re-armed would be lost.  A drain that starts after this
	 * check meets an armed item, which destroy_workqueue() runs.
	 */
	if (refused(wq) || (delay && dying(wq)))
		return -ESHUTDOWN;
	while ((ret = kwq__grab_pending(&dw->work, &removed)) == -EAGAIN)
		kwq__backoff(&round);
	/* A cancel_*_sync() owns it: as an add meanwhile, it is refused. */
	if (ret)
		return ret;
	if (kwq__debugging())
		kwq__debug_added(&dw->work, wq, caller);
	return arm_owned(cpu, wq, dw, delay, 1);
}

int rearm_delayed_work_on(int cpu, struct workqueue_struct *wq,
			struct delayed_work *dwork, unsigned long delay)
{
	if (cpu == WORK_CPU_ANY)
		return -EINVAL;
	return mod_delayed(cpu, wq, dwork, delay,
			   __builtin_return_address(0));
}

int rearm_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
		     unsigned long delay)
{
	return mod_delayed(WORK_CPU_ANY, wq, dwork, delay,
			   __builtin_return_address(0));
}

int wait_for_delayed_work(struct delayed_work *dwork)
{
	void *caller = __builtin_return_address(0);

	if (!dwork_check(dwork, "wait_for_delayed_work", caller))
		return -EINVAL;
	if (current_work() == &dwork->work)
		return -EDEADLK;
	for (unsigned int round = 0;;) {
		unsigned long data;

		/* Armed: we now own PENDING; queue it as the timer would. */
		if (!kwq__timer_disarm(dwork)) {
			kwq__queue_owned(dwork->cpu, dwork->wq, &dwork->work,
					 work_data(&dwork->work), 1);
			break;
		}
		/*
		 * Pending but on no list: the timer thread has taken it off
		 * the wheel and is about to queue it.  Wait for that, or
		 * wait_for_work() would find nothing to wait for.
		 */
		data = work_data(&dwork->work);
		if (!(data & WORK_PENDING) || data_pwq(data) ||
		    (data & WORK_CANCELING))
			break;
		kwq__backoff(&round);
	}
	return kwq__wait_for_work(&dwork->work, "wait_for_delayed_work",
				  caller);
}

/*
 * An armed item, the common case of a cancel: the first step of
 * kwq__grab_pending(), taken here without its other cases.  The word said
 * PENDING with no list and no cancel_*_sync() owner; the wheel's lock,
 * which kwq__timer_disarm() takes, says whether the item is still armed.
 * Anything else, or an item the timer thread took meanwhile, goes the
 * whole way.
 */
static inline bool removed_armed(struct delayed_work *dw)
{
	unsigned long data = __atomic_load_n(&dw->work.data, __ATOMIC_ACQUIRE);

	if ((data & (WORK_PENDING | WORK_PWQ | WORK_CANCELING)) !=
	    WORK_PENDING || !kwq__take_armed(dw))
		return false;
	release_work_pending(&dw->work);
	return true;
}

/* remove_delayed_work() in debug mode, which checks the item first. */
static __attribute__((noinline)) int remove_delayed_debug(
		struct delayed_work *dwork, void *caller)
{
	if (!dwork_check_debug(dwork, "remove_delayed_work", caller))
		return -EINVAL;
	if (removed_armed(dwork))
		return 0;
	return kwq__remove_work(&dwork->work);
}

int remove_delayed_work(struct delayed_work *dwork)
{
	unsigned long data;

	if (unlikely(!dwork))
		return -EINVAL;
	if (kwq__debugging())
		return remove_delayed_debug(dwork,
					    __builtin_return_address(0));
	/*
	 * removed_armed() with dwork_check()'s test, on one load of the
	 * word: the cancel of an arm+cancel pair tests the debug mode once.
	 */
	data = __atomic_load_n(&dwork->work.data, __ATOMIC_ACQUIRE);
	if (unlikely((data & (WORK_INIT | WORK_DELAYED)) !=
		     (WORK_INIT | WORK_DELAYED)))
		return -EINVAL;
	if ((data & (WORK_PENDING | WORK_PWQ | WORK_CANCELING)) ==
	    WORK_PENDING && !kwq__timer_disarm(dwork)) {
		release_work_pending(&dwork->work);
		return 0;
	}
	/* The test above is all that remove_work() would check. */
	return kwq__remove_work(&dwork->work);
}

int remove_delayed_work_sync(struct delayed_work *dwork)
{
	if (!dwork_check(dwork, "remove_delayed_work_sync",
			 __builtin_return_address(0)))
		return -EINVAL;
	return remove_work_sync(&dwork->work);
}
