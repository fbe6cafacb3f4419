#!/usr/bin/perl
# SPDX-License-Identifier: MIT
#
# The one driver of `make bench`: runs build/bench/bench (and bench-mem, and
# both under callgrind) on kwq and on the libraries users would pick
# instead, and the goal programs build/bench/bench-timers and bench-manager,
# alternating the libraries and the programs (A B C ... A B C ...) over
# several repetitions so that a slow minute of the machine hits them all
# alike.  Every program prints one figure per line, "metric,impl,param,value"
# (bench/bench.h).  The driver takes medians and min..max, judges every goal
# of issues 3, 5, 7, 14 and 24 from this one run, and writes the terminal
# table, build/bench/results.csv and raw.csv, a gnuplot chart of the ratios
# and the report build/bench/report.md; with BENCH_DOCS=1 it also writes
# docs/benchmarks.md, its chart and docs/benchmarks.csv, the reference later
# runs are compared with for regressions.
#
# This file holds the configuration (what is measured, on which libraries,
# how long) and the main sequence; the jobs are modules of bench/lib/KwqBench/:
# Run.pm runs the programs, Stats.pm takes the statistics, Goals.pm judges
# the goals, Output.pm writes the table, CSVs, chart and reports, and
# State.pm holds what they share (the configuration set here, the figures
# gathered).  Dependency direction: run.pl uses Run, Stats, Goals and
# Output; Goals and Output use Stats; all use State; none uses run.pl, nor
# a module beside or above it (tests/layout.t checks the order).
#
# Usage: run.pl [--goals | --producers]  (--goals: the goal programs
# alone, `make bench-goals`; --producers: one and two producers on kwq's
# unbound, bound and ordered queues alone, five repetitions, `make
# bench-producers`, issue 24 §2).  Environment: BENCH_BUILD (the build
# directory, default build), BENCH_QUICK=1 (fewer and shorter runs),
# BENCH_REPS (repetitions), BENCH_DOCS=1 (write docs/), BENCH_REF (the
# reference CSV, default docs/benchmarks.csv).  Perl only, with core
# modules: it runs on a fresh Debian 12.

use strict;
use warnings;
use FindBin;
use lib "$FindBin::Bin/lib";
use KwqBench::State qw(%cfg @kwq @peers @kserial @speers @main @pkinds @all
                       %label %is_kwq %ref_of @metrics %metric %gfig
                       %extra);
use KwqBench::Run qw(snapshot_kwq run_reps run_callgrind run_stepped);
use KwqBench::Stats qw(summarise);
use KwqBench::Goals qw(goals_14 goals_24 goals_5 goals_3 goals_7);
use KwqBench::Output qw(loadavg machine terminal_table write_csv write_raw
                        write_chart report write_file hand_written);

# --- configuration -----------------------------------------------------------

my $quick = $ENV{BENCH_QUICK} ? 1 : 0;
my $docs = $ENV{BENCH_DOCS} ? 1 : 0;
my $only_goals = grep { $_ eq '--goals' } @ARGV;
my $only_producers = grep { $_ eq '--producers' } @ARGV;
my $build = $ENV{BENCH_BUILD} || 'build';
my $out = "$build/bench";

# Where the build is, which run this is, and the workloads' sizes.
%cfg = (
    build => $build, out => $out, bin => "$out/bench",
    binmem => "$out/bench-mem",
    ref => $ENV{BENCH_REF} // 'docs/benchmarks.csv',
    quick => $quick, docs => $docs, only_goals => $only_goals,
    only_producers => $only_producers,
    $quick
    ? (reps => 3, items => 200_000, samples => 2_000, gap_ns => 100_000,
       hol_ns => 200_000_000, ipa_adds => 10_000, ebusy_adds => 1_000,
       wpi_adds => 20_000, mem_items => 100_000)
    : (reps => 7, items => 1_000_000, samples => 10_000, gap_ns => 100_000,
       hol_ns => 2_000_000_000, ipa_adds => 10_000, ebusy_adds => 1_000,
       wpi_adds => 100_000, mem_items => 100_000));
$cfg{reps} = 5 if $only_producers;
$cfg{reps} = $ENV{BENCH_REPS} if $ENV{BENCH_REPS};
die "run.pl: BENCH_DOCS=1 needs a full run (not BENCH_QUICK, not --goals, "
    . "not --producers)\n"
    if $docs && ($quick || $only_goals || $only_producers);

