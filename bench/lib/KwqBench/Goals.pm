# SPDX-License-Identifier: MIT
#
# Judging the goals of `make bench`: issue 14's table (kwq's speed, with the
# regression check against the reference run, docs/benchmarks.csv or
# BENCH_REF), issue 24's worker side per item (§1) and two producers
# against one (§2), issue 5's goals against the peers, issue 3's timer
# goals and issue 7's concurrency manager's, each a row of @goals:
# section, figure, what was measured, the goal, and the verdict ("met",
# "NOT MET", "not measured", or why it is not judged, with "(n/m runs)"
# where runs are counted).  It reads the figures and their statistics and
# writes nothing but @goals (and the flatness ratios of arm+cancel, a
# figure of its own).
#
# Dependency direction: run.pl uses Goals; Goals uses Stats and State,
# never Run or Output.

package KwqBench::Goals;

use strict;
use warnings;
use Exporter 'import';
use KwqBench::State qw(%cfg @kwq @pkinds %label @metrics %metric %val
                       @goals record);
use KwqBench::Stats qw(summarise med ratio advantage fmt_val cell fmt_x);

our @EXPORT_OK = qw(goals_14 goals_24 goals_5 goals_3 goals_7);

my $section;	# the section the next goal() row belongs to

sub verdict_of {
    my ($ok) = @_;
    return !defined $ok ? 'not measured' : $ok ? 'met' : 'NOT MET';
}

# One goal row; $ok is true, false, undef (not measured) or a sentence
# saying why the goal is not judged.
sub goal {
    my ($fig, $got, $want, $ok) = @_;
    push @goals, [ $section, $fig, $got, $want,
                   defined $ok && $ok =~ /^not judged/ ? $ok
                                                       : verdict_of($ok) ];
}

# Whether the runs of $id for $impl meet "value op thr": judged on the
# median, or on every run; with how many runs meet it.
sub runs_meet {
    my ($id, $impl, $op, $thr, $every) = @_;
    my $v = $val{$id}{$impl} or return (undef, '');
    my $ok = sub { my $x = shift; $op eq '<' ? $x < $thr
                   : $op eq '<=' ? $x <= $thr : $x == $thr };
    my $c = grep { $ok->($_) } @$v;
    my $res = $every ? $c == @$v : $ok->(med($id, $impl));
    return ($res ? 1 : 0, " ($c/" . @$v . ' runs)');
}

# A goal figure judged on its own runs.
sub goal_runs {
    my ($fig, $id, $impl, $op, $thr, $want, $every, $peers) = @_;
    my ($ok, $runs) = runs_meet($id, $impl, $op, $thr, $every);
    return goal($fig, 'n/a', $want, undef) unless defined $ok;
    goal($fig, cell($id, $impl) . ($peers ? "; $peers" : ''), $want, $ok);
    $goals[-1][4] .= $runs;
}

# "at least $min times the peer" on the medians of $id; @also: other
# peers, shown.
sub goal_ratio {
    my ($fig, $id, $k, $p, $min, @also) = @_;
    my $a = advantage($id, $k, $p);
    goal($fig, join('; ', sprintf('%s: %s vs %s', fmt_x($a), cell($id, $k),
                                  cell($id, $p)),
                    map { fmt_x(advantage($id, $k, $_)) . " $label{$_}" }
                        @also),
         sprintf('>= %gx %s', $min, $label{$p}),
         defined $a ? $a >= $min : undef);
}

