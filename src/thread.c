// SPDX-License-Identifier: MIT
/*
 * The process as kwq sees it: the CPUs it may run on, the state every file
 * shares (kwq__g, under the init lock until kwq__init() has filled it), the
 * identity of the calling thread (kwq__self, current_work()), and the one
 * spawner that starts every kwq thread: workers, the timer thread, the
 * manager and the rescuers.
 *
 * Nothing here calls the rest of kwq: the bootstrap (init.c) fills kwq__g
 * from kwq__read_cpus() and the files that own the threads call kwq__spawn().
 * Each thread it starts is made independent of the thread that asked for
 * it: its own CPU affinity and the normal scheduling policy, every signal
 * blocked, and its own nice value set first thing (kwq__thread_prio()); and
 * it runs the program's thread hooks, if any, before and after its work.
 */
#include "internal.h"

#include <limits.h>
#include <signal.h>
#include <sys/resource.h>
#ifdef __x86_64__
#include <cpuid.h>
#endif

/* pthread_attr_setsigmask_np(): glibc 2.32 and later. */
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 32)
#define KWQ_HAVE_ATTR_SIGMASK 1
#endif

#define DFL_IDLE_TIMEOUT_MS 5000U

struct kwq__global kwq__g;
__thread struct kwq__worker *kwq__self;

static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;

/* --- the process's CPUs ------------------------------------------------- */

/*
 * KWQ_IDLE_TIMEOUT_MS, as kwq(7) says: a decimal number of milliseconds from
 * 1 to UINT_MAX, nothing else; any other value is reported and ignored.
 * strtoul() alone would take "10abc" as 10 and "-5" as 49 days.
 */
static unsigned int env_idle_timeout(void)
{
	const char *env = getenv("KWQ_IDLE_TIMEOUT_MS");
	unsigned long long ms = 0;
	const char *p;

	if (!env || !*env)
		return DFL_IDLE_TIMEOUT_MS;
	for (p = env; *p >= '0' && *p <= '9' && ms <= UINT_MAX; p++)
		ms = ms * 10 + (unsigned int)(*p - '0');
	if (*p || !ms || ms > UINT_MAX) {
		fprintf(stderr, "kwq: KWQ_IDLE_TIMEOUT_MS=%s: not a number of milliseconds from 1 to %u; using %u\n",
			env, UINT_MAX, DFL_IDLE_TIMEOUT_MS);
		return DFL_IDLE_TIMEOUT_MS;
	}
	return (unsigned int)ms;
}

/*
 * Whether kwq__rdpid_cpu() may stand in for sched_getcpu() where there is
 * no rseq area: the CPU has RDPID, and what it reads agrees with
 * sched_getcpu() (twice the same around the call; a move between CPUs
 * meanwhile gets another try).  Linux keeps 12 bits of CPU number there.
 */
static int rdpid_works(void)
{
#ifdef __x86_64__
	unsigned int a, b, c, d;

	if (!__get_cpuid_count(7, 0, &a, &b, &c, &d) || !(c & bit_RDPID) ||
	    sysconf(_SC_NPROCESSORS_CONF) > 4096)
		return 0;
	for (int i = 0; i < 8; i++) {
		int before = kwq__rdpid(), cpu = sched_getcpu();

		if (cpu == before && cpu == kwq__rdpid())
			return 1;
	}
#endif
	return 0;
}

/*
 * The CPUs the process may run on: the main thread's mask, what taskset
 * and /proc/self/status show for the process.  Not the caller's: the first
 * thread to use kwq may be pinned, and kwq's threads and _on(cpu) would be
 * held to its CPUs for good.  Only if the main thread cannot be asked is
 * the caller's mask all there is.
 */
int kwq__read_cpus(void)
{
	if (sched_getaffinity(getpid(), sizeof(kwq__g.cpus), &kwq__g.cpus) &&
	    sched_getaffinity(0, sizeof(kwq__g.cpus), &kwq__g.cpus))
		return -errno;
	kwq__g.nr_cpus = CPU_COUNT(&kwq__g.cpus);
	kwq__g.first_cpu = -1;
	for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, &kwq__g.cpus))
			continue;
		if (kwq__g.first_cpu < 0)
			kwq__g.first_cpu = cpu;
		kwq__g.nr_cpu_ids = cpu + 1;
	}
	kwq__g.rdpid = rdpid_works();
