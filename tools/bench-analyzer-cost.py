#!/usr/bin/env python3
"""bench-analyzer-cost.py: what the sectorscope analyzer costs at compile time.

Reads a list of compile commands, one per line:

    NAME DIR ARG...

NAME names the program (lines of one NAME are its translation units, summed),
DIR is where the compile runs (relative to the list's folder unless
absolute), ARG... are sectorscope-clang++'s arguments without -c and -o
(shell quoting; '#' starts a comment line). Each command is compiled with
-c, in three modes:

    plain     SECTORSCOPE_NO_PLUGIN=1 (clang++ and the CUDA shim only)
    loc       plain with -Xarch_device -Rpass=<no pass>: location tracking
              (debug info kind LocTrackingOnly) in the device job, without
              the plugin, as the plugin turns it on when analyzing
    analyzed  with the plugin (the analyzer on)

in the order plain, loc, analyzed on even repetitions and the reverse on odd
ones (ABBA), so that a machine that gets busier or quieter over a run weighs
on both sides alike. Each compile's CPU time is user + sys of the compiler
and everything it runs (cc1 jobs, ptxas, fatbinary). One more analyzed
compile with -ftime-report gives the plugin's self-timed share: the totals
of the "sectorscope" timer group (support/TimedRegion.h) of every cc1 job.

Prints per program the mean CPU seconds of each mode, analyzed/plain, and
the self-timed seconds; then the totals, the median and total ratios, and
how the difference splits into location tracking (loc - plain), the rest of
the plugin (analyzed - loc) and, of that, its self-timed work.
"""
import argparse
import os
import resource
import shlex
import statistics
import subprocess
import sys
import tempfile

MODES = ("plain", "loc", "analyzed")
# A remark filter that names no pass, for the device job only: clang then
# tracks locations there as for any -Rpass but reports nothing.
LOC_FLAGS = ["-Xarch_device", "-Rpass=^sectorscope-no-such-pass$"]


def read_commands(path):
    base = os.path.dirname(os.path.abspath(path))
    programs = {}
    with open(path) as f:
        for lineno, line in enumerate(f, 1):
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            words = shlex.split(line)
            if len(words) < 3:
                sys.exit(f"{path}:{lineno}: want NAME DIR ARG...")
            name, folder, args = words[0], words[1], words[2:]
            programs.setdefault(name, []).append(
                (os.path.join(base, folder), args))
    return programs