# Issue 14's table, row by row.
sub goals_14 {
    $section = "kwq speed (issue 14)";
    goal_ratio('ordered queue, 1 producer: throughput', 'tp1', 'kwq-ordered',
               'baseline-serial', 1.0, 'glib-serial');
    my ($ok) = runs_meet('tp1csw', 'kwq-ordered', '<=', 0.01);
    goal('ordered queue: context switches per item',
         cell('tp1csw', 'kwq-ordered') . '; one-worker baseline '
         . cell('tp1csw', 'baseline-serial'), '<= 0.01', $ok);
    for my $k (qw(kwq-unbound-ma1 kwq-unbound-ma2 kwq-bound-ma1)) {
        goal_ratio("$label{$k}: throughput", 'tp1', $k, 'baseline-serial',
                   0.8, 'glib-serial');
    }
    # Judged on the machine: under valgrind a bound add has no rseq.
    for my $k (@kwq) {
        my ($v, $cg) = (med('ipn', $k), med('ipa', $k));
        goal("instructions per fresh add, $label{$k}",
             fmt_val('ipn', $v) . ' on the machine (callgrind '
             . fmt_val('ipa', $cg) . ')',
             '<= 60 now (<= 30 by the written design)',
             defined $v ? $v <= 60 : undef);
    }
    for my $k (@kwq) {
        my $v = med('ebusy', $k);
        goal("instructions per -EBUSY add, $label{$k}", fmt_val('ebusy', $v),
             '<= 10', defined $v ? $v <= 10 : undef);
    }
    for my $k (@kwq) {
        for my $p ([ rt50 => 'median' ], [ rt99 => 'p99' ]) {
            my ($id, $name) = @$p;
            my ($a, $b) = (med($id, $k), med($id, 'baseline'));
            goal("idle round trip $name, $label{$k}",
                 cell($id, $k) . ' us; baseline ' . cell($id, 'baseline')
                 . ' us', '<= the mutex+condvar baseline\'s',
                 defined $a && defined $b ? $a <= $b : undef);
        }
    }
    my ($idle) = runs_meet('idle_wakeups_per_s:0', 'kwq', '==', 0);
    goal('what a waiting worker costs: CPU per idle round trip, kwq bound '
         . '/ unbound / baseline',
         join(' / ', map { cell('rtcpu', $_) } @kwq, 'baseline')
         . ' us; idle wake-ups per s ' . cell('idle_wakeups_per_s:0', 'kwq'),
         'shown here; idle wake-ups stay 0', $idle);
    for my $p (1, 2) {
        my ($ag, $au) = (advantage("tp$p", 'kwq-unbound', 'glib'),
                         advantage("tp$p", 'kwq-unbound', 'libuv'));
        goal("WQ_UNBOUND, default max_active, $p producer"
             . ($p > 1 ? 's' : '') . ': throughput',
             sprintf('%s GLib, %s libuv (%s M/s)', fmt_x($ag), fmt_x($au),
                     cell("tp$p", 'kwq-unbound')),
             '>= 2x GLib and >= 3x libuv',
             defined $ag && defined $au ? $ag >= 2 && $au >= 3 : undef);
    }
    goals_regression();
}

# Issue 24 §1: the worker's side of an item, judged on the count with the
# queue pre-filled (wpf), the per-item path's own cost, which repeats to a
# tenth of an instruction.  The count by one producer (wpi), shown beside
# it, adds the items a worker meets after sleeping, about 180 instructions
# each, as many as valgrind's one-thread-at-a-time order makes sleep
# (docs/benchmarks.md, "Worker side per item, round two").
sub goals_24_worker {
    return unless $val{wpf};
    $section = "the worker's side of an item (issue 24 §1)";
    for my $k (@{ $metric{wpf}{impls} }) {
        goal_runs("instructions per item on the worker's side, $label{$k}",
                  'wpf', $k, '<=', 120, '<= 120 with the queue pre-filled, '
                  . 'every run', 1, 'by one producer ' . cell('wpi', $k));
    }
}

