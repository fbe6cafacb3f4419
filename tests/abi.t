#!/bin/sh
# SPDX-License-Identifier: MIT
#
# libkwq.so exports exactly the public API: the functions the headers in
# include/kwq/ declare with KWQ_API, no more (no kwq__ internals, no
# helpers that leaked out of -fvisibility=hidden or the version script) and
# no fewer (a declared function the library forgot to export).  Its soname
# is libkwq.so.0.  The kernel's cancel, flush and mod names stay exported
# as void functions beside the actions that replace them, so that
# &cancel_work_sync links and old binaries find the symbol.
set -u
. "$(dirname "$0")/tap.sh"

B=${KWQ_BUILD:-build}
lib="$top/$B/libkwq.so"
case $B in /*) lib="$B/libkwq.so" ;; esac

echo "1..7"

# Declared: the identifier before the first "(" of each KWQ_API line.
cat "$top"/include/kwq/*.h | grep '^KWQ_API' > "$tmp/decl-lines"
sed -n 's/^KWQ_API[^(]*[^A-Za-z0-9_(]\([A-Za-z_][A-Za-z0-9_]*\)(.*/\1/p' \
	"$tmp/decl-lines" | sort -u > "$tmp/declared"
if [ -s "$tmp/declared" ] &&
   [ "$(wc -l < "$tmp/declared")" -eq "$(wc -l < "$tmp/decl-lines")" ]; then
	tap ok "every KWQ_API declaration names a function ($(wc -l < "$tmp/declared"))"
else
	tap fail "every KWQ_API declaration names a function"
	sed 's/^/# /' "$tmp/decl-lines"
fi

if [ ! -e "$lib" ]; then
	tap fail "$lib exists"
	for i in 2 3 4 5 6; do tap fail "no library to look at"; done
	exit 5
fi
tap ok "$B/libkwq.so exists"

# Exported: defined dynamic symbols, without their version suffix; the
# version node itself (type A) is not a symbol of the API.
nm -D --defined-only "$lib" | awk '$2 != "A" { print $3 }' |
	sed 's/@.*//' | sort -u > "$tmp/exported"

missing=$(comm -23 "$tmp/declared" "$tmp/exported")
extra=$(comm -13 "$tmp/declared" "$tmp/exported")
if [ -z "$missing" ]; then
	tap ok "every public function is exported"
else
	tap fail "every public function is exported"
	echo "$missing" | sed 's/^/# not exported: /'
fi
if [ -z "$extra" ]; then
	tap ok "nothing else is exported"
else
	tap fail "nothing else is exported"
	echo "$extra" | sed 's/^/# exported but not public: /'
fi
if grep -q '^kwq__' "$tmp/exported"; then
	tap fail "no kwq__ internal is exported"
else
	tap ok "no kwq__ internal is exported"
fi
renamed="cancel_work cancel_work_sync cancel_delayed_work
cancel_delayed_work_sync flush_work flush_delayed_work mod_delayed_work
mod_delayed_work_on remove_work remove_work_sync remove_delayed_work
remove_delayed_work_sync wait_for_work wait_for_delayed_work
rearm_delayed_work rearm_delayed_work_on"
absent=$(for f in $renamed; do grep -qx "$f" "$tmp/exported" || echo "$f"; done)
if [ -z "$absent" ]; then
	tap ok "the kernel's cancel/flush/mod names and their actions are exported"
else
	tap fail "the kernel's cancel/flush/mod names and their actions are exported"
	echo "$absent" | sed 's/^/# not exported: /'
fi
if readelf -d "$lib" | grep -q 'SONAME.*\[libkwq\.so\.0\]'; then
	tap ok "the soname is libkwq.so.0"
else
	tap fail "the soname is libkwq.so.0"
fi
tap_exit
