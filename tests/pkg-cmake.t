#!/bin/sh
# SPDX-License-Identifier: MIT
#
# kwq's CMake package, used as a CMake project uses it: `make install` into
# a staging tree (DESTDIR, PREFIX=/usr) puts kwqConfig.cmake and
# kwqConfigVersion.cmake in usr/lib/cmake/kwq, and a small project that
# says only `find_package(kwq 0.1 REQUIRED)` and links `kwq::kwq` (with
# CMAKE_PREFIX_PATH naming the staged usr) configures, builds, loads the
# staged libkwq.so.0 and runs a work item; `kwq::kwq_static` links libkwq.a.
# The version file refuses a kwq newer than the one installed.
#
# cmake comes from Debian's cmake (scripts/deps.sh pkg, which make check
# runs).  Run by prove from the top of the tree.
set -u
. "$(dirname "$0")/tap.sh"
. "$(dirname "$0")/pkg/stage.sh"

if ! command -v cmake >/dev/null 2>&1; then
	echo "1..0 # SKIP cmake is missing (scripts/deps.sh pkg)"
	exit 0
fi
dest="$tmp/root"
cfg="$dest/usr/lib/cmake/kwq"
version=$(sed -n 's/^VERSION := //p' "$top/Makefile")

echo "1..8"

if stage_install "$dest"; then
	tap ok "make install DESTDIR=... PREFIX=/usr"
else
	tap fail "make install DESTDIR=... PREFIX=/usr"
fi
if [ -f "$cfg/kwqConfig.cmake" ] && [ -f "$cfg/kwqConfigVersion.cmake" ]
then
	tap ok "kwqConfig.cmake and kwqConfigVersion.cmake are installed"
else
	ls -R "$dest/usr/lib" > "$tmp/log" 2>&1
	tap fail "kwqConfig.cmake and kwqConfigVersion.cmake are installed"
fi

# project DIR REQUEST: a CMake project in DIR that asks for kwq REQUEST and
# builds the consumer twice, against kwq::kwq and kwq::kwq_static.
project() {
	mkdir -p "$1"
	cat > "$1/CMakeLists.txt" <<EOF2
cmake_minimum_required(VERSION 3.13)
project(consumer C)
find_package(kwq $2 REQUIRED)
message(STATUS "kwq version: \${kwq_VERSION}")
add_executable(prog "$consumer")
target_link_libraries(prog PRIVATE kwq::kwq)
add_executable(sprog "$consumer")
target_link_libraries(sprog PRIVATE kwq::kwq_static)
EOF2
}

# configure DIR: cmake's configure step, finding kwq in the staging tree.
configure() {
	cmake -S "$1" -B "$1/build" -DCMAKE_PREFIX_PATH="$dest/usr" \
		-DCMAKE_C_COMPILER="${CC:-cc}" > "$tmp/log" 2>&1
}

project "$tmp/p" "0.1"
if configure "$tmp/p" && grep -q "kwq version: $version" "$tmp/log"; then
	tap ok "find_package(kwq 0.1) finds the staged kwq $version"
else
	tap fail "find_package(kwq 0.1) finds the staged kwq $version"
fi
if cmake --build "$tmp/p/build" > "$tmp/log" 2>&1; then
	tap ok "a project linking kwq::kwq and kwq::kwq_static builds"
else
	tap fail "a project linking kwq::kwq and kwq::kwq_static builds"
fi
check_built "$tmp/p/build/prog" "$tmp/p/build/sprog" kwq::kwq

project "$tmp/new" "99"
if ! configure "$tmp/new" && grep -q "$version" "$tmp/log"; then
	: > "$tmp/log"
	tap ok "find_package(kwq 99) is refused by the version file"
else
	tap fail "find_package(kwq 99) is refused by the version file"
fi
tap_exit
