/* Old names tested directly: each becomes its add_* name, test reversed. */

int kick(struct workqueue_struct *wq, struct work_struct *w)
{
	if (!queue_work(wq, w))
		return -EBUSY;
	return 0;
}

int kick_on(struct workqueue_struct *wq, struct work_struct *w)
{
	if (queue_work_on(1, wq, w))
		pr_debug("queued");
	else
		return -EBUSY;
	return 0;
}

int kick_shared(struct work_struct *w, struct delayed_work *dw)
{
	if (schedule_work(w) == 0)
		return -EBUSY;
	if (schedule_delayed_work(dw, 10) != 0)
		pr_debug("queued");
	return 0;
}

int kick_delayed(struct workqueue_struct *wq, struct delayed_work *dw)
{
	while (!queue_delayed_work(wq, dw, 5))
		cpu_relax();
	if (queue_delayed_work_on(0, wq, dw, 5) && verbose)
		pr_debug("queued");
	return schedule_work_on(2, &dw->work) ? 0 : -EBUSY;
}

int kick_delayed_on(struct delayed_work *dw)
{
	int busy = !schedule_delayed_work_on(1, dw, 3);

	return busy ? -EBUSY : 0;
}

int kick_counted(struct workqueue_struct *wq, struct work_struct *w)
{
	if (queue_work(wq, w) == 1)
		pr_debug("queued");
	if (schedule_work(w) > 0)
		pr_debug("queued");
	return 0;
}
