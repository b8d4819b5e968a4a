"""Inputs of instructions.test: the synthetic micro-benchmark file with and
without the GPU's clock, and a launch profile whose sites carry work.
usage: make.py MICROBENCH PROFILE OUTDIR WORK"""
import json
import os
import sys

bench_in, profile_in, out, work = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
os.makedirs(out, exist_ok=True)
bench = json.load(open(bench_in))
bench["gpu"]["max_sm_clock_mhz"] = 1000
json.dump(bench, open(os.path.join(out, "clocked.json"), "w"))
profile = json.load(open(profile_in))
for site in profile["sites"]:
    site["work"] = work
json.dump(profile, open(os.path.join(out, "worked.json"), "w"))
