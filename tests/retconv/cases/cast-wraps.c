// An unsigned result cast to a signed type no wider than it, in so many
// words, keeps its bits as a signed value: "(int16)read16(f)" gives -1 for
// 0xffff whatever the holder's width, and tests for -1 and -2 are the
// file format's own codes (a module loader reading a synth type).  Stored
// without the cast in a wider int, the value is never negative, and a test
// for -1 is dead.
#include <stdint.h>

typedef short int16;

uint16_t read16(void *f);

int load_synth(void *f)
{
	int type2;

	type2 = (int16)read16(f);
	if (type2 != -1 && type2 != -2)
		return -1;
	if ((int16)read16(f) == -1)
		return -2;
	type2 = read16(f);
	if (type2 == -1)
		return -3;
	return 0;
}
// expect: cast-wraps.c:23:6: warning: 'read16' returns a count (class count, from its declared return type): 'type2 == -1' is never true; test it against 0 for what it means [retconv-C]
// expect: cast-wraps.c:22:2: note: 'type2' holds the result of 'read16' from here
