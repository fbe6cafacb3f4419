# SPDX-License-Identifier: MIT
#
# The statistics of `make bench`: the median and min..max of each figure's
# runs (summarise(), into %stat), the ratios between libraries, how many
# times better kwq is than a peer, and the figures formatted as the tables
# and goals show them ("median (min..max)", "2.50x").  It runs nothing and
# judges nothing: bench/lib/KwqBench/Goals.pm and Output.pm read through
# it.
#
# Dependency direction: run.pl, Goals and Output use Stats; Stats uses only
# State (%val, @metrics, %metric, filling %stat).

package KwqBench::Stats;

use strict;
use warnings;
use Exporter 'import';
use KwqBench::State qw(@metrics %metric %val %stat);

our @EXPORT_OK = qw(median summarise med ratio advantage fmt_val fmt_stat
                    cell fmt_x fmt_ratio);

sub median {
    my @v = sort { $a <=> $b } @_;
    return undef unless @v;
    return @v % 2 ? $v[$#v / 2] : ($v[@v / 2 - 1] + $v[@v / 2]) / 2;
}

# Each figure's median, min and max over its runs, scaled to the table's
# unit, into %stat.  Run again when a figure is added (Goals' flatness
# ratios).
sub summarise {
    for my $m (@metrics) {
        for my $impl (keys %{ $val{ $m->{id} } || {} }) {
            my @s = sort { $a <=> $b } @{ $val{ $m->{id} }{$impl} };
            next unless @s;
            $stat{ $m->{id} }{$impl} = {
                med => median(@s) * $m->{scale}, min => $s[0] * $m->{scale},
                max => $s[-1] * $m->{scale}, n => scalar @s,
            };
        }
    }
}

sub med { my ($id, $impl) = @_; my $s = $stat{$id}{$impl}; $s && $s->{med} }

# a/b of the medians, or undef when either is missing or b is 0.
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

# A figure as its metric's format says; "auto": three significant digits
# or the whole number.
sub fmt_val {
    my ($id, $v) = @_;
    my $f = $metric{$id}{fmt};
    return 'n/a' unless defined $v;
    $f = abs($v) >= 100 ? '%.0f' : abs($v) >= 10 ? '%.1f' : '%.3g'
        if $f eq 'auto';
    return sprintf($f, $v);
}

sub fmt_stat {
    my ($id, $impl) = @_;
    my $s = $stat{$id}{$impl} or return ('n/a', '');
    return (fmt_val($id, $s->{med}), $s->{n} > 1 && $s->{min} != $s->{max}
            ? fmt_val($id, $s->{min}) . '..' . fmt_val($id, $s->{max}) : '');
}

# "median (min..max)"
sub cell {
    my ($id, $impl) = @_;
    my ($med, $range) = fmt_stat($id, $impl);
    return $range ? "$med ($range)" : $med;
}

sub fmt_x {
    my ($r) = @_;
    return '-' unless defined $r;
    return sprintf($r >= 10 ? '%.0fx' : $r >= 0.1 ? '%.2fx' : '%.3fx', $r);
}

sub fmt_ratio { fmt_x(ratio(@_)) }

1;
