# SPDX-License-Identifier: MIT
#
# TAP for the tests/*.t shell scripts, sourced by them: the counterpart of
# tap.h.  It makes a scratch directory $tmp (removed on exit) and provides
#   tap ok|fail DESCRIPTION   one test line; a failure shows $tmp/log as
#                             diagnostics on stderr, and $tmp/log is
#                             emptied after
#   tap_check STATUS DESCRIPTION
#                             tap ok when STATUS (say, $?) is 0, else fail
#   tap_skip DESCRIPTION      one skipped test
#   tap_diag [FILE]           FILE (or stdin) as diagnostics, whatever the
#                             result: for output worth seeing on a pass too
#   tap_exit                  exit with the number of failures (max 254)
# $top is the repository root (prove runs the scripts from there).

top=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: > "$tmp/log"
n=0
fails=0

tap() {
	n=$((n + 1))
	if [ "$1" = ok ]; then
		echo "ok $n - $2"
	else
		echo "not ok $n - $2"
		fails=$((fails + 1))
		# On stderr, which prove shows without --verbose: CI logs.
		echo "#   Failed test $n - $2" >&2
		[ -s "$tmp/log" ] && sed 's/^/# /' "$tmp/log" >&2
	fi
	: > "$tmp/log"
}

tap_check() {
	if [ "$1" -eq 0 ]; then
		tap ok "$2"
	else
		tap fail "$2"
	fi
}

tap_diag() {
	sed 's/^/# /' "$@"
}

tap_skip() {
	n=$((n + 1))
	echo "ok $n # skip $1"
}

tap_exit() {
	exit $((fails > 254 ? 254 : fails))
}
