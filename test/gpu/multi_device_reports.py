#!/usr/bin/env python3
#===- multi_device_reports.py - Check multi_device's report directory -----===#
#
# Usage: multi_device_reports.py DIR --mode heatmap|grid --processes P
#            --kernel NAME DEVICE LAUNCHES SPR [--kernel ...]
#            [--threads T] [--streams S] [--page FILE]
#
# The reports multi_device (or P copies of it) wrote into DIR must be: one
# valid report per launch and nothing else (LAUNCHES of each kernel NAME per
# process, no file lost or overwritten: each process's sequence numbers and
# each kernel's launch indices complete), without errors, on DEVICE (an
# ordinal, or `any`), with the load reading SPR sectors per request and the
# store 4, over the requests of the warps counted (one block in heat-map mode,
# all in grid mode); heat-map reports with their CSV beside them. --threads
# and --streams: distinct host threads and streams per process. --page: the
# sectorscope-report page of DIR lists every process and counts every report.
# Prints one line per problem and exits 1 on any.
#
#===----------------------------------------------------------------------===#
import argparse
import os
import sys

here = os.path.dirname(os.path.realpath(__file__))
for d in (os.path.join(here, "..", "..", "tools"), os.path.join(here, "..", "bin")):
    sys.path.insert(0, d)
import sectorscope_reports as reports  # noqa: E402

SECTORS_PER_STORE = 4  # a warp's 32 consecutive floats


def spec_of(report, specs):
    for s in specs:
        if s["name"] in report.kernel:
            return s
    return None


def check_sites(r, spec, problems):
    d = r.data
    block, grid = d.get("block") or {}, d.get("grid") or {}
    warps = (block.get("x", 1) * block.get("y", 1) * block.get("z", 1) + 31) // 32
    blocks = grid.get("x", 1) * grid.get("y", 1) * grid.get("z", 1)
    counted = 1 if d.get("mode") == "heatmap" else blocks
    if d.get("sampled_blocks") != counted:
        problems.append("%s: sampled_blocks %s, expected %d" %
                        (r.name, d.get("sampled_blocks"), counted))
    sites = [s for s in d.get("sites") or [] if s.get("space") == "global"]
    ops = sorted(s.get("op") for s in sites)
    if ops != ["load", "store"]:
        problems.append("%s: global sites %s, expected one load and one store" %
                        (r.name, ops))
        return
    for s in sites:
        spr = spec["spr"] if s["op"] == "load" else SECTORS_PER_STORE
        want = (warps * counted, spr * warps * counted)
        got = (s.get("requests"), s.get("sectors"))
        if got != want:
            problems.append("%s: %s at line %s: requests, sectors %s, expected %s" %
                            (r.name, s["op"], s.get("line"), got, want))


def check(args):
    problems = []
    specs = [{"name": k[0], "device": k[1], "launches": int(k[2]),
              "spr": int(k[3])} for k in args.kernel]
    loaded = reports.load_reports(reports.report_paths(args.dir))
    names = set(os.listdir(args.dir))
    leftovers = sorted(n for n in names
                       if not n.endswith(".json") and not n.endswith(".heat.csv"))
    if leftovers:
        problems.append("files that are no reports: %s" % ", ".join(leftovers))
    by_process = {}
    for r in loaded:
        by_process.setdefault(r.process, []).append(r)
        d = r.data
        spec = spec_of(r, specs)
        if not spec:
            problems.append("%s: kernel '%s' not expected" % (r.name, r.kernel))
            continue
        if d.get("error") or d.get("note"):
            problems.append("%s: %s" % (r.name, d.get("error") or d.get("note")))
        if d.get("mode") != args.mode:
            problems.append("%s: mode %s, expected %s" % (r.name, d.get("mode"), args.mode))
        ordinal = (d.get("device") or {}).get("ordinal")
        if spec["device"] != "any" and str(ordinal) != spec["device"]:
            problems.append("%s: device %s, expected %s" % (r.name, ordinal, spec["device"]))
        if not reports.NAME_RE.match(r.name):
            problems.append("%s: not a report file name" % r.name)
        check_sites(r, spec, problems)
        csv = (d.get("heatmap") or {}).get("csv")
        if args.mode == "heatmap" and csv not in names:
            problems.append("%s: heat-map CSV %s missing" % (r.name, csv))
    if len(by_process) != args.processes:
        problems.append("%d processes wrote reports, expected %d" %
                        (len(by_process), args.processes))
    per_process = sum(s["launches"] for s in specs)
    for proc, rs in sorted(by_process.items()):
        seqs = sorted(r.data["launch"]["seq"] for r in rs)
        if seqs != list(range(per_process)):
            problems.append("process %s: launch sequence numbers %s, expected 0..%d" %
                            (proc, seqs, per_process - 1))
        for s in specs:
            idx = sorted(r.data["launch"]["kernel_launch"] for r in rs
                         if s["name"] in r.kernel)
            if idx != list(range(s["launches"])):
                problems.append("process %s: %s launches %s, expected 0..%d" %
                                (proc, s["name"], idx, s["launches"] - 1))
        for what, want, key in (("threads", args.threads, lambda r: r.data["process"]["thread"]),
                                ("streams", args.streams, lambda r: r.data["launch"]["stream"])):
            if want is not None and len({key(r) for r in rs}) != want:
                problems.append("process %s: %d %s, expected %d" %
                                (proc, len({key(r) for r in rs}), what, want))
    if args.page:
        page = reports.read_bounded(args.page, 64 << 20, "page").decode()
        if "<td>%d</td>" % len(loaded) not in page:
            problems.append("page %s: no report count %d" % (args.page, len(loaded)))
        for proc in by_process:
            if proc not in page:
                problems.append("page %s: process %s missing" % (args.page, proc))
    return loaded, problems


def main(argv):
    p = argparse.ArgumentParser(description="Checks multi_device's reports.")
    p.add_argument("dir")
    p.add_argument("--mode", required=True, choices=["heatmap", "grid"])
    p.add_argument("--processes", type=int, required=True)
    p.add_argument("--kernel", nargs=4, action="append", required=True,
                   metavar=("NAME", "DEVICE", "LAUNCHES", "SPR"))
    p.add_argument("--threads", type=int)
    p.add_argument("--streams", type=int)
    p.add_argument("--page")
    args = p.parse_args(argv)
    try:
        loaded, problems = check(args)
    except (reports.ReportError, KeyError, TypeError) as e:
        print("FAIL %s: %s" % (args.dir, e))
        return 1
    for line in problems:
        print("FAIL " + line)
    if problems:
        return 1
    print("PASS %d reports of %d process%s in %s" %
          (len(loaded), args.processes, "" if args.processes == 1 else "es", args.dir))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
