/* Left alone: a result used other than by a test, returned or added.
 * What the caller meant by the new value is for a person to decide; the
 * void old names make the compiler point at each of these. */

int kick_count(struct workqueue_struct *wq, struct work_struct *w)
{
	int ret;

	ret = queue_work(wq, w);
	if (!ret)
		pr_debug("was pending");
	return ret;
}

int count_queued(struct work_struct *w, int n)
{
	return n + schedule_work(w);
}

int kick_mapped(struct workqueue_struct *wq, struct work_struct *w)
{
	int ret;

	ret = queue_work(wq, w);
	if (!ret)
		pr_debug("was pending");
	ret = ret ? 0 : -EBUSY;
	return ret;
}
