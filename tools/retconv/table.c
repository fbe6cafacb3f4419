// SPDX-License-Identifier: MIT
/*
 * The return classes of functions whose bodies are not in the input.
 *
 * A call site can only be judged by what its callee returns.  Functions
 * defined anywhere in the run are classified from their returns; the rest
 * (the kernel's, libc's, libpthread's) come from this table: built in for
 * the functions the seeds and the 2002 and 2006 stories are about, and
 * extended by --table files.  A file is line based, like .retconv: a class
 * then names separated by blanks, '#' starting a comment:
 *
 *   count   copy_to_user copy_from_user
 *   errno   my_register_device
 *
 * The classes: errno (0 or a negative errno), perrno (0 or a positive
 * errno, as pthread functions return), boolean (1 when it worked, 0 when
 * not, as queue_work returned before 2006), count (a number never
 * negative; the table's counts are bytes not copied, 0 on success) and
 * mixed (a value, or a negative errno: platform_get_irq), flag (0 or
 * 1 telling a fact, "it was pending", which is neither success nor
 * failure) and outcome (0 or a negative errno, where 0 and -ENOENT are
 * both outcomes a caller may act on: kwq's remove_work() says whether a
 * pending instance was removed; its errors are errors).  A file's entry overrides the built-in one and a later file an
 * earlier one.
 *
 * Some names mean two things.  The kernel's cancel_work_sync() returns
 * true when it removed a pending item; kwq's, like the add functions,
 * returns 0 or a negative errno (or nothing, once it is void).  The call
 * site knows which declaration its caller saw: one in a kwq/ header
 * (callsite.c) takes the kwq entries, any other the kernel's.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "retconv.h"

static const char builtin_source[] = "the built-in table";

static const struct {
	enum rc_tclass cls;
	unsigned who;
	const char *names;
} builtin[] = {
	/* Bytes not copied: Rusty Russell's 415 misread calls of 2002. */
	{ TC_COUNT, TABLE_ALL, "copy_to_user copy_from_user clear_user __copy_to_user "
		    "__copy_from_user __clear_user raw_copy_to_user "
		    "raw_copy_from_user copy_in_user" },
	/* 1 when queued, 0 when already pending: the 2006 names. */
	{ TC_BOOLEAN, TABLE_KERNEL, "queue_work queue_work_on queue_delayed_work "
		      "queue_delayed_work_on schedule_work schedule_work_on "
		      "schedule_delayed_work schedule_delayed_work_on" },
	/* The kernel's: true when it was pending, or when it waited. */
	{ TC_FLAG, TABLE_KERNEL, "cancel_work cancel_work_sync "
				 "cancel_delayed_work cancel_delayed_work_sync "
				 "flush_work flush_delayed_work mod_delayed_work "
				 "mod_delayed_work_on" },
	/* kwq's: 0 or a negative errno, the old names as long as they are
	 * not void, and the names that replace them. */
	{ TC_ERRNO, TABLE_KWQ, "cancel_work cancel_work_sync "
			       "cancel_delayed_work cancel_delayed_work_sync "
			       "flush_work flush_delayed_work mod_delayed_work "
			       "mod_delayed_work_on" },
	{ TC_ERRNO, TABLE_ALL, "add_work_to_q add_work_to_q_on "
			       "add_delayed_work_to_q add_delayed_work_to_q_on "
			       "add_work add_work_on add_delayed_work "
			       "add_delayed_work_on wait_for_work "
			       "wait_for_delayed_work rearm_delayed_work "
			       "rearm_delayed_work_on" },
	/* 0: a pending instance was removed; -ENOENT: none was.  Code
	 * ported from the kernel's "if it was pending" tests both ways. */
	{ TC_OUTCOME, TABLE_ALL, "remove_work remove_work_sync "
				 "remove_delayed_work remove_delayed_work_sync" },
	/* 1 when the lock was taken. */
	{ TC_BOOLEAN, TABLE_ALL, "mutex_trylock spin_trylock down_read_trylock "
		      "down_write_trylock" },
	/* 0, or -ERESTARTSYS / -EINTR when a signal came first. */
	{ TC_ERRNO, TABLE_ALL, "wait_for_completion_interruptible "
		    "wait_for_completion_killable mutex_lock_interruptible "
		    "mutex_lock_killable down_interruptible down_killable" },
	{ TC_ERRNO, TABLE_ALL, "request_irq request_threaded_irq devm_request_irq "
		    "device_register platform_device_register "
		    "platform_driver_register register_chrdev_region "
		    "alloc_chrdev_region misc_register" },
	/* An IRQ number or the time left, or a negative errno. */
	{ TC_MIXED, TABLE_ALL, "platform_get_irq platform_get_irq_byname "
		    "platform_get_irq_optional "
		    "wait_for_completion_interruptible_timeout "
		    "wait_for_completion_killable_timeout" },
	/*
	 * 0 or a positive error number, never -1 with errno: every pthread
	 * function that returns an int but these, whose man pages say
	 * otherwise: pthread_equal() (non-zero when equal),
	 * pthread_barrier_wait() (PTHREAD_BARRIER_SERIAL_THREAD, which is -1
	 * in glibc), pthread_getconcurrency() (the level).
	 */
	{ TC_PERRNO, TABLE_ALL, "pthread_atfork pthread_cancel pthread_create "
		"pthread_detach pthread_join pthread_tryjoin_np "
		"pthread_timedjoin_np pthread_clockjoin_np pthread_kill "
		"pthread_sigqueue pthread_sigmask pthread_once pthread_yield "
		"pthread_getattr_np pthread_getattr_default_np "
		"pthread_setattr_default_np pthread_getcpuclockid "
		"pthread_getname_np pthread_setname_np pthread_getschedparam "
		"pthread_setschedparam pthread_setschedprio "
		"pthread_getaffinity_np pthread_setaffinity_np "
		"pthread_setcancelstate pthread_setcanceltype "
		"pthread_setconcurrency pthread_key_create pthread_key_delete "
		"pthread_setspecific "
		"pthread_attr_init pthread_attr_destroy "
		"pthread_attr_getaffinity_np pthread_attr_setaffinity_np "
		"pthread_attr_getdetachstate pthread_attr_setdetachstate "
		"pthread_attr_getguardsize pthread_attr_setguardsize "
		"pthread_attr_getinheritsched pthread_attr_setinheritsched "
		"pthread_attr_getschedparam pthread_attr_setschedparam "
		"pthread_attr_getschedpolicy pthread_attr_setschedpolicy "
		"pthread_attr_getscope pthread_attr_setscope "
		"pthread_attr_getsigmask_np pthread_attr_setsigmask_np "
		"pthread_attr_getstack pthread_attr_setstack "
		"pthread_attr_getstackaddr pthread_attr_setstackaddr "
		"pthread_attr_getstacksize pthread_attr_setstacksize "
		"pthread_mutex_init pthread_mutex_destroy pthread_mutex_lock "
		"pthread_mutex_trylock pthread_mutex_timedlock "
		"pthread_mutex_clocklock pthread_mutex_unlock "
		"pthread_mutex_consistent pthread_mutex_consistent_np "
		"pthread_mutex_getprioceiling pthread_mutex_setprioceiling "
		"pthread_mutexattr_init pthread_mutexattr_destroy "
		"pthread_mutexattr_gettype pthread_mutexattr_settype "
		"pthread_mutexattr_getpshared pthread_mutexattr_setpshared "
		"pthread_mutexattr_getprotocol pthread_mutexattr_setprotocol "
		"pthread_mutexattr_getprioceiling "
		"pthread_mutexattr_setprioceiling pthread_mutexattr_getrobust "
		"pthread_mutexattr_setrobust pthread_mutexattr_getrobust_np "
		"pthread_mutexattr_setrobust_np "
		"pthread_cond_init pthread_cond_destroy pthread_cond_wait "
		"pthread_cond_timedwait pthread_cond_clockwait "
		"pthread_cond_signal pthread_cond_broadcast "
		"pthread_condattr_init pthread_condattr_destroy "
		"pthread_condattr_getclock pthread_condattr_setclock "
		"pthread_condattr_getpshared pthread_condattr_setpshared "
		"pthread_rwlock_init pthread_rwlock_destroy "
		"pthread_rwlock_rdlock pthread_rwlock_wrlock "
		"pthread_rwlock_tryrdlock pthread_rwlock_trywrlock "
		"pthread_rwlock_timedrdlock pthread_rwlock_timedwrlock "
		"pthread_rwlock_clockrdlock pthread_rwlock_clockwrlock "
		"pthread_rwlock_unlock "
		"pthread_rwlockattr_init pthread_rwlockattr_destroy "
		"pthread_rwlockattr_getpshared pthread_rwlockattr_setpshared "
		"pthread_rwlockattr_getkind_np pthread_rwlockattr_setkind_np "
		"pthread_barrier_init pthread_barrier_destroy "
		"pthread_barrierattr_init pthread_barrierattr_destroy "
		"pthread_barrierattr_getpshared pthread_barrierattr_setpshared "
		"pthread_spin_init pthread_spin_destroy pthread_spin_lock "
		"pthread_spin_trylock pthread_spin_unlock" },
	/*
	 * The rest of POSIX's (and glibc's) functions that return an error
	 * number rather than setting errno, and errno itself (callsite.c
	 * reads it as a call's result).  Not posix_openpt() (a file
	 * descriptor or -1), nor getaddrinfo() and getnameinfo(), whose
	 * EAI_* codes are negative in glibc and positive in the BSDs, nor
	 * the GNU strerror_r(), which returns a string (a table entry never
	 * applies to a function declared to return a pointer).
	 */
	{ TC_PERRNO, TABLE_ALL, "posix_memalign posix_fadvise posix_fallocate "
		"posix_madvise posix_spawn posix_spawnp "
		"posix_spawn_file_actions_init "
		"posix_spawn_file_actions_destroy "
		"posix_spawn_file_actions_addopen "
		"posix_spawn_file_actions_addclose "
		"posix_spawn_file_actions_adddup2 "
		"posix_spawn_file_actions_addchdir_np "
		"posix_spawn_file_actions_addfchdir_np "
		"posix_spawn_file_actions_addclosefrom_np "
		"posix_spawnattr_init posix_spawnattr_destroy "
		"posix_spawnattr_getflags posix_spawnattr_setflags "
		"posix_spawnattr_getpgroup posix_spawnattr_setpgroup "
		"posix_spawnattr_getsigdefault posix_spawnattr_setsigdefault "
		"posix_spawnattr_getsigmask posix_spawnattr_setsigmask "
		"posix_spawnattr_getschedparam posix_spawnattr_setschedparam "
		"posix_spawnattr_getschedpolicy "
		"posix_spawnattr_setschedpolicy "
		"clock_nanosleep clock_getcpuclockid strerror_r errno "
		"getpwnam_r getpwuid_r getgrnam_r getgrgid_r getlogin_r "
		"ttyname_r readdir_r" },
};

