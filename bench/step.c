// SPDX-License-Identifier: MIT
/*
 * Instructions per add counted on the bare machine, by single-stepping the
 * adding thread with ptrace.  callgrind counts under valgrind, which
 * registers no rseq area for the threads it runs: there a bound kwq queue's
 * add asks the kernel for its CPU on every add, a path no Linux 4.18+ and
 * glibc 2.35+ user takes.  This VM has no hardware counter (no PMU), so the
 * count on the machine itself is taken one instruction at a time.
 *
 * The parent freezes every thread of the child but the adder, then steps
 * the adder through its adds: the adder is far ahead of the workers, as
 * under callgrind (which runs one thread at a time), but here the workers
 * do not run at all, so the figure does not move with the machine's load.
 * A call of the library's entry function counts from its first instruction
 * to its return, what it calls included; a system call is one instruction,
 * as under callgrind, and what the kernel does in it is not counted.
 */
#include "bench.h"

#include <dirent.h>
#include <elf.h>
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>

#if defined(__x86_64__)
#define REG_PC(r)	((r).rip)
#define REG_SP(r)	((r).rsp)
/* After the ret, the return address has been popped. */
#define RETURNED(r, ret, sp0)	(REG_PC(r) == (ret) && REG_SP(r) > (sp0))
#elif defined(__aarch64__)
#define REG_PC(r)	((r).pc)
#define REG_SP(r)	((r).sp)
#define RETURNED(r, ret, sp0)	(REG_PC(r) == (ret) && REG_SP(r) >= (sp0))
#endif

#define MAX_THREADS	256

static pid_t frozen[MAX_THREADS];
static int frozen_sig[MAX_THREADS];
static int nr_frozen;

static bool is_frozen(pid_t tid)
{
	for (int i = 0; i < nr_frozen; i++)
		if (frozen[i] == tid)
			return true;
	return false;
}

/* Attach to @tid and wait until it has stopped. */
static int freeze_one(pid_t tid)
{
	int status;

	if (nr_frozen == MAX_THREADS)
		return -E2BIG;
	if (ptrace(PTRACE_SEIZE, tid, 0, 0))
		return errno == ESRCH ? 0 : -errno;	/* gone: fine */
	frozen[nr_frozen] = tid;
	frozen_sig[nr_frozen] = 0;
	nr_frozen++;
	if (ptrace(PTRACE_INTERRUPT, tid, 0, 0))
		return -errno;
	if (waitpid(tid, &status, __WALL) < 0)
		return -errno;
	if (!WIFSTOPPED(status)) {
		nr_frozen--;	/* it exited meanwhile: nothing to let go */
		return 0;
	}
	/* A signal that was on its way: delivered when the thread goes. */
	if (status >> 16 != PTRACE_EVENT_STOP && WSTOPSIG(status) != SIGTRAP)
		frozen_sig[nr_frozen - 1] = WSTOPSIG(status);
	return 0;
}

/* One pass over /proc/PID/task; returns how many threads it froze. */
static int freeze_pass(pid_t pid)
{
	char path[64];
	struct dirent *de;
	DIR *d;
	int n = nr_frozen, err = 0;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	d = opendir(path);
	if (!d)
		return -errno;
	while (!err && (de = readdir(d))) {
		pid_t tid = (pid_t)atoi(de->d_name);

		if (tid > 0 && !is_frozen(tid))
			err = freeze_one(tid);
	}
	closedir(d);
	return err ? err : nr_frozen - n;
}

int step_freeze(pid_t pid)
{
	int n;

	/* A thread not yet frozen may start another: until none appears. */
	do
		n = freeze_pass(pid);
	while (n > 0);
	return n;
}

void step_thaw(void)
{
	for (int i = 0; i < nr_frozen; i++)
		ptrace(PTRACE_DETACH, frozen[i], 0, frozen_sig[i]);
	nr_frozen = 0;
}

#ifdef REG_PC
static int get_regs(pid_t tid, struct user_regs_struct *r)
{
	struct iovec iov = { .iov_base = r, .iov_len = sizeof(*r) };

	return ptrace(PTRACE_GETREGSET, tid, NT_PRSTATUS, &iov) ? -errno : 0;
}

/* Where the call that has just reached its entry will return to. */
static int return_address(pid_t tid, const struct user_regs_struct *r,
			  uintptr_t *ret)
{
#if defined(__x86_64__)
	long v;

	errno = 0;
	v = ptrace(PTRACE_PEEKDATA, tid, REG_SP(*r), 0);
	if (errno)
		return -errno;
	*ret = (uintptr_t)v;
#else
	*ret = (uintptr_t)r->regs[30];
#endif
	return 0;
}

/*
 * One instruction of @tid, delivering *@sig first if not 0.  Returns 1 when
 * it ran one, 0 when a signal stopped it first (*@sig: to pass on), or a
 * negative errno.
 */
static int step_one(pid_t tid, int *sig)
{
	int status;

	if (ptrace(PTRACE_SINGLESTEP, tid, 0, *sig))
		return -errno;
	*sig = 0;
	if (waitpid(tid, &status, __WALL) < 0)
		return -errno;
	if (!WIFSTOPPED(status))
		return -ESRCH;
	if (WSTOPSIG(status) == SIGTRAP)
		return 1;
	*sig = WSTOPSIG(status);
	return 0;
}
#endif

long long step_count(pid_t tid, uintptr_t entry, size_t calls,
		     unsigned long long budget, long long *each)
{
#ifdef REG_PC
	struct user_regs_struct r;
	unsigned long long steps = 0;
	long long counted = 0, last = 0;
	uintptr_t ret = 0, sp0 = 0;
	bool in = false;
	int sig = 0, err;

	while (calls) {
		if (++steps > budget)
			return -E2BIG;
		err = step_one(tid, &sig);
		if (err > 0)
			err = get_regs(tid, &r);
		else if (!err)
			continue;
		if (err)
			return err;
		if (in) {
			counted++;
			if (RETURNED(r, ret, sp0)) {
				if (each)
					*each++ = counted - last;
				last = counted;
				in = false;
				calls--;
			}
		} else if (REG_PC(r) == entry) {
			err = return_address(tid, &r, &ret);
			if (err)
				return err;
			sp0 = REG_SP(r);
			in = true;
		}
	}
	return counted;
#else
	(void)tid, (void)entry, (void)calls, (void)budget, (void)each;
	return -ENOSYS;
#endif
}
