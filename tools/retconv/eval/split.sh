#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Split issue 26's code bases into a development half and a held-back half,
# before any of them is scored.  The rule: within each kind (kernel, user),
# sort the names by the SHA-1 of "owner/name" (printf, no newline); the
# first half is dev, the rest held.  It depends only on the names, so
# nobody can choose which project is judged.  Each line also records the
# commit the history was mined up to: the mirror's HEAD (the default
# branch) when this was run.  Output: split.txt, one line per code base:
# half, kind, owner/name, commit.
#
# Usage: tools/retconv/eval/split.sh [MIRRORS]   (default /work/.mirror)
set -eu
here=$(dirname "$0")
mirrors=${1:-/work/.mirror}
out=$here/split.txt
{
	echo "# half kind owner/name commit  (written by split.sh; see there)"
	grep -v '^#' "$here/bases.txt" | while read -r kind repo; do
		h=$(printf %s "$repo" | sha1sum | cut -c1-40)
		echo "$kind $h $repo"
	done | sort | awk '{ k[NR] = $1; r[NR] = $3; n[$1]++ }
		END { for (i = 1; i <= NR; i++) {
			seen[k[i]]++
			half = seen[k[i]] <= n[k[i]] / 2 ? "dev" : "held"
			print half, k[i], r[i] } }' |
	while read -r half kind repo; do
		git_dir=$mirrors/$(echo "$repo" | tr / +)/repo
		ref=$(git --git-dir="$git_dir" symbolic-ref HEAD)
		c=$(git --git-dir="$git_dir" rev-parse --verify "$ref^{commit}")
		printf '%s\t%s\t%s\t%s\n' "$half" "$kind" "$repo" "$c"
	done
} > "$out"
