#!/bin/sh
# SPDX-License-Identifier: MIT
#
# An installed kwq is usable the way its users will use it: `make install`
# into a staging tree (DESTDIR, PREFIX=/usr) puts the headers, both
# libraries and kwq.pc in place, and a small program built only with what
# `pkg-config --cflags --libs kwq` says compiles, links against the staged
# libkwq.so.0 (not the build tree's), and runs a work item.  The static
# library links the same program with `pkg-config --static`.
#
# The install is the plain build's: the make flags of a sanitizer pass
# (SAN=... through MAKEFLAGS) are not handed down.
set -u
. "$(dirname "$0")/tap.sh"

CC=${CC:-cc}
dest="$tmp/root"

echo "1..8"

if env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u SAN -u VALGRIND \
	make -s -C "$top" install DESTDIR="$dest" PREFIX=/usr \
	> "$tmp/log" 2>&1; then
	tap ok "make install DESTDIR=... PREFIX=/usr"
else
	tap fail "make install DESTDIR=... PREFIX=/usr"
fi

missing=""
for f in usr/include/kwq/workqueue.h usr/include/kwq/compat.h \
	 usr/include/kwq/version.h usr/lib/libkwq.a usr/lib/libkwq.so \
	 usr/lib/libkwq.so.0 usr/lib/pkgconfig/kwq.pc; do
	[ -e "$dest/$f" ] || missing="$missing $f"
done
echo "missing:$missing" > "$tmp/log"
[ -z "$missing" ] && tap ok "headers, libraries and kwq.pc are installed" ||
	tap fail "headers, libraries and kwq.pc are installed"

pc="$dest/usr/lib/pkgconfig/kwq.pc"
if grep -qx 'prefix=/usr' "$pc" 2> "$tmp/log"; then
	tap ok "the installed kwq.pc says prefix=/usr"
else
	grep -i 'prefix\|dir=' "$pc" >> "$tmp/log" 2>&1
	tap fail "the installed kwq.pc says prefix=/usr"
fi

export PKG_CONFIG_SYSROOT_DIR="$dest"
export PKG_CONFIG_PATH="$dest/usr/lib/pkgconfig"
export PKG_CONFIG_LIBDIR="$dest/usr/lib/pkgconfig"
cflags=$(pkg-config --cflags kwq 2> "$tmp/log")
libs=$(pkg-config --libs kwq 2>> "$tmp/log")
slibs=$(pkg-config --static --libs kwq 2>> "$tmp/log")
if [ -n "$libs" ] && pkg-config --exists kwq; then
	tap ok "pkg-config finds kwq: $cflags $libs"
else
	tap fail "pkg-config finds kwq"
fi

cat > "$tmp/prog.c" <<'SNIP'
#include <kwq/workqueue.h>
#include <stdio.h>

static int ran;

static void fn(struct work_struct *w)
{
	(void)w;
	__atomic_store_n(&ran, 1, __ATOMIC_RELEASE);
}

int main(void)
{
	struct workqueue_struct *wq = alloc_workqueue("pc", WQ_UNBOUND, 0);
	struct work_struct w;
	int err;

	if (!wq)
		return 2;
	INIT_WORK(&w, fn);
	err = add_work_to_q(wq, &w);
	if (!err)
		err = wait_for_work(&w);
	destroy_workqueue(wq);
	if (err || !__atomic_load_n(&ran, __ATOMIC_ACQUIRE))
		return 1;
	puts("kwq ran the work item");
	return 0;
}
SNIP

# shellcheck disable=SC2086 # pkg-config output is a list of words
if $CC -std=c11 -o "$tmp/prog" "$tmp/prog.c" $cflags $libs \
	> "$tmp/log" 2>&1; then
	tap ok "a program builds with pkg-config --cflags --libs kwq"
else
	tap fail "a program builds with pkg-config --cflags --libs kwq"
fi
if LD_LIBRARY_PATH="$dest/usr/lib" ldd "$tmp/prog" 2>&1 |
	grep -q "libkwq.so.0 => $dest/usr/lib/libkwq.so.0"; then
	tap ok "it loads the installed libkwq.so.0"
else
	LD_LIBRARY_PATH="$dest/usr/lib" ldd "$tmp/prog" > "$tmp/log" 2>&1
	tap fail "it loads the installed libkwq.so.0"
fi
if LD_LIBRARY_PATH="$dest/usr/lib" "$tmp/prog" > "$tmp/log" 2>&1; then
	tap ok "it runs a work item"
else
	tap fail "it runs a work item"
fi
# shellcheck disable=SC2086
if $CC -std=c11 -o "$tmp/sprog" "$tmp/prog.c" $cflags \
	-Wl,-Bstatic $libs -Wl,-Bdynamic $slibs > "$tmp/log" 2>&1 &&
   "$tmp/sprog" > "$tmp/log" 2>&1 &&
   ! ldd "$tmp/sprog" 2>/dev/null | grep -q libkwq; then
	tap ok "the static libkwq.a links with pkg-config --static and runs"
else
	tap fail "the static libkwq.a links with pkg-config --static and runs"
fi
tap_exit
