// SPDX-License-Identifier: MIT
/*
 * Debug mode: misuse detection in the spirit of the kernel's debugobjects
 * and lockdep, on with the environment variable KWQ_DEBUG=1 (or a build with
 * -DKWQ_DEBUG_DEFAULT=1).
 *
 * It keeps a hash table of the items that are pending, with the address of
 * the code that added each and its function, so that it can name both call
 * sites when an item is initialised again while pending (the init is
 * refused, since it would corrupt the list the item is on), or when the
 * memory of a pending item is added or initialised anew after being freed
 * (the queue that still links it is then corrupt: kwq reports and stops the
 * program).  Before each add it checks that the item's word is one kwq could
 * have written (its pointer a pool, or a pwq of a live queue) and its
 * function code: memory never initialised is reported at the add, and kwq
 * stops there rather than let a worker crash on it later.  Removes, waits
 * and rearms check their item the same way, and the state it claims (an
 * owner, a wheel that exists), but refuse garbage with -EINVAL: nothing of
 * it is linked anywhere yet.  Workers check each item they take off a
 * list the same way, against its record.
 * Destroyed queues are kept a while, poisoned, so that a later use is
 * reported and refused.  And it records which queue's items flush which
 * queue: a new dependency that closes a cycle is a deadlock waiting to
 * happen, and is reported at once, even though this run did not deadlock.
 * Reports go through the warn handler (KWQ_WARN_MISUSE), always after
 * debug_lock is released (and for a worker's report, its pool lock), so a
 * handler may use kwq.  Off, debug mode costs a predictable branch per add
 * and per item run, and an out-of-line call per INIT_WORK().
 */
#include "internal.h"

#include <dlfcn.h>
#include <string.h>

#define TABLE_MIN	1024		/* slots a table starts with */
#define MAX_EDGES	1024		/* flush dependencies remembered */
#define QUARANTINE	1024		/* destroyed queues kept, poisoned */
#define TOMB		((const void *)1)

unsigned int kwq__modes = KWQ_DEBUG_DEFAULT ? KWQ_MODE_DEBUG : 0;

struct rec {
	const void *key;		/* NULL: free; TOMB: was used */
	void *caller;			/* the add's return address */
	struct workqueue_struct *wq;	/* the queue it was added to */
	work_func_t func;		/* its function when added */
	unsigned int holders;		/* held: the _sync removes holding it */
};

/*
 * An open-addressed hash table keyed by address, grown (or cleared of its
 * tombstones) before it is half used, so that a look-up stays short however
 * many items are pending.
 */
struct table {
	struct rec *slot;
	size_t mask;			/* slots - 1; slots a power of two */
	size_t used;			/* live records and tombstones */
	size_t live;
};

struct edge {
	struct workqueue_struct *from;	/* a queue whose item flushed... */
	struct workqueue_struct *to;	/* ...this queue, or an item of it */
	void *caller;			/* where */
	work_func_t func;		/* in which item */
};

static pthread_mutex_t debug_lock = PTHREAD_MUTEX_INITIALIZER;
static struct table pending;		/* debug_lock: items pending now */
static struct table pwqs;		/* debug_lock: pwqs of live queues */
static struct table funcs;		/* debug_lock: functions seen as code */
static struct table held;		/* debug_lock: items a _sync remove
					   holds (CANCELING) */
static int lost;			/* debug_lock: a record could not be
					   kept: pending or held is partial */
static struct edge edges[MAX_EDGES];	/* debug_lock */
static int nr_edges;			/* debug_lock */
static struct workqueue_struct *quarantine[QUARANTINE]; /* debug_lock */
static unsigned int nr_quarantined;	/* debug_lock: ever */

static int table_init(struct table *t)
{
	t->slot = calloc(TABLE_MIN, sizeof(*t->slot));
	t->mask = TABLE_MIN - 1;
	t->used = 0;
	t->live = 0;
	return t->slot ? 0 : -ENOMEM;
}

