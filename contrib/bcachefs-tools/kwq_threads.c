// SPDX-License-Identifier: MIT
/*
 * bcachefs-tools on kwq: a task for each of kwq's threads.
 *
 * The program's kernel-emulation layer keeps a thread-local task, its
 * "current", on every thread that runs its code: the main thread gets one
 * from a constructor, its kthreads from their start function, and its
 * own workqueue's workers were kthreads.  Its closures, wait queues and
 * memory-allocation scopes read current->flags and current->state, and
 * its RCU is liburcu's, with which each such thread registers.  kwq's
 * workers are plain threads, so kwq_set_thread_hooks() gives each one a
 * task and an RCU registration as it starts, and takes them back as it
 * ends.  Built into the program in place of its linux/workqueue.c, with
 * the program's own flags (docs/real-program.md); written for it, against
 * its headers, and nothing else.
 */
#include <pthread.h>
#include <stdlib.h>

#include <linux/completion.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>

#include <linux/workqueue.h>	/* kwq, through the mapping header */

static void task_start(void)
{
	struct task_struct *p = calloc(1, sizeof(*p));

	if (!p)
		abort();	/* as the program's own threads do: no task, no run */
	p->thread = pthread_self();
	p->state = TASK_RUNNING;
	atomic_set(&p->usage, 1);
	init_completion(&p->exited);
	pthread_getname_np(p->thread, p->comm, sizeof(p->comm));
	current = p;
	rcu_register_thread();
}

/* Not put_task_struct(): it would join the thread, which is ourselves. */
static void task_stop(void)
{
	rcu_unregister_thread();
	free(current);
	current = NULL;
}

/* After the program's own constructors (101: its main thread's task). */
__attribute__((constructor(102)))
static void kwq_threads_init(void)
{
	if (kwq_set_thread_hooks(task_start, task_stop))
		abort();
}
