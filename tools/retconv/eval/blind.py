#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Blind precision sampling for retconv (issue 26, "precision on unseen code").

Judging a checker's findings is only worth something when the judge cannot
see which rule made each one: a judge who knows "this is rule C" reads the
code looking for rule C's bug.  This script sits between retconv and the
judge, in three steps:

  blind.py sample OUT.txt SRC-ROOT N SEED SHEET JOINFILE
      Read retconv's text report OUT.txt (run from SRC-ROOT), draw N of its
      findings at random with SEED (all of them if there are fewer), and
      write SHEET: for each, an id, file:line, the message with its rule
      tag removed, the notes, and the source around the line.  JOINFILE
      keeps id -> rule for the scoring step; the judge never opens it.
      SHEET holds the project's code: keep it outside the repository.

  blind.py verdicts JOINFILE VERDICTS
      VERDICTS is the judge's file, one line per id:
          <id> <bug|defensible|false> <file:line> <one-line reason>
      Print the counts for all findings and for call-site findings (rules
      C, D, E), and the precision of each: (bug + defensible) / judged.

Only ids, file names, line numbers, verdicts and reasons are kept in the
repository (docs/retconv-real-world.md), never the sheet.
"""

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


def sample(out, root, n, seed, sheet, join):
    findings = read_findings(out)
    rng = random.Random(seed)
    picked = findings if len(findings) <= n else rng.sample(findings, n)
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


def verdicts(join, path):
    rule = {}
    with open(join, encoding="utf-8") as f:
        for line in f:
            ident, r, _ = line.rstrip("\n").split("\t", 2)
            rule[ident] = r
    counts = {"all": {}, "call-site": {}}
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
    for g, c in counts.items():
        judged = sum(c.values())
        good = c.get("bug", 0) + c.get("defensible", 0)
        pct = f"{100.0 * good / judged:.0f}%" if judged else "-"
        print(f"{g}: {judged} judged, {c.get('bug', 0)} bug, "
              f"{c.get('defensible', 0)} defensible, {c.get('false', 0)} "
              f"false: precision {pct}")


def main(argv):
    if len(argv) == 7 and argv[0] == "sample":
        sample(argv[1], argv[2], int(argv[3]), int(argv[4]), argv[5],
               argv[6])
    elif len(argv) == 3 and argv[0] == "verdicts":
        verdicts(argv[1], argv[2])
    else:
        sys.exit("usage: blind.py sample OUT SRC-ROOT N SEED SHEET JOIN | "
                 "blind.py verdicts JOIN VERDICTS")


if __name__ == "__main__":
    main(sys.argv[1:])
