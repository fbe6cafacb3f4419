#!/bin/sh
# SPDX-License-Identifier: MIT
#
# retconv -p DIR when DIR holds no compile_commands.json (issue 23): one
# line on stderr that says no compilation database was found and the
# absolute path where it looked, exit status 2, and no "0 of 0 files
# parsed with errors" tally after it; the same for a DIR that does not
# exist, and for a relative DIR.  A missing file named on the command line
# gets its one line too, without the tally.
#
# Run by prove from the top of the tree; KWQ_BUILD names the build tree
# holding the retconv binary (default: build).
set -u
. "$(dirname "$0")/tap.sh"

build=${KWQ_BUILD:-build}
case $build in
/*) rc=$build/retconv ;;
*) rc=$top/$build/retconv ;;
esac

if [ ! -x "$rc" ]; then
	echo "1..0 # SKIP $rc not built (make retconv)"
	exit 0
fi

echo "1..4"

# one_line WHAT WANT CMD...: CMD exits 2 and its stderr is the line WANT.
one_line() {
	what=$1
	want=$2
	shift 2
	"$@" > "$tmp/out" 2> "$tmp/err"
	st=$?
	if [ $st -eq 2 ] && [ "$(cat "$tmp/err")" = "$want" ] &&
	   [ ! -s "$tmp/out" ]; then
		tap ok "$what"
	else
		{ echo "exit $st, want 2 and: $want"; cat "$tmp/err"; } \
			> "$tmp/log"
		tap fail "$what"
	fi
}

mkdir "$tmp/empty"
abs=$(cd "$tmp/empty" && pwd -P)
one_line "-p DIR without a database: where it looked, and nothing else" \
	"retconv: -p $tmp/empty: no compilation database: $abs/compile_commands.json: No such file or directory" \
	"$rc" --no-config -p "$tmp/empty"
one_line "-p DIR that does not exist: the same" \
	"retconv: -p $tmp/none: no compilation database: $tmp/none/compile_commands.json: No such file or directory" \
	"$rc" --no-config -p "$tmp/none"
one_line "-p . names the absolute directory" \
	"retconv: -p .: no compilation database: $abs/compile_commands.json: No such file or directory" \
	sh -c 'cd "$1" && shift && exec "$@"' sh "$tmp/empty" \
	"$rc" --no-config -p .
one_line "a missing file: its line, no tally of nothing parsed" \
	"retconv: $tmp/none.c: No such file or directory" \
	"$rc" --no-config "$tmp/none.c"
tap_exit
