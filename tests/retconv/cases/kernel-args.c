// SPDX-License-Identifier: MIT
/*
 * A kernel file taken alone, whose structures come from headers that are
 * absent: a call's arguments name fields of a type clang cannot complete,
 * so the call's line holds errors, but what the call returns is known all
 * the same.  An error there must not hide the test of its result; one
 * between the store and the test still does, as recovery may have lost a
 * second store.
 */
#include <linux/workqueue.h>
#include <linux/uaccess.h>

struct job;

static void job_kick(struct job *job)
{
	int status;

	status = queue_work(job->wq, &job->u.work);
	if (status < 0)
		job->status = status;
}

static long job_copy_out(struct job *job, void *ubuf)
{
	long left = copy_to_user(ubuf, &job->u.result, sizeof(job->u.result));

	if (left < 0)
		return -14;
	return 0;
}

static void job_kick_again(struct job *job)
{
	int status;

	status = queue_work(job->wq, &job->u.work);
	job->status = job->next->status;
	if (status < 0)
		job->status = status;
}
// expect: kernel-args.c:20:6: warning: 'queue_work' returns only 0 or 1 (class boolean, from the built-in table), never negative: 'status < 0' is never true; its failure is 0 [retconv-C]
// expect: kernel-args.c:19:2: note: 'status' holds the result of 'queue_work' from here
// expect: kernel-args.c:28:6: warning: 'copy_to_user' returns the number of bytes not copied (class count, from the built-in table), never negative: 'left < 0' is never true; its failure is non-zero [retconv-C]
// expect: kernel-args.c:26:7: note: 'left' holds the result of 'copy_to_user' from here
// stderr: retconv: kernel-args.c: note: parsed with errors: 2 headers not found (linux/workqueue.h, linux/uaccess.h); 10 other errors, the first: kernel-args.c:19:25: error: incomplete definition of type 'struct job'; checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
