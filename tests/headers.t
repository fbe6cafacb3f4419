#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Every public header compiles on its own, with nothing included before it,
# as C99, as C11 and as C++ (liburcu's _cxx twins, in one script), with
# warnings as errors.  A small program using the API's macros (INIT_WORK,
# DECLARE_WORK, container_of, work_pending, the old names) compiles in each
# language too, since a macro is only checked where it is used.  Defining
# KWQ_NO_COMPAT must leave the old names out.
#
# What users of the header hit when porting: DECLARE_WORK() and
# DECLARE_DELAYED_WORK() compile as C++17 with -Wall -Wextra -Werror, and
# the program, linked with the library when it is built, runs them; an
# HZ the program defines itself is accepted when it is 1000 and refused
# with a clear error otherwise (kwq's jiffies are milliseconds); and a
# structure member named like an old name, called as ops->cancel_work(ctx),
# compiles with KWQ_NO_COMPAT, or written (ops->cancel_work)(ctx) without.
set -u
. "$(dirname "$0")/tap.sh"

CC=${CC:-cc}
CXX=${CXX:-c++}

WFLAGS="-Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wundef"
WXXFLAGS="-Wall -Wextra -Werror -Wshadow -Wundef"
headers=$(cd "$top/include" && ls kwq/*.h)

# check DESCRIPTION COMMAND...: ok when COMMAND succeeds.
check() {
	what=$1
	shift
	if "$@" > "$tmp/log" 2>&1; then
		tap ok "$what"
	else
		tap fail "$what"
	fi
}

have_cxx=no
command -v "${CXX%% *}" > /dev/null 2>&1 && have_cxx=yes

cat > "$tmp/use.c" <<'SNIP'
#include <kwq/workqueue.h>

struct thing {
	int n;
	struct work_struct work;
};

static void fn(struct work_struct *w)
{
	struct thing *t = container_of(w, struct thing, work);

	t->n++;
}

static DECLARE_WORK(static_work, fn);

int use(struct thing *t);
int use(struct thing *t)
{
	int err;

	INIT_WORK(&t->work, fn);
	err = add_work_to_q(system_wq, &t->work);
	if (err == -1)
		return err;
	queue_work(system_wq, &t->work);
	schedule_work(&static_work);
	(void)add_work(&t->work);
	return work_pending(&t->work) ? wait_for_work(&t->work) : 0;
}
SNIP

# The loop adapters need their loop's headers (pkg-config, as -isystem: our
# warnings are not theirs); libuv's needs POSIX 2008 for its rwlock type.
loop_flags() {
	case $1 in
	kwq/uv.h) pkg=libuv posix=-D_POSIX_C_SOURCE=200809L ;;
	kwq/glib.h) pkg=glib-2.0 posix= ;;
	*) return 0 ;;
	esac
	pkg-config --exists $pkg 2>/dev/null || return 1
	echo $posix $(pkg-config --cflags $pkg | sed 's/-I/-isystem /g')
}

nr_headers=$(echo "$headers" | wc -w)
echo "1..$((nr_headers * 3 + 10))"
for h in $headers; do
	if ! lflags=$(loop_flags $h); then
		for i in 1 2 3; do
			tap_skip "$h: pkg-config cannot find $pkg (scripts/deps.sh loops)"
		done
		continue
	fi
	for std in c99 c11; do
		check "$h compiles alone as $std" \
			$CC -std=$std $WFLAGS -I"$top/include" $lflags \
			-fsyntax-only -include "$h" -x c /dev/null
	done
	if [ $have_cxx = yes ]; then
		check "$h compiles alone as C++" \
			$CXX $WXXFLAGS -I"$top/include" $lflags -fsyntax-only \
			-include "$h" -x c++ /dev/null
	else
		tap_skip "no C++ compiler ($CXX)"
	fi
done

check "a program using the macros compiles as c99" \
	$CC -std=c99 $WFLAGS -I"$top/include" -fsyntax-only "$tmp/use.c"
check "a program using the macros compiles as c11" \
	$CC -std=c11 $WFLAGS -I"$top/include" -fsyntax-only "$tmp/use.c"
if [ $have_cxx = yes ]; then
	check "a program using the macros compiles as C++" \
		$CXX $WXXFLAGS -I"$top/include" -fsyntax-only -x c++ \
		"$tmp/use.c"
else
	tap_skip "no C++ compiler ($CXX)"
fi

cat > "$tmp/nocompat.c" <<'SNIP'
#define KWQ_NO_COMPAT
#include <kwq/workqueue.h>
#if defined(queue_work) || defined(queue_work_on) || \
    defined(schedule_work) || defined(schedule_work_on) || \
    defined(cancel_work) || defined(cancel_work_sync) || \
    defined(cancel_delayed_work) || defined(cancel_delayed_work_sync) || \
    defined(flush_work) || defined(flush_delayed_work) || \
    defined(mod_delayed_work) || defined(mod_delayed_work_on) || \
    defined(KWQ_COMPAT_H)
#error "KWQ_NO_COMPAT still defines the old names"
#endif
int main(void)
{
	return add_work(0) == 0;
}
SNIP
check "-DKWQ_NO_COMPAT leaves queue_work, cancel_work & co. undefined" \
	$CC -std=c11 $WFLAGS -I"$top/include" -fsyntax-only "$tmp/nocompat.c"

# Built, linked and run when the library is there: a C++ program whose
# static and automatic DECLARE_WORK() items kwq really runs, and whose
# DECLARE_DELAYED_WORK() items it arms and takes back.
cat > "$tmp/declare.cc" <<'SNIP'
#include <kwq/workqueue.h>

static int runs;

static void fn(struct work_struct *w)
{
	(void)w;
	__atomic_add_fetch(&runs, 1, __ATOMIC_RELAXED);
}

static DECLARE_WORK(file_work, fn);
static DECLARE_DELAYED_WORK(file_dwork, fn);

int main()
{
	DECLARE_WORK(local_work, fn);
	DECLARE_DELAYED_WORK(local_dwork, fn);
	int removed;

	schedule_work(&file_work);
	flush_work(&file_work);
	schedule_work(&local_work);
	cancel_work_sync(&local_work);
	flush_work(&local_work);
	schedule_delayed_work(&local_dwork, 0);
	flush_delayed_work(&local_dwork);
	mod_delayed_work(system_wq, &file_dwork, 3600 * HZ);
	removed = remove_delayed_work_sync(&file_dwork);
	cancel_delayed_work(&local_dwork);
	if (removed != 0 || work_pending(&local_work))
		return 1;
	/* file_work and local_dwork ran; local_work ran unless cancelled. */
	return runs >= 2 && runs <= 3 ? 0 : 2;
}
SNIP
B=${KWQ_BUILD:-build}
case $B in /*) ;; *) B=$top/$B ;; esac
# A sanitizer pass's library needs its runtime in the program linked to it.
san=
if nm -D "$B/libkwq.so" 2>/dev/null | grep -q ' U __tsan_'; then
	san=-fsanitize=thread
elif nm -D "$B/libkwq.so" 2>/dev/null | grep -q ' U __asan_'; then
	san=-fsanitize=address,undefined
fi
declare_what="DECLARE_WORK and DECLARE_DELAYED_WORK compile as C++17 with -Wall -Wextra -Werror"
if [ $have_cxx = no ]; then
	tap_skip "no C++ compiler ($CXX)"
elif [ -e "$B/libkwq.so" ]; then
	if $CXX -std=c++17 -Wall -Wextra -Werror $san -I"$top/include" \
		-o "$tmp/declare" -x c++ "$tmp/declare.cc" -x none \
		-L"$B" -Wl,-rpath,"$B" -lkwq -pthread > "$tmp/log" 2>&1 &&
	   "$tmp/declare" >> "$tmp/log" 2>&1; then
		tap ok "$declare_what, and the program runs them"
	else
		echo "exit status $?" >> "$tmp/log"
		tap fail "$declare_what, and the program runs them"
	fi
else
	check "$declare_what" \
		$CXX -std=c++17 -Wall -Wextra -Werror -I"$top/include" \
		-fsyntax-only -x c++ "$tmp/declare.cc"
fi

printf '#define HZ (1000)\n#include <kwq/workqueue.h>\n%s\n' \
	'unsigned long j = 2 * HZ;' > "$tmp/hz-same.c"
check "an HZ of 1000 defined before the header is accepted" \
	$CC -std=c11 $WFLAGS -I"$top/include" -fsyntax-only "$tmp/hz-same.c"
printf '#define HZ 250\n#include <kwq/workqueue.h>\n%s\n' \
	'unsigned long j = 2 * HZ;' > "$tmp/hz-other.c"
if $CC -std=c11 -I"$top/include" -fsyntax-only "$tmp/hz-other.c" \
	> "$tmp/log" 2>&1; then
	tap fail "an HZ other than 1000 is refused, naming HZ"
elif grep -q 'HZ must be 1000' "$tmp/log"; then
	tap ok "an HZ other than 1000 is refused, naming HZ"
else
	tap fail "an HZ other than 1000 is refused, naming HZ"
fi

# A program with its own copy of the kernel's <linux/jiffies.h>, as
# bcachefs-tools has (docs/real-program.md): its functions, of its own
# types, stay in force with KWQ_NO_JIFFIES.
cat > "$tmp/own-jiffies.c" <<'SNIP'
#define HZ		1000
static inline unsigned jiffies_to_msecs(const unsigned long j)
{
	return j;
}
static inline unsigned long msecs_to_jiffies(const unsigned int m)
{
	return m;
}
static inline unsigned long usecs_to_jiffies(const unsigned int u)
{
	return u / 1000;
}
#define KWQ_NO_JIFFIES
#include <kwq/workqueue.h>

int arm(struct delayed_work *dw);
int arm(struct delayed_work *dw)
{
	return add_delayed_work(dw, msecs_to_jiffies(5)) +
		(int)jiffies_to_msecs(usecs_to_jiffies(1000));
}
SNIP
check "with KWQ_NO_JIFFIES, a program's own msecs_to_jiffies() & co. stay in force" \
	$CC -std=c11 $WFLAGS -I"$top/include" -fsyntax-only "$tmp/own-jiffies.c"

# A structure of callbacks named like the kernel's functions.
cat > "$tmp/members.h" <<'SNIP'
struct ops {
	void (*schedule_work)(void *ctx);
	void (*cancel_work)(void *ctx);
	int (*flush_work)(void *ctx, int how);
};
SNIP
cat > "$tmp/members-nocompat.c" <<'SNIP'
#define KWQ_NO_COMPAT
#include <kwq/workqueue.h>
#include "members.h"

void run(const struct ops *ops, void *ctx);
void run(const struct ops *ops, void *ctx)
{
	ops->schedule_work(ctx);
	ops->cancel_work(ctx);
	(void)ops->flush_work(ctx, 0);
}
SNIP
check "with KWQ_NO_COMPAT, ops->schedule_work(ctx) and ops->cancel_work(ctx) compile" \
	$CC -std=c11 $WFLAGS -I"$top/include" -I"$tmp" -fsyntax-only \
	"$tmp/members-nocompat.c"
cat > "$tmp/members-paren.c" <<'SNIP'
#include <kwq/workqueue.h>
#include "members.h"

void run(const struct ops *ops, void *ctx, struct work_struct *w);
void run(const struct ops *ops, void *ctx, struct work_struct *w)
{
	(ops->schedule_work)(ctx);
	(ops->cancel_work)(ctx);
	(void)(ops->flush_work)(ctx, 0);
	cancel_work_sync(w);
}
SNIP
check "without it, the members compile as (ops->cancel_work)(ctx), beside the old names" \
	$CC -std=c11 $WFLAGS -I"$top/include" -I"$tmp" -fsyntax-only \
	"$tmp/members-paren.c"
tap_exit
