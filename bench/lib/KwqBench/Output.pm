# SPDX-License-Identifier: MIT
#
# Writing what `make bench` found: the terminal table, build/bench/
# results.csv (median, min, max and runs of every figure) and raw.csv
# (every run), the gnuplot chart of kwq's ratios to its peers
# (ratios.png), and the report build/bench/report.md, the text BENCH_DOCS=1
# also writes to docs/benchmarks.md, after which the sections of that file
# whose heading says "hand-written" are kept (hand_written()).  It also
# describes the machine (machine(), loadavg()) for the report's header.
# It measures and judges nothing: it reads the figures, their statistics
# and the goals' rows.
#
# Dependency direction: run.pl uses Output; Output uses Stats and State,
# never Run or Goals.

package KwqBench::Output;

use strict;
use warnings;
use Exporter 'import';
use POSIX qw(strftime);
use KwqBench::State qw(%cfg @kwq @peers @main @all %label %ref_of
                       @metrics %metric %extra %stat @raw @goals);
use KwqBench::Stats qw(advantage fmt_stat fmt_ratio);

our @EXPORT_OK = qw(loadavg machine terminal_table write_csv write_raw
                    write_chart report write_file hand_written);

# The 1-minute load average: other jobs on the machine make figures noisier.
sub loadavg {
    open(my $fh, '<', '/proc/loadavg') or return '?';
    my ($l) = split ' ', scalar <$fh>;
    return $l;
}

sub machine {
    my %m;
    chomp($m{nproc} = `nproc`);
    open(my $fh, '<', '/proc/cpuinfo');
    while ($fh && defined(my $l = <$fh>)) {
        if ($l =~ /^model name\s*:\s*(.*)/) { $m{cpu} = $1; last; }
    }
    chomp($m{kernel} = `uname -sr`);
    $m{date} = strftime('%Y-%m-%d %H:%M UTC', gmtime);
    chomp($m{commit} = `git describe --always --dirty 2>/dev/null` || 'unknown');
    my @v = map { chomp(my $x = `pkg-config --modversion $_ 2>/dev/null`); "$_ $x" }
        qw(libuv glib-2.0 apr-1 apr-util-1);
    $m{versions} = join(', ', @v);
    $m{load0} = loadavg();
    return \%m;
}

# The libraries a metric has figures for, in table order.
sub impls_of {
    my ($id) = @_;
    my @known = ('kwq', @all,
                 qw(unlimited pool4 kwq/unlimited pool4/unlimited));
    my %has = map { $_ => 1 } keys %{ $stat{$id} || {} };
    return ((grep { $has{$_} } @known),
            sort(grep { my $i = $_; !grep { $_ eq $i } @known } keys %has));
}

# The goal programs measure libuv's and GLib's timers, not their pools.
my %timer_label = (libuv => 'libuv uv_timer_t',
                   glib => 'GLib timeout source');

sub label_of {
    my ($impl, $id) = @_;
    return $timer_label{$impl} if $metric{$id}{goal} && $timer_label{$impl};
    return $label{$impl} // $impl;
}

# One figure per library: median, min..max, and the ratio to its reference:
# the mutex+condvar pool (its one-worker form for serial queues), or kwq
# for the goal programs' figures.
sub figure_rows {
    my ($id) = @_;
    return map {
        my ($med, $range) = fmt_stat($id, $_);
        my $ref = $metric{$id}{goal} ? 'kwq' : $ref_of{$_};
        [ label_of($_, $id), $med, $range,
          $ref && $ref ne $_ && $stat{$id}{$ref}
              ? fmt_ratio($id, $_, $ref) . " $ref" : '' ]
    } impls_of($id);
}

sub terminal_table {
    my $s = '';
    for my $m (@metrics) {
        next unless $stat{ $m->{id} };
        $s .= sprintf("\n%s (%s, %s is better)\n", $m->{title}, $m->{unit},
                      $m->{better});
        $s .= sprintf("  %-46s %10s  %-21s %s\n", @$_)
            for [ 'library', 'median', 'min..max', 'ratio' ],
                figure_rows($m->{id});
    }
    my $sec = '';
    for my $g (@goals) {
        if ($g->[0] ne $sec) {
            $sec = $g->[0];
            $s .= "\ngoals: $sec\n";
        }
        $s .= sprintf("  %-8s %s\n           measured: %s\n           "
                      . "goal: %s\n", $g->[4] =~ /^(met|NOT MET)/
                      ? $1 : '-', $g->[1], $g->[2], $g->[3]);
        $s .= "           $g->[4]\n" unless $g->[4] =~ /^(met|NOT MET)$/;
    }
    return $s;
}

