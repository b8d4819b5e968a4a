#!/usr/bin/env python3
"""Checks sectorscope's per-kernel sector and request counts against Nsight
Compute, the ground truth.

Runs the plain binary under ncu (l1tex sector and request counters for global
loads and stores, every launch), runs the instrumented binary in grid mode
(every block counted, so totals are comparable with ncu's grid-wide
counters), and compares, per launch, the sums over global load sites and over
global store sites. Prints one line per launch and a closing
"N passed, M failed" line; exits non-zero on any mismatch.

Usage: ncu-compare.py --plain BIN --instrumented BIN [--kernel REGEX]
                      [--out DIR] [-- ARGS...]
"""
import argparse
import csv
import glob
import io
import json
import os
import re
import subprocess
import sys

METRICS = {
    ("load", "sectors"): "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    ("load", "requests"): "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
    ("store", "sectors"): "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    ("store", "requests"): "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
}


def run_ncu(binary, args, kernel):
    cmd = ["ncu", "--clock-control", "none", "--csv", "--metrics",
           ",".join(METRICS.values())]
    if kernel:
        cmd += ["--kernel-name", "regex:" + kernel]
    cmd += [binary] + args
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    if out.returncode != 0:
        sys.exit("ncu failed (%d): %s" % (out.returncode, out.stderr[-2000:]))
    # ncu prints the program's own output first; the CSV starts at the header.
    text = out.stdout[out.stdout.find('"ID"'):]
    launches = {}
    for row in csv.DictReader(io.StringIO(text)):
        key = int(row["ID"])
        entry = launches.setdefault(key, {"kernel": row["Kernel Name"]})
        value = float(row["Metric Value"].replace(",", ""))
        for k, name in METRICS.items():
            if row["Metric Name"] == name:
                entry[k] = value
    return [launches[k] for k in sorted(launches)]


def run_instrumented(binary, args, out_dir):
    env = dict(os.environ, SECTORSCOPE_MODE="grid", SECTORSCOPE_OUT=out_dir,
               SECTORSCOPE_LAUNCHES="all", SECTORSCOPE_QUIET="1")
    subprocess.run([binary] + args, env=env, check=True, timeout=300,
                   stdout=subprocess.DEVNULL)
    reports = []
    for path in glob.glob(os.path.join(out_dir, "*.json")):
        with open(path) as f:
            reports.append(json.load(f))
    # The process's launch order (abi: the report's launch.seq); ncu's IDs
    # follow it. The directory's order is arbitrary.
    for r in reports:
        if not isinstance(r.get("launch"), dict) or "seq" not in r["launch"]:
            sys.exit("report without launch.seq: " + r.get("kernel", "?"))
    reports.sort(key=lambda r: r["launch"]["seq"])
    return reports


def totals(report):
    t = {k: 0.0 for k in METRICS}
    for site in report.get("sites", []):
        if site.get("space") != "global" or site.get("op") not in ("load", "store"):
            continue
        t[(site["op"], "sectors")] += site["sectors"]
        t[(site["op"], "requests")] += site["requests"]
    return t


def short(name):
    return re.sub(r"\(.*", "", name).split("<")[0].split("::")[-1]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--plain", required=True)
    p.add_argument("--instrumented", required=True)
    p.add_argument("--kernel", default="")
    p.add_argument("--out", default="ncu-compare-out")
    p.add_argument("args", nargs="*")
    a = p.parse_args()
    os.makedirs(a.out, exist_ok=True)
    truth = run_ncu(a.plain, a.args, a.kernel)
    ours = run_instrumented(a.instrumented, a.args, a.out)
    if a.kernel:
        ours = [r for r in ours if re.search(a.kernel, r.get("kernel", ""))]
    passed = failed = 0
    by_kernel = {}
    for r in ours:
        by_kernel.setdefault(short(r["kernel"]), []).append(r)
    for t in truth:
        k = short(t["kernel"])
        if not by_kernel.get(k):
            print("MISSING %s: no sectorscope report" % k)
            failed += 1
            continue
        mine = totals(by_kernel[k].pop(0))
        ok = True
        parts = []
        for op in ("load", "store"):
            ts, tr = t.get((op, "sectors"), 0), t.get((op, "requests"), 0)
            ms, mr = mine[(op, "sectors")], mine[(op, "requests")]
            parts.append("%s ncu %d/%d=%.2f ours %d/%d=%.2f" % (
                op, ts, tr, ts / tr if tr else 0, ms, mr, ms / mr if mr else 0))
            ok &= (ts == ms and tr == mr)
        print("%s %s: %s" % ("PASS" if ok else "FAIL", k, "; ".join(parts)))
        passed += ok
        failed += not ok
    if not truth:
        print("FAIL: ncu reported no launch to compare with")
        failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
