// SPDX-License-Identifier: MIT
/*
 * The old void names.
 *
 * <kwq/compat.h> makes queue_work(), cancel_work() and friends statement
 * macros that warn once per call site.  The functions here are the same
 * names as real symbols, for code that takes their address: such a caller
 * has no file and line to report, so it is named by its return address,
 * once per address.  The warnings themselves go through warn.c.
 */
#include "internal.h"

#include <string.h>

#undef queue_work
#undef queue_work_on
#undef schedule_work
#undef schedule_work_on
#undef queue_delayed_work
#undef queue_delayed_work_on
#undef schedule_delayed_work
#undef schedule_delayed_work_on
#undef cancel_work
#undef cancel_work_sync
#undef cancel_delayed_work
#undef cancel_delayed_work_sync
#undef flush_work
#undef flush_delayed_work
#undef mod_delayed_work
#undef mod_delayed_work_on


/*
 * The old names that are not adds, with the action that returns what they
 * did.  Their failures are not "an add failed", so they have their own kind.
 */
static const char *const not_adds[][2] = {
	{ "cancel_work", "remove_work" },
	{ "cancel_work_sync", "remove_work_sync" },
	{ "cancel_delayed_work", "remove_delayed_work" },
	{ "cancel_delayed_work_sync", "remove_delayed_work_sync" },
	{ "flush_work", "wait_for_work" },
	{ "flush_delayed_work", "wait_for_delayed_work" },
	{ "mod_delayed_work", "rearm_delayed_work" },
	{ "mod_delayed_work_on", "rearm_delayed_work_on" },
};

static const char *action_of(const char *func)
{
	for (size_t i = 0; func && i < sizeof(not_adds) / sizeof(*not_adds);
	     i++)
		if (!strcmp(func, not_adds[i][0]))
			return not_adds[i][1];
	return NULL;
}

static const char *err_text(const char *func, int err)
{
	switch (err) {
	case -EBUSY:
		return action_of(func) ? "a sync cancel owns the item" :
			"already pending";
	case -EINVAL:
		return "invalid argument";
	case -ESHUTDOWN:
		return "queue is being drained or destroyed";
	case -EDEADLK:
		return "called from the work item itself";
	default:
		return strerror(-err);
	}
}

static enum kwq_warning_kind kind_of(const char *func)
{
	return action_of(func) ? KWQ_WARN_COMPAT_FAILED :
		KWQ_WARN_COMPAT_ADD_FAILED;
}

void kwq_warn_compat(const char *file, int line, const char *func, int err)
{
	const char *act = action_of(func);

	if (act)
		kwq__warn(KWQ_WARN_COMPAT_FAILED, file, line, func, err,
			  "%s() failed: %s (%d); use %s() to check the result",
			  func, err_text(func, err), err, act);
	else
		kwq__warn(KWQ_WARN_COMPAT_ADD_FAILED, file, line, func, err,
			  "%s() failed: %s (%d); use add_*() to check the "
			  "result, or (void)add_*() to ignore it", func,
			  err_text(func, err), err);
}

/*
 * The addresses that have warned: an open-addressed set that doubles at half
 * full, so that each address warns once however many there are.  Only a
 * failed call of an old name comes here, so a lock costs nothing that
 * matters; it is a leaf (nothing else is taken under it), taken last by
 * fork's prepare handler so that the child finds the set whole.
 */
static pthread_mutex_t seen_lock = PTHREAD_MUTEX_INITIALIZER;
static void **seen;
static size_t seen_cap, seen_nr;

static size_t slot_of(void *addr, size_t cap)
{
	return ((uintptr_t)addr >> 2) * 0x9e3779b97f4a7c15ULL & (cap - 1);
}

static void seen_add_locked(void **set, size_t cap, void *addr)
{
	size_t i = slot_of(addr, cap);

	while (set[i])
		i = (i + 1) & (cap - 1);
	set[i] = addr;
}

/* Make room for one more; false if memory is short (then warn anyway). */
static bool seen_grow_locked(void)
{
	size_t cap = seen_cap ? seen_cap * 2 : 64;
	void **set;

	if (2 * (seen_nr + 1) <= seen_cap)
		return true;
	set = calloc(cap, sizeof(*set));
	if (!set)
		return false;
	for (size_t i = 0; i < seen_cap; i++)
		if (seen[i])
			seen_add_locked(set, cap, seen[i]);
	free(seen);
	seen = set;
	seen_cap = cap;
	return true;
}

/* Has @addr warned before?  Records it if not. */
static bool seen_before(void *addr)
{
	bool found = false;
	size_t i;

	pthread_mutex_lock(&seen_lock);
	for (i = seen_cap ? slot_of(addr, seen_cap) : 0;
	     seen_cap && seen[i]; i = (i + 1) & (seen_cap - 1)) {
		if (seen[i] == addr) {
			found = true;
			goto out;
		}
	}
	if (seen_grow_locked()) {
		seen_add_locked(seen, seen_cap, addr);
		seen_nr++;
	}
out:
	pthread_mutex_unlock(&seen_lock);
	return found;
}

