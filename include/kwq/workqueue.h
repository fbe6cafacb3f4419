/* SPDX-License-Identifier: MIT */
/*
 * kwq: Linux-kernel-style workqueues for user-space C.
 *
 * This header is the kernel-compatible API: struct work_struct, INIT_WORK,
 * alloc_workqueue() and the add_* family of the 2006 proposal, which return 0
 * on success and a negative errno on failure, like every other action.  The
 * old names (queue_work() & co.) are void wrappers in <kwq/compat.h>, included
 * from here unless KWQ_NO_COMPAT is defined.  Names kwq adds of its own start
 * with kwq_ / KWQ_.
 *
 * The rule every function here follows: a function named as an action returns
 * 0 or a negative errno; a function named as a predicate returns a bool; a
 * constructor returns a pointer, or NULL with errno set.
 *
 * Link with -lkwq -pthread, or use pkg-config kwq.
 *
 * The header stays whole past 800 lines: it stands for the kernel's one
 * <linux/workqueue.h>, whose users expect each of its names here, and
 * most of its lines are the kernel-doc of each function.
 */
#ifndef KWQ_WORKQUEUE_H
#define KWQ_WORKQUEUE_H

#include <stdbool.h>
#include <stddef.h>

#include <kwq/version.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define KWQ_API __attribute__((visibility("default")))
#define KWQ_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define KWQ_API
#define KWQ_PRINTF(f, a)
#endif

#ifndef container_of
/**
 * container_of() - the structure that embeds @ptr as its member @member
 */
#define container_of(ptr, type, member) \
	((type *)(void *)((char *)(ptr) - offsetof(type, member)))
#endif

struct work_struct;
struct workqueue_struct;

/* A work item's function.  It may free or re-add the item that called it. */
typedef void (*work_func_t)(struct work_struct *work);

/* The link that puts a work item on kwq's lists; treat it as opaque. */
struct kwq_list_node {
	struct kwq_list_node *next;
	struct kwq_list_node *prev;
};

/*
 * A unit of deferred work.  Embed it in your own structure and use
 * container_of() in the function to get back to that structure.  All fields
 * are kwq's: set them only with INIT_WORK() or DECLARE_WORK().  The memory
 * must stay valid until the item is neither pending nor running.
 */
struct work_struct {
	unsigned long data;		/* state bits and owner, kwq's own */
	struct kwq_list_node entry;	/* on a worklist while queued */
	work_func_t func;
};

/* Set by INIT_WORK(), so that zeroed memory is told apart from a work item. */
#define KWQ_WORK_INIT_DATA	(1UL << 5)

/* C++ before C++20 has no designators: there, the fields in their order. */
#ifdef __cplusplus
#define __WORK_INITIALIZER(n, f)					\
	{ KWQ_WORK_INIT_DATA, { &(n).entry, &(n).entry }, (f) }
#else
#define __WORK_INITIALIZER(n, f) {					\
	.data = KWQ_WORK_INIT_DATA,					\
	.entry = { &(n).entry, &(n).entry },				\
	.func = (f),							\
}
#endif

/* Define and initialise a static work item @n running @f. */
#define DECLARE_WORK(n, f) struct work_struct n = __WORK_INITIALIZER(n, f)

/**
 * kwq_track_init() - show an INIT_WORK() to kwq's debug mode
 * @work: the item about to be initialised
 * @file: the caller's file (__FILE__)
 * @line: the caller's line (__LINE__)
 *
 * INIT_WORK() and INIT_DELAYED_WORK() call it.  In debug mode (environment
 * KWQ_DEBUG=1) it reports, through the warn handler, an item initialised
 * again while it is pending, and the memory of a pending item that was freed
 * and is being used again; otherwise it does nothing.
 *
 * Context: Any thread.
 * Return: 0 when @work may be initialised; -EBUSY when, in debug mode, it is
 * pending, so INIT_WORK() leaves it as it is.
 */
KWQ_API int kwq_track_init(struct work_struct *work, const char *file,
			   int line);

static inline void kwq_init_work(struct work_struct *work, work_func_t func)
{
	work->entry.next = &work->entry;
	work->entry.prev = &work->entry;
	work->func = func;
	__atomic_store_n(&work->data, KWQ_WORK_INIT_DATA, __ATOMIC_RELEASE);
}

/*
 * INIT_WORK() - prepare @w to run @f.  Never call it on an item that is
 * pending or running: initialise once, then add as often as you like.
 */
#define INIT_WORK(w, f) do {						\
	struct work_struct *kwq_w_ = (w);				\
									\
	if (!kwq_track_init(kwq_w_, __FILE__, __LINE__))		\
		kwq_init_work(kwq_w_, (f));				\
} while (0)

