/* The eight names as statements, as teardown calls them: left alone. */

struct dev {
	struct work_struct reset;
	struct delayed_work poll;
};

void dev_teardown(struct workqueue_struct *wq, struct dev *dev, int cpu)
{
	cancel_work(&dev->reset);
	cancel_work_sync(&dev->reset);
	cancel_delayed_work(&dev->poll);
	cancel_delayed_work_sync(&dev->poll);
	flush_work(&dev->reset);
	flush_delayed_work(&dev->poll);
	mod_delayed_work(wq, &dev->poll, 0);
	mod_delayed_work_on(cpu, wq, &dev->poll, 0);
	(void)cancel_work(&dev->reset);
	if (verbose)
		cancel_work_sync(&dev->reset), pr_debug("stopped");
}
