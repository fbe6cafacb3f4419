// SPDX-License-Identifier: MIT
/*
 * Debug mode: misuse detection in the spirit of the kernel's debugobjects
 * and lockdep, on with the environment variable KWQ_DEBUG=1 (or a build with
 * -DKWQ_DEBUG_DEFAULT=1).
 *
 * It keeps a table of the items that are pending, with the address of the
 * code that added each, so that it can name both call sites when an item is
 * initialised again while pending (the init is refused, since it would
 * corrupt the list the item is on), or when the memory of a pending item is
 * added or initialised anew after being freed (the queue that still links it
 * is then corrupt: kwq reports and stops the program).  And it records which
 * queue's items flush which queue: a new dependency that closes a cycle is a
 * deadlock waiting to happen, and is reported at once, even though this run
 * did not deadlock.  Reports go through the warn handler (KWQ_WARN_MISUSE),
 * always after debug_lock is released, so a handler may use kwq.  Off, debug
 * mode costs a predictable branch per add and per item run, and an
 * out-of-line call per INIT_WORK().
 */
#include "internal.h"

#include <string.h>

#define TABLE_SIZE	(1 << 16)	/* pending items tracked at most */
#define MAX_EDGES	1024		/* flush dependencies remembered */
#define TOMB		((struct work_struct *)1)

int kwq__debug_on = KWQ_DEBUG_DEFAULT;

struct pending_rec {
	struct work_struct *w;		/* NULL: free; TOMB: was used */
	void *caller;			/* the add's return address */
	struct workqueue_struct *wq;
};

struct edge {
	struct workqueue_struct *from;	/* a queue whose item flushed... */
	struct workqueue_struct *to;	/* ...this queue, or an item of it */
	void *caller;			/* where */
	work_func_t func;		/* in which item */
};

static pthread_mutex_t debug_lock = PTHREAD_MUTEX_INITIALIZER;
static struct pending_rec *table;	/* debug_lock */
static int nr_tombs;			/* debug_lock: slots to reclaim */
static int table_full;			/* debug_lock: warned once */
static struct edge edges[MAX_EDGES];	/* debug_lock */
static int nr_edges;			/* debug_lock */

void kwq__debug_init(void)
{
	const char *env = getenv("KWQ_DEBUG");

	if (env && *env)
		kwq__debug_on = strcmp(env, "0") != 0;
	if (kwq__debug_on && !table) {
		table = calloc(TABLE_SIZE, sizeof(*table));
		if (!table)
			kwq__debug_on = 0;
	}
}

static unsigned int slot_of(const struct work_struct *w)
{
	return ((uintptr_t)w >> 5) * 0x9e3779b97f4a7c15ULL >> 48;
}

/* The record of @w, or NULL.  debug_lock held. */
static struct pending_rec *find_locked(const struct work_struct *w)
{
	for (unsigned int i = slot_of(w), n = 0; n < TABLE_SIZE;
	     i = (i + 1) & (TABLE_SIZE - 1), n++) {
		if (table[i].w == w)
			return &table[i];
		if (!table[i].w)
			return NULL;
	}
	return NULL;
}

static void describe(void *addr, char *buf, size_t len)
{
	kwq__symbol(addr, buf, len);
}

/* Stop: a queue links memory that is something else now.  Unlocked. */
static void corrupt(const char *what, const struct pending_rec *rec,
		    const char *where)
{
	char added[128];

	describe(rec->caller, added, sizeof(added));
	kwq__warn(KWQ_WARN_MISUSE, NULL, 0, "debug", -EFAULT,
		  "memory of a work item still pending on '%s' (added at %s) was freed and %s at %s; the queue is corrupt",
		  rec->wq->name, added, what, where);
	abort();
}

/* Put every live record back in place, dropping the tombstones. */
static void rehash_locked(void)
{
	struct pending_rec *old = table;

	table = calloc(TABLE_SIZE, sizeof(*table));
	if (!table) {
		table = old;
		return;
	}
	nr_tombs = 0;
	for (int i = 0; i < TABLE_SIZE; i++) {
		unsigned int j;

		if (!old[i].w || old[i].w == TOMB)
			continue;
		j = slot_of(old[i].w);
		while (table[j].w)
			j = (j + 1) & (TABLE_SIZE - 1);
		table[j] = old[i];
	}
	free(old);
}