/* --- time -------------------------------------------------------------- */

/*
 * Delays are counted in jiffies of CLOCK_MONOTONIC, HZ per second, as in the
 * kernel; with HZ 1000 a jiffy is a millisecond.  Ported code may define HZ
 * itself (a compatibility header, -DHZ=1000): that is fine as long as it
 * agrees, since kwq's jiffies are milliseconds whatever the program says.
 */
/*
 * <sys/param.h> (which <uv.h> includes) defines HZ 100, the obsolete clock
 * tick of times(), unless HZ is defined already: included before it, this
 * header's HZ wins, so it wins after it too.
 */
#if defined(HZ) && defined(_SYS_PARAM_H) && HZ == 100
#undef HZ
#endif
#ifndef HZ
#define HZ 1000
#elif HZ != 1000
#error "kwq's jiffies are milliseconds: HZ must be 1000 (or left undefined)"
#endif

/*
 * A program that carries its own copy of the kernel's <linux/jiffies.h>
 * (bcachefs-tools does: docs/real-program.md) already defines these three,
 * as functions, which no #ifndef can see: it defines KWQ_NO_JIFFIES before
 * including this header, and kwq leaves its own out.  Its jiffies must be
 * milliseconds too, which the HZ check above makes sure of.
 */
#ifndef KWQ_NO_JIFFIES
static inline unsigned long msecs_to_jiffies(const unsigned int m)
{
	return m;
}

/* Rounds up: a delay never ends early. */
static inline unsigned long usecs_to_jiffies(const unsigned int u)
{
	return (u + 999UL) / 1000UL;
}

static inline unsigned int jiffies_to_msecs(const unsigned long j)
{
	return (unsigned int)j;
}
#endif /* KWQ_NO_JIFFIES */

/*
 * A work item that is added after a delay.  @work is an ordinary work item
 * once the delay has passed (to_delayed_work() goes back from it); the other
 * fields belong to kwq's timer wheel.
 */
struct delayed_work {
	struct work_struct work;
	struct kwq_list_node timer;	/* on a timer wheel slot while armed */
	unsigned long expires;		/* jiffy at which it is queued */
	struct workqueue_struct *wq;	/* the queue it goes to */
	void *base;			/* the wheel it is armed on, kwq's own */
	int cpu;			/* the CPU it runs on, or -1 */
};

/* Marks an item as part of a delayed_work, for remove_work() & co. */
#define KWQ_WORK_INIT_DELAYED_DATA (KWQ_WORK_INIT_DATA | (1UL << 6))

#ifdef __cplusplus
#define __DELAYED_WORK_INITIALIZER(n, f) {				\
	{ KWQ_WORK_INIT_DELAYED_DATA, { &(n).work.entry, &(n).work.entry },\
	  (f) },							\
	{ &(n).timer, &(n).timer }, 0, NULL, NULL, -1			\
}
#else
#define __DELAYED_WORK_INITIALIZER(n, f) {				\
	.work = {							\
		.data = KWQ_WORK_INIT_DELAYED_DATA,			\
		.entry = { &(n).work.entry, &(n).work.entry },		\
		.func = (f),						\
	},								\
	.timer = { &(n).timer, &(n).timer },				\
	.expires = 0,							\
	.wq = NULL,							\
	.base = NULL,							\
	.cpu = -1,							\
}
#endif

/* Define and initialise a static delayed work item @n running @f. */
#define DECLARE_DELAYED_WORK(n, f) \
	struct delayed_work n = __DELAYED_WORK_INITIALIZER(n, f)

static inline void kwq_init_delayed_work(struct delayed_work *dwork,
					 work_func_t func)
{
	kwq_init_work(&dwork->work, func);
	dwork->timer.next = &dwork->timer;
	dwork->timer.prev = &dwork->timer;
	dwork->expires = 0;
	dwork->wq = NULL;
	dwork->base = NULL;
	dwork->cpu = -1;
	__atomic_store_n(&dwork->work.data, KWQ_WORK_INIT_DELAYED_DATA,
			 __ATOMIC_RELEASE);
}

/* INIT_DELAYED_WORK() - prepare @dw to run @f; as INIT_WORK(). */
#define INIT_DELAYED_WORK(dw, f) do {					\
	struct delayed_work *kwq_dw_ = (dw);				\
									\
	if (!kwq_track_init(&kwq_dw_->work, __FILE__, __LINE__))	\
		kwq_init_delayed_work(kwq_dw_, (f));			\
} while (0)