#ifdef KWQ_HAVE_RSEQ
	kwq__g.rseq_offset = __rseq_offset;
#endif
	/*
	 * rseq is registered for every thread glibc starts or for none, and
	 * where no CPU number reaches 256 its cpu_id's low byte is the CPU:
	 * a bound add may index push_qs[] with it (KWQ_WQ_CPU_CALL).
	 */
	kwq__g.cpu_byte = kwq__rseq_cpu() >= 0 &&
		sysconf(_SC_NPROCESSORS_CONF) <= KWQ_PUSHQ_BY_CPU;
	if (__atomic_load_n(&kwq__g.idle_timeout_set, __ATOMIC_RELAXED))
		return 0;
	kwq__g.idle_timeout_ms = env_idle_timeout();
	return kwq__g.nr_cpus > 0 ? 0 : -EINVAL;
}

/* Held while kwq__init() fills kwq__g, and across fork() (fork.c). */
void kwq__init_lock(int lock)
{
	if (lock)
		pthread_mutex_lock(&init_lock);
	else
		pthread_mutex_unlock(&init_lock);
}

int kwq__cpu_valid(int cpu)
{
	return cpu >= 0 && cpu < kwq__g.nr_cpu_ids &&
		CPU_ISSET(cpu, &kwq__g.cpus);
}

/* --- the calling thread ------------------------------------------------- */

bool current_is_workqueue_worker(void)
{
	return kwq__self != NULL;
}

struct work_struct *current_work(void)
{
	struct kwq__worker *me = kwq__self;

	return me && me->current_color >= 0 ? me->current_work : NULL;
}

/* --- starting kwq threads ----------------------------------------------- */

/*
 * Set the nice value of the calling kwq thread: 0, or -20 for a
 * high-priority pool, whatever the thread that created it had (nice is
 * inherited, and no thread attribute carries it).  Lowering it needs
 * CAP_SYS_NICE; without, the thread goes as low as RLIMIT_NICE allows
 * (20 - limit), which may be where it already is.
 */
void kwq__thread_prio(bool highpri)
{
	int want = highpri ? -20 : 0, cur;
	struct rlimit rl;

	/* Who 0 is the calling thread: Linux keeps nice values per thread. */
	if (!setpriority(PRIO_PROCESS, 0, want))
		return;
	if (getrlimit(RLIMIT_NICE, &rl) || rl.rlim_cur > 40)
		return;
	errno = 0;
	cur = getpriority(PRIO_PROCESS, 0);
	if (!errno && 20 - (int)rl.rlim_cur < cur)
		setpriority(PRIO_PROCESS, 0, 20 - (int)rl.rlim_cur);
}

/* Set the calling thread's scheduler slice: @ns, or the default with 0. */
static bool set_slice(uint64_t ns)
{
	/* sched_setattr(2)'s first version; glibc 2.36 has no wrapper. */
	struct {
		uint32_t size, sched_policy;
		uint64_t sched_flags;
		int32_t sched_nice;
		uint32_t sched_priority;
		uint64_t sched_runtime, sched_deadline, sched_period;
	} attr = {
		.size = sizeof(attr),
		.sched_policy = SCHED_OTHER,
		.sched_runtime = ns,
	};

	errno = 0;
	attr.sched_nice = getpriority(PRIO_PROCESS, 0);
	return !errno && !syscall(SYS_sched_setattr, 0, &attr, 0);
}

/* The calling kwq thread has a short slice: the threads it creates too. */
static __thread bool short_slice;

