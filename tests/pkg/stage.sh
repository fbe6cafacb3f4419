# SPDX-License-Identifier: MIT
#
# Sourced by tests/pkg*.t after tap.sh: stage_install DEST [GOAL...] runs
# `make GOAL... install DESTDIR=DEST PREFIX=/usr` on the tree being tested,
# with its output in $tmp/log.  The install is the plain build's: the make
# flags of the calling make (SAN=..., a sanitizer pass, through MAKEFLAGS)
# are not handed down.  $consumer is the program the tests build against
# the staged kwq; check_built checks what they built.
consumer=$top/tests/pkg/consumer.c

stage_install() {
	dest=$1
	shift
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u SAN -u VALGRIND \
		make -s -C "$top" "$@" install DESTDIR="$dest" PREFIX=/usr \
		> "$tmp/log" 2>&1
}

# loads_staged PROG DEST: PROG, run with the staged library directory on
# LD_LIBRARY_PATH, loads DEST's libkwq.so.0 (not the build tree's).
loads_staged() {
	LD_LIBRARY_PATH="$2/usr/lib" ldd "$1" > "$tmp/ldd" 2>&1
	grep -q "libkwq.so.0 => $2/usr/lib/libkwq.so.0" "$tmp/ldd" ||
		{ cat "$tmp/ldd" > "$tmp/log"; return 1; }
}

# check_built PROG SPROG WHAT: three test lines on the consumer built by
# WHAT against the staged tree $dest, as PROG (shared) and SPROG (static):
# PROG loads the staged libkwq.so.0 and runs a work item, SPROG runs
# without libkwq.so.
check_built() {
	if loads_staged "$1" "$dest"; then
		tap ok "$3: the program loads the staged libkwq.so.0"
	else
		tap fail "$3: the program loads the staged libkwq.so.0"
	fi
	if LD_LIBRARY_PATH="$dest/usr/lib" "$1" > "$tmp/log" 2>&1; then
		tap ok "$3: it runs a work item"
	else
		tap fail "$3: it runs a work item"
	fi
	if "$2" > "$tmp/log" 2>&1 && ! ldd "$2" 2>/dev/null | grep -q libkwq
	then
		tap ok "$3: the static program links libkwq.a and runs"
	else
		tap fail "$3: the static program links libkwq.a and runs"
	fi
}