/* The delayed_work whose work member is @w. */
static inline struct delayed_work *to_delayed_work(struct work_struct *w)
{
	return container_of(w, struct delayed_work, work);
}

/* --- creating and destroying queues ------------------------------------- */

enum {
	WQ_UNBOUND		= 1 << 1, /* not bound to the adding CPU */
	WQ_FREEZABLE		= 1 << 2, /* stops with kwq_freeze_workqueues() */
	WQ_MEM_RECLAIM		= 1 << 3, /* has a rescuer worker from the start */
	WQ_HIGHPRI		= 1 << 4, /* runs on the high-priority pools */
	WQ_CPU_INTENSIVE	= 1 << 5, /* items stand outside concurrency limits */

	WQ_MAX_ACTIVE		= 512,	  /* upper bound for max_active */
	WQ_DFL_ACTIVE		= 256,	  /* what max_active 0 means */
};

/**
 * alloc_workqueue() - create a workqueue
 * @fmt: printf-style format for the queue's name (as seen in diagnostics)
 * @flags: WQ_* flags
 * @max_active: how many items of this queue may run at once, per CPU for a
 *	bound queue, in all for a WQ_UNBOUND one; 0 means WQ_DFL_ACTIVE
 *
 * A bound queue (the default) runs an item on the CPU that added it, or on the
 * CPU given to an _on() function, in a pool of workers pinned to that CPU.  A
 * WQ_UNBOUND queue runs items on a pool whose workers may use every CPU of the
 * process.  The pools and their workers are shared by all queues; this call
 * makes sure the pools the queue uses have a worker.
 *
 * Context: Any thread, including a work item.  May sleep.
 * Return: The new queue, or NULL with errno set: EINVAL for a NULL @fmt,
 * unknown @flags or @max_active outside 0..WQ_MAX_ACTIVE; ENOMEM, or the
 * error of pthread_create() (EAGAIN), when memory or a worker is missing.
 */
KWQ_API struct workqueue_struct *alloc_workqueue(const char *fmt,
						 unsigned int flags,
						 int max_active, ...)
	KWQ_PRINTF(1, 4);

/**
 * alloc_ordered_workqueue() - create a queue that runs one item at a time
 * @fmt: printf-style format for the queue's name
 * @flags: WQ_* flags; WQ_UNBOUND is implied
 *
 * Items run one at a time, in the order in which they were added.
 *
 * Context: Any thread, including a work item.  May sleep.
 * Return: As alloc_workqueue().
 */
KWQ_API struct workqueue_struct *alloc_ordered_workqueue(const char *fmt,
							 unsigned int flags,
							 ...)
	KWQ_PRINTF(1, 3);

/* The kernel's legacy constructors. */
#define create_workqueue(name) \
	alloc_workqueue("%s", WQ_MEM_RECLAIM, 1, (name))
#define create_singlethread_workqueue(name) \
	alloc_ordered_workqueue("%s", WQ_MEM_RECLAIM, (name))

/**
 * destroy_workqueue() - run everything still queued on @wq, then free it
 * @wq: the queue; NULL is ignored
 *
 * Loses nothing: every item queued, and every delayed item whose timer is
 * still armed, runs before the queue goes away.  While it drains, adds from
 * outside fail with -ESHUTDOWN; items of @wq may still add to @wq without a
 * delay (chained work), but arming with a delay fails with -ESHUTDOWN even
 * from them, so that a periodic item runs once more and the destroy ends.
 * Calls that other threads make on @wq meanwhile get documented results
 * (destroy_workqueue(3)); flushes and drains under way are waited for, but
 * any other call must have returned by the time the queue's last item has
 * run.  The caller must not use @wq once it has returned (debug mode reports
 * such a use and refuses it with -EINVAL).  A system queue is never destroyed:
 * the first attempt is reported (KWQ_WARN_MISUSE, -EPERM), and none does
 * anything.
 *
 * Context: Any thread but a work item of @wq: called from one, it would wait
 * for itself, so it reports KWQ_WARN_INTERNAL (-EDEADLK) through the warn
 * handler and destroys nothing.  Sleeps until @wq is empty.
 */
KWQ_API void destroy_workqueue(struct workqueue_struct *wq);

/*
 * The system queues, created on first use (thread-safely).  They are
 * expressions, not variables: use them where the kernel's are used.  When the
 * first use cannot create one they are NULL and the add_* functions given one
 * fail with -EINVAL; add_work() and friends report the creation error.
 */
