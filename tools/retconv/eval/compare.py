#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
#
# Compare two per pair results of score.py (its OUT files, or
# baseline-dev.tsv): the pairs a change made found or lost on the parent,
# and flagged or cleared on the fix, one line each, then the totals.  For
# the dev half only: the held half's pairs are not to be read one by one.
#
# Usage: compare.py BEFORE.tsv AFTER.tsv
import sys


def load(path):
	rows = {}
	with open(path) as f:
		for line in f:
			if line.startswith('#') or not line.strip():
				continue
			r = line.rstrip('\n').split('\t')
			rows[(r[0], r[1], r[2])] = r
	return rows


def main():
	if len(sys.argv) != 3:
		sys.exit('usage: compare.py BEFORE.tsv AFTER.tsv')
	before, after = load(sys.argv[1]), load(sys.argv[2])
	if 'held' in open(sys.argv[2]).readline():
		sys.exit('compare.py: %s is a held half run; compare dev runs only'
			 % sys.argv[2])
	# Columns: found (4) and its rules (5); flagged (9) and its rules (10).
	for key in sorted(set(before) & set(after)):
		b, a = before[key], after[key]
		for col, what in ((4, 'parent'), (9, 'fix')):
			if b[col] != a[col]:
				sign = '+' if a[col] == '1' else '-'
				print('%s %s %s %s %s: %s -> %s' % (
				      sign, what, key[0], key[1][:10], key[2],
				      b[col + 1], a[col + 1]))
	for name, rows in (('before', before), ('after', after)):
		print('%s: %d pairs, found %d, flagged %d' % (
		      name, len(rows), sum(r[4] == '1' for r in rows.values()),
		      sum(r[9] == '1' for r in rows.values())))
	missing = set(before) ^ set(after)
	if missing:
		print('%d pairs in only one of the two' % len(missing))


if __name__ == '__main__':
	main()