sub write_csv {
    my ($file) = @_;
    open(my $fh, '>', $file) or die "$file: $!";
    print $fh "metric,impl,unit,better,median,min,max,runs\n";
    for my $m (@metrics) {
        for my $impl (impls_of($m->{id})) {
            my $s = $stat{ $m->{id} }{$impl};
            print $fh join(',', $m->{id}, $impl, $m->{unit}, $m->{better},
                           (map { sprintf('%.6g', $_) } @$s{qw(med min max)}),
                           $s->{n}), "\n";
        }
    }
    close $fh;
}

sub write_raw {
    open(my $fh, '>', "$cfg{out}/raw.csv") or die "$cfg{out}/raw.csv: $!";
    print $fh "rep,program,workload,metric,impl,param,value\n";
    print $fh join(',', @$_), "\n" for @raw;
    close $fh;
}

# The metrics the chart shows, with short labels.
my @chart = (
    [ tp1 => 'throughput\n1 producer' ], [ tp2 => 'throughput\n2 producers' ],
    [ rt50 => 'round trip\np50' ], [ rt99 => 'round trip\np99' ],
    [ rt999 => 'round trip\np99.9' ], [ ipa => 'instructions\nper add' ],
    [ hol => 'head-of-line\nblocking' ], [ mem => 'bytes per\npending item' ],
);

sub clip {
    my ($v, $lo, $hi) = @_;
    return $v < $lo ? $lo : $v > $hi ? $hi : $v;
}

sub write_chart {
    my $dat = "$cfg{out}/ratios.dat";
    open(my $fh, '>', $dat) or die "$dat: $!";
    print $fh '# metric ', join(' ', map { my $k = $_; map { "$k/$_" } @peers } @kwq),
        "\n";
    for my $c (@chart) {
        my ($id, $lab) = @$c;
        my @v = map { my $k = $_; map {
            my $a = advantage($id, $k, $_);
            # Clipped to the axis: a kwq figure near 0 makes the ratio huge.
            defined $a ? sprintf('%.4g', clip($a, 0.01, 10000)) : '?'
        } @peers } @kwq;
        print $fh "\"$lab\" @v\n";
    }
    close $fh;
    my $np = @peers;
    my @titles = map { $label{$_} } @peers;
    my $plot = sub {
        my ($first) = @_;
        join(', ', map {
            my $col = $first + $_;
            "'$dat' using $col:xtic(1) title '$titles[$_ - 2]'"
        } 2 .. $np + 1);
    };
    open($fh, '>', "$cfg{out}/ratios.gp") or die "$cfg{out}/ratios.gp: $!";
    print $fh <<"EOF";
set terminal pngcairo size 1100,940 font 'sans,10' noenhanced
set output '$cfg{out}/ratios.png'
set multiplot layout 2,1 title "kwq against its peers: how many times better kwq is (above 1: kwq better; log scale; clipped at 0.01x and 10000x)\\n@{[ $cfg{reps} == 1 ? '1 run' : "$cfg{reps} runs" ]} each, medians; $extra{machine}" font 'sans,11'
set datafile missing '?'
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set logscale y
set yrange [0.01:10000]
set ytics ('0.01x' 0.01, '0.1x' 0.1, '1x' 1, '10x' 10, '100x' 100, '1000x' 1000, '10000x' 10000)
set grid ytics
set key outside top center horizontal
set tmargin 2.5
set bmargin 3.5
set arrow from graph 0, first 1 to graph 1, first 1 nohead lw 2 lc rgb 'black' front
set label 1 'kwq, bound queue (system_wq style)' at graph 0.01, graph 0.94 left font 'sans,11'
plot @{[ $plot->(0) ]}
unset key
set label 1 'kwq, WQ_UNBOUND queue' at graph 0.01, graph 0.94 left font 'sans,11'
plot @{[ $plot->($np) ]}
unset multiplot
EOF
    close $fh;
    system('gnuplot', "$cfg{out}/ratios.gp") == 0
        or print STDERR "gnuplot failed; see $cfg{out}/ratios.gp\n";
}