enum kwq_system_queue {
	KWQ_SYSTEM_WQ,		/* bound, for short items */
	KWQ_SYSTEM_HIGHPRI_WQ,	/* bound, high-priority pools */
	KWQ_SYSTEM_LONG_WQ,	/* bound, for items that may run long */
	KWQ_SYSTEM_UNBOUND_WQ,	/* unbound */
	KWQ_NR_SYSTEM_QUEUES
};

/**
 * kwq_system_queue() - one of the system queues, creating it on first use
 * @which: a KWQ_SYSTEM_* value
 *
 * Context: Any thread.  The first call for a queue may sleep.
 * Return: The queue, or NULL with errno set (EINVAL for an unknown @which,
 * or the error of alloc_workqueue()).
 */
KWQ_API struct workqueue_struct *kwq_system_queue(enum kwq_system_queue which);

#define system_wq		kwq_system_queue(KWQ_SYSTEM_WQ)
#define system_highpri_wq	kwq_system_queue(KWQ_SYSTEM_HIGHPRI_WQ)
#define system_long_wq		kwq_system_queue(KWQ_SYSTEM_LONG_WQ)
#define system_unbound_wq	kwq_system_queue(KWQ_SYSTEM_UNBOUND_WQ)

/* --- adding work: 0 on success, a negative errno on failure ------------- */

/**
 * add_work_to_q_on() - add a work item to a queue, to run on a given CPU
 * @cpu: the CPU to run it on (bound queues; checked but not used otherwise)
 * @wq: the queue
 * @work: the item, initialised with INIT_WORK() or DECLARE_WORK()
 *
 * If @work is not pending, it is queued and will run exactly once, unless a
 * remove that returns 0 removes it.  An item that is still running from an
 * earlier add is queued where it runs, so it never runs concurrently with
 * itself; one still running for another queue, on another pool, is queued
 * on @wq at once (flushes of @wq wait for it, an ordered @wq keeps the order
 * of adds), but starts only when that run has ended.  Never allocates; the
 * -EBUSY path is a single atomic operation.
 *
 * Context: Any thread, including a work item.  Never waits for other work;
 * it may briefly contend for a pool's lock.
 * Return: 0 when @work was queued.  -EBUSY when it was already pending
 * (nothing changes).  -EINVAL for a NULL argument, an item never initialised
 * that is zeroed memory (static storage, calloc(), memset() to 0), or a @cpu
 * this process may not run on.  -ESHUTDOWN when @wq is being drained or
 * destroyed and the caller is not one of its own work items.  Any other
 * memory never initialised (recycled heap, a stack left as it was) is
 * undefined: it may look pending (-EBUSY) or crash a worker; debug mode
 * (KWQ_DEBUG=1) reports it and stops the program.  In debug mode, -EINVAL
 * also for a destroyed @wq, with a report naming both call sites.
 */
KWQ_API int add_work_to_q_on(int cpu, struct workqueue_struct *wq,
			     struct work_struct *work);

/**
 * add_work_to_q() - add a work item to a queue
 * @wq: the queue
 * @work: the item
 *
 * As add_work_to_q_on(); a bound queue runs @work on the CPU that added it
 * (where the process may run), an unbound one wherever a worker is free.
 *
 * Context: Any thread, including a work item.  Never sleeps.
 * Return: 0, -EBUSY, -EINVAL or -ESHUTDOWN as for add_work_to_q_on().
 */
KWQ_API int add_work_to_q(struct workqueue_struct *wq,
			  struct work_struct *work);

/**
 * add_work() - add a work item to system_wq
 * @work: the item
 *
 * Context: Any thread, including a work item.  The first use of system_wq
 * may sleep while it is created.
 * Return: As add_work_to_q(), or the negative errno that kept system_wq from
 * being created.
 */
KWQ_API int add_work(struct work_struct *work);

/**
 * add_work_on() - add a work item to system_wq, to run on a given CPU
 * @cpu: the CPU
 * @work: the item
 *
 * Context: As add_work().
 * Return: As add_work_to_q_on(), or the negative errno that kept system_wq
 * from being created.
 */
KWQ_API int add_work_on(int cpu, struct work_struct *work);

/* --- adding delayed work ----------------------------------------------- */

