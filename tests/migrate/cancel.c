/* The kernel's cancels tested: true was "it removed a pending instance". */

struct dev {
	int ref;
	struct work_struct reset;
	struct delayed_work poll;
};

void dev_put(struct dev *dev);

void dev_stop(struct dev *dev)
{
	if (cancel_delayed_work_sync(&dev->poll))
		dev_put(dev);
	if (!cancel_work_sync(&dev->reset))
		pr_debug("no reset was pending");
}

bool dev_abort(struct dev *dev)
{
	return cancel_work(&dev->reset);
}

int dev_quiesce(struct dev *dev)
{
	bool was_polling;
	int n = cancel_delayed_work(&dev->poll);

	was_polling = cancel_delayed_work_sync(&dev->poll);
	if (cancel_work(&dev->reset) == 0 && verbose)
		pr_debug("idle");
	if (cancel_work(&dev->reset) != 0)
		n++;
	return was_polling ? n : cancel_work_sync(&dev->reset) ? 1 : -1;
}