sub md_figures {
    my ($goalfigs) = @_;
    my $s = "| figure | library | median (min..max) | ratio |\n"
        . "|---|---|---:|---|\n";
    for my $m (@metrics) {
        next unless $stat{ $m->{id} } && !$m->{goal} == !$goalfigs;
        my $first = 1;
        for my $r (figure_rows($m->{id})) {
            my ($lab, $med, $range, $ratio) = @$r;
            $s .= sprintf("| %s | %s | %s | %s |\n", $first
                          ? "$m->{title} ($m->{unit}, $m->{better} is better)"
                          : '', $lab, $range ? "$med ($range)" : $med,
                          $ratio);
            $first = 0;
        }
    }
    return $s;
}

sub md_ratios {
    my $s = "| metric | " . join(' | ', map { my $k = $_;
        map { "$k / $_" } @peers } @kwq) . " |\n";
    $s .= '|---|' . ('---:|' x (@kwq * @peers)) . "\n";
    for my $m (@metrics) {
        my $id = $m->{id};
        next unless grep { $stat{$id}{$_} } @peers;
        next unless grep { $stat{$id}{$_} } @kwq;
        $s .= "| $m->{title} ($m->{better} is better) | " . join(' | ', map {
            my $k = $_; map { fmt_ratio($id, $k, $_) } @peers } @kwq) . " |\n";
    }
    return $s;
}

sub md_goals {
    my $s = '';
    my $sec = '';
    for my $g (@goals) {
        if ($g->[0] ne $sec) {
            $sec = $g->[0];
            $s .= "\n### Goals: $sec\n\n| figure | measured, median "
                . "(min..max) | goal | met? |\n|---|---|---|---|\n";
        }
        my $v = $g->[4] =~ /^(met|NOT MET)/ ? "**$g->[4]**" : $g->[4];
        $s .= "| $g->[1] | $g->[2] | $g->[3] | $v |\n";
    }
    my @short = grep { $_->[4] =~ /^NOT MET/ } @goals;
    $s .= "\n### Where kwq falls short\n\n" . (@short
        ? join('', map { "- $_->[0]: $_->[1]: $_->[2] (goal $_->[3])\n" }
               @short)
        : "Nowhere among the goals judged here.\n");
    return $s;
}

sub md_notes {
    my $notes = '';
    for my $k (@kwq) {
        my $g = $extra{getcpu}{ipa}{$k} or next;
        $notes .= sprintf("- Instructions per add, %s: %.0f of them are "
            . "glibc's sched_getcpu(), which kwq calls only where rseq is "
            . "not registered, as under valgrind; natively an add reads "
            . "its CPU from rseq's cpu_id in one load (the fallback's own "
            . "path, around the call, is counted too), as the "
            . "single-stepped row counts.\n",
            $label{$k}, $g);
    }
    for my $k (@kwq) {
        my $eb = $extra{ebusy}{$k};
        $notes .= "- The -EBUSY figure for $k counts $cfg{ebusy_adds} adds of "
            . "one pending item; $eb of them returned -EBUSY.\n" if defined $eb;
    }
    for my $impl (@main) {
        my $h = $extra{hol_started}{$impl} or next;
        my @c = map { "$_ of 2 in $h->{$_} run" . ($h->{$_} > 1 ? 's' : '') }
            sort { $b <=> $a } keys %$h;
        $notes .= "- Head-of-line, $label{$impl}: sleepers already running "
            . "when the trivial item was added: " . join(', ', @c) . ".\n";
    }
    for my $impl (@main) {
        my $r = $extra{mem}{$impl} or next;
        $notes .= "- Memory, $label{$impl} (last run): the caller keeps "
            . "$r->{caller_bytes} bytes per item; per pending item the "
            . "malloc heap grew $r->{heap_bytes_per_pending} bytes and the "
            . "resident memory $r->{rss_bytes_per_pending}; malloc calls per "
            . "item, all threads, add to run: "
            . "$r->{allocs_per_item_all_threads}.\n";
    }
    $notes .= "- A run that failed, so its figures have fewer runs: $_.\n"
        for @{ $extra{failed} || [] };
    return $notes || "- (none)\n";
}

