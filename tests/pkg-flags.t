#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The Makefile builds the way a packager expects: the CPPFLAGS, CFLAGS and
# LDFLAGS given to make reach every compile and link of the library, its
# tests and its examples, and warnings are errors only when asked for
# (WERROR=1, which make check sets), not in a user's plain `make`; `make
# demo` needs the C compiler and nothing the tests need (no deps.sh, no
# clang, no other library).  Read from `make -n V=1 CC=cc` into an empty
# build tree, so that every command is shown and nothing is built.
#
# Run by prove from the top of the tree.
set -u
. "$(dirname "$0")/tap.sh"

echo "1..6"

# commands [VAR=value...]: the compile and link commands make would run.
commands() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u SAN -u VALGRIND -u WERROR \
		make -n -C "$top" V=1 BUILD="$tmp/b" "$@" all tests examples \
		2> "$tmp/err" | sed -e :a -e '/\\$/N; s/\\\n//; ta' |
		tr '\t' ' ' | grep -E '^cc ' | grep -- ' -o ' > "$tmp/cmds"
	[ -s "$tmp/cmds" ] || { cat "$tmp/err" > "$tmp/log"; return 1; }
}

commands CC=cc CPPFLAGS=-DKWQ_PKG_CPP CFLAGS="-O1 -DKWQ_PKG_CFLAGS" \
	LDFLAGS=-Wl,-z,now

# Commands that compile a .c file, and those that link (some do both).
grep -E '\.c( |$)' "$tmp/cmds" > "$tmp/compile"
grep -v -- ' -c ' "$tmp/cmds" > "$tmp/link"
if [ -s "$tmp/compile" ] &&
   ! grep -v -- '-DKWQ_PKG_CPP' "$tmp/compile" > "$tmp/log" &&
   ! grep -v -- '-DKWQ_PKG_CFLAGS' "$tmp/compile" > "$tmp/log"; then
	tap ok "CPPFLAGS and CFLAGS reach all $(wc -l < "$tmp/compile") compiles"
else
	tap fail "CPPFLAGS and CFLAGS reach every compile"
fi
if [ -s "$tmp/link" ] && ! grep -v -- '-Wl,-z,now' "$tmp/link" > "$tmp/log"
then
	tap ok "LDFLAGS reaches all $(wc -l < "$tmp/link") links"
else
	tap fail "LDFLAGS reaches every link"
fi
if grep -q -- 'libkwq.so' "$tmp/link" && grep -q -- 'tests/test-' "$tmp/link"
then
	tap ok "the links include libkwq.so and the test programs"
else
	cat "$tmp/link" > "$tmp/log"
	tap fail "the links include libkwq.so and the test programs"
fi
if ! grep -- '-Werror' "$tmp/cmds" > "$tmp/log"; then
	tap ok "a plain make does not turn warnings into errors"
else
	tap fail "a plain make does not turn warnings into errors"
fi
commands CC=cc WERROR=1
if grep -- ' -c ' "$tmp/cmds" | grep -v -- '-Werror' > "$tmp/log"; then
	tap fail "WERROR=1 (make check) compiles everything with -Werror"
else
	tap ok "WERROR=1 (make check) compiles everything with -Werror"
fi
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u SAN -u VALGRIND -u WERROR \
	make -n --no-print-directory -C "$top" V=1 BUILD="$tmp/b" CC=cc demo \
	> "$tmp/demo" 2>&1
# Words of commands, not of paths: the tree may be cloned into .../clang/.
if grep -q 'scripts/demo.sh' "$tmp/demo" &&
   ! grep -E '(^|[ ;&|(])([^ ]*/)?(deps\.sh|clang[-+0-9.]*|llvm[-a-z0-9]*|spatch|valgrind|pkg-config)( |$)|-l(uv|glib)' \
	"$tmp/demo" > "$tmp/log"; then
	tap ok "make demo runs the tour with the C compiler alone"
else
	tap fail "make demo runs the tour with the C compiler alone"
fi
tap_exit
