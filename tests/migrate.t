#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The migrations (tools/migrate/add_work.cocci for queue_work() & co.,
# tools/migrate/cancel_work.cocci for cancel_work(), flush_work(),
# mod_delayed_work() & co.), on sample code: each tests/migrate/NAME.c,
# patched by spatch with both, must come out as NAME.res, and patching
# NAME.res again must change nothing.  Then what the patch is
# for: the samples that test an old name's result do not compile against
# kwq, whose old names are void, and once patched they do; the plain
# statement calls compile before and after; the results used other than
# by a test are left for the compiler to point a person at.
#
# spatch comes from Debian's coccinelle (scripts/deps.sh migrate, which
# make check runs).  Run by prove from the top of the tree.
set -u

. tests/tap.sh

coccis="$top/tools/migrate/add_work.cocci $top/tools/migrate/cancel_work.cocci"
dir=$top/tests/migrate
cc=${CC:-cc}

if ! command -v spatch >/dev/null 2>&1; then
	echo "1..0 # SKIP spatch not installed (scripts/deps.sh migrate)"
	exit 0
fi

# patch_all EXT DIR: copy every sample's .EXT to DIR/NAME.c and patch them
# all in place, in one spatch run (its start-up is most of its time).
patch_all() {
	mkdir -p "$2"
	for f in "$dir"/*.c; do
		cp "$dir/$(basename "$f" .c).$1" "$2/$(basename "$f")"
	done
	for cocci in $coccis; do
		spatch --very-quiet --sp-file "$cocci" --in-place --dir "$2" \
			>"$tmp/spatch.log" 2>&1 || return 1
	done
}

# builds FILE: it compiles against kwq's headers.
builds() {
	$cc -std=gnu11 -D_GNU_SOURCE -Wall -Wextra -Werror \
		-Wno-unused-function -fsyntax-only -I"$top/include" \
		-include "$dir/prelude.h" -x c "$1" >>"$tmp/log" 2>&1
}

patch_all c "$tmp/once" || { cat "$tmp/spatch.log" >>"$tmp/log"; }
patch_all res "$tmp/twice" || { cat "$tmp/spatch.log" >>"$tmp/log"; }
for in in "$dir"/*.c; do
	name=$(basename "$in" .c)
	want=$dir/$name.res
	if cmp -s "$want" "$tmp/once/$name.c"; then
		tap ok "$name.c: patched as $name.res"
	else
		diff -u "$want" "$tmp/once/$name.c" >>"$tmp/log" 2>&1
		tap fail "$name.c: patched as $name.res"
	fi
	if cmp -s "$want" "$tmp/twice/$name.c"; then
		tap ok "$name.res: a second run changes nothing"
	else
		diff -u "$want" "$tmp/twice/$name.c" >>"$tmp/log" 2>&1
		tap fail "$name.res: a second run changes nothing"
	fi
done

for name in direct stored misread cancel rearm flush; do
	if builds "$dir/$name.c"; then
		tap fail "$name.c: testing a void old name does not compile"
	else
		: >"$tmp/log"
		tap ok "$name.c: testing a void old name does not compile"
	fi
	builds "$dir/$name.res" && st=ok || st=fail
	tap $st "$name.res: compiles against kwq once patched"
done

builds "$dir/statements.c" && builds "$dir/statements.res" && st=ok || st=fail
tap $st "statements: plain calls of the old names compile, before and after"
builds "$dir/teardown.c" && builds "$dir/teardown.res" && st=ok || st=fail
tap $st "teardown: plain calls of cancel_work() & co. compile, before and after"

# -D ignore_busy: the statement calls become (void)add_*(), which never
# warn, as the kernel's statement calls never told anyone.
mkdir -p "$tmp/busy"
for f in statements.c statements.busy; do
	cp "$dir/$f" "$tmp/busy/$f.c"
	spatch --very-quiet --sp-file "$top/tools/migrate/add_work.cocci" \
		-D ignore_busy --in-place "$tmp/busy/$f.c" \
		>>"$tmp/spatch.log" 2>&1
done
if cmp -s "$dir/statements.busy" "$tmp/busy/statements.c.c"; then
	tap ok "statements.c with -D ignore_busy: patched as statements.busy"
else
	diff -u "$dir/statements.busy" "$tmp/busy/statements.c.c" >>"$tmp/log" 2>&1
	tap fail "statements.c with -D ignore_busy: patched as statements.busy"
fi
cmp -s "$dir/statements.busy" "$tmp/busy/statements.busy.c" && st=ok || st=fail
tap $st "statements.busy: a second run with -D ignore_busy changes nothing"
builds "$tmp/busy/statements.c.c" && st=ok || st=fail
tap $st "statements.busy: compiles against kwq"

if builds "$dir/escapes.res"; then
	tap fail "escapes.res: still fails to compile, for a person to decide"
else
	: >"$tmp/log"
	tap ok "escapes.res: still fails to compile, for a person to decide"
fi

echo "1..$n"
tap_exit
