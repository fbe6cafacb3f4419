#!/bin/sh
# SPDX-License-Identifier: MIT
#
# A short libFuzzer run of retconv (tools/retconv/fuzz): first every input
# of the committed corpus once, then KWQ_FUZZ_RUNS (default 2000, 500 with
# KWQ_TEST_QUICK) mutations of it from the seed KWQ_FUZZ_SEED (default
# 20261204).  A count and a seed, not a time, so that every run, on any
# machine and load, tries the same mutations (nearly: libclang's coverage
# differs by a few edges between runs, and the mutations follow it), and a
# new crash is found by `make fuzz` rather than by a CI run that happened
# to get further.  Any crash, sanitizer
# report, leak, input slower than the timeout or memory over the limit
# fails, and the input that did it is shown as diagnostics with libFuzzer's
# report.  The
# harness is built by make (the plain pass only: it carries its own ASan
# and UBSan, so the sanitizer passes skip it); nothing is written into the
# tree, new inputs go to a temporary directory.
#
# Run by prove from the top of the tree; KWQ_BUILD names the build tree.
set -u
. "$(dirname "$0")/tap.sh"

build=${KWQ_BUILD:-build}
case $build in
/*) fz=$build/fuzz-retconv ;;
*) fz=$top/$build/fuzz-retconv ;;
esac
dir=$top/tools/retconv/fuzz
if [ -n "${KWQ_TEST_QUICK:-}" ]; then
	runs=${KWQ_FUZZ_RUNS:-500}
else
	runs=${KWQ_FUZZ_RUNS:-2000}
fi
seed=${KWQ_FUZZ_SEED:-20261204}

if [ -n "${KWQ_TEST_SAN:-}" ]; then
	echo "1..0 # SKIP the harness has its own sanitizers; the plain pass runs it"
	exit 0
fi
if [ ! -x "$fz" ]; then
	echo "1..0 # SKIP $fz not built (clang-14 and libclang-rt-14-dev)"
	exit 0
fi

mkdir "$tmp/new" "$tmp/art"

echo "1..2"

# fuzz NAME LIBFUZZER-OPTIONS...: ok when libFuzzer exits 0.  The timeout
# is generous (the suite runs two programs at a time); a hang is far past
# it, and timeout(1) stops a fuzzer that never returns.
fuzz() {
	name=$1
	shift
	rm -f "$tmp"/art/*
	ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:${ASAN_OPTIONS:-}" \
	timeout -s KILL 900 "$fz" -timeout=20 -rss_limit_mb=2048 \
		-dict="$dir/c.dict" -artifact_prefix="$tmp/art/" \
		-print_final_stats=1 "$@" "$tmp/new" "$dir/corpus" \
		>"$tmp/fuzz.log" 2>&1
	st=$?
	if [ $st -eq 0 ]; then
		tap ok "$name"
		grep '^\(stat::number_of_executed_units\|INFO: Seed\)' \
			"$tmp/fuzz.log" | tap_diag
		return
	fi
	tail -n 60 "$tmp/fuzz.log" >"$tmp/log"
	for a in "$tmp"/art/*; do
		[ -e "$a" ] || continue
		echo "input $(basename "$a"), $(wc -c <"$a") bytes, as hex:"
		od -An -tx1 -v "$a" | head -n 40
	done >>"$tmp/log"
	tap fail "$name (exit $st)"
}

fuzz "every corpus input runs clean" -runs=0
fuzz "$runs mutations from seed $seed run clean" -seed="$seed" -runs="$runs"
tap_exit
