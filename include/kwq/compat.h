/* SPDX-License-Identifier: MIT */
/*
 * The kernel's names whose result kwq cannot keep, kept for code being
 * ported: queue_work() & co., and cancel_work() & co.
 *
 * Before 2006 queue_work() and friends returned 1 when they queued the item
 * and 0 when it was already pending, the reverse of every other action, and
 * callers misread it.  Here they keep their argument lists but return void:
 * code that tests their result no longer compiles, and its author moves to
 * the add_* names, whose 0 / negative errno means what it means everywhere
 * else.  Code that ignored the result keeps working.  When such an add fails
 * the old name reports it through kwq_set_warn_handler()'s handler, once per
 * call site, naming the caller's file and line.  To ignore "already pending"
 * on purpose, write (void)add_work(&w): it never warns.
 *
 * The kernel's cancel_work(), cancel_work_sync(), cancel_delayed_work(),
 * cancel_delayed_work_sync(), flush_work(), flush_delayed_work(),
 * mod_delayed_work() and mod_delayed_work_on() return a bool that is true
 * for "it was pending" or "it waited"; a kwq function of the same name
 * returning 0 for that would turn "if (cancel_work_sync(&w)) put(x);" into
 * its opposite without a word from the compiler.  So they get the same
 * treatment: void, doing what remove_work(), remove_work_sync(),
 * remove_delayed_work(), remove_delayed_work_sync(), wait_for_work(),
 * wait_for_delayed_work(), rearm_delayed_work() and rearm_delayed_work_on()
 * do, and warning once per call site on a real failure (-EINVAL, -EDEADLK,
 * -ESHUTDOWN, -EBUSY), never because nothing was pending (-ENOENT).
 * Teardown code, which calls them as statements, ports unchanged.
 *
 * Each old name is an expression of type void (so it is usable where the
 * kernel's was, even in a comma expression; a statement expression in C,
 * a lambda's call in C++17) and also a real exported function, so
 * &queue_work still works; calls through such a pointer warn once per
 * calling address.
 *
 * Being function-like macros, the old names also expand where code calls a
 * function pointer of the same name, as in ops->schedule_work(ctx).  Write
 * that call (ops->schedule_work)(ctx), or define KWQ_NO_COMPAT before
 * including <kwq/workqueue.h> to leave all these names out.
 */
#ifndef KWQ_COMPAT_H
#define KWQ_COMPAT_H

#include <errno.h>

#include <kwq/workqueue.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Report @err, the result of the action behind the old name @name, once
 * per call site (*@warned): never -ENOENT when @enoent_ok, since nothing to
 * remove is the ordinary outcome of a teardown cancel.  The exchange keeps
 * two threads from both warning.
 */
static inline void kwq_compat_report_(int *warned, int err, int enoent_ok,
				      const char *file, int line,
				      const char *name)
{
	if (__builtin_expect(err != 0 && !(enoent_ok && err == -ENOENT), 0) &&
	    !__atomic_exchange_n(warned, 1, __ATOMIC_RELAXED))
		kwq_warn_compat(file, line, name, err);
}

/*
 * One call site, a void expression: its flag is a static of its own, in a
 * statement expression in C and in a lambda in C++, which has no
 * statement expressions (each lambda is a function of its own, so its
 * static is per expansion too).
 */
#ifdef __cplusplus
#define KWQ_COMPAT_SITE_(name, err, enoent_ok)				\
	kwq_compat_report_([]() -> int * {				\
		static int kwq_warned_;					\
		return &kwq_warned_;					\
	}(), (err), (enoent_ok), __FILE__, __LINE__, (name))
#else
#define KWQ_COMPAT_SITE_(name, err, enoent_ok) __extension__ ({	\
	static int kwq_warned_;						\
	kwq_compat_report_(&kwq_warned_, (err), (enoent_ok),		\
			   __FILE__, __LINE__, (name));			\
})
#endif

/* One call site: run @add; if it fails, warn the first time only. */
#define KWQ_COMPAT_CALL(name, add) KWQ_COMPAT_SITE_(name, add, 0)

/**
 * queue_work() - add_work_to_q() that returns nothing and warns on failure
 * @wq: the queue
 * @work: the item
 *
 * Context: As add_work_to_q().
 * Return: Nothing; a failed add is reported once per call site.
 */
KWQ_API void queue_work(struct workqueue_struct *wq, struct work_struct *work);
#define queue_work(wq, work) \
	KWQ_COMPAT_CALL("queue_work", add_work_to_q((wq), (work)))