/*
 * Ask for a short scheduler slice (100 us; Linux 6.12 and later, for any
 * user; older kernels ignore it) for a kwq thread that runs for microseconds
 * each time it wakes and whose lateness is the program's: the timer thread
 * and the manager.  Under EEVDF a short slice is an early deadline, so the
 * thread preempts a CPU-bound one when it wakes instead of waiting up to
 * that thread's slice (several ms when both CPUs are busy); its own share
 * of the CPU does not change.  The nice value stays as it is.  A thread
 * created by this one inherits the slice (an explicit scheduling policy
 * does not reset it), so kwq__spawn() has it give the slice back.
 */
void kwq__thread_short_slice(void)
{
	short_slice = set_slice(100 * 1000);
}

/*
 * Drop the calling thread's short slice (@on false) while it creates many
 * threads, which then need not give it back one by one (an allocation, a
 * lock and two system calls each, see start_main()), or take it again.
 */
void kwq__thread_slice_again(bool on)
{
	if (on)
		kwq__thread_short_slice();
	else if (short_slice && set_slice(0))
		short_slice = false;
}

/*
 * Attributes that make a kwq thread independent of the thread creating it:
 * the CPUs of @cpu, or all the process's CPUs, and the normal scheduling
 * policy, never an inherited real-time one.  Each is set only where the
 * creator's own differs, which it rarely does (a bound worker is mostly
 * created by one of its pool, the manager has the process's CPUs): given
 * either, glibc starts the thread stopped and applies it from the creator
 * (a system call on the new thread, then a futex wake-up), which made a
 * worker cost a third more to create than a bare thread (issue 24 §3).
 * Asking costs the creator two cheap system calls.
 */
static int set_attrs(pthread_attr_t *attr, int cpu)
{
	struct sched_param param = { .sched_priority = 0 };
	cpu_set_t one, mine, *set = &kwq__g.cpus;
	int err, policy;

	if (cpu >= 0) {
		CPU_ZERO(&one);
		CPU_SET(cpu, &one);
		set = &one;
	}
	if (kwq__fault(FAULT_AFFINITY))
		return -EINVAL;
	if (sched_getaffinity(0, sizeof(mine), &mine) ||
	    !CPU_EQUAL(&mine, set)) {
		err = -pthread_attr_setaffinity_np(attr, sizeof(*set), set);
		if (err)
			return err;
	}
	if (kwq__fault(FAULT_ATTR))
		return -EINVAL;
	/* SCHED_RESET_ON_FORK or not, a SCHED_OTHER creator passes it on. */
	policy = sched_getscheduler(0);
	if (policy >= 0 && (policy & ~SCHED_RESET_ON_FORK) == SCHED_OTHER)
		return 0;
	err = -pthread_attr_setinheritsched(attr, PTHREAD_EXPLICIT_SCHED);
	if (!err)
		err = -pthread_attr_setschedpolicy(attr, SCHED_OTHER);
	if (!err)
		err = -pthread_attr_setschedparam(attr, &param);
	return err;
}

/* --- the program's thread hooks (kwq_set_thread_hooks()) ---------------- */

/*
 * hooks_state: HOOKS_OPEN until kwq starts its first thread, HOOKS_SETTING
 * while kwq_set_thread_hooks() writes the pair, HOOKS_CLOSED for good once
 * a thread has started, so that every thread runs the pair in force when
 * it started and a pair is never changed under a thread that ran it.  A
 * state word, not a mutex: kwq__spawn() is called under pool locks, and a
 * lock of its own there would be one more to order; a spawn waits only
 * while a set writes two pointers.
 */
enum { HOOKS_OPEN, HOOKS_SETTING, HOOKS_CLOSED };

static int hooks_state;
static void (*hook_start)(void);
static void (*hook_stop)(void);

int kwq_set_thread_hooks(void (*start)(void), void (*stop)(void))
{
	int st = HOOKS_OPEN;

	while (!__atomic_compare_exchange_n(&hooks_state, &st, HOOKS_SETTING,
					    false, __ATOMIC_ACQUIRE,
					    __ATOMIC_RELAXED)) {
		if (st == HOOKS_CLOSED)
			return -EBUSY;
		st = HOOKS_OPEN;	/* another caller is setting: wait */
		sched_yield();
	}
	hook_start = start;
	hook_stop = stop;
	__atomic_store_n(&hooks_state, HOOKS_OPEN, __ATOMIC_RELEASE);
	return 0;
}

