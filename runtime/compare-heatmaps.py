#!/usr/bin/env python3
"""Compares sectorscope's heat maps with AccelProf heatmap_analysis's.

Reads the report directory that `bench-overhead.sh run CARRY LAUNCHES KEEP`
leaves with ACCELPROF_HOME set: per program, `heatmap/` (sectorscope's
heat-map mode: one JSON per launch and its `.heat.csv`) and `accelprof/`
(the time mode under AccelProf with SECTORSCOPE_LAUNCHES=all, whose JSON
`launch.seq` numbers every launch as AccelProf's `kernel_<seq>.csv` does).
Both tools record block (0,0,0). For the first launch of each kernel it
prints the global-memory sectors each tool saw, how many distinct warps
touched each (as a histogram), and, where both saw the same addresses, the
share of sectors whose per-sector and per-word distinct-warp counts agree.

Usage: compare-heatmaps.py KEEP_DIR
"""
import csv
import glob
import json
import os
import sys
from collections import Counter


def load_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def ours(heat_csv):
    """address -> (sector warps, [word warps]) for global sectors."""
    out = {}
    with open(heat_csv) as f:
        for row in csv.DictReader(f):
            if row.get("space") != "global":
                continue
            words = [int(row[f"w{i}"]) for i in range(8)]
            out[int(row["address"], 16)] = (int(row["sector_warps"]), words)
    return out


def theirs(kernel_csv):
    """address -> (sector warps, [word warps]) from AccelProf's CSV."""
    out = {}
    with open(kernel_csv) as f:
        next(f, None)  # header
        for line in f:
            cells = [c.strip() for c in line.replace("\t", "").split(",")]
            if len(cells) < 10 or not cells[0].startswith("0x"):
                continue
            counts = [int(c) for c in cells[1:10]]
            out[int(cells[0], 16) << 5] = (counts[8], counts[:8])
    return out


def histogram(m):
    h = Counter(v[0] for v in m.values())
    return " ".join(f"{k}:{h[k]}" for k in sorted(h))


def first_launches(dirpath, mode_dir):
    """kernel -> report JSON of its first launch in that mode."""
    firsts = {}
    for p in glob.glob(os.path.join(dirpath, mode_dir, "*.json")):
        j = load_json(p)
        if not j or "launch" not in j:
            continue
        k = j["kernel"]
        if j["launch"].get("kernel_launch") == 0 and k not in firsts:
            firsts[k] = (p, j)
    return firsts


def main():
    if len(sys.argv) != 2 or not os.path.isdir(sys.argv[1]):
        sys.exit("usage: compare-heatmaps.py KEEP_DIR")
    keep = sys.argv[1]
    print("| program | kernel | sectors (sectorscope / AccelProf) | distinct warps per sector, sectors with that count (sectorscope / AccelProf) | same addresses | sector and word counts agree |")
    print("| --- | --- | --- | --- | --- | --- |")
    for prog in sorted(os.listdir(keep)):
        base = os.path.join(keep, prog)
        heat = first_launches(base, "heatmap")
        ap = first_launches(base, "accelprof")
        ap_csvs = {}
        for c in glob.glob(os.path.join(base, "accelprof", "heatmap_*", "kernel_*.csv")):
            ap_csvs[int(os.path.basename(c)[7:-4])] = c
        for k in sorted(heat):
            hp, hj = heat[k]
            name = (hj.get("heatmap") or {}).get("csv")
            if not name or k not in ap:
                continue
            seq = ap[k][1]["launch"].get("seq")
            their_csv = ap_csvs.get(seq)
            our_csv = os.path.join(os.path.dirname(hp), name)
            if their_csv is None or not os.path.exists(our_csv):
                continue
            a, b = ours(our_csv), theirs(their_csv)
            common = set(a) & set(b)
            agree = sum(1 for s in common if a[s] == b[s])
            share = f"{agree / len(common):.3f}" if common else "-"
            print(f"| {prog} | {k[:40]} | {len(a)} / {len(b)} | {histogram(a)} / {histogram(b)} | {len(common)} | {share} |")


if __name__ == "__main__":
    main()
