#!/bin/sh
# SPDX-License-Identifier: MIT
#
# An installed kwq used from meson, which finds libraries through
# pkg-config: after `make install` into a staging tree (DESTDIR,
# PREFIX=/usr), a meson project that says only `dependency('kwq')`, with
# pkg-config pointed at the staged kwq.pc, configures, builds, loads the
# staged libkwq.so.0 and runs a work item; `dependency('kwq', static: true)`
# links libkwq.a.
#
# meson comes from Debian's meson (scripts/deps.sh pkg, which make check
# runs).  Run by prove from the top of the tree.
set -u
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/pkg/stage.sh"

if ! command -v meson >/dev/null 2>&1 || ! command -v ninja >/dev/null 2>&1
then
	echo "1..0 # SKIP meson or ninja is missing (scripts/deps.sh pkg)"
	exit 0
fi
dest="$tmp/root"
version=$(sed -n 's/^VERSION := //p' "$top/Makefile")

echo "1..6"

if stage_install "$dest"; then
	tap ok "make install DESTDIR=... PREFIX=/usr"
else
	tap fail "make install DESTDIR=... PREFIX=/usr"
fi

mkdir -p "$tmp/p"
cp "$consumer" "$tmp/p/consumer.c"
cat > "$tmp/p/meson.build" <<'EOF2'
project('consumer', 'c')
kwq = dependency('kwq', version: '>=0.1')
message('kwq version: ' + kwq.version())
executable('prog', 'consumer.c', dependencies: kwq)
executable('sprog', 'consumer.c',
	   dependencies: dependency('kwq', static: true))
EOF2

export PKG_CONFIG_SYSROOT_DIR="$dest"
export PKG_CONFIG_PATH="$dest/usr/lib/pkgconfig"
export PKG_CONFIG_LIBDIR="$dest/usr/lib/pkgconfig"
if CC=${CC:-cc} meson setup "$tmp/p/build" "$tmp/p" > "$tmp/log" 2>&1 &&
   grep -q "kwq version: $version" "$tmp/log"; then
	tap ok "dependency('kwq') finds the staged kwq $version"
else
	tap fail "dependency('kwq') finds the staged kwq $version"
fi
if ninja -C "$tmp/p/build" > "$tmp/log" 2>&1; then
	tap ok "a project depending on kwq builds, shared and static"
else
	tap fail "a project depending on kwq builds, shared and static"
fi
check_built "$tmp/p/build/prog" "$tmp/p/build/sprog" "dependency('kwq')"
tap_exit
