// SPDX-License-Identifier: MIT
/* Included as <platform.h>: a board's folder, as the build would pass it. */
#ifndef PLATFORM_H
#define PLATFORM_H

#define ACME_RAMFUNC __attribute__((section(".ramfunc")))

#endif
