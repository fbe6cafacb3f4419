# SPDX-License-Identifier: MIT
#
# TAP for the tests/*.t shell scripts, sourced by them: the counterpart of
# tap.h.  It makes a scratch directory $tmp (removed on exit) and provides
#   tap ok|fail DESCRIPTION   one test line; a failure shows $tmp/log as
#                             diagnostics, and $tmp/log is emptied after
#   tap_skip DESCRIPTION      one skipped test
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
		[ -s "$tmp/log" ] && sed 's/^/# /' "$tmp/log"
	fi
	: > "$tmp/log"
}

tap_skip() {
	n=$((n + 1))
	echo "ok $n # skip $1"
}

tap_exit() {
	exit $((fails > 254 ? 254 : fails))
}
