#!/usr/bin/perl
# SPDX-License-Identifier: MIT
#
# The driver of `make bench`: runs build/bench/bench (and bench-mem, and
# both under callgrind) on kwq and on the libraries users would pick
# instead, alternating the libraries (A B C ... A B C ...) over several
# repetitions so that a slow minute of the machine hits them all alike.
# Medians, min..max and the ratios kwq/peer go to the terminal, to CSV files
# under build/bench/, to a gnuplot chart of the ratios, and (full runs only)
# to docs/benchmarks.md with the machine they were measured on.
#
# Environment: BENCH_BUILD (the build directory, default build),
# BENCH_QUICK=1 (fewer and shorter runs; docs/ is left alone),
# BENCH_REPS (repetitions), BENCH_DOC (where to write the Markdown report).
# Perl only, with core modules: it runs on a fresh Debian 12.

use strict;
use warnings;
use POSIX qw(strftime);

my $build = $ENV{BENCH_BUILD} || 'build';
my $quick = $ENV{BENCH_QUICK} ? 1 : 0;
my $out = "$build/bench";
my $bin = "$out/bench";
my $binmem = "$out/bench-mem";

my %cfg = $quick
    ? (reps => 3, items => 200_000, samples => 2_000, gap_ns => 100_000,
       hol_ns => 200_000_000, ipa_adds => 10_000, ebusy_adds => 1_000,
       mem_items => 100_000)
    : (reps => 7, items => 1_000_000, samples => 10_000, gap_ns => 100_000,
       hol_ns => 2_000_000_000, ipa_adds => 10_000, ebusy_adds => 1_000,
       mem_items => 100_000);
$cfg{reps} = $ENV{BENCH_REPS} if $ENV{BENCH_REPS};
my $doc = $ENV{BENCH_DOC} // ($quick ? '' : 'docs/benchmarks.md');

my @kwq = qw(kwq-bound kwq-unbound);
my @peers = qw(baseline libuv glib apr);
my @impls = (@kwq, @peers);
my %label = (
    'kwq-bound' => 'kwq, bound queue', 'kwq-unbound' => 'kwq, WQ_UNBOUND',
    baseline => 'mutex+condvar pool', libuv => 'libuv uv_queue_work',
    glib => 'GLib GThreadPool', apr => 'APR apr_thread_pool',
);

# What the table shows, in order.  "better" says which way is good; the
# ratio kwq/peer is printed as is, the chart turns it into "times better".
my @metrics = (
    { id => 'tp1', title => "throughput, 1 producer, $cfg{items} items",
      unit => 'M items/s', better => 'higher', scale => 1e-6, fmt => '%.2f' },
    { id => 'tp2', title => "throughput, 2 producers, $cfg{items} items",
      unit => 'M items/s', better => 'higher', scale => 1e-6, fmt => '%.2f' },
    { id => 'rt50', title => "idle round trip p50, $cfg{samples} samples",
      unit => 'us', better => 'lower', scale => 1e-3, fmt => '%.1f' },
    { id => 'rt99', title => 'idle round trip p99',
      unit => 'us', better => 'lower', scale => 1e-3, fmt => '%.1f' },
    { id => 'rt999', title => 'idle round trip p99.9',
      unit => 'us', better => 'lower', scale => 1e-3, fmt => '%.1f' },
    { id => 'ipa', title => 'instructions per add (callgrind)',
      unit => 'instr', better => 'lower', scale => 1, fmt => '%.0f' },
    { id => 'ebusy', title => 'instructions per -EBUSY add (callgrind)',
      unit => 'instr', better => 'lower', scale => 1, fmt => '%.0f' },
    { id => 'hol', title => sprintf('head-of-line: trivial item behind two '
                                    . '%g s sleepers, time to start',
                                    $cfg{hol_ns} / 1e9),
      unit => 'ms', better => 'lower', scale => 1e-6, fmt => '%.1f' },
    { id => 'mem', title => 'bytes per pending item (caller-kept + growth)',
      unit => 'bytes', better => 'lower', scale => 1, fmt => '%.1f' },
    { id => 'allocs', title => 'heap allocations (malloc) per add',
      unit => 'allocs', better => 'lower', scale => 1, fmt => '%.3f' },
);
my %metric = map { $_->{id} => $_ } @metrics;