/* The four tables, or none.  debug_lock held. */
static int tables_init_locked(void)
{
	struct table *t[] = { &pending, &pwqs, &funcs, &held };

	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		if (t[i]->slot || !table_init(t[i]))
			continue;
		while (i--) {
			free(t[i]->slot);
			t[i]->slot = NULL;
		}
		return -ENOMEM;
	}
	return 0;
}

/*
 * A switch in the environment, as kwq(7) documents them: "1" on, "0" off,
 * unset or empty @dflt; anything else ("yes", "true") is reported and
 * ignored, rather than read as on while the documentation says 1.
 */
bool kwq__env_switch(const char *name, bool dflt)
{
	const char *env = getenv(name);

	if (!env || !*env)
		return dflt;
	if (!strcmp(env, "1"))
		return true;
	if (!strcmp(env, "0"))
		return false;
	fprintf(stderr, "kwq: %s=%s: not a switch: 1 turns it on, 0 off; ignored\n",
		name, env);
	return dflt;
}

/*
 * Turn debug mode on (KWQ_DEBUG=1, or the build's default) or off
 * (KWQ_DEBUG=0).  The tables come first: other threads may already be
 * running INIT_WORK() and the adds, which look at them as soon as the mode
 * is on.
 */
void kwq__debug_init(void)
{
	bool on = kwq__env_switch("KWQ_DEBUG", kwq__debugging());

	if (on) {
		pthread_mutex_lock(&debug_lock);
		on = !tables_init_locked();
		pthread_mutex_unlock(&debug_lock);
	}
	kwq__mode_set(KWQ_MODE_DEBUG, on);
}

static size_t slot_of(const struct table *t, const void *key)
{
	return (size_t)(((uintptr_t)key >> 4) * 0x9e3779b97f4a7c15ULL >> 32) &
		t->mask;
}

/*
 * The record of @key, or NULL.  A table not yet made (a build whose debug
 * mode is on before kwq__debug_init()) holds nothing.  debug_lock held.
 */
static struct rec *find_locked(const struct table *t, const void *key)
{
	if (!t->slot)
		return NULL;
	for (size_t i = slot_of(t, key); t->slot[i].key;
	     i = (i + 1) & t->mask)
		if (t->slot[i].key == key)
			return &t->slot[i];
	return NULL;
}

/* Move every live record into @slots of @size, dropping the tombstones. */
static int rehash_locked(struct table *t, size_t size)
{
	struct table n = { calloc(size, sizeof(*t->slot)), size - 1, 0, 0 };

	if (!n.slot)
		return -ENOMEM;
	for (size_t i = 0; i <= t->mask; i++) {
		size_t j;

		if (!t->slot[i].key || t->slot[i].key == TOMB)
			continue;
		for (j = slot_of(&n, t->slot[i].key); n.slot[j].key;
		     j = (j + 1) & n.mask)
			;
		n.slot[j] = t->slot[i];
		n.used++;
		n.live++;
	}
	free(t->slot);
	*t = n;
	return 0;
}

/*
 * Record @r, whose key is not in @t.  Debug mode may allocate on the add
 * path; if it cannot, the record is dropped while the table is more than
 * three quarters used, and the caller is told.  debug_lock held.
 */
static int insert_locked(struct table *t, const struct rec *r)
{
	size_t size, i;

	if (!t->slot && table_init(t))
		return -ENOMEM;
	size = t->mask + 1;
	if (2 * (t->used + 1) > size &&
	    rehash_locked(t, 4 * t->live >= size ? 2 * size : size) &&
	    4 * (t->used + 1) > 3 * size)
		return -ENOMEM;
	for (i = slot_of(t, r->key); t->slot[i].key && t->slot[i].key != TOMB;
	     i = (i + 1) & t->mask)
		;
	t->used += !t->slot[i].key;
	t->live++;
	t->slot[i] = *r;
	return 0;
}

static void remove_locked(struct table *t, struct rec *r)
{
	r->key = TOMB;
	t->live--;
}

