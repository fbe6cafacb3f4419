#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The old names (queue_work() & co.) return void, so code that uses their
# value must not compile: that is how a port from the kernel finds every
# caller that tested queue_work()'s old 1/0 result.  Each snippet below is
# the same small program with one statement changed; the compiler must
# refuse each one, and must accept the control, where the old names are
# plain statements (so a refusal is about the statement, not the rest).
# The refusals are real errors about the void value: no -Werror is given to
# them, and every error the compiler reports must mention "void" (so that a
# snippet refused for another reason, say a typo, cannot pass).
#
# The same holds for the kernel's cancel, flush and mod names, whose
# kernel result is a bool (true: it was pending / it waited): every one of
# the eight is refused in each way kernel code uses a bool, and accepted as
# a statement, the way teardown code calls them.
set -u
. "$(dirname "$0")/tap.sh"

CC=${CC:-cc}

# Write a program whose main() body holds the statement $1.
snippet() {
	cat > "$tmp/s.c" <<SNIP
#include <kwq/workqueue.h>

static void fn(struct work_struct *w) { (void)w; }

int main(void)
{
	struct workqueue_struct *wq = system_wq;
	struct work_struct w;
	struct delayed_work dw;
	int r = 0;

	INIT_WORK(&w, fn);
	INIT_DELAYED_WORK(&dw, fn);
	$1
	(void)wq;
	return r;
}
SNIP
}

compiles() {
	$CC -std=gnu11 -D_GNU_SOURCE -pthread -I"$top/include" $2 \
		-c -o "$tmp/s.o" "$tmp/s.c" > "$tmp/log" 2>&1
}

must_compile() {
	snippet "$1"
	if compiles "$1" "-Wall -Wextra -Werror"; then
		tap ok "compiles: $1"
	else
		tap fail "compiles: $1"
	fi
}

must_fail() {
	snippet "$1"
	if compiles "$1" ""; then
		tap fail "refused: $1"
	elif grep 'error:' "$tmp/log" > "$tmp/errors" &&
	     ! grep -v void "$tmp/errors" > /dev/null; then
		tap ok "refused: $1"
	else
		tap fail "refused because of the void value: $1"
	fi
}

# The eight kernel names that return void here, each with arguments.
eight='cancel_work(&w)
cancel_work_sync(&w)
cancel_delayed_work(&dw)
cancel_delayed_work_sync(&dw)
flush_work(&w)
flush_delayed_work(&dw)
mod_delayed_work(wq, &dw, 1)
mod_delayed_work_on(0, wq, &dw, 1)'

echo "1..$((16 + 3 + 8 * 7))"
must_compile 'queue_work(wq, &w); queue_work_on(0, wq, &w); schedule_work(&w); schedule_work_on(0, &w); flush_work(&w);'
must_compile 'r = add_work_to_q(wq, &w); if (add_work(&w) < 0) r = 1; (void)add_work(&w);'
must_compile 'void (*f)(struct work_struct *) = schedule_work; f(&w);'
must_fail 'if (queue_work(wq, &w)) r = 1;'
must_fail 'if (!queue_work(wq, &w)) r = 1;'
must_fail 'if (queue_work(wq, &w) < 0) r = 1;'
must_fail 'r = queue_work(wq, &w);'
must_fail 'int v = schedule_work(&w); r = v;'
must_fail 'r = !schedule_work_on(0, &w);'
must_fail 'if (queue_work_on(0, wq, &w) == 0) r = 1;'
must_fail 'r = queue_work(wq, &w) ? 1 : 0;'
must_fail 'r = (int)schedule_work(&w);'
must_fail 'while (!schedule_work(&w)) r++;'
must_fail 'r = queue_work(wq, &w) + 0;'
must_fail 'return queue_work(wq, &w);'
must_fail 'r = schedule_work(&w) && 1;'

all=$(printf '%s; ' $(echo "$eight" | tr ' ' '@') | tr '@' ' ')
must_compile "$all"
must_compile 'r = remove_work(&w) + remove_work_sync(&w) + remove_delayed_work(&dw) + remove_delayed_work_sync(&dw) + wait_for_work(&w) + wait_for_delayed_work(&dw) + rearm_delayed_work(wq, &dw, 1) + rearm_delayed_work_on(0, wq, &dw, 1); if (!remove_work_sync(&w)) r = 1;'
must_compile 'void (*c)(struct work_struct *) = &cancel_work_sync; void (*f)(struct delayed_work *) = flush_delayed_work; void (*m)(struct workqueue_struct *, struct delayed_work *, unsigned long) = mod_delayed_work; c(&w); f(&dw); m(wq, &dw, 0); r = (cancel_work(&w), 0);'
while read -r call; do
	must_fail "if ($call) r = 1;"
	must_fail "if (!$call) r = 1;"
	must_fail "if ($call < 0) r = 1;"
	must_fail "r = $call;"
	must_fail "return $call;"
	must_fail "r = $call ? 1 : 0;"
	must_fail "_Bool b = $call; r = b;"
done <<LIST
$eight
LIST
tap_exit