void kwq__compat_lock(int lock)
{
	if (lock)
		pthread_mutex_lock(&seen_lock);
	else
		pthread_mutex_unlock(&seen_lock);
}

/*
 * Warn once per calling address.  Short of memory to record one, it warns
 * every time: a failure never goes unreported.
 */
static void warn_by_address(const char *func, int err, void *caller)
{
	char where[192], at[128];

	if (caller && seen_before(caller))
		return;
	kwq__site(caller, at, sizeof(at));
	snprintf(where, sizeof(where), "%s called from %s", func, at);
	kwq__warn(kind_of(func), NULL, 0, func, err,
		  "%s: failed: %s (%d)", where, err_text(func, err), err);
}

void queue_work(struct workqueue_struct *wq, struct work_struct *work)
{
	int err = add_work_to_q(wq, work);

	if (err)
		warn_by_address("queue_work", err,
				__builtin_return_address(0));
}

void queue_work_on(int cpu, struct workqueue_struct *wq,
		   struct work_struct *work)
{
	int err = add_work_to_q_on(cpu, wq, work);

	if (err)
		warn_by_address("queue_work_on", err,
				__builtin_return_address(0));
}

void schedule_work(struct work_struct *work)
{
	int err = add_work(work);

	if (err)
		warn_by_address("schedule_work", err,
				__builtin_return_address(0));
}

void schedule_work_on(int cpu, struct work_struct *work)
{
	int err = add_work_on(cpu, work);

	if (err)
		warn_by_address("schedule_work_on", err,
				__builtin_return_address(0));
}

void queue_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
			unsigned long delay)
{
	int err = add_delayed_work_to_q(wq, dwork, delay);

	if (err)
		warn_by_address("queue_delayed_work", err,
				__builtin_return_address(0));
}

void queue_delayed_work_on(int cpu, struct workqueue_struct *wq,
			   struct delayed_work *dwork, unsigned long delay)
{
	int err = add_delayed_work_to_q_on(cpu, wq, dwork, delay);

	if (err)
		warn_by_address("queue_delayed_work_on", err,
				__builtin_return_address(0));
}

void schedule_delayed_work(struct delayed_work *dwork, unsigned long delay)
{
	int err = add_delayed_work(dwork, delay);

	if (err)
		warn_by_address("schedule_delayed_work", err,
				__builtin_return_address(0));
}

void schedule_delayed_work_on(int cpu, struct delayed_work *dwork,
			      unsigned long delay)
{
	int err = add_delayed_work_on(cpu, dwork, delay);

	if (err)
		warn_by_address("schedule_delayed_work_on", err,
				__builtin_return_address(0));
}

/*
 * The names whose action returns -ENOENT for "nothing was pending": that is
 * no failure, so only the others are reported.
 */
static void warn_unless_enoent(const char *func, int err, void *caller)
{
	if (err && err != -ENOENT)
		warn_by_address(func, err, caller);
}

void cancel_work(struct work_struct *work)
{
	warn_unless_enoent("cancel_work", remove_work(work),
			   __builtin_return_address(0));
}

void cancel_work_sync(struct work_struct *work)
{
	warn_unless_enoent("cancel_work_sync", remove_work_sync(work),
			   __builtin_return_address(0));
}

void cancel_delayed_work(struct delayed_work *dwork)
{
	warn_unless_enoent("cancel_delayed_work", remove_delayed_work(dwork),
			   __builtin_return_address(0));
}

void cancel_delayed_work_sync(struct delayed_work *dwork)
{
	warn_unless_enoent("cancel_delayed_work_sync",
			   remove_delayed_work_sync(dwork),
			   __builtin_return_address(0));
}

void flush_work(struct work_struct *work)
{
	warn_unless_enoent("flush_work", wait_for_work(work),
			   __builtin_return_address(0));
}

void flush_delayed_work(struct delayed_work *dwork)
{
	warn_unless_enoent("flush_delayed_work", wait_for_delayed_work(dwork),
			   __builtin_return_address(0));
}

void mod_delayed_work(struct workqueue_struct *wq, struct delayed_work *dwork,
		      unsigned long delay)
{
	warn_unless_enoent("mod_delayed_work",
			   rearm_delayed_work(wq, dwork, delay),
			   __builtin_return_address(0));
}

void mod_delayed_work_on(int cpu, struct workqueue_struct *wq,
			 struct delayed_work *dwork, unsigned long delay)
{
	warn_unless_enoent("mod_delayed_work_on",
			   rearm_delayed_work_on(cpu, wq, dwork, delay),
			   __builtin_return_address(0));
}
