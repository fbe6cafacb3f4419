#!/bin/sh
# SPDX-License-Identifier: MIT
#
# kwq from C++17, with both compilers: tests/cxx-api.cc, which uses every
# public header (the loop adapters too when pkg-config finds libuv and
# GLib), builds with g++ and with clang++ under -std=c++17 -pedantic -Wall
# -Wextra -Werror, and runs (its items, completions and loops work, and
# each call site of an old void name warns once, as in C).  And the old
# names stay void in C++ too: testing queue_work()'s result does not
# compile.  And the forms are ISO C++17, not GNU extensions whose warning
# __extension__ would hide: no statement expression, no designator.
set -u
. "$(dirname "$0")/tap.sh"

B=${KWQ_BUILD:-build}
case $B in /*) ;; *) B=$top/$B ;; esac

CXXFLAGS17="-std=c++17 -pedantic -Wall -Wextra -Werror"

# A sanitizer pass's library needs its runtime in the program linked to it.
san=
if nm -D "$B/libkwq.so" 2>/dev/null | grep -q ' U __tsan_'; then
	san=-fsanitize=thread
elif nm -D "$B/libkwq.so" 2>/dev/null | grep -q ' U __asan_'; then
	san=-fsanitize=address,undefined
fi

loops=
loop_libs=
for l in uv:libuv glib:glib-2.0; do
	if pkg-config --exists ${l#*:} 2>/dev/null; then
		name=$(echo ${l%%:*} | tr a-z A-Z)
		loops="$loops -DKWQ_TEST_$name $(pkg-config --cflags ${l#*:} |
			sed 's/-I/-isystem /g')"
		loop_libs="$loop_libs $(pkg-config --libs ${l#*:})"
	fi
done

clangxx=
for c in clang++-14 clang++; do
	if command -v $c > /dev/null 2>&1; then
		clangxx=$c
		break
	fi
done

cat > "$tmp/void.cc" <<'SNIP'
#include <kwq/workqueue.h>

static void fn(struct work_struct *w) { (void)w; }

int main()
{
	struct work_struct w;

	INIT_WORK(&w, fn);
	if (queue_work(system_wq, &w))
		return 1;
	return 0;
}
SNIP

echo "1..7"
printf '%s\n' '#include <kwq/workqueue.h>' \
	'static void fn(struct work_struct *w) { (void)w; }' \
	'DECLARE_WORK(a, fn); DECLARE_DELAYED_WORK(b, fn);' \
	'void f(); void f() { queue_work(system_wq, &a); cancel_work_sync(&a);' \
	'flush_delayed_work(&b); mod_delayed_work(system_wq, &b, 1); }' \
	> "$tmp/forms.cc"
if g++ -std=c++17 -I"$top/include" -E -P "$tmp/forms.cc" > "$tmp/forms" &&
   sed -n '/void fn(/,$p' "$tmp/forms" > "$tmp/use" && [ -s "$tmp/use" ] &&
   ! grep -E '\(\{|[{,] *\.[a-z]' "$tmp/use" > "$tmp/log"; then
	tap ok "in C++ the old names and DECLARE_*WORK() expand to no statement expression and no designator"
else
	tap fail "in C++ the old names and DECLARE_*WORK() expand to no statement expression and no designator"
fi
# A sanitizer pass's library needs the runtime of the compiler that built
# it, which the other cannot link: there, $CXX alone (the plain pass and
# the clang pass build with both).
is_clang() {
	echo | $1 -dM -E -x c++ - 2>/dev/null | grep -q __clang__
}
same_family() {
	if is_clang "$1"; then is_clang "${CXX:-c++}"; else ! is_clang "${CXX:-c++}"; fi
}

for cxx in g++ $clangxx; do
	[ -n "$cxx" ] || continue
	if [ -n "$san" ] && ! same_family $cxx; then
		for i in 1 2 3; do
			tap_skip "$cxx: not ${CXX:-c++}, whose sanitizer runtime the library needs"
		done
		continue
	fi
	what="tests/cxx-api.cc builds with $cxx $CXXFLAGS17"
	[ -n "$loops" ] && what="$what (with the loop adapters)"
	# shellcheck disable=SC2086
	if $cxx $CXXFLAGS17 $san -I"$top/include" $loops \
		-o "$tmp/cxx-api" "$top/tests/cxx-api.cc" \
		-L"$B" -Wl,-rpath,"$B" -lkwq -pthread $loop_libs \
		> "$tmp/log" 2>&1; then
		tap ok "$what"
		if timeout 60 "$tmp/cxx-api" > "$tmp/log" 2>&1; then
			tap ok "$cxx: it runs, every check passes"
		else
			tap fail "$cxx: it runs, every check passes"
		fi
	else
		tap fail "$what"
		tap_skip "$cxx: not built"
	fi
	if $cxx $CXXFLAGS17 -I"$top/include" -fsyntax-only "$tmp/void.cc" \
		> "$tmp/log" 2>&1; then
		tap fail "$cxx: if (queue_work(...)) is refused"
	elif grep 'error' "$tmp/log" | grep -q void; then
		tap ok "$cxx: if (queue_work(...)) is refused, for its void value"
	else
		tap fail "$cxx: if (queue_work(...)) is refused, for its void value"
	fi
done
if [ -z "$clangxx" ]; then
	for i in 1 2 3; do
		tap_skip "no clang++ (scripts/deps.sh core installs clang-14)"
	done
fi
tap_exit
