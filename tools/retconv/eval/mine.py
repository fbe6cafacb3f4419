#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
#
# Mine candidate fix commits for issue 26's benchmark from a code base's
# git history, by the shape of the diff alone.  It reads
# `git log -p -U0` over .c and .h files up to the commit recorded in
# split.txt, keeps commits that change few lines (--max-lines, in .c/.h
# files, at most two files), pairs each removed line with the added line
# at the same place of a hunk that removes and adds as many lines, and
# keeps a pair when the two lines are the same but for one of these
# (the pair's class):
#
#   sign-test       a test of a value against -1, 0 or 1, or its `!`,
#                   changed for one that means something else
#                   (`< 0` -> `!= 0`, `!x` -> `x < 0`, `== 1` -> `== 0`);
#                   a spelling of the same test (`!x` -> `x == 0`) is not;
#   unsigned-store  the type of a declaration, unsigned -> signed;
#   positive-errno  `EIO` -> `-EIO` (or `errno` -> `-errno`);
#   bool-errno      `bool` <-> `int` in a declaration, or a return of
#                   true/false <-> a return of an errno or of 0/-1;
#   other           `-EIO` -> `EIO`, `return -ret` -> `return ret`.
#
# Whether the value is a call's result is not known from the shape: a
# person reads each candidate (review.py) before it becomes a pair.
# Output on stdout, one line per changed line kept, tab-separated:
# repo, commit, parent, file, parent line, fix line, class.
#
# Usage: mine.py [--max-lines N] [--mirrors DIR] owner/name commit
import argparse
import re
import subprocess
import sys

CONST = r'(?:-\s*1|0|1|true|false)\b'
CMP = r'(?:==|!=|<=|>=|<|>)'
TEST_RIGHT = re.compile(r'(' + CMP + r')\s*(' + CONST + r')')
TEST_LEFT = re.compile(r'(?<![\w)\]])(' + CONST + r')\s*(' + CMP + r')(?!=)')
NOT = re.compile(r'!(?!=)\s*(?=[\w(])')
FLIP = {'<': '>', '>': '<', '<=': '>=', '>=': '<=', '==': '==', '!=': '!='}
# What a test against a constant means, so that `x == 0` and `!x` are one.
MEANING = {
	('==', '0'): 'zero', ('==', 'false'): 'zero', ('!=', '1'): 'not1',
	('!=', '0'): 'nonzero', ('!=', 'false'): 'nonzero',
	('<', '0'): 'neg', ('<=', '-1'): 'neg', ('>=', '0'): 'nonneg',
	('>', '-1'): 'nonneg', ('>', '0'): 'pos', ('>=', '1'): 'pos',
	('<=', '0'): 'nonpos', ('<', '1'): 'nonpos', ('==', '1'): 'one',
	('==', 'true'): 'one', ('!=', 'true'): 'not1', ('==', '-1'): 'minus1',
	('!=', '-1'): 'notminus1',
}
UNSIGNED = (r'(?:unsigned\s+(?:long\s+long|long|int|short|char)|unsigned|'
	    r'u8|u16|u32|u64|__u8|__u16|__u32|__u64|uint8_t|uint16_t|'
	    r'uint32_t|uint64_t|size_t|uint|ulong|UINT|UINT8|UINT16|UINT32|'
	    r'UINTN|uint_fast\d+_t|unsigned\s+int)')
SIGNED = (r'(?:long\s+long|long|int|short|signed\s+char|signed|s8|s16|'
	  r's32|s64|__s32|int8_t|int16_t|int32_t|int64_t|ssize_t|off_t|'
	  r'INT|INTN|INT32|EFI_STATUS|intptr_t|status_t|ret_t)')
DECL = r'^(\s*(?:(?:static|const|register|volatile|extern|inline)\s+)*)'
UDECL = re.compile(DECL + UNSIGNED + r'(\s+\**\s*\w.*)$')
SDECL = re.compile(DECL + SIGNED + r'(\s+\**\s*\w.*)$')
BDECL = re.compile(DECL + r'(?:bool|_Bool|gboolean|BOOL)(\s+\**\s*\w.*)$')
IDECL = re.compile(DECL + r'(?:int|long|ssize_t)(\s+\**\s*\w.*)$')
POSERR = re.compile(r'-\s*(?=(?:E[A-Z0-9]{2,}|errno)\b)')
RET = re.compile(r'^\s*return\s*\(?\s*(.*?)\s*\)?\s*;')
ERRVAL = re.compile(r'^(?:-\s*E[A-Z0-9]+|-\s*1|0|-\s*errno|-?\s*\w*err\w*'
		    r'|ret|rc|r)$')


def squash(s):
	return re.sub(r'\s+', '', s)


def tests(line):
	"""The meanings of the constant tests in a line, and its skeleton."""
	found = []

	def right(m):
		found.append(MEANING.get((m.group(1), squash(m.group(2))),
					 'cmp' + m.group(1) + squash(m.group(2))))
		return ''

	def left(m):
		op = FLIP[m.group(2)]
		found.append(MEANING.get((op, squash(m.group(1))),
					 'cmp' + op + squash(m.group(1))))
		return ''

	s = TEST_RIGHT.sub(right, line)
	s = TEST_LEFT.sub(left, s)
	nots = len(NOT.findall(s))
	s = NOT.sub('', s)
	found += ['zero'] * nots
	# A bare test means non-zero: it and `!= 0` are one meaning.
	return sorted(t for t in found if t != 'nonzero'), squash(s)


