#!/usr/bin/env python3
# Stands in for an instrumented program run under --model-check: writes the
# recorded profiles of the mode it runs in (SECTORSCOPE_MODE) from the
# directory $1 into SECTORSCOPE_OUT, as the runtime would, a time-mode run's
# at its SECTORSCOPE_OCCUPANCY, prints a timing line that differs from run
# to run and a result line (in grid mode the result $3 when given), and
# exits with $2.
import glob
import json
import os
import sys

src, status = sys.argv[1], int(sys.argv[2])
mode = os.environ.get("SECTORSCOPE_MODE", "heatmap")
warps = os.environ.get("SECTORSCOPE_OCCUPANCY")
out = os.environ["SECTORSCOPE_OUT"]
os.makedirs(out, exist_ok=True)
for path in sorted(glob.glob(os.path.join(src, "*.json"))):
    with open(path) as f:
        report = json.load(f)
    if report["mode"] != mode:
        continue
    name = os.path.basename(path)
    if warps:
        per_block = max(1, report["block"]["x"] * report["block"]["y"] *
                        report["block"]["z"] // 32)
        report["occupancy"] = {"active_warps_per_sm": int(warps),
                               "active_blocks_per_sm":
                                   max(1, int(warps) // per_block)}
        name = name.replace("-t1-", "-t%s-" % warps)
    with open(os.path.join(out, name), "w") as f:
        json.dump(report, f)
print("kernel time %s ms" % (warps or mode))
print("result %s" % (sys.argv[3] if mode == "grid" and len(sys.argv) > 3
                     else "42"))
sys.exit(status)
