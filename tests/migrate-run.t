#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The migration of the kernel's cancel, flush and mod names, end to end, on
# tests/migrate/run/kdev.c, a driver written as kernel code is, whose every
# use of those eight names tests the bool the kernel returns:
#   - against kwq, where the names return void, it fails to compile with
#     exactly one error per use, each on the line of that use;
#   - patched by tools/migrate/*.cocci it compiles with -Wall -Wextra
#     -Werror, and kdev-main.c, linked with it, finds that it behaves as in
#     the kernel: references dropped after a cancel exactly when the
#     kernel's cancel returned true, and so on;
#   - renamed without the migration's reversed tests (what a port by hand
#     would do, and what kwq's old int names amounted to) it also compiles,
#     and kdev-main.c catches it: the check can fail.
#
# spatch comes from Debian's coccinelle (scripts/deps.sh migrate).  Run by
# prove from the top of the tree, after make tests.
set -u
. tests/tap.sh

if ! command -v spatch >/dev/null 2>&1; then
	echo "1..0 # SKIP spatch not installed (scripts/deps.sh migrate)"
	exit 0
fi

B=${KWQ_BUILD:-build}
case $B in /*) ;; *) B=$top/$B ;; esac
cc=${CC:-cc}
run=$top/tests/migrate/run
names='cancel_(delayed_)?work(_sync)?|flush_(delayed_)?work|mod_delayed_work(_on)?'
cflags="-std=gnu11 -D_GNU_SOURCE -pthread -I$top/include -I$run -I$top/tests"
# A sanitizer pass's library needs its runtime in the programs linked to it.
if nm -D "$B/libkwq.so" 2>/dev/null | grep -q ' U __tsan_'; then
	cflags="$cflags -fsanitize=thread"
elif nm -D "$B/libkwq.so" 2>/dev/null | grep -q ' U __asan_'; then
	cflags="$cflags -fsanitize=address,undefined"
fi

echo "1..5"

# The lines that use one of the names, comments left out (gcc's
# -fpreprocessed strips them alone; clang has no such mode).
strip_cc=$(command -v gcc || echo "$cc")
$strip_cc -fpreprocessed -dD -E "$run/kdev.c" 2>/dev/null |
	grep -cE "\\b($names)\\(" > "$tmp/nuses"
grep -nE "\\b($names)\\(" "$run/kdev.c" | cut -d: -f1 > "$tmp/use-lines"
nuses=$(cat "$tmp/nuses")

# -ftrack-macro-expansion=0: gcc reports each error where the macro is
# used (clang does so already, and knows no such flag).
track=
if $cc -ftrack-macro-expansion=0 -fsyntax-only -x c /dev/null 2>/dev/null; then
	track=-ftrack-macro-expansion=0
fi
$cc $cflags $track -c -o "$tmp/k.o" "$run/kdev.c" \
	> "$tmp/errors" 2>&1
sed -n 's/^[^:]*kdev\.c:\([0-9]*\):[0-9]*: error: .*/\1/p' "$tmp/errors" \
	> "$tmp/error-lines"
nerr=$(grep -c 'error:' "$tmp/errors")
if [ "$nuses" -ge 8 ] && [ "$nerr" -eq "$nuses" ] &&
   cmp -s "$tmp/use-lines" "$tmp/error-lines"; then
	tap ok "kdev.c fails to compile with one error per use ($nerr errors, $nuses uses)"
else
	{ echo "uses: $nuses, errors: $nerr"; cat "$tmp/errors"; } > "$tmp/log"
	tap fail "kdev.c fails to compile with one error per use"
fi

mkdir -p "$tmp/mig"
cp "$run/kdev.c" "$tmp/mig/kdev.c"
for cocci in "$top"/tools/migrate/*.cocci; do
	spatch --very-quiet --sp-file "$cocci" --in-place "$tmp/mig/kdev.c" \
		>> "$tmp/spatch.log" 2>&1
done
if $cc $cflags -Wall -Wextra -Werror -c -o "$tmp/k.o" "$tmp/mig/kdev.c" \
	> "$tmp/log" 2>&1; then
	tap ok "patched by tools/migrate, kdev.c compiles with -Wall -Wextra -Werror"
else
	cat "$tmp/spatch.log" >> "$tmp/log"
	tap fail "patched by tools/migrate, kdev.c compiles with -Wall -Wextra -Werror"
fi

# build SOURCE PROGRAM: link a driver with kdev-main.c and libkwq.
build() {
	$cc $cflags -Wall -Wextra -Werror -o "$2" "$1" "$run/kdev-main.c" \
		"$B/tests/tap.o" -L"$B" -Wl,-rpath,"$B" -lkwq >> "$tmp/log" 2>&1
}

if build "$tmp/mig/kdev.c" "$tmp/kdev" && "$tmp/kdev" > "$tmp/out" 2>&1 &&
   ! grep -q '^not ok' "$tmp/out"; then
	tap ok "the patched driver behaves as in the kernel ($(grep -c '^ok' "$tmp/out") checks)"
	sed 's/^/# /' "$tmp/out"
else
	cat "$tmp/out" >> "$tmp/log" 2>/dev/null
	tap fail "the patched driver behaves as in the kernel"
fi

# Each use named as kwq's action, its test left as it was.
sed -E -e 's/\bcancel_(delayed_)?work(_sync)?\(/remove_\1work\2(/g' \
	-e 's/\bflush_work\(/wait_for_work(/g' \
	-e 's/\bflush_delayed_work\(/wait_for_delayed_work(/g' \
	-e 's/\bmod_delayed_work(_on)?\(/rearm_delayed_work\1(/g' \
	"$run/kdev.c" > "$tmp/naive.c"
if build "$tmp/naive.c" "$tmp/naive"; then
	tap ok "renamed without reversing the tests, kdev.c compiles (the silent misreading)"
else
	tap fail "renamed without reversing the tests, kdev.c compiles (the silent misreading)"
fi
if "$tmp/naive" > "$tmp/out" 2>&1 && ! grep -q '^not ok' "$tmp/out"; then
	tap fail "and kdev-main.c catches it"
else
	tap ok "and kdev-main.c catches it ($(grep -c '^not ok' "$tmp/out") checks fail)"
fi
tap_exit
