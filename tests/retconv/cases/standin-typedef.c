// A function-pointer typedef whose return type a missing generated header
// would define ("typedef wide_t (*reader_fn)(void *)") declares nothing
// in the first parse: clang takes the missing type for the name.  The
// callback's type gets a stand-in from its uses, and once the return
// type has one too, the file's own typedef parses and must win: a stand-in
// left beside it makes every call that passes a callback an error, and
// the rules lose the call.
#include <errno.h>
#include "standin-typedef-conf.h"

void set_width(wide_t w);
typedef wide_t (*reader_fn)(void *ctx);

static reader_fn current;

int set_reader(reader_fn fn)
{
	if (!fn)
		return -EINVAL;
	current = fn;
	return 0;
}

wide_t read_block(void *ctx);

int start(void)
{
	if (set_reader(read_block) == 1)
		return -EBUSY;
	return 0;
}
// expect: standin-typedef.c:28:6: warning: 'set_reader' returns 0 or a negative errno (class errno, from its definition at standin-typedef.c:16): 'set_reader(...) == 1' is never true; its success is 0 and its failure negative [retconv-C]
// stderr: retconv: standin-typedef.c: note: parsed with errors: 1 header not found (standin-typedef-conf.h); checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
