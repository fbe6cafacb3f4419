#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The goals part of `make bench` (also `make bench-goals`): runs
# build/bench/bench-timers (issue 3's timer goals, and issue 5's delayed
# work at scale against libuv and GLib) and build/bench/bench-manager
# (issue 7's concurrency-manager goals), alternating the two programs over
# several repetitions so that a slow minute of the machine hits both alike.
# It prints a table of medians and min..max with each goal and whether kwq
# meets it, and writes build/bench/goals.csv (per figure: median, min, max,
# runs), build/bench/goals-raw.csv (every run) and build/bench/goals.md; a
# full run also writes docs/benchmarks-goals.md with the machine it ran on.
#
# Environment: BENCH_BUILD (the build directory, default build),
# BENCH_QUICK=1 (3 shorter repetitions; docs/ is left alone),
# BENCH_GOALS_REPS (repetitions, default 7), BENCH_GOALS_DOC (where the
# Markdown report goes).  POSIX sh and awk only.

set -eu

build=${BENCH_BUILD:-build}
out=$build/bench
quick=${BENCH_QUICK:-}
[ "$quick" = 0 ] && quick=
if [ -n "$quick" ]; then
	reps=${BENCH_GOALS_REPS:-3}
	qflag=-q
	doc=${BENCH_GOALS_DOC:-}
else
	reps=${BENCH_GOALS_REPS:-7}
	qflag=
	doc=${BENCH_GOALS_DOC:-docs/benchmarks-goals.md}
fi
if ! [ "$reps" -ge 1 ] 2>/dev/null; then
	echo "run.sh: bad repetitions: $reps" >&2
	exit 2
fi

for p in bench-timers bench-manager; do
	[ -x "$out/$p" ] || { echo "run.sh: $out/$p is not built" >&2; exit 2; }
done

raw=$out/goals-raw.csv
csv=$out/goals.csv
md=$out/goals.md
tmp=$out/goals-run.tmp
trap 'rm -f "$tmp"' EXIT INT TERM

loadavg() { cut -d' ' -f1 /proc/loadavg; }

load0=$(loadavg)
t0=$(date +%s)
echo "rep,metric,impl,param,value" > "$raw"

# One run of program $1 for repetition $2, its lines tagged with the rep.
run1() {
	"$out/$1" $qflag -r "$2" > "$tmp" ||
		{ echo "run.sh: $1 failed in repetition $2" >&2; exit 1; }
	sed "s/^/$2,/" "$tmp" >> "$raw"
}

echo "kwq goal benchmarks${quick:+ (quick)}: $reps repetitions of" \
	"bench-timers and bench-manager, alternating" >&2
i=1
while [ "$i" -le "$reps" ]; do
	printf '  repetition %d/%d\n' "$i" "$reps" >&2
	if [ $((i % 2)) -eq 1 ]; then
		run1 bench-timers "$i"
		run1 bench-manager "$i"
	else
		run1 bench-manager "$i"
		run1 bench-timers "$i"
	fi
	i=$((i + 1))
done

load1=$(loadavg)
secs=$(($(date +%s) - t0))
cpus=$(nproc)
model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
kernel="$(uname -s) $(uname -r)"
when=$(date -u '+%Y-%m-%d %H:%M UTC')
rev=$(git describe --always --dirty 2>/dev/null || echo unknown)

awk -F, -v csv="$csv" -v md="$md" -v reps="$reps" -v cpus="$cpus" \
	-v model="$model" -v kernel="$kernel" -v when="$when" -v rev="$rev" \
	-v load0="$load0" -v load1="$load1" -v secs="$secs" \
	-v quick="$quick" '
function add(k, v) {
	if (!(k in n)) {
		keys[++nkeys] = k
		n[k] = 0
	}
	x[k, ++n[k]] = v + 0
}

# Sorted copy of the runs of k in s[1..n[k]].
function sorted(k,    i, j, t) {
	for (i = 1; i <= n[k]; i++)
		s[i] = x[k, i]
	for (i = 2; i <= n[k]; i++)
		for (j = i; j > 1 && s[j - 1] > s[j]; j--) {
			t = s[j]; s[j] = s[j - 1]; s[j - 1] = t
		}
}

function med(k,    m) {
	if (!n[k])
		return ""
	sorted(k)
	m = int((n[k] + 1) / 2)
	return n[k] % 2 ? s[m] : (s[m] + s[m + 1]) / 2
}

function mn(k) { sorted(k); return s[1] }
function mx(k) { sorted(k); return s[n[k]] }

