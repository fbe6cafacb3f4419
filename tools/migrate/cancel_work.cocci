// SPDX-License-Identifier: MIT
/// Move callers that test the result of the kernel's cancel_work() & co.,
/// flush_work() & co. and mod_delayed_work() & co. to kwq's actions, with
/// the test the kernel's bool meant.
///
/// In the kernel these eight names return a bool: cancel_work(),
/// cancel_work_sync(), cancel_delayed_work() and cancel_delayed_work_sync()
/// true when they removed a pending instance; flush_work() and
/// flush_delayed_work() true when they waited; mod_delayed_work() and
/// mod_delayed_work_on() true when the item was pending.  kwq keeps the
/// names as void wrappers (include/kwq/compat.h), so code that tests their
/// result no longer compiles; this patch rewrites each such use:
///
///   if (cancel_work_sync(w))      ->  if (!remove_work_sync(w))
///   if (!cancel_work(w))          ->  if (remove_work(w))
///   ret = cancel_delayed_work(dw) ->  ret = !remove_delayed_work(dw)
///   ret = mod_delayed_work(wq, dw, t);
///                                 ->  ret = !remove_delayed_work(dw);
///                                     mod_delayed_work(wq, dw, t);
///   if (mod_delayed_work(wq, dw, t)) ...
///       -> if ((!remove_delayed_work(dw) ?
///               (mod_delayed_work(wq, dw, t), 1) :
///               (mod_delayed_work(wq, dw, t), 0))) ...
///
/// remove_*() return 0 exactly when the kernel's cancel returned true, so
/// those rewrites keep the meaning.  The kernel's mod is a take-back of
/// the pending instance followed by an arm, and its true says that the
/// take-back found one; the rewrite makes the same two steps, the first
/// remove_delayed_work(), whose 0 says the same thing of an instance it
/// has taken, so that it can no longer run.  (A look with
/// delayed_work_pending() would not do: the item's own timer may fire and
/// run it between the look and the rearm, and code that counts references
/// by the answer drops one it does not hold.)  The call stays the void
/// kernel name, which reports a failed rearm.  A
/// flush's "it waited" has no kwq equivalent: the patch reads
/// work_pending() (delayed_work_pending()) before the flush, which is
/// right for a queued or armed item and an idle one, but says false for an
/// instance that is running and not queued again, where the kernel said
/// true.  Each such rewrite carries a TODO comment for a person to check.
///
/// Statement calls, (void) casts and the left side of a comma are left
/// alone: the void names do what the kernel's did.
///
/// Usage: spatch --sp-file tools/migrate/cancel_work.cocci --in-place DIR
///
// Confidence: High for cancel and mod, Moderate for flush (see TODO)
// Options: --no-includes --include-headers

virtual patch

@initialize:python@
@@
NEW = {
	"cancel_work": "remove_work",
	"cancel_work_sync": "remove_work_sync",
	"cancel_delayed_work": "remove_delayed_work",
	"cancel_delayed_work_sync": "remove_delayed_work_sync",
}

// Uses that are not a value: these compile against the void names and
// keep working as they are.
@unused@
identifier f = {cancel_work, cancel_work_sync, cancel_delayed_work,
		cancel_delayed_work_sync, flush_work, flush_delayed_work,
		mod_delayed_work, mod_delayed_work_on};
expression list es;
expression E;
position p;
@@
(
  f@p(es);
|
  (void)f@p(es)
|
  f@p(es), E
)

// --- the cancels: the kernel's true is remove_*()'s 0 ---------------------

@old_cancel@
identifier f = {cancel_work, cancel_work_sync, cancel_delayed_work,
		cancel_delayed_work_sync};
expression list es;
position p != unused.p;
@@
f@p(es)

@script:python rename@
f << old_cancel.f;
g;
@@
coccinelle.g = cocci.make_ident(NEW[f])

// Tests that read naturally once reversed.
@cancel_test disable not_int1, not_int2@
identifier old_cancel.f, rename.g;
expression list es;
position old_cancel.p;
expression E1, E2;
symbol false, true;
@@
(
- f@p(es) ? E1 : E2
+ g(es) ? E2 : E1
|
- !f@p(es)
+ g(es)
|
- f@p(es) == 0
+ g(es)
|
- f@p(es) == false
+ g(es)
|
- f@p(es) != 0
+ !g(es)
|
- f@p(es) == true
+ !g(es)
|
- f@p(es) == 1
+ !g(es)
)

