#!/bin/sh
# SPDX-License-Identifier: MIT
#
# retconv(1), data-driven: every tests/retconv/cases/*.c is checked and its
# output compared, line for line, with the file's "// expect:" lines, and
# its standard error with the "// stderr:" lines (none: it must be empty,
# unless the exit status is 2 or 3); the exit status must be 1 when a
# warning is expected and 0 otherwise (or what an "// exit:" line says).
# "// args:" lines add options.  The cases run
# from their own directory, so expectations name files as "case.c".
#
# Then the things a case file cannot say: classes resolved across files
# (for definitions and for call sites), a case run without the subsystem
# prefix it needs, SARIF that a JSON parser accepts and that matches the
# text, compile_commands.json input, compiler flags after --, the
# configuration file's discovery, the same output from one worker as from
# two, and every error exit (2, one line naming the file or table).
#
# Header files in the cases directory are cases too.
#
# Run by prove from the top of the tree; KWQ_BUILD names the build tree
# holding the retconv binary (default: build).
set -u
. "$(dirname "$0")/tap.sh"

build=${KWQ_BUILD:-build}
case $build in
/*) rc=$build/retconv ;;
*) rc=$top/$build/retconv ;;
esac
cases=$top/tests/retconv/cases

if [ ! -x "$rc" ]; then
	echo "1..0 # SKIP $rc not built (make retconv)"
	exit 0
fi

# --- the cases -------------------------------------------------------------

run_case() {
	file=$1
	name=$(basename "$file")
	args=$(sed -n 's|^// args: ||p' "$file" | tr '\n' ' ')
	sed -n 's|^// expect: ||p' "$file" >"$tmp/want"
	sed -n 's|^// stderr: ||p' "$file" >"$tmp/want-err"
	want_exit=$(sed -n 's|^// exit: ||p' "$file")
	if [ -z "$want_exit" ]; then
		if grep -q ': warning: ' "$tmp/want"; then
			want_exit=1
		else
			want_exit=0
		fi
	fi
	# Bounded: a parse that never ends fails its case, not the suite.
	# shellcheck disable=SC2086
	(cd "$cases" && timeout 300 "$rc" --no-config $args "$name") \
		>"$tmp/got" 2>"$tmp/err"
	got_exit=$?
	if cmp -s "$tmp/want" "$tmp/got" && [ "$got_exit" -eq "$want_exit" ] &&
	   { [ "$want_exit" -ge 2 ] || cmp -s "$tmp/want-err" "$tmp/err"; }; then
		tap ok "case $name (exit $got_exit)"
	else
		tap fail "case $name: exit $got_exit, want $want_exit"
		diff -u "$tmp/want" "$tmp/got" | sed 's/^/# /'
		diff -u "$tmp/want-err" "$tmp/err" | sed 's/^/# /'
	fi
}

for f in "$cases"/*.c "$cases"/*.h; do
	run_case "$f"
done

(cd "$cases" && "$rc" --no-config xfile-a.c xfile-b.c) >"$tmp/got" 2>&1
st=$?
cat >"$tmp/want" <<'EOF'
xfile-a.c:6:5: warning: action 'finish_job' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
xfile-a.c:9:3: note: returns a negative errno
xfile-a.c:10:2: note: returns 0 or 1
EOF
cmp -s "$tmp/want" "$tmp/got" && [ $st -eq 1 ]
tap_check $? "a call is resolved to its definition in another file"
[ $st -eq 1 ] || tap_diag "$tmp/got"

(cd "$cases" && "$rc" --no-config standin-cb-a.c standin-cb-b.c) \
	>"$tmp/got" 2>/dev/null
st=$?
cat >"$tmp/want" <<'EOF'
standin-cb-a.c:18:5: warning: action 'bind_other' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
standin-cb-a.c:21:3: note: returns a negative errno
standin-cb-a.c:22:2: note: returns 1
EOF
cmp -s "$tmp/want" "$tmp/got" && [ $st -eq 1 ]
tap_check $? "a function stored where its header is missing is a callback"
[ $st -eq 1 ] || tap_diag "$tmp/got"

(cd "$cases" && "$rc" --no-config ports-real.c ports-stub.c) \
	>"$tmp/got" 2>/dev/null
st=$?
cat >"$tmp/want" <<'EOF'
ports-stub.c:30:5: warning: action 'port_reset' mixes 1 with negative errnos; return 0 for success, never 1 [retconv-A]
ports-stub.c:33:3: note: returns a negative errno
ports-stub.c:34:2: note: returns 1
EOF
cmp -s "$tmp/want" "$tmp/got" && [ $st -eq 1 ]
tap_check $? "a platform's stand-in keeps the contract of its value-returning twin"
[ $st -eq 1 ] || tap_diag "$tmp/got"

(cd "$cases" && "$rc" --no-config sites-a.c sites-b.c) >"$tmp/got" 2>&1
st=$?
cat >"$tmp/want" <<'EOF'
sites-a.c:12:6: warning: 'claim_tag' returns only 0 or 1 (class boolean, from its definition at sites-b.c:2), never negative: 'err < 0' is never true; test it against 0 for what it means [retconv-C]
sites-a.c:10:6: note: 'err' holds the result of 'claim_tag' from here
sites-b.c:2:5: warning: action 'claim_tag' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
sites-b.c:7:2: note: returns 1
EOF
cmp -s "$tmp/want" "$tmp/got" && [ $st -eq 1 ]
tap_check $? "a call site takes its callee's class from a definition in another file"
[ $st -eq 1 ] || tap_diag "$tmp/got"

(cd "$cases" && "$rc" --no-config wrapper-a.c wrapper-b.c) >"$tmp/got" 2>&1
st=$?
cat >"$tmp/want" <<'EOF'
wrapper-a.c:15:6: warning: 'log_fd' returns a descriptor, which may be 0, or -1 on failure (class descriptor, from its definition at wrapper-b.c:12, which passes on what open() returns, as the built-in table has it): the branch taken on 0 handles an error, but 0 is a descriptor and -1 its failure; test it for < 0 [retconv-D]
wrapper-a.c:13:6: note: 'fd' holds the result of 'log_fd' from here
wrapper-a.c:16:3: note: the branch returns a negative errno
EOF
cmp -s "$tmp/want" "$tmp/got" && [ $st -eq 1 ]
tap_check $? "a wrapper of open() in another file gives its callers open()'s contract"
[ $st -eq 1 ] || tap_diag "$tmp/got"

(cd "$cases" && "$rc" --no-config member-a.c member-b.c) >"$tmp/got" 2>&1
st=$?
cat >"$tmp/want" <<'EOF'
member-a.c:28:6: warning: '->flush' returns 0 or a negative errno (class errno, from the 2 functions stored in 'struct blk_ops' member 'flush', as disk_flush() at member-b.c:15): 0 is success, but the branch taken on 0 handles an error [retconv-D]
member-a.c:26:6: note: 'err' holds the result of '->flush' from here
member-a.c:29:3: note: the branch returns a negative errno
EOF
cmp -s "$tmp/want" "$tmp/got" && [ $st -eq 1 ]
tap_check $? "a call through a member takes the class its stored functions in another file agree on"
[ $st -eq 1 ] || tap_diag "$tmp/got"

# The trap prefix.c avoids with its configuration: without "prefix queue",
# queue_nonrot() reads as an action that returns a boolean.
(cd "$cases" && "$rc" --no-config prefix.c) >"$tmp/got" 2>&1
[ $? -eq 1 ] && grep -q "^prefix.c:13:5: warning: action 'queue_nonrot' .*\[retconv-A\]$" "$tmp/got"
tap_check $? "without its subsystem prefix, queue_nonrot() is taken for an action"

# --style: the house style's actions are reported by rule A too, and the
# note still says what the house style is.
(cd "$cases" && "$rc" --no-config --style house-success.c) >"$tmp/got" \
	2>"$tmp/err"
st=$?
[ $st -eq 1 ] &&
	[ "$(grep -c "warning: action '.*' returns only 0 or 1.*\[retconv-A\]$" "$tmp/got")" -eq 10 ] &&
	grep -q 'retconv-B\]$' "$tmp/got" && grep -q 'retconv-C\]$' "$tmp/got" &&
	grep -q '^retconv: note: house style: 10 of 13 actions return bool or only 0 and 1; rule A reports them (--style)$' "$tmp/err"
tap_check $? "--style: rule A reports the house style's actions too"
[ $st -eq 1 ] || tap_diag "$tmp/got"

# --style in a house of positive errnos: "return EIO;" beside a negative
# value elsewhere is reported again (the kernel's convention as advice),
# and the note says so.
(cd "$cases" && "$rc" --no-config --style house-perrno.c) >"$tmp/got" \
	2>"$tmp/err"
st=$?
[ $st -eq 1 ] &&
	grep -q "^house-perrno.c:52:3: warning: 'conn_parse' fails with a negative value elsewhere, but returns EPROTO here.*\[retconv-E\]$" "$tmp/got" &&
	grep -q "^house-perrno.c:73:3: warning: 'conn_send' gives a positive errno elsewhere .*\[retconv-E\]$" "$tmp/got" &&
	grep -q "^retconv: note: house style: 11 of 11 functions that give an errno give it positive; .* is reported (--style)$" "$tmp/err"
tap_check $? "--style: a house of positive errnos has its 'return EIO;' reported"
[ $st -eq 1 ] || tap_diag "$tmp/got"

# --style where the tree gives strerror() negative values at most calls:
# the sites are reported again, and the note says so.
(cd "$cases" && "$rc" --no-config --style strerror-house.c) >"$tmp/got" \
	2>"$tmp/err"
st=$?
[ $st -eq 1 ] &&
	[ "$(grep -c "warning: 'err' is negative here, but strerror takes a positive error number.*\[retconv-C\]$" "$tmp/got")" -eq 10 ] &&
	grep -q "^retconv: note: house style: 10 of 12 calls that say the sign give strerror() a negative value, .* (--style)$" "$tmp/err"
tap_check $? "--style: a tree that gives strerror() negative values has them reported"
[ $st -eq 1 ] || tap_diag "$tmp/got"

# --- SARIF -----------------------------------------------------------------

# The SARIF log of a run must parse as JSON, say 2.1.0, and carry the same
# findings, at the same places, with the same notes, as the text.
sarif_matches_text() {
	perl -MJSON::PP -e '
		local $/;
		open my $fh, "<", $ARGV[0] or die "sarif: $!";
		my $log = JSON::PP->new->decode(<$fh>);
		open $fh, "<", $ARGV[1] or die "text: $!";
		my @text = split /\n/, <$fh>;
		die "version\n" unless $log->{version} eq "2.1.0";
		die "schema\n" unless $log->{q{$schema}} =~ /sarif-2\.1\.0/;
		my $run = $log->{runs}[0];
		my $driver = $run->{tool}{driver};
		die "driver\n" unless $driver->{name} eq "retconv";
		my @ids = map { $_->{id} } @{$driver->{rules}};
		die "rules @ids\n" unless "@ids" eq "retconv-A retconv-B retconv-C retconv-D retconv-E";
		my @want;
		for (@text) {
			if (/^(.*):(\d+):(\d+): warning: (.*) \[(retconv-[A-E])\]$/) {
				push @want, { f => $1, l => $2, c => $3, m => $4,
					      r => $5, notes => 0 };
			} elsif (/: note: / && @want) {
				$want[-1]{notes}++;
			}
		}
		my @res = @{$run->{results}};
		die "results: " . @res . " for " . @want . " warnings\n"
			unless @res == @want && @res;
		for my $i (0 .. $#res) {
			my ($r, $w) = ($res[$i], $want[$i]);
			my $pl = $r->{locations}[0]{physicalLocation};
			die "result $i\n" unless $r->{ruleId} eq $w->{r} &&
				$r->{message}{text} eq $w->{m} &&
				$pl->{artifactLocation}{uri} eq $w->{f} &&
				$pl->{region}{startLine} == $w->{l} &&
				$pl->{region}{startColumn} == $w->{c} &&
				$driver->{rules}[$r->{ruleIndex}]{id} eq $w->{r} &&
				@{$r->{relatedLocations}} == $w->{notes} &&
				$r->{level} =~ /^(error|warning|note)$/;
		}
	' "$1" "$2"
}

(cd "$cases" && "$rc" --no-config --static --format=sarif \
	rule-a.c rule-b.c static-advice.c >"$tmp/log.sarif"
 "$rc" --no-config --static rule-a.c rule-b.c static-advice.c >"$tmp/log.txt")
sarif_matches_text "$tmp/log.sarif" "$tmp/log.txt" 2>"$tmp/err"
tap_check $? "SARIF parses as JSON and matches the text findings"
[ -s "$tmp/err" ] && tap_diag "$tmp/err"

(cd "$cases" && "$rc" --no-config --format=sarif rule-c.c rule-d.c rule-e.c \
	>"$tmp/sites.sarif"
 "$rc" --no-config rule-c.c rule-d.c rule-e.c >"$tmp/sites.txt")
sarif_matches_text "$tmp/sites.sarif" "$tmp/sites.txt" 2>"$tmp/err"
tap_check $? "SARIF of call-site findings (C, D, E) matches the text, notes too"
[ -s "$tmp/err" ] && tap_diag "$tmp/err"

(cd "$cases" && "$rc" --no-config --format=sarif clean.c) >"$tmp/clean.sarif"
st=$?
perl -MJSON::PP -e 'local $/; my $l = JSON::PP->new->decode(<STDIN>);
	exit(@{$l->{runs}[0]{results}} == 0 ? 0 : 1)' <"$tmp/clean.sarif"
tap_check $(($? + st)) "SARIF of a clean file: no results, exit 0"

# How the run went, in the log itself: executionSuccessful, and one
# notification per file not parsed (error) or parsed with errors (note).
sarif_invocation() {
	perl -MJSON::PP -e '
		local $/;
		my $l = JSON::PP->new->decode(<STDIN>);
		my $inv = $l->{runs}[0]{invocations}[0];
		print $inv->{executionSuccessful} ? "true" : "false";
		for (@{$inv->{toolExecutionNotifications}}) {
			my $uri = $_->{locations}[0]{physicalLocation}{artifactLocation}{uri};
			print " $_->{level}:$uri";
		}
		print "\n";'
}
printf 'int add_x(void)\n{\n\treturn 1 +;\n}\n' >"$tmp/broken.c"
got=$(cd "$tmp" && "$rc" --no-config --format=sarif broken.c 2>/dev/null |
	sarif_invocation)
[ "$got" = "true note:broken.c" ]
tap_check $? "SARIF invocations: a file parsed with errors is a note (got: $got)"
got=$(cd "$tmp" && "$rc" --no-config --format=sarif broken.c -- \
	-include-pch none.pch 2>/dev/null | sarif_invocation)
[ "$got" = "false error:broken.c" ]
tap_check $? "SARIF invocations: a file not parsed is an error, execution not successful (got: $got)"

# The severity scale: definition findings are advice (exported: warning,
# others: note), below call-site findings (error), which find bugs.
levels=$(cd "$cases" && "$rc" --no-config --static --format=sarif scope.c |
	perl -MJSON::PP -e 'local $/; my $l = JSON::PP->new->decode(<STDIN>);
		print join(" ", map { $_->{properties}{function} . "=" .
			$_->{level} } @{$l->{runs}[0]{results}}), "\n"')
[ "$levels" = "scope_add=warning scope_flush=note scope_start=note" ]
tap_check $? "SARIF levels follow the scale (got: $levels)"

# Bugs outrank style: call-site findings are errors, whatever the scope of
# the function they are in, and their rules default to error.
levels=$(cd "$cases" && "$rc" --no-config --format=sarif rule-c.c rule-d.c \
	rule-e.c | perl -MJSON::PP -e 'local $/;
		my $l = JSON::PP->new->decode(<STDIN>);
		my %seen; $seen{$_->{ruleId} . "=" . $_->{level}} = 1
			for @{$l->{runs}[0]{results}};
		$seen{$_->{id} . ":" . $_->{defaultConfiguration}{level}} = 1
			for @{$l->{runs}[0]{tool}{driver}{rules}};
		print join(" ", sort keys %seen), "\n"')
[ "$levels" = "retconv-A:warning retconv-A=note retconv-B:warning retconv-C:error retconv-C=error retconv-D:error retconv-D=error retconv-E:error retconv-E=error" ]
tap_check $? "SARIF: rules C, D and E are errors (got: $levels)"

(cd "$cases" && "$rc" --no-config --scope=exported scope.c) >"$tmp/got" 2>&1
[ $? -eq 1 ] && [ "$(grep -c ': warning: ' "$tmp/got")" -eq 1 ] &&
	grep -q "^scope.c:5:5: warning: action 'scope_add'" "$tmp/got"
tap_check $? "--scope=exported reports only what a header declares"

# --- compile_commands.json, -- flags ----------------------------------------

mkdir -p "$tmp/proj/inc" "$tmp/proj/src" "$tmp/proj/out"
cat >"$tmp/proj/inc/proj.h" <<'EOF'
#include <stdbool.h>
#define PROJ_OK 0
EOF
cat >"$tmp/proj/src/one.c" <<'EOF'
#include "proj.h"
#ifndef PROJ_FLAG
#error built without its flags
#endif
bool queue_one(int x)
{
	return x == PROJ_OK;
}
EOF
cat >"$tmp/proj/src/two.c" <<'EOF'
#include "proj.h"
bool is_two(int x)
{
	return x ? PROJ_OK : -22;
}
EOF
cat >"$tmp/proj/compile_commands.json" <<EOF
[
  { "directory": "$tmp/proj/out",
    "arguments": ["cc", "-I../inc", "-DPROJ_FLAG", "-c", "-o", "one.o",
                  "../src/one.c"],
    "file": "../src/one.c" },
  { "directory": "$tmp/proj/out",
    "command": "cc -I../inc -MMD -MP -MF two.d -c -o two.o ../src/two.c",
    "file": "../src/two.c" }
]
EOF
(cd "$tmp/proj" && "$rc" --no-config -p . >"$tmp/got" 2>"$tmp/err")
st=$?
cat >"$tmp/want" <<'EOF'
src/one.c:5:6: warning: action 'queue_one' returns bool; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
src/one.c:7:2: note: returns a boolean
src/two.c:2:6: warning: predicate 'is_two' returns a negative errno, which reads as true; return a bool, or give it an action's name [retconv-B]
src/two.c:4:2: note: returns a negative errno, converted to true
EOF
cmp -s "$tmp/want" "$tmp/got" && [ $st -eq 1 ] && [ ! -s "$tmp/err" ]
tap_check $? "-p DIR: each file parsed with its own flags, from its directory"
[ $st -eq 1 ] || { diff -u "$tmp/want" "$tmp/got" | sed 's/^/# /'; tap_diag "$tmp/err"; }

# bear writes "file" absolute and the source argument relative to
# "directory"; CMake lists a file once per target (static and shared).
mkdir -p "$tmp/bear"
cat >"$tmp/bear/compile_commands.json" <<EOF
[
  { "directory": "$tmp/proj/src",
    "arguments": ["/usr/bin/gcc", "-I../inc", "-DPROJ_FLAG", "-c", "-o",
                  "one.o", "one.c"],
    "file": "$tmp/proj/src/one.c", "output": "$tmp/proj/src/one.o" },
  { "directory": "$tmp/proj/out",
    "arguments": ["/usr/bin/gcc", "-I../inc", "-DPROJ_FLAG", "-fPIC", "-c",
                  "../src/one.c"],
    "file": "$tmp/proj/src/one.c" },
  { "directory": "$tmp/proj/out",
    "arguments": ["/usr/bin/gcc", "-I../inc", "-c", "../src/three.c"],
    "file": "$tmp/proj/src/three.c" }
]
EOF
cat >"$tmp/proj/inc/claim.h" <<'EOF'
static inline int claim_slot(int x)
{
	return x > 0;
}
EOF
cat >"$tmp/proj/src/three.c" <<'EOF'
#include "claim.h"
int take_three(int x)
{
	if (claim_slot(x) < 0)
		return -1;
	return 0;
}
EOF
(cd "$tmp/proj" && "$rc" --no-config -p ../bear >"$tmp/got" 2>"$tmp/err")
st=$?
[ $st -eq 1 ] && [ ! -s "$tmp/err" ] &&
	[ "$(grep -c ': warning: ' "$tmp/got")" -eq 2 ] &&
	grep -q "^src/one.c:5:6: warning: action 'queue_one'" "$tmp/got"
tap_check $? "a bear database (absolute file, relative argument) parses; a file listed twice is checked once"
tap_diag "$tmp/err"
grep -q "^src/three.c:4:6: warning: 'claim_slot' .*from its definition at inc/claim.h:1" "$tmp/got"
tap_check $? "a header of a database entry is named from where retconv runs, not from the entry's directory"
tap_diag "$tmp/got"
rm "$tmp/proj/src/three.c"

[ -z "$(ls "$tmp/proj/out")" ]
tap_check $? "-p DIR: no object or dependency file written"

(cd "$tmp/proj" && "$rc" --no-config -p . src/two.c >"$tmp/got" 2>&1)
[ $? -eq 1 ] && [ "$(grep -c warning "$tmp/got")" -eq 1 ] &&
	grep -q '^src/two.c:2:6: warning' "$tmp/got"
tap_check $? "-p DIR with a file: only that file, under the name given"

(cd "$tmp/proj" && "$rc" --no-config src/one.c >"$tmp/got" 2>"$tmp/err")
st=$?
cat >"$tmp/want-err" <<'EOF'
retconv: src/one.c: note: parsed with errors: 1 header not found (proj.h); 1 other error, the first: src/one.c:3:2: error: built without its flags; checked only where types are known
retconv: 1 of 1 file parsed with errors, 0 not parsed
EOF
[ $st -eq 1 ] && cmp -s "$tmp/want-err" "$tmp/err" &&
	grep -q "^src/one.c:5:6: warning: action 'queue_one'" "$tmp/got"
tap_check $? "without its flags, a file is checked where it can be: one note, the tally"
[ $st -eq 1 ] || tap_diag "$tmp/err"

(cd "$tmp/proj" && "$rc" --no-config src/one.c -- -Iinc -DPROJ_FLAG \
	>"$tmp/got" 2>"$tmp/err")
[ $? -eq 1 ] && grep -q "^src/one.c:5:6: warning: action 'queue_one'" "$tmp/got"
tap_check $? "flags after -- reach the compiler"

# --- the configuration file --------------------------------------------------

mkdir -p "$tmp/cfg/sub"
cat >"$tmp/cfg/sub/bus.c" <<'EOF'
int can_send(int x)
{
	return x ? -5 : 0;
}
EOF
(cd "$tmp/cfg/sub" && "$rc" --style bus.c >"$tmp/got" 2>&1)
[ $? -eq 1 ] && grep -q "predicate 'can_send'" "$tmp/got"
tap_check $? "without configuration, can_send is a predicate"
echo "prefix can   # the CAN bus subsystem" >"$tmp/cfg/.retconv"
(cd "$tmp/cfg/sub" && "$rc" --style bus.c >"$tmp/got" 2>&1)
tap_check $? ".retconv in a parent directory is found: can_send is an action"
(cd "$tmp/cfg/sub" && "$rc" --no-config --style bus.c >/dev/null 2>&1)
[ $? -eq 1 ]
tap_check $? "--no-config ignores .retconv"

# --- whole trees, workers ----------------------------------------------------

(cd "$top" && "$rc" --no-config -j 1 tests/retconv/cases >"$tmp/j1" 2>&1)
st1=$?
(cd "$top" && "$rc" --no-config -j 2 tests/retconv/cases/ >"$tmp/j2" 2>&1)
st2=$?
[ $st1 -eq 1 ] && [ $st2 -eq 1 ] && cmp -s "$tmp/j1" "$tmp/j2" &&
	grep -q '^tests/retconv/cases/rule-a.c:' "$tmp/j1"
tap_check $? "a directory is walked; one worker and two give the same output"

# A header found by walking is checked as part of the file that includes
# it, where what it needs is declared; one no file includes, alone.
mkdir -p "$tmp/walk/sub"
cat >"$tmp/walk/types.h" <<'EOF'
#define OP_READY 3
struct op { int state; };
EOF
cat >"$tmp/walk/sub/ops.h" <<'EOF'
static inline int start_op(struct op *o)
{
	return o->state == OP_READY;
}
EOF
cat >"$tmp/walk/main.c" <<'EOF'
#include "types.h"
#include "sub/ops.h"
int run_ops(struct op *o)
{
	return start_op(o) ? 0 : -22;
}
EOF
cat >"$tmp/walk/sub/lonely.h" <<'EOF'
int stop_op(int x);
static inline int flush_op(int x)
{
	return x > 2;
}
EOF
(cd "$tmp" && "$rc" --no-config walk >"$tmp/got" 2>"$tmp/err")
st=$?
cat >"$tmp/want" <<'EOF'
walk/sub/lonely.h:2:19: warning: action 'flush_op' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
walk/sub/lonely.h:4:2: note: returns a boolean
walk/sub/ops.h:1:19: warning: action 'start_op' returns only 0 or 1, like a boolean; return 0 on success and a negative errno on failure, or give it a predicate's name [retconv-A]
walk/sub/ops.h:3:2: note: returns a boolean
EOF
[ $st -eq 1 ] && [ ! -s "$tmp/err" ] && cmp -s "$tmp/want" "$tmp/got"
tap_check $? "a walked header is checked within its includer, one nothing includes alone"
[ $st -eq 1 ] || { diff -u "$tmp/want" "$tmp/got" | sed 's/^/# /'; tap_diag "$tmp/err"; }

# Files that begin with the same #include lines share a precompiled
# header of them; what is found must not change, the header's own
# functions included.
mkdir -p "$tmp/pch"
printf '#define GRAB_MIN 1\nstatic inline int grab_slot(int x)\n{\n\treturn x >= GRAB_MIN;\n}\n' >"$tmp/pch/grab.h"
i=0
while [ $i -lt 12 ]; do
	cat >"$tmp/pch/u$i.c" <<EOF
/* user $i */
#include <stdio.h>
#include <stdlib.h>
#include "grab.h"
int take_$i(int x)
{
	if (grab_slot(x) < 0)
		return -1;
	return 0;
}
EOF
	i=$((i + 1))
