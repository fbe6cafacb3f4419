#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
#
# The reading step between mine.py and the benchmark.  mine.py finds
# changed lines by shape; a person reads each one and says keep or drop
# (with the reason) in review.tsv.  This script:
#
#   review.py ids MINED...    numbers mine.py's lines (ids and line numbers
#                             only) into candidates.tsv, in a stable order;
#   review.py show REPO       prints REPO's candidates for reading: each
#                             changed line before and after with the two
#                             lines above it in the parent (on the terminal
#                             only, never stored);
#   review.py mark REPO keep|drop 1-3,7 [REASON...]
#                             records the verdict on REPO's candidates
#                             (--class C corrects mine.py's class);
#   review.py pairs           joins candidates.tsv and review.tsv into
#                             pairs.tsv: one row per fix commit and file,
#                             the kept lines only, at most --cap rows per
#                             code base (in the order of the SHA-1 of the
#                             commit id, so the choice follows no result);
#   review.py stats           prints the counts (per code base, and per
#                             reason for a drop) as Markdown tables.
#
# review.tsv: id, verdict (keep/drop), class (mine.py's unless corrected),
# reason.  Files are read and written next to this script, or in
# REVIEW_DIR (fresh/ for the third set: REVIEW_DIR=fresh).
import argparse
import collections
import hashlib
import os
import re
import subprocess
import sys

HERE = os.environ.get('REVIEW_DIR',
		      os.path.dirname(os.path.abspath(__file__)))
MIRRORS = os.environ.get('MIRRORS', '/work/.mirror')


def git_dir(repo):
	return '%s/%s/repo' % (MIRRORS, repo.replace('/', '+'))


def read_tsv(name):
	rows = []
	with open(os.path.join(HERE, name)) as f:
		for line in f:
			if line.startswith('#') or not line.strip():
				continue
			rows.append(line.rstrip('\n').split('\t'))
	return rows


def cmd_ids(files):
	out = ['# id\trepo\tcommit\tparent\tfile\tparent line\tfix line\tclass'
	       '  (review.py ids; mine.py --text output, code dropped)']
	for path in files:
		n = 0
		with open(path) as f:
			for line in f:
				r = line.rstrip('\n').split('\t')
				n += 1
				cid = '%s:%d' % (r[0].split('/')[1], n)
				out.append('\t'.join([cid] + r[:7]))
	with open(os.path.join(HERE, 'candidates.tsv'), 'w') as f:
		f.write('\n'.join(out) + '\n')


def show_file(repo, commit, path):
	try:
		return subprocess.run(['git', '--git-dir', git_dir(repo), 'show',
				       '%s:%s' % (commit, path)],
				      capture_output=True, check=True
				      ).stdout.decode('utf-8', 'replace'
				      ).split('\n')
	except subprocess.CalledProcessError:
		return []


def cmd_show(repo):
	cache = {}
	for r in read_tsv('candidates.tsv'):
		cid, rep, commit, parent, path, pl, fl, cls = r
		if rep != repo:
			continue
		for c in (parent, commit):
			if (c, path) not in cache:
				cache[(c, path)] = show_file(rep, c, path)
		old, new = cache[(parent, path)], cache[(commit, path)]
		pl, fl = int(pl), int(fl)
		print('== %s %s %s:%d %s' % (cid, commit[:10], path, pl, cls))
		for i in range(max(0, pl - 3), pl - 1):
			if i < len(old):
				print('     %s' % old[i].rstrip()[:150])
		if pl - 1 < len(old):
			print('   - %s' % old[pl - 1].rstrip()[:150])
		if fl - 1 < len(new):
			print('   + %s' % new[fl - 1].rstrip()[:150])
		if cls in ('unsigned-store', 'bool-errno') and pl - 1 < len(old):
			m = re.search(r'(\w+)\s*(?:=|;|\[|,|\()',
				      old[pl - 1].split('(')[0] + '(')
			if m:
				used = re.compile(r'\b%s\b\s*(?:=[^=]|<|>)'
						  % m.group(1))
				for i in range(pl, min(len(old), pl + 80)):
					if used.search(old[i]):
						print('   @%d %s' % (i + 1,
						      old[i].strip()[:140]))
						break