sub report {
    my ($m, $png) = @_;
    my $c = \%cfg;
    my $text = <<"EOF";
# kwq benchmarks

`make bench` measures kwq against the libraries a C programmer would pick
instead (issue 5): libuv's thread pool, GLib's GThreadPool, APR's
apr_thread_pool, and a plain mutex+condvar pool written in `bench/baseline.c`
as the baseline; kwq's serial queues against the serial peers (issue 14);
and kwq's timers and concurrency manager against their goals (issues 3 and
7), with kwq's timers against libuv's and GLib's.  One driver,
`bench/run.pl`, runs every program and judges every goal from the same run.
Each run writes this report to `build/bench/report.md`, the figures to
`build/bench/results.csv` and `build/bench/raw.csv`, and the chart to
`build/bench/ratios.png`; `make bench BENCH_DOCS=1` also writes it to
`docs/benchmarks.md` (with `docs/benchmarks.png`, and `docs/benchmarks.csv`,
the reference the next runs are compared with).  `make bench BENCH_QUICK=1`
is a shorter run for development; `make bench-goals` runs the timer and
manager programs alone.

## Latest run

- Machine: $m->{nproc} CPUs, $m->{cpu}, $m->{kernel}
- Date: $m->{date}; kwq at $m->{commit}@{[
  $cfg{quick} ? ' (a quick run)' : '' ]}
