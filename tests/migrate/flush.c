/* The kernel's flushes tested: true was "it waited". */

struct dev {
	struct work_struct reset;
	struct delayed_work poll;
};

int dev_sync(struct dev *dev)
{
	int waited;

	waited = flush_work(&dev->reset);
	if (flush_delayed_work(&dev->poll))
		waited++;
	return waited;
}
