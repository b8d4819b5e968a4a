#!/usr/bin/env python3
"""score-expectations.py: compare sectorscope's SARIF findings with the
`// expect: <rule|clean|data-dependent> [under <model>] [+ ...] (<ops>)` comments of
CUDA sources (examples/*.cu use them).

Usage: score-expectations.py [--wrapper W] [--partitions P] FILE.cu...
Compiles each file with `W --cuda-device-only -O2 -c`, reads the SARIF, and
prints per-line mismatches and precision/recall over (file, line, rule).
"""
import argparse, json, os, re, subprocess, sys, tempfile

# "expect: strided + camped under gt200 (store)": rules joined by "+".
EXPECT = re.compile(r"expect:\s*([^(;]*)")
TERM = re.compile(r"([a-z-]+)(?:\s+under\s+([\w:]+))?")
RULES = {"strided", "misaligned", "camped"}


def expected(path, model):
    out = {}
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        m = EXPECT.search(line)
        if not m:
            continue
        want = set()
        for term in m.group(1).split("+"):
            t = TERM.match(term.strip())
            if not t:
                continue
            rule, under = t.group(1), t.group(2)
            if rule in RULES and (under is None or under == model):
                want.add(rule)
        out[n] = want
    return out


def found(path, wrapper, model):
    with tempfile.TemporaryDirectory() as d:
        sarif = os.path.join(d, "out.sarif")
        cmd = [wrapper, "--cuda-device-only", "-O2", "-c", "-o", os.devnull, path,
               "-fplugin-arg-sectorscope-sarif=" + sarif]
        if model != "default":
            cmd.append("-fplugin-arg-sectorscope-partitions=" + model)
        subprocess.run(cmd, stderr=subprocess.DEVNULL, check=False)
        if not os.path.exists(sarif):
            print(f"{path}: compile failed, no SARIF", file=sys.stderr)
            return {}
        doc = json.load(open(sarif))
    res = {}
    for r in doc["runs"][0]["results"]:
        loc = r["locations"][0]["physicalLocation"]
        if os.path.basename(loc["artifactLocation"]["uri"]) != os.path.basename(path):
            continue
        res.setdefault(loc["region"]["startLine"], set()).add(r["ruleId"])
    return res


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--wrapper", default="sectorscope-clang++")
    ap.add_argument("--partitions", default="default")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    tp = fp = fn = 0
    for f in a.files:
        exp, got = expected(f, a.partitions), found(f, a.wrapper, a.partitions)
        for line in sorted(set(exp) | set(got)):
            e, g = exp.get(line, set()), got.get(line, set())
            tp += len(e & g)
            fp += len(g - e)
            fn += len(e - g)
            if e != g:
                tag = "" if line in exp else " (no expect comment)"
                print(f"{os.path.basename(f)}:{line}: expected {sorted(e) or 'clean'}, "
                      f"found {sorted(g) or 'nothing'}{tag}")
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    print(f"partitions={a.partitions}: tp={tp} fp={fp} fn={fn} "
          f"precision={p:.3f} recall={r:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
