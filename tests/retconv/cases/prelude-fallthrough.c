// The kernel's "fallthrough;" in a file whose headers are missing (the
// prelude's parse), beside a header that asks for the attribute through
// a macro of its own, as GLib's gmacros.h does
// ("#define g_macro__has_attribute __has_attribute", then
// "#if g_macro__has_attribute(fallthrough)"): the prelude's stand-in must
// leave that test an argument, or every such parse has one more error
// (the fourteenth round's libvips: 309 of 550 files) and the statement
// is lost.  Only the missing header is an error here.
#include "no-such-config.h"

#define my__has_attribute __has_attribute
#if my__has_attribute(fallthrough)
#define MY_FALLTHROUGH __attribute__((fallthrough))
#endif

int port_open(int fd)
{
	switch (fd) {
	case 1:
		fd++;
		fallthrough;
	case 2:
		return -1;
	}
	return 1;
}

// expect: prelude-fallthrough.c:16:5: warning: action 'port_open' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
// expect: prelude-fallthrough.c:23:3: note: returns a negative errno
// expect: prelude-fallthrough.c:25:2: note: returns 1
// stderr: retconv: prelude-fallthrough.c: note: parsed with errors: 1 header not found (no-such-config.h); checked only where types are known
// stderr: retconv: 1 of 1 file parsed with errors, 0 not parsed
