/* The kernel's mods tested: true was "the item was pending". */

struct dev {
	int ref;
	struct delayed_work watchdog;
};

void dev_get(struct dev *dev);
void dev_put(struct dev *dev);

void dev_kick(struct workqueue_struct *wq, struct dev *dev)
{
	dev_get(dev);
	if (mod_delayed_work(wq, &dev->watchdog, HZ))
		dev_put(dev);
}

int dev_kick_on(struct workqueue_struct *wq, struct dev *dev, int cpu)
{
	int pending;
	bool again = mod_delayed_work(wq, &dev->watchdog, 2 * HZ);

	pending = mod_delayed_work_on(cpu, wq, &dev->watchdog, HZ);
	if (!mod_delayed_work_on(cpu, wq, &dev->watchdog, 0))
		pr_debug("was idle");
	return pending + again;
}