/* Stop: a queue links memory that is something else now.  Unlocked. */
static void corrupt(const char *what, const struct rec *rec,
		    const char *where)
{
	char added[128], fn[128];

	kwq__site(rec->caller, added, sizeof(added));
	kwq__symbol((void *)rec->func, fn, sizeof(fn));
	kwq__warn(KWQ_WARN_MISUSE, NULL, 0, "debug", -EFAULT,
		  "memory of a work item (%s) still pending on '%s' (added at %s) was freed and %s at %s; the queue is corrupt",
		  fn, rec->wq->name, added, what, where);
	abort();
}

/* Is @pool one of kwq's pools (or NULL: the item never ran)? */
static bool pool_known(const struct kwq__pool *pool)
{
	if (!pool)
		return true;
	for (int hi = 0; hi < 2; hi++) {
		if (pool == kwq__g.unbound_pools[hi])
			return true;
		for (int cpu = 0; cpu < kwq__g.nr_cpu_ids; cpu++)
			if (kwq__g.cpu_pools[hi] &&
			    pool == kwq__g.cpu_pools[hi][cpu])
				return true;
	}
	return false;
}

/*
 * Could kwq have written @data?  Its pointer must be a pool, or a live
 * pwq of a pending item.  A value read once is judged whole, so a state
 * that changes meanwhile is still one kwq wrote.  debug_lock held.
 */
static bool word_sane_locked(unsigned long data)
{
	const void *p = (const void *)(data & ~WORK_FLAG_MASK);

	if (data & WORK_PWQ)
		return (data & WORK_PENDING) && find_locked(&pwqs, p);
	return pool_known(p);
}

/*
 * Is @fn code of a loaded object?  Each answer yes is remembered.  Where
 * dladdr() knows nothing, not even kwq (a static executable), any
 * function passes.
 */
static bool func_sane(work_func_t fn)
{
	struct rec r = { .key = (const void *)fn };
	static int blind = -1;		/* A: dladdr() knows nothing */
	int b = __atomic_load_n(&blind, __ATOMIC_RELAXED);
	bool known;
	Dl_info info;

	if (!fn)
		return false;
	if (b < 0) {
		b = !dladdr((void *)kwq__debug_init, &info);
		__atomic_store_n(&blind, b, __ATOMIC_RELAXED);
	}
	if (b)
		return true;
	pthread_mutex_lock(&debug_lock);
	known = find_locked(&funcs, r.key);
	pthread_mutex_unlock(&debug_lock);
	if (known)
		return true;
	/* dladdr() takes the loader's lock: never under debug_lock. */
	if (!dladdr((void *)fn, &info))
		return false;
	pthread_mutex_lock(&debug_lock);
	if (!find_locked(&funcs, r.key))
		insert_locked(&funcs, &r);
	pthread_mutex_unlock(&debug_lock);
	return true;
}

/*
 * Is @w as kwq left it?  Otherwise its memory was never initialised, or
 * was freed and used for something else.  debug_lock not held.
 */
static bool item_sane(struct work_struct *w)
{
	unsigned long data = work_data(w);
	bool sane;

	pthread_mutex_lock(&debug_lock);
	sane = word_sane_locked(data);
	pthread_mutex_unlock(&debug_lock);
	return sane && func_sane(__atomic_load_n(&w->func, __ATOMIC_RELAXED));
}

void kwq__debug_added(struct work_struct *w, struct workqueue_struct *wq,
		      void *caller)
{
	struct rec *rec, seen, r = { .key = w, .caller = caller, .wq = wq,
					.func = w->func };
	int full;
	char here[128];

	pthread_mutex_lock(&debug_lock);
	rec = find_locked(&pending, w);
	if (rec) {
		/* We just won PENDING, yet it was pending: not the same item. */
		seen = *rec;
		pthread_mutex_unlock(&debug_lock);
		kwq__site(caller, here, sizeof(here));
		corrupt("added again", &seen, here);
	}
	full = insert_locked(&pending, &r) && !lost++;
	pthread_mutex_unlock(&debug_lock);
	if (full)
		kwq__warn(KWQ_WARN_INTERNAL, NULL, 0, "debug", -ENOMEM,
			  "debug mode is out of memory: some pending items are not tracked");
}

