// SPDX-License-Identifier: MIT
/*
 * An annotation no list knows, tripped on in the last line of a file that
 * ends without a newline: the line a diagnostic is on is found from the
 * table of the text's line starts (ast.c's file_line()), which must give
 * the last line its text up to the end, as the walk from the top did.
 */
// args: --static
// expect: last-line-annotation.c:17:17: warning: action 'plat_probe' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: last-line-annotation.c:17:48: note: returns a negative errno
// expect: last-line-annotation.c:17:60: note: returns 1
// stderr: retconv: last-line-annotation.c: note: parsed with errors: 1 header not found (board_config.h); checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed

#include "board_config.h"

__plat_cold int plat_probe(int *id) { if (!id) return -19; return 1; }