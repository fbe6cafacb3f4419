#!/bin/sh
# SPDX-License-Identifier: MIT
#
# retconv --tree (tree mode): a project checked without its build finds
# its own include folders (include/, and those its #include lines name:
# lib/ for "frob/util.h", a board's folder for <platform.h>), says which
# in one line (-v lists them), writes a header the build generates from
# its template, goes past a missing config.h, and, given
# files, parses the files defining their callees too and reports only
# in the files given.  The bounds (64 folders, 12 callee files) are said
# when they bite, and the same tree gives the same choice every time.
#
# The fixture is tests/retconv/tree.  Run by prove from the top of the
# tree; KWQ_BUILD names the build tree holding retconv (default: build).
set -u
. "$(dirname "$0")/tap.sh"

build=${KWQ_BUILD:-build}
case $build in
/*) rc=$build/retconv ;;
*) rc=$top/$build/retconv ;;
esac
fixture=$top/tests/retconv/tree

if [ ! -x "$rc" ]; then
	echo "1..0 # SKIP $rc not built (make retconv)"
	exit 0
fi

# --- a whole tree ------------------------------------------------------------

(cd "$fixture/.." && "$rc" --no-config -v --tree tree) >"$tmp/out" 2>"$tmp/err"
st=$?
cat >"$tmp/want-err" <<'EOF'
retconv: tree tree: 3 include folders: tree/include, tree/lib, tree/boards/acme
retconv: tree: -Itree/include
retconv: tree: -Itree/lib
retconv: tree: -Itree/boards/acme
retconv: tree: the files of 4 folders get the include folders their #include lines reach, 1.0 of 3 on average
retconv: tree/src/dev.c: note: parsed with errors: 1 header not found (config.h); checked only where types are known
retconv: 1 of 5 files parsed with errors, 0 not parsed
EOF
grep -v ' lines per CPU-second$' "$tmp/err" >"$tmp/err-v"
cmp -s "$tmp/want-err" "$tmp/err-v"
tap_check $? "include/ first, then the folders #include lines resolve against, by use; -v lists them"
diff -u "$tmp/want-err" "$tmp/err-v" | tap_diag

# -v ends with the run's speed: the lines wc -l counts in the files parsed
# (the fixture's five, its headers too), over the CPU time of the run.
lines=$(cd "$fixture" && find . -name '*.[ch]' -exec cat {} + | wc -l)
tail -1 "$tmp/err" | grep -Eq "^retconv: $lines lines in 5 files, [0-9]+\.[0-9]{2} CPU-seconds with [0-9]+ workers?: [0-9]+ lines per CPU-second\$"
tap_check $? "-v says the lines read ($lines) and the lines per CPU-second"
tail -1 "$tmp/err" | tap_diag

grep -q "^tree/src/dev.c:16:6: warning: 'frob_used' returns a count (class count, from its definition at tree/src/core.c:11)" "$tmp/out" &&
	[ $st -eq 1 ]
tap_check $? "a type from a header found in lib/ makes the finding; config.h missing does not stop the file"
tap_diag "$tmp/out"

(cd "$fixture/.." && "$rc" --no-config --tree tree) >/dev/null 2>"$tmp/err2"
head -1 "$tmp/err2" >"$tmp/line"
head -1 "$tmp/want-err" | cmp -s - "$tmp/line" &&
	! grep -q 'retconv: tree: -I' "$tmp/err2"
tap_check $? "without -v, one line says what was chosen"

# --- given files of the tree --------------------------------------------------

(cd "$fixture" && "$rc" --no-config --tree . src/dev.c) >"$tmp/out" 2>"$tmp/err"
st=$?
cat >"$tmp/want" <<'EOF'
src/dev.c:14:6: warning: 'frob_enable' returns only 0 or 1 (class boolean, from its definition at src/core.c:6), never negative: 'frob_enable(...) < 0' is never true; test it against 0 for what it means [retconv-C]
src/dev.c:16:6: warning: 'frob_used' returns a count (class count, from its definition at src/core.c:11), never negative: 'frob_used(...) < 0' is never true; test it against 0 for what it means [retconv-C]
EOF
cmp -s "$tmp/want" "$tmp/out" && [ $st -eq 1 ] &&
	grep -q '^retconv: tree \.: 3 include folders: include, lib, boards/acme; callees from 1 more file$' "$tmp/err" &&
	! grep -q core.c "$tmp/err"
tap_check $? "--tree . FILE: callees' classes from the file defining them, findings only in FILE"
diff -u "$tmp/want" "$tmp/out" | tap_diag
tap_diag "$tmp/err"

(cd "$fixture" && "$rc" --no-config src/dev.c) >"$tmp/out" 2>/dev/null
st=$?
[ $st -eq 0 ] && [ ! -s "$tmp/out" ]
tap_check $? "the same file without --tree: its headers and callees unknown, nothing found"

# --- the bounds ----------------------------------------------------------------

mkdir -p "$tmp/big/src"
i=0
while [ $i -lt 70 ]; do
	mkdir -p "$tmp/big/m$i/h$i"
	printf 'int h%d_value(void);\n' $i >"$tmp/big/m$i/h$i/h.h"
	printf 'int h%d_value(void)\n{\n\treturn %d;\n}\n' $i $i \
		>"$tmp/big/m$i/h$i.c"
	printf '#include <h%d/h.h>\n' $i >>"$tmp/big/src/main.c"
	i=$((i + 1))
done
printf 'int run(void)\n{\n\treturn 0' >>"$tmp/big/src/main.c"
i=0
while [ $i -lt 15 ]; do
	printf ' + h%d_value()' $i >>"$tmp/big/src/main.c"
	i=$((i + 1))
done
printf ';\n}\n' >>"$tmp/big/src/main.c"
(cd "$tmp/big" && "$rc" --no-config --tree . src/main.c) >/dev/null 2>"$tmp/err"
grep -q '^retconv: tree \.: 64 include folders (the 64 that resolve the most #include lines of 70): m0, m1, m10, \.\.\.; callees from 12 more files (3 more over the bound left out)$' "$tmp/err"
tap_check $? "at most 64 include folders and 12 callee files, and the line says so"
tap_diag "$tmp/err"

(cd "$tmp/big" && "$rc" --no-config -v --tree . src/main.c) >/dev/null 2>"$tmp/err1"
(cd "$tmp/big" && "$rc" --no-config -v -j1 --tree . src/main.c) >/dev/null 2>"$tmp/err2"
grep -v ' lines per CPU-second$' "$tmp/err1" >"$tmp/err1-v"
grep -v ' lines per CPU-second$' "$tmp/err2" | cmp -s "$tmp/err1-v" -
tap_check $? "the same tree gives the same folders and files every time"

# Over the bound, the files defining calls whose result the file reads (a
# test, a store, a return) come before those of calls made for their
# effect: fourteen loggers called as statements first, in files of their
# own, do not push out the file that defines the tested call, kernel
# style (a 0/1 answer tested < 0) and user style (an action's 0/-errno
# compared with 1 through a store).
mkdir -p "$tmp/prio/src"
i=0
while [ $i -lt 14 ]; do
	printf 'int log%d(const char *m)\n{\n\treturn m ? %d : 0;\n}\n' $i $i \
		>"$tmp/prio/src/log$i.c"
	i=$((i + 1))
done
cat >"$tmp/prio/src/probe.c" <<'EOF2'
#include <errno.h>

int dev_present(int id)
{
	return id == 3;
}

int dev_attach(int id)
{
	return id ? 0 : -ENODEV;
}
EOF2
decls= calls=
i=0
while [ $i -lt 14 ]; do
	decls="${decls}int log$i(const char *m);\n"
	calls="${calls}\tlog$i(\"start\");\n"
	i=$((i + 1))
done
{
	printf "$decls"
	printf 'int dev_present(int id);\nint dev_attach(int id);\n\n'
	printf 'int run(int id)\n{\n\tint ret;\n\n'
	printf "$calls"
	printf '\tif (dev_present(id) < 0)\n\t\treturn -1;\n'
	printf '\tret = dev_attach(id);\n\tif (ret == 1)\n\t\treturn -1;\n'
	printf '\treturn ret;\n}\n'
} >"$tmp/prio/src/main.c"
(cd "$tmp/prio" && "$rc" --no-config --tree . src/main.c) >"$tmp/out" 2>"$tmp/err"
grep -q "^src/main.c:36:6: warning: 'dev_present' returns only 0 or 1 (class boolean, from its definition at src/probe.c:3)" "$tmp/out" &&
	grep -q "^src/main.c:39:6: warning: 'dev_attach' returns 0 or a negative errno (class errno, from its definition at src/probe.c:8)" "$tmp/out" &&
	grep -q '; callees from 12 more files (3 more over the bound left out)$' "$tmp/err"
tap_check $? "over the bound, the file defining a tested call before those of calls made for their effect"
tap_diag "$tmp/out"
tap_diag "$tmp/err"

# A call through an ops member takes the files that store functions in
# a member of that name (kernel style: a driver's table of 0/-errno
# actions); a call written as a macro that stands for a call of another
# function (user style: a portable name in a header) takes the file that
# defines that function.
p=$tmp/ops
mkdir -p "$p/include" "$p/drv" "$p/lib" "$p/src"
cat >"$p/include/bus.h" <<'EOF2'
struct bus;
struct bus_ops {
	int (*claim)(struct bus *b);
};
struct bus {
	const struct bus_ops *ops;
	int users;
};
int os_lock_impl(struct bus *b, int spin);
#define os_lock(b) os_lock_impl((b), 0)
EOF2
cat >"$p/drv/uart.c" <<'EOF2'
#include <errno.h>
#include "bus.h"

static int uart_claim(struct bus *b)
{
	return b->users ? -EBUSY : 0;
}

const struct bus_ops uart_ops = {
	.claim = uart_claim,
};
EOF2
cat >"$p/lib/lock.c" <<'EOF2'
#include "bus.h"

int os_lock_impl(struct bus *b, int spin)
{
	return b->users > spin;
}
EOF2
cat >"$p/src/main.c" <<'EOF2'
#include <errno.h>
#include "bus.h"

int run(struct bus *b)
{
	if (b->ops->claim(b) == 1)
		return -EIO;
	if (os_lock(b) < 0)
		return -EIO;
	return 0;
}
EOF2
(cd "$p" && "$rc" --no-config --tree . src/main.c) >"$tmp/out" 2>"$tmp/err"
cat >"$tmp/want" <<'EOF2'
src/main.c:6:6: warning: '->claim' returns 0 or a negative errno (class errno, from the one function stored in 'struct bus_ops' member 'claim', uart_claim() at drv/uart.c:4): '->claim(...) == 1' is never true; its success is 0 and its failure negative [retconv-C]
src/main.c:8:6: warning: 'os_lock_impl' returns only 0 or 1 (class boolean, from its definition at lib/lock.c:3), never negative: 'os_lock_impl(...) < 0' is never true; test it against 0 for what it means [retconv-C]
EOF2
cmp -s "$tmp/want" "$tmp/out" &&
	grep -q '; callees from 2 more files$' "$tmp/err"
tap_check $? "the files storing an ops member's functions, and the one defining what a macro calls"
diff -u "$tmp/want" "$tmp/out" | tap_diag
tap_diag "$tmp/err"

mkdir -p "$tmp/inc"
printf 'all:\n\ttrue\n' >"$tmp/inc/Makefile.inc"
printf 'int frob(void)\n{\n\treturn 0;\n}\n' >"$tmp/inc/a.c"
(cd "$tmp/inc" && "$rc" --no-config --tree .) >/dev/null 2>"$tmp/err"
st=$?
[ $st -eq 0 ] && ! grep -q 'not parsed' "$tmp/err"
tap_check $? "a Makefile.inc no file includes is not parsed alone"
tap_diag "$tmp/err"

# --- folders of other systems ----------------------------------------------

# A folder named for another system (include/windows, include/osx) is not
# on a Linux build's path: its headers are not credited, even where its
# name is the shorter (osx/ against linux/ for osd.h) or its config.h the
# only one; of sibling folders holding a header, the one for Linux beside
# other systems' wins (linux/ over pcp/ for platform.h).  The line says
# which were passed over.
p=$tmp/plat
mkdir -p "$p/include/linux" "$p/include/osx" "$p/include/windows" \
	"$p/linux" "$p/pcp" "$p/freebsd" "$p/src"
printf '#include <stdbool.h>\n\nbool osd_ready(void);\n' \
	>"$p/include/linux/osd.h"
printf 'int osd_ready(void);\n' >"$p/include/osx/osd.h"
printf '#define HAVE_STDBOOL 1\n' >"$p/include/windows/config.h"
printf '#include <stdbool.h>\n\nbool plat_ok(void);\n' >"$p/linux/platform.h"
printf 'int plat_ok(void);\n' >"$p/pcp/platform.h"
printf 'int plat_ok(void);\n' >"$p/freebsd/platform.h"
cat >"$p/src/main.c" <<'EOF2'
#include "config.h"
#include "osd.h"
#include "platform.h"

int run(void)
{
	if (osd_ready() < 0)
		return -1;
	if (plat_ok() < 0)
		return -2;
	return 0;
}
EOF2
(cd "$p" && "$rc" --no-config --tree .) >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 1 ] &&
	grep -q "^./src/main.c:7:6: warning: 'osd_ready' returns only 0 or 1" "$tmp/out" &&
	grep -q "^./src/main.c:9:6: warning: 'plat_ok' returns only 0 or 1" "$tmp/out" &&
	grep -q '^retconv: tree \.: 3 include folders: include, include/linux, linux; for Linux, not freebsd, include/osx, include/windows$' "$tmp/err" &&
	grep -q 'header not found (config.h)' "$tmp/err"
tap_check $? "another system's folders are passed over and said; a Linux sibling wins"
tap_diag "$tmp/out"
tap_diag "$tmp/err"

# --- the compiler's own headers ---------------------------------------------

# <stdbool.h>, <stddef.h> and <stdarg.h> are the compiler's, in its resource
# directory, not /usr/include: the build finds them there, so a tree's
# stand-in for another compiler's (a C99 folder of MSVC shims) is not
# credited for them.  Credited, its folder came before the system's, its
# stdint.h shadowed the system's, and every file parsed with errors.
p=$tmp/c99
mkdir -p "$p/compat/C99" "$p/src"
printf '#define bool int\n#define true 1\n#define false 0\n' \
	>"$p/compat/C99/stdbool.h"
printf 'typedef signed __int64 int64_t;\ntypedef int int32_t;\n' \
	>"$p/compat/C99/stdint.h"
cat >"$p/src/main.c" <<'EOF2'
#include <stdbool.h>
#include <stdint.h>

static bool link_up(int64_t mask)
{
	return mask != 0;
}

int start(int64_t mask)
{
	int32_t tries = 3;

	while (tries-- && link_up(mask) < 0)
		mask >>= 1;
	return tries;
}
EOF2
(cd "$p" && "$rc" --no-config -v --tree .) >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] &&
	grep -q "^./src/main.c:13:20: warning: 'link_up' returns only 0 or 1" "$tmp/out" &&
	grep -q '^retconv: tree \.: 0 include folders' "$tmp/err" &&
	! grep -q 'main\.c: note: parsed with errors' "$tmp/err"
tap_check $? "a tree's stand-in for the compiler's stdbool.h is not on the path"
tap_diag "$tmp/out"
tap_diag "$tmp/err"

# --- a processor's C library stand-ins --------------------------------------

# A folder credited for a processor's own header (periph_cpu.h) may also
# hold that processor's C library (sys/types.h for its compiler), as
# another processor's does.  A build takes it only for that processor: the files outside cpu/avr read the
# system's sys/types.h (the folder goes after the system's headers, its
# periph_cpu.h still found), cpu/avr's own files read the processor's, and
# a top folder's include/ (core/include/assert.h, the project's own) still
# comes first for every file.
p=$tmp/clib
mkdir -p "$p/core/include" "$p/cpu/avr/include/sys" "$p/cpu/avr/periph" \
	"$p/cpu/arm/include/sys" "$p/sys/net"
printf 'typedef long arm_word_t;\n' >"$p/cpu/arm/include/sys/types.h"
printf '#include <sys/types.h>\n\nint periph_ready(void);\n' \
	>"$p/cpu/avr/include/periph_cpu.h"
printf 'typedef unsigned int size_t;\ntypedef int avr_word_t;\n' \
	>"$p/cpu/avr/include/sys/types.h"
printf '#define assert(c) ((void)(c))\ntypedef int core_check_t;\n' \
	>"$p/core/include/assert.h"
cat >"$p/cpu/avr/periph/timer.c" <<'EOF2'
#include <sys/types.h>
#include "periph_cpu.h"

int periph_ready(void)
{
	avr_word_t w = 1;

	return w > 0;
}
EOF2
cat >"$p/sys/net/link.c" <<'EOF2'
#include <stdio.h>
#include <sys/types.h>
#include <assert.h>
#include "periph_cpu.h"

int link_start(void)
{
	ssize_t sent = 0;
	core_check_t ok = sent == 0;

	assert(ok);
	if (periph_ready() < 0)
		return -1;
	return 0;
}
EOF2
(cd "$p" && "$rc" --no-config -v --tree .) >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] &&
	grep -q "^./sys/net/link.c:12:6: warning: 'periph_ready' returns only 0 or 1" "$tmp/out" &&
	grep -q "^retconv: tree: -Icpu/avr/include (holds the C library's sys/types.h: after the system's headers but for the files of cpu/avr)\$" "$tmp/err" &&
	grep -q '^retconv: tree: -Icore/include$' "$tmp/err" &&
	! grep -q 'parsed with errors' "$tmp/err"
tap_check $? "a processor's C library stand-in is read by its own files only"
tap_diag "$tmp/out"
tap_diag "$tmp/err"

# --- a unit test's stand-in for the C library --------------------------------

# A unit test's folder of C library stand-ins (errno.h and stdio.h that
# rename the library's names to the test's stubs, #define EINPROGRESS
# TEST_EINPROGRESS) also holds stand-ins for an RTOS's headers that the
# production code includes (rtos.h, found nowhere else).  Only that test's
# build takes it: the production file reads the system's errno.h, where
# EINPROGRESS is positive, so "errno != EINPROGRESS" is no finding (main:
# "is always true", the stub's enum being negative), and -v says why the
# folder comes after the system's headers.  A processor's stdio.h that
# sends printf() to its own (one such header) is no test's stand-in, nor
# is its strings.h, which maps ffs() to the compiler's reserved name.
p=$tmp/standin
mkdir -p "$p/src/net" "$p/test/override_inc" "$p/test/inc" "$p/cpu/avr/include"
cat >"$p/test/inc/TEST_errno.h" <<'EOF2'
enum { TEST_EAGAIN = -1, TEST_EINPROGRESS = -2 };
extern int TEST_errno;
EOF2
cat >"$p/test/override_inc/errno.h" <<'EOF2'
#include "TEST_errno.h"
#define EAGAIN      TEST_EAGAIN
#define EINPROGRESS TEST_EINPROGRESS
#define errno       TEST_errno
EOF2
cat >"$p/test/override_inc/stdio.h" <<'EOF2'
#include "TEST_stdio.h"
#define printf(...) TEST_printf(__VA_ARGS__)
EOF2
printf 'int TEST_printf(const char *fmt, ...);\n' >"$p/test/inc/TEST_stdio.h"
printf 'int rtos_connect(int fd);\n' >"$p/test/override_inc/rtos.h"
cat >"$p/cpu/avr/include/stdio.h" <<'EOF2'
#include_next <stdio.h>
int flash_vprintf(const char *fmt, __builtin_va_list ap);
#define vprintf(fmt, ap) flash_vprintf(fmt, ap)
#define avr_putc(c) putchar(c)
EOF2
printf '#define ffs(x) __builtin_ffs(x)\n' >"$p/cpu/avr/include/strings.h"
printf '#include <stdio.h>\nint cpu_puts(const char *s);\n' \
	>"$p/cpu/avr/include/cpu_io.h"
cat >"$p/src/net/sock.c" <<'EOF2'
#include <errno.h>
#include <stdio.h>
#include <rtos.h>
#include <cpu_io.h>

int sock_start(int fd)
{
	if (rtos_connect(fd) < 0 && errno != EINPROGRESS) {
		printf("connect: %d\n", errno);
		return -errno;
	}
	return 0;
}
EOF2
(cd "$p" && "$rc" --no-config -v --tree .) >"$tmp/out" 2>"$tmp/err"
[ $? -eq 0 ] && [ ! -s "$tmp/out" ] &&
	grep -q "^retconv: tree: -Itest/override_inc (a test's stand-in for the C library, its stdio.h renames the library's names: after the system's headers)\$" "$tmp/err" &&
	grep -q '^retconv: tree: -Icpu/avr/include$' "$tmp/err" &&
	! grep -q 'parsed with errors' "$tmp/err"
tap_check $? "a test's stand-in for the C library comes after the system's headers"
tap_diag "$tmp/out"
tap_diag "$tmp/err"

# The stand-in folder also stands in for the project's own header
# (bsp.h, "#define bsp_lock TEST_bsp_lock"), and the test files that
# include it make it the first folder of the path, before the project's
# src/shared/inc.  Searched after the system's headers, it must not be
# where start.c finds bsp.h: the narrowed path keeps src/shared/inc for
# start.c, whose bsp_lock() then parses and shows its misread (main: the
# stand-in's bsp.h renamed the function, and the finding was lost; nasa/
# osal's BSPs, session 31).
p=$tmp/standin2
mkdir -p "$p/src/bsp" "$p/src/shared/inc" "$p/test/override_inc" \
	"$p/test/inc" "$p/test/cov"
printf 'enum { TEST_EAGAIN = -1 };\nextern int TEST_errno;\n' \
	>"$p/test/inc/TEST_errno.h"
cat >"$p/test/override_inc/errno.h" <<'EOF2'
#include "TEST_errno.h"
#define EAGAIN TEST_EAGAIN
#define errno  TEST_errno
EOF2
cat >"$p/test/override_inc/stdio.h" <<'EOF2'
int TEST_printf(const char *fmt, ...);
#define printf(...) TEST_printf(__VA_ARGS__)
EOF2
printf 'void TEST_bsp_lock(void);\n#define bsp_lock TEST_bsp_lock\n' \
	>"$p/test/override_inc/bsp.h"
printf 'int rtos_connect(int fd);\n' >"$p/test/override_inc/rtos.h"
cat >"$p/src/shared/inc/bsp.h" <<'EOF2'
#include <pthread.h>
extern pthread_mutex_t bsp_mutex;
void bsp_lock(void);
EOF2
for f in a b; do
	printf '#include <rtos.h>\n#include "bsp.h"\n\nint cov_%s(void)\n{\n\treturn rtos_connect(0);\n}\n' \
		$f >"$p/test/cov/$f.c"
done
cat >"$p/src/bsp/start.c" <<'EOF2'
#include <stdio.h>
#include <pthread.h>
#include "bsp.h"

pthread_mutex_t bsp_mutex = PTHREAD_MUTEX_INITIALIZER;

void bsp_lock(void)
{
	int status = pthread_mutex_lock(&bsp_mutex);

	if (status < 0)
		printf("lock: %d\n", status);
}
EOF2
(cd "$p" && "$rc" --no-config -v --tree .) >"$tmp/out" 2>"$tmp/err"
[ $? -eq 1 ] &&
	grep -q "^retconv: tree .: 3 include folders: test/override_inc, src/shared/inc, test/inc\$" "$tmp/err" &&
	grep -q "^./src/bsp/start.c:11:6: warning: 'pthread_mutex_lock' returns 0 or a positive errno .*'status < 0' is never true" "$tmp/out" &&
	[ "$(grep -c warning "$tmp/out")" -eq 1 ]
tap_check $? "a stand-in's copy of the project's header does not hide the project's"
tap_diag "$tmp/out"
tap_diag "$tmp/err"

# Headers that include each other through a sibling folder (lib/state.h
# includes "a/a.h" and "b/b.h", each of which includes "../state.h")
# spell state.h again and again, lib/a/../state.h, lib/a/../a/../state.h:
# the walk that narrows the include path took each spelling for a new file
# and never ended, its memory growing (libtheora's lib/c64x, session 31).
# One file is one node however it is spelled; the run ends, and the
# include folder the tree's file needs is kept.
p=$tmp/cycle
mkdir -p "$p/include" "$p/lib/a" "$p/lib/b"
printf 'int dev_ready(void);\n' >"$p/include/x.h"
printf '#include "a/a.h"\n#include "b/b.h"\n' >"$p/lib/state.h"
printf '#include "../state.h"\n' >"$p/lib/a/a.h"
printf '#include "../state.h"\n' >"$p/lib/b/b.h"
cat >"$p/lib/s.c" <<'EOF2'
#include "state.h"
#include "x.h"

int start(void)
{
	if (dev_ready() < 0)
		return -1;
	return 0;
}
EOF2
(cd "$p" && ulimit -v 2000000 && timeout 60 "$rc" --no-config -v --tree .) \
	>"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -le 1 ] &&
	grep -q '^retconv: tree .: 1 include folder: include$' "$tmp/err" &&
	grep -q '^retconv: 14 lines in 5 files, ' "$tmp/err"
tap_check $? "headers that include each other through sibling folders end the walk"
tap_diag "$tmp/out"
tap_diag "$tmp/err"

# --- folders of other processors --------------------------------------------

# A tree for several processors keeps each one's headers under arch/NAME;
# a build here takes this machine's: of the folders holding asm/io.h,
# arch/x86's wins over arch/arm's (the shorter name, first by name) and
# arch/riscv's, and arch/common (all processors') is no processor's.
if [ "$(uname -m)" = x86_64 ]; then
	p=$tmp/arch
	mkdir -p "$p/arch/arm/include/asm" "$p/arch/riscv/include/asm" \
		"$p/arch/x86/include/asm" "$p/arch/common/include" "$p/core"
	printf 'int dev_ready(void);\n' >"$p/arch/arm/include/asm/io.h"
	printf 'typedef long xlen_t;\nint dev_ready(void);\n' \
		>"$p/arch/riscv/include/asm/io.h"
	printf '#include <stdbool.h>\n\nbool dev_ready(void);\n' \
		>"$p/arch/x86/include/asm/io.h"
	printf '#define DEV_ERR (-5)\n' >"$p/arch/common/include/devcfg.h"
	cat >"$p/core/main.c" <<'EOF2'
#include <asm/io.h>
#include <devcfg.h>

int dev_start(void)
{
	if (dev_ready() < 0)
		return DEV_ERR;
	return 0;
}
EOF2
	(cd "$p" && "$rc" --no-config -v --tree .) >"$tmp/out" 2>"$tmp/err"
	st=$?
	[ $st -eq 1 ] &&
		grep -q "^./core/main.c:6:6: warning: 'dev_ready' returns only 0 or 1" "$tmp/out" &&
		grep -q '^retconv: tree: -Iarch/x86/include$' "$tmp/err" &&
		grep -q '^retconv: tree: -Iarch/common/include$' "$tmp/err" &&
		! grep -q 'parsed with errors' "$tmp/err"
	tap_check $? "this machine's arch/ folder wins over other processors'"
	tap_diag "$tmp/out"
	tap_diag "$tmp/err"
else
	tap_skip "this machine's arch/ folder (the case is written for x86_64)"
fi

# --- a configuration's #error ----------------------------------------------

# A header's chain of choices that ends in #error (no backend selected) is
# read as a build would have it configured: the chain's first branch, and
# an #error that stops a missing setting (#ifndef ... #error) not taken.
# The file is not dropped: the type the first branch defines makes the
# finding, and the note says which #error was read past.
p=$tmp/cfgerr
mkdir -p "$p/include" "$p/src"
cat >"$p/include/backend.h" <<'EOF2'
#ifndef CFG_PAGE
#error "CFG_PAGE not set"
#endif
#if defined(USE_FAST)
#include <stdbool.h>
typedef bool ok_t;
#elif defined(USE_SLOW)
typedef int ok_t;
#else
#error "no backend selected"
#endif

ok_t be_ready(void);
EOF2
cat >"$p/src/use.c" <<'EOF2'
#include "backend.h"

int be_start(void)
{
	if (be_ready() < 0)
		return -5;
	return 0;
}
EOF2
(cd "$p" && "$rc" --no-config --tree . src/use.c) >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 1 ] &&
	grep -q "^src/use.c:5:6: warning: 'be_ready' returns only 0 or 1" "$tmp/out" &&
	grep -q '^retconv: src/use.c: note: parsed with errors: 2 configuration #errors read past (include/backend.h:[0-9]*, \.\.\.); checked only where types are known$' "$tmp/err"
tap_check $? "a configuration's #error in a header: read as the build would choose"
tap_diag "$tmp/out"
tap_diag "$tmp/err"

# --- a clash with the system's declarations --------------------------------

# A missing config.h leaves every HAVE_X undefined, and a header then
# declares its own ssize_t and struct timeval for systems that lack them,
# which clash with the system's.  The build compiled, so it did not take
# those branches: they are read as not taken, the definition of fill()
# parses, its class is sure, and its caller's == 1 is found.  The note
# says which declarations were left out; the include guard stays.
p=$tmp/clash
mkdir -p "$p/include" "$p/src"
cat >"$p/include/compat.h" <<'EOF2'
#ifndef COMPAT_H
#define COMPAT_H

#include <sys/types.h>
#include <sys/time.h>

#ifndef HAVE_SSIZE_T
typedef int ssize_t;
#endif

#ifndef HAVE_STRUCT_TIMEVAL
struct timeval {
	long tv_sec;
	long tv_usec;
};
#endif

ssize_t fill(char *buf, int n, struct timeval *tv);

#endif
EOF2
cat >"$p/src/fill.c" <<'EOF2'
#include "compat.h"

ssize_t fill(char *buf, int n, struct timeval *tv)
{
	if (!buf || !tv || n < 1)
		return -22;
	buf[0] = 0;
	return 0;
}
EOF2
cat >"$p/src/use.c" <<'EOF2'
#include "compat.h"

int use_fill(char *buf)
{
	struct timeval tv = { 0 };

	if (fill(buf, 4, &tv) == 1)
		return -5;
	return 0;
}
EOF2
(cd "$p" && "$rc" --no-config --tree .) >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 1 ] &&
	grep -q "^./src/use.c:7:6: warning: 'fill' returns 0 or a negative errno (class errno, from its definition at ./src/fill.c:3)" "$tmp/out" &&
	grep -q "^retconv: ./src/use.c: note: parsed with errors: 2 declarations that clash with the system's read as not built (include/compat.h:8, \.\.\.); checked only where types are known$" "$tmp/err" &&
	! grep -q 'other error' "$tmp/err"
tap_check $? "a header's declarations that clash with the system's: their branches read as not built"
tap_diag "$tmp/out"
tap_diag "$tmp/err"

# A clash that only the include guard surrounds says nothing of what the
# build chose: the header is not dropped (its prototype still makes the
# finding), and no clash is read past.
mkdir -p "$p/guard/include" "$p/guard/src"
cat >"$p/guard/include/compat.h" <<'EOF2'
#ifndef COMPAT_H
#define COMPAT_H

#include <sys/types.h>

typedef int ssize_t;

int fill(char *buf);

#endif
EOF2
printf '#include "compat.h"\n\nint fill(char *buf)\n{\n\tif (!buf)\n\t\treturn -22;\n\treturn 0;\n}\n' \
	>"$p/guard/src/fill.c"
printf '#include "compat.h"\n\nint use_fill(char *buf)\n{\n\tif (fill(buf) == 1)\n\t\treturn -5;\n\treturn 0;\n}\n' \
	>"$p/guard/src/use.c"
(cd "$p/guard" && "$rc" --no-config --tree .) >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 1 ] && grep -q "^./src/use.c:5:6: warning: 'fill' returns 0 or a negative errno" "$tmp/out" &&
	! grep -q "clash" "$tmp/err" && grep -q "typedef redefinition" "$tmp/err"
tap_check $? "a clash inside the include guard alone: the header is kept, nothing read past"
tap_diag "$tmp/out"
tap_diag "$tmp/err"

# --- a lone #error known from an earlier file ------------------------------

# A lone #error (the only thing in a conditional of one branch) that one
# file read past is blanked from the start for the next files of the
# worker, and the parse shows which ones each met: the same findings and
# notes as each file alone.  a.c meets two and teaches them; b.c meets
# none; c.c meets both (read past with the parse it keeps, no first
# parse); d.c meets a third, not yet known (parsed as before, and the
# header is not tried again in src/); tail/e.c meets none of them but
# another header's chain #error, read past from that one parse.
p=$tmp/known
mkdir -p "$p/include" "$p/src" "$p/tail"
cat >"$p/include/opts.h" <<'EOF2'
#ifndef OPTS_H
#define OPTS_H
#if !(USE_A || USE_B)
#error "USE_A or USE_B must be enabled"
#endif

#if defined(USE_C) && !USE_B
	#error "USE_C needs USE_B"
#endif
#ifndef OPTS_LEVEL
#error "OPTS_LEVEL not set"
#endif

static inline int opts_ready(void)
{
	return 1;
}
#endif
EOF2
cat >"$p/include/arch.h" <<'EOF2'
#if defined(__x86_64__) && defined(ARCH_OTHER)
typedef int word_t;
#elif defined(__aarch64__)
typedef long word_t;
#else
#error "no architecture"
#endif
EOF2
for f in a b c d e; do
	case $f in
	b) pre='#define USE_A 1\n#define OPTS_LEVEL 2\n' ;;
	d) pre='#define USE_C 1\n' ;;
	e) pre='#define USE_A 1\n#define OPTS_LEVEL 2\n#include "arch.h"\n' ;;
	*) pre= ;;
	esac
	printf "$pre"'#include "opts.h"\n\nint start_%s(void)\n{\n\tif (opts_ready() < 0)\n\t\treturn -5;\n\treturn 0;\n}\n' \
		$f >"$p/src/$f.c"
done
mv "$p/src/e.c" "$p/tail/e.c"
(cd "$p" && RETCONV_TRACE=1 "$rc" --no-config -j1 --tree .) >"$tmp/out" \
	2>"$tmp/err"
: >"$tmp/alone"
for f in src/a src/b src/c src/d tail/e; do
	(cd "$p" && "$rc" --no-config -j1 --tree . $f.c) 2>&1 |
		grep -v ' files\? parsed with errors\|include folders\?' >>"$tmp/alone"
done
grep -v '^retconv: trace:\| files\? parsed with errors\|include folders\?' \
	"$tmp/err" | cat "$tmp/out" - | sed 's|\./||g' | sort >"$tmp/whole"
sed 's|\./||g' "$tmp/alone" | sort -o "$tmp/alone"
cmp -s "$tmp/alone" "$tmp/whole" &&
	grep -q '^retconv: trace: \./src/c\.c: plain parse past the known #errors' "$tmp/err" &&
	grep -q '^retconv: trace: \./src/b\.c: plain parse past the known #errors' "$tmp/err" &&
	! grep -q '^retconv: trace: \./src/c\.c: plain parse,' "$tmp/err" &&
	grep -q '^retconv: trace: \./src/d\.c: plain parse past an #error' "$tmp/err" &&
	grep -q '^retconv: trace: \./tail/e\.c: plain parse past the known #errors' "$tmp/err" &&
	grep -q '^retconv: trace: \./tail/e\.c: plain parse past an #error' "$tmp/err" &&
	! grep -q '^retconv: trace: \./tail/e\.c: plain parse,' "$tmp/err" &&
	grep -q '^retconv: \./tail/e\.c: note: parsed with errors: 1 configuration #error read past (include/arch\.h:6)' "$tmp/err" &&
	grep -q '^retconv: \./src/c\.c: note: parsed with errors: 2 configuration #errors read past (include/opts\.h:4, \.\.\.); checked only where types are known$' "$tmp/err" &&
	[ "$(grep -c "warning: 'opts_ready' returns only 0 or 1" "$tmp/out")" = 5 ]
tap_check $? "a lone #error known from an earlier file: passed in one parse, the same findings and notes"
diff -u "$tmp/alone" "$tmp/whole" | tap_diag
grep 'src/' "$tmp/err" | tap_diag

# --- each folder's include path ---------------------------------------------
# A folder's files get only the include folders their #include lines reach,
# through the headers those reach (src/ needs lib/ for what top.h includes,
# lib2/ for what include/wrap.h's #include_next finds), and the findings are
# those of a run that gives every file every folder (a flag of the user's).
# A name given by a macro keeps its folder's whole path.

mkdir -p "$tmp/nar/src" "$tmp/nar/include" "$tmp/nar/lib/deep" \
	"$tmp/nar/lib2" "$tmp/nar/other"
cat >"$tmp/nar/src/a.c" <<'EOF'
#include <top.h>
#include <wrap.h>

cnt_t nar_used(void)
{
	return 3;
}

cnt2_t nar_left(void)
{
	return 4;
}

int nar_attach(void)
{
	if (nar_used() < 0)
		return -12;
	if (nar_left() < 0)
		return -22;
	return 0;
}
EOF
printf '#include <deep/types.h>\n' >"$tmp/nar/include/top.h"
printf '#include_next <wrap.h>\n' >"$tmp/nar/include/wrap.h"
printf 'typedef unsigned int cnt_t;\n' >"$tmp/nar/lib/deep/types.h"
printf 'typedef unsigned int cnt2_t;\n' >"$tmp/nar/lib2/wrap.h"
printf '#include <wrap.h>\nint b(void)\n{\n\treturn 0;\n}\n' \
	>"$tmp/nar/lib2/b.c"
printf 'int o_get(void);\n' >"$tmp/nar/other/o.h"
printf '#define O_H "o.h"\n#include O_H\nint o_get(void)\n{\n\treturn 0;\n}\n' \
	>"$tmp/nar/other/o.c"
printf '#include <o.h>\n' >"$tmp/nar/other/p.h"
(cd "$tmp/nar" && "$rc" --no-config -v --tree .) >"$tmp/out" 2>"$tmp/err"
st=$?
(cd "$tmp/nar" && "$rc" --no-config --tree . -- -DALL_FOLDERS) \
	>"$tmp/out-all" 2>/dev/null
[ $st -eq 1 ] && [ "$(grep -c 'never negative' "$tmp/out")" -eq 2 ] &&
	cmp -s "$tmp/out" "$tmp/out-all" &&
	grep -q '^retconv: tree: the files of 5 folders get the include folders their #include lines reach, 2\.4 of 4 on average (1 get all: an #include names a macro)$' "$tmp/err"
tap_check $? "each folder gets the include folders its #include lines reach, through headers and #include_next; the same findings"
tap_diag "$tmp/out"
tap_diag "$tmp/err"

# A header reached under two spellings (<top.h> through include/, and
# "../include/top.h" next to the includer) is one text, read once: the
# second spelling's lookups are the first's, and still reach lib/ from
# there (the findings of a run given every folder).
mkdir -p "$tmp/spell/one" "$tmp/spell/two" "$tmp/spell/include" \
	"$tmp/spell/lib/deep"
printf '#include <deep/types.h>\n' >"$tmp/spell/include/top.h"
printf 'typedef unsigned int cnt_t;\n' >"$tmp/spell/lib/deep/types.h"
for d in one two; do
	if [ $d = one ]; then inc='<top.h>'; else inc='"../include/top.h"'; fi
	printf '#include %s\ncnt_t %s_used(void);\nint %s_attach(void)\n{\n\tif (%s_used() < 0)\n\t\treturn -12;\n\treturn 0;\n}\n' \
		"$inc" $d $d $d >"$tmp/spell/$d/$d.c"
done
(cd "$tmp/spell" && "$rc" --no-config -j1 --tree .) >"$tmp/out" 2>/dev/null
st=$?
(cd "$tmp/spell" && "$rc" --no-config -j1 --tree . -- -DALL_FOLDERS) \
	>"$tmp/out-all" 2>/dev/null
[ $st -eq 1 ] && [ "$(grep -c 'never negative' "$tmp/out")" -eq 2 ] &&
	cmp -s "$tmp/out" "$tmp/out-all"
tap_check $? "a header reached under two spellings is read once, and both reach what it includes"
tap_diag "$tmp/out"

# --- a header's functions, read with every file that includes it -------------
# A worker summarizes a walked header's function once, with the first file
# that includes it, and leaves its later copies out: the finding is said
# once, at the header, whatever the number of workers.

mkdir -p "$tmp/inl/include" "$tmp/inl/src"
cat >"$tmp/inl/include/inl.h" <<'EOF'
typedef unsigned int inl_cnt_t;
inl_cnt_t inl_count(void);

static inline int inl_attach(void)
{
	if (inl_count() < 0)
		return -12;
	return 0;
}
EOF
i=0
while [ $i -lt 6 ]; do
	printf '#include <inl.h>\nint user%d(void)\n{\n\treturn inl_attach();\n}\n' \
		$i >"$tmp/inl/src/u$i.c"
	i=$((i + 1))
done
(cd "$tmp/inl" && "$rc" --no-config -j1 --tree .) >"$tmp/out1" 2>/dev/null
st=$?
(cd "$tmp/inl" && "$rc" --no-config -j2 --tree .) >"$tmp/out2" 2>/dev/null
[ $st -eq 1 ] && [ "$(grep -c 'never negative' "$tmp/out1")" -eq 1 ] &&
	grep -q '^\./include/inl\.h:6:' "$tmp/out1" && cmp -s "$tmp/out1" "$tmp/out2"
tap_check $? "a header's function in six files: one finding, at the header, with one worker or two"
tap_diag "$tmp/out1"

# --- the same findings whichever worker took which file -------------------
# Two files define count_ready() (a program and its mock, say), and the
# finding is made at one of them.  Which worker parses which file depends
# on timing; the definitions reach the rules in their files' order all the
# same, so eight runs with two workers say what one worker says.
mkdir -p "$tmp/ord"
for x in a b c d e f g h; do
	printf 'int filler_%s(int x)\n{\n\tint i, s = 0;\n\tfor (i = 0; i < x; i++)\n\t\ts += i;\n\treturn s;\n}\n' \
		$x >"$tmp/ord/$x.c"
done
printf 'int count_ready(int n);\n' >"$tmp/ord/ready.h"
printf '#include "ready.h"\nint count_ready(int n)\n{\n\treturn n > 3 ? 4 : 0;\n}\n' \
	>>"$tmp/ord/b.c"
printf '#include "ready.h"\nint count_ready(int n)\n{\n\treturn n > 5 ? 2 : 1;\n}\n' \
	>>"$tmp/ord/g.c"
printf '#include "ready.h"\nint use_ready(int n)\n{\n\tif (count_ready(n) < 0)\n\t\treturn -5;\n\treturn 0;\n}\n' \
	>"$tmp/ord/z.c"
(cd "$tmp/ord" && "$rc" --no-config -j1 --tree .) >"$tmp/out1" 2>&1
differ=0
i=0
while [ $i -lt 8 ]; do
	(cd "$tmp/ord" && "$rc" --no-config -j2 --tree .) >"$tmp/out2" 2>&1
	cmp -s "$tmp/out1" "$tmp/out2" || differ=$((differ + 1))
	i=$((i + 1))
done
[ $differ -eq 0 ] && grep -q "warning: 'count_ready' is declared" "$tmp/out1"
tap_check $? "two definitions of one name: eight runs with two workers as one with one ($differ differed)"
tap_diag "$tmp/out1"

# --- two programs, one name ----------------------------------------------------
# A freestanding program (hv/) defines its own snprintf(), declared by its
# own header, that never fails; a user-space tool (tools/) of the same tree
# includes <stdio.h> and links the C library's, which may return a
# negative value.  A call binds to the declaration its file saw: the
# tool's test follows the C library's contract and is right; the
# hypervisor's own is dead, and the finding names only that caller.

mkdir -p "$tmp/two/hv/include" "$tmp/two/hv/lib" "$tmp/two/hv/core" \
	"$tmp/two/tools/mon"
cat >"$tmp/two/hv/include/hvlib.h" <<'EOF'
int snprintf(char *buf, unsigned int size, const char *fmt, ...);
EOF
cat >"$tmp/two/hv/lib/sprintf.c" <<'EOF'
#include <hvlib.h>

/* Never fails: the length written, without the NUL. */
int snprintf(char *buf, unsigned int size, const char *fmt, ...)
{
	if (!size)
		return 0;
	buf[0] = fmt[0];
	return 8;
}
EOF
cat >"$tmp/two/hv/core/vm.c" <<'EOF'
#include <hvlib.h>

int vm_name(char *buf)
{
	int n = snprintf(buf, 16, "vm0");

	if (n < 0)
		return -22;
	return 0;
}
EOF
cat >"$tmp/two/tools/mon/mon.c" <<'EOF'
#include <stdio.h>

int mon_path(char *buf, int id)
{
	int rc = snprintf(buf, 32, "/run/mon/%d", id);

	if (rc < 0)
		return -1;
	return 0;
}
EOF
(cd "$tmp/two" && "$rc" --no-config --tree .) >"$tmp/out" 2>/dev/null
st=$?
cat >"$tmp/want" <<'EOF'
./hv/lib/sprintf.c:4:5: warning: 'snprintf' is declared to return a signed int and 1 call site tests it for a negative value, but its body never returns one (class count, from its definition): return a negative value on failure, or make its failure plain to its callers and drop their tests [retconv-C]
./hv/core/vm.c:7:6: note: 'n < 0' in vm_name() expects a negative value
EOF
cmp -s "$tmp/want" "$tmp/out" && [ $st -eq 1 ]
tap_check $? "a call seeing <stdio.h> is the C library's, not the tree's snprintf(); one seeing the tree's header is the tree's"
diff -u "$tmp/want" "$tmp/out" | tap_diag

# Two tools of one tree each define parse_args(), with other contracts:
# a call binds to the definition its own program links, the one in the
# folder nearest its file (a linker's choice), not to both at once.

mkdir -p "$tmp/two/tools/a" "$tmp/two/tools/b"
printf 'int parse_args(int argc, char **argv);\n' >"$tmp/two/tools/a/opts.h"
cp "$tmp/two/tools/a/opts.h" "$tmp/two/tools/b/opts.h"
cat >"$tmp/two/tools/a/opts.c" <<'EOF'
#include "opts.h"

/* 1 if the arguments were understood, 0 if not. */
int parse_args(int argc, char **argv)
{
	if (argc < 2 || !argv[1])
		return 0;
	return 1;
}
EOF
cat >"$tmp/two/tools/b/opts.c" <<'EOF'
#include "opts.h"

/* 0, or -22 when the arguments are not understood. */
int parse_args(int argc, char **argv)
{
	if (argc < 2 || !argv[1])
		return -22;
	return 0;
}
EOF
for p in a b; do
	printf '#include "opts.h"\n\nint run_%s(int argc, char **argv)\n{\n\tif (parse_args(argc, argv) < 0)\n\t\treturn -22;\n\treturn 0;\n}\n' \
		$p >"$tmp/two/tools/$p/main.c"
done
(cd "$tmp/two" && "$rc" --no-config --tree .) >"$tmp/out" 2>/dev/null
grep -q "^\./tools/a/main\.c:5:6: warning: 'parse_args' returns only 0 or 1 (class boolean, from its definition at \./tools/a/opts\.c:4)" "$tmp/out" &&
	! grep -q '^\./tools/b/main\.c' "$tmp/out"
tap_check $? "two tools' parse_args(): each call reads the definition of its own folder"
tap_diag "$tmp/out"

# --- the prelude's parse, left out where it cannot be kept ----------------------

# A file whose only errors are headers not found is parsed again with the
# prelude only when a directive of what it read names one of the
# prelude's macros, itself or through a macro it expands: elsewhere the
# parse would miss the same headers and could not be kept.  Where the
# prelude does change what is looked up (EFAULT tested), the parse is made
# and kept.  A header's guard of its own definition of a prelude macro
# (#ifndef __packed, its #define, #endif) is no test of it; one that
# defines more is.
mkdir -p "$tmp/idle"
printf '#include "config.h"\nint idle_plain(int x)\n{\n\treturn x > 1;\n}\n' \
	>"$tmp/idle/plain.c"
printf '#include "config.h"\n#define PICK(min) ((min) + 1)\n#if PICK(1)\n#endif\nint idle_param(int x)\n{\n\treturn x;\n}\n' \
	>"$tmp/idle/param.c"
printf '#include "config.h"\n#define CHECK FAR\n#if CHECK + 1\n#endif\nint idle_body(int x)\n{\n\treturn x;\n}\n' \
	>"$tmp/idle/body.c"
printf '#ifndef EFAULT\n#include "config.h"\n#endif\nint idle_tested(int x)\n{\n\treturn x;\n}\n' \
	>"$tmp/idle/tested.c"