void kwq__debug_idle(struct work_struct *w)
{
	struct rec *rec;

	pthread_mutex_lock(&debug_lock);
	rec = find_locked(&pending, w);
	if (rec)
		remove_locked(&pending, rec);
	pthread_mutex_unlock(&debug_lock);
}

/*
 * Is @w pending (queued or armed) by debug mode's records?  @w is only a
 * key here, never read: the running item asking may have freed itself.
 */
bool kwq__debug_pending(const struct work_struct *w)
{
	bool found;

	pthread_mutex_lock(&debug_lock);
	found = find_locked(&pending, w) != NULL;
	pthread_mutex_unlock(&debug_lock);
	return found;
}

/*
 * Before an add of @w to @wq: refuse a destroyed @wq, and stop on an item
 * kwq never initialised, or whose memory was freed while pending.
 */
int kwq__debug_check_add(struct workqueue_struct *wq, struct work_struct *w,
			 void *caller)
{
	char here[128], fn[128];
	struct rec *rec, seen;
	int err;

	err = kwq__debug_check_wq(wq, "add", caller);
	if (err || item_sane(w))
		return err;
	kwq__site(caller, here, sizeof(here));
	pthread_mutex_lock(&debug_lock);
	rec = find_locked(&pending, w);
	if (rec)
		seen = *rec;
	pthread_mutex_unlock(&debug_lock);
	if (rec)
		corrupt("added again", &seen, here);
	kwq__symbol((void *)__atomic_load_n(&w->func, __ATOMIC_RELAXED), fn,
		 sizeof(fn));
	kwq__warn(KWQ_WARN_MISUSE, NULL, 0, "add", -EFAULT,
		  "work item %p added to '%s' at %s was never initialised with INIT_WORK() (data %#lx, function %s); stopping",
		  (void *)w, wq->name, here, work_data(w), fn);
	abort();
}

/*
 * A worker is about to take @w off a list of @pool (@head, when @w is its
 * first item, else NULL): stop if its memory no longer holds the item that
 * was queued, before the list operations follow its garbage pointers.
 * Called, and returns, with the pool lock held.
 */
void kwq__debug_check_queued(struct kwq__pool *pool, struct work_struct *w,
			     struct kwq_list_node *head)
{
	unsigned long data = work_data(w);
	struct kwq__pwq *pwq = data_pwq(data);
	struct rec *rec, seen = { 0 };
	char fn[128], added[128];
	bool sane;

	if (kwq__is_barrier(w))
		return;
	pthread_mutex_lock(&debug_lock);
	rec = find_locked(&pending, w);
	if (rec)
		seen = *rec;
	sane = (data & WORK_PENDING) && pwq && find_locked(&pwqs, pwq) &&
		pwq->pool == pool && (!head || w->entry.prev == head) &&
		(rec ? w->func == rec->func : lost);
	pthread_mutex_unlock(&debug_lock);
	if (sane)
		return;
	kwq__unlock(pool);
	kwq__symbol((void *)seen.func, fn, sizeof(fn));
	kwq__site(seen.caller, added, sizeof(added));
	kwq__warn(KWQ_WARN_MISUSE, NULL, 0, "debug", -EFAULT,
		  "memory of a work item (%s) pending on '%s' (added at %s) was overwritten before it ran: freed and reused while pending? (data %#lx); the queue is corrupt",
		  rec ? fn : "?", rec ? seen.wq->name : "?",
		  rec ? added : "?", data);
	abort();
}

/*
 * A remove_work_sync() holds @w (on), or has let it go.  Counted: the next
 * one can own the item between the last one's release of it and its call
 * here, and the item, marked CANCELING, must not look owned by nobody
 * meanwhile (tests/test-debug-relay.c).
 */