def classify(old, new):
	"""The class of a removed/added line pair, or None."""
	if squash(old) == squash(new):
		return None
	code = old.strip()
	if code.startswith(('//', '/*', '*', '#')):
		return None
	if UDECL.match(old) and SDECL.match(new):
		if squash(UDECL.sub(r'\1T\2', old)) == \
		   squash(SDECL.sub(r'\1T\2', new)):
			return 'unsigned-store'
	if (BDECL.match(old) and IDECL.match(new)) or \
	   (IDECL.match(old) and BDECL.match(new)):
		a = (BDECL if BDECL.match(old) else IDECL).sub(r'\1T\2', old)
		b = (BDECL if BDECL.match(new) else IDECL).sub(r'\1T\2', new)
		if squash(a) == squash(b):
			return 'bool-errno'
	ro, rn = RET.match(old), RET.match(new)
	if ro and rn:
		vo, vn = squash(ro.group(1)), squash(rn.group(1))
		if (vo in ('true', 'false') and ERRVAL.match(vn)) or \
		   (vn in ('true', 'false') and ERRVAL.match(vo)):
			return 'bool-errno'
		if vo == '-' + vn and re.match(r'^\w+$', vn) and \
		   not re.match(r'^E[A-Z0-9]+$', vn):
			return 'other'
	if squash(POSERR.sub('', old)) == squash(POSERR.sub('', new)):
		if len(POSERR.findall(new)) > len(POSERR.findall(old)):
			return 'positive-errno'
		if len(POSERR.findall(new)) < len(POSERR.findall(old)):
			return 'other'
	if 'NULL' in old or 'NULL' in new:
		return None
	to, so = tests(old)
	tn, sn = tests(new)
	if so == sn and to != tn and (to or tn):
		return 'sign-test'
	return None


def hunks(repo_dir, commit, max_lines):
	"""Yield (commit, parent, [(file, [(old_no, old, new_no, new)])])."""
	cmd = ['git', '--git-dir', repo_dir, 'log', '--no-merges', '-p',
	       '-U0', '--no-renames', '--no-color', '--format=%x01%H %P',
	       commit, '--', '*.c', '*.h']
	proc = subprocess.Popen(cmd, stdout=subprocess.PIPE,
				stderr=subprocess.DEVNULL)
	cur = None

	def flush(c):
		if c and c['parent'] and c['n'] <= max_lines and \
		   len(c['files']) <= 2:
			pairs = []
			for f, hs in c['files'].items():
				for (a, b, rem, add) in hs:
					if len(rem) != len(add):
						continue
					for i in range(len(rem)):
						pairs.append((f, a + i, rem[i],
							      b + i, add[i]))
			if pairs:
				yield c['commit'], c['parent'], pairs

	f = None
	hunk = None
	for raw in proc.stdout:
		line = raw.decode('utf-8', 'replace').rstrip('\n')
		if line.startswith('\x01'):
			yield from flush(cur)
			ids = line[1:].split()
			cur = {'commit': ids[0],
			       'parent': ids[1] if len(ids) > 1 else None,
			       'n': 0, 'files': {}}
			f = hunk = None
			continue
		if cur is None or cur['n'] > max_lines:
			continue
		if hunk and line.startswith('-'):
			hunk[2].append(line[1:])
			cur['n'] += 1
		elif hunk and line.startswith('+'):
			hunk[3].append(line[1:])
			cur['n'] += 1
		elif line.startswith('diff --git '):
			f = None
			hunk = None
		elif line.startswith('+++ '):
			p = line[4:]
			f = p[2:] if p.startswith('b/') else None
			if f and not f.endswith(('.c', '.h')):
				f = None
			if f:
				cur['files'].setdefault(f, [])
		elif line.startswith('@@') and f:
			m = re.match(r'@@ -(\d+)(?:,\d+)? \+(\d+)', line)
			hunk = (int(m.group(1)), int(m.group(2)), [], [])
			cur['files'][f].append(hunk)
	yield from flush(cur)
	proc.wait()


def main():
	ap = argparse.ArgumentParser(description='mine fix candidates')
	ap.add_argument('--max-lines', type=int, default=12)
	ap.add_argument('--mirrors', default='/work/.mirror')
	ap.add_argument('--text', action='store_true',
			help='also print the two lines (for review, not kept)')
	ap.add_argument('repo')
	ap.add_argument('commit')
	a = ap.parse_args()
	repo_dir = '%s/%s/repo' % (a.mirrors, a.repo.replace('/', '+'))
	for commit, parent, pairs in hunks(repo_dir, a.commit, a.max_lines):
		for (f, on, old, nn, new) in pairs:
			cls = classify(old, new)
			if not cls:
				continue
			row = [a.repo, commit, parent, f, str(on), str(nn), cls]
			if a.text:
				row += [old.strip(), new.strip()]
			print('\t'.join(row))
			sys.stdout.flush()


if __name__ == '__main__':
	main()