void kwq__debug_added(struct work_struct *w, struct workqueue_struct *wq,
		      void *caller)
{
	struct pending_rec *rec, seen;
	int full = 0;
	char here[128];

	pthread_mutex_lock(&debug_lock);
	rec = find_locked(w);
	if (rec) {
		/* We just won PENDING, yet it was pending: not the same item. */
		seen = *rec;
		pthread_mutex_unlock(&debug_lock);
		describe(caller, here, sizeof(here));
		corrupt("added again", &seen, here);
	}
	for (unsigned int i = slot_of(w), n = 0; n < TABLE_SIZE;
	     i = (i + 1) & (TABLE_SIZE - 1), n++) {
		if (table[i].w && table[i].w != TOMB)
			continue;
		nr_tombs -= table[i].w == TOMB;
		table[i] = (struct pending_rec){ w, caller, wq };
		goto out;
	}
	full = !table_full++;
out:
	pthread_mutex_unlock(&debug_lock);
	if (full)
		kwq__warn(KWQ_WARN_INTERNAL, NULL, 0, "debug", -ENOSPC,
			  "debug mode tracks at most %d pending items",
			  TABLE_SIZE);
}

void kwq__debug_idle(struct work_struct *w)
{
	struct pending_rec *rec;

	pthread_mutex_lock(&debug_lock);
	rec = find_locked(w);
	if (rec) {
		rec->w = TOMB;
		/* Long probe chains of tombstones would slow every look-up. */
		if (++nr_tombs > TABLE_SIZE / 4)
			rehash_locked();
	}
	pthread_mutex_unlock(&debug_lock);
}

int kwq_track_init(struct work_struct *work, const char *file, int line)
{
	struct pending_rec *rec, seen;
	char here[160], added[128];

	if (likely(!__atomic_load_n(&kwq__debug_on, __ATOMIC_RELAXED)) || !work)
		return 0;
	pthread_mutex_lock(&debug_lock);
	rec = find_locked(work);
	if (!rec) {
		pthread_mutex_unlock(&debug_lock);
		return 0;
	}
	seen = *rec;
	pthread_mutex_unlock(&debug_lock);
	snprintf(here, sizeof(here), "%s:%d", file, line);
	if (!(work_data(work) & WORK_PENDING))
		corrupt("initialised again", &seen, here);
	describe(seen.caller, added, sizeof(added));
	kwq__warn(KWQ_WARN_MISUSE, file, line, "INIT_WORK", -EBUSY,
		  "INIT_WORK() of an item pending on '%s' since it was added at %s; not initialised",
		  seen.wq->name, added);
	return -EBUSY;
}

/* Can @from be reached from @to along the recorded dependencies? */
static int reaches_locked(struct workqueue_struct *to,
			  struct workqueue_struct *from, int depth)
{
	if (to == from)
		return 1;
	if (depth > 16)
		return 0;
	for (int i = 0; i < nr_edges; i++)
		if (edges[i].from == to &&
		    reaches_locked(edges[i].to, from, depth + 1))
			return i + 1;
	return 0;
}

/*
 * An item of the caller's queue waits for @to (a flush of it, or of one of
 * its items): record the dependency, and report it if it closes a cycle.
 */
void kwq__debug_flush(struct workqueue_struct *to, void *caller)
{
	struct kwq__worker *me = kwq__self;
	struct workqueue_struct *from;
	char here[128], there[128], fn[128], otherfn[128];
	struct edge cycle;
	int i, back;

	if (!me || !current_work() || !to)
		return;
	from = me->current_pwq->wq;
	if (from == to)
		return;		/* -EDEADLK already */
	pthread_mutex_lock(&debug_lock);
	for (i = 0; i < nr_edges; i++)
		if (edges[i].from == from && edges[i].to == to)
			goto out;
	back = reaches_locked(to, from, 0);
	if (back)
		cycle = edges[back - 1];
	if (nr_edges < MAX_EDGES)
		edges[nr_edges++] = (struct edge){ from, to, caller,
						   me->current_func };
	pthread_mutex_unlock(&debug_lock);
	if (!back)
		return;
	describe(caller, here, sizeof(here));
	describe((void *)me->current_func, fn, sizeof(fn));
	describe(cycle.caller, there, sizeof(there));
	describe((void *)cycle.func, otherfn, sizeof(otherfn));
	kwq__warn(KWQ_WARN_MISUSE, NULL, 0, "flush", -EDEADLK,
		  "possible deadlock: an item of '%s' (%s, at %s) waits for '%s', whose item %s waited for '%s' at %s",
		  from->name, fn, here, to->name, otherfn, cycle.to->name,
		  there);
	return;
out:
	pthread_mutex_unlock(&debug_lock);
}

/* @wq is going away: forget what was recorded about it. */
void kwq__debug_forget_wq(struct workqueue_struct *wq)
{
	pthread_mutex_lock(&debug_lock);
	for (int i = 0; i < nr_edges; i++) {
		if (edges[i].from != wq && edges[i].to != wq)
			continue;
		edges[i--] = edges[--nr_edges];
	}
	pthread_mutex_unlock(&debug_lock);
}

/* In a fork()ed child: nothing is pending any more (see fork.c). */
void kwq__debug_child(void)
{
	pthread_mutex_init(&debug_lock, NULL);
	nr_tombs = 0;
	if (table)
		memset(table, 0, TABLE_SIZE * sizeof(*table));
}