/* Close the hooks to changes; true when the program set any. */
static bool hooks_close(void)
{
	int st = HOOKS_OPEN;

	while (!__atomic_compare_exchange_n(&hooks_state, &st, HOOKS_CLOSED,
					    false, __ATOMIC_ACQUIRE,
					    __ATOMIC_ACQUIRE)) {
		if (st == HOOKS_CLOSED)
			break;
		st = HOOKS_OPEN;
		sched_yield();
	}
	return hook_start || hook_stop;
}

/*
 * What a thread that must do something before its function starts with:
 * give back a short slice inherited from its creator (the manager's
 * workers), then run the program's hooks, if any, around the function.
 */
struct start {
	struct kwq_list_node node;	/* on starts, under starts_lock */
	void *(*fn)(void *);
	void *arg;
	bool hooks;
	bool slice;
};

/*
 * A fork() must not fall between a spawn's allocations and their frees:
 * the child has neither the spawning thread, whose pthread_attr_t glibc
 * has given memory (pthread_attr_setsigmask_np(), _setaffinity_np()), nor
 * the new thread that frees its struct start.  So a spawn counts itself in
 * `spawning` from before its struct start is allocated to after its
 * attributes are destroyed, and fork.c, holding spawn_gate, waits for the
 * count to fall to 0 and takes starts_lock, under which a thread frees its
 * start; a start whose thread has not yet freed it stays on starts for
 * the child to free (kwq__spawn_child()).  Spawns only count, so that they
 * run side by side: a mutex held across pthread_create() made the manager
 * and the new workers of a burst, which create on two CPUs, create one at
 * a time, and a new thread wait for a creation to free its start (issue 24
 * §3).  Neither lock is held while a thread is created; fork.c takes them
 * after every other lock (nothing under them takes one of kwq's; malloc's
 * own locks come after them, as fork() takes them after its handlers).
 */
static pthread_mutex_t spawn_gate = PTHREAD_MUTEX_INITIALIZER;
static pthread_mutex_t starts_lock = PTHREAD_MUTEX_INITIALIZER;
static struct kwq_list_node starts = { &starts, &starts };
static uint32_t spawning;	/* A: spawns inside their window */
static uint32_t forking;	/* A: a fork waits for spawning to be 0 */

#ifdef KWQ_TEST_HOOKS
void (*kwq__spawn_window_hook)(void);	/* see internal.h */
#endif

/* Enter the window: past a fork that waits, which holds the gate. */
static void spawn_enter(void)
{
	pthread_mutex_lock(&spawn_gate);
	__atomic_add_fetch(&spawning, 1, __ATOMIC_SEQ_CST);
	pthread_mutex_unlock(&spawn_gate);
}

/* Leave it; the last one out wakes a fork that waits (Dekker's pair). */
static void spawn_leave(void)
{
	if (!__atomic_sub_fetch(&spawning, 1, __ATOMIC_SEQ_CST) &&
	    __atomic_load_n(&forking, __ATOMIC_SEQ_CST))
		kwq__futex_wake(&spawning, INT_MAX);
}

void kwq__spawn_lock(int lock)
{
	uint32_t n;

	if (!lock) {
		pthread_mutex_unlock(&starts_lock);
		__atomic_store_n(&forking, 0, __ATOMIC_SEQ_CST);
		pthread_mutex_unlock(&spawn_gate);
		return;
	}
	/* With the gate held no spawn enters: wait for those inside. */
	pthread_mutex_lock(&spawn_gate);
	__atomic_store_n(&forking, 1, __ATOMIC_SEQ_CST);
	while ((n = __atomic_load_n(&spawning, __ATOMIC_SEQ_CST)))
		kwq__futex_wait(&spawning, n, NULL);
	pthread_mutex_lock(&starts_lock);
}

