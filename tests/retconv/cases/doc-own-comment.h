// SPDX-License-Identifier: MIT
/* The header of doc-own-comment.c: a documentation comment that names
 * what the function does and says nothing of its result. */
#ifndef DOC_OWN_COMMENT_H
#define DOC_OWN_COMMENT_H

/**
 * status_open - Open and map the status page
 *
 */
int status_open(int fallback);

/**
 * status_close - Unmap the status page
 *
 */
int status_close(void);

#endif
