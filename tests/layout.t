#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The layout of src/: no two files of the library call each other both
# ways.  Each object the Makefile built (build/src/*.o, or $KWQ_BUILD's)
# says, through nm, which symbols it defines and which it needs; a file
# that needs a symbol another defines depends on it, function or data
# alike.  A pair of files that depend on each other is a cycle, and a
# cycle means some concept lives in two files (issue 13).  The exception
# is what a file reaches through internal.h's static inline helpers and
# macros (kwq__lock() and its slow path, kwq__debugging(), ...): those
# symbols, every kwq__ name the helpers' bodies mention, are left out.
# Then the issue's walk of an add: it begins and ends in add.c, which
# needs nothing of workqueue.c's.  Last, the pools' three files stack
# (issue 24): worker.c (the workers' loop) calls add.c (the adds, the
# pwq's slots) and pool.c (pools, kicks), add.c calls
# pool.c, and never the other way, even through a third file.  And the
# benchmarks' helpers, bench/common.c, call nothing of the driver
# bench/bench.c (issue 24 §0): the goal programs link common.c without it.
# Last, bench/run.pl's Perl modules (bench/lib/KwqBench/) compile and use
# each other one way, as their top comments say: State at the bottom,
# Stats, Run above it, Goals and Output above Stats, run.pl above all.
# The dependencies themselves are printed as diagnostics, for the map in
# docs/internals.md.
set -u
. "$(dirname "$0")/tap.sh"

