#!/bin/sh
# SPDX-License-Identifier: MIT
#
# Every public header compiles on its own, with nothing included before it,
# as C99, as C11 and as C++ (liburcu's _cxx twins, in one script), with
# warnings as errors.  A small program using the API's macros (INIT_WORK,
# DECLARE_WORK, container_of, work_pending, the old names) compiles in each
# language too, since a macro is only checked where it is used.  Defining
# KWQ_NO_COMPAT must leave the old names out.
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

nr_headers=$(echo "$headers" | wc -w)
echo "1..$((nr_headers * 3 + 4))"
for h in $headers; do
	for std in c99 c11; do
		check "$h compiles alone as $std" \
			$CC -std=$std $WFLAGS -I"$top/include" -fsyntax-only \
			-include "$h" -x c /dev/null
	done
	if [ $have_cxx = yes ]; then
		check "$h compiles alone as C++" \
			$CXX $WXXFLAGS -I"$top/include" -fsyntax-only \
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
    defined(KWQ_COMPAT_H)
#error "KWQ_NO_COMPAT still defines the old names"
#endif
int main(void)
{
	return add_work(0) == 0;
}
SNIP
check "-DKWQ_NO_COMPAT leaves queue_work & co. undefined" \
	$CC -std=c11 $WFLAGS -I"$top/include" -fsyntax-only "$tmp/nocompat.c"
tap_exit
