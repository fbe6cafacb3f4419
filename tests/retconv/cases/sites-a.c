// Call sites are judged by the callee's class across files: alone, this
// file's claim_tag() is defined nowhere and proves nothing; checked with
// sites-b.c, which defines it as a 0/1 function, the "< 0" is never true.
#include <errno.h>

int claim_tag(int *tag);

int attach_tag(int *tag)
{
	int err = claim_tag(tag);

	if (err < 0)
		return err;
	return 0;
}
