#!/bin/sh
# SPDX-License-Identifier: MIT
#
# retconv --tree DIR FILE: a callee declared to return a signed int whose
# body, in another file of the tree, never returns a negative value, and
# a caller in FILE that tests it for a negative value (< 0, == -1).  The
# callee's file is read only for its definitions, so nothing is said
# there: the dead test is reported at the call site, rule C, once per
# test.  With both files checked it stays one finding at the callee.
# Not reported: a callee that returns a negative errno or -1 on some
# path, one whose result passes another call's on (unknown), or one that
# returns a single constant (one configuration's stub, maybe).
#
# Run by prove from the top of the tree; KWQ_BUILD names the build tree
# holding retconv (default: build).
set -u
. "$(dirname "$0")/tap.sh"

build=${KWQ_BUILD:-build}
case $build in
/*) rc=$build/retconv ;;
*) rc=$top/$build/retconv ;;
esac

if [ ! -x "$rc" ]; then
	echo "1..0 # SKIP $rc not built (make retconv)"
	exit 0
fi

# --- kernel style: ids and actions of a driver ------------------------------

mkdir -p "$tmp/k/drivers"
cat >"$tmp/k/drivers/core.c" <<'EOF'
#include <errno.h>

struct dev { int id; int up; };

int dev_slot(struct dev *d)
{
	if (d->up)
		return 0;
	return d->id ? 2 : 1;
}

int dev_start(struct dev *d)
{
	if (!d->up)
		return -ENODEV;
	return 0;
}

int dev_read_id(struct dev *d)
{
	if (d->id > 7)
		return -EIO;
	return 3;
}

int dev_query(struct dev *d);

int dev_lookup(struct dev *d)
{
	return dev_query(d);
}

int dev_nports(void)
{
	return 4;
}
EOF
cat >"$tmp/k/drivers/use.c" <<'EOF'
struct dev;
int dev_slot(struct dev *d);
int dev_start(struct dev *d);
int dev_read_id(struct dev *d);
int dev_lookup(struct dev *d);

int probe(struct dev *d)
{
	int slot = dev_slot(d);
	int id;

	if (slot < 0)
		return slot;
	if (dev_slot(d) == -1)
		return -1;
	if (dev_start(d) < 0)
		return -1;
	id = dev_read_id(d);
	if (id < 0)
		return id;
	if (dev_lookup(d) < 0)
		return -1;
	return 0;
}

int dev_nports(void);

int ports(void)
{
	int n = dev_nports();

	return n < 0 ? 0 : n;
}
EOF

(cd "$tmp/k" && "$rc" --no-config --tree . drivers/use.c) >"$tmp/out" 2>"$tmp/err"
st=$?
cat >"$tmp/want" <<'EOF'
drivers/use.c:12:6: warning: 'dev_slot' is declared to return a signed int, but its body never returns a negative value (class count, from its definition at drivers/core.c:5): 'slot < 0' is never true; test it for the value its failure returns [retconv-C]
drivers/use.c:9:6: note: 'slot' holds the result of 'dev_slot' from here
drivers/use.c:14:6: warning: 'dev_slot' is declared to return a signed int, but its body never returns a negative value (class count, from its definition at drivers/core.c:5): 'dev_slot(...) == -1' is never true; test it for the value its failure returns [retconv-C]
EOF
cmp -s "$tmp/want" "$tmp/out" && [ $st -eq 1 ]
tap_check $? "kernel style: a never-negative id tested < 0 and == -1, reported at the caller; a 0/-errno action, an id-or-errno, a passed-on unknown and a one-constant stub are not"
diff -u "$tmp/want" "$tmp/out" | tap_diag

(cd "$tmp/k" && "$rc" --no-config --tree . drivers/use.c drivers/core.c) \
	>"$tmp/out" 2>/dev/null
[ "$(grep -c 'warning' "$tmp/out")" -eq 2 ] &&
	grep -q "^drivers/core.c:33:5: warning: 'dev_nports' is declared" "$tmp/out" &&
	grep -q "^drivers/core.c:5:5: warning: 'dev_slot' is declared to return a signed int and 2 call sites test it" "$tmp/out" &&
	! grep -q '^drivers/use.c:[0-9]*:[0-9]*: warning' "$tmp/out"
tap_check $? "both files checked: one finding at each callee, the stub's too (the tree is seen whole), its callers as notes"
tap_diag "$tmp/out"

# --- user space: a parser and a reader ----------------------------------------

mkdir -p "$tmp/u/src"
cat >"$tmp/u/src/conf.c" <<'EOF'
#include <unistd.h>

int conf_port(const char *s)
{
	if (s[0] == 'h')
		return 80;
	if (s[0] == 's')
		return 443;
	return 0;
}

int conf_fill(int fd, char *buf)
{
	if (read(fd, buf, 1) != 1)
		return -1;
	return 1;
}
EOF
cat >"$tmp/u/src/main.c" <<'EOF'
#include <stdio.h>

int conf_port(const char *s);
int conf_fill(int fd, char *buf);

int main(int argc, char **argv)
{
	char c;
	int port = conf_port(argc > 1 ? argv[1] : "");

	if (port == -1) {
		fprintf(stderr, "bad port\n");
		return 1;
	}
	if (port == 0)
		return 1;
	if (conf_fill(0, &c) == -1)
		return 1;
	return 0;
}
EOF

(cd "$tmp/u" && "$rc" --no-config --tree . src/main.c) >"$tmp/out" 2>"$tmp/err"
st=$?
cat >"$tmp/want" <<'EOF'
src/main.c:11:6: warning: 'conf_port' is declared to return a signed int, but its body never returns a negative value (class count, from its definition at src/conf.c:3): 'port == -1' is never true; test it for the value its failure returns [retconv-C]
src/main.c:9:6: note: 'port' holds the result of 'conf_port' from here
EOF
cmp -s "$tmp/want" "$tmp/out" && [ $st -eq 1 ]
tap_check $? "user space: a parser's 0-or-port tested == -1 is reported, a reader's -1 test is not"
diff -u "$tmp/want" "$tmp/out" | tap_diag

echo "1..$n"
tap_exit