done
mkdir -p "$tmp/pt"
(cd "$tmp" && TMPDIR="$tmp/pt" "$rc" --no-config pch >"$tmp/with" 2>"$tmp/err")
st1=$?
(cd "$tmp" && "$rc" --no-config --no-pch pch >"$tmp/without" 2>>"$tmp/err")
st2=$?
[ $st1 -eq 1 ] && [ $st2 -eq 1 ] && [ ! -s "$tmp/err" ] &&
	cmp -s "$tmp/with" "$tmp/without" &&
	[ "$(grep -c "warning: 'grab_slot' .*from its definition at pch/grab.h:2" "$tmp/with")" -eq 12 ]
tap_check $? "files sharing a precompiled header: the same findings as --no-pch"
diff -u "$tmp/without" "$tmp/with" | sed 's/^/# /'
tap_diag "$tmp/err"
[ -z "$(ls "$tmp/pt")" ]
tap_check $? "the precompiled headers are removed at the end"

# A shared header that does not compile makes no precompiled header: its
# files are parsed whole, each with its note, as without sharing.  (Their
# actions mix 1 with -1, which no house style excuses: see --style.)
mkdir -p "$tmp/pchbad" "$tmp/pt2"
printf 'static inline int bad_slot(undeclared_t x)\n{\n\treturn x;\n}\n' \
	>"$tmp/pchbad/bad.h"