// Any other use of the value: the kernel's bool, exactly.
@old_cancel_value@
identifier f = {cancel_work, cancel_work_sync, cancel_delayed_work,
		cancel_delayed_work_sync};
expression list es;
position p != unused.p;
@@
f@p(es)

@script:python rename_value@
f << old_cancel_value.f;
g;
@@
coccinelle.g = cocci.make_ident(NEW[f])

@cancel_value@
identifier old_cancel_value.f, rename_value.g;
expression list es;
position old_cancel_value.p;
@@
- f@p(es)
+ !g(es)

// --- the mods and flushes: an answer taken before the call ---------------

// Results stored by a statement of their own, found before anything
// changes: they become the read and the call, two statements.
@stored@
expression ret, wq, dw, t, cpu, w;
type T;
identifier id;
position p;
@@
(
  ret = mod_delayed_work@p(wq, dw, t);
|
  ret = mod_delayed_work_on@p(cpu, wq, dw, t);
|
  ret = flush_work@p(w);
|
  ret = flush_delayed_work@p(dw);
|
  T id = mod_delayed_work@p(wq, dw, t);
|
  T id = mod_delayed_work_on@p(cpu, wq, dw, t);
|
  T id = flush_work@p(w);
|
  T id = flush_delayed_work@p(dw);
)

// Any other value: one expression with the same value, the call inside.
@mod_value@
expression wq, dw, t, cpu;
position p != {unused.p, stored.p};
symbol remove_delayed_work;
@@
(
- mod_delayed_work@p(wq, dw, t)
+ (!remove_delayed_work(dw) ? (mod_delayed_work(wq, dw, t), 1) :
+  (mod_delayed_work(wq, dw, t), 0))
|
- mod_delayed_work_on@p(cpu, wq, dw, t)
+ (!remove_delayed_work(dw) ? (mod_delayed_work_on(cpu, wq, dw, t), 1) :
+  (mod_delayed_work_on(cpu, wq, dw, t), 0))
)

@flush_value@
expression w, dw;
position p != {unused.p, stored.p};
@@
(
- flush_work@p(w)
+ /* TODO kwq: "it waited" was also true for a running instance */
+ (work_pending(w) ? (flush_work(w), 1) : (flush_work(w), 0))
|
- flush_delayed_work@p(dw)
+ /* TODO kwq: "it waited" was also true for a running instance */
+ (delayed_work_pending(dw) ? (flush_delayed_work(dw), 1) :
+  (flush_delayed_work(dw), 0))
)

// The stored results, now that the value rules are done with.
@mod_stored@
expression ret, wq, dw, t, cpu;
type T;
identifier id;
symbol remove_delayed_work;
@@
(
- ret = mod_delayed_work(wq, dw, t);
+ ret = !remove_delayed_work(dw);
+ mod_delayed_work(wq, dw, t);
|
- ret = mod_delayed_work_on(cpu, wq, dw, t);
+ ret = !remove_delayed_work(dw);
+ mod_delayed_work_on(cpu, wq, dw, t);
|
- T id = mod_delayed_work(wq, dw, t);
+ T id = !remove_delayed_work(dw);
+ mod_delayed_work(wq, dw, t);
|
- T id = mod_delayed_work_on(cpu, wq, dw, t);
+ T id = !remove_delayed_work(dw);
+ mod_delayed_work_on(cpu, wq, dw, t);
)

@flush_stored@
expression ret, w, dw;
type T;
identifier id;
@@
(
- ret = flush_work(w);
+ /* TODO kwq: "it waited" was also true for a running instance */
+ ret = work_pending(w);
+ flush_work(w);
|
- ret = flush_delayed_work(dw);
+ /* TODO kwq: "it waited" was also true for a running instance */
+ ret = delayed_work_pending(dw);
+ flush_delayed_work(dw);
|
- T id = flush_work(w);
+ /* TODO kwq: "it waited" was also true for a running instance */
+ T id = work_pending(w);
+ flush_work(w);
|
- T id = flush_delayed_work(dw);
+ /* TODO kwq: "it waited" was also true for a running instance */
+ T id = delayed_work_pending(dw);
+ flush_delayed_work(dw);
)
