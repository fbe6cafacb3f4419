# SPDX-License-Identifier: MIT
#
# Running `make bench`'s programs: build/bench/bench (and bench-mem) on kwq
# and its peers, alternating the libraries (A B C ... A B C ...) over the
# repetitions so that a slow minute of the machine hits them all alike;
# the goal programs bench-timers and bench-manager; one and two producers
# alone (--producers); the instruction counts under callgrind and
# single-stepped on the machine (bench/step.c).  Every program prints one
# figure per line, "metric,impl,param,value" (bench/bench.h): run() keeps
# each in %val and @raw, and the goal programs' figures become rows of
# @metrics as they arrive.  It takes no statistics and judges nothing.
#
# Dependency direction: run.pl uses Run; Run uses only State (the
# configuration, and the figures it fills).

package KwqBench::Run;

use strict;
use warnings;
use Exporter 'import';
use KwqBench::State qw(%cfg @kwq @main @pkinds @all %is_kwq @metrics
                       %metric %gfig %val @raw %extra record);

our @EXPORT_OK = qw(snapshot_kwq run_reps run_callgrind run_stepped);

# Run one program; return its figures as { metric => value } and, for goal
# programs, record each as "metric:param" (undef on failure).
sub run {
    my ($rep, $timeout, $what, @cmd) = @_;
    my $cmd = join(' ', 'timeout', $timeout, @cmd) . ' 2>&1';
    my @lines = `$cmd`;
    my %r;

    if ($?) {
        print STDERR "\n  FAILED (status $?): @cmd\n", map { "    $_" } @lines;
        push @{ $extra{failed} }, "repetition $rep: `@cmd` ("
            . ($? >> 8 == 124 ? "timed out after $timeout s"
               : $? & 127 ? 'signal ' . ($? & 127) : 'exit ' . ($? >> 8))
            . ')';
        return undef;
    }
    (my $prog = $cmd[0] eq 'valgrind' ? $cmd[-4] : $cmd[0]) =~ s{.*/}{};
    for (@lines) {
        my ($m, $impl, $param, $v) = /^(\w+),([\w\/-]+),([^,]*),(.*)$/
            or next;
        $r{$m} = $v;
        push @raw, [ $rep, $prog, $what, $m, $impl, $param, $v ];
        next unless $gfig{$m};
        my $id = "$m:$param";
        unless ($metric{$id}) {
            my ($t, $u, $b) = @{ $gfig{$m} };
            push @metrics, $metric{$id} = {
                id => $id, title => sprintf($t, $param), unit => $u,
                better => $b, scale => 1, fmt => 'auto', goal => 1 };
        }
        record($id, $impl, $v);
    }
    return \%r;
}

