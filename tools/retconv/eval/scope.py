#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
#
# Figures of a score.py run (its OUT file) over all pairs and over the
# pairs in scope on the parent, as scope-dev.tsv and scope-held.tsv say.
#
# Mining kept pairs by the diff's shape and a first reading; the scope
# files are a second reading, made by auditors who wrote no rule and saw
# no result, against criteria fixed before (scope-criteria.md): does the
# parent hold a misread of the contract as it stood there?  A fix that
# follows a change of the callee's contract in the same commit, or that
# changes no outcome, tests nothing a checker could be asked to find on
# the parent.  Both figures are printed; totals only, so that a held run
# can be read without naming its pairs.
#
# Usage: scope.py RESULTS.tsv [SCOPE.tsv...]
#        (default: scope-dev.tsv and scope-held.tsv beside this script)
import collections
import os
import sys


def load_scope(paths):
	scope = {}
	for path in paths:
		with open(path) as f:
			for line in f:
				if line.startswith('#') or not line.strip():
					continue
				r = line.rstrip('\n').split('\t')
				scope[(r[0], r[1], r[2])] = (r[3], r[4])
	return scope


def load_results(path):
	rows = []
	with open(path) as f:
		for line in f:
			if line.startswith('#') or not line.strip():
				continue
			r = line.rstrip('\n').split('\t')
			rows.append(((r[0], r[1], r[2]), r[4] == '1', r[9] == '1'))
	return rows


def pct(a, b):
	return '%d of %d (%.0f%%)' % (a, b, 100.0 * a / b) if b else '0 of 0'


def figures(results, paths=None):
	"""The three lines of figures for a score.py OUT file."""
	here = os.path.dirname(os.path.abspath(__file__))
	paths = paths or [os.path.join(here, n) for n in
			  ('scope-dev.tsv', 'scope-held.tsv')]
	scope = load_scope(p for p in paths if os.path.exists(p))
	rows = load_results(results)
	out = collections.Counter()
	unread = 0
	inn = []
	for key, found, flagged in rows:
		verdict = scope.get(key)
		if verdict is None:
			unread += 1
			inn.append((found, flagged))
		elif verdict[0] == 'in':
			inn.append((found, flagged))
		else:
			out[verdict[1]] += 1
	return ['all pairs: found %s, flagged %s' % (
		pct(sum(f for _, f, _ in rows), len(rows)),
		pct(sum(g for _, _, g in rows), len(rows))),
		'in scope:  found %s, flagged %s' % (
		pct(sum(f for f, _ in inn), len(inn)),
		pct(sum(g for _, g in inn), len(inn))),
		'out of scope: %d (%s); not read (counted in scope): %d' % (
		sum(out.values()),
		', '.join('%s %d' % kv for kv in sorted(out.items())) or '-',
		unread)]


def main():
	if len(sys.argv) < 2:
		sys.exit('usage: scope.py RESULTS.tsv [SCOPE.tsv...]')
	print('\n'.join(figures(sys.argv[1], sys.argv[2:])))


if __name__ == '__main__':
	main()