/**
 * add_delayed_work_to_q_on() - add a work item to a queue after a delay
 * @cpu: the CPU to run it on (bound queues; checked but not used otherwise)
 * @wq: the queue
 * @dwork: the item, initialised with INIT_DELAYED_WORK()
 * @delay: jiffies to wait; 0 queues at once
 *
 * Arms @dwork's timer: once @delay jiffies have passed on CLOCK_MONOTONIC,
 * never earlier, the item is added to @wq as by add_work_to_q_on(), and it
 * runs exactly once unless a remove that returns 0 takes it back.  While armed
 * and while queued it is pending.  Arming never allocates and is O(1) however
 * many items are armed.
 *
 * Context: Any thread, including a work item.  Never sleeps.
 * Return: 0 when @dwork was armed (or queued, for a 0 @delay).  -EBUSY when it
 * was already pending, armed or queued (nothing changes).  -EINVAL for a NULL
 * argument, an item never initialised with INIT_DELAYED_WORK() that is
 * zeroed memory, or a @cpu this process may not run on.  -ESHUTDOWN when @wq
 * is being drained or destroyed and the caller is not one of its own work
 * items, or, with a nonzero @delay, once destroy_workqueue() of @wq has
 * begun.  Other memory never initialised is undefined, as for
 * add_work_to_q_on().
 */
KWQ_API int add_delayed_work_to_q_on(int cpu, struct workqueue_struct *wq,
				     struct delayed_work *dwork,
				     unsigned long delay);

/**
 * add_delayed_work_to_q() - add a work item to a queue after a delay
 * @wq: the queue
 * @dwork: the item
 * @delay: jiffies to wait; 0 queues at once
 *
 * As add_delayed_work_to_q_on(); on a bound queue the item runs on the CPU
 * that armed it (where the process may run).
 *
 * Context: Any thread, including a work item.  Never sleeps.
 * Return: As add_delayed_work_to_q_on().
 */
KWQ_API int add_delayed_work_to_q(struct workqueue_struct *wq,
				  struct delayed_work *dwork,
				  unsigned long delay);

/**
 * add_delayed_work() - add a work item to system_wq after a delay
 * @dwork: the item
 * @delay: jiffies to wait
 *
 * Context: As add_work().
 * Return: As add_delayed_work_to_q(), or the negative errno that kept
 * system_wq from being created.
 */
KWQ_API int add_delayed_work(struct delayed_work *dwork, unsigned long delay);

/**
 * add_delayed_work_on() - add a work item to system_wq after a delay, to run
 * on a given CPU
 * @cpu: the CPU
 * @dwork: the item
 * @delay: jiffies to wait
 *
 * Context: As add_work().
 * Return: As add_delayed_work_to_q_on(), or the negative errno that kept
 * system_wq from being created.
 */
KWQ_API int add_delayed_work_on(int cpu, struct delayed_work *dwork,
				unsigned long delay);

/**
 * rearm_delayed_work_on() - (re)arm a delayed work item, pending or not
 * @cpu: the CPU to run it on
 * @wq: the queue
 * @dwork: the item
 * @delay: jiffies from now; 0 queues at once
 *
 * If @dwork is armed or queued, it is taken back first (as a remove would,
 * without waiting for a running instance); then it is armed for @delay from
 * now.  The usual way to push a timeout back.
 *
 * Context: Any thread, including a work item.  Does not block: it may only
 * wait out another thread's add or arm of @dwork under way (sleeping a
 * moment if it preempted that thread there).
 * Return: 0 when @dwork is armed (or queued).  -EINVAL for a NULL argument, an
 * item never initialised (in debug mode also memory that holds no delayed
 * item, reported) or an invalid @cpu.  -EBUSY while a
 * remove_delayed_work_sync() of @dwork is under way (as an add would).
 * -ESHUTDOWN as for the add functions; the item is then left as it was.
 */
KWQ_API int rearm_delayed_work_on(int cpu, struct workqueue_struct *wq,
				  struct delayed_work *dwork,
				  unsigned long delay);

/**
 * rearm_delayed_work() - (re)arm a delayed work item, pending or not
 * @wq: the queue
 * @dwork: the item
 * @delay: jiffies from now
 *
 * As rearm_delayed_work_on(), on the CPU that calls it (bound queues).
 *
 * Context: As rearm_delayed_work_on().
 * Return: As rearm_delayed_work_on().
 */
KWQ_API int rearm_delayed_work(struct workqueue_struct *wq,
			       struct delayed_work *dwork, unsigned long delay);

/*
 * --- waiting and cancelling: 0 or a negative errno ----------------------
 *
 * The kernel's cancel_work(), cancel_work_sync(), cancel_delayed_work(),
 * cancel_delayed_work_sync(), flush_work(), flush_delayed_work() and the
 * mod_delayed_work() pair return a bool, true for "it was pending" or "it
 * waited".  Here those names are void wrappers in <kwq/compat.h>, so that
 * ported code testing them stops compiling instead of reading 0 as false;
 * the actions below are their 0 / negative errno forms.
 */