def cmd_pairs(cap):
	verdicts = {r[0]: r for r in read_tsv('review.tsv')}
	groups = collections.OrderedDict()
	missing = 0
	for r in read_tsv('candidates.tsv'):
		cid, repo, commit, parent, path, pl, fl, cls = r
		v = verdicts.get(cid)
		if v is None:
			missing += 1
			continue
		if v[1] != 'keep':
			continue
		g = groups.setdefault((repo, commit, path),
				      [parent, [], [], []])
		g[1].append(pl)
		g[2].append(fl)
		g[3].append(v[2] or cls)
	per_repo = collections.defaultdict(list)
	for (repo, commit, path), g in groups.items():
		per_repo[repo].append((hashlib.sha1(commit.encode()).hexdigest(),
				       commit, path, g))
	out = ['# repo\tcommit\tparent\tfile\tparent lines\tfix lines\tclass'
	       '  (review.py pairs: kept candidates, at most %d per code base)'
	       % cap]
	for repo in sorted(per_repo):
		for _, commit, path, g in sorted(per_repo[repo])[:cap]:
			classes = sorted(set(g[3]))
			out.append('\t'.join([repo, commit, g[0], path,
					      ','.join(g[1]), ','.join(g[2]),
					      classes[0] if len(classes) == 1
					      else 'other']))
	with open(os.path.join(HERE, 'pairs.tsv'), 'w') as f:
		f.write('\n'.join(out) + '\n')
	if missing:
		print('review.py: %d candidates not reviewed yet' % missing,
		      file=sys.stderr)


def ranges(spec):
	for part in spec.split(','):
		if '-' in part:
			a, b = part.split('-')
			yield from range(int(a), int(b) + 1)
		elif part:
			yield int(part)


def cmd_mark(repo, verdict, spec, reason, cls):
	"""Record a verdict for candidates REPO:N (N from spec, 1-3,7)."""
	path = os.path.join(HERE, 'review.tsv')
	rows = {}
	if os.path.exists(path):
		rows = {r[0]: r for r in read_tsv('review.tsv')}
	short = repo.split('/')[-1]
	known = {r[0] for r in read_tsv('candidates.tsv')}
	for n in ranges(spec):
		cid = '%s:%d' % (short, n)
		if cid not in known:
			sys.exit('review.py: no candidate %s' % cid)
		rows[cid] = [cid, verdict, cls, reason]
	with open(path, 'w') as f:
		f.write('# id\tverdict\tclass (empty: mine.py\'s)\treason'
			'  (review.py mark)\n')
		for r in rows.values():
			f.write('\t'.join(r) + '\n')


def cmd_stats():
	"""Counts for the docs: per code base and per reason for a drop."""
	verdicts = {r[0]: r for r in read_tsv('review.tsv')}
	split = {r[2]: r[:2] for r in read_tsv('split.txt')}
	pairs = collections.Counter(r[0] for r in read_tsv('pairs.tsv'))
	cands = collections.Counter()
	kept = collections.Counter()
	reasons = collections.Counter()
	for r in read_tsv('candidates.tsv'):
		cands[r[1]] += 1
		v = verdicts[r[0]]
		if v[1] == 'keep':
			kept[r[1]] += 1
		else:
			reasons[v[3]] += 1
	print('| code base | kind | half | candidate lines | kept lines '
	      '| pairs |')
	print('|---|---|---|---|---|---|')
	for repo in sorted(cands, key=lambda r: (split[r][1], split[r][0], r)):
		print('| %s | %s | %s | %d | %d | %d |' % (
		      repo, split[repo][1], split[repo][0], cands[repo],
		      kept[repo], pairs[repo]))
	print('| all | | | %d | %d | %d |\n' % (sum(cands.values()),
	      sum(kept.values()), sum(pairs.values())))
	print('| dropped because | lines |')
	print('|---|---|')
	for why, n in reasons.most_common():
		print('| %s | %d |' % (why, n))


def main():
	ap = argparse.ArgumentParser(description='read and choose candidates')
	ap.add_argument('--cap', type=int, default=25)
	ap.add_argument('--class', dest='cls', default='')
	ap.add_argument('cmd', choices=['ids', 'show', 'pairs', 'mark', 'stats'])
	ap.add_argument('args', nargs='*')
	a = ap.parse_args()
	if a.cmd == 'ids':
		cmd_ids(a.args)
	elif a.cmd == 'stats':
		cmd_stats()
	elif a.cmd == 'mark':
		cmd_mark(a.args[0], a.args[1], a.args[2],
			 ' '.join(a.args[3:]), a.cls)
	elif a.cmd == 'show':
		cmd_show(a.args[0])
	else:
		cmd_pairs(a.cap)


if __name__ == '__main__':
	main()
