#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
#
# Score retconv on issue 26's mined fix pairs (pairs.tsv), in tree mode:
# each code base is one git worktree of its mirror under $TREES, checked
# out whole at the pair's parent, then at the fix; retconv checks only
# the changed file, from the tree's top, with the tree providing headers.
#
#   found    a finding on the parent with its warning or one of its notes
#            within TOL lines (default 1) of a line the fix changed;
#   flagged  the same on the fixed version, at the fixed lines (a false
#            alarm: the fix is there and retconv still complains).
#
# For an unsigned-store pair the fix changes a declaration, while retconv
# speaks at the test and the store: a finding also counts when it lies
# in the 150 lines after the declaration and quotes the declared name.
#
# Headers: retconv's tree mode finds them (issue 26 §2), as a user pointing
# it at the tree would: RETCONV_TREE_ARGS (default "--tree .") is passed,
# which also parses the files that define the changed file's callees.
# TREE=0 scores a binary without tree mode: the script then finds the
# headers as a build would need them: include/ folders up to three deep,
# the file's folders and their include/, and the folder that makes each
# #include of the file (and of the headers so found, breadth first)
# resolve, nearest to the including file first.
#
# Environment: RETCONV (binary, default build/retconv), DEV=1 or HELD=1
# (the half; DEV by default) or FRESH=1 (the third set, fresh/: fixes
# mined in session 32 from code bases the rules were never tuned to, read
# from fresh/pairs.tsv, fresh/split.txt and fresh/scope.tsv), RETCONV_FLAGS (more options), TOL, JOBS
# (code bases scored at once, default 2), TREES (default
# /work/ext/rceval/trees), MIRRORS (default /work/.mirror), OUT (per pair
# results, TSV; default $TREES/../results-<half>.tsv), ONLY (owner/name,
# to score one code base), PAIRS and SPLIT (other lists, for tests).  Two
# runs with the same TREES take turns (a lock in TREES).  Prints per code base, overall and per class:
# pairs, found on the parent, flagged on the fixed version.
import collections
import concurrent.futures
import fcntl
import os
import re
import shlex
import subprocess
import sys
import time

import scope

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))
ENV = os.environ
RETCONV = os.path.abspath(ENV.get('RETCONV', os.path.join(TOP, 'build',
							  'retconv')))
TREES = ENV.get('TREES', '/work/ext/rceval/trees')
MIRRORS = ENV.get('MIRRORS', '/work/.mirror')
TOL = int(ENV.get('TOL', '1'))
FLAGS = shlex.split(ENV.get('RETCONV_FLAGS', ''))
TREE_MODE = ENV.get('TREE', '1') != '0'
TREE_ARGS = shlex.split(ENV.get('RETCONV_TREE_ARGS', '--tree .'))
TIMEOUT = int(ENV.get('TIMEOUT', '600'))
LOC = re.compile(r'^(?P<f>[^:\s][^:]*):(?P<l>\d+):(?P<c>\d+): '
		 r'(?P<k>warning|note): (?P<m>.*)$')
INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]', re.M)
DECL_NAME = re.compile(r'(\w+)\s*(?:\[[^\]]*\]\s*)*(?:=|;|,|\)|\()')


def read_tsv(path):
	with open(path) as f:
		return [l.rstrip('\n').split('\t') for l in f
			if l.strip() and not l.startswith('#')]


def git(tree, *args):
	return subprocess.run(['git', '-C', tree] + list(args),
			      capture_output=True, check=True).stdout.decode()


excluded = {}
checked = set()		# the trees this run has checked out


def missing(tree, commit):
	"""The paths of commit whose blobs the snapshot lacks."""
	ls = subprocess.run(['git', '-C', tree, 'ls-tree', '-r', '-z', commit],
			    capture_output=True)
	if ls.returncode:
		return set()
	blobs = []
	for e in ls.stdout.decode('utf-8', 'replace').split('\0'):
		meta, _, path = e.partition('\t')
		if meta.split()[1:2] == ['blob']:
			blobs.append((meta.split()[2], path))
	out = subprocess.run(['git', '-C', tree, 'cat-file', '--batch-check'],
			     input=''.join(o + '\n' for o, _ in blobs).encode(),
			     capture_output=True).stdout.decode().split('\n')
	return {path for (_, path), line in zip(blobs, out)
		if line.endswith(' missing')}