printf '#ifndef __packed\n#define __packed __attribute__((packed))\n#endif /* __packed */\n#if !defined(likely)\n#define likely(x) __builtin_expect(!!(x), 1)\n#endif\n' \
	>"$tmp/idle/own.h"
printf '#include "own.h"\n#include "config.h"\nint idle_guard(int x)\n{\n\treturn likely(x);\n}\n' \
	>"$tmp/idle/guard.c"
printf '#ifndef __packed\n#define __packed __attribute__((packed))\n#define PACKED_OWN 1\n#endif\n#include "config.h"\nint idle_more(int x)\n{\n\treturn x;\n}\n' \
	>"$tmp/idle/more.c"
(cd "$tmp" && RETCONV_TRACE=1 "$rc" --no-config --tree idle) >"$tmp/out" \
	2>"$tmp/err"
grep -q '^retconv: trace: idle/plain.c: prelude parse left out' "$tmp/err" &&
	grep -q '^retconv: trace: idle/param.c: prelude parse left out' "$tmp/err" &&
	! grep -q '^retconv: trace: idle/\(plain\|param\).c: prelude parse,' "$tmp/err" &&
	grep -q '^retconv: trace: idle/body.c: prelude parse needed' "$tmp/err" &&
	grep -q '^retconv: trace: idle/body.c: prelude parse, 1 errors' "$tmp/err" &&
	grep -q '^retconv: trace: idle/tested.c: prelude parse needed' "$tmp/err" &&
	grep -q '^retconv: trace: idle/tested.c: prelude parse, 0 errors' "$tmp/err" &&
	grep -q '^retconv: idle/plain.c: note: parsed with errors: 1 header not found (config.h)' "$tmp/err" &&
	! grep -q '^retconv: idle/tested.c: note' "$tmp/err" &&
	grep -q '^retconv: trace: idle/guard.c: prelude parse left out' "$tmp/err" &&
	grep -q '^retconv: trace: idle/more.c: prelude parse needed' "$tmp/err" &&
	grep -q '^retconv: idle/guard.c: note: parsed with errors: 1 header not found (config.h)' "$tmp/err"
