// A call given the error being handled (the variable an if around it
// took for a failure, named for an error) is asked about that failure:
// which kind it is, what to report.  Its 0 answers the question, and a
// branch on it that logs or returns that same error handles the failure
// in hand, not one of the call's: rule D says nothing there.  A branch
// that reports a failure of its own, a value not named for an error, a
// call no if has taken a failure for, and a variable stored to anew on
// the way are still read as before, where the callee shows a negative
// error code: one whose body gives 0 and -1 alone (check_rpc_error()'s
// "0: a known code, -1: an unknown one") shows no success, only two
// values, and rule D says nothing of it anywhere.
#include <errno.h>
#include <stdio.h>

#define pr_err(...) fprintf(stderr, __VA_ARGS__)
#define LOG_ERROR(...) fprintf(stderr, __VA_ARGS__)
#define AEE_SUCCESS 0

int dev_submit(int id);
int rpc_invoke(unsigned int h);
int to_user_error(int err, int errnum);

/* Kernel style: 0 when the driver knows the code (log it), -ENOENT when
 * not. */
static int check_err(int err)
{
	if (err > -4096 && err < 0)
		return 0;
	return -ENOENT;
}

static int send_reply(int id, int err)
{
	if (id < 0 || err > 0)
		return -EINVAL;
	return 0;
}

int dev_start(int id)
{
	int err = dev_submit(id);

	if (err) {
		if (check_err(err) == 0)
			pr_err("dev %d: error %d\n", id, err);
		return err;
	}
	return 0;
}

int dev_stop(int id)
{
	int err = dev_submit(id);

	if (err < 0) {
		if (!send_reply(id, err))
			pr_err("dev %d: reply failed\n", id);
		return err;
	}
	return 0;
}

int dev_flush(int id)
{
	int count = dev_submit(id);

	if (count) {
		if (!send_reply(id, count))
			pr_err("dev %d: %d failed\n", id, count);
	}
	return 0;
}

int dev_check(int id)
{
	int err = dev_submit(id);

	if (check_err(err) == 0)
		pr_err("dev %d: error %d\n", id, err);
	return err;
}

/* User space, positive codes: 0 for a known code, -1 for an unknown. */
int check_rpc_error(int err)
{
	if (err > 0 && err < 512)
		return 0;
	if (err == 0x8000)
		return 0;
	return -1;
}

int rpc_open(unsigned int h)
{
	int nErr = AEE_SUCCESS;

	nErr = rpc_invoke(h);
	if (nErr)
		goto bail;
	nErr = rpc_invoke(h + 1);
bail:
	if (nErr != AEE_SUCCESS) {
		nErr = to_user_error(nErr, errno);
		if (0 == check_rpc_error(nErr)) {
			LOG_ERROR("Error 0x%x: rpc_open failed for %u\n",
				  nErr, h);
		}
	}
	return nErr;
}

void rpc_close(unsigned int h)
{
	int nErr = rpc_invoke(h);

	if (nErr != AEE_SUCCESS) {
		nErr = rpc_invoke(h + 1);
		if (0 == check_rpc_error(nErr))
			LOG_ERROR("Error 0x%x: rpc_close failed\n", nErr);
	}
}
// expect: callsite-asked.c:56:7: warning: 'send_reply' returns 0 or a negative errno (class errno, from its definition at callsite-asked.c:32): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: callsite-asked.c:57:4: note: the branch calls pr_err()
// expect: callsite-asked.c:68:7: warning: 'send_reply' returns 0 or a negative errno (class errno, from its definition at callsite-asked.c:32): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: callsite-asked.c:69:4: note: the branch calls pr_err()
// expect: callsite-asked.c:78:6: warning: 'check_err' returns 0 or a negative errno (class errno, from its definition at callsite-asked.c:25): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: callsite-asked.c:79:3: note: the branch calls pr_err()
