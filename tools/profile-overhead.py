#!/usr/bin/env python3
"""profile-overhead.py - what each mode costs real programs' kernels.

usage: tools/profile-overhead.py PROFILES_DIR

PROFILES_DIR holds one folder per program, each with the launch reports
(sectorscope-launch/1 JSON, docs/reports.md) of its runs in time, heatmap
and grid mode, as a corpus run leaves them and model/validate.sh --runs
reads them. Each heatmap or grid launch (`kernel_ms`, the instrumented
kernel) is set against the program's own kernel (`time_ms` of time mode)
run the same way: the time-mode launches of the same kernel at the same
occupancy (`occupancy.active_warps_per_sm`) and, where there are some, of
the same launch of it (`launch.kernel_launch`); runs that force time mode's
occupancy (SECTORSCOPE_OCCUPANCY) have no such launch where the kernel's
own occupancy is not among theirs, and that launch is left out, counted
below the table. Prints per kernel (a program's kernel name) the median of
the time-mode times it was set against and, for heatmap and grid mode, the
median of its launches' ratios; then the median and the maximum of each
mode's ratios over the kernels, in the words of runtime/bench-overhead.sh.
Launches that failed (`error` set) are left out. A file that is not a
launch report, or a directory with nothing to compare, is a one-line error
and exit status 1.
"""
import json
import os
import statistics
import sys

MODES = ("heatmap", "grid")


def fail(msg):
    sys.exit("profile-overhead.py: " + msg)


def launch_key(report):
    """(occupancy, launch of the kernel): None where the report has none."""
    occupancy, launch = report.get("occupancy"), report.get("launch")
    warps = occupancy.get("active_warps_per_sm") \
        if isinstance(occupancy, dict) else None
    index = launch.get("kernel_launch") if isinstance(launch, dict) else None
    return warps, index


def launch_times(root):
    """{(program, kernel): {mode: [(key, ms), ...]}} from every JSON under
    root (key: launch_key)."""
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
            per_mode.setdefault(mode, []).append((launch_key(report),
                                                  float(ms)))
    return times


def own_time(times, key):
    """Median time_ms of the time-mode launches run as `key` was: the same
    occupancy and launch, else the same occupancy; None if none."""
    warps, index = key
    for same in (lambda k: k == (warps, index), lambda k: k[0] == warps):
        matched = [ms for k, ms in times if same(k)]
        if matched:
            return statistics.median(matched)
    return None


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__.split("\n\n")[1])
    root = sys.argv[1]
    if not os.path.isdir(root):
        fail("%s: not a directory" % root)
    ratios = {mode: [] for mode in MODES}
    rows = []
    unmatched = 0
    for (program, kernel), per_mode in sorted(launch_times(root).items()):
        if "time" not in per_mode:
            continue
        cells, bases = [], []
        for mode in MODES:
            launch_ratios = []
            for key, ms in per_mode.get(mode, []):
                base = own_time(per_mode["time"], key)
                if base is None:
                    unmatched += 1
                    continue
                bases.append(base)
                launch_ratios.append(ms / base)
            if launch_ratios:
                r = statistics.median(launch_ratios)
                ratios[mode].append(r)
                cells.append("%8.2f" % r)
            else:
                cells.append("%8s" % "-")
        if bases:
            rows.append("%-22s %-50s %9.4f %s" %
                        (program[:22], kernel[:50], statistics.median(bases),
                         " ".join(cells)))
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
    if unmatched:
        print("left out: %d instrumented launch(es) without a time-mode "
              "launch at their occupancy" % unmatched)


if __name__ == "__main__":
    main()
