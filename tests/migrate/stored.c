/* The result kept in a variable and tested: the test is reversed too. */

int kick(struct workqueue_struct *wq, struct work_struct *w)
{
	int ret;

	ret = queue_work(wq, w);
	if (!ret)
		return -EBUSY;
	return 0;
}

int kick_shared(struct work_struct *w)
{
	int queued;

	queued = schedule_work(w);
	if (queued)
		pr_debug("queued");
	else
		pr_debug("was pending");
	return 0;
}

int kick_delayed(struct workqueue_struct *wq, struct delayed_work *dw)
{
	int ok = queue_delayed_work(wq, dw, 100);

	if (!ok) {
		pr_debug("already pending");
		return -EBUSY;
	}
	return 0;
}

int kick_compared(struct workqueue_struct *wq, struct work_struct *w)
{
	int ret;

	ret = queue_work_on(0, wq, w);
	if (ret == 0)
		return -EBUSY;
	ret = schedule_work_on(1, w);
	if (ret != 0)
		pr_debug("queued");
	return 0;
}
