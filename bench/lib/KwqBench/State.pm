# SPDX-License-Identifier: MIT
#
# The state `make bench`'s driver shares between its parts: the
# configuration bench/run.pl sets before anything runs (what is measured,
# on which libraries, how many times), and what the run gathers (every
# figure, the statistics over them, the goals judged).  The other modules
# of bench/lib/KwqBench/ and run.pl import from here by name what they read
# or fill, so that each file's imports say which of the shared state it
# touches; nothing else is shared.
#
# Dependency direction: run.pl uses Run, Goals and Output; Goals and
# Output use Stats; every one of them uses State, which is at the bottom
# and uses none of them.

package KwqBench::State;

use strict;
use warnings;
use Exporter 'import';

our @EXPORT_OK = qw(%cfg @kwq @peers @kserial @speers @main @pkinds @all
                    %label %is_kwq %ref_of @metrics %metric %gfig
                    %val @raw %extra %stat @goals record);

# --- the configuration, set by run.pl ---------------------------------------

# The run's settings: where the build is (build, out, bin, binmem), the
# reference CSV (ref), which run (quick, docs, only_goals,
# only_producers), and the workloads' sizes (reps, items, samples, ...).
our %cfg;
# The libraries: kwq's general queues (@kwq) and their peers (@peers),
# kwq's serial queues (@kserial) and the serial peers (@speers); @main the
# general ones, @all every one; @pkinds the queue kinds run with one and
# two producers.
our (@kwq, @peers, @kserial, @speers, @main, @pkinds, @all);
# A library's name in tables; whether it is kwq's; the peer its ratio
# column is taken against.
our (%label, %is_kwq, %ref_of);
# The figures, in table order, and by id; the goal programs' figures
# (metric => [ title, unit, better ]), added to @metrics as they arrive.
our (@metrics, %metric, %gfig);

# --- what the run gathers ---------------------------------------------------

our %val;	# $val{metric}{impl} = [ values ]
our @raw;	# [ rep, program, workload, metric, impl, param, value ]
our %extra;	# notes gathered while running
our %stat;	# $stat{metric}{impl} = { med, min, max, n }
our @goals;	# [ section, figure, measured, goal, verdict ]

# Keep one run's figure (none when $v is undef: the run failed).
sub record {
    my ($id, $impl, $v) = @_;
    push @{ $val{$id}{$impl} }, $v if defined $v;
}

1;