function fmt(v) {
	if (v == "")
		return "n/a"
	if (v == int(v))
		return sprintf("%d", v)
	if (v < 0 ? -v >= 100 : v >= 100)
		return sprintf("%.0f", v)
	if (v < 0 ? -v >= 10 : v >= 10)
		return sprintf("%.1f", v)
	return sprintf("%.2f", v)
}

# "median (min..max)" of the runs of k.
function cell(k) {
	if (!n[k])
		return "not measured"
	if (n[k] == 1 || mn(k) == mx(k))
		return fmt(med(k))
	return fmt(med(k)) " (" fmt(mn(k)) ".." fmt(mx(k)) ")"
}

function meets(v, op, thr) {
	return op == "<" ? v < thr : op == "<=" ? v <= thr : v == thr
}

# Whether kwq meets "stat op thr" over the runs of k: stat "median" judges
# the median, "every run" the worst run.  How many runs meet it, too.
function verdict(k, op, thr, stat,    i, c, v) {
	if (!n[k])
		return "not measured"
	c = 0
	for (i = 1; i <= n[k]; i++)
		c += meets(x[k, i], op, thr)
	v = stat == "median" ? meets(med(k), op, thr) : c == n[k]
	return (v ? "yes" : "NO") " (" c "/" n[k] " runs)"
}

function row(fig, kwq, peers, goal, ver) {
	nrows++
	r_fig[nrows] = fig; r_kwq[nrows] = kwq; r_peer[nrows] = peers
	r_goal[nrows] = goal; r_ver[nrows] = ver
	if (ver ~ /^NO/)
		short[++nshort] = fig ": kwq " kwq ", goal " goal "; met in " \
			substr(ver, 5, length(ver) - 5)
}

function section(title) {
	nrows++
	r_fig[nrows] = "## " title
}

# A peer'"'"'s median and how many times kwq'"'"'s it is.
function peer(name, k, kk) {
	if (!n[k])
		return ""
	return name " " fmt(med(k)) (n[kk] && med(kk) > 0 ? \
		" (" fmt(med(k) / med(kk)) "x kwq)" : "")
}

NR == 1 { next }
{
	k = $2 "," $3 "," $4
	add(k, $5)
	val[$1, k] = $5
	if (!($1 in seen)) {
		seen[$1] = 1
		rlist[++nr] = $1
	}
}

