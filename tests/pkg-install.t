#!/bin/sh
# SPDX-License-Identifier: MIT
#
# `make install` puts in place what the Makefile and the README say, and
# `make uninstall` takes exactly that away.  Into a staging tree (DESTDIR,
# PREFIX=/usr), `make retconv install` installs every public header, both
# libraries and the .so links, kwq.pc, the CMake package, every man page of
# sections 3 and 7, and retconv with retconv(1); the installed retconv
# runs.  `make uninstall` with the same DESTDIR and PREFIX then leaves no
# file behind, and no directory that the install created (here DESTDIR
# itself goes); into a tree where some directories were there before, or
# hold other files by then, it removes only the empty ones it created.
# Without libclang (no llvm-config-14), only the library part is checked.
#
# Run by prove from the top of the tree.
set -u
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/pkg/stage.sh"

dest="$tmp/root"
if command -v llvm-config-14 >/dev/null 2>&1 ||
   command -v llvm-config >/dev/null 2>&1; then
	with_retconv=yes
else
	with_retconv=no
fi

echo "1..7"

if [ $with_retconv = yes ]; then
	stage_install "$dest" retconv && st=ok || st=fail
	tap $st "make retconv install DESTDIR=... PREFIX=/usr"
else
	stage_install "$dest" && st=ok || st=fail
	tap $st "make install DESTDIR=... PREFIX=/usr (no libclang: no retconv)"
fi

# What must be there, from the source tree itself.
{
	for h in "$top"/include/kwq/*.h; do
		echo "usr/include/kwq/${h##*/}"
	done
	for p in "$top"/man/man3/*.3 "$top"/man/man7/*.7; do
		s=${p##*.}
		echo "usr/share/man/man$s/${p##*/}"
	done
	echo usr/lib/libkwq.a
	echo usr/lib/libkwq.so
	echo usr/lib/libkwq.so.0
	echo "usr/lib/libkwq.so.$(sed -n 's/^VERSION := //p' "$top/Makefile")"
	echo usr/lib/pkgconfig/kwq.pc
	echo usr/lib/cmake/kwq/kwqConfig.cmake
	echo usr/lib/cmake/kwq/kwqConfigVersion.cmake
	if [ $with_retconv = yes ]; then
		echo usr/bin/retconv
		echo usr/share/man/man1/retconv.1
	fi
} | sort > "$tmp/want"
(cd "$dest" && find . -type f -o -type l) | sed 's|^\./||' | sort > "$tmp/have"
if cmp -s "$tmp/want" "$tmp/have"; then
	tap ok "exactly the documented files are installed ($(wc -l < "$tmp/want"))"
else
	diff "$tmp/want" "$tmp/have" > "$tmp/log"
	tap fail "exactly the documented files are installed"
fi

if [ $with_retconv = yes ]; then
	printf 'int f(void);\nint f(void) { return 0; }\n' > "$tmp/ok.c"
	if "$dest/usr/bin/retconv" "$tmp/ok.c" > "$tmp/log" 2>&1; then
		tap ok "the installed retconv runs"
	else
		tap fail "the installed retconv runs"
	fi
else
	tap_skip "the installed retconv runs: no libclang"
fi
if groff -man -ww -z "$dest/usr/share/man/man7/kwq.7" > "$tmp/log" 2>&1
then
	tap ok "the installed kwq(7) formats"
else
	tap fail "the installed kwq(7) formats"
fi

env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u SAN -u VALGRIND \
	make -s -C "$top" uninstall DESTDIR="$dest" PREFIX=/usr \
	> "$tmp/log" 2>&1
(cd "$dest" && find . -type f -o -type l) >> "$tmp/log"
if [ ! -s "$tmp/log" ]; then
	tap ok "make uninstall leaves no file behind"
else
	tap fail "make uninstall leaves no file behind"
fi
if [ ! -e "$dest" ]; then
	tap ok "nor any directory the install created, DESTDIR included"
else
	(cd "$dest" && find .) > "$tmp/log"
	tap fail "nor any directory the install created, DESTDIR included"
fi

# A tree with directories of its own: an empty usr/lib, a man3 with a page.
dest2="$tmp/root2"
mkdir -p "$dest2/usr/lib" "$dest2/usr/share/man/man3"
touch "$dest2/usr/share/man/man3/other.3"
stage_install "$dest2" &&
	touch "$dest2/usr/lib/pkgconfig/other.pc" &&
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u SAN -u VALGRIND \
	make -s -C "$top" uninstall DESTDIR="$dest2" PREFIX=/usr \
	> "$tmp/log" 2>&1
if [ -d "$dest2/usr/lib" ] && [ -e "$dest2/usr/share/man/man3/other.3" ] &&
   [ -e "$dest2/usr/lib/pkgconfig/other.pc" ] &&
   [ ! -e "$dest2/usr/include" ] && [ ! -e "$dest2/usr/lib/cmake" ] &&
   [ ! -e "$dest2/usr/share/man/man7" ]; then
	tap ok "only the empty directories it created go: those there before, or holding other files, stay"
else
	(cd "$dest2" && find .) >> "$tmp/log"
	tap fail "only the empty directories it created go: those there before, or holding other files, stay"
fi
tap_exit