# The libraries: kwq's general queues and their peers (sized to the CPUs),
# kwq's serial queues and the serial peers (one worker).
@kwq = qw(kwq-bound kwq-unbound);
@peers = qw(baseline libuv glib apr);
@kserial = qw(kwq-ordered kwq-unbound-ma1 kwq-unbound-ma2 kwq-bound-ma1);
@speers = qw(baseline-serial glib-serial);
@main = (@kwq, @peers);
# The queue kinds whose two producers must not be slower than one.
@pkinds = qw(kwq-unbound kwq-bound kwq-ordered);
@all = (@kwq, @kserial, @peers, @speers);
%label = (
    'kwq-bound' => 'kwq, bound queue', 'kwq-unbound' => 'kwq, WQ_UNBOUND',
    'kwq-ordered' => 'kwq, ordered queue',
    'kwq-unbound-ma1' => 'kwq, WQ_UNBOUND max_active 1',
    'kwq-unbound-ma2' => 'kwq, WQ_UNBOUND max_active 2',
    'kwq-bound-ma1' => 'kwq, create_workqueue() (bound, max_active 1)',
    'kwq-bound-norseq' => 'kwq, bound queue, no rseq (glibc < 2.35, musl)',
    baseline => 'mutex+condvar pool', libuv => 'libuv uv_queue_work',
    glib => 'GLib GThreadPool', apr => 'APR apr_thread_pool',
    'baseline-serial' => 'mutex+condvar, one worker',
    'glib-serial' => 'GLib GThreadPool, max_threads 1',
    kwq => 'kwq', unlimited => 'a thread per item', pool4 => '4-thread pool',
    thread => 'one thread sleeping to each due time',
);
%is_kwq = map { $_ => 1 } @kwq, @kserial;
# The peer a library's ratio column is taken against.
%ref_of = ((map { $_ => 'baseline' } @main),
              (map { $_ => 'baseline-serial' } @kserial, @speers));

# What the figures table shows, in order.  "better" says which way is good;
# "impls" which libraries run it.  Goal figures (bench-timers,
# bench-manager) are added as they arrive, with ids "metric:param".
my $items = $cfg{items};
@metrics = (
    { id => 'tp1', title => "throughput, 1 producer, $items items",
      unit => 'M items/s', better => 'higher', scale => 1e-6, fmt => '%.2f' },
    { id => 'tp1csw', title => 'context switches per item, 1 producer',
      unit => 'switches', better => 'lower', scale => 1, fmt => '%.4f' },
    { id => 'tp1cpu', title => 'CPU time per item, 1 producer',
      unit => 'ns', better => 'lower', scale => 1, fmt => '%.0f' },
    { id => 'tp2', title => "throughput, 2 producers, $items items",
      unit => 'M items/s', better => 'higher', scale => 1e-6, fmt => '%.2f' },
    { id => 'tp2csw', title => 'context switches per item, 2 producers',
      unit => 'switches', better => 'lower', scale => 1, fmt => '%.4f' },
    { id => 'tp2cpu', title => 'CPU time per item, 2 producers',
      unit => 'ns', better => 'lower', scale => 1, fmt => '%.0f' },
    { id => 'tp2shared', title => 'two producers: share of looks that found '
      . 'the other on the same CPU',
      unit => 'fraction', better => 'neither', scale => 1, fmt => '%.3f' },
    { id => 'rt50', title => "idle round trip p50, $cfg{samples} samples",
      unit => 'us', better => 'lower', scale => 1e-3, fmt => '%.1f' },
    { id => 'rt99', title => 'idle round trip p99',
      unit => 'us', better => 'lower', scale => 1e-3, fmt => '%.1f' },
    { id => 'rt999', title => 'idle round trip p99.9',
      unit => 'us', better => 'lower', scale => 1e-3, fmt => '%.1f' },
    { id => 'rtcpu', title => 'CPU time per idle round trip (process, '
      . "gap of $cfg{gap_ns} ns included)",
      unit => 'us', better => 'lower', scale => 1e-3, fmt => '%.1f' },
    { id => 'rtcsw', title => 'context switches per idle round trip',
      unit => 'switches', better => 'lower', scale => 1, fmt => '%.2f' },
    { id => 'ipa', title => 'instructions per add (callgrind)',
      unit => 'instr', better => 'lower', scale => 1, fmt => '%.0f' },
    { id => 'ipn', title => 'instructions per add (on the machine, '
      . 'single-stepped)',
      unit => 'instr', better => 'lower', scale => 1, fmt => '%.0f',
      impls => [ @kwq, qw(baseline libuv) ] },
    { id => 'ebusy', title => 'instructions per -EBUSY add (callgrind)',
      unit => 'instr', better => 'lower', scale => 1, fmt => '%.0f' },
    { id => 'wpi', title => 'instructions per item on the worker\'s side '
      . '(callgrind)',
      unit => 'instr', better => 'lower', scale => 1, fmt => '%.0f',
      impls => [ @kwq, 'kwq-ordered' ] },
    { id => 'wpf', title => 'instructions per item on the worker\'s side, '
      . 'queue pre-filled (callgrind)',
      unit => 'instr', better => 'lower', scale => 1, fmt => '%.0f',
      impls => [ @kwq, 'kwq-ordered' ] },
    { id => 'hol', title => sprintf('head-of-line: trivial item behind two '
                                    . '%g s sleepers, time to start',
                                    $cfg{hol_ns} / 1e9),
      unit => 'ms', better => 'lower', scale => 1e-6, fmt => '%.1f' },
    { id => 'mem', title => 'bytes per pending item (caller-kept + growth)',
      unit => 'bytes', better => 'lower', scale => 1, fmt => '%.1f' },
    { id => 'allocs', title => 'heap allocations (malloc) per add',
      unit => 'allocs', better => 'lower', scale => 1, fmt => '%.3f' },
);
%metric = map { $_->{id} => $_ } @metrics;