static const char *const class_names[] = {
	[TC_ERRNO] = "errno",
	[TC_PERRNO] = "perrno",
	[TC_BOOLEAN] = "boolean",
	[TC_COUNT] = "count",
	[TC_MIXED] = "mixed",
	[TC_FLAG] = "flag",
	[TC_OUTCOME] = "outcome",
	[TC_STATUS] = "status",
	[TC_VALUE] = "value",
	[TC_DESCRIPTOR] = "descriptor",
	[TC_POSITIVE] = "positive",
};

const char *tclass_name(enum rc_tclass cls)
{
	return class_names[cls];
}

static void push(struct rc_table *t, const char *name, enum rc_tclass cls,
		 unsigned who, const char *source)
{
	t->v = xrealloc(t->v, (t->n + 1) * sizeof(*t->v));
	t->v[t->n].name = xstrdup(name);
	t->v[t->n].cls = cls;
	t->v[t->n].who = who;
	t->v[t->n].source = source;
	t->n++;
}

static void push_names(struct rc_table *t, char *names, enum rc_tclass cls,
		       unsigned who, const char *source)
{
	char *save, *w;

	for (w = strtok_r(names, " \t\r", &save); w;
	     w = strtok_r(NULL, " \t\r", &save))
		push(t, w, cls, who, source);
}

