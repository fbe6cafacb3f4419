// SPDX-License-Identifier: MIT
/* A project's public header, found under include/. */
#ifndef FROB_DEV_H
#define FROB_DEV_H

struct frob {
	int id;
};

int frob_enable(struct frob *f);
int frob_attach(struct frob *f);

#endif
