/* The 2006 misreading: "< 0" on a 0/1 result.  With the add_* names the
 * test is right as written: rpc_make_runnable() becomes correct. */

void rpc_make_runnable(struct workqueue_struct *wq, struct work_struct *w)
{
	int status;

	status = queue_work(wq, w);
	if (status < 0) {
		pr_debug("rpc: failed to add task to queue");
		return;
	}
	if (schedule_work(w) < 0)
		pr_debug("failed");
}
