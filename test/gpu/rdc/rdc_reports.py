#!/usr/bin/env python3
#===- rdc_reports.py - Check the reports of the two-unit rdc program -----===#
#
# Usage: rdc_reports.py DIR --mode heatmap|grid
#
# The program (units_a.cu, units_b.cu: relocatable device code, device-linked
# into one image) launches each of its four kernels once. Each report must
# name the sites of the unit that defines the kernel, read from that unit's
# own site table (both tables number their sites from 0, so a kernel tied to
# the other unit's module would show the other unit's lines), with one
# request per warp counted (the sampled block in heat-map mode, every block
# in grid mode) and the sectors per request of its access pattern:
#   copyA    units_a.cu  load 4, store 4
#   stridedA units_a.cu  load 8 (every second float), store 4
#   callsB   units_a.cu  store 4 only: its load is in units_b.cu's loadB,
#                        which units_a.cu's pass never sees
#   gatherB  units_b.cu  load 4 (in loadB), store 4
# Prints one line per problem and exits 1 on any.
#
#===----------------------------------------------------------------------===#
import argparse
import os
import sys

here = os.path.dirname(os.path.realpath(__file__))
for d in (os.path.join(here, "..", "..", "..", "tools"),
          os.path.join(here, "..", "bin")):
    sys.path.insert(0, d)
import sectorscope_reports as reports  # noqa: E402

BLOCK_THREADS, NUM_BLOCKS = 256, 256  # units.h

# kernel -> (unit, [(op, function, sectors per request)])
EXPECTED = {
    "copyA": ("units_a.cu", [("load", "copyA", 4), ("store", "copyA", 4)]),
    "stridedA": ("units_a.cu", [("load", "stridedA", 8), ("store", "stridedA", 4)]),
    "callsB": ("units_a.cu", [("store", "callsB", 4)]),
    "gatherB": ("units_b.cu", [("load", "loadB", 4), ("store", "gatherB", 4)]),
}


def kernel_of(report):
    name = report.kernel
    return name[:name.find("(")] if "(" in name else name


def check_report(r, mode, problems):
    d = r.data
    kernel = kernel_of(r)
    unit, want_sites = EXPECTED[kernel]
    if d.get("error") or d.get("note"):
        problems.append("%s: %s" % (r.name, d.get("error") or d.get("note")))
    if d.get("mode") != mode:
        problems.append("%s: mode %s, expected %s" % (r.name, d.get("mode"), mode))
    grid, block = d.get("grid") or {}, d.get("block") or {}
    shape = (grid.get("x"), grid.get("y"), grid.get("z"),
             block.get("x"), block.get("y"), block.get("z"))
    if shape != (NUM_BLOCKS, 1, 1, BLOCK_THREADS, 1, 1):
        problems.append("%s: grid and block %s, expected %s" %
                        (r.name, shape, (NUM_BLOCKS, 1, 1, BLOCK_THREADS, 1, 1)))
        return
    counted = 1 if mode == "heatmap" else NUM_BLOCKS
    if d.get("sampled_blocks") != counted:
        problems.append("%s: sampled_blocks %s, expected %d" %
                        (r.name, d.get("sampled_blocks"), counted))
    requests = BLOCK_THREADS // 32 * counted
    sites = d.get("sites") or []
    got = sorted((s.get("op"), s.get("function"), os.path.basename(s.get("file") or ""),
                  s.get("requests"), s.get("sectors")) for s in sites)
    want = sorted((op, fn, unit, requests, spr * requests) for op, fn, spr in want_sites)
    if got != want:
        problems.append("%s: sites (op, function, file, requests, sectors) %s, expected %s" %
                        (r.name, got, want))


def check(args):
    problems = []
    loaded = reports.load_reports(reports.report_paths(args.dir))
    seen = {}
    for r in loaded:
        kernel = kernel_of(r)
        if kernel not in EXPECTED:
            problems.append("%s: kernel '%s' not expected" % (r.name, r.kernel))
            continue
        seen[kernel] = seen.get(kernel, 0) + 1
        check_report(r, args.mode, problems)
    for kernel in sorted(EXPECTED):
        if seen.get(kernel, 0) != 1:
            problems.append("%s: %d reports, expected 1" % (kernel, seen.get(kernel, 0)))
    return loaded, problems


def main(argv):
    p = argparse.ArgumentParser(description="Checks the rdc program's reports.")
    p.add_argument("dir")
    p.add_argument("--mode", required=True, choices=["heatmap", "grid"])
    args = p.parse_args(argv)
    loaded = []
    try:
        loaded, problems = check(args)
    except (reports.ReportError, KeyError, TypeError) as e:
        problems = ["%s: %s" % (args.dir, e)]
    print("\n".join("FAIL " + line for line in problems) if problems else
          "PASS %d reports in %s (%s mode)" % (len(loaded), args.dir, args.mode))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