my %val;	# $val{metric}{impl} = [ values ]
my @raw;	# [ rep, workload, impl, key, value ]
my %extra;	# notes gathered while running

# --- running the programs --------------------------------------------------

# Run one program, return its key=value lines as a hash (undef on failure).
sub run {
    my ($rep, $timeout, @cmd) = @_;
    my $cmd = join(' ', 'timeout', $timeout, @cmd) . ' 2>&1';
    my @lines = `$cmd`;
    my %r;

    if ($?) {
        print STDERR "\n  FAILED (status $?): @cmd\n", map { "    $_" } @lines;
        return undef;
    }
    for (@lines) {
        $r{$1} = $2 if /^(\w+)=(.*)$/;
    }
    push @raw, map { [ $rep, $r{workload} // '', $r{impl} // '', $_, $r{$_} ] }
        grep { !/^(impl|workload)$/ } sort keys %r;
    return \%r;
}

sub record {
    my ($id, $impl, $v) = @_;
    push @{ $val{$id}{$impl} }, $v if defined $v;
}

# The libraries in a rotated order, so that none always runs first.
sub rotation {
    my ($rep) = @_;
    my $k = $rep % @impls;
    return (@impls[$k .. $#impls], @impls[0 .. $k - 1]);
}

sub progress {
    my ($what, $id, $rep) = @_;
    my $m = $metric{$id};
    printf STDERR "  %-6s %s\n", $what, join('  ', map {
        my $v = $val{$id}{$_};
        sprintf("%s %s", $_, $v && @$v == $rep
                ? sprintf($m->{fmt}, $v->[-1] * $m->{scale}) : '-')
    } @impls);
}

sub run_reps {
    for my $rep (1 .. $cfg{reps}) {
        print STDERR "repetition $rep/$cfg{reps}\n";
        my @order = rotation($rep);
        for my $p (1, 2) {
            for my $impl (@order) {
                my $r = run($rep, 120, $bin, 'tp', $impl, $p, $cfg{items});
                record("tp$p", $impl, $r && $r->{items_per_s});
            }
            progress("tp$p", "tp$p", $rep);
        }
        for my $impl (@order) {
            my $r = run($rep, 120, $bin, 'rt', $impl, $cfg{samples},
                        $cfg{gap_ns});
            next unless $r;
            record('rt50', $impl, $r->{p50_ns});
            record('rt99', $impl, $r->{p99_ns});
            record('rt999', $impl, $r->{p999_ns});
        }
        progress('rt p50', 'rt50', $rep);
        for my $impl (@order) {
            my $r = run($rep, 60, $bin, 'hol', $impl, $cfg{hol_ns});
            next unless $r;
            record('hol', $impl, $r->{hol_ns});
            $extra{hol_started}{$impl}{ $r->{sleepers_started} }++;
        }
        progress('hol', 'hol', $rep);
        for my $impl (@order) {
            my $r = run($rep, 60, $binmem, 'mem', $impl, $cfg{mem_items});
            next unless $r;
            record('mem', $impl,
                   $r->{caller_bytes} + $r->{rss_bytes_per_pending});
            record('allocs', $impl, $r->{allocs_per_add});
            $extra{mem}{$impl} = $r;
        }
        progress('mem', 'mem', $rep);
    }
}

# Instruction counts do not depend on the machine's load: one run each.
sub callgrind_one {
    my ($impl, $mode, $adds) = @_;
    my $file = "$out/callgrind.$mode.$impl.out";
    my $r = run(0, 300, 'valgrind', '-q', '--tool=callgrind',
                '--collect-atstart=no', '--toggle-collect=ipa_loop',
                "--callgrind-out-file=$file", $bin, $mode, $impl, $adds);
    return undef unless $r;
    my @ann = `callgrind_annotate --inclusive=yes --threshold=100 $file`;
    open(my $fh, '>', "$out/callgrind.$mode.$impl.txt") or die "$!";
    print $fh @ann;
    close $fh;
    for (@ann) {
        if (/^\s*([\d,]+)\s+\(\s*[\d.]+%\)\s+\S*:\Q$r->{entry}\E \[/) {
            (my $ir = $1) =~ tr/,//d;
            return ($ir / $adds, $r);
        }
    }
    print STDERR "  no count for $r->{entry} in $file\n";
    return undef;
}

sub run_callgrind {
    print STDERR "callgrind: instructions per add\n";
    for my $impl (@impls) {
        my ($ipa) = callgrind_one($impl, 'ipa', $cfg{ipa_adds});
        record('ipa', $impl, $ipa);
    }
    for my $impl (@kwq) {
        my ($ipa, $r) = callgrind_one($impl, 'ebusy', $cfg{ebusy_adds});
        record('ebusy', $impl, $ipa);
        $extra{ebusy}{$impl} = $r->{ebusy} if $r;
    }
    progress('ipa', 'ipa', 1);
}

# --- statistics ------------------------------------------------------------

sub median {
    my @v = sort { $a <=> $b } @_;
    return undef unless @v;
    return @v % 2 ? $v[$#v / 2] : ($v[@v / 2 - 1] + $v[@v / 2]) / 2;
}

my %stat;	# $stat{metric}{impl} = { med, min, max, n }

sub summarise {
    for my $m (@metrics) {
        for my $impl (@impls) {
            my $v = $val{ $m->{id} }{$impl} or next;
            next unless @$v;
            my @s = sort { $a <=> $b } @$v;
            $stat{ $m->{id} }{$impl} = {
                med => median(@s) * $m->{scale}, min => $s[0] * $m->{scale},
                max => $s[-1] * $m->{scale}, n => scalar @s,
            };
        }
    }
}

sub med { my ($id, $impl) = @_; my $s = $stat{$id}{$impl}; $s && $s->{med} }

# kwq/peer, or undef when either is missing or the peer's figure is 0.
sub ratio {
    my ($id, $k, $p) = @_;
    my ($a, $b) = (med($id, $k), med($id, $p));
    return undef unless defined $a && defined $b && $b != 0;
    return $a / $b;
}

# How many times better kwq is than the peer (> 1: kwq is better).
sub advantage {
    my ($id, $k, $p) = @_;
    my $r = ratio($id, $k, $p);
    return undef unless defined $r && $r != 0;
    return $metric{$id}{better} eq 'higher' ? $r : 1 / $r;
}

sub fmt_val {
    my ($id, $v) = @_;
    return defined $v ? sprintf($metric{$id}{fmt}, $v) : 'n/a';
}

sub fmt_stat {
    my ($id, $impl) = @_;
    my $s = $stat{$id}{$impl} or return ('n/a', '');
    return (fmt_val($id, $s->{med}), $s->{n} > 1
            ? fmt_val($id, $s->{min}) . '..' . fmt_val($id, $s->{max}) : '');
}

sub fmt_ratio {
    my $r = ratio(@_);
    return '-' unless defined $r;
    return sprintf($r >= 10 ? '%.0fx' : $r >= 0.1 ? '%.2fx' : '%.3fx', $r);
}

# --- goals of issue 5 --------------------------------------------------------

# Each goal: a text, and for one kwq queue whether it is met and what was
# measured.
sub goals {
    my ($k) = @_;
    my @g;
    my $add = sub {
        my ($text, $ok, $got) = @_;
        push @g, [ $text, !defined $ok ? 'not measured' : $ok ? 'met' : 'NOT MET',
                   $got ];
    };
    my ($ipa, $uv) = (med('ipa', $k), med('ipa', 'libuv'));
    $add->('instructions per add <= 30 and <= 1/8 of libuv\'s',
           defined $ipa && defined $uv ? $ipa <= 30 && $ipa <= $uv / 8 : undef,
           defined $ipa ? sprintf('%.0f (libuv %s)', $ipa, fmt_val('ipa', $uv))
                        : 'n/a');
    my $eb = med('ebusy', $k);
    $add->('-EBUSY add <= 10 instructions', defined $eb ? $eb <= 10 : undef,
           fmt_val('ebusy', $eb));
    my $tp1 = med('tp1', $k);
    $add->('throughput (1 producer) >= 13.6 M/s, 2x libdispatch\'s 6.8 '
           . '(issue\'s figure, not measured here)',
           defined $tp1 ? $tp1 >= 13.6 : undef, fmt_val('tp1', $tp1) . ' M/s');
    for my $p (1, 2) {
        my ($ru, $rg) = (ratio("tp$p", $k, 'libuv'), ratio("tp$p", $k, 'glib'));
        $add->("throughput ($p producer" . ($p > 1 ? 's' : '')
               . ') >= 3x libuv and >= 3x GLib',
               defined $ru && defined $rg ? $ru >= 3 && $rg >= 3 : undef,
               sprintf('%s libuv, %s GLib', fmt_ratio("tp$p", $k, 'libuv'),
                       fmt_ratio("tp$p", $k, 'glib')));
    }
    my ($p50, $p99) = (med('rt50', $k), med('rt99', $k));
    $add->('idle round trip median <= 6 us', defined $p50 ? $p50 <= 6 : undef,
           fmt_val('rt50', $p50) . ' us');
    $add->('idle round trip p99 <= 15 us', defined $p99 ? $p99 <= 15 : undef,
           fmt_val('rt99', $p99) . ' us');
    my $hol = med('hol', $k);
    $add->('head-of-line: trivial item starts within 10 ms',
           defined $hol ? $hol <= 10 : undef, fmt_val('hol', $hol) . ' ms');
    my $al = med('allocs', $k);
    $add->('no heap allocation per add', defined $al ? $al == 0 : undef,
           fmt_val('allocs', $al));
    $add->('delayed work at scale (arm+cancel, 1k/100k/1M armed)', undef,
           'measured by bench/goals: see docs/benchmarks-goals.md');
    return @g;
}

# --- output ----------------------------------------------------------------

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

sub terminal_table {
    my $s = '';
    for my $m (@metrics) {
        my $id = $m->{id};
        next unless $stat{$id};
        $s .= sprintf("\n%s (%s, %s is better)\n", $m->{title}, $m->{unit},
                      $m->{better});
        $s .= sprintf("  %-24s %10s  %-19s %12s %12s\n", 'library', 'median',
                      'min..max', 'bound/peer', 'unbound/peer');
        for my $impl (@impls) {
            next unless $stat{$id}{$impl};
            my ($med, $range) = fmt_stat($id, $impl);
            my $peer = !grep { $_ eq $impl } @kwq;
            $s .= sprintf("  %-24s %10s  %-19s %12s %12s\n", $label{$impl},
                          $med, $range,
                          $peer ? fmt_ratio($id, 'kwq-bound', $impl) : '',
                          $peer ? fmt_ratio($id, 'kwq-unbound', $impl) : '');
        }
    }
    $s .= "\ndelayed work at scale: measured by bench/goals (docs/benchmarks-goals.md)\n";
    $s .= "\ngoals of issue 5: kwq bound queue | kwq WQ_UNBOUND queue\n";
    my %gu = map { $_->[0] => $_ } goals('kwq-unbound');
    for my $g (goals('kwq-bound')) {
        my $u = $gu{ $g->[0] };
        if ($g->[1] eq 'not measured') {
            $s .= "  $g->[0]: $g->[2]\n";
            next;
        }
        $s .= sprintf("  %s\n      %-7s %-28s | %-7s %s\n", $g->[0],
                      $g->[1], $g->[2], $u->[1], $u->[2]);
    }
    return $s;
}

sub write_csv {
    open(my $fh, '>', "$out/results.csv") or die "$out/results.csv: $!";
    print $fh "metric,unit,better,impl,median,min,max,runs,"
        . "ratio_kwq_bound,ratio_kwq_unbound\n";
    for my $m (@metrics) {
        for my $impl (@impls) {
            my $s = $stat{ $m->{id} }{$impl} or next;
            my @r = map { my $r = ratio($m->{id}, $_, $impl);
                          defined $r ? sprintf('%.4g', $r) : '' } @kwq;
            print $fh join(',', $m->{id}, $m->{unit}, $m->{better}, $impl,
                           (map { sprintf('%.6g', $_) } @$s{qw(med min max)}),
                           $s->{n}, @r), "\n";
        }
    }
    close $fh;
    open($fh, '>', "$out/raw.csv") or die "$out/raw.csv: $!";
    print $fh "rep,workload,impl,key,value\n";
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
    my $dat = "$out/ratios.dat";
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
    open($fh, '>', "$out/ratios.gp") or die "$out/ratios.gp: $!";
    print $fh <<"EOF";
set terminal pngcairo size 1100,940 font 'sans,10' noenhanced
set output '$out/ratios.png'
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
    system('gnuplot', "$out/ratios.gp") == 0
        or print STDERR "gnuplot failed; see $out/ratios.gp\n";
}

sub md_table {
    my $s = '| metric | ' . join(' | ', map { $label{$_} } @impls) . " |\n";
    $s .= '|---|' . ('---:|' x @impls) . "\n";
    for my $m (@metrics) {
        my $id = $m->{id};
        next unless $stat{$id};
        $s .= "| $m->{title} ($m->{unit}, $m->{better} is better) | ";
        $s .= join(' | ', map {
            my ($med, $range) = fmt_stat($id, $_);
            $range ? "$med ($range)" : $med
        } @impls) . " |\n";
    }
    $s .= "| delayed work at scale | " . join(' | ',
        ('see [the goals](benchmarks-goals.md)') x 2, ('') x @peers) . " |\n";
    return $s;
}

sub md_ratios {
    my $s = "| metric | " . join(' | ', map { my $k = $_;
        map { "$k / $_" } @peers } @kwq) . " |\n";
    $s .= '|---|' . ('---:|' x (@kwq * @peers)) . "\n";
    for my $m (@metrics) {
        my $id = $m->{id};
        next unless grep { $stat{$id}{$_} } @peers;
        $s .= "| $m->{title} ($m->{better} is better) | " . join(' | ', map {
            my $k = $_; map { fmt_ratio($id, $k, $_) } @peers } @kwq) . " |\n";
    }
    return $s;
}

sub md_goals {
    my %gu = map { $_->[0] => $_ } goals('kwq-unbound');
    my $s = "| goal | bound queue | WQ_UNBOUND queue |\n|---|---|---|\n";
    for my $g (goals('kwq-bound')) {
        my $u = $gu{ $g->[0] };
        if ($g->[1] eq 'not measured') {
            $s .= "| $g->[0] | $g->[2] | $u->[2] |\n";
            next;
        }
        $s .= "| $g->[0] | **$g->[1]**: $g->[2] | **$u->[1]**: $u->[2] |\n";
    }
    return $s;
}

sub write_doc {
    my ($m, $table) = @_;
    my $notes = '';
    for my $k (@kwq) {
        my $eb = $extra{ebusy}{$k};
        $notes .= "- The -EBUSY figure for $k counts $cfg{ebusy_adds} adds of "
            . "one pending item; $eb of them returned -EBUSY.\n" if defined $eb;
    }
    for my $impl (@impls) {
        my $h = $extra{hol_started}{$impl} or next;
        my @c = map { "$_ of 2 in $h->{$_} run" . ($h->{$_} > 1 ? 's' : '') }
            sort { $b <=> $a } keys %$h;
        $notes .= "- Head-of-line, $label{$impl}: sleepers already running "
            . "when the trivial item was added: " . join(', ', @c) . ".\n";
    }
    for my $impl (@impls) {
        my $r = $extra{mem}{$impl} or next;
        $notes .= "- Memory, $label{$impl} (last run): the caller keeps "
            . "$r->{caller_bytes} bytes per item; per pending item the "
            . "malloc heap grew $r->{heap_bytes_per_pending} bytes and the "
            . "resident memory $r->{rss_bytes_per_pending}; malloc calls per "
            . "item, all threads, add to run: "
            . "$r->{allocs_per_item_all_threads}.\n";
    }
    my $text = <<"EOF";
# kwq benchmarks

`make bench` measures kwq against the libraries a C programmer would pick
instead (issue 5): libuv's thread pool, GLib's GThreadPool, APR's
apr_thread_pool, and a plain mutex+condvar pool written in `bench/baseline.c`
as the baseline.  This page is rewritten by every full run (`make bench`;
`make bench BENCH_QUICK=1` is a shorter run that leaves it alone).  The raw
figures are in `build/bench/results.csv` and `build/bench/raw.csv`, the chart
in `build/bench/ratios.png` (copied to `docs/benchmarks.png`).

## Latest run

- Machine: $m->{nproc} CPUs, $m->{cpu}, $m->{kernel}
- Date: $m->{date}; kwq at $m->{commit}
- Load average (1 min) at the start: $m->{load0}, at the end: $m->{load1}@{[
  $m->{load0} > 0.5 || $m->{load1} > 0.5 ? "; other jobs were running, so
  the spread (min..max) is wider than on a quiet machine" : '' ]}
- Peers (Debian's packages): $m->{versions}
- $cfg{reps} repetitions, the libraries alternating within each; median
  (min..max) of the runs.  Instruction counts come from one callgrind run
  each (they do not depend on the machine's load).

### Figures

$table
### Ratios kwq / peer

Above 1 is better for kwq where higher is better (throughput), below 1 where
lower is better (times, instructions, bytes).

@{[ md_ratios() ]}
![kwq against its peers](benchmarks.png)

### Where kwq stands against the goals of issue 5

@{[ md_goals() ]}
Where a goal is marked NOT MET, kwq falls short of it on this machine today.
The benchmark is not tuned to the result; the workloads are described below.

### Notes on this run

$notes
## What is measured

All libraries run the same items: a struct whose function is called by the
library and reports back through a futex word (`bench/common.c`), so the
notification costs the same everywhere.  The peers get as many worker
threads as there are CPUs (libuv through `UV_THREADPOOL_SIZE`, GLib as an
exclusive pool, APR with initial = maximum threads, the baseline fixed);
kwq sizes its pools itself.  kwq runs twice: on a bound queue
(`alloc_workqueue("bench", 0, 0)`, items run on the adding CPU's pool, as on
the kernel's `system_wq`) and on a `WQ_UNBOUND` one.  Each figure comes from
a fresh process (`build/bench/bench WORKLOAD LIBRARY ARGS`).

1. **Throughput**: $cfg{items} trivial items (an atomic increment), added by
   one thread or split over two, all items allocated and initialised before
   the clock starts; the time until every item has run and every adding
   thread has returned.  libuv allows `uv_queue_work()` only on the thread
   running its loop, so each adding thread has its own loop and runs it until
   its requests are reaped, as a libuv program must.
2. **Idle round trip**: $cfg{samples} samples (after 100 unrecorded ones),
   each after a $cfg{gap_ns} ns sleep so that the workers are idle: the time
   from before the add until the adding thread, waiting on a futex, has been
   woken by the item.
3. **Instructions per add**: `valgrind --tool=callgrind
   --toggle-collect=ipa_loop`, counting only the adding thread inside a loop
   of $cfg{ipa_adds} adds of fresh items to a warmed-up, idle pool; the figure
   is the inclusive cost of the library's add function (`add_work_to_q`,
   `uv_queue_work`, `g_thread_pool_push`, `apr_thread_pool_push`, the
   baseline's `bp_add`) divided by the number of adds.  Wake-ups the adds
   make are included; what the kernel does in the system call is not.
   Under valgrind glibc cannot register rseq, so `sched_getcpu()`, which a
   bound queue calls on every add, takes its fallback path (about 30
   instructions instead of a handful): the bound queue's figure is higher
   here than on the bare machine by about that much.  The
   -EBUSY figure adds one item, held pending behind an item that blocks the
   adding CPU's worker, $cfg{ebusy_adds} more times.  APR's figure varies from run to
   run: its push walks the tasks already queued to keep them in priority
   order, so it costs more the longer the backlog, which under callgrind
   depends on how the threads were scheduled.
4. **Head-of-line blocking**: two items that sleep @{[ $cfg{hol_ns} / 1e9 ]} s are
   added, the program waits up to 100 ms for both to start, then adds one
   trivial item: the time from that add until the item starts.
5. **Delayed work at scale**: arm+cancel with 1k, 100k and 1M items armed,
   against libuv's and GLib's timers, is measured by `bench/goals/timers.c`
   with issue 3's goals: see [benchmarks-goals.md](benchmarks-goals.md).
6. **Memory**: $cfg{mem_items} items are added while every item waits at a
   closed gate, so almost all of them are pending.  Bytes per pending item =
   what the caller must keep per item (kwq's `struct work_struct`, libuv's
   `uv_work_t`, the baseline's node; GLib and APR take a pointer) + the
   growth of the process's resident memory during the adds, per item.
   Allocations per add = calls to malloc and friends made by the adding
   thread during the adds, counted by a malloc built into `bench-mem` on
   glibc's `__libc_malloc` (no LD_PRELOAD).  APR draws its task records from
   its own memory pool, whose blocks it maps with mmap: they show in the bytes
   but not in the malloc count.

libdispatch and oneTBB, whose figures issue 5 quotes, are not among the peers
built here (the issue asks for libuv, GLib and APR); the 13.6 M/s goal takes
the issue's libdispatch figure as given.
EOF
    open(my $fh, '>', $doc) or die "$doc: $!";
    print $fh $text;
    close $fh;
    if (-e "$out/ratios.png") {
        (my $dir = $doc) =~ s{[^/]*$}{};
        system('cp', "$out/ratios.png", "${dir}benchmarks.png");
    }
}

# Measure one kwq throughout: a rebuild of build/libkwq.so while the
# benchmark runs (the tree is being worked on) must not change libraries
# half-way.  The programs' RUNPATH gives way to LD_LIBRARY_PATH.
sub snapshot_kwq {
    my $lib = "$out/lib";
    mkdir $lib unless -d $lib;
    system('cp', '-L', "$build/libkwq.so.0", "$lib/libkwq.so.0") == 0
        or die "run.pl: cannot copy $build/libkwq.so.0\n";
    $ENV{LD_LIBRARY_PATH} = $lib
        . ($ENV{LD_LIBRARY_PATH} ? ":$ENV{LD_LIBRARY_PATH}" : '');
}

# --- main ----------------------------------------------------------------

die "run.pl: $bin not built (make bench builds it)\n" unless -x $bin;
snapshot_kwq();
my $m = machine();
$extra{machine} = "$m->{nproc} CPUs, $m->{cpu}, $m->{kernel}, $m->{date}";
my $t0 = time;
print STDERR "kwq benchmarks" . ($quick ? ' (quick)' : '')
    . ": $extra{machine}\n";
run_reps();
run_callgrind();
$m->{load1} = loadavg();
summarise();
my $table = terminal_table();
print "\nkwq benchmarks: $extra{machine}; $cfg{reps} runs each, median "
    . "[min..max]; ratios kwq/peer; load average $m->{load0} -> $m->{load1}\n$table";
write_csv();
write_chart();
printf "\nCSV: %s/results.csv, %s/raw.csv; chart: %s/ratios.png%s (%d s)\n",
    $out, $out, $out, $doc ? "; report: $doc" : '', time - $t0;
write_doc($m, md_table()) if $doc;