tap_check $? "the prelude's parse is left out only where no directive names its macros"
grep 'idle/' "$tmp/err" | tap_diag

# A header's static functions, for the one file that includes it: the
# attribute parser one of them passes to the library's walker is a
# callback, bound by the walker's contract (1 to go on), though the main
# file never names it; the same body never taken is judged.
mkdir -p "$tmp/hdr/src"
cat >"$tmp/hdr/src/link.h" <<'EOF'
#define ATTR_CB_OK 1

struct attr {
	int type;
};

int attr_walk(const struct attr *a, int (*cb)(const struct attr *, void *),
	      void *data);

static int parse_linkinfo(const struct attr *a, void *data)
{
	int *kind = data;

	if (a->type == 3)
		*kind = 1;
	return ATTR_CB_OK;
}

static int parse_kind(const struct attr *a, int *kind)
{
	if (a->type == 3)
		*kind = 1;
	return ATTR_CB_OK;
}

static int read_linkinfo(const struct attr *a, int *kind)
{
	return attr_walk(a, parse_linkinfo, kind) < 0 ||
	       parse_kind(a, kind) != 1 ? -22 : 0;
}
EOF
printf '#include "link.h"\n\nint link_kind(const struct attr *a)\n{\n\tint kind = 0;\n\n\treturn read_linkinfo(a, &kind) ? -22 : kind;\n}\n' \
	>"$tmp/hdr/src/link.c"
