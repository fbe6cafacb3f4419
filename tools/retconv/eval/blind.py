#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Blind precision sampling for retconv (issue 26, "precision on unseen code").

Judging a checker's findings is only worth something when the judge cannot
see which rule made each one: a judge who knows "this is rule C" reads the
code looking for rule C's bug.  This script sits between retconv and the
judge, in three steps:

  blind.py sample [--draw=hash|random] OUT.txt SRC-ROOT N SEED SHEET JOINFILE
      Read retconv's text report OUT.txt (run from SRC-ROOT), draw N of its
      findings with SEED (all of them if there are fewer), and write SHEET:
      for each, an id, file:line, the message with its rule tag removed,
      the notes, and the source around the line.  JOINFILE keeps id -> rule
      for the scoring step; the judge never opens it.  SHEET holds the
      project's code: keep it outside the repository.

      The draw (--draw=hash, the default) ranks the findings by a hash of
      (SEED, file, line, message without its rule tag) and takes the N
      lowest.  A finding's rank does not depend on the other findings, so
      one that two binaries both report is drawn by both as long as it
      ranks under the cut in each: a second binary's sheet shares most of
      the first one's verdicts, and a larger N extends a draw without
      changing it.  --draw=random is the draw of the first three rounds
      (random.sample over the report's order), kept to reproduce them.

  blind.py verdicts JOINFILE VERDICTS [JOINFILE VERDICTS ...]
      VERDICTS is the judge's file, one line per id:
          <id> <bug|defensible|false> <file:line> <one-line reason>
      Print the counts for all findings and for call-site findings (rules
      C, D, E), and the precision of each: (bug + defensible) / judged.
      Several pairs (one per code base) are counted together, each
      verdict joined with its own pair's file: ids repeat from one code
      base's sheet to the next, and a concatenation of the join files
      would give a later base's rule to an earlier base's verdict.

Only ids, file names, line numbers, verdicts and reasons are kept in the
repository (docs/retconv-real-world.md), never the sheet.
"""

import hashlib
import random
import re
import sys

FINDING = re.compile(r"^(?P<file>[^:\s][^:]*):(?P<line>\d+):(?P<col>\d+): "
                     r"warning: (?P<msg>.*) \[retconv-(?P<rule>[A-Z])\]$")
NOTE = re.compile(r"^[^:\s][^:]*:\d+:\d+: note: ")
CALL_SITE_RULES = set("CDE")
CONTEXT = 12


def read_findings(path):
    """Each finding with the note lines that follow it."""
    findings = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for raw in f:
            line = raw.rstrip("\n")
            m = FINDING.match(line)
            if m:
                findings.append(dict(m.groupdict(), notes=[]))
            elif findings and NOTE.match(line):
                findings[-1]["notes"].append(line)
    return findings


def source_lines(root, name, line):
    path = name if name.startswith("/") else f"{root}/{name}"
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read().split("\n")
    except OSError as e:
        return [f"    (source not readable: {e.strerror})"]
    lo = max(0, line - 1 - CONTEXT)
    hi = min(len(text), line + CONTEXT)
    return [f"{'>' if i + 1 == line else ' '}{i + 1:6d}  {text[i]}"
            for i in range(lo, hi)]


def rank(seed, x):
    """Where a finding stands in SEED's order: the same for the same
    file, line and message in any report, whatever else it holds."""
    key = f"{seed}\0{x['file']}\0{x['line']}\0{x['msg']}".encode()
    return hashlib.sha256(key).hexdigest()


def draw(findings, n, seed, how):
    if len(findings) <= n:
        return list(findings)
    if how == "random":
        return random.Random(seed).sample(findings, n)
    return sorted(findings, key=lambda x: rank(seed, x))[:n]


def sample(out, root, n, seed, sheet, join, how="hash"):
    findings = read_findings(out)
    picked = draw(findings, n, seed, how)
    picked.sort(key=lambda x: (x["file"], int(x["line"])))
    with open(sheet, "w", encoding="utf-8") as s, \
            open(join, "w", encoding="utf-8") as j:
        s.write(f"# {len(picked)} of {len(findings)} findings, seed {seed}\n")
        s.write("# verdict per id: bug | defensible | false\n\n")
        for i, x in enumerate(picked, 1):
            ident = f"{i:03d}"
            s.write(f"== {ident} {x['file']}:{x['line']}\n")
            s.write(f"   claim: {x['msg']}\n")
            for note in x["notes"]:
                s.write(f"   {note}\n")
            for src in source_lines(root, x["file"], int(x["line"])):
                s.write(src + "\n")
            s.write("\n")
            j.write(f"{ident}\t{x['rule']}\t{x['file']}:{x['line']}\n")
    print(f"{len(picked)} of {len(findings)} findings sampled")


def count_pair(join, path, counts):
    rule = {}
    with open(join, encoding="utf-8") as f:
        for line in f:
            ident, r, _ = line.rstrip("\n").split("\t", 2)
            rule[ident] = r
    with open(path, encoding="utf-8") as f:
        for line in f:
            if not line.strip() or line.startswith("#"):
                continue
            ident, verdict = line.split()[:2]
            if ident not in rule or verdict not in ("bug", "defensible",
                                                    "false"):
                sys.exit(f"blind.py: {path}: bad line: {line.strip()}")
            groups = ["all"]
            if rule[ident] in CALL_SITE_RULES:
                groups.append("call-site")
            for g in groups:
                counts[g][verdict] = counts[g].get(verdict, 0) + 1


def verdicts(pairs):
    counts = {"all": {}, "call-site": {}}
    for join, path in pairs:
        count_pair(join, path, counts)
    for g, c in counts.items():
        judged = sum(c.values())
        good = c.get("bug", 0) + c.get("defensible", 0)
        pct = f"{100.0 * good / judged:.0f}%" if judged else "-"
        print(f"{g}: {judged} judged, {c.get('bug', 0)} bug, "
              f"{c.get('defensible', 0)} defensible, {c.get('false', 0)} "
              f"false: precision {pct}")


def main(argv):
    how = "hash"
    if len(argv) > 1 and argv[0] == "sample" and argv[1].startswith("--draw="):
        how = argv.pop(1)[len("--draw="):]
        if how not in ("hash", "random"):
            sys.exit(f"blind.py: --draw={how}: hash or random")
    if len(argv) == 7 and argv[0] == "sample":
        sample(argv[1], argv[2], int(argv[3]), int(argv[4]), argv[5],
               argv[6], how)
    elif len(argv) >= 3 and len(argv) % 2 == 1 and argv[0] == "verdicts":
        verdicts(list(zip(argv[1::2], argv[2::2])))
    else:
        sys.exit("usage: blind.py sample [--draw=hash|random] OUT SRC-ROOT "
                 "N SEED SHEET JOIN | blind.py verdicts JOIN VERDICTS "
                 "[JOIN VERDICTS ...]")


if __name__ == "__main__":
    main(sys.argv[1:])
