#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The retconv-eval harness (tools/retconv/eval) on a history made here, so
# that it needs no mirror: a library whose fix commit turns an unsigned
# holder of a 0/-errno result into an int, and a second fix that makes a
# positive errno negative.  mine.py must find both fixes by their shape,
# with the parent's and the fix's line numbers; score.py must count the
# first found on the parent (main's retconv reports it, rule C) and not
# flagged on the fix, and a stand-in retconv that speaks everywhere must
# be counted found and flagged for both (the line matching, not luck);
# compare.py must list what changed between the two runs, and TREE=1 must
# hand the header search to retconv.  blind.py must join each code base's
# verdicts with that base's own join file, whose ids repeat from base to
# base.
#
# Run by prove from the top of the tree; KWQ_BUILD names the build tree.
set -u
. "$(dirname "$0")/tap.sh"

build=${KWQ_BUILD:-build}
rc=$build/retconv
case $rc in /*) ;; *) rc=$top/$rc ;; esac
eval=$top/tools/retconv/eval

if [ ! -x "$rc" ]; then
	echo "1..0 # SKIP $rc not built (make retconv)"
	exit 0
fi
if ! command -v git >/dev/null 2>&1 || ! command -v python3 >/dev/null 2>&1
then
	echo "1..0 # SKIP needs git and python3"
	exit 0
fi

echo "1..9"

# The history: owner/lib's one file, its fix commits, a bare mirror.
src=$tmp/src
mkdir -p "$src/include" && cd "$src" && git init -q . &&
git config user.email t@example.org && git config user.name t
cat >include/lib.h <<'EOF'
int lib_reset(int dev);
EOF
cat >lib.c <<'EOF'
#include <errno.h>
#include "lib.h"

int lib_reset(int dev)
{
	if (dev < 0)
		return -EINVAL;
	return 0;
}

int lib_start(int dev)
{
	unsigned int ret;

	ret = lib_reset(dev);
	if (ret < 0)
		return ret;
	if (dev > 8)
		return EBUSY;
	return 0;
}
EOF
git add . && git commit -qm start
sed -i 's/unsigned int ret;/int ret;/' lib.c && git commit -qam "fix: signed"
sed -i 's/return EBUSY;/return -EBUSY;/' lib.c && git commit -qam "fix: -EBUSY"
git clone -q --bare "$src" "$tmp/mirrors/owner+lib/repo"
head=$(git rev-parse HEAD)
cd "$top"

# mine.py: both fixes, with their lines in the parent and in the fix.
python3 "$eval/mine.py" --mirrors "$tmp/mirrors" owner/lib "$head" \
	>"$tmp/mined" 2>>"$tmp/log"
cut -f4-7 "$tmp/mined" >"$tmp/got"
printf 'lib.c\t19\t19\tpositive-errno\nlib.c\t13\t13\tunsigned-store\n' \
	>"$tmp/want"
diff "$tmp/want" "$tmp/got" >>"$tmp/log" 2>&1
tap_check $? "mine.py finds both fixes, class and lines"

# score.py: one pair per fix, the split naming owner/lib dev.
cut -f1-7 "$tmp/mined" >"$tmp/pairs"
printf 'dev\tkernel\towner/lib\t%s\n' "$head" >"$tmp/split"
score() {
	MIRRORS=$tmp/mirrors TREES=$tmp/trees PAIRS=$tmp/pairs \
		SPLIT=$tmp/split OUT=$tmp/out RETCONV=$1 \
		python3 "$eval/score.py" >"$tmp/table" 2>>"$tmp/log"
}
score "$rc"
tap_check $? "score.py runs over the pairs"
cat "$tmp/table" >>"$tmp/log"
grep -q '^unsigned-store  *1  *1  *0$' "$tmp/table"
tap_check $? "retconv's rule C finding counts as found, the fix unflagged"

# A stand-in that reports every line of its file: found and flagged.
cat >"$tmp/every" <<'EOF'
#!/bin/sh
for a in "$@"; do case $a in --) break ;; -*) ;; *) f=$a ;; esac; done
awk -v f="$f" '{ print f ":" NR ":1: warning: w [retconv-C]" }' "$f"
EOF
chmod +x "$tmp/every"
score "$tmp/every"
tap_check $? "score.py runs with another binary"
cat "$tmp/table" >>"$tmp/log"
grep -q '^overall  *2  *2  *2 ' "$tmp/table"
tap_check $? "findings at the changed lines count, on parent and fix"

# compare.py: the pairs the second binary changed, one line each.  Against
# a stand-in that says nothing (not main's retconv, whose findings change
# as its rules do), every pair is found anew and flagged anew.
cp "$tmp/out" "$tmp/out-every"
printf '#!/bin/sh\nexit 0\n' >"$tmp/silent"
chmod +x "$tmp/silent"
score "$tmp/silent"
python3 "$eval/compare.py" "$tmp/out" "$tmp/out-every" >"$tmp/cmp" 2>>"$tmp/log"
cat "$tmp/cmp" >>"$tmp/log"
test "$(grep -c '^+ ' "$tmp/cmp")" -eq 4 && test "$(grep -c '^- ' "$tmp/cmp")" -eq 0
tap_check $? "compare.py lists the pairs found or flagged anew"

# TREE=1: the header search is left to retconv, with RETCONV_TREE_ARGS.
printf '#!/bin/sh\necho "$*" >>"%s/argv"\n' "$tmp" >"$tmp/args"
chmod +x "$tmp/args"
TREE=1 RETCONV_TREE_ARGS='--tree .' score "$tmp/args"
cat "$tmp/argv" >>"$tmp/log"
test "$(grep -c '^--no-config --tree \. lib\.c$' "$tmp/argv")" -eq 4
tap_check $? "TREE=1 runs retconv --no-config --tree . FILE, no -I"

# FRESH=1: the third set is the split's "fresh" rows, and only they; the
# default (dev) run over the same split scores none of them.
printf 'fresh\tuser\towner/lib\t%s\n' "$head" >"$tmp/split"
FRESH=1 score "$tmp/every"
cat "$tmp/table" >>"$tmp/log"
grep -q '^overall  *2  *2  *2 ' "$tmp/table" && grep -q 'fresh half' "$tmp/table"
fresh=$?
score "$tmp/every"
! grep -q '^overall' "$tmp/table" && test $fresh -eq 0
tap_check $? "FRESH=1 scores the split's fresh rows, a dev run none of them"

# Two code bases' sheets both number their findings from 1: base a's 1 is
# rule A (a definition), base b's 1 rule C (a call site).  Joined pair by
# pair, the call-site count is b's one verdict alone.
printf '1\tA\ta.c:3\n' >"$tmp/a.join"
printf '1\tC\tb.c:9\n' >"$tmp/b.join"
printf '1 false a.c:3 a name misread\n' >"$tmp/a.txt"
printf '1 bug b.c:9 the test is never true\n' >"$tmp/b.txt"
python3 "$eval/blind.py" verdicts "$tmp/a.join" "$tmp/a.txt" \
	"$tmp/b.join" "$tmp/b.txt" >"$tmp/blind" 2>&1
grep -q '^all: 2 judged, 1 bug, 0 defensible, 1 false: precision 50%$' "$tmp/blind" &&
	grep -q '^call-site: 1 judged, 1 bug, 0 defensible, 0 false: precision 100%$' "$tmp/blind"
tap_check $? "blind.py joins each base's verdicts with its own join file"
tap_diag "$tmp/blind"

tap_exit