/**
 * wait_for_work() - wait until the last queued instance of @work finishes
 * @work: the item
 *
 * Returns at once when no instance of @work is queued or running.  A
 * delayed item whose timer is still armed is not waited for (use
 * wait_for_delayed_work()).  Adds made after the call are not waited for.
 *
 * Context: Any thread but @work itself.  Sleeps.
 * Return: 0 once nothing that was queued before the call remains; -EINVAL for
 * a NULL or never-initialised item (in debug mode also memory that holds no
 * item, reported); -EDEADLK when called from @work itself, which could never
 * finish, or from an item of the ordered queue @work is queued on (in debug
 * mode also from an item that re-added itself there, ahead of @work).
 */
KWQ_API int wait_for_work(struct work_struct *work);

/**
 * flush_workqueue() - wait for every item queued on @wq before the call
 * @wq: the queue
 *
 * Items added while it waits (including chained ones) are not waited for,
 * nor are delayed items whose timers have not yet expired.
 *
 * Context: Any thread but a work item of @wq.  Sleeps.
 * Return: 0; -EINVAL for a NULL @wq (in debug mode also a destroyed one,
 * reported); -EDEADLK when called from a work item of @wq (in debug mode
 * also from one pending on @wq again, whose new instance waits for this run;
 * elsewhere that waits for ever, as in the kernel: kwq(7)).
 */
KWQ_API int flush_workqueue(struct workqueue_struct *wq);

/**
 * drain_workqueue() - flush @wq until it is empty, chained work included
 * @wq: the queue
 *
 * While it runs, adds to @wq from outside its own work items fail with
 * -ESHUTDOWN; afterwards the queue accepts work again.  Delayed items whose
 * timers are still armed stay armed (destroy_workqueue() runs them instead).
 *
 * Context: Any thread but a work item of @wq.  Sleeps.
 * Return: 0; -EINVAL for a NULL @wq (in debug mode also a destroyed one,
 * reported); -EDEADLK from a work item of @wq (in debug mode also from one
 * pending on @wq again).
 */
KWQ_API int drain_workqueue(struct workqueue_struct *wq);

/**
 * remove_work() - remove a pending instance of @work
 * @work: the item
 *
 * Does not wait for an instance that is already running.
 *
 * Context: Any thread, including a work item.  Does not block: it may only
 * wait out another thread's add of @work under way (sleeping a moment if it
 * preempted that thread there).
 * Return: 0 when a pending instance was removed (it will not run); -ENOENT
 * when nothing was pending; -EINVAL for a NULL or never-initialised item (in
 * debug mode also memory that holds no item, reported).
 */
KWQ_API int remove_work(struct work_struct *work);

/**
 * remove_work_sync() - remove a pending instance and wait for a running one
 * @work: the item
 *
 * On return @work is neither pending nor running, so its memory may be freed
 * if nothing adds it again.  Adds made while it waits fail with -EBUSY.
 *
 * Context: Any thread but @work itself.  Sleeps.
 * Return: 0 when a pending instance was removed; -ENOENT when nothing was
 * pending (a running instance was still waited for); -EINVAL for a NULL or
 * never-initialised item (in debug mode also memory that holds no item,
 * reported); -EDEADLK when called from @work itself (nothing is done).
 */
KWQ_API int remove_work_sync(struct work_struct *work);

/**
 * wait_for_delayed_work() - queue an armed item now, then wait for it
 * @dwork: the item
 *
 * If the timer of @dwork is armed, the item is queued at once on the queue
 * and CPU it was armed for; then, as wait_for_work(), the last queued instance
 * is waited for.
 *
 * Context: Any thread but @dwork itself.  Sleeps.
 * Return: 0; -EINVAL for a NULL or never-initialised item (in debug mode
 * also memory that holds no delayed item, reported); -EDEADLK when called
 * from @dwork itself, or as for wait_for_work().
 */
KWQ_API int wait_for_delayed_work(struct delayed_work *dwork);

/**
 * remove_delayed_work() - disarm or dequeue a pending delayed work item
 * @dwork: the item
 *
 * Does not wait for an instance that is already running.
 *
 * Context: Any thread, including a work item.  Does not block: it may only
 * wait out another thread's add or arm of @dwork under way (sleeping a
 * moment if it preempted that thread there).
 * Return: 0 when a pending instance, armed or queued, was removed; -ENOENT
 * when nothing was pending; -EINVAL for a NULL or never-initialised item (in
 * debug mode also memory that holds no delayed item, reported).
 */
KWQ_API int remove_delayed_work(struct delayed_work *dwork);

