#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Mine the third set (session 32): code bases whose fixes no rule of
# retconv was tuned to, the bases of blind rounds 21 and 22 and twelve
# more, each at the commit split.txt records.  mine.py finds candidate
# lines by the diff's shape as for the first two halves; then, so that
# three readers could read every one in one sitting, at most 8 commits
# per code base are kept, the first by the SHA-1 of the commit id (the
# choice follows no result), and review.py numbers them into
# candidates.tsv.  Readers then mark each (review.py mark, with
# REVIEW_DIR=fresh) and write scope.tsv by ../scope-criteria.md;
# `REVIEW_DIR=fresh review.py pairs --cap 100` writes pairs.tsv.
#
# Usage: tools/retconv/eval/fresh/mine.sh [MIRRORS]   (default /work/.mirror)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mirrors=${1:-/work/.mirror}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
grep -v '^#' "$here/split.txt" | while read -r half kind repo commit; do
	python3 "$here/../mine.py" --mirrors "$mirrors" "$repo" "$commit" \
		>"$tmp/all"
	cut -f2 "$tmp/all" | sort -u | while read -r c; do
		printf '%s %s\n' "$(printf %s "$c" | sha1sum | cut -c1-40)" "$c"
	done | sort | head -n 8 | cut -d' ' -f2 >"$tmp/keep"
	awk -F '\t' 'NR == FNR { keep[$1] = 1; next } $2 in keep' \
		"$tmp/keep" "$tmp/all" >"$tmp/$(echo "$repo" | tr / +).tsv"
done
REVIEW_DIR=$here python3 "$here/../review.py" ids "$tmp"/*+*.tsv
