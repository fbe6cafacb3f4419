// SPDX-License-Identifier: MIT
/*
 * Where a bound queue runs work added without a cpu: on the CPU that added
 * it (design.md), however kwq learns that CPU.  With glibc 2.35 or later
 * it reads glibc's rseq area; without one (an older glibc, musl, rseq
 * turned off) it reads the CPU number Linux keeps in TSC_AUX with RDPID on
 * x86, else asks sched_getcpu(); under valgrind, neither rseq nor RDPID.
 * So the checks run twice: here, and in a copy of this program started
 * with glibc's rseq turned off (GLIBC_TUNABLES=glibc.pthread.rseq=0),
 * which reports through its exit status (spawn_self()).  The test suite's valgrind pass
 * runs the third way.
 */
#include "util.h"
#include "dwork.h"

#include <stdio.h>
#include <stdlib.h>
#ifdef __x86_64__
#include <cpuid.h>
#endif
#if defined(__GLIBC__) && __has_include(<sys/rseq.h>)
#include <sys/rseq.h>
#define HAVE_RSEQ_SIZE 1
#endif

#define ROUNDS 20

static int cpus[CPU_SETSIZE];
static int nr_cpus;

struct where {
	int cpu;
	int wrong_add;		/* runs of an add elsewhere */
	int wrong_arm;		/* runs of a delayed add elsewhere */
	int errs;
};

static void *add_here(void *p)
{
	struct where *a = p;
	struct tdw d;
	struct tw t;

	if (pin_self(a->cpu))
		bail_out("cannot pin to cpu %d", a->cpu);
	tw_init(&t);
	tdw_init(&d);
	for (int i = 0; i < ROUNDS; i++) {
		a->errs += add_work_to_q(system_wq, &t.work) != 0;
		a->errs += wait_for_work(&t.work) != 0;
		a->wrong_add += LOAD(&t.cpu) != a->cpu;
		a->errs += tdw_add(system_wq, &d, 1) != 0;
		a->errs += !tdw_wait(&d, i + 1);
		a->wrong_arm += LOAD(&d.cpu) != a->cpu;
	}
	return NULL;
}

/* Adds and arms from a thread pinned to each CPU; sums what went wrong. */
static void check_cpus(struct where *sum)
{
	struct where a[CPU_SETSIZE];

	memset(a, 0, sizeof(a));
	memset(sum, 0, sizeof(*sum));
	for (int i = 0; i < nr_cpus; i++)
		a[i].cpu = cpus[i];
	run_threads(nr_cpus, add_here, a, sizeof(a[0]));
	for (int i = 0; i < nr_cpus; i++) {
		sum->wrong_add += a[i].wrong_add;
		sum->wrong_arm += a[i].wrong_arm;
		sum->errs += a[i].errs;
	}
}

/* Is glibc's rseq area registered for this thread? -1: cannot tell. */
static int rseq_registered(void)
{
#ifdef HAVE_RSEQ_SIZE
	return __rseq_size > 0;
#else
	return -1;
#endif
}

/* Does this CPU have RDPID? -1: not x86. */
static int has_rdpid(void)
{
#ifdef __x86_64__
	unsigned int a, b, c, d;

	return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (c & bit_RDPID);
#else
	return -1;
#endif
}

/*
 * The copy without rseq: exit 0 if every run was on its adding CPU, 1 if
 * not, 2 if rseq was registered after all (nothing tested), 3 on errors.
 */
static int child(void)
{
	struct where sum;

	if (rseq_registered())
		return 2;
	check_cpus(&sum);
	if (sum.errs)
		return 3;
	return sum.wrong_add || sum.wrong_arm;
}

/* The copy's exit status, or 128 if it did not exit. */
static int run_child(const char *self)
{
	char out[512];
	int status;

	setenv("GLIBC_TUNABLES", "glibc.pthread.rseq=0", 1);
	status = spawn_self(self, "copy", out, sizeof(out));
	unsetenv("GLIBC_TUNABLES");
	if (*out)
		diag("the copy said: %s", out);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

int main(int argc, char **argv)
{
	struct where sum;
	int rc;

	nr_cpus = allowed_cpus(cpus, CPU_SETSIZE);
	if (argc > 1 && !strcmp(argv[1], "copy"))
		return child();
	tap_watchdog(60);
	plan(3);
	check_cpus(&sum);
	diag("rseq registered here: %d, RDPID: %d (1 yes, 0 no, -1 cannot tell)",
	     rseq_registered(), has_rdpid());
	ok(!sum.wrong_add && !sum.errs,
	   "add_work_to_q() on a bound queue runs on the adding thread's cpu, on each of %d",
	   nr_cpus);
	ok(!sum.wrong_arm && !sum.errs,
	   "add_delayed_work_to_q() on a bound queue runs on the arming thread's cpu");
	if (sum.wrong_add || sum.wrong_arm || sum.errs)
		diag("%d adds and %d arms ran elsewhere, %d errors",
		     sum.wrong_add, sum.wrong_arm, sum.errs);
	rc = run_child(argv[0]);
	if (rc == 2)
		skip(1, "glibc's rseq could not be turned off here");
	else
		ok(rc == 0,
		   "without rseq (GLIBC_TUNABLES=glibc.pthread.rseq=0) both still run on the adding cpu (child exit %d)",
		   rc);
	return done_testing();
}
