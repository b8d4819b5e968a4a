#!/usr/bin/env python3
"""profile-overhead.py - what each mode costs real programs' kernels.

usage: tools/profile-overhead.py PROFILES_DIR

PROFILES_DIR holds one folder per program, each with the launch reports
(sectorscope-launch/1 JSON, docs/reports.md) of its runs in time, heatmap
and grid mode, as a corpus run leaves them and model/validate.sh --runs
reads them. For every kernel (a program's kernel name) with a time-mode
launch, prints the median of its time-mode kernel times (the program's own
kernel, `time_ms`) and, for heatmap and grid mode, the median of that mode's
instrumented kernel times (`kernel_ms`) over it; then the median and the
maximum of each mode's ratios over the kernels, in the words of
runtime/bench-overhead.sh. Launches that failed (`error` set) are left
out. A file that is not a launch report, or a directory with nothing to
compare, is a one-line error and exit status 1.
"""
import json
import os
import statistics
import sys

MODES = ("heatmap", "grid")


def fail(msg):
    sys.exit("profile-overhead.py: " + msg)


def launch_times(root):
    """{(program, kernel): {mode: [ms, ...]}} from every JSON under root."""
    times = {}
    for program in sorted(os.listdir(root)):
        folder = os.path.join(root, program)
        if not os.path.isdir(folder):
            continue
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".json"):
                continue
            path = os.path.join(folder, name)
            try:
                with open(path, encoding="utf-8") as f:
                    report = json.load(f)
            except (OSError, ValueError) as e:
                fail("%s: not readable as JSON (%s)" % (path, e))
            if not isinstance(report, dict) or \
                    report.get("schema") != "sectorscope-launch/1":
                fail("%s: not a sectorscope launch report" % path)
            mode, kernel = report.get("mode"), report.get("kernel")
            field = "time_ms" if mode == "time" else "kernel_ms"
            ms = report.get(field)
            if report.get("error") or not isinstance(ms, (int, float)):
                continue
            if ms <= 0:
                fail("%s: %s %r is not a time" % (path, field, ms))
            per_mode = times.setdefault((program, kernel), {})
            per_mode.setdefault(mode, []).append(float(ms))
    return times


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.split("\n\n")[1])
    root = sys.argv[1]
    if not os.path.isdir(root):
        fail("%s: not a directory" % root)
    ratios = {mode: [] for mode in MODES}
    rows = []
    for (program, kernel), per_mode in sorted(launch_times(root).items()):
        if "time" not in per_mode:
            continue
        base = statistics.median(per_mode["time"])
        cells = []
        for mode in MODES:
            if mode in per_mode:
                r = statistics.median(per_mode[mode]) / base
                ratios[mode].append(r)
                cells.append("%8.2f" % r)
            else:
                cells.append("%8s" % "-")
        rows.append("%-22s %-50s %9.4f %s" %
                    (program[:22], kernel[:50], base, " ".join(cells)))
    if not any(ratios.values()):
        fail("%s: no kernel has a time-mode launch and an instrumented one"
             % root)
    print("%-22s %-50s %9s %8s %8s" %
          ("program", "kernel", "time_ms", "heatmap", "grid"))
    print("\n".join(rows))
    for mode in MODES:
        if ratios[mode]:
            v = ratios[mode]
            print("median %s/plain kernel-time ratio over %d kernels: %.2f "
                  "(min %.2f, max %.2f)" % (mode, len(v), statistics.median(v),
                                           min(v), max(v)))


if __name__ == "__main__":
    main()
