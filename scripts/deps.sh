#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Install, from Debian's packages, what kwq's build, tests and benchmarks
# need beyond gcc and make.  Idempotent: a package that is already installed
# is skipped, and when everything is present nothing is run at all.
#
# Usage: scripts/deps.sh [core] [loops] [bench] [migrate] [pkg]
#   core          the library, its tests, the sanitizer/valgrind passes,
#                 retconv (libclang) and its fuzzer (clang's libFuzzer,
#                 which libclang-rt-14-dev has); the default
#   loops         libuv and GLib, for the completion-queue examples with an
#                 event loop (examples/loops/, tests/cq-examples.t)
#   bench         the peer libraries `make bench` compares kwq against,
#                 valgrind (callgrind) and gnuplot for its chart
#   migrate       coccinelle, for the add_* migration patch
#   pkg           cmake and meson, to build projects against an installed
#                 kwq (make test-pkg)
set -eu

core="perl valgrind groff-base pkgconf g++ systemtap-sdt-dev libclang-14-dev clang-14 libclang-rt-14-dev"
bench="libuv1-dev libglib2.0-dev libaprutil1-dev gnuplot-nox valgrind pkgconf perl"
loops="libuv1-dev libglib2.0-dev pkgconf"
migrate="coccinelle"
pkg="cmake meson ninja-build pkgconf"

want=""
[ $# -eq 0 ] && set -- core
for group in "$@"; do
	case "$group" in
	core) want="$want $core" ;;
	loops) want="$want $loops" ;;
	bench) want="$want $bench" ;;
	migrate) want="$want $migrate" ;;
	pkg) want="$want $pkg" ;;
	*) echo "deps.sh: unknown group '$group'" >&2; exit 2 ;;
	esac
done

missing=""
for pkg in $want; do
	if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null |
			grep -q 'install ok installed'; then
		missing="$missing $pkg"
	fi
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "deps.sh: missing Debian packages:$missing (run as root, or install them)" >&2
	exit 1
fi
echo "deps.sh: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
# shellcheck disable=SC2086
apt-get install -y -qq --no-install-recommends $missing >/dev/null
