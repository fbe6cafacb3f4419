// SPDX-License-Identifier: MIT
/*
 * The other half of standin-cb-a.c: a file checked without its include
 * path.  bind_entry is declared by the absent header, so it stands in
 * as a variable, and storing it is taking the address of the function of
 * that name.  bind_other() is called, which takes no address.
 */
#include "absent-merge.h"

int run_merge(struct merge_opts *opts, const int *src, int bound)
{
	if (bound) {
		opts->fn = bind_entry;
		return merge_trees(opts);
	}
	return bind_other(src) < 0 ? -1 : 0;
}
// stderr: retconv: standin-cb-b.c: note: parsed with errors: 1 header not found (absent-merge.h); 1 other error, the first: standin-cb-b.c:13:7: error: incomplete definition of type 'struct merge_opts'; checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