def checkout(repo, commit):
	"""The worktree of repo, checked out whole at commit."""
	tree = os.path.join(TREES, repo.replace('/', '+'))
	if not os.path.isdir(tree):
		os.makedirs(TREES, exist_ok=True)
		gd = '%s/%s/repo' % (MIRRORS, repo.replace('/', '+'))
		# No checkout here: a blob the snapshot lacks is left out
		# below, before the checkout needs it.
		subprocess.run(['git', '--git-dir', gd, 'worktree', 'add',
				'-f', '--no-checkout', '--detach', tree, commit],
			       capture_output=True, check=True)
	# A snapshot may lack a few large blobs (test images): leave out
	# those of the commit, and those of the one checked out now where an
	# earlier run left it (this run's are in excluded already).
	bad = missing(tree, commit)
	if tree not in checked:
		bad |= missing(tree, 'HEAD')
	if bad - excluded.get(tree, set()):
		excluded.setdefault(tree, set()).update(bad)
		subprocess.run(['git', '-C', tree, 'sparse-checkout', 'set',
				'--no-cone', '/*'] +
			       ['!/' + b for b in sorted(excluded[tree])],
			       capture_output=True)
	for _ in range(20):
		p = subprocess.run(['git', '-C', tree, 'checkout', '-q', '-f',
				    '--detach', commit], capture_output=True)
		if p.returncode == 0:
			checked.add(tree)
			return tree
		bad = re.findall(r"(?:for|file of) '?([^'()\n]+?)'? ?(?:\(|$)",
				 p.stderr.decode('utf-8', 'replace'), re.M)
		if not bad:
			break
		excluded.setdefault(tree, set()).update(bad)
		git(tree, 'sparse-checkout', 'set', '--no-cone', '/*',
		    *['!/' + b for b in sorted(excluded[tree])])
	raise RuntimeError('cannot check out %s in %s: %s' %
			   (commit, tree, p.stderr.decode()[:300]))


def header_dirs(tree, path):
	"""-I folders for path in tree (relative to the tree's top)."""
	files = git(tree, 'ls-files', '*.h').split('\n')
	dirs = []

	def add(d):
		if d not in dirs and os.path.isdir(os.path.join(tree, d or '.')):
			dirs.append(d)

	parts = path.split('/')[:-1]
	for i in range(len(parts), -1, -1):
		d = '/'.join(parts[:i])
		add(d or '.')
		add((d + '/' if d else '') + 'include')
	for f in files:
		p = f.split('/')
		if len(p) <= 4 and 'include' in p[:-1]:
			add('/'.join(p[:p.index('include') + 1]))
	by_tail = collections.defaultdict(list)
	for f in files:
		by_tail[os.path.basename(f)].append(f)
	seen, queue = set(), [path]
	while queue and len(seen) < 400:
		cur = queue.pop(0)
		if cur in seen:
			continue
		seen.add(cur)
		try:
			with open(os.path.join(tree, cur), errors='replace') as f:
				text = f.read()
		except OSError:
			continue
		here = os.path.dirname(cur)
		for name in INCLUDE.findall(text):
			local = os.path.normpath(os.path.join(here, name))
			if os.path.isfile(os.path.join(tree, local)):
				queue.append(local)
				continue
			hit = [f for f in by_tail[os.path.basename(name)]
			       if f == name or f.endswith('/' + name)]
			if not hit:
				continue
			hit.sort(key=lambda f: -len(os.path.commonprefix(
				[f, cur])))
			for d in dirs:
				if os.path.isfile(os.path.join(tree, d, name)):
					queue.append(os.path.normpath(
						os.path.join(d, name)))
					break
			else:
				d = hit[0][:-len(name)].rstrip('/') or '.'
				add(d)
				queue.append(hit[0])
	return dirs[:300]


def run(tree, path):
	"""retconv's findings in path (warning line, [lines], text), its exit
	status, how many headers it missed and the seconds it took."""
	if TREE_MODE:
		cmd = [RETCONV, '--no-config'] + TREE_ARGS + FLAGS + [path]
	else:
		cmd = [RETCONV, '--no-config'] + FLAGS + [path, '--'] + \
		      ['-I' + d for d in header_dirs(tree, path)]
	t = time.time()
	try:
		p = subprocess.run(['nice'] + cmd, cwd=tree, capture_output=True,
				   timeout=TIMEOUT)
		out, rc = p.stdout.decode('utf-8', 'replace'), p.returncode
		m = re.search(r'(\d+) headers? not found', p.stderr.decode(
			'utf-8', 'replace'))
		missing = int(m.group(1)) if m else 0
	except subprocess.TimeoutExpired:
		out, rc, missing = '', -1, 0
	findings = []
	for line in out.split('\n'):
		m = LOC.match(line)
		if not m:
			continue
		mine = os.path.normpath(m.group('f')) == os.path.normpath(path)
		if m.group('k') == 'warning' and '[retconv-' in line:
			findings.append([int(m.group('l')) if mine else None,
					 [], line])
		elif findings:
			findings[-1][2] += '\n' + line
		if findings and mine:
			findings[-1][1].append(int(m.group('l')))
	return findings, rc, missing, time.time() - t


