/* SPDX-License-Identifier: MIT */
/*
 * kwq's version.  The major number is the soname's (libkwq.so.0): it changes
 * only when a change breaks programs built against an earlier release.  The
 * minor number grows with additions; the patch number with fixes.
 */
#ifndef KWQ_VERSION_H
#define KWQ_VERSION_H

#define KWQ_VERSION_MAJOR 0
#define KWQ_VERSION_MINOR 1
#define KWQ_VERSION_PATCH 0
#define KWQ_VERSION_HEX ((KWQ_VERSION_MAJOR << 16) | \
			 (KWQ_VERSION_MINOR << 8) | KWQ_VERSION_PATCH)

#endif /* KWQ_VERSION_H */
