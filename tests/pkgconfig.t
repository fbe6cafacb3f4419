#!/bin/sh
# SPDX-License-Identifier: MIT
#
# An installed kwq is usable the way its users will use it: `make install`
# into a staging tree (DESTDIR, PREFIX=/usr) puts the headers, both
# libraries and kwq.pc in place, and a small program built only with what
# `pkg-config --cflags --libs kwq` says compiles, links against the staged
# libkwq.so.0 (not the build tree's), and runs a work item.  The static
# library links the same program with `pkg-config --static --libs`, the
# library named as libkwq.a (-l:libkwq.a), as README says.
set -u
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/pkg/stage.sh"

CC=${CC:-cc}
dest="$tmp/root"

echo "1..8"

if stage_install "$dest"; then
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

# shellcheck disable=SC2086 # pkg-config output is a list of words
if $CC -std=c11 -o "$tmp/prog" "$consumer" $cflags $libs \
	> "$tmp/log" 2>&1 &&
   $CC -std=c11 -o "$tmp/sprog" "$consumer" $cflags \
	$(echo "$slibs" | sed 's/-lkwq\b/-l:libkwq.a/') > "$tmp/log" 2>&1; then
	tap ok "a program builds with pkg-config --cflags --libs kwq (and --static)"
else
	tap fail "a program builds with pkg-config --cflags --libs kwq (and --static)"
fi
check_built "$tmp/prog" "$tmp/sprog" pkg-config
tap_exit