B=${KWQ_BUILD:-build}
case $B in /*) objdir="$B/src" ;; *) objdir="$top/$B/src" ;; esac

echo "1..7"

if ! command -v nm > /dev/null 2>&1; then
	for i in 1 2 3 4 5 6 7; do tap_skip "nm is missing (binutils)"; done
	exit 0
fi

# The object of each src/*.c (a stale one of a file since removed is not
# read).
set --
for c in "$top"/src/*.c; do
	o="$objdir/$(basename "$c" .c).o"
	if [ -e "$o" ]; then
		set -- "$@" "$o"
	else
		echo "$o: missing" >> "$tmp/log"
	fi
done
nsrc=$(ls "$top"/src/*.c | wc -l)
if [ "$#" -eq 0 ]; then
	tap fail "the library's objects are in $objdir (make all first)"
	for i in 2 3 4 5 6 7; do tap fail "no objects to read"; done
	tap_exit
fi
[ "$#" -eq "$nsrc" ]
tap_check $? "one object per src/*.c in $objdir ($# of $nsrc)"

# The names internal.h's inline helpers and macros use: the body of each
# static inline function (up to its closing brace in column 0) and each
# #define with its continuation lines.
awk '/^static inline/ { body = 1 }
     /^#define/ { mac = 1 }
     body || mac { print }
     body && /^}/ { body = 0 }
     mac && !/\\$/ { mac = 0 }' "$top/src/internal.h" |
	grep -o 'kwq__[A-Za-z0-9_]*' | sort -u > "$tmp/inline"

# One line per symbol: "D file name" where defined, "U file name" where
# needed.  Weak symbols (the USDT semaphores' base) belong to no file.
for o in "$@"; do
	f=$(basename "$o" .o)
	nm -P "$o" | awk -v f="$f" '
		$2 == "U" { print "U", f, $1 }
		$2 ~ /^[ABCDGRST]$/ { print "D", f, $1 }'
done > "$tmp/syms"

# "from to symbol" for every cross-file use not made through a helper.
awk 'FILENAME == ARGV[1] { skip[$1] = 1; next }
     $1 == "D" { def[$3] = $2; next }
     { use[NR] = $2 " " $3 }
     END {
	for (i in use) {
		split(use[i], u, " ")
		if ((u[2] in def) && def[u[2]] != u[1] && !(u[2] in skip))
			print u[1], def[u[2]], u[2]
	}
     }' "$tmp/inline" "$tmp/syms" | sort -u > "$tmp/uses"
[ -s "$tmp/uses" ]
tap_check $? "the objects use each other's symbols ($(wc -l < "$tmp/uses") uses)"

# Each file's dependencies, with the symbols, and the pairs both ways.
awk '{ dep[$1 " " $2] = dep[$1 " " $2] " " $3 }
     END { for (k in dep) print k ":" dep[k] }' "$tmp/uses" |
	sort > "$tmp/deps"
awk -F: '{ split($1, p, " "); has[p[1] " " p[2]] = $2 }
     END {
	for (k in has) {
		split(k, p, " ")
		r = p[2] " " p[1]
		if (p[1] < p[2] && (r in has))
			print p[1] ".c <-> " p[2] ".c:" has[k] " <->" has[r]
	}
     }' "$tmp/deps" | sort > "$tmp/cycles"
npairs=$(wc -l < "$tmp/deps")
ncycles=$(wc -l < "$tmp/cycles")
if [ "$ncycles" -eq 0 ]; then
	tap ok "no two files of src/ call each other both ways ($npairs dependencies)"
else
	cp "$tmp/cycles" "$tmp/log"
	tap fail "no two files of src/ call each other both ways: $ncycles of $npairs dependencies are cycles"
fi

# The add path begins in add.c, where the public adds are, so that an add
# makes no jump from one file's function to another's, and ends there:
# add.c needs nothing of workqueue.c's (add_work()'s first use makes the
# system queue through internal.h's kwq__system_queue()).
grep '^add workqueue ' "$tmp/uses" > "$tmp/log"
grep -q '^D add add_work_to_q$' "$tmp/syms" && [ ! -s "$tmp/log" ]
tap_check $? "an add begins in add.c's add_work_to_q() and ends in add.c"

# worker.c above add.c above pool.c: what each of the three reaches, by
# any path through the dependencies, holds none of the files above it.
awk '{ print $1, $2 }' "$tmp/uses" | sort -u > "$tmp/edges"
reach() {
	echo "$1" > "$tmp/seen"
	while :; do
		n=$(wc -l < "$tmp/seen")
		awk 'FILENAME == ARGV[1] { s[$1] = 1; next }
		     ($1 in s) { print $2 }' "$tmp/seen" "$tmp/edges" |
			cat "$tmp/seen" - | sort -u > "$tmp/seen2"
		mv "$tmp/seen2" "$tmp/seen"
		[ "$(wc -l < "$tmp/seen")" -eq "$n" ] && break
	done
	grep -vx "$1" "$tmp/seen"
}
: > "$tmp/log"
for f in pool:add pool:worker add:worker; do
	reach "${f%%:*}" | grep -qx "${f#*:}" &&
		echo "${f%%:*}.c reaches ${f#*:}.c" >> "$tmp/log"
done
grep -q '^worker add ' "$tmp/uses" && grep -q '^add pool ' "$tmp/uses" &&
	[ ! -s "$tmp/log" ]
tap_check $? "worker.c calls add.c, add.c calls pool.c, and nothing reaches back up"
tap_diag "$tmp/deps"

# bench/bench.c calls bench/common.c and not the other way.  Both need
# only the C library, so they are compiled here rather than by `make
# bench`, which needs the peers' packages.
: > "$tmp/log"
for f in common bench; do
	${CC:-cc} -std=gnu11 -D_GNU_SOURCE -pthread -I"$top/include" \
		-I"$top/bench" -c -o "$tmp/$f.o" "$top/bench/$f.c" \
		2>> "$tmp/log" || echo "bench/$f.c does not compile" >> "$tmp/log"
done
nm -P "$tmp/bench.o" 2>/dev/null |
	awk '$2 ~ /^[BDRT]$/ { print $1 }' | sort -u > "$tmp/bench_def"
nm -P "$tmp/common.o" 2>/dev/null |
	awk '$2 ~ /^[BDRT]$/ { print $1 }' | sort -u > "$tmp/common_def"
nm -P "$tmp/common.o" 2>/dev/null |
	awk '$2 == "U" { print $1 }' | sort -u > "$tmp/common_use"
nm -P "$tmp/bench.o" 2>/dev/null |
	awk '$2 == "U" { print $1 }' | sort -u > "$tmp/bench_use"
comm -12 "$tmp/common_use" "$tmp/bench_def" | sed 's/^/common.c needs /' \
	>> "$tmp/log"
[ ! -s "$tmp/log" ] &&
	[ -n "$(comm -12 "$tmp/bench_use" "$tmp/common_def")" ]
tap_check $? "bench/bench.c calls bench/common.c, which calls nothing of it"

# The modules of bench/run.pl and what each may use: a module that uses
# another beyond its list, or one not listed, breaks the one-way order.
# perl -wc loads run.pl and, through it, every module: an error or a
# warning while compiling fails the test too.
: > "$tmp/log"
allowed="State: Stats:State Run:State Goals:State,Stats Output:State,Stats"
for pm in "$top"/bench/lib/KwqBench/*.pm; do
	m=$(basename "$pm" .pm)
	may=$(echo "$allowed" | tr ' ' '\n' | sed -n "s/^$m://p" | tr , ' ')
	echo "$allowed" | tr ' ' '\n' | grep -q "^$m:" ||
		echo "bench/lib/KwqBench/$m.pm is not in layout.t's list" >> "$tmp/log"
	for u in $(sed -n 's/^use KwqBench::\([A-Za-z]*\).*/\1/p' "$pm"); do
		case " $may " in
		*" $u "*) ;;
		*) echo "$m.pm uses $u.pm" >> "$tmp/log" ;;
		esac
	done
done
perl -wc -I"$top/bench/lib" "$top/bench/run.pl" > "$tmp/perl" 2>&1
grep -v ' syntax OK$' "$tmp/perl" >> "$tmp/log"
[ ! -s "$tmp/log" ]
tap_check $? "bench/run.pl's modules compile and use each other one way"

tap_exit
