#!/bin/sh
# SPDX-License-Identifier: MIT
#
# kwq keeps its own rule: retconv over the library's sources, its public
# headers and retconv's own code must find nothing (exit 0).  A finding
# here is a function to fix or rename, not a test to relax; the findings
# are printed as diagnostics.
#
# Run by prove from the top of the tree; KWQ_BUILD names the build tree.
set -u
. "$(dirname "$0")/tap.sh"

build=${KWQ_BUILD:-build}
rc=$build/retconv
case $rc in /*) ;; *) rc=$top/$rc ;; esac

if [ ! -x "$rc" ]; then
	echo "1..0 # SKIP $rc not built (make retconv)"
	exit 0
fi
llvm_inc=$( (llvm-config-14 --includedir || llvm-config --includedir) \
	2>/dev/null) || llvm_inc=/usr/lib/llvm-14/include

echo "1..3"

# run NAME OPTIONS... -- FILES...: ok when retconv exits 0; the findings
# are the diagnostics of a failure.
run() {
	name=$1
	shift
	"$rc" --no-config "$@" >"$tmp/log" 2>&1
	st=$?
	if [ $st -eq 0 ]; then
		tap ok "$name"
	else
		tap fail "$name (exit $st)"
	fi
}

run "src/*.c: no finding" src/*.c -- -std=gnu11 -D_GNU_SOURCE -pthread \
	-Iinclude -Isrc -fvisibility=hidden
run "include/kwq/*.h: no finding" include/kwq/*.h -- -std=gnu11 \
	-D_GNU_SOURCE -Iinclude
# retconv holds its own static functions to the rule as well.
run "tools/retconv/*.c, static functions too: no finding" --static \
	tools/retconv/*.c -- -std=gnu11 -D_GNU_SOURCE -isystem "$llvm_inc"
tap_exit