/**
 * queue_work_on() - add_work_to_q_on() that returns nothing
 * @cpu: the CPU
 * @wq: the queue
 * @work: the item
 *
 * Context: As add_work_to_q_on().
 * Return: Nothing; a failed add is reported once per call site.
 */
KWQ_API void queue_work_on(int cpu, struct workqueue_struct *wq,
			   struct work_struct *work);
#define queue_work_on(cpu, wq, work) \
	KWQ_COMPAT_CALL("queue_work_on", add_work_to_q_on((cpu), (wq), (work)))

/**
 * schedule_work() - add_work() that returns nothing
 * @work: the item
 *
 * Context: As add_work().
 * Return: Nothing; a failed add is reported once per call site.
 */
KWQ_API void schedule_work(struct work_struct *work);
#define schedule_work(work) \
	KWQ_COMPAT_CALL("schedule_work", add_work((work)))

/**
 * schedule_work_on() - add_work_on() that returns nothing
 * @cpu: the CPU
 * @work: the item
 *
 * Context: As add_work_on().
 * Return: Nothing; a failed add is reported once per call site.
 */
KWQ_API void schedule_work_on(int cpu, struct work_struct *work);
#define schedule_work_on(cpu, work) \
	KWQ_COMPAT_CALL("schedule_work_on", add_work_on((cpu), (work)))

/**
 * queue_delayed_work() - add_delayed_work_to_q() that returns nothing
 * @wq: the queue
 * @dwork: the item
 * @delay: jiffies to wait
 *
 * Context: As add_delayed_work_to_q().
 * Return: Nothing; a failed add is reported once per call site.
 */
KWQ_API void queue_delayed_work(struct workqueue_struct *wq,
				struct delayed_work *dwork,
				unsigned long delay);
#define queue_delayed_work(wq, dwork, delay)				\
	KWQ_COMPAT_CALL("queue_delayed_work",				\
			add_delayed_work_to_q((wq), (dwork), (delay)))

/**
 * queue_delayed_work_on() - add_delayed_work_to_q_on() that returns nothing
 * @cpu: the CPU
 * @wq: the queue
 * @dwork: the item
 * @delay: jiffies to wait
 *
 * Context: As add_delayed_work_to_q_on().
 * Return: Nothing; a failed add is reported once per call site.
 */
KWQ_API void queue_delayed_work_on(int cpu, struct workqueue_struct *wq,
				   struct delayed_work *dwork,
				   unsigned long delay);
#define queue_delayed_work_on(cpu, wq, dwork, delay)			\
	KWQ_COMPAT_CALL("queue_delayed_work_on",			\
			add_delayed_work_to_q_on((cpu), (wq), (dwork),	\
						 (delay)))

/**
 * schedule_delayed_work() - add_delayed_work() that returns nothing
 * @dwork: the item
 * @delay: jiffies to wait
 *
 * Context: As add_delayed_work().
 * Return: Nothing; a failed add is reported once per call site.
 */
KWQ_API void schedule_delayed_work(struct delayed_work *dwork,
				   unsigned long delay);
#define schedule_delayed_work(dwork, delay)				\
	KWQ_COMPAT_CALL("schedule_delayed_work",			\
			add_delayed_work((dwork), (delay)))

/**
 * schedule_delayed_work_on() - add_delayed_work_on() that returns nothing
 * @cpu: the CPU
 * @dwork: the item
 * @delay: jiffies to wait
 *
 * Context: As add_delayed_work_on().
 * Return: Nothing; a failed add is reported once per call site.
 */
KWQ_API void schedule_delayed_work_on(int cpu, struct delayed_work *dwork,
				      unsigned long delay);
#define schedule_delayed_work_on(cpu, dwork, delay)			\
	KWQ_COMPAT_CALL("schedule_delayed_work_on",			\
			add_delayed_work_on((cpu), (dwork), (delay)))

/*
 * As KWQ_COMPAT_CALL(), for the names whose action returns -ENOENT when
 * there was nothing to remove: that is not a failure, so it never warns.
 */
#define KWQ_COMPAT_CALL_QUIET_ENOENT(name, act) KWQ_COMPAT_SITE_(name, act, 1)

/**
 * cancel_work() - remove_work() that returns nothing
 * @work: the item
 *
 * Context: As remove_work().
 * Return: Nothing; a failure other than -ENOENT is reported once per call
 * site.
 */
