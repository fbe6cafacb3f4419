// SPDX-License-Identifier: MIT
/*
 * A file of a tree without its build: its configuration header is
 * generated and absent, its own headers are in include/, lib/ and a
 * board's folder, and what it calls is defined in core.c.
 */
#include "config.h"
#include <frob/dev.h>
#include <platform.h>
#include "frob/util.h"

int ACME_RAMFUNC frob_attach(struct frob *f)
{
	if (frob_enable(f) < 0)
		return -22;
	if (frob_used() < 0)
		return -12;
	return 0;
}