# @list in an order rotated by $rep, so that none always runs first.
sub rotation {
    my ($rep, @list) = @_;
    my $k = $rep % @list;
    return (@list[$k .. $#list], @list[0 .. $k - 1]);
}

sub progress {
    my ($what, $id, $rep, @impls) = @_;
    my $m = $metric{$id};
    printf STDERR "  %-6s %s\n", $what, join('  ', map {
        my $v = $val{$id}{$_};
        sprintf("%s %s", $_, $v && @$v == $rep
                ? sprintf($m->{fmt}, $v->[-1] * $m->{scale}) : '-')
    } @impls);
}

sub run_tp {
    my ($rep, $p, @impls) = @_;
    for my $impl (rotation($rep, @impls)) {
        my $r = run($rep, 120, "tp$p", $cfg{bin}, 'tp', $impl, $p, $cfg{items})
            or next;
        record("tp$p", $impl, $r->{items_per_s});
        record("tp${p}csw", $impl, $r->{csw_per_item});
        record("tp${p}cpu", $impl, $r->{cpu_ns_per_item})
            if $p == 1 || $is_kwq{$impl};
        record('tp2shared', $impl, $r->{shared_cpu}) if $p == 2;
    }
    progress("tp$p", "tp$p", $rep, @impls);
}

# One and two producers on each kind of @pkinds, the six runs in an order
# rotated by $rep (issue 24 §2: two producers at least as fast as one, in
# every repetition).
sub run_producers {
    my ($rep) = @_;
    for my $run (rotation($rep, map { my $k = $_; map { [ $k, $_ ] } 1, 2 }
                                    @pkinds)) {
        my ($impl, $p) = @$run;
        my $r = run($rep, 120, "tp$p", $cfg{bin}, 'tp', $impl, $p, $cfg{items})
            or next;
        record("tp$p", $impl, $r->{items_per_s});
        record("tp${p}csw", $impl, $r->{csw_per_item});
        record("tp${p}cpu", $impl, $r->{cpu_ns_per_item});
        record('tp2shared', $impl, $r->{shared_cpu}) if $p == 2;
    }
    progress('tp1', 'tp1', $rep, @pkinds);
    progress('tp2', 'tp2', $rep, @pkinds);
}

# bench-timers' parts each run in a process of their own: run after 10M
# armed items in the same process, the lateness part measured the heap
# those left (the one thread sleeping to each due time was as late as
# kwq there), not the timers.
sub run_goal_programs {
    my ($rep) = @_;
    my @q = $cfg{quick} ? ('-q') : ();
    my @runs = ((map { [ 'bench-timers', '-o', $_ ] }
                 qw(arm+cancel lateness idle)), [ 'bench-manager' ]);
    for my $p (rotation($rep, @runs)) {
        my ($prog, @part) = @$p;
        run($rep, 600, 'goals', "$cfg{out}/$prog", @q, '-r', $rep, @part)
            or die "run.pl: $prog @part failed in repetition $rep\n";
    }
    print STDERR "  goals  bench-timers (each part alone), bench-manager\n";
}

sub run_reps {
    for my $rep (1 .. $cfg{reps}) {
        print STDERR "repetition $rep/$cfg{reps}\n";
        if ($cfg{only_producers}) {
            run_producers($rep);
            next;
        }
        # The goal programs first in odd repetitions, last in even ones.
        run_goal_programs($rep) if $rep % 2 || $cfg{only_goals};
        next if $cfg{only_goals};
        run_tp($rep, 1, @all);
        run_tp($rep, 2, @main, 'kwq-ordered');
        for my $impl (rotation($rep, @all)) {
            my $r = run($rep, 120, 'rt', $cfg{bin}, 'rt', $impl, $cfg{samples},
                        $cfg{gap_ns}) or next;
            record('rt50', $impl, $r->{p50_ns});
            record('rt99', $impl, $r->{p99_ns});
            record('rt999', $impl, $r->{p999_ns});
            record('rtcpu', $impl, $r->{cpu_ns_per_item});
            record('rtcsw', $impl, $r->{csw_per_item});
        }
        progress('rt p50', 'rt50', $rep, @all);
        for my $impl (rotation($rep, @main)) {
            my $r = run($rep, 60, 'hol', $cfg{bin}, 'hol', $impl, $cfg{hol_ns})
                or next;
            record('hol', $impl, $r->{hol_ns});
            $extra{hol_started}{$impl}{ $r->{sleepers_started} }++;
        }
        progress('hol', 'hol', $rep, @main);
        for my $impl (rotation($rep, @main)) {
            my $r = run($rep, 300, 'mem', $cfg{binmem}, 'mem', $impl,
                        $cfg{mem_items}) or next;
            record('mem', $impl,
                   $r->{caller_bytes} + $r->{rss_bytes_per_pending});
            record('allocs', $impl, $r->{allocs_per_add});
            $extra{mem}{$impl} = $r;
        }
        progress('mem', 'mem', $rep, @main);
        run_goal_programs($rep) unless $rep % 2;
    }
}

# callgrind_annotate lists a function's inclusive cost as a whole (its file
# named by its full path) and again per source file its code comes from,
# what the compiler inlined from a header (kwq's internal.h) apart: the
# whole is the largest of these lines.  undef when @$ann has none.
sub inclusive {
    my ($ann, $fn) = @_;
    my $ir;
    for (@$ann) {
        next unless /^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+\S*:
                     \Q$fn\E(?:\ \[|$)/x;
        (my $v = $1) =~ tr/,//d;
        $ir = $v if !defined $ir || $v > $ir;
    }
    return $ir;
}

# Instruction counts do not depend on the machine's load: one run each.
# $worker: count kwq's workers (worker_main) instead of the adding thread;
# in mode wpf, less the gates' spin (wpf_gate).
sub callgrind_one {
    my ($impl, $mode, $adds, $worker) = @_;
    my $tag = $worker && $mode ne 'wpf' ? 'wpi' : $mode;
    my $file = "$cfg{out}/callgrind.$tag.$impl.out";
    my $r = run(0, 300, $tag, 'valgrind', '-q', '--tool=callgrind',
                '--collect-atstart=no',
                '--toggle-collect=' . ($worker ? 'worker_main' : 'ipa_loop'),
                "--callgrind-out-file=$file", $cfg{bin}, $mode, $impl, $adds);
    return undef unless $r;
    my @ann = `callgrind_annotate --inclusive=yes --threshold=100 $file`;
    open(my $fh, '>', "$cfg{out}/callgrind.$tag.$impl.txt") or die "$!";
    print $fh @ann;
    close $fh;
    if ($worker) {
        my $ir = inclusive(\@ann, 'worker_main');
        $ir -= inclusive(\@ann, 'wpf_gate') // 0
            if defined $ir && $mode eq 'wpf';
        return ($ir / $r->{runs}, $r) if defined $ir && $r->{runs};
        print STDERR "  no count for worker_main in $file\n";
        return undef;
    }
    my $ir = inclusive(\@ann, $r->{entry});
    # valgrind does not register rseq, so an add that asks for its CPU
    # pays glibc's sched_getcpu() there; natively rseq's cpu_id gives it.
    my $gc = inclusive(\@ann, 'sched_getcpu');
    my $g = \$extra{getcpu}{$mode}{$impl};
    $$g = $gc / $adds if defined $gc && (!defined $$g || $gc / $adds > $$g);
    return ($ir / $adds, $r) if defined $ir;
    print STDERR "  no count for $r->{entry} in $file\n";
    return undef;
}

sub run_callgrind {
    print STDERR "callgrind: instructions per add\n";
    # Three runs each: how many adds find the pool idle, and so wake a
    # worker, depends on how valgrind's one running thread and the
    # system's scheduler interleave the adder and the workers.
    for my $rep (1 .. 3) {
        for my $impl (rotation($rep, @main)) {
            my ($ipa) = callgrind_one($impl, 'ipa', $cfg{ipa_adds});
            record('ipa', $impl, $ipa);
        }
    }
    # Counted on the same kind of queue with max_active 1: on a larger one
    # a second worker may run the pending item while the gate holds the
    # first (the concurrency manager sees the gate's worker sleep), and
    # the adds after it are fresh ones.  An add of a pending item never
    # reads its queue past the NULL test, so the count is the kind's own.
    for my $impl (@kwq) {
        my ($ipa, $r) = callgrind_one("$impl-ma1", 'ebusy', $cfg{ebusy_adds});
        record('ebusy', $impl, $ipa);
        $extra{ebusy}{$impl} = $r->{ebusy} if $r;
    }
    progress('ipa', 'ipa', 3, @main);
    # The same adds, the workers counted: what taking, running and
    # finishing an item costs kwq, by queue kind (issue 24 §1).
    my @w = @{ $metric{wpi}{impls} };
    for my $rep (1 .. 3) {
        for my $impl (rotation($rep, @w)) {
            my ($wpi) = callgrind_one($impl, 'ipa', $cfg{wpi_adds}, 1);
            record('wpi', $impl, $wpi);
        }
    }
    progress('wpi', 'wpi', 3, @w);
    # The same with the queue filled while the workers are held at gates:
    # the path of a worker that never finds its queue empty.
    for my $rep (1 .. 3) {
        for my $impl (rotation($rep, @w)) {
            my ($wpf) = callgrind_one($impl, 'wpf', $cfg{wpi_adds}, 1);
            record('wpf', $impl, $wpf);
        }
    }
    progress('wpf', 'wpf', 3, @w);
}

# The same adds counted on the machine (bench/step.c), where the adder has
# rseq: one run each, since the workers do not run meanwhile.  Stepping
# costs some 25 us an instruction here, so GLib's and APR's adds (hundreds
# and tens of thousands of instructions) are left to callgrind, and the
# baseline and libuv, whose adds cost the same whatever the backlog, make
# a tenth of the adds.
sub run_stepped {
    print STDERR "stepped: instructions per add on the machine\n";
    for my $impl (@{ $metric{ipn}{impls} }) {
        my $n = $is_kwq{$impl} ? $cfg{ipa_adds} : $cfg{ipa_adds} / 10;
        my $r = run(0, 600, 'ipn', $cfg{bin}, 'ipn', $impl, $n) or next;
        record('ipn', $impl, $r->{ipn});
    }
    # What a bound add costs where glibc registers no rseq area (before
    # 2.35, or turned off) or the C library is another (musl): the CPU
    # comes from sched_getcpu() there, as under valgrind.
    my $r = run(0, 600, 'ipn-norseq', 'env',
                'GLIBC_TUNABLES=glibc.pthread.rseq=0', $cfg{bin}, 'ipn',
                'kwq-bound', $cfg{ipa_adds});
    record('ipn', 'kwq-bound-norseq', $r->{ipn}) if $r;
    progress('ipn', 'ipn', 1, @{ $metric{ipn}{impls} }, 'kwq-bound-norseq');
}

# Measure one kwq throughout: a rebuild of build/libkwq.so while the
# benchmark runs (the tree is being worked on) must not change libraries
# half-way.  The programs' RUNPATH gives way to LD_LIBRARY_PATH.
sub snapshot_kwq {
    my $lib = "$cfg{out}/lib";
    mkdir $lib unless -d $lib;
    system('cp', '-L', "$cfg{build}/libkwq.so.0", "$lib/libkwq.so.0") == 0
        or die "run.pl: cannot copy $cfg{build}/libkwq.so.0\n";
    $ENV{LD_LIBRARY_PATH} = $lib
        . ($ENV{LD_LIBRARY_PATH} ? ":$ENV{LD_LIBRARY_PATH}" : '');
}

1;