- Load average (1 min) at the start: $m->{load0}, at the end: $m->{load1}@{[
  $m->{load0} > 0.5 || $m->{load1} > 0.5 ? "; other jobs were running, so
  the spread (min..max) is wider than on a quiet machine" : '' ]}
- Peers (Debian's packages): $m->{versions}
- $c->{reps} repetitions, the libraries and programs alternating within each;
  median (min..max) of the runs.  Instructions per add come from three
  callgrind runs each, per -EBUSY add from one.  A goal on a typical
  figure is judged on the median, a "never" goal on the worst run; where
  runs are counted, "(n/m runs)" says how many met it.
@{[ md_goals() ]}
### Figures

The ratio is to the mutex+condvar pool, or for serial queues to its
one-worker form; above 1 is better where higher is better.

@{[ md_figures(0) ]}
### Figures of the goal programs

The ratio is to kwq's figure.

@{[ md_figures(1) ]}
### Ratios kwq / peer

Above 1 is better for kwq where higher is better (throughput), below 1 where
lower is better (times, instructions, bytes).

@{[ md_ratios() ]}
![kwq against its peers]($png)

### Notes on this run

@{[ md_notes() ]}
## What is measured

All libraries run the same items: a struct whose function is called by the
library and reports back through a futex word (`bench/common.c`), so the
notification costs the same everywhere.  The peers get as many worker
threads as there are CPUs (libuv through `UV_THREADPOOL_SIZE`, GLib as an
exclusive pool, APR with initial = maximum threads, the baseline fixed);
kwq sizes its pools itself.  kwq runs on a bound queue
(`alloc_workqueue("bench", 0, 0)`, items run on the adding CPU's pool, as on
the kernel's `system_wq`) and on a `WQ_UNBOUND` one; and, against the
serial peers (the baseline with one worker, a GLib pool with
`max_threads` = 1), on the queues users pick to serialise work:
`alloc_ordered_workqueue()`, `WQ_UNBOUND` with `max_active` 1 and 2, and
`create_workqueue()` (bound, `max_active` 1).  Each figure comes from a
fresh process (`build/bench/bench WORKLOAD LIBRARY ARGS`).

1. **Throughput**: $c->{items} trivial items (an atomic increment), added by
   one thread or split over two, all items allocated and initialised before
   the clock starts; the time until every item has run and every adding
   thread has returned.  libuv allows `uv_queue_work()` only on the thread
   running its loop, so each adding thread has its own loop and runs it until
   its requests are reaped, as a libuv program must.  Every library runs the
   one-producer figure; the general queues also the two-producer one.
2. **Context switches and CPU per item**: over the same timed part, the
   process's context switches (voluntary and not, `getrusage(RUSAGE_SELF)`:
   every thread, those that exited included) and its CPU time (user and
   system), divided by the items.  The adding and measuring threads count
   as well as the library's workers.
3. **Idle round trip**: $c->{samples} samples (after 100 unrecorded ones),
   each after a $c->{gap_ns} ns sleep so that the workers are idle: the time
   from before the add until the adding thread, waiting on a futex, has been
   woken by the item.  CPU time and context switches per round trip are the
   process's over the samples, the sleeps included, so a worker that spins
   before it sleeps shows its cost there.
4. **Instructions per add**: `valgrind --tool=callgrind
   --toggle-collect=ipa_loop`, counting only the adding thread inside a loop
   of $c->{ipa_adds} adds of fresh items to a warmed-up, idle pool; the figure
   is the inclusive cost of the library's add function (`add_work_to_q`,
   `uv_queue_work`, `g_thread_pool_push`, `apr_thread_pool_push`, the
   baseline's `bp_add`) divided by the number of adds.  Wake-ups the adds
   make are included; what the kernel does in the system call is not.
   How many adds find the pool idle and wake a worker depends on how
   valgrind, which runs one thread at a time, and the system's scheduler
   interleave the adder and the workers, so the machine's load moves the
   figure: three runs each, median (min..max).  A kwq add of a fresh item
   to an unbound queue costs 30 instructions when it is pushed (behind
   pushed items, or where it would wait for a slot), about 88 on the
   worklist with a kick that wakes a worker or pokes the manager, the
   system call included (docs/benchmarks.md, "Instructions per add,
   session 22", counts them); a bound add 8 more, for its CPU.
   Under valgrind glibc cannot register rseq, so `sched_getcpu()`, which a
   bound queue calls on every add, takes its fallback path (about 30
   instructions instead of a handful): the bound queue's figure is higher
   here than on the bare machine by about that much.  So the same adds are
   counted on the machine too (`bench ipn`, bench/step.c; this VM has no
   hardware counter): the process's other threads are stopped with
   ptrace and the adding thread is single-stepped through the
   $c->{ipa_adds} adds (the baseline and libuv, whose adds cost the same
   whatever the backlog, a tenth of them), each counted from the entry
   function's first
   instruction to its return, a system call as one instruction.  The
   workers do not run meanwhile, so the adder is ahead of them as under
   valgrind, and the count does not depend on the load: one run each.
   Where rseq makes no difference the two counters agree (the baseline
   and libuv).  The bound queue is counted once more with glibc's rseq
   turned off (`GLIBC_TUNABLES=glibc.pthread.rseq=0`): the path of a
   system whose C library registers none (glibc before 2.35, musl), where
   the CPU comes from `sched_getcpu()`.  GLib and APR are not stepped (some 25 us an instruction
   here, and their adds are hundreds and thousands of instructions).
   Issue 14's goal of 60 per fresh add, and issue 5's of 30 and an
   eighth of libuv's, are judged on this count.  The
   -EBUSY figure adds one item, held pending behind an item that blocks the
   adding CPU's worker, $c->{ebusy_adds} more times, on a queue of the same
   kind with max_active 1 (so that no second worker runs it; the add of a
   pending item does not read its queue).  APR's figure varies from run to
   run: its push walks the tasks already queued to keep them in priority
   order, so it costs more the longer the backlog, which under callgrind
   depends on how the threads were scheduled.
   The worker's side (kwq only: bound, unbound and ordered queues) is
   counted in the same program, $c->{wpi_adds} adds, with
   `--toggle-collect=worker_main`: everything kwq's worker threads execute
   (taking, running and finishing items, going idle and waking, the
   item's function too: a call and an atomic increment), divided by the
   items run, the 100 of the warm-up included; three runs each.  As for
   the adds, how often a worker finds the queue empty and sleeps depends
   on how valgrind interleaves the threads.  The pre-filled row counts the
   same with the library held to as many workers as may run one CPU's
   items at once, each kept on a gate item that spins until all
   $c->{wpi_adds} items are added: then no worker finds its queue empty,
   whatever valgrind's order (the gates' spin, `wpf_gate`, is left out;
   the runs divided by include the warm-up and the gates).
5. **Head-of-line blocking**: two items that sleep @{[ $c->{hol_ns} / 1e9 ]} s are
   added, the program waits up to 100 ms for both to start, then adds one
   trivial item: the time from that add until the item starts.
6. **Memory**: $c->{mem_items} items are added while every item waits at a
   closed gate, so almost all of them are pending.  Bytes per pending item =
   what the caller must keep per item (kwq's `struct work_struct`, libuv's
   `uv_work_t`, the baseline's node; GLib and APR take a pointer) + the
   growth of the process's resident memory during the adds, per item.
   Allocations per add = calls to malloc and friends made by the adding
   thread during the adds, counted by a malloc built into `bench-mem` on
   glibc's `__libc_malloc` (no LD_PRELOAD).  APR draws its task records from
   its own memory pool, whose blocks it maps with mmap: they show in the bytes
   but not in the malloc count.
7. **arm+cancel** (`bench/goals/timers.c`): one thread arms one item and
   cancels it, 200,000 times after a warm-up (50,000 in a quick run), while
   1k, 100k, 1M or 10M other items are armed 1 to 2 hours ahead on the
   same queue, loop or context (GLib to 1M only: arming 10M of its sources
   alone takes minutes); the item's own delay is 1 to 5 s.  kwq:
   `add_delayed_work_to_q()` on `system_wq` and `remove_delayed_work()`.
   libuv: `uv_timer_start()` and `uv_timer_stop()` on one `uv_loop_t`.
   GLib: `g_timeout_source_new()`, `g_source_set_callback()` and
   `g_source_attach()` to one `GMainContext`, then `g_source_destroy()` and
   `g_source_unref()`.  Neither loop is run: only arming and cancelling are
   timed.
8. **Lateness**: 2,000 items (500 in a quick run) with delays from 1 ms to
   1 s, spread on a log scale, are armed on `system_wq` while 100k items are
   armed far ahead.  Lateness is the time the item's function starts minus
   its due time, the clock read just before the add plus the delay.  An
   item is early when it starts before its due time.  The same is measured
   again with both CPUs busy: one thread per CPU of the process's, at the
   program's own priority, spins on arithmetic from before the first add
   until the last item has started.
9. **Idle wake-ups**: context switches (voluntary and nonvoluntary) of every
   thread of the process, read from `/proc/self/task/*/status`, over a 2 s
   window after 1 s of quiet; the thread that measures is left out (its
   own sleep is the benchmark's), a thread that exits in the window counts
   as one.  `kwq_set_idle_timeout(50)` is set at the start, so that workers
   made by the earlier load retire before the window instead of inside it.
   The 1M items are armed 1 to 2 hours ahead.
10. **Sleepers** (`bench/goals/manager.c`): 200 items that each sleep 10 ms,
   added to `system_wq` from one thread; time from the first add until the
   last has finished, against 200 threads created for the same sleeps
   (unlimited parallelism) and a fixed pool of 4 threads sharing a mutex
   and a condition variable.
11. **Compute**: 1 million items (200,000 in a quick run), each a calibrated
   loop of about 1 us with no system call, added to `system_wq` from one
   thread; items per second from the first add to the last finish.  A
   sampler thread reads the `stat` file of every thread in
   `/proc/self/task` every millisecond and counts the kwq pool workers and
   rescuers (threads named `kwq/` followed by a CPU number, `u` or `R:`) in
   state R; the figure is the largest count of any sweep.  The idle
   wake-ups after the load are counted as in 9.
12. **Regressions**: the bound queue's throughput and the timer and manager
   figures are compared with a reference run, `docs/benchmarks.csv` (written
   by `make bench BENCH_DOCS=1`; `BENCH_REF=FILE` names another): a figure
   has regressed when this run's median is worse than the reference's worst
   run.

libdispatch and oneTBB, whose figures issue 5 quotes, are not among the peers
built here (the issue asks for libuv, GLib and APR); the 13.6 M/s goal takes
the issue's libdispatch figure as given.  Issue 14's goal of a written
design that reaches 30 instructions per add is not a figure: the
instructions-per-add rows show where the code stands.

The worker side per item (`wpi`) is counted under callgrind; how, and
the figures of each change, are in the hand-written section "Worker side
per item" of docs/benchmarks.md.

EOF
    return $text;
}

sub write_file {
    my ($file, $text) = @_;
    open(my $fh, '>', $file) or die "$file: $!";
    print $fh $text;
    close $fh;
}

# The sections of @file that no run writes, to keep when it is rewritten:
# each "## " section whose heading says "hand-written", to the next heading
# of its level.
sub hand_written {
    my ($file) = @_;
    my $text = do {
        local $/;
        open(my $fh, '<', $file) or return '';
        <$fh>;
    };
    my @kept = $text =~ /(^## [^\n]*hand-written.*?)(?=^## |\z)/gms;
    return join('', map { "\n$_" =~ s/\n+\z/\n/r } @kept);
}

1;
