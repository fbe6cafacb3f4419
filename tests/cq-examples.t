#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The completion-queue examples, run: examples/cq-poll.c and the same jobs
# under libuv and GLib (examples/loops/) each deliver every job's result
# once, the two they cancel with -ECANCELED or their count, and end by
# themselves (the loop adapters keep the loop alive exactly while jobs are
# outstanding; cq-uv's uv_loop_close() fails, and so does its exit status,
# if the adapter left a handle behind).  The references in the loops' own
# idiom (uv_queue_work(), GTask) print the same, and the kwq port of each
# is at most 10 lines of code longer (comments and blank lines aside:
# docs/loops.md).  The port of libuv's queue-cancel example, interrupted by
# SIGINT, reports each of its 25 calculations exactly once, computed or
# cancelled.  A program not built (make examples examples-loops; the loops
# need libuv's and GLib's -dev packages, scripts/deps.sh loops) is skipped.
set -u
. "$(dirname "$0")/tap.sh"

B=${KWQ_BUILD:-build}
case $B in /*) ;; *) B=$top/$B ;; esac

echo "1..9"

# jobs NAME: the job examples print one line per job, for all eight n.
jobs() {
	bin=$B/examples/$1
	if [ ! -x "$bin" ]; then
		tap_skip "$1 not built (make examples examples-loops)"
		return
	fi
	timeout 60 "$bin" > "$tmp/out" 2>> "$tmp/log"
	st=$?
	want=$(for i in 0 1 2 3 4 5 6 7; do echo $((10000 << i)); done)
	got=$(sed -n 's/^primes below \([0-9]*\): \([0-9]*\|cancelled\)$/\1/p' \
		"$tmp/out" | sort -n)
	if [ $st -eq 0 ] && [ "$got" = "$want" ]; then
		tap ok "$1: each of 8 jobs reported once"
	else
		{ echo "exit $st"; cat "$tmp/out"; } >> "$tmp/log"
		tap fail "$1: each of 8 jobs reported once"
	fi
}

jobs cq-poll
jobs loops/uv-orig
jobs loops/cq-uv
jobs loops/glib-orig
jobs loops/cq-glib

# code FILE: its lines that are neither blank nor comment (gcc strips the
# comments whichever compiler the suite runs with).
code() {
	gcc -fpreprocessed -dD -E -P "$top/examples/loops/$1" |
		grep -c '[^[:space:]]'
}

for loop in uv glib; do
	orig=$(code $loop-orig.c)
	port=$(code cq-$loop.c)
	what="cq-$loop.c ($port lines of code) is at most 10 longer than $loop-orig.c ($orig)"
	if [ -n "$orig" ] && [ -n "$port" ] && [ $((port - orig)) -le 10 ]; then
		tap ok "$what"
	else
		tap fail "$what"
	fi
done

bin=$B/examples/queue-cancel
if [ ! -x "$bin" ]; then
	tap_skip "queue-cancel not built (make examples)"
	tap_skip "queue-cancel not built (make examples)"
	tap_exit
fi
# Not under timeout(1), which would get the SIGINT (and, started in the
# background by sh, ignore it); a watchdog bounds the run instead.
"$bin" > "$tmp/out" 2>&1 &
pid=$!
(
	i=0
	while [ $i -lt 600 ] && kill -0 $pid 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	kill -KILL $pid 2>/dev/null
) > /dev/null 2>&1 &
# Interrupt it once SIGINT is blocked (its first act), before any result.
i=0
while [ $i -lt 500 ]; do
	blk=$(sed -n 's/^SigBlk:[ \t]*//p' /proc/$pid/status 2>/dev/null)
	[ -n "$blk" ] && [ $(( 0x$blk & 2 )) -ne 0 ] && break
	sleep 0.01
	i=$((i + 1))
done
kill -INT $pid
wait $pid
st=$?
want=$(seq 0 24)
got=$(sed -n -e 's/^\([0-9]*\)th fibonacci is [0-9]*$/\1/p' \
	-e 's/^Calculation of \([0-9]*\) cancelled\.$/\1/p' "$tmp/out" | sort -n)
if [ $st -eq 0 ] && [ "$got" = "$want" ] &&
   [ "$(grep -c '^Signal received!$' "$tmp/out")" -eq 1 ]; then
	tap ok "queue-cancel, interrupted: each of 25 reported once, computed or cancelled"
else
	{ echo "exit $st"; cat "$tmp/out"; } >> "$tmp/log"
	tap fail "queue-cancel, interrupted: each of 25 reported once, computed or cancelled"
fi
# With four workers and 1-3 s per item, an interrupt at once leaves most
# items unstarted; only an unbounded pool (issue 16) would cancel none.
cancelled=$(grep -c 'cancelled\.$' "$tmp/out")
if [ "$cancelled" -gt 0 ]; then
	tap ok "queue-cancel: the interrupt cancelled $cancelled"
else
	cat "$tmp/out" >> "$tmp/log"
	tap fail "queue-cancel: the interrupt cancelled some"
fi
tap_exit
