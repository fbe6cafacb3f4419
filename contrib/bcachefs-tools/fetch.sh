#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Bring bcachefs-tools' sources at the commit docs/real-program.md was done
# on (tag v0.27) into DIR, from URL: the program's public repository
# (koverstreet/bcachefs-tools), a mirror of it or a local clone.  It only
# fetches and checks out: the port's steps are told in docs/real-program.md.
#
# usage: contrib/bcachefs-tools/fetch.sh DIR URL
set -eu

commit=46a6b9210c927ab46fd1227cb6f641be0b4a7505

if [ $# -ne 2 ]; then
	echo "usage: $0 DIR URL" >&2
	exit 2
fi
url=$2
if [ -e "$1" ]; then
	echo "$0: $1 already exists" >&2
	exit 1
fi
git init -q "$1"
git -C "$1" fetch -q "$url" "$commit" || {
	# A server that does not serve commits by id: the whole history.
	git -C "$1" fetch -q "$url" 'refs/tags/*:refs/tags/*'
}
git -C "$1" -c advice.detachedHead=false checkout -q "$commit"
echo "$1: bcachefs-tools at $(git -C "$1" rev-parse HEAD)"