# Issue 24 §2: two producers at least as fast as one, in every repetition.
# The runs of one repetition are paired (the same minutes of the machine);
# each pair's ratio is listed, with where the producers ran.
sub goals_24 {
    goals_24_worker();
    $section = 'two producers, one mode (issue 24 §2)';
    for my $k (@pkinds) {
        my ($one, $two) = ($val{tp1}{$k}, $val{tp2}{$k});
        unless ($one && $two && @$one == @$two) {
            goal("$label{$k}: 2 producers against 1", 'n/a',
                 '>= 1 producer\'s, every repetition', undef);
            next;
        }
        my @r = map { $two->[$_] / $one->[$_] } 0 .. $#$one;
        my $sh = $val{tp2shared}{$k} || [];
        my $met = grep { $_ >= 1 } @r;
        goal("$label{$k}: 2 producers against 1",
             sprintf('2: %s M/s; 1: %s M/s; per repetition 2/1: %s; '
                     . 'producers on one CPU: %s', cell('tp2', $k),
                     cell('tp1', $k), join(' ', map { sprintf('%.2f', $_) }
                                           @r),
                     join(' ', map { sprintf('%.0f%%', 100 * $_) } @$sh)),
             '>= 1 producer\'s, every repetition',
             $met == @r);
        $goals[-1][4] .= " ($met/" . @r . ' runs)';
        # Beside it, what a loaded machine does not move: the CPU an item
        # costs the process, two producers against one, per repetition.
        my ($c1, $c2) = ($val{tp1cpu}{$k}, $val{tp2cpu}{$k});
        next unless $c1 && $c2 && @$c1 == @$c2;
        goal("$label{$k}: CPU per item, 2 producers against 1",
             sprintf('2: %s ns; 1: %s ns; per repetition 2/1: %s',
                     cell('tp2cpu', $k), cell('tp1cpu', $k),
                     join(' ', map { sprintf('%.2f', $c2->[$_] / $c1->[$_]) }
                          0 .. $#$c1)),
             'shown beside the goal above', 'not judged: the cost the '
             . 'wall-time goal rests on');
    }
}

# The reference run (BENCH_REF): { id => { impl => [ med, min, max ] } }.
sub read_ref {
    my %ref;
    open(my $fh, '<', $cfg{ref}) or return undef;
    <$fh>;
    while (<$fh>) {
        chomp;
        my ($id, $impl, undef, undef, $med, $min, $max) = split /,/;
        $ref{$id}{$impl} = [ $med, $min, $max ] if defined $max;
    }
    return \%ref;
}

# Bound throughput and the timer and manager figures: is this run's median
# beyond the reference run's min..max, on the bad side?
sub goals_regression {
    my $ref = read_ref();
    my @fig = ([ tp1 => 'kwq-bound' ], [ tp2 => 'kwq-bound' ],
               (map { [ "arm_cancel_ns:$_" => 'kwq' ] } 1000, 100000, 1000000),
               [ 'late_p99_us:100000' => 'kwq' ],
               [ 'sleepers_ratio:200' => 'kwq/unlimited' ],
               [ 'compute_mitems_s:' . ($cfg{quick} ? 200000 : 1000000)
                 => 'kwq' ]);
    my (@worse, @same, @missing);
    for my $f (@fig) {
        my ($id, $impl) = @$f;
        my $r = $ref && $ref->{$id}{$impl};
        my $m = med($id, $impl);
        my $name = ($metric{$id} ? $metric{$id}{title} : $id) . " ($impl)";
        unless ($r && defined $m) {
            push @missing, $name;
            next;
        }
        my $bad = $metric{$id}{better} eq 'higher' ? $m < $r->[1]
                                                   : $m > $r->[2];
        push @{ $bad ? \@worse : \@same },
            sprintf('%s %s (reference %s..%s)', $name, fmt_val($id, $m),
                    fmt_val($id, $r->[1]), fmt_val($id, $r->[2]));
    }
    my $got = @worse ? 'worse: ' . join('; ', @worse)
        : @same ? scalar(@same) . ' figures within or better than the '
                  . 'reference\'s min..max' : 'n/a';
    $got .= '; no reference for: ' . join(', ', @missing)
        if @missing && $ref;
    goal('bound queue throughput, timers, manager: against the reference run',
         $got, "no regression beyond the reference run's min..max ($cfg{ref})"
         . ($cfg{quick} ? '; a quick run against a full one is only indicative'
                   : ''),
         !$ref ? "not judged: no reference run ($cfg{ref}; a run with "
                 . 'BENCH_DOCS=1 writes it)'
               : @same || @worse ? !@worse : undef);
}

# Issue 5's goals, for each general kwq queue.
sub goals_5 {
    $section = 'kwq against its peers (issue 5)';
    for my $k (@kwq) {
        my $l = $label{$k};
        # Judged on the machine, as issue 14's: under valgrind a bound
        # add has no rseq and takes the fallback of an older glibc, whose
        # count on the machine is shown beside it.
        my ($ipn, $ipa) = (med('ipn', $k), med('ipa', $k));
        my ($uv, $uvcg) = (med('ipn', 'libuv'), med('ipa', 'libuv'));
        my $norseq = $k eq 'kwq-bound'
            ? '; without rseq ' . fmt_val('ipn', med('ipn', 'kwq-bound-norseq'))
            : '';
        goal("$l: instructions per add",
             sprintf('%s on the machine (libuv %s); callgrind %s (libuv %s)%s',
                     fmt_val('ipn', $ipn), fmt_val('ipn', $uv),
                     fmt_val('ipa', $ipa), fmt_val('ipa', $uvcg), $norseq),
             '<= 30 and <= 1/8 of libuv\'s, on the machine',
             defined $ipn && defined $uv ? $ipn <= 30 && $ipn <= $uv / 8
                                         : undef);
        my $tp1 = med('tp1', $k);
        goal("$l: throughput, 1 producer, M items/s",
             fmt_val('tp1', $tp1) . ' M/s',
             '>= 13.6 M/s, 2x libdispatch\'s 6.8 (the issue\'s figure, '
             . 'not measured here)', defined $tp1 ? $tp1 >= 13.6 : undef);
        for my $p (1, 2) {
            my ($ru, $rg) = (ratio("tp$p", $k, 'libuv'),
                             ratio("tp$p", $k, 'glib'));
            goal("$l: throughput, $p producer" . ($p > 1 ? 's' : ''),
                 sprintf('%s libuv, %s GLib', fmt_x($ru), fmt_x($rg)),
                 '>= 3x libuv and >= 3x GLib',
                 defined $ru && defined $rg ? $ru >= 3 && $rg >= 3 : undef);
        }
        my ($p50, $p99) = (med('rt50', $k), med('rt99', $k));
        goal("$l: idle round trip median", fmt_val('rt50', $p50) . ' us',
             '<= 6 us', defined $p50 ? $p50 <= 6 : undef);
        goal("$l: idle round trip p99", fmt_val('rt99', $p99) . ' us',
             '<= 15 us', defined $p99 ? $p99 <= 15 : undef);
        my $hol = med('hol', $k);
        goal("$l: head-of-line, trivial item starts", fmt_val('hol', $hol)
             . ' ms', 'within 10 ms', defined $hol ? $hol <= 10 : undef);
        my $al = med('allocs', $k);
        goal("$l: heap allocations per add", fmt_val('allocs', $al), '0',
             defined $al ? $al == 0 : undef);
    }
}

sub peer_med {
    my ($id, $impl, $k) = @_;
    my ($m, $r) = (med($id, $impl), ratio($id, $impl, $k));
    my %short = (libuv => 'libuv', glib => 'GLib');
    return '' unless defined $m;
    return "$short{$impl} " . fmt_val($id, $m)
        . (defined $r ? ' (' . fmt_x($r) . ' kwq)' : '');
}

# Issue 3's timer goals (and issue 5's delayed work at scale).
sub goals_3 {
    $section = 'delayed work: the timer engine (issues 3 and 24; issue 5 '
        . 'item 5)';
    for my $n (1000, 100000, 1000000, 10000000) {
        my $id = "arm_cancel_ns:$n";
        goal_runs("arm+cancel, $n armed (ns per pair)", $id, 'kwq', '<=', 50,
                  '<= 50 ns', 0, join('; ', grep { $_ } map {
                      peer_med($id, $_, 'kwq') } qw(libuv glib)));
    }
    # The flatness goal needs one ratio per run.
    for my $impl (qw(kwq libuv glib)) {
        my ($lo, $hi) = map { $val{"arm_cancel_ns:$_"}{$impl} || [] }
            1000, 10000000;
        $hi = $val{'arm_cancel_ns:1000000'}{$impl} || [] unless @$hi;
        record('arm_cancel_flat', $impl, $hi->[$_] / $lo->[$_])
            for grep { $lo->[$_] } 0 .. ($#$lo < $#$hi ? $#$lo : $#$hi);
    }
    $metric{arm_cancel_flat} = { id => 'arm_cancel_flat', scale => 1,
        title => 'arm+cancel, 10M armed (GLib: 1M) / 1k armed', unit => 'x',
        better => 'lower', fmt => '%.2f', goal => 1 };
    push @metrics, $metric{arm_cancel_flat};
    summarise();
    goal_runs('arm+cancel, 10M armed / 1k armed', 'arm_cancel_flat', 'kwq',
              '<=', 1.25, '<= 1.25x (flat)', 0, join('; ', grep { $_ } map {
                  peer_med('arm_cancel_flat', $_, 'kwq') } qw(libuv glib)));
    goal_runs('lateness p99, 1 ms..1 s, 100k armed (us)',
              'late_p99_us:100000', 'kwq', '<', 2000, '< 2000 us', 0,
              'p50 ' . cell('late_p50_us:100000', 'kwq') . ', max '
              . cell('late_max_us:100000', 'kwq') . '; one thread sleeping '
              . 'to each due time: p99 ' . cell('late_p99_us:100000', 'thread'));
    goal_runs('lateness p99, both CPUs busy, 100k armed (us)',
              'late_load_p99_us:100000', 'kwq', '<=', 1000, '<= 1000 us', 0,
              'p50 ' . cell('late_load_p50_us:100000', 'kwq') . ', max '
              . cell('late_load_max_us:100000', 'kwq') . '; one thread '
              . 'sleeping to each due time: p99 '
              . cell('late_load_p99_us:100000', 'thread'));
    goal_runs('items started early', 'late_early:100000', 'kwq', '==', 0,
              '0 in every run', 1);
    goal_runs('items started early, both CPUs busy', 'late_load_early:100000',
              'kwq', '==', 0, '0 in every run', 1);
    goal_runs('idle wake-ups per s, 0 armed', 'idle_wakeups_per_s:0', 'kwq',
              '==', 0, '0', 0);
    goal_runs('idle wake-ups per s, 1M armed far ahead',
              'idle_wakeups_per_s:1000000', 'kwq', '<=', 2, '<= 2', 0);
}

# Issue 7's concurrency-manager goals.
sub goals_7 {
    $section = 'concurrency manager (issue 7)';
    goal_runs('200 x 10 ms sleepers: kwq / a thread per item',
              'sleepers_ratio:200', 'kwq/unlimited', '<=', 1.1,
              '<= 1.1x in every run', 1,
              'kwq ' . cell('sleepers_ms:200', 'kwq') . ' ms, 200 threads '
              . cell('sleepers_ms:200', 'unlimited') . ' ms, 4-thread pool '
              . cell('sleepers_ms:200', 'pool4') . ' ms');
    my $n = $cfg{quick} ? 200000 : 1000000;
    my $cpus = med("compute_cpus:$n", 'kwq') // 0;
    goal('compute items, M items/s', cell("compute_mitems_s:$n", 'kwq')
         . ' (' . fmt_val("compute_item_ns:$n", med("compute_item_ns:$n",
                                                    'kwq')) . ' ns each)',
         'not lower than before issue 7',
         'not judged here: see the reference row of issue 14');
    goal_runs('compute: most kwq workers in state R at once',
              "compute_max_running:$n", 'kwq', '<=', $cpus,
              "<= $cpus CPUs in every run", 1);
    goal_runs('idle wake-ups per s after the load',
              'idle_wakeups_per_s:after-load', 'kwq', '==', 0, '0', 0);
}

1;
