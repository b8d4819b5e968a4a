#!/usr/bin/env python3
"""score-expectations.py: compare sectorscope's SARIF findings with the
`// sectorscope-expect:` comments of CUDA sources (examples/*.cu carry them;
grammar in docs/expectations.md).

Usage: score-expectations.py [--wrapper W] [--dump D] [--partitions P]
           [--extra-arg ARG]... [--timeout S] FILE.cu|DIR...
A directory stands for every .cu file under it: any corpus whose access
lines carry the comments can be scored. Reads the comments with D
(sectorscope-expect-dump, default: beside W), the one parser the analyzer
and the runtime use; compiles each file with `W --cuda-device-only -O2 -c`
and the extra arguments (include directories, macros of the corpus), at most
S seconds each, reads the SARIF (every site of a finding grouped by cause:
`locations` and the `relatedLocations` of the other sites, not the notes in
inlined helpers), and prints per-line mismatches and precision/recall over
(file, line, rule). A line expects the rules its comment names for compile
time under partition model P; a line without a comment expects none.
"""
import argparse, json, os, shutil, subprocess, sys, tempfile

from score_line import cuda_sources, score_line

RULES = {"strided", "misaligned", "camped"}


def expected(path, dump, model):
    out = subprocess.run([dump, path], capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(out.stderr.strip() or f"{dump} failed on {path}")
    want = {}
    for e in json.loads(out.stdout):
        if e["scope"] != "line":
            continue
        rules = want.setdefault(e["line"], set())
        for t in e["terms"]:
            if (t["word"] in RULES and "compile-time" in t["phases"]
                    and t["under"] in (None, model)):
                rules.add(t["word"])
    return want


def found(path, wrapper, model, extra, timeout):
    with tempfile.TemporaryDirectory() as d:
        sarif = os.path.join(d, "out.sarif")
        cmd = [wrapper, "--cuda-device-only", "-O2", "-c", "-o", os.devnull, path,
               "-fplugin-arg-sectorscope-sarif=" + sarif] + extra
        if model != "default":
            cmd.append("-fplugin-arg-sectorscope-partitions=" + model)
        try:
            subprocess.run(cmd, stderr=subprocess.DEVNULL, check=False, timeout=timeout)
        except subprocess.TimeoutExpired:
            print(f"{path}: compile timed out after {timeout} s", file=sys.stderr)
        if not os.path.exists(sarif):
            print(f"{path}: compile failed, no SARIF", file=sys.stderr)
            return {}
        doc = json.load(open(sarif))
    res = {}
    for r in doc["runs"][0]["results"]:
        # A finding grouped by cause: its first site, then the others.
        for site in r["locations"][:1] + r.get("relatedLocations", []):
            if site.get("properties", {}).get("inlinedHelper"):
                continue
            loc = site["physicalLocation"]
            if os.path.basename(loc["artifactLocation"]["uri"]) != os.path.basename(path):
                continue
            res.setdefault(loc["region"]["startLine"], set()).add(r["ruleId"])
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wrapper", default="sectorscope-clang++")
    ap.add_argument("--dump", help="sectorscope-expect-dump (default: beside the wrapper)")
    ap.add_argument("--partitions", default="default")
    ap.add_argument("--extra-arg", action="append", default=[], metavar="ARG",
                    help="one more compiler argument (repeatable)")
    ap.add_argument("--timeout", type=float, default=120, metavar="S",
                    help="seconds per compile (default 120)")
    ap.add_argument("files", nargs="+", metavar="FILE.cu|DIR")
    a = ap.parse_args()
    wrapper = shutil.which(a.wrapper) or a.wrapper
    dump = a.dump or os.path.join(os.path.dirname(os.path.abspath(wrapper)),
                                  "sectorscope-expect-dump")
    tp = fp = fn = 0
    files = cuda_sources(a.files)
    if not files:
        sys.exit("score-expectations.py: no .cu files in " + " ".join(a.files))
    for f in files:
        exp = expected(f, dump, a.partitions)
        got = found(f, a.wrapper, a.partitions, a.extra_arg, a.timeout)
        for line in sorted(set(exp) | set(got)):
            e, g = exp.get(line, set()), got.get(line, set())
            tp += len(e & g)
            fp += len(g - e)
            fn += len(e - g)
            if e != g:
                tag = "" if line in exp else " (no expect comment)"
                print(f"{os.path.basename(f)}:{line}: expected {sorted(e) or 'clean'}, "
                      f"found {sorted(g) or 'nothing'}{tag}")
    print(score_line(f"partitions={a.partitions}", tp, fp, fn))
    return 0


if __name__ == "__main__":
    sys.exit(main())