KWQ_API void cancel_work(struct work_struct *work);
#define cancel_work(work) \
	KWQ_COMPAT_CALL_QUIET_ENOENT("cancel_work", remove_work((work)))

/**
 * cancel_work_sync() - remove_work_sync() that returns nothing
 * @work: the item
 *
 * On return @work is neither pending nor running, as after
 * remove_work_sync().
 *
 * Context: As remove_work_sync().
 * Return: Nothing; a failure other than -ENOENT is reported once per call
 * site.
 */
KWQ_API void cancel_work_sync(struct work_struct *work);
#define cancel_work_sync(work)						\
	KWQ_COMPAT_CALL_QUIET_ENOENT("cancel_work_sync",		\
				     remove_work_sync((work)))

/**
 * cancel_delayed_work() - remove_delayed_work() that returns nothing
 * @dwork: the item
 *
 * Context: As remove_delayed_work().
 * Return: Nothing; a failure other than -ENOENT is reported once per call
 * site.
 */
KWQ_API void cancel_delayed_work(struct delayed_work *dwork);
#define cancel_delayed_work(dwork)					\
	KWQ_COMPAT_CALL_QUIET_ENOENT("cancel_delayed_work",		\
				     remove_delayed_work((dwork)))

/**
 * cancel_delayed_work_sync() - remove_delayed_work_sync() that returns
 * nothing
 * @dwork: the item
 *
 * Context: As remove_delayed_work_sync().
 * Return: Nothing; a failure other than -ENOENT is reported once per call
 * site.
 */
KWQ_API void cancel_delayed_work_sync(struct delayed_work *dwork);
#define cancel_delayed_work_sync(dwork)					\
	KWQ_COMPAT_CALL_QUIET_ENOENT("cancel_delayed_work_sync",	\
				     remove_delayed_work_sync((dwork)))

/**
 * flush_work() - wait_for_work() that returns nothing
 * @work: the item
 *
 * Context: As wait_for_work().
 * Return: Nothing; a failure (-EINVAL, -EDEADLK) is reported once per call
 * site.
 */
KWQ_API void flush_work(struct work_struct *work);
#define flush_work(work) \
	KWQ_COMPAT_CALL_QUIET_ENOENT("flush_work", wait_for_work((work)))

/**
 * flush_delayed_work() - wait_for_delayed_work() that returns nothing
 * @dwork: the item
 *
 * Context: As wait_for_delayed_work().
 * Return: Nothing; a failure (-EINVAL, -EDEADLK) is reported once per call
 * site.
 */
KWQ_API void flush_delayed_work(struct delayed_work *dwork);
#define flush_delayed_work(dwork)					\
	KWQ_COMPAT_CALL_QUIET_ENOENT("flush_delayed_work",		\
				     wait_for_delayed_work((dwork)))

/**
 * mod_delayed_work() - rearm_delayed_work() that returns nothing
 * @wq: the queue
 * @dwork: the item
 * @delay: jiffies from now
 *
 * Context: As rearm_delayed_work().
 * Return: Nothing; a failure (-EINVAL, -ESHUTDOWN, or -EBUSY during a
 * remove_delayed_work_sync()) is reported once per call site.
 */
KWQ_API void mod_delayed_work(struct workqueue_struct *wq,
			      struct delayed_work *dwork, unsigned long delay);
#define mod_delayed_work(wq, dwork, delay)				\
	KWQ_COMPAT_CALL_QUIET_ENOENT("mod_delayed_work",		\
			rearm_delayed_work((wq), (dwork), (delay)))

/**
 * mod_delayed_work_on() - rearm_delayed_work_on() that returns nothing
 * @cpu: the CPU
 * @wq: the queue
 * @dwork: the item
 * @delay: jiffies from now
 *
 * Context: As rearm_delayed_work_on().
 * Return: Nothing; a failure is reported once per call site, as for
 * mod_delayed_work().
 */
KWQ_API void mod_delayed_work_on(int cpu, struct workqueue_struct *wq,
				 struct delayed_work *dwork,
				 unsigned long delay);
#define mod_delayed_work_on(cpu, wq, dwork, delay)			\
	KWQ_COMPAT_CALL_QUIET_ENOENT("mod_delayed_work_on",		\
			rearm_delayed_work_on((cpu), (wq), (dwork), (delay)))

#ifdef __cplusplus
}
#endif

#endif /* KWQ_COMPAT_H */
