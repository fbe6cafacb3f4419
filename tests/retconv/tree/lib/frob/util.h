// SPDX-License-Identifier: MIT
/* Included as "frob/util.h": found only when lib/ is on the path. */
#ifndef FROB_UTIL_H
#define FROB_UTIL_H

typedef unsigned int frob_count_t;

frob_count_t frob_used(void);

#endif
