#!/usr/bin/env python3
"""scorecard.py: precision and recall of the analyzer's rules over labelled
CUDA sources.

The labels are the sources' clang -verify expectations: every access the
analyzer should report carries `expected-warning {{strided ...}}` (or
`<prefix>-warning` for the RUN line that names that prefix); an access with
no label is clean. For each RUN line of a source that compiles it with
`-Xclang -verify[=prefixes]` at -O1 or above, the source is compiled again
without -verify and the warnings found are matched with the labels by
(line, rule).

Usage: scorecard.py --wrapper W [--compat DIR] FILE.cu|DIR...
(a directory: every .cu file under it)
Prints one line per file and configuration that differs, then per rule
`<rule>: labelled=N tp=.. fp=.. fn=.. precision=.. recall=..`.
"""
import argparse, os, re, shlex, shutil, subprocess, sys, tempfile

from score_line import cuda_sources, score_line

RULES = ["strided", "misaligned", "camped"]
LABEL = re.compile(
    r"([\w-]+?)-(?:warning|error)(?:-re)?(?:@([+-]?\d+))?(?:\s+(\d+))?\s*\{\{(.*?)\}\}")
FOUND = re.compile(r"^(.*?):(\d+):\d+: (?:warning|error): .*\[sectorscope-(\w+)\]$")


def rule_of(text):
    t = text.strip()
    for prefix in ("likely ", ""):
        for r in RULES:
            if t.startswith(prefix + r):
                return r
    return None


def labels(path, prefixes):
    """(line, rule) -> count, for the labels of these -verify prefixes."""
    out = {}
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        for m in LABEL.finditer(line):
            if m.group(1) not in prefixes:
                continue
            r = rule_of(m.group(4))
            if r is None:
                continue
            at = n + int(m.group(2)) if m.group(2) else n
            key = (at, r)
            out[key] = out.get(key, 0) + int(m.group(3) or 1)
    return out


def configurations(path, compat, tmp):
    """The -verify RUN lines at -O1 and above: (prefixes, extra arguments).
    %t (a file some RUN lines write, such as SARIF) is a path under tmp."""
    for line in open(path, encoding="utf-8"):
        m = re.search(r"RUN:\s*%wrapper\s+(.*)", line)
        if not m or "-verify" not in m.group(1) or "-O0" in m.group(1):
            continue
        args, prefixes = [], ["expected"]
        for a in shlex.split(m.group(1)):
            if a.startswith("-verify"):
                prefixes = a.split("=", 1)[1].split(",") if "=" in a else ["expected"]
                args.pop()  # the -Xclang before it
                continue
            a = a.replace("%S", os.path.dirname(os.path.abspath(path)))
            a = a.replace("%s", os.path.abspath(path))
            a = a.replace("%t", os.path.join(tmp, os.path.basename(path)))
            if compat:
                a = a.replace("%compat", compat)
            args.append(a)
        yield prefixes, args


def found(path, wrapper, args):
    p = subprocess.run([wrapper] + args, capture_output=True, text=True)
    out = {}
    for line in p.stderr.splitlines():
        m = FOUND.match(line)
        if m and os.path.basename(m.group(1)) == os.path.basename(path):
            key = (int(m.group(2)), m.group(3))
            out[key] = out.get(key, 0) + 1
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wrapper", required=True)
    ap.add_argument("--compat", default="")
    ap.add_argument("files", nargs="+", metavar="FILE.cu|DIR")
    a = ap.parse_args()
    score = {r: [0, 0, 0, 0] for r in RULES}  # labelled, tp, fp, fn
    tmp = tempfile.mkdtemp(prefix="scorecard-")
    for f in cuda_sources(a.files):
        for prefixes, args in configurations(f, a.compat, tmp):
            want, got = labels(f, prefixes), found(f, a.wrapper, args)
            for key in sorted(set(want) | set(got)):
                w, g = want.get(key, 0), got.get(key, 0)
                s = score[key[1]]
                s[0] += w
                s[1] += min(w, g)
                s[2] += max(0, g - w)
                s[3] += max(0, w - g)
                if w != g:
                    print(f"{os.path.basename(f)}:{key[0]}: {key[1]} "
                          f"labelled {w}, found {g} ({','.join(prefixes)})")
    shutil.rmtree(tmp, ignore_errors=True)
    for r in RULES:
        n, tp, fp, fn = score[r]
        print(score_line(r, tp, fp, fn, labelled=n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