void kwq__debug_canceling(struct work_struct *w, bool on)
{
	struct rec r = { .key = w, .holders = 1 }, *rec;

	pthread_mutex_lock(&debug_lock);
	rec = find_locked(&held, w);
	if (on && rec)
		rec->holders++;
	else if (on && insert_locked(&held, &r))
		lost++;		/* no orphan can be told any more */
	else if (!on && rec && !--rec->holders)
		remove_locked(&held, rec);
	pthread_mutex_unlock(&debug_lock);
}

/*
 * Owned, on no list and on no wheel, by nobody debug mode knows of: an add
 * between winning PENDING and recording it, a cancel for a moment, or
 * garbage.  The first two change the word soon.  debug_lock held.
 */
static bool orphan_locked(struct work_struct *w, unsigned long data)
{
	struct delayed_work *dw = to_delayed_work(w);

	if ((data & (WORK_PENDING | WORK_PWQ)) != WORK_PENDING || lost)
		return false;
	if (data & WORK_CANCELING)
		return !find_locked(&held, w);
	if (find_locked(&pending, w))
		return false;
	return !(data & WORK_DELAYED) ||
		!__atomic_load_n(&dw->base, __ATOMIC_RELAXED);
}

/*
 * Is @w's state one kwq left, and will it change?  A word that stays an
 * orphan for a second is garbage: a cancel would wait for it for ever.
 */
static bool state_sane(struct work_struct *w)
{
	unsigned long data = work_data(w);
	struct delayed_work *dw = to_delayed_work(w);
	bool orphan;
	int old;

	if ((data & (WORK_PENDING | WORK_PWQ | WORK_DELAYED)) ==
	    (WORK_PENDING | WORK_DELAYED)) {
		void *base = __atomic_load_n(&dw->base, __ATOMIC_RELAXED);

		if (base && !kwq__timer_base_known(base))
			return false;
	}
	for (int i = 0; i < 1000; i++) {
		pthread_mutex_lock(&debug_lock);
		orphan = orphan_locked(w, data) && work_data(w) == data;
		pthread_mutex_unlock(&debug_lock);
		if (!orphan || (data & WORK_CANCELING))
			return !orphan;
		old = kwq__nocancel_begin();
		usleep(1000);
		kwq__nocancel_end(old);
	}
	return false;
}

/*
 * Before a remove, wait or rearm of @w (@delayed: passed as a
 * delayed_work), at @caller, in @what: refuse, with a report, memory kwq
 * never initialised or that was freed and reused, and a plain item passed
 * as a delayed one, rather than follow its pointers or wait for ever for a
 * state nobody will change.  Returns 0 or -EINVAL.
 */
int kwq__debug_check_item(struct work_struct *w, bool delayed,
			  const char *what, void *caller)
{
	unsigned long data = work_data(w);
	const char *why;
	char here[128];

	if (!(data & WORK_INIT))
		why = "was never initialised with INIT_WORK()";
	else if (!item_sane(w) || !state_sane(w))
		why = "holds no work item: never initialised, or freed and reused";
	else if (delayed && !(data & WORK_DELAYED))
		why = "is a work_struct (INIT_WORK()), not a delayed_work";
	else
		return 0;
	kwq__site(caller, here, sizeof(here));
	kwq__warn(KWQ_WARN_MISUSE, NULL, 0, what, -EINVAL,
		  "%s of %p at %s: the memory %s (data %#lx); refused",
		  what, (void *)w, here, why, data);
	return -EINVAL;
}

/*
 * A running item waits for work on @wq_name that cannot start before it
 * returns: its own instance re-added there, or what is behind it.
 */
void kwq__debug_self_wait(const char *wq_name, const char *what,
			  void *caller)
{
	char here[128], fn[128];

	kwq__site(caller, here, sizeof(here));
	kwq__symbol((void *)kwq__self->current_func, fn, sizeof(fn));
	kwq__warn(KWQ_WARN_MISUSE, NULL, 0, what, -EDEADLK,
		  "%s at %s, from work item %s: it would wait for work on '%s' that cannot start before this run of the item returns; refused",
		  what, here, fn, wq_name);
}

