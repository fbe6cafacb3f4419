#!/bin/sh
# SPDX-License-Identifier: MIT
# The tour run by `make demo`: each example, with a line on what it shows.
set -eu
B=${KWQ_BUILD:-build}

show() {
	name=$1
	shift
	printf '\n== examples/%s.c: %s\n' "$name" "$*"
	"$B/examples/$name"
}

echo "kwq $(sed -n 's/^#define KWQ_VERSION_\(MAJOR\|MINOR\|PATCH\) //p' \
	include/kwq/version.h | paste -sd.) tour"
show hello "alloc, INIT_WORK, add (checked), flush, destroy"
show ebusy "0 on success, -EBUSY when already pending"
show old-names "the old void names (queue_work, cancel_work_sync, flush_work...) warn once per call site"
show per-cpu "bound queues run work on the CPU asked for"
show teardown "remove_work_sync before freeing an object: who drops the reference"
show cq-poll "results back to a poll() loop through a completion queue"
printf '\nAll examples ran.  Tests: make check\n'