/**
 * remove_delayed_work_sync() - remove_delayed_work(), then wait for a
 * running instance
 * @dwork: the item
 *
 * On return @dwork is neither armed, queued nor running.  Adds made while it
 * waits fail with -EBUSY.
 *
 * Context: Any thread but @dwork itself.  Sleeps.
 * Return: As remove_work_sync().
 */
KWQ_API int remove_delayed_work_sync(struct delayed_work *dwork);

/* --- predicates --------------------------------------------------------- */

/**
 * work_pending() - is @work queued and not yet started?
 * @work: the item
 *
 * The answer may be stale as soon as it is returned unless the caller
 * excludes concurrent adds, runs and cancels by other means.
 *
 * Context: Any thread.  Never sleeps.
 * Return: true if @work is pending.
 */
static inline bool work_pending(const struct work_struct *work)
{
	return __atomic_load_n(&work->data, __ATOMIC_ACQUIRE) & 1UL;
}

/**
 * delayed_work_pending() - is @dwork armed or queued, and not yet started?
 * @dwork: the item
 *
 * Context: Any thread.  Never sleeps.
 * Return: true if @dwork is pending.
 */
static inline bool delayed_work_pending(const struct delayed_work *dwork)
{
	return work_pending(&dwork->work);
}

/**
 * current_is_workqueue_worker() - is the caller a kwq worker thread?
 *
 * Context: Any thread.
 * Return: true inside a work item's function (or any code a worker runs).
 */
KWQ_API bool current_is_workqueue_worker(void);

/**
 * current_work() - the work item the calling thread is running
 *
 * Context: Any thread.
 * Return: The item whose function is running on this thread, or NULL.
 */
KWQ_API struct work_struct *current_work(void);

/* --- kwq's own additions ------------------------------------------------ */

/* What a warning is about. */
enum kwq_warning_kind {
	KWQ_WARN_COMPAT_ADD_FAILED,	/* an old void name's add failed */
	KWQ_WARN_INTERNAL,		/* kwq could not do something it tried */
	KWQ_WARN_LOCKUP,		/* a pool made no progress for too long */
	KWQ_WARN_MISUSE,		/* debug mode: the API was misused */
	KWQ_WARN_COMPAT_FAILED,		/* an old void cancel/flush/mod failed */
};

/* One warning, as handed to the handler; valid only during the call. */
struct kwq_warning {
	enum kwq_warning_kind kind;
	const char *file;	/* the caller's source file, or NULL */
	int line;		/* the caller's line, or 0 */
	const char *func;	/* the kwq function concerned */
	int err;		/* the negative errno involved, or 0 */
	const char *message;	/* one line of text, without a newline */
};

/**
 * kwq_set_warn_handler() - route kwq's warnings to @handler
 * @handler: called once per warning, from the thread that caused it; NULL
 *	restores the default, which prints one line on stderr
 *
 * The handler must not call back into kwq functions that may sleep.
 *
 * Context: Any thread.
 */
KWQ_API void kwq_set_warn_handler(void (*handler)(const struct kwq_warning *w));

/**
 * kwq_warn_compat() - report a failure of an old void name
 * @file: the caller's file (__FILE__)
 * @line: the caller's line (__LINE__)
 * @func: the old name that was called
 * @err: the negative errno its action returned
 *
 * Used by the macros in <kwq/compat.h>, which call it once per call site.
 * A failed add (queue_work() & co.) is reported as
 * KWQ_WARN_COMPAT_ADD_FAILED; a failed cancel_*(), flush_*work() or
 * mod_delayed_work*() as KWQ_WARN_COMPAT_FAILED, naming the action to use.
 *
 * Context: Any thread.
 */
KWQ_API void kwq_warn_compat(const char *file, int line, const char *func,
			     int err);

/**
 * kwq_set_idle_timeout() - how long an idle worker waits before it retires
 * @msecs: the timeout in milliseconds, at least 1
 *
 * A pool keeps one worker however long it idles; the others retire once
 * they have been idle for @msecs.  The default is 5000, or the value of the
 * environment variable KWQ_IDLE_TIMEOUT_MS when kwq starts; a call to this
 * function takes precedence over both.  Workers already idle keep the
 * timeout they went to sleep with.
 *
 * Context: Any thread.
 * Return: 0; -EINVAL for 0.
 */
KWQ_API int kwq_set_idle_timeout(unsigned int msecs);

/**
 * kwq_set_watchdog_thresh() - set the lockup watchdog's threshold
 * @msecs: how long a pool may have items waiting without starting any
 *	before it is reported; 0 turns the watchdog off
 *
 * A stalled pool is reported once per stall through the warn handler
 * (KWQ_WARN_LOCKUP), naming the pool, how long it has been stuck, the queue
 * whose item waits and the function running on it.  The default is 30000.
 *
 * Context: Any thread.
 * Return: 0.
 */
