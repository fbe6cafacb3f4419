/* Plain statement calls are left alone: the void old names still queue
 * the work, and warn once per call site when it was already pending.
 * With -D ignore_busy they become (void)add_*(), as statements.busy. */

void kick(struct workqueue_struct *wq, struct work_struct *w)
{
	queue_work(wq, w);
	schedule_work(w);
	queue_delayed_work_on(1, wq, to_delayed_work(w), 10);
	(void)schedule_delayed_work(to_delayed_work(w), 5);
}