(cd "$tmp/hdr" && "$rc" --no-config --static --tree .) >"$tmp/out" 2>/dev/null
grep -q "^\./src/link\.h:19:12: warning: action 'parse_kind' returns only 0 or 1" "$tmp/out" &&
	! grep -q "parse_linkinfo" "$tmp/out"
tap_check $? "a callback a header's function takes is a callback; its twin never taken is judged"
tap_diag "$tmp/out"

# --- the prelude gives way to the tree's own typedefs ------------------------

# A kernel-style tree that defines u64 and s64 from <stdint.h> (long on
# x86-64, where the prelude says long long), and misses the header that
# gives its errno names: the parse with the prelude answers -EINVAL, but
# each of the tree's four typedefs clashed with the prelude's, so that
# parse had more errors than the one without it and was not kept.  The
# tree's typedef wins, the prelude's line goes, and the definition's
# class makes the caller's == 1 a finding.
mkdir -p "$tmp/own/include" "$tmp/own/src"
printf '#ifndef TYPES_H\n#define TYPES_H\n#include <stdint.h>\ntypedef uint64_t u64;\ntypedef int64_t s64;\ntypedef uint64_t __u64;\ntypedef int64_t __s64;\nint dev_open(s64 size);\n#endif\n' \
	>"$tmp/own/include/types.h"
printf '#include "types.h"\n#include <generated/errno.h>\n\nint dev_open(s64 size)\n{\n\tif (size < 0)\n\t\treturn -EINVAL;\n\treturn 0;\n}\n' \
	>"$tmp/own/src/dev.c"
printf '#include "types.h"\n\nint use_dev(void)\n{\n\tif (dev_open(4) == 1)\n\t\treturn 1;\n\treturn 0;\n}\n' \
	>"$tmp/own/src/use.c"
(cd "$tmp/own" && "$rc" --no-config --tree .) >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 1 ] &&
	grep -q "^\./src/use\.c:5:6: warning: 'dev_open' returns 0 or a negative errno (class errno, from its definition at \./src/dev\.c:4)" "$tmp/out" &&
	grep -q "^retconv: \./src/dev\.c: note: parsed with errors: 1 header not found (generated/errno\.h); checked only where types are known$" "$tmp/err"
tap_check $? "the tree's own typedef of a name the prelude defines otherwise: the tree's is kept"
tap_diag "$tmp/out"
tap_diag "$tmp/err"

# --- the packages the build asks pkg-config for ------------------------------

# A daemon whose build finds <foo.h> with pkg-config (configure.ac's
# PKG_CHECK_MODULES, and a meson.build one folder down with dependency()):
# tree mode asks pkg-config for each package's folders and searches them
# as system folders, after the tree's own; a package pkg-config does not
# know (bar-2, here not installed) is passed over without a word.
mkdir -p "$tmp/pkg/src" "$tmp/pkg/lib" "$tmp/pkgsys/foo-1.0" "$tmp/pkgsys/baz" "$tmp/pkgpc"
printf 'AC_INIT([d], [1])\nPKG_CHECK_MODULES([FOO], [foo-1.0 >= 1.2 bar-2])\n' >"$tmp/pkg/configure.ac"
printf "baz_dep = dependency('baz', required: false)\n" >"$tmp/pkg/lib/meson.build"
printf 'Name: foo\nDescription: f\nVersion: 1.3\nCflags: -I%s/pkgsys/foo-1.0\n' "$tmp" >"$tmp/pkgpc/foo-1.0.pc"
printf 'Name: baz\nDescription: b\nVersion: 1\nCflags: -I%s/pkgsys/baz\n' "$tmp" >"$tmp/pkgpc/baz.pc"
printf 'typedef struct foo_ctx foo_ctx_t;\nint foo_start(foo_ctx_t *c);\n' >"$tmp/pkgsys/foo-1.0/foo.h"
printf 'typedef int baz_t;\n' >"$tmp/pkgsys/baz/baz.h"
printf '#include <foo.h>\n#include <baz.h>\n\nint dev_start(foo_ctx_t *c, baz_t n)\n{\n\tif (!c || n < 0)\n\t\treturn -22;\n\treturn 0;\n}\n' \
	>"$tmp/pkg/src/dev.c"
(cd "$tmp/pkg" && PKG_CONFIG_LIBDIR=$tmp/pkgpc PKG_CONFIG_PATH= "$rc" --no-config -v --tree .) >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 0 ] &&
	grep -q "^retconv: tree \.: 0 include folders; by pkg-config: baz, foo-1\.0$" "$tmp/err" &&
	grep -q "^retconv: tree: -isystem$tmp/pkgsys/baz (pkg-config)$" "$tmp/err" &&
	grep -q "^retconv: tree: -isystem$tmp/pkgsys/foo-1\.0 (pkg-config)$" "$tmp/err" &&
	! grep -q "not found\|parsed with errors\|bar-2" "$tmp/err"
tap_check $? "the packages a build asks pkg-config for: their folders searched as the system's"
tap_diag "$tmp/err"

# --- a test's stub is not the program's definition ----------------------------

# lib/send.c defines net_send() (a count or a negative errno); the tests
# of src/ define a stub of it that returns 1.  src/push.c is nearer the
# stub by its folders, but a program never links its tests' stubs: its
# `rc < 0` is judged by the real definition (a right test), and the stub,
# which keeps the real one's contract, gets no definition finding.  A
# function only the tests define is judged as any other.
mkdir -p "$tmp/stub/lib" "$tmp/stub/src/test"
printf '#include <errno.h>\n\nint net_send(int fd, const void *p, int n)\n{\n\tif (fd < 0 || !p)\n\t\treturn -EBADF;\n\treturn n + 1;\n}\n' \
	>"$tmp/stub/lib/send.c"
printf 'int net_send(int fd, const void *p, int n)\n{\n\t(void)fd;\n\t(void)p;\n\t(void)n;\n\treturn 1;\n}\n\nint make_case(int k)\n{\n\tif (k)\n\t\treturn 0;\n\treturn 1;\n}\n' \
	>"$tmp/stub/src/test/send_stub.c"
printf 'int net_send(int fd, const void *p, int n);\n\nint push(int fd)\n{\n\tint rc = net_send(fd, "x", 1);\n\n\tif (rc < 0)\n\t\treturn rc;\n\treturn 0;\n}\n' \
	>"$tmp/stub/src/push.c"
(cd "$tmp/stub" && "$rc" --no-config --tree .) >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 1 ] && [ "$(grep -c warning: "$tmp/out")" -eq 1 ] &&
	grep -q "^\./src/test/send_stub\.c:9:5: warning: action 'make_case' returns only 0 or 1" "$tmp/out"
tap_check $? "a test's stub: not what the program's calls bind to, and judged by the real definition"
tap_diag "$tmp/out"

# --- a function the tree's assembly calls --------------------------------------

# arch/entry.S calls handle_trap() and jumps on its result: 1 asks for a
# reschedule.  That is the assembly's interface, fixed outside the C the
# rules read, so the definition rules leave it alone as they leave a
# callback.  handle_soft() has the same shape and no assembly names it
# (only a comment and a string of entry.S do): advice as before.
mkdir -p "$tmp/asm/arch" "$tmp/asm/kernel"
printf '/* handle_soft() is left to C */\n\t.globl trap_entry\ntrap_entry:\n\tcall handle_trap\n\ttest %%eax, %%eax\n\tjnz 1f\n\tiret\n1:\tcall schedule\n\t.asciz "handle_soft"\n' \
	>"$tmp/asm/arch/entry.S"
printf 'int handle_trap(int vec)\n{\n\tif (vec > 31)\n\t\treturn 1;\n\treturn 0;\n}\n\nint handle_soft(int vec)\n{\n\tif (vec > 31)\n\t\treturn 1;\n\treturn 0;\n}\n' \
	>"$tmp/asm/kernel/trap.c"
(cd "$tmp/asm" && "$rc" --no-config -v --tree .) >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 1 ] && [ "$(grep -c warning: "$tmp/out")" -eq 1 ] &&
	grep -q "^\./kernel/trap\.c:8:5: warning: action 'handle_soft' returns only 0 or 1" "$tmp/out" &&
	grep -q "^retconv: 1 function named by the tree's assembly, read as callbacks$" "$tmp/err"
tap_check $? "a function the tree's assembly names: its interface is the assembly's, no definition finding"
tap_diag "$tmp/out"
tap_diag "$tmp/err"

# --- C++ beside C -------------------------------------------------------------