KWQ_API int kwq_set_watchdog_thresh(unsigned int msecs);

/**
 * kwq_set_worker_limit() - cap the number of kwq's worker threads
 * @max: the most workers the process may have, over all pools; 0 for no
 *	cap (the default)
 *
 * Without a cap, each pool starts workers as its items need them: more
 * when items block (the concurrency manager starts one for every item
 * waiting behind a blocked worker), up to 512 per pool; max_active bounds the items of one queue
 * that run at once, not the threads.  With a cap, no worker is started
 * beyond it: items wait on their pool until one of its workers is free, or
 * until an idle worker of another pool, asked to leave, frees a slot.
 * Nothing queued is lost, and the rescuer of a WQ_MEM_RECLAIM queue still
 * runs that queue's items when no worker can be had.  The rescuers, the
 * timer thread and the manager do not count.  Lowering the cap stops new
 * workers; those beyond it are not stopped, but retire at their idle
 * timeout as idle workers do (a pool keeps its last).  The default is no cap,
 * or the environment variable KWQ_WORKER_LIMIT when kwq starts; a call to
 * this function takes precedence over both.
 *
 * Context: Any thread.
 * Return: 0.
 */
KWQ_API int kwq_set_worker_limit(unsigned int max);

/**
 * kwq_set_worker_stack() - set the stack size of the threads kwq starts
 * @bytes: the stack size, at least 65536; 0 for the default of new
 *	threads (RLIMIT_STACK, often 8 MiB)
 *
 * Applies to every thread kwq starts after the call: workers, rescuers,
 * and the timer and manager threads when they start.  Threads already
 * running keep their stack.  The default is the environment variable
 * KWQ_WORKER_STACK when kwq starts (bytes, or with a k or m suffix); a
 * call to this function takes precedence over it.
 *
 * Context: Any thread.
 * Return: 0; -EINVAL for a size below 65536 other than 0, or above what a
 * thread could be given: the memory and swap of the machine, or half the
 * address space the process may map (RLIMIT_AS).
 */
KWQ_API int kwq_set_worker_stack(size_t bytes);

/**
 * kwq_set_thread_hooks() - run the program's code on each thread kwq starts
 * @start: called on each thread kwq starts (workers, rescuers, the timer
 *	thread and the manager), before it runs anything else; NULL for none
 * @stop: called on each such thread as it ends, after its last work item
 *	(a worker that retires at its idle timeout ends), no longer a worker
 *	(current_is_workqueue_worker() is false there); NULL for none
 *
 * For programs whose code needs each thread set up before it runs there:
 * registered with liburcu, given a thread-local task of its own (the
 * "current" of a kernel-emulation layer, as bcachefs-tools has:
 * docs/real-program.md), and torn down as it ends.  Every thread kwq
 * starts runs the hooks in force when it started, so they can be set
 * only before kwq starts its first thread (its first alloc_workqueue(),
 * system queue or completion queue), from a constructor or the start of
 * main().  The hooks run with every signal blocked; they must not wait for
 * work items.  A fork() child's kwq starts threads of its own, which run
 * @start again.
 *
 * Context: Any thread, before kwq has started a thread.
 * Return: 0; -EBUSY once kwq has started a thread, which would not have
 * run @start (the hooks are then left as they were).
 */
KWQ_API int kwq_set_thread_hooks(void (*start)(void), void (*stop)(void));

/**
 * kwq_freeze_workqueues() - stop the WQ_FREEZABLE queues from running items
 *
 * Items already running finish first: on return no item of a freezable
 * queue runs, and none starts until kwq_thaw_workqueues().  Adds (and
 * expiring delayed items) still succeed; their items wait.  Other queues
 * are not affected.  A flush of a frozen queue waits for the thaw.
 *
 * Context: Any thread but a work item of a freezable queue.  Sleeps until
 * the running items have finished.
 * Return: 0; -EALREADY when already frozen; -EDEADLK from a work item of a
 * freezable queue, which would wait for itself.
 */
KWQ_API int kwq_freeze_workqueues(void);

/**
 * kwq_thaw_workqueues() - let the WQ_FREEZABLE queues run items again
 *
 * Items added while frozen run in the order they were added.
 *
 * Context: Any thread.
 * Return: 0; -EALREADY when not frozen.
 */
KWQ_API int kwq_thaw_workqueues(void);

#ifdef __cplusplus
}
#endif

#ifndef KWQ_NO_COMPAT
#include <kwq/compat.h>
#endif

#endif /* KWQ_WORKQUEUE_H */
