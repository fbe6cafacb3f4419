// SPDX-License-Identifier: MIT
/*
 * A driver alone whose own header is absent too: its card type is a
 * typedef nobody defines, its limits are constants nobody defines, and
 * its bus device is a structure nobody completes.  clang calls every
 * declaration of those types invalid and drops what names them: the
 * calls below, and their misread results with them.  Stand-ins for the
 * missed names keep the calls; the fixed functions give nothing, and a
 * value made of an unknown constant stays unknown.
 */
#include <linux/device.h>
#include <linux/interrupt.h>
#include <asm/uaccess.h>
#include "baz.h"

static struct device baz_root = {
	.bus_id = "baz",
};

static irqreturn_t baz_interrupt(int irq, void *data)
{
	return IRQ_HANDLED;
}

/* Taken for "the line is busy": 0 is the line granted. */
int baz_claim_irq(baz_card *card, short irq)
{
	if (!request_irq(irq, baz_interrupt, 0, card->name, card)) {
		card->flags |= BAZ_FLAG_IRQ;
		return -EBUSY;
	}
	card->irq = irq;
	return 0;
}

int baz_claim_irq_fixed(baz_card *card, short irq)
{
	if (request_irq(irq, baz_interrupt, 0, card->name, card))
		return -EBUSY;
	card->irq = irq;
	return 0;
}

void baz_bus_init(void)
{
	if (!device_register(&baz_root))
		panic("baz: no root device\n");
}

/* A function of pointers fails with NULL. */
struct baz_dev *baz_add_dev(struct baz_dev *dev)
{
	if (!device_register(&dev->dev)) {
		kfree(dev);
		return NULL;
	}
	return dev;
}

struct baz_dev *baz_add_dev_fixed(struct baz_dev *dev)
{
	if (device_register(&dev->dev)) {
		kfree(dev);
		return NULL;
	}
	return dev;
}

/* A const one is the same. */
static const struct baz_table baz_ids = {
	.first = 1,
};

int baz_ids_register(void)
{
	if (!misc_register((void *)&baz_ids))
		return -ENODEV;
	return 0;
}

void baz_bus_init_fixed(void)
{
	if (device_register(&baz_root))
		panic("baz: no root device\n");
}

int baz_set_label(baz_card *card, const char __user *from, int len)
{
	char label[BAZ_LABEL_MAX + 1];
	int rval;

	rval = copy_from_user(label, from, len);
	if (rval < 0)
		return rval;
	label[len] = '\0';
	return 0;
}

int baz_set_label_fixed(baz_card *card, const char __user *from, int len)
{
	char label[BAZ_LABEL_MAX + 1];

	if (copy_from_user(label, from, len))
		return -EFAULT;
	label[len] = '\0';
	return 0;
}

/* Its constants' values are unknown: no class, and no finding. */
int baz_state(baz_card *card)
{
	if (card->flags)
		return BAZ_STATE_UP;
	return 1;
}
// expect: kernel-standins.c:28:6: warning: 'request_irq' returns 0 or a negative errno (class errno, from the built-in table): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: kernel-standins.c:30:3: note: the branch returns a negative errno
// expect: kernel-standins.c:46:6: warning: 'device_register' returns 0 or a negative errno (class errno, from the built-in table): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: kernel-standins.c:47:3: note: the branch calls panic()
// expect: kernel-standins.c:53:6: warning: 'device_register' returns 0 or a negative errno (class errno, from the built-in table): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: kernel-standins.c:55:3: note: the branch returns NULL
// expect: kernel-standins.c:76:6: warning: 'misc_register' returns 0 or a negative errno (class errno, from the built-in table): 0 is success, but the branch taken on 0 handles an error [retconv-D]
// expect: kernel-standins.c:77:3: note: the branch returns a negative errno
// expect: kernel-standins.c:93:6: warning: 'copy_from_user' returns the number of bytes not copied (class count, from the built-in table), never negative: 'rval < 0' is never true; its failure is non-zero [retconv-C]
// expect: kernel-standins.c:92:2: note: 'rval' holds the result of 'copy_from_user' from here
// expect: kernel-standins.c:94:3: warning: 'copy_from_user' returns the number of bytes not copied (class count, from the built-in table), and 'baz_set_label' returns it as its error result; return -EFAULT when it is not 0 [retconv-E]
// expect: kernel-standins.c:92:2: note: 'rval' holds the result of 'copy_from_user' from here
// stderr: retconv: kernel-standins.c: note: parsed with errors: 4 headers not found (linux/device.h, linux/interrupt.h, asm/uaccess.h, ...); 10 other errors, the first: kernel-standins.c:17:3: error: field designator 'bus_id' does not refer to any field in type 'struct device'; checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