# retconv checks C.  A tree that holds a C library and a C++ program (a
# kernel client beside its user-space servers) is checked for its C alone:
# .hpp files, and a folder of C++ sources with no C one, are passed over,
# its .h files too (C++ headers, whose class would be a parse error read
# as C), and none of them resolves a C file's #include.  Both folders have
# a util.h; the C file's must be its own, and only it reports.
mkdir -p "$tmp/cxx/lib" "$tmp/cxx/srv"
printf '#include "util.h"\nint frob_on(int x)\n{\n\tif (x)\n\t\treturn 1;\n\treturn 0;\n}\nint use(int x)\n{\n\tif (frob_on(x) < 0)\n\t\treturn -1;\n\treturn util_x();\n}\n' \
	>"$tmp/cxx/lib/frob.c"
printf 'int util_x(void);\n' >"$tmp/cxx/lib/util.h"
printf '#include "util.h"\nint Server::start() { return 0; }\n' \
	>"$tmp/cxx/srv/server.cpp"
printf 'class Server {\npublic:\n\tint start();\n};\nstatic inline int srv_enable(int x)\n{\n\tif (x)\n\t\treturn 1;\n\treturn 0;\n}\nstatic inline int srv_use(int x) { return srv_enable(x) < 0 ? -1 : 0; }\n' \
	>"$tmp/cxx/srv/util.h"
printf 'template <class T> int add_it(T t) { return t ? 1 : 0; }\n' \
	>"$tmp/cxx/srv/tmpl.hpp"
(cd "$tmp/cxx" && "$rc" --no-config -v --tree .) >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 1 ] && [ "$(grep -c warning: "$tmp/out")" -eq 1 ] &&
	grep -q "^\./lib/frob\.c:10:6: warning: 'frob_on' returns only 0 or 1" "$tmp/out" &&
	grep -q '^retconv: tree \.: 0 include folders; 1 folder of C++ passed over$' "$tmp/err" &&
	grep -q '^retconv: [0-9]* lines in 2 files,' "$tmp/err" &&
	! grep -q 'parsed with errors' "$tmp/err"
tap_check $? "a folder of C++ beside C: passed over, said in the one line, its headers neither checked nor resolving a C #include"
tap_diag "$tmp/out"
tap_diag "$tmp/err"

# A folder of headers alone is read for what it holds: one whose headers
# declare a namespace or a class, or include <string>, is a C++ program's
# and passed over; a C header folder stays, its extern "C" guard (an #if
# on __cplusplus) and a comment that says "class Foo" notwithstanding.
mkdir -p "$tmp/cxxh/msg" "$tmp/cxxh/list" "$tmp/cxxh/src"
printf '#include <string>\nnamespace net {\nstatic inline int msg_enable(int x)\n{\n\tif (x)\n\t\treturn 1;\n\treturn 0;\n}\nstatic inline int msg_use(int x) { return msg_enable(x) < 0 ? -1 : 0; }\n}\n' \
	>"$tmp/cxxh/msg/Msg.h"
printf 'class Ack : public Msg\n{\n};\n' >"$tmp/cxxh/msg/Ack.h"
printf '#ifdef __cplusplus\nextern "C" {\n#include <cstddef>\n#endif\n/*\nclass List\n*/\nstatic inline int list_on(int x)\n{\n\tif (x)\n\t\treturn 1;\n\treturn 0;\n}\nstatic inline int list_use(int x) { return list_on(x) < 0 ? -1 : 0; }\n#ifdef __cplusplus\n}\n#endif\n' \
	>"$tmp/cxxh/list/list.h"
printf '#include "../list/list.h"\nint main(void)\n{\n\treturn list_use(1);\n}\n' \
	>"$tmp/cxxh/src/main.c"
(cd "$tmp/cxxh" && "$rc" --no-config -v --tree .) >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 1 ] && [ "$(grep -c warning: "$tmp/out")" -eq 1 ] &&
	grep -q "^\./list/list\.h:14:.*'list_on' returns only 0 or 1" "$tmp/out" &&
	grep -q '; 1 folder of C++ passed over$' "$tmp/err" &&
	! grep -q 'parsed with errors' "$tmp/err"
tap_check $? "a folder of C++ headers alone: passed over by what they hold; a C header folder with an extern \"C\" guard checked"
tap_diag "$tmp/out"
tap_diag "$tmp/err"

# --- headers the build generates --------------------------------------------

# A header the build writes from a template (proj.h from include/proj.h.in,
# proj/cfg.h from lib/proj/cfg.h.cmake) is missing from a tree read
# without its build: it is written from its template, every option off
# (#cmakedefine undefined, #cmakedefine01 0, #mesondefine undefined, @X@ 0
# in an #if), into a folder of the run's own that is gone when it ends.
# Its types are then known: proj_ready()'s bool makes the finding.  A
# header with no template (config.h) stays missing.
p=$tmp/gen
mkdir -p "$p/include" "$p/lib/proj" "$p/src" "$tmp/gentmp"
cat >"$p/include/proj.h.in" <<'EOF2'
#include <stdbool.h>
#include "proj/cfg.h"

#define PROJ_VERSION "@VERSION@"
typedef bool proj_status_t;

proj_status_t proj_ready(void);
EOF2
cat >"$p/lib/proj/cfg.h.cmake" <<'EOF2'
#cmakedefine01 PROJ_WIDE
#cmakedefine PROJ_NARROW 1
#mesondefine PROJ_TINY
#if PROJ_WIDE || defined(PROJ_NARROW) || defined(PROJ_TINY) || @PROJ_HUGE@
#error an option is on
#endif
EOF2
cat >"$p/src/dev.c" <<'EOF2'
#include "proj.h"

int dev_start(void)
{
	if (proj_ready() < 0)
		return -1;
	return 0;
}
EOF2
printf '#include "config.h"\nint dev_stop(void)\n{\n\treturn 0;\n}\n' \
	>"$p/src/stop.c"
(cd "$p" && TMPDIR=$tmp/gentmp "$rc" --no-config -v --tree .) \
	>"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 1 ] && [ "$(grep -c warning: "$tmp/out")" -eq 1 ] &&
	grep -q "^\./src/dev\.c:5:6: warning: 'proj_ready' returns only 0 or 1" "$tmp/out" &&
	grep -q '; written from templates: proj\.h, proj/cfg\.h$' "$tmp/err" &&
	grep -q '^retconv: tree: proj\.h written from include/proj\.h\.in$' "$tmp/err" &&
	grep -q '^retconv: tree: proj/cfg\.h written from lib/proj/cfg\.h\.cmake$' "$tmp/err" &&
	grep -q "^retconv: tree: -I$tmp/gentmp/retconv-gen\..* (the headers written from the tree's templates, for this run)\$" "$tmp/err" &&
	grep -q '^retconv: ./src/stop.c: note: parsed with errors: 1 header not found (config.h)' "$tmp/err" &&
	[ "$(grep -c 'parsed with errors' "$tmp/err")" -eq 2 ] &&
	[ -z "$(ls "$tmp/gentmp")" ]
tap_check $? "a header the build generates is written from its template, every option off, and removed after the run"
tap_diag "$tmp/out"
tap_diag "$tmp/err"

# Two templates of one name: the build of a folder generates its own, so
# the one nearest to the file that includes it is written (drv/net's,
# whose opt_t is a bool), not the first by name (aaa's int).
p=$tmp/gen2
mkdir -p "$p/aaa" "$p/drv/net"
printf 'typedef int opt_t;\n' >"$p/aaa/opts.h.in"
printf '#include <stdbool.h>\ntypedef bool opt_t;\n' >"$p/drv/net/opts.h.in"
cat >"$p/drv/net/link.c" <<'EOF2'
#include "opts.h"

opt_t link_up(void);

int link_start(void)
{
	if (link_up() < 0)
		return -1;
	return 0;
}
EOF2
(cd "$p" && "$rc" --no-config -v --tree .) >"$tmp/out" 2>"$tmp/err"
st=$?
[ $st -eq 1 ] &&
	grep -q "^\./drv/net/link\.c:7:6: warning: 'link_up' returns only 0 or 1" "$tmp/out" &&
	grep -q '^retconv: tree: opts\.h written from drv/net/opts\.h\.in$' "$tmp/err"
tap_check $? "of two templates of one header, the one nearest to its includer is written"
tap_diag "$tmp/out"
tap_diag "$tmp/err"

# --- errors ---------------------------------------------------------------------

"$rc" --no-config --tree "$tmp/none" >/dev/null 2>"$tmp/err"
st=$?
[ $st -eq 2 ] &&
	[ "$(head -1 "$tmp/err")" = "retconv: $tmp/none: No such file or directory" ]
tap_check $? "--tree on a missing directory: named, exit 2"

"$rc" --no-config --tree "$fixture/src/dev.c" >/dev/null 2>"$tmp/err"
st=$?
[ $st -eq 2 ] && grep -q -- '--tree wants a directory$' "$tmp/err"
tap_check $? "--tree on a file: named, exit 2"

"$rc" --no-config --tree "$fixture" -p "$tmp" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q -- '--tree and -p do not go together' "$tmp/err"
tap_check $? "--tree with -p: a usage error, exit 2"

echo "1..$n"
tap_exit
