#!/bin/sh
# SPDX-License-Identifier: MIT
# The USDT probes (provider "kwq") are in libkwq.so's ELF notes, with the
# names kwq(7) documents, so bpftrace and perf probe can attach to them.
set -u
. "$(dirname "$0")/tap.sh"

lib=${KWQ_BUILD:-build}/libkwq.so
echo "1..5"
readelf -n "$lib" > "$tmp/notes" 2>&1
if grep -q stapsdt "$tmp/notes"; then
	tap ok "libkwq.so carries USDT notes"
elif [ -e /usr/include/sys/sdt.h ] ||
     [ -e "/usr/include/$(uname -m)-linux-gnu/sys/sdt.h" ]; then
	tap fail "libkwq.so has no USDT notes although <sys/sdt.h> exists"
else
	tap ok "built without <sys/sdt.h> (systemtap-sdt-dev): no probes"
	for probe in add activate execute_start execute_end; do
		tap_skip "kwq:$probe: built without probes"
	done
	tap_exit
fi
for probe in add activate execute_start execute_end; do
	if grep -A2 'Provider: kwq' "$tmp/notes" | grep -q "Name: $probe\$"
	then
		tap ok "probe kwq:$probe is there"
	else
		tap fail "probe kwq:$probe is missing"
	fi
done
tap_exit