def cpu_of(cmd, cwd, env, log):
    """Runs cmd; returns (exit status, user + sys seconds of it and its
    children)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    try:
        rc = subprocess.run(cmd, cwd=cwd, env=env, stdout=log, stderr=log,
                            timeout=COMPILE_TIMEOUT).returncode
    except subprocess.TimeoutExpired:
        rc = 124
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return rc, (after.ru_utime - before.ru_utime) + (after.ru_stime -
                                                     before.ru_stime)


def mode_command(wrapper, args, mode, obj):
    env = dict(os.environ)
    env.pop("SECTORSCOPE_NO_PLUGIN", None)
    extra = []
    if mode in ("plain", "loc"):
        env["SECTORSCOPE_NO_PLUGIN"] = "1"
    if mode == "loc":
        extra = LOC_FLAGS
    return [wrapper] + args + extra + ["-c", "-o", obj], env


def self_timed(text):
    """Sum of the 'Total Execution Time' (user + sys) of every sectorscope
    timer group in -ftime-report output."""
    total, lines = 0.0, text.splitlines()
    for i, line in enumerate(lines):
        if line.strip() != "sectorscope" or i + 2 >= len(lines):
            continue
        words = lines[i + 2].split()
        if words[:3] == ["Total", "Execution", "Time:"]:
            total += float(words[3])
    return total


def measure(name, units, wrapper, reps, work):
    """Mean CPU seconds per mode, self-timed seconds, or None on a failed
    compile (then also the log's first error line)."""
    sums = dict.fromkeys(MODES, 0.0)
    log_path = os.path.join(work, "compile.log")
    for rep in range(reps):
        order = MODES if rep % 2 == 0 else tuple(reversed(MODES))
        for mode in order:
            for n, (cwd, args) in enumerate(units):
                obj = os.path.join(work, f"{n}.o")
                cmd, env = mode_command(wrapper, args, mode, obj)
                with open(log_path, "w") as log:
                    rc, cpu = cpu_of(cmd, cwd, env, log)
                if rc != 0:
                    return None, first_error(log_path)
                sums[mode] += cpu
    own = 0.0
    for n, (cwd, args) in enumerate(units):
        cmd, env = mode_command(wrapper, args + ["-ftime-report"], "analyzed",
                                os.path.join(work, f"{n}.o"))
        with open(log_path, "w") as log:
            rc, _ = cpu_of(cmd, cwd, env, log)
        if rc != 0:
            return None, first_error(log_path)
        with open(log_path, errors="replace") as log:
            own += self_timed(log.read())
    means = {m: sums[m] / reps for m in MODES}
    means["self"] = own
    return means, ""


def first_error(path):
    with open(path, errors="replace") as f:
        for line in f:
            if "error" in line:
                return line.strip()[:160]
    return "failed"


def pct(part, whole):
    return 100.0 * part / whole if whole else 0.0


def main():
    global COMPILE_TIMEOUT
    here = os.path.dirname(os.path.abspath(__file__))
    p = argparse.ArgumentParser(
        description="Compile-time cost of the sectorscope analyzer: "
        "plain, location tracking and analyzed compiles, ABBA.")
    p.add_argument("commands", help="file of NAME DIR ARG... lines")
    p.add_argument("-n", "--repetitions", type=int, default=2,
                   help="compiles per mode and command (default 2)")
    p.add_argument("--wrapper",
                   default=os.path.join(here, "..", "build", "bin",
                                        "sectorscope-clang++"),
                   help="sectorscope-clang++ to run (default: build/bin's)")
    p.add_argument("--only", nargs="*", default=[],
                   help="measure only these programs")
    p.add_argument("--timeout", type=int, default=600,
                   help="seconds one compile may take (default 600)")
    a = p.parse_args()
    COMPILE_TIMEOUT = a.timeout
    programs = read_commands(a.commands)
    if a.only:
        programs = {k: v for k, v in programs.items() if k in a.only}

    head = f"{'program':28} {'plain':>8} {'loc':>8} {'analyzed':>8}" \
           f" {'ratio':>7} {'self':>7} {'self%':>6}"
    print(f"CPU seconds (user+sys) per compile of each program, mean of "
          f"{a.repetitions} ABBA repetitions")
    print(head)
    results = {}
    with tempfile.TemporaryDirectory(prefix="bench-analyzer-") as work:
        for name, units in programs.items():
            r, err = measure(name, units, a.wrapper, a.repetitions, work)
            if r is None:
                print(f"{name:28} FAIL {err}", flush=True)
                continue
            results[name] = r
            print(f"{name:28} {r['plain']:8.2f} {r['loc']:8.2f} "
                  f"{r['analyzed']:8.2f} "
                  f"{r['analyzed'] / r['plain']:7.3f} {r['self']:7.3f} "
                  f"{pct(r['self'], r['analyzed']):5.1f}%", flush=True)
    if not results:
        sys.exit("no program compiled")
    t = {k: sum(r[k] for r in results.values())
         for k in MODES + ("self",)}
    ratios = [r["analyzed"] / r["plain"] for r in results.values()]
    print(f"{'total (' + str(len(results)) + ' programs)':28} "
          f"{t['plain']:8.2f} {t['loc']:8.2f} {t['analyzed']:8.2f} "
          f"{t['analyzed'] / t['plain']:7.3f} {t['self']:7.3f} "
          f"{pct(t['self'], t['analyzed']):5.1f}%")
    print(f"compiled: {len(results)}/{len(programs)} programs")
    print(f"analyzed/plain: median {statistics.median(ratios):.3f}, "
          f"total {t['analyzed'] / t['plain']:.3f}")
    diff = t["analyzed"] - t["plain"]
    print(f"overhead: {pct(diff, t['plain']):+.1f}% of plain = "
          f"location tracking {pct(t['loc'] - t['plain'], t['plain']):+.1f}% "
          f"+ plugin {pct(t['analyzed'] - t['loc'], t['plain']):+.1f}% "
          f"(self-timed {pct(t['self'], t['plain']):+.1f}%)")


if __name__ == "__main__":
    main()