void kwq__spawn_child(void)
{
	while (!kwq__list_empty(&starts)) {
		struct kwq_list_node *n = starts.next;

		kwq__list_del(n);
		free(kwq__list_entry(n, struct start, node));
	}
	kwq__spawn_lock(0);
}

static void *start_main(void *p)
{
	struct start s = *(struct start *)p;
	void *ret;

	pthread_mutex_lock(&starts_lock);
	kwq__list_del(&((struct start *)p)->node);
	free(p);
	pthread_mutex_unlock(&starts_lock);
	if (s.slice)
		set_slice(0);
	if (!s.hooks)
		return s.fn(s.arg);
	if (hook_start)
		hook_start();
	/* A worker's or a rescuer's fn cleared kwq__self as it left. */
	ret = s.fn(s.arg);
	if (hook_stop)
		hook_stop();
	return ret;
}

/* Create the thread, every signal blocked in it from its first instruction. */
#ifdef KWQ_HAVE_ATTR_SIGMASK
static int create_masked(pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
	pthread_t tid;
	sigset_t all;
	int err;

	/* Given to the thread at its start: two system calls fewer. */
	sigfillset(&all);
	err = -pthread_attr_setsigmask_np(attr, &all);
	if (err)
		return err;
	return kwq__fault(FAULT_THREAD) ? -EAGAIN :
		-pthread_create(&tid, attr, fn, arg);
}
#else
static int create_masked(pthread_attr_t *attr, void *(*fn)(void *), void *arg)
{
	sigset_t all, old;
	pthread_t tid;
	int err;

	/* The new thread inherits the creator's mask. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	err = kwq__fault(FAULT_THREAD) ? -EAGAIN :
		-pthread_create(&tid, attr, fn, arg);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return err;
}
#endif

/* @attr for a kwq thread pinned to @cpu (free if negative); on success the
 * caller destroys it. */
static int new_attrs(pthread_attr_t *attr, int cpu)
{
	int err;

	err = kwq__fault(FAULT_ATTR) ? -ENOMEM : -pthread_attr_init(attr);
	if (err)
		return err;
	err = kwq__fault(FAULT_ATTR) ? -EINVAL :
		-pthread_attr_setdetachstate(attr, PTHREAD_CREATE_DETACHED);
	if (!err && kwq__worker_stack())
		err = -pthread_attr_setstacksize(attr, kwq__worker_stack());
	if (!err)
		err = set_attrs(attr, cpu);
	if (err)
		pthread_attr_destroy(attr);
	return err;
}

/*
 * Start a detached thread running @fn(@arg), pinned to @cpu, or free to
 * run on the process's CPUs if it is negative.  It blocks every signal, so
 * that the program's signals go to the program's own threads, and must
 * call kwq__thread_prio() first thing.  With the program's thread hooks
 * set, it runs them around @fn, and created by a thread with a short slice
 * it gives that slice back (start_main()); either costs an allocation.
 */
int kwq__spawn(void *(*fn)(void *), void *arg, int cpu)
{
	bool hooks = hooks_close();
	struct start *h = NULL;
	pthread_attr_t attr;
	int err = -ENOMEM;

	spawn_enter();
	if (hooks || short_slice) {
		h = kwq__zalloc(sizeof(*h));
		if (!h)
			goto out_leave;
		*h = (struct start){ .fn = fn, .arg = arg, .hooks = hooks,
				     .slice = short_slice };
		pthread_mutex_lock(&starts_lock);
		kwq__list_add_head(&h->node, &starts);
		pthread_mutex_unlock(&starts_lock);
		fn = start_main;
		arg = h;
	}
	err = new_attrs(&attr, cpu);
	kwq__test_hook(spawn_window);
	if (err)
		goto out_start;
	err = create_masked(&attr, fn, arg);
	pthread_attr_destroy(&attr);
out_start:
	if (err && h) {
		pthread_mutex_lock(&starts_lock);
		kwq__list_del(&h->node);
		pthread_mutex_unlock(&starts_lock);
		free(h);
	}
out_leave:
	spawn_leave();
	return err;
}