def hits(tree, path, lines, cls, findings):
	"""The rules of the findings that speak at lines (see the top)."""
	var = None
	if cls == 'unsigned-store':
		try:
			with open(os.path.join(tree, path), errors='replace') as f:
				text = f.read().split('\n')
			m = DECL_NAME.search(text[lines[0] - 1])
			var = m.group(1) if m else None
		except (OSError, IndexError):
			pass
	rules = set()
	for _, at, text in findings:
		rule = re.search(r'\[retconv-(\w+)\]', text).group(1)
		if any(abs(a - l) <= TOL for a in at for l in lines):
			rules.add(rule)
		elif var and ("'%s'" % var in text or "'%s " % var in text) \
		     and any(lines[0] <= a <= lines[0] + 150 for a in at):
			rules.add(rule)
	return sorted(rules)


def score_repo(repo, pairs):
	rows = []
	for r in pairs:
		_, commit, parent, path, plines, flines, cls = r[:7]
		res = [repo, commit, path, cls]
		for c, lines in ((parent, plines), (commit, flines)):
			tree = checkout(repo, c)
			lines = [int(x) for x in lines.split(',')]
			f, rc, missing, secs = run(tree, path)
			h = hits(tree, path, lines, cls, f)
			res += ['1' if h else '0', '+'.join(h) or '-',
				str(rc), str(missing), '%.1f' % secs]
		rows.append(res)
		if ENV.get('HELD') == '1':
			# The held pairs are not to be read one by one.
			print('  %s: %d of %d pairs scored' %
			      (repo, len(rows), len(pairs)), file=sys.stderr)
		else:
			print('  %s %s %s: parent %s, fixed %s' %
			      (repo, commit[:10], path, res[5], res[10]),
			      file=sys.stderr)
	return rows


def table(title, groups):
	print('%-34s %6s %7s %9s' % (title, 'pairs', 'found', 'flagged'))
	tp = tf = tg = 0
	for name in sorted(groups):
		rs = groups[name]
		p = len(rs)
		f = sum(r[4] == '1' for r in rs)
		g = sum(r[9] == '1' for r in rs)
		tp, tf, tg = tp + p, tf + f, tg + g
		print('%-34s %6d %7d %9d' % (name, p, f, g))
	if tp:
		print('%-34s %6d %7d %9d   (found %.0f%%, flagged %.0f%%)' %
		      ('overall', tp, tf, tg, 100.0 * tf / tp, 100.0 * tg / tp))
	print()


def main():
	sets = [s for s in ('DEV', 'HELD', 'FRESH') if ENV.get(s) == '1']
	if len(sets) > 1:
		sys.exit('score.py: one of DEV=1, HELD=1 and FRESH=1')
	half = sets[0].lower() if sets else 'dev'
	where = os.path.join(HERE, 'fresh') if half == 'fresh' else HERE
	if not os.access(RETCONV, os.X_OK):
		sys.exit('score.py: no retconv at %s (make retconv, or RETCONV=)'
			 % RETCONV)
	split = {r[2]: r for r in read_tsv(ENV.get('SPLIT', os.path.join(
		where, 'split.txt')))}
	by_repo = collections.OrderedDict()
	for r in read_tsv(ENV.get('PAIRS', os.path.join(where, 'pairs.tsv'))):
		if split[r[0]][0] != half:
			continue
		if ENV.get('ONLY') and r[0] != ENV['ONLY']:
			continue
		by_repo.setdefault(r[0], []).append(r)
	# Two runs sharing TREES would check out over each other: wait.
	os.makedirs(TREES, exist_ok=True)
	lock = open(os.path.join(TREES, '.lock'), 'w')
	fcntl.flock(lock, fcntl.LOCK_EX)
	rows = []
	with concurrent.futures.ThreadPoolExecutor(
			int(ENV.get('JOBS', '2'))) as ex:
		for res in ex.map(lambda kv: score_repo(*kv), by_repo.items()):
			rows += res
	out = ENV.get('OUT', os.path.join(os.path.dirname(TREES),
					  'results-%s.tsv' % half))
	with open(out, 'w') as f:
		f.write('# repo\tcommit\tfile\tclass\tfound\trules\trc'
			'\theaders not found\tsecs\tflagged\trules\trc'
			'\theaders not found\tsecs  (%s, %s half)\n'
			% (RETCONV, half))
		for r in rows:
			f.write('\t'.join(r) + '\n')
	print('retconv %s, %s half, tolerance %d line(s)%s; per pair: %s\n'
	      % (RETCONV, half, TOL, ', tree mode' if TREE_MODE else '', out))
	kinds = {r[2]: r[1] for r in split.values()}
	g = collections.defaultdict(list)
	for r in rows:
		g['%s (%s)' % (r[0], kinds[r[0]])].append(r)
	table('code base', g)
	g = collections.defaultdict(list)
	for r in rows:
		g[kinds[r[0]]].append(r)
	table('kind', g)
	g = collections.defaultdict(list)
	for r in rows:
		g[r[3]].append(r)
	table('class', g)
	print('\n'.join(scope.figures(out, [os.path.join(where, 'scope.tsv')]
				       if half == 'fresh' else None)))


if __name__ == '__main__':
	main()
