#!/usr/bin/env python3
#===- make-run.py - Make the sample program run in Inputs/run/ ------------===#
#
# Usage: make-run.py <build>/bin/runtime-unittests <out-dir>
#
# The reports are the runtime's own output for its CPU fake-device cases
# (runtime/host/unittests), given the kernel names, source files and report
# file names of a two-process, two-device program, as the runtime names them
# (<kernel>-<host>-<pid>[-r<rank>]-t<tid>-<seq>.json). The fake-device cases
# print no heat-map CSV except one, so each heat-map launch's CSV is written
# here from the same accesses the case makes, in runtime/README.md's columns.
#
#===----------------------------------------------------------------------===#
import json
import os
import subprocess
import sys

ARR_A, ARR_B = 0x7f0000000000, 0x7f0000100000
SRC = "/home/dev/app/"

# case, file stem, kernel, mangled, source file, device ordinal,
# the case's accesses as (site, address(thread)) for the CSV, ops per site
LAUNCHES = [
    ("strided", "transpose_naive-node1-4242-t4242-00000",
     "transpose_naive(float*, float const*, int)", "_Z15transpose_naivePfPKfi",
     SRC + "transpose.cu", 0, lambda t: [(0, ARR_A + 4 * t * 64)], "l"),
    ("false-sharing", "histogram-node1-4242-t4242-00001",
     "histogram(float*, float*)", "_Z9histogramPfS_", SRC + "histogram.cu", 0,
     lambda t: [(0, ARR_A + 4 * ((t % 32) * 8 + t // 32))], "s"),
    ("hot-spot", "scale_by_first-node1-4242-t4242-00002",
     "scale_by_first(float*, float*)", "_Z14scale_by_firstPfS_",
     SRC + "scale.cu", 0,
     lambda t: [(0, ARR_A + 4 * (1 + t)), (1, ARR_A), (2, ARR_B + 4 * t)],
     "lls"),
    ("camped-gt200", "scatter_rows-node2-5151-r1-t5152-00000",
     "scatter_rows(float*, float*)", "_Z12scatter_rowsPfS_", "k.cu", 1,
     None, ""),
    ("uncoalesced", "gather-node2-5151-r1-t5152-00001",
     "gather(float*, float*)", "_Z6gatherPfS_", SRC + "gather.cu", 1,
     lambda t: [(0, ARR_A + 4 * ((t * 2654435761) % 65521))], "l"),
    ("no-data", "copy-node2-5151-r1-t5152-00002",
     "copy(float*, float*)", "_Z4copyPfS_", SRC + "copy.cu", 1, None, ""),
]


def case_json(tool, case):
    out = subprocess.run([tool, case], check=True, capture_output=True,
                         text=True).stdout
    return json.loads(out[:out.rindex("\n}") + 2])


def heat_csv(report, accesses, ops):
    """One row per sector the sampled block touched, as CsvReport.cpp."""
    threads = report["block"]["x"]
    sectors = {}
    for t in range(threads):
        for site, addr in accesses(t):
            s = sectors.setdefault(addr & ~31, [0, [0] * 8, set()])
            s[0] |= 1 << (t // 32)
            s[1][(addr & 31) // 4] |= 1 << (t // 32)
            s[2].add(ops[site])
    objects = [o for o in report["objects"] if "base" in o]
    rows = ["address,space,object,sector_warps," +
            ",".join("w%d" % i for i in range(8)) + ",sector_mask," +
            ",".join("w%d_mask" % i for i in range(8)) + ",ops"]
    for addr in sorted(sectors):
        mask, words, op = sectors[addr]
        obj = next((str(o["id"]) for o in objects
                    if int(o["base"], 16) <= addr < int(o["base"], 16) + o["size"]), "")
        rows.append(",".join(
            ["0x%x" % addr, "global", obj, str(bin(mask).count("1"))] +
            [str(bin(w).count("1")) for w in words] + ["0x%08x" % mask] +
            ["0x%08x" % w for w in words] + ["".join(sorted(op, key="lsa".index))]))
    return "\n".join(rows) + "\n"


def main(tool, out):
    os.makedirs(out, exist_ok=True)
    for case, stem, kernel, mangled, src, ordinal, accesses, ops in LAUNCHES:
        r = case_json(tool, case)
        r["kernel"], r["mangled"] = kernel, mangled
        r["device"]["ordinal"] = ordinal
        r["launch"]["seq"] = int(stem[-5:])
        for s in r["sites"]:
            s["file"], s["function"] = src, kernel
        if case == "no-data":
            r["error"] = "kernel failed: cudaErrorIllegalAddress"
        if accesses:
            r["heatmap"]["csv"] = stem + ".heat.csv"
            with open(os.path.join(out, stem + ".heat.csv"), "w") as f:
                f.write(heat_csv(r, accesses, ops))
        with open(os.path.join(out, stem + ".json"), "w") as f:
            f.write(json.dumps(r, indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
