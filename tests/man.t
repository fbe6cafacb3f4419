#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The man pages, as TAP: every page under man/ must format with
# `groff -man -ww -z` without a word of output, and every function the
# public headers export (declared with KWQ_API) must have a page of its own
# name under man/man3, a real one or a .so link, whose target lists the
# name in its NAME section.  A public function added without
# documentation fails here.
#
# Run from the top of the tree (prove does that for `make test`).
set -u
. "$(dirname "$0")/tap.sh"

cd "$(dirname "$0")/.." || exit 1

if ! command -v groff >/dev/null 2>&1; then
	echo "1..0 # SKIP groff is missing (scripts/deps.sh installs groff-base)"
	exit 0
fi

pages=$(ls man/man*/*.[1-9] 2>/dev/null)

# The names declared with KWQ_API in include/kwq/*.h: comments and
# preprocessor lines (with their continuations) dropped, the rest joined,
# then for each KWQ_API the last identifier before the next "(".
api=$(awk '
	cont { cont = /\\$/; next }
	/^[ \t]*#/ { cont = /\\$/; next }
	{ buf = buf " " $0 }
	END {
		while ((s = index(buf, "/*")) > 0) {
			rest = substr(buf, s + 2)
			e = index(rest, "*/")
			if (e == 0) { buf = substr(buf, 1, s - 1); break }
			buf = substr(buf, 1, s - 1) " " substr(rest, e + 2)
		}
		n = split(buf, part, "KWQ_API")
		for (i = 2; i <= n; i++) {
			p = index(part[i], "(")
			if (p == 0)
				continue
			decl = substr(part[i], 1, p - 1)
			gsub(/[^A-Za-z0-9_]+/, " ", decl)
			m = split(decl, word, " ")
			if (m > 0)
				print word[m]
		}
	}' include/kwq/*.h | sort -u)

npages=$(printf '%s\n' "$pages" | grep -c .)
napi=$(printf '%s\n' "$api" | grep -c .)
echo "1..$((npages + napi + 1))"

# 1. Every page formats cleanly.  groff runs from man/ so that a link
#    page's ".so man3/x.3" resolves as it does once installed.
for page in $pages; do
	(cd man && groff -man -ww -z "${page#man/}") >"$tmp/log" 2>&1
	rc=$?
	if [ "$rc" -eq 0 ] && [ ! -s "$tmp/log" ]; then
		tap ok "groff -man -ww -z $page"
	else
		tap fail "groff -man -ww -z $page (exit $rc)"
	fi
done

# 2. The headers declare something: a parser that finds nothing would
#    make the checks below pass vacuously.
if [ "$napi" -gt 0 ]; then
	tap ok "found $napi KWQ_API functions in include/kwq/*.h"
else
	tap fail "found no KWQ_API function in include/kwq/*.h"
fi

# The NAME section of a page: the lines between .SH NAME and the next .SH.
name_section() {
	sed -n '/^\.SH "*NAME"*/,/^\.SH/p' "$1" | sed '1d;$d'
}

# 3. Every KWQ_API function has man/man3/<name>.3, and the page it is (or
#    links to) names it.
for fn in $api; do
	page=man/man3/$fn.3
	if [ ! -f "$page" ]; then
		echo "no $page: document it in a man3 page and add a .so link" \
			>"$tmp/log"
		tap fail "$fn has a man page"
		continue
	fi
	target=$page
	link=$(sed -n '1s/^\.so[ \t]*//p' "$page")
	if [ -n "$link" ]; then
		target=man/$link
		if [ ! -f "$target" ]; then
			echo "$page links to $link, which does not exist" \
				>"$tmp/log"
			tap fail "$fn has a man page"
			continue
		fi
	fi
	if name_section "$target" | tr ',' '\n' |
			sed 's/\\-.*//; s/^[ \t]*//; s/[ \t]*$//' |
			grep -qx "$fn"; then
		tap ok "$fn has a man page ($target)"
	else
		echo "$target does not list $fn in its NAME section" >"$tmp/log"
		tap fail "$fn has a man page"
	fi
done
tap_exit
