// SPDX-License-Identifier: MIT
/// Move callers that test the result of queue_work() and friends to the
/// add_* names, reversing the test.
///
/// Before 2006 queue_work(), schedule_work() and their delayed and _on
/// forms returned 1 when they queued the work and 0 when it was already
/// pending.  kwq keeps those names as void wrappers (include/kwq/compat.h),
/// so code that tests their result no longer compiles; the add_* names
/// return 0 on success and -EBUSY when the work was pending.  This patch
/// rewrites each test of an old name's result into the same test of the
/// new name's:
///
///   if (!queue_work(wq, w))   ->  if (add_work_to_q(wq, w))
///   if (queue_work(wq, w))    ->  if (!add_work_to_q(wq, w))
///   queue_work(wq, w) == 0    ->  add_work_to_q(wq, w)
///   queue_work(wq, w) == 1    ->  !add_work_to_q(wq, w)   (and > 0)
///   queue_work(wq, w) < 0     ->  add_work_to_q(wq, w) < 0
///   ret = queue_work(wq, w); if (!ret) ...  ->  ret = add_work_to_q(...); if (ret) ...
///
/// The "< 0" test was the 2006 misreading (rpc_make_runnable()): never
/// true of a 0/1 result, it is right as written for an errno.  Plain
/// statement calls are left alone, as the void old names still do what
/// they did; so is a result used other than by a test (returned, added,
/// read by a later store), where a person must decide what the new value
/// means.  A variable may be tested once and then stored to again.
///
/// Usage: spatch --sp-file tools/migrate/add_work.cocci --in-place DIR
///
/// With -D ignore_busy, each plain statement call of an old name also
/// becomes the (void) of its add_* name:
///
///   queue_work(wq, w);        ->  (void)add_work_to_q(wq, w);
///
/// which never warns, where the void old name warns (once per call site)
/// when the item was already pending.  That is what the kernel did with a
/// statement call: nothing, silently, since such a call means "make sure
/// it runs".  Use it on code that comes from the kernel, where every
/// statement call meant that (bcachefs-tools: docs/real-program.md); the
/// cost is that a (void) call reports no other failure either (-EINVAL,
/// -ESHUTDOWN), so a call whose failure matters wants a test instead.
///
// Confidence: High
// Options: --no-includes --include-headers

virtual patch
virtual ignore_busy

@initialize:python@
@@
NEW = {
	"queue_work": "add_work_to_q",
	"queue_work_on": "add_work_to_q_on",
	"schedule_work": "add_work",
	"schedule_work_on": "add_work_on",
	"queue_delayed_work": "add_delayed_work_to_q",
	"queue_delayed_work_on": "add_delayed_work_to_q_on",
	"schedule_delayed_work": "add_delayed_work",
	"schedule_delayed_work_on": "add_delayed_work_on",
}

@old@
identifier f = {queue_work, queue_work_on, schedule_work, schedule_work_on,
		queue_delayed_work, queue_delayed_work_on,
		schedule_delayed_work, schedule_delayed_work_on};
expression list es;
@@
f(es)

@script:python rename@
f << old.f;
g;
@@
coccinelle.g = cocci.make_ident(NEW[f])

// Stores that read the variable they write: "ret = ret ? 0 : -EBUSY".
@selfref@
identifier v;
position p;
@@
v@p = <+... v ...+>

// A result kept in a variable that is only tested, then dropped: no
// other use of it before the test or after.
@stored@
identifier old.f, rename.g;
local idexpression ret;
expression list es;
expression E;
position q != selfref.p;
statement S1, S2;
@@
  ret =
- f
+ g
  (es);
  ... when != ret
  if (
(
- !ret
+ ret
|
- ret == 0
+ ret
|
- ret != 0
+ !ret
|
- ret
+ !ret
|
  ret < 0
)
  ) S1 else S2
(
  ... when != ret
|
  ... when != ret
  ret@q = E;
)

// The same, kept in a variable as it is declared.
@stored_decl@
identifier old.f, rename.g;
identifier ret;
type T;
expression list es;
expression E;
position q != selfref.p;
statement S1, S2;
@@
  T ret =
- f
+ g
  (es);
  ... when != ret
  if (
(
- !ret
+ ret
|
- ret == 0
+ ret
|
- ret != 0
+ !ret
|
- ret
+ !ret
|
  ret < 0
)
  ) S1 else S2
(
  ... when != ret
|
  ... when != ret
  ret@q = E;
)

// Tests written on the call itself.
@direct disable not_int1, not_int2@
identifier old.f, rename.g;
expression list es;
expression E1, E2;
@@
(
- f(es) ? E1 : E2
+ g(es) ? E2 : E1
|
- !f(es)
+ g(es)
|
- f(es) == 0
+ g(es)
|
- f(es) != 0
+ !g(es)
|
- f(es) == 1
+ !g(es)
|
- f(es) != 1
+ g(es)
|
- f(es) > 0
+ !g(es)
|
- f(es) <= 0
+ g(es)
|
- f(es)
+ g(es)
  < 0
|
- f(es)
+ g(es)
  >= 0
|
- f(es)
+ !g(es)
  && E1
|
  E1 &&
- f(es)
+ !g(es)
|
- f(es)
+ !g(es)
  || E1
|
  E1 ||
- f(es)
+ !g(es)

)

// A call that is the whole condition.
@cond@
identifier old.f, rename.g;
expression list es;
statement S1, S2;
@@
(
  if (
- f(es)
+ !g(es)
  ) S1 else S2
|
  if (
- f(es)
+ !g(es)
  ) S1
|
  while (
- f(es)
+ !g(es)
  ) S1
)

// -D ignore_busy: the statement calls, where "already pending" is meant.
@kick depends on ignore_busy@
identifier old.f, rename.g;
expression list es;
@@
(
- (void)f(es);
+ (void)g(es);
|
- f(es);
+ (void)g(es);
)
