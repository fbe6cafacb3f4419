#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The loop adapters <kwq/uv.h> and <kwq/glib.h> beyond the examples:
# tests/loops/adapters.c, built for whichever of libuv and GLib pkg-config
# finds (scripts/deps.sh loops installs both), is the TAP stream.  Without
# either, skipped with the reason.
set -u
. "$(dirname "$0")/tap.sh"

B=${KWQ_BUILD:-build}
case $B in /*) ;; *) B=$top/$B ;; esac

flags=
libs=
for l in UV:libuv GLIB:glib-2.0; do
	if pkg-config --exists ${l#*:} 2>/dev/null; then
		flags="$flags -DKWQ_TEST_${l%%:*} $(pkg-config --cflags ${l#*:} |
			sed 's/-I/-isystem /g')"
		libs="$libs $(pkg-config --libs ${l#*:})"
	fi
done
if [ -z "$flags" ]; then
	echo "1..0 # SKIP pkg-config finds neither libuv nor glib-2.0 (scripts/deps.sh loops)"
	exit 0
fi
if [ ! -e "$B/tests/tap.o" ]; then
	echo "1..0 # SKIP $B/tests/tap.o not built (make tests)"
	exit 0
fi
# A sanitizer pass's library needs its runtime in the program linked to it.
san=
if nm -D "$B/libkwq.so" 2>/dev/null | grep -q ' U __tsan_'; then
	san=-fsanitize=thread
elif nm -D "$B/libkwq.so" 2>/dev/null | grep -q ' U __asan_'; then
	san=-fsanitize=address,undefined
fi
# shellcheck disable=SC2086
if ! ${CC:-cc} -std=gnu11 -D_GNU_SOURCE -Wall -Wextra -Werror $san \
	-I"$top/include" $flags -o "$tmp/adapters" \
	"$top/tests/loops/adapters.c" "$B/tests/tap.o" \
	-L"$B" -Wl,-rpath,"$B" -lkwq -pthread $libs > "$tmp/log" 2>&1; then
	echo "1..1"
	tap fail "tests/loops/adapters.c builds"
	tap_exit
fi
"$tmp/adapters"
exit $?