# The goal programs' figures: title, unit, which way is better.
%gfig = (
    arm_cancel_ns => [ 'arm+cancel, ns per pair, %s armed', 'ns', 'lower' ],
    late_p50_us => [ 'timer lateness p50, %s armed', 'us', 'lower' ],
    late_p99_us => [ 'timer lateness p99, %s armed', 'us', 'lower' ],
    late_max_us => [ 'timer lateness max, %s armed', 'us', 'lower' ],
    late_early => [ 'timers started early, %s armed', 'items', 'lower' ],
    late_missing => [ 'timers not run within 10 s, %s armed', 'items',
                      'lower' ],
    late_load_p50_us => [ 'timer lateness p50, both CPUs busy, %s armed',
                          'us', 'lower' ],
    late_load_p99_us => [ 'timer lateness p99, both CPUs busy, %s armed',
                          'us', 'lower' ],
    late_load_max_us => [ 'timer lateness max, both CPUs busy, %s armed',
                          'us', 'lower' ],
    late_load_early => [ 'timers started early, both CPUs busy, %s armed',
                         'items', 'lower' ],
    late_load_missing => [ 'timers not run within 10 s, both CPUs busy, '
                           . '%s armed', 'items', 'lower' ],
    idle_wakeups_per_s => [ 'idle wake-ups per s, %s', 'per s', 'lower' ],
    idle_threads => [ 'threads while idle, %s', 'threads', 'lower' ],
    sleepers_ms => [ '%s x 10 ms sleepers, time to finish', 'ms', 'lower' ],
    sleepers_ratio => [ '%s x 10 ms sleepers, ratio', 'x', 'lower' ],
    compute_mitems_s => [ 'compute items (about 1 us each), %s items',
                          'M items/s', 'higher' ],
    compute_max_running => [ 'compute: most workers in state R, %s items',
                             'threads', 'lower' ],
    compute_cpus => [ 'compute: CPUs, %s items', 'CPUs', 'lower' ],
    compute_sweeps_over_pct => [ 'compute: sweeps above the CPUs, %s items',
                                 '%', 'lower' ],
    compute_item_ns => [ 'compute: one item, %s items', 'ns', 'lower' ],
);

# --- main ------------------------------------------------------------------

for my $p ($only_producers ? ($cfg{bin})
           : ($cfg{bin}, $cfg{binmem}, "$out/bench-timers",
              "$out/bench-manager")) {
    die "run.pl: $p not built (make bench builds it)\n" unless -x $p;
}
snapshot_kwq();
my $m = machine();
$extra{machine} = "$m->{nproc} CPUs, $m->{cpu}, $m->{kernel}, $m->{date}";
my $t0 = time;
print STDERR "kwq benchmarks" . ($quick ? ' (quick)' : '')
    . ($only_goals ? ' (goal programs only)' : '')
    . ($only_producers ? ' (one and two producers only)' : '')
    . ": $extra{machine}\n";
run_reps();
run_callgrind() unless $only_goals || $only_producers;
run_stepped() unless $only_goals || $only_producers;
$m->{load1} = loadavg();
summarise();
goals_14() unless $only_goals || $only_producers;
goals_24() unless $only_goals;
goals_5() unless $only_goals || $only_producers;
goals_3() unless $only_producers;
goals_7() unless $only_producers;
print "\nkwq benchmarks: $extra{machine}; $cfg{reps} runs each, median "
    . "[min..max]; load average $m->{load0} -> $m->{load1}\n"
    . terminal_table();
write_csv("$out/results.csv");
write_raw();
write_chart() unless $only_goals || $only_producers;
write_file("$out/report.md", report($m, 'ratios.png'));
if ($docs) {
    write_file('docs/benchmarks.md', report($m, 'benchmarks.png')
               . hand_written('docs/benchmarks.md'));
    system('cp', "$out/ratios.png", 'docs/benchmarks.png')
        if -e "$out/ratios.png";
    system('cp', "$out/results.csv", 'docs/benchmarks.csv');
}
printf "\nCSV: %s/results.csv, %s/raw.csv; chart: %s/ratios.png; "
    . "report: %s/report.md%s (%d s)\n", $out, $out, $out, $out,
    $docs ? ', docs/benchmarks.md, docs/benchmarks.csv' : '', time - $t0;