int kwq_track_init(struct work_struct *work, const char *file, int line)
{
	struct rec *rec, seen;
	char here[160], added[128];

	if (!kwq__debugging() || !work)
		return 0;
	pthread_mutex_lock(&debug_lock);
	rec = find_locked(&pending, work);
	if (!rec) {
		pthread_mutex_unlock(&debug_lock);
		return 0;
	}
	seen = *rec;
	pthread_mutex_unlock(&debug_lock);
	snprintf(here, sizeof(here), "%s:%d", file, line);
	/*
	 * Pending as recorded, or memory that only looks pending: the item
	 * was freed, and what now holds its memory set bit 0 of the word.
	 */
	if (!(work_data(work) & WORK_PENDING) || !item_sane(work) ||
	    __atomic_load_n(&work->func, __ATOMIC_RELAXED) != seen.func)
		corrupt("initialised again", &seen, here);
	kwq__site(seen.caller, added, sizeof(added));
	kwq__warn(KWQ_WARN_MISUSE, file, line, "INIT_WORK", -EBUSY,
		  "INIT_WORK() of an item pending on '%s' since it was added at %s; not initialised",
		  seen.wq->name, added);
	return -EBUSY;
}

/* A pwq of a live queue: the pointer an item's word may hold. */
void kwq__debug_pwq(struct kwq__pwq *pwq, bool live)
{
	struct rec r = { .key = pwq }, *rec;

	pthread_mutex_lock(&debug_lock);
	rec = find_locked(&pwqs, pwq);
	if (live && !rec)
		insert_locked(&pwqs, &r);
	else if (!live && rec)
		remove_locked(&pwqs, rec);
	pthread_mutex_unlock(&debug_lock);
}

/*
 * Keep the memory of destroyed @wq, poisoned, so that a later use is
 * reported rather than read freed memory; the oldest of QUARANTINE such
 * queues is freed now.
 */
void kwq__debug_quarantine(struct workqueue_struct *wq, void *caller)
{
	struct workqueue_struct *old;

	__atomic_store_n(&wq->destroyed_at, caller, __ATOMIC_RELEASE);
	pthread_mutex_lock(&debug_lock);
	old = quarantine[nr_quarantined % QUARANTINE];
	quarantine[nr_quarantined++ % QUARANTINE] = wq;
	pthread_mutex_unlock(&debug_lock);
	free(old);
}

/* Refuse, with a report, a use of a queue already destroyed. */
int kwq__debug_check_wq(struct workqueue_struct *wq, const char *what,
			void *caller)
{
	void *destroyer = __atomic_load_n(&wq->destroyed_at, __ATOMIC_ACQUIRE);
	char here[128], there[128];

	if (likely(!destroyer))
		return 0;
	kwq__site(caller, here, sizeof(here));
	kwq__site(destroyer, there, sizeof(there));
	kwq__warn(KWQ_WARN_MISUSE, NULL, 0, what, -EINVAL,
		  "%s of queue '%s' at %s, after destroy_workqueue() at %s; refused",
		  what, wq->name, here, there);
	return -EINVAL;
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
	kwq__site(caller, here, sizeof(here));
	kwq__symbol((void *)me->current_func, fn, sizeof(fn));
	kwq__site(cycle.caller, there, sizeof(there));
	kwq__symbol((void *)cycle.func, otherfn, sizeof(otherfn));
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
	if (pending.slot) {
		memset(pending.slot, 0,
		       (pending.mask + 1) * sizeof(*pending.slot));
		pending.used = 0;
		pending.live = 0;
	}
	if (held.slot) {
		memset(held.slot, 0, (held.mask + 1) * sizeof(*held.slot));
		held.used = 0;
		held.live = 0;
	}
	lost = 0;
}