/* Push the blank-separated @names, each of class @cls. */
void table_push_names(struct rc_table *t, const char *names,
		      enum rc_tclass cls, unsigned who, const char *source)
{
	char *copy = xstrdup(names);

	push_names(t, copy, cls, who, source);
	free(copy);
}

void table_init(struct rc_table *t)
{
	size_t i;

	memset(t, 0, sizeof(*t));
	for (i = 0; i < nr_outside_contracts; i++)
		table_push_names(t, outside_contracts[i].names,
				 outside_contracts[i].cls, TABLE_ALL,
				 builtin_source);
	for (i = 0; i < sizeof(builtin) / sizeof(builtin[0]); i++)
		table_push_names(t, builtin[i].names, builtin[i].cls,
				 builtin[i].who, builtin_source);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every name of an outside library's interface: outside_contracts',
 * outside_interfaces' and POSIX's functions of positive error numbers
 * (the built-in perrno entries: a C library that defines
 * pthread_rwlock_init() keeps its 0 or EINVAL), sorted once. */
static char **outside_names(size_t *n)
{
	static struct rc_table t;
	static char **v;
	size_t i;

	if (!v) {
		for (i = 0; i < nr_outside_contracts; i++)
			table_push_names(&t, outside_contracts[i].names,
					 outside_contracts[i].cls, TABLE_ALL,
					 builtin_source);
		table_push_names(&t, outside_interfaces, TC_ERRNO, TABLE_ALL,
				 builtin_source);
		for (i = 0; i < sizeof(builtin) / sizeof(builtin[0]); i++)
			if (builtin[i].cls == TC_PERRNO)
				table_push_names(&t, builtin[i].names,
						 TC_PERRNO, TABLE_ALL,
						 builtin_source);
		v = xmalloc((t.n + 1) * sizeof(*v));
		for (i = 0; i < t.n; i++)
			v[i] = t.v[i].name;
		qsort(v, t.n, sizeof(*v), by_name);
	}
	*n = t.n;
	return v;
}

/*
 * Whether @name is an outside library's function (the C library's,
 * POSIX's, OpenSSL's, MySQL's): a definition of it stands in for that
 * library, and keeps its contract.
 */
bool table_outside_name(const char *name)
{
	size_t n;
	char **v = outside_names(&n);

	return n && bsearch(&name, v, n, sizeof(*v), by_name);
}

static int class_of(const char *s, enum rc_tclass *cls)
{
	size_t i;

	for (i = 0; i < sizeof(class_names) / sizeof(class_names[0]); i++) {
		if (!strcmp(s, class_names[i])) {
			*cls = (enum rc_tclass)i;
			return 0;
		}
	}
	return -EINVAL;
}

static int table_line(void *ctx, char *line, const char *path,
		      unsigned lineno)
{
	struct rc_table *t = ctx;
	enum rc_tclass cls;
	char *save, *kw, *rest;

	line[strcspn(line, "#\n")] = '\0';
	kw = strtok_r(line, " \t\r", &save);
	if (!kw)
		return 0;
	if (class_of(kw, &cls)) {
		fprintf(stderr,
			"retconv: %s:%u: unknown class '%s' (errno, perrno, boolean, count, mixed, flag, outcome, status, value, descriptor or positive)\n",
			path, lineno, kw);
		return -EINVAL;
	}
	t->sources = xrealloc(t->sources,
			      (t->nsources + 1) * sizeof(*t->sources));
	t->sources[t->nsources] = xasprintf("%s:%u", path, lineno);
	rest = save ? save : "";
	push_names(t, rest, cls, TABLE_ALL, t->sources[t->nsources++]);
	return 0;
}

int table_load(struct rc_table *t, const char *path)
{
	return read_lines(path, table_line, t);
}

/* The last entry for @who wins: files override the built-in table. */
const struct rc_tentry *table_find(const struct rc_table *t, const char *name,
				   unsigned who)
{
	size_t i;

	for (i = t->n; i-- > 0;)
		if ((t->v[i].who & who) && !strcmp(t->v[i].name, name))
			return &t->v[i];
	return NULL;
}

void table_free(struct rc_table *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		free(t->v[i].name);
	for (i = 0; i < t->nsources; i++)
		free(t->sources[i]);
	free(t->v);
	free(t->sources);
	memset(t, 0, sizeof(*t));
}
