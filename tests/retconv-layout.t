#!/bin/sh
# SPDX-License-Identifier: MIT
#
# retconv's layout, as docs/internals.md maps it: no two of its files call
# each other both ways, so each can be read knowing only the files it calls
# (the worker's driver calls infer.c and callsite.c, both of which use
# ast.c's helpers and nothing of each other).  The calls are read from the
# objects with nm: a file calls another when a symbol it leaves undefined
# is defined there.  Every function ast.h promises ast.c must be ast.c's.
#
# Run by prove from the top of the tree; KWQ_BUILD names the build tree,
# RETCONV_OBJ the directory of retconv's objects (default: the build's).
set -u
. "$(dirname "$0")/tap.sh"

build=${KWQ_BUILD:-build}
obj=${RETCONV_OBJ:-$build/tools/retconv}

if ! command -v nm >/dev/null 2>&1; then
	echo "1..0 # SKIP no nm"
	exit 0
fi
if ! ls "$obj"/*.o >/dev/null 2>&1; then
	echo "1..0 # SKIP $obj/*.o not built (make retconv)"
	exit 0
fi

echo "1..3"

# One line per call from one file to another: "caller callee symbol".
for o in "$obj"/*.o; do
	f=$(basename "$o" .o)
	nm -g --defined-only "$o" | awk -v f="$f" 'NF == 3 { print "D", f, $3 }'
	nm -u "$o" | awk -v f="$f" '{ print "U", f, $NF }'
done >"$tmp/syms"
awk '$1 == "D" { def[$3] = $2 }
     $1 == "U" { use[n++] = $2 " " $3 }
     END {
	for (i = 0; i < n; i++) {
		split(use[i], u, " ")
		if ((u[2] in def) && def[u[2]] != u[1])
			print u[1], def[u[2]], u[2]
	}
     }' "$tmp/syms" | sort -u >"$tmp/calls"

[ -s "$tmp/calls" ]
tap_check $? "the calls between retconv's files are read from nm"

awk '{ pair[$1 " " $2] = pair[$1 " " $2] " " $3 }
     END {
	for (p in pair) {
		split(p, f, " ")
		back = f[2] " " f[1]
		if ((back in pair) && f[1] < f[2])
			printf "%s <-> %s:%s /%s\n", f[1], f[2], pair[p],
			       pair[back]
	}
     }' "$tmp/calls" >"$tmp/log"
[ ! -s "$tmp/log" ]
tap_check $? "no two files of tools/retconv call each other both ways"

# The prototypes ast.h lists under its "ast.c" comment, up to the next.
sed -n '/^\/\* ast\.c \*\//,/^\/\* [a-z]*\.c/p' tools/retconv/ast.h |
	sed -n 's/^[a-zA-Z].*[ *]\([a-z_]*\)(.*/\1/p' >"$tmp/promised"
missing=0
while read -r fn; do
	grep -q "^D ast $fn\$" "$tmp/syms" && continue
	echo "ast.h promises $fn, ast.c does not define it" >>"$tmp/log"
	missing=1
done <"$tmp/promised"
[ -s "$tmp/promised" ] && [ $missing -eq 0 ]
tap_check $? "every helper ast.h declares for ast.c is defined in ast.c"

tap_exit