END {
	split("kwq libuv glib", im, " ")
	for (i = 1; i <= nr; i++)
		for (j = 1; j <= 3; j++) {
			a = rlist[i] SUBSEP "arm_cancel_ns," im[j] ",1000"
			b = rlist[i] SUBSEP "arm_cancel_ns," im[j] ",1000000"
			if ((a in val) && (b in val) && val[a] > 0)
				add("arm_cancel_flat," im[j] ",1M/1k", \
				    val[b] / val[a])
		}

	print "metric,impl,param,median,min,max,runs" > csv
	for (i = 1; i <= nkeys; i++) {
		k = keys[i]
		print k "," med(k) "," mn(k) "," mx(k) "," n[k] > csv
	}
	close(csv)

	section("Delayed work: the timer engine (issue 3; issue 5 item 5)")
	split("1000 100000 1000000", sz, " ")
	split("1k 100k 1M", szn, " ")
	for (i = 1; i <= 3; i++) {
		kk = "arm_cancel_ns,kwq," sz[i]
		row("arm+cancel, " szn[i] " armed (ns per pair)", cell(kk), \
		    peer("libuv", "arm_cancel_ns,libuv," sz[i], kk) "; " \
		    peer("GLib", "arm_cancel_ns,glib," sz[i], kk), \
		    "< 100 ns", verdict(kk, "<", 100, "median"))
	}
	kk = "arm_cancel_flat,kwq,1M/1k"
	row("arm+cancel, 1M armed / 1k armed", cell(kk), \
	    peer("libuv", "arm_cancel_flat,libuv,1M/1k", "") "; " \
	    peer("GLib", "arm_cancel_flat,glib,1M/1k", ""), \
	    "<= 2x", verdict(kk, "<=", 2, "median"))
	row("lateness p50, 1 ms..1 s, 100k armed (us)", \
	    cell("late_p50_us,kwq,100000"), "", "-", "-")
	kk = "late_p99_us,kwq,100000"
	row("lateness p99 (us)", cell(kk), "", "< 2000 us", \
	    verdict(kk, "<", 2000, "median"))
	row("lateness max (us)", cell("late_max_us,kwq,100000"), "", "-", "-")
	kk = "late_early,kwq,100000"
	row("items started early (count)", cell(kk), "", "0 in every run", \
	    verdict(kk, "==", 0, "every run"))
	kk = "idle_wakeups_per_s,kwq,0"
	row("idle wake-ups per s, 0 armed", cell(kk), "", "0", \
	    verdict(kk, "==", 0, "median"))
	kk = "idle_wakeups_per_s,kwq,1000000"
	row("idle wake-ups per s, 1M armed far ahead", cell(kk), "", "<= 2", \
	    verdict(kk, "<=", 2, "median"))

	section("Concurrency manager (issue 7)")
	row("200 x 10 ms sleepers on system_wq (ms)", \
	    cell("sleepers_ms,kwq,200"), \
	    "200 threads " fmt(med("sleepers_ms,unlimited,200")) \
	    "; 4-thread pool " fmt(med("sleepers_ms,pool4,200")), "-", "-")
	kk = "sleepers_ratio,kwq/unlimited,200"
	row("sleepers: kwq / 200 threads", cell(kk), \
	    "4-thread pool / 200 threads " \
	    fmt(med("sleepers_ratio,pool4/unlimited,200")), "<= 3x", \
	    verdict(kk, "<=", 3, "median"))
	kk = "compute_mitems_s,kwq," (quick ? 200000 : 1000000)
	row("compute items (" fmt(med("compute_item_ns,kwq," \
	    (quick ? 200000 : 1000000))) " ns each), M items/s", cell(kk), \
	    "", "not lower than before issue 7", \
	    "not judged: no build from before issue 7 is measured here")
	kk = "compute_max_running,kwq," (quick ? 200000 : 1000000)
	row("compute: most kwq workers in state R at once", cell(kk), "", \
	    "<= " cpus " CPUs in every run", \
	    verdict(kk, "<=", cpus, "every run"))
	kk = "idle_wakeups_per_s,kwq,after-load"
	row("idle wake-ups per s after the load", cell(kk), "", "0", \
	    verdict(kk, "==", 0, "median"))

	# The terminal table: aligned columns.
	hdr[1] = "figure"; hdr[2] = "kwq median (min..max)"
	hdr[3] = "peers (median)"; hdr[4] = "goal"; hdr[5] = "kwq meets it?"
	for (c = 1; c <= 5; c++)
		w[c] = length(hdr[c])
	for (i = 1; i <= nrows; i++) {
		if (r_fig[i] ~ /^## /)
			continue
		if (length(r_fig[i]) > w[1]) w[1] = length(r_fig[i])
		if (length(r_kwq[i]) > w[2]) w[2] = length(r_kwq[i])
		if (length(r_peer[i]) > w[3]) w[3] = length(r_peer[i])
		if (length(r_goal[i]) > w[4]) w[4] = length(r_goal[i])
	}
	f = "%-" w[1] "s  %-" w[2] "s  %-" w[3] "s  %-" w[4] "s  %s\n"
	printf "\nkwq goals: %d runs of each program, median (min..max)\n", reps
	printf "%d CPUs (%s), %s, %s, kwq %s\n", cpus, model, kernel, when, rev
	printf "load average %s at the start, %s at the end; %d s\n", \
	    load0, load1, secs
	for (i = 1; i <= nrows; i++) {
		if (r_fig[i] ~ /^## /) {
			printf "\n%s\n", substr(r_fig[i], 4)
			printf f, hdr[1], hdr[2], hdr[3], hdr[4], hdr[5]
			continue
		}
		printf f, r_fig[i], r_kwq[i], r_peer[i], r_goal[i], r_ver[i]
	}
	print ""
	if (nshort) {
		print "Where kwq falls short:"
		for (i = 1; i <= nshort; i++)
			print "  - " short[i]
	} else {
		print "kwq meets every goal judged here."
	}

	# The Markdown report.
	print "# kwq against its speed goals (issues 3 and 7)" > md
	print "" > md
	print "`make bench` (and `make bench-goals`) runs `bench/goals/run.sh`," > md
	print "which runs" > md
	print "`build/bench/bench-timers` and `build/bench/bench-manager`" > md
	print "(sources in `bench/goals/`) " reps " times each, alternating them," > md
	print "and judges kwq against the speed goals of issue 3 (delayed work)" > md
	print "and issue 7 (concurrency manager); the arm+cancel figures also" > md
	print "compare kwq with libuv and GLib timers (issue 5, item 5).  This" > md
	print "page is rewritten by every full run; `make bench BENCH_QUICK=1`" > md
	print "leaves it alone.  Raw figures: `build/bench/goals-raw.csv`;" > md
	print "medians: `build/bench/goals.csv`." > md
	print "" > md
	print "## Latest run" > md
	print "" > md
	print "- Machine: " cpus " CPUs (nproc), " model ", " kernel > md
	print "- Date: " when "; kwq at " rev > md
	print "- Load average (1 min) at the start: " load0 ", at the end: " \
	      load1 "; the run took " secs " s" > md
	print "- " reps " runs of each program; median (min..max) of the" > md
	print "  runs.  A goal on a typical figure is judged on the median, a" > md
	print "  \"never\" goal on the worst run; the runs that meet it are" > md
	print "  counted." > md
	for (i = 1; i <= nrows; i++) {
		if (r_fig[i] ~ /^## /) {
			print "" > md
			print "#" r_fig[i] > md
			print "" > md
			print "| figure | kwq, median (min..max) | peers" \
			      " (median) | goal | kwq meets it? |" > md
			print "|---|---:|---|---|---|" > md
			continue
		}
		print "| " r_fig[i] " | " r_kwq[i] " | " r_peer[i] " | " \
		      r_goal[i] " | " r_ver[i] " |" > md
	}
	print "" > md
	print "## Where kwq falls short" > md
	print "" > md
	if (nshort)
		for (i = 1; i <= nshort; i++)
			print "- " short[i] > md
	else
		print "Nowhere among the goals judged here." > md
	print "" > md
	print "The throughput goal of issue 7 (\"not lower than before this" > md
	print "issue\") is not judged: no build of kwq from before the manager" > md
	print "is measured here; the figure is recorded so that later runs can" > md
	print "be compared with it." > md
	close(md)
}' "$raw"

cat >> "$md" <<'EOF'

## What is measured

- **arm+cancel**: one thread arms one item and cancels it, 200,000 times
  after a warm-up, while 1k, 100k or 1M other items are armed 1 to 2 hours
  ahead on the same queue, loop or context; the item's own delay is 1 to
  5 s.  kwq: `add_delayed_work_to_q()` on `system_wq` and
  `remove_delayed_work()`.  libuv: `uv_timer_start()` and `uv_timer_stop()`
  on one `uv_loop_t`.  GLib: `g_timeout_source_new()`,
  `g_source_set_callback()` (as `g_timeout_add_full()` does) and
  `g_source_attach()` to one `GMainContext`, then `g_source_destroy()` and
  `g_source_unref()`.  Neither loop is run: only arming and cancelling are
  timed.
- **lateness**: 2,000 items with delays from 1 ms to 1 s, spread on a log
  scale, are armed on `system_wq` while 100k items are armed far ahead.
  Lateness is the time the item's function starts minus its due time, the
  clock read just before the add plus the delay.  An item is early when it
  starts before its due time.
- **idle wake-ups**: context switches (voluntary and nonvoluntary) of every
  thread of the process, read from `/proc/self/task/*/status`, over a 2 s
  window after 1 s of quiet; the thread that measures is left out (its
  own sleep is the benchmark's), a thread that exits in the window counts
  as one.  `kwq_set_idle_timeout(50)` is set at the start, so that workers
  made by the earlier load retire before the window instead of inside it.
  The 1M items are armed 1 to 2 hours ahead.
- **sleepers**: 200 items that each sleep 10 ms, added to `system_wq` from
  one thread; time from the first add until the last has finished, against
  200 threads created for the same sleeps (unlimited parallelism) and a
  fixed pool of 4 threads sharing a mutex and a condition variable.
- **compute**: 1 million items, each a calibrated loop of about 1 us with no
  system call, added to `system_wq` from one thread; items per second
  from the first add to the last finish.  A sampler thread reads the
  `stat` file of every thread in `/proc/self/task` every millisecond and
  counts the kwq pool workers and rescuers (threads named `kwq/` followed
  by a CPU number, `u` or `R:`) in state R; the figure is the largest count
  of any sweep.  A sweep reads the threads one after another, so it sees
  states within about a sweep rather than at one instant.
- **idle after the load**: the idle wake-up count above, taken after the
  sleepers and the compute items.
EOF

if [ -n "$doc" ]; then
	cp "$md" "$doc"
	echo "wrote $csv, $raw and $doc" >&2
else
	echo "wrote $csv, $raw and $md" >&2
fi