i=0
while [ $i -lt 12 ]; do
	printf '#include <stdio.h>\n#include "bad.h"\nint start_%s(int x)\n{\n\treturn x > 1 ? 1 : -1;\n}\n' \
		$i >"$tmp/pchbad/b$i.c"
	i=$((i + 1))
done
(cd "$tmp" && TMPDIR="$tmp/pt2" "$rc" --no-config pchbad >"$tmp/with" \
	2>"$tmp/with.err")
st1=$?
(cd "$tmp" && "$rc" --no-config --no-pch pchbad >"$tmp/without" \
	2>"$tmp/without.err")
st2=$?
[ $st1 -eq 1 ] && [ $st2 -eq 1 ] && cmp -s "$tmp/with" "$tmp/without" &&
	cmp -s "$tmp/with.err" "$tmp/without.err" &&
	[ "$(grep -c "note: parsed with errors" "$tmp/with.err")" -eq 12 ] &&
	[ "$(grep -c "warning: action 'start_" "$tmp/with")" -eq 12 ] &&
	[ -z "$(ls "$tmp/pt2")" ]
tap_check $? "a shared header with errors: no precompiled header, the same findings and notes as --no-pch"
diff -u "$tmp/without" "$tmp/with" | sed 's/^/# /'
diff -u "$tmp/without.err" "$tmp/with.err" | sed 's/^/# /'

# A file with errors after the precompiled header's lines is not parsed
# again without it (RETCONV_TRACE counts the parses): its errors are its
# own.  One whose error lies in a header the PCH holds without a guard,
# read a second time by the file's own #include line, is: the parse
# without the PCH has none there.  Both find what --no-pch finds.
mkdir -p "$tmp/pchmiss" "$tmp/pt3"
printf '#ifndef KEPT_H\n#define KEPT_H\nstatic inline int kept_ok(int x)\n{\n\treturn x > 1;\n}\n#endif\n' \
	>"$tmp/pchmiss/kept.h"
printf 'struct twice { int n; };\n' >"$tmp/pchmiss/twice.h"
i=0
while [ $i -lt 6 ]; do
	printf '#include <stdio.h>\n#include "kept.h"\nint start_%s(int x);\n#include "absent.h"\nint start_%s(int x)\n{\n\treturn kept_ok(x);\n}\n' \
		$i $i >"$tmp/pchmiss/m$i.c"
	printf '#include <stdio.h>\n#include "twice.h"\nint start_t%s(int x)\n{\n\treturn x > 1 ? 1 : -1;\n}\n' \
		$i >"$tmp/pchmiss/t$i.c"
	i=$((i + 1))
done
(cd "$tmp" && RETCONV_TRACE=1 TMPDIR="$tmp/pt3" "$rc" --no-config pchmiss \
	>"$tmp/with" 2>"$tmp/with.err")
st1=$?
(cd "$tmp" && "$rc" --no-config --no-pch pchmiss >"$tmp/without" \
	2>"$tmp/without.err")
st2=$?
[ $st1 -eq 1 ] && [ $st2 -eq 1 ] && cmp -s "$tmp/with" "$tmp/without" &&
	grep -v '^retconv: trace: ' "$tmp/with.err" | cmp -s - "$tmp/without.err" &&
	[ "$(grep -c "^retconv: trace: pchmiss/m[0-9].c: with PCH parse, 1 errors" "$tmp/with.err")" -eq 6 ] &&
	! grep -q "^retconv: trace: pchmiss/m[0-9].c: plain parse" "$tmp/with.err" &&
	[ "$(grep -c "^retconv: trace: pchmiss/t[0-9].c: plain parse, 0 errors" "$tmp/with.err")" -eq 6 ] &&
	[ "$(grep -c "warning: action 'start_t" "$tmp/with")" -eq 6 ] &&
	[ "$(grep -c "warning: action 'start_[0-9]'" "$tmp/with")" -eq 6 ]
tap_check $? "errors after a precompiled header: parsed once; in a header read twice: again without it"
diff -u "$tmp/without" "$tmp/with" | sed 's/^/# /'
tap_diag "$tmp/with.err"

# Files of several folders that begin with the same #define and #include
# <...> lines share one precompiled header: those lines look in no folder
# of the file's.  It is built without the -iquote of a folder, as the
# files read it: inc/wide.h's quoted "wcfg.h" is looked for in inc/ and
# the -I folders, never in a/, whose wcfg.h would change wide_slot() (a
# PCH of a/'s files built with -iquote a took it, and the header's
# function was then read as a/ never reads it).
mkdir -p "$tmp/pchwide/inc" "$tmp/pchwide/a" "$tmp/pchwide/b" "$tmp/pt4"
printf '#ifndef WIDE_H\n#define WIDE_H\n#if __has_include("wcfg.h")\n#include "wcfg.h"\n#endif\n#ifdef WIDE_NEG\nstatic inline int wide_slot(int x)\n{\n\treturn -x;\n}\n#else\nstatic inline int wide_slot(int x)\n{\n\treturn x >= 1;\n}\n#endif\n#endif\n' \
	>"$tmp/pchwide/inc/wide.h"
printf '#define WIDE_NEG 1\n' >"$tmp/pchwide/a/wcfg.h"
for d in a b; do
	i=0
	while [ $i -lt 4 ]; do
		printf '#define _GNU_SOURCE\n#include <stdio.h>\n#include <wide.h>\nint take_%s%s(int x)\n{\n\tif (wide_slot(x) < 0)\n\t\treturn -1;\n\treturn 0;\n}\n' \
			$d $i >"$tmp/pchwide/$d/w$i.c"
		i=$((i + 1))
	done
done
(cd "$tmp" && RETCONV_TRACE=1 TMPDIR="$tmp/pt4" "$rc" --no-config pchwide \
	-- -Ipchwide/inc >"$tmp/with" 2>"$tmp/with.err")
st1=$?
(cd "$tmp" && "$rc" --no-config --no-pch pchwide -- -Ipchwide/inc \
	>"$tmp/without" 2>"$tmp/without.err")
st2=$?
[ $st1 -eq 1 ] && [ $st2 -eq 1 ] && cmp -s "$tmp/with" "$tmp/without" &&
	grep -v '^retconv: trace: ' "$tmp/with.err" | cmp -s - "$tmp/without.err" &&
	[ "$(grep -c "^retconv: trace: .*: precompile parse, 0 errors" "$tmp/with.err")" -eq 1 ] &&
	[ "$(grep -c "^retconv: trace: pchwide/[ab]/w[0-9].c: with PCH parse, 0 errors" "$tmp/with.err")" -eq 8 ] &&
	[ "$(grep -c "warning: 'wide_slot' .*from its definition at pchwide/inc/wide.h:" "$tmp/with")" -eq 8 ] &&
	[ -z "$(ls "$tmp/pt4")" ]
tap_check $? "files of two folders share one precompiled header of their <...> lines, with the findings of --no-pch"
diff -u "$tmp/without" "$tmp/with" | sed 's/^/# /'
tap_diag "$tmp/with.err"

# The callers a callee's broken contract names come in the order of their
# places, not of arrival: a.c's own function reaches the parent after the
# inline function of z.h it includes.
mkdir -p "$tmp/order"
printf 'int count_items(int n)\n{\n\tif (n > 3)\n\t\treturn 2;\n\treturn 0;\n}\n' \
	>"$tmp/order/c.c"
printf 'int count_items(int n);\nstatic inline int z_check(int n)\n{\n\tif (count_items(n) < 0)\n\t\treturn -1;\n\treturn 0;\n}\n' \
	>"$tmp/order/z.h"
printf '#include "z.h"\nint a_check(int n)\n{\n\tif (count_items(n) < 0)\n\t\treturn -1;\n\treturn z_check(n);\n}\n' \
	>"$tmp/order/a.c"
got=$(cd "$tmp" && "$rc" -j1 --no-config order 2>&1 |
	sed -n "s/^\(order\/[a-z.]*\):.*expects a negative value$/\1/p" |
	tr '\n' ' ')
[ "$got" = "order/a.c order/z.h " ]
tap_check $? "a broken contract's callers in the order of their places (got: $got)"

# A worker that dies costs only the file it was parsing: the parent names
# it, exits 3 (findings, and a file not parsed), and a new worker checks
# the files after it.  No shared PCH: the child killed must be a worker.
mkdir -p "$tmp/many"
i=0
while [ $i -lt 200 ]; do
	cat >"$tmp/many/f$(printf %03d $i).c" <<EOF
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int start_$i(int x)
{
	return x > $i ? 1 : -1;
}
EOF
	i=$((i + 1))
done
(cd "$tmp" && exec "$rc" --no-config --no-pch -j 1 many >"$tmp/out" 2>"$tmp/err") &
pid=$!
sleep 1
worker=$(pgrep -P $pid)
[ -n "$worker" ] && kill -KILL "$worker"
wait $pid
st=$?
if [ -z "$worker" ]; then
	tap_skip "a worker killed mid-run: the run ended within a second"
else
	[ $st -eq 3 ] && [ "$(wc -l <"$tmp/err")" -eq 2 ] &&
		grep -q '^retconv: many/f[0-9]*\.c: the worker parsing it died of signal 9$' "$tmp/err" &&
		grep -q '^retconv: 0 of 200 files parsed with errors, 1 not parsed$' "$tmp/err" &&
		grep -q "^many/f199.c:5:5: warning: action 'start_199'" "$tmp/out" &&
		[ "$(grep -c ': warning: ' "$tmp/out")" -ge 199 ]
	tap_check $? "a worker killed mid-run: its file named, exit 3 (findings, and a file not parsed), the rest checked"
	tap_diag "$tmp/err"
fi

# A file that takes longer than --file-time CPU-seconds is given up: the
# run names it and goes on (clang can loop on text it was not made for,
# such as a C++ header read as C).  The small file's finding stays; the
# big file's records, written before its worker ended, are dropped.
mkdir -p "$tmp/slow"
awk 'BEGIN { for (i = 0; i < 40000; i++)
	printf "int get_%d(int x);\nint add_%d(int x)\n{\n\tif (get_%d(x) < 0)\n\t\treturn -1;\n\treturn 0;\n}\n", i, i, i }' \
	>"$tmp/slow/big.c"
printf 'int start_one(int x)\n{\n\treturn x > 1 ? 1 : -1;\n}\n' \
	>"$tmp/slow/small.c"
(cd "$tmp" && "$rc" --no-config -j1 --file-time=1 slow >"$tmp/out" 2>"$tmp/err")
st=$?
[ $st -eq 3 ] &&
	grep -q '^retconv: slow/big\.c: given up after 1 CPU-seconds (--file-time)$' "$tmp/err" &&
	grep -q '^retconv: 0 of 2 files parsed with errors, 1 not parsed$' "$tmp/err" &&
	grep -q "^slow/small.c:1:5: warning: action 'start_one'" "$tmp/out" &&
	! grep -q '^slow/big' "$tmp/out"
tap_check $? "a file past --file-time is given up, named, and the rest checked (exit $st)"
tap_diag "$tmp/err"

# --- error exits ------------------------------------------------------------

# expect_error NAME STATUS PATTERN -- COMMAND...: the command exits with
# STATUS and its stderr's first line matches PATTERN.
expect_error() {
	name=$1 want=$2 pattern=$3
	shift 4
	(cd "$cases" && "$@") >"$tmp/out" 2>"$tmp/err"
	st=$?
	if [ $st -eq "$want" ] && head -n 1 "$tmp/err" | grep -q -- "$pattern"; then
		tap ok "$name"
	else
		tap fail "$name (exit $st)"
		tap_diag "$tmp/err"
	fi
}

expect_error "no input: usage, exit 2" 2 '^retconv: no input files' -- "$rc"
expect_error "unknown option: exit 2" 2 'unrecognized option' -- \
	"$rc" --frobnicate clean.c
expect_error "unknown format: exit 2" 2 "unknown format 'xml'" -- \
	"$rc" --format=xml clean.c
expect_error "bad -j: exit 2" 2 '^retconv: -j wants a number' -- \
	"$rc" -j 0 clean.c
expect_error "bad --file-time: exit 2" 2 '^retconv: --file-time wants seconds' -- \
	"$rc" --file-time=soon clean.c
expect_error "bad --scope: exit 2" 2 "unknown scope 'all'" -- \
	"$rc" --scope=all clean.c
expect_error "missing file: exit 2, named" 2 \
	'^retconv: no-such-file.c: No such file or directory$' -- \
	"$rc" --no-config no-such-file.c
expect_error "missing config: exit 2, named" 2 \
	'^retconv: /nonexistent.retconv: No such file' -- \
	"$rc" --config /nonexistent.retconv clean.c
expect_error "missing --table file: exit 2, named" 2 \
	'^retconv: /nonexistent.rctab: No such file' -- \
	"$rc" --no-config --table /nonexistent.rctab clean.c
printf 'errno f\nfatal g\n' >"$tmp/bad.rctab"
expect_error "bad --table line: exit 2, file, line and class" 2 \
	"^retconv: $tmp/bad.rctab:2: unknown class 'fatal'" -- \
	"$rc" --no-config --table "$tmp/bad.rctab" clean.c
printf 'verb add\nfrobs x\n' >"$tmp/bad.retconv"
expect_error "bad config line: exit 2, file and line" 2 \
	"^retconv: $tmp/bad.retconv:2: unknown keyword 'frobs'" -- \
	"$rc" --config "$tmp/bad.retconv" clean.c
expect_error "-p without compile_commands.json: exit 2" 2 \
	"^retconv: -p $tmp/cfg: no compilation database: .*/cfg/compile_commands.json: No such file" -- "$rc" --no-config -p "$tmp/cfg"

printf 'int add_x(void)\n{\n\treturn 1 +;\n}\n' >"$tmp/broken.c"
cp "$cases/rule-a.c" "$tmp/rule-a.c"
(cd "$tmp" && "$rc" --no-config broken.c rule-a.c >"$tmp/out" 2>"$tmp/err")
st=$?
[ $st -eq 1 ] && [ "$(wc -l <"$tmp/err")" -eq 2 ] &&
	grep -q '^retconv: broken.c: note: parsed with errors: 1 other error, the first: broken.c:3:12: error: expected expression; ' "$tmp/err" &&
	grep -q '^retconv: 1 of 2 files parsed with errors, 0 not parsed$' "$tmp/err" &&
	! grep -q '^broken.c' "$tmp/out" && grep -q '^rule-a.c:.*warning' "$tmp/out"
tap_check $? "a parse error: one note naming the file, the broken function not judged, others checked"
tap_diag "$tmp/err"

(cd "$tmp" && "$rc" --no-config rule-a.c -- -include-pch "$tmp/none.pch" \
	>"$tmp/out" 2>"$tmp/err")
st=$?
[ $st -eq 2 ] && [ ! -s "$tmp/out" ] &&
	grep -q '^retconv: rule-a.c: not parsed: libclang error 4: the compiler arguments name a second input file, or a precompiled header .*-Db_pch=false' "$tmp/err" &&
	grep -q '^retconv: 0 of 1 file parsed with errors, 1 not parsed$' "$tmp/err"
tap_check $? "libclang's error in words, with its usual causes; nothing found: exit 2"
tap_diag "$tmp/err"

if [ "$(id -u)" -eq 0 ]; then
	tap_skip "unreadable file: root reads every file"
else
	printf 'int x;\n' >"$tmp/locked.c"
	chmod 000 "$tmp/locked.c"
	expect_error "unreadable file: exit 2, named" 2 \
		"^retconv: $tmp/locked.c: Permission denied" -- \
		"$rc" --no-config "$tmp/locked.c"
fi

"$rc" --help >"$tmp/out" 2>/dev/null && grep -q '^usage: retconv' "$tmp/out"
tap_check $? "--help: usage on stdout, exit 0"
"$rc" --version >"$tmp/out" 2>/dev/null && grep -q '^retconv [0-9]' "$tmp/out"
tap_check $? "--version: exit 0"

echo "1..$n"
tap_exit
