#!/usr/bin/env python3
"""results-page.py - write docs/results.md from one GPU measurement run.

usage: tools/results-page.py OUTDIR [-o FILE] [--date YYYY-MM-DD]

OUTDIR holds what one measurement run left (docs/testing.md, "Measurement
run"); every part is optional, and a missing part is said to be missing:

  tests.log     stdout of  build-gpu/tools/gpu-tests.sh run build-gpu
                ("nvidia-smi -L" first, PASS/FAIL lines, "N passed, M failed")
  overhead.log  stdout of  build-gpu/tools/gpu-tests.sh overhead build-gpu
                (the table of runtime/bench-overhead.sh)
  model/        written by build-gpu/tools/gpu-tests.sh model build-gpu OUTDIR:
                microbench.json (the suite measured in the run),
                validate-<model>.json, committed-calibration/validate-<model>.json
  model.log     its stdout (the training / held-out summary lines)
  sidebyside.log, sidebyside-heatmaps.md, sidebyside-<name>.log (more runs)
                runtime/bench-overhead.sh run with ACCELPROF_HOME set, and
                runtime/compare-heatmaps.py on its reports
  multi.log     stdout of  build-gpu/tools/gpu-tests.sh multi build-gpu
  corpus.log    the real-program corpus's GPU run (its non-PASS lines and
                counts)
  corpus-overhead.log  tools/profile-overhead.py on that run's profiles
  corpus-model.log  the model's validation on that run's profiles
  compile.log   stdout of  instrumentation/bench-compile-cost.sh (no GPU)
Optional parts that ran elsewhere start with a line "# card: NAME" and a
line "# command: CMD"; a "# command:" line at the top of tests.log,
overhead.log or model.log replaces the default command shown; --calibration names the calibration file when the
run used a committed one instead of measuring the suite.

The page names the card, the date and the command behind each figure, and
nothing else: it is the current results, replaced by the next run. -o -
writes to stdout; the default is docs/results.md beside this script.
"""
import argparse
import datetime
import glob
import json
import math
import os
import re
import sys

NO_RUN = "No measurement run recorded yet"
GPU_LINE = re.compile(r"^GPU \d+: .*\(UUID: ")
MODELS = ("bandwidth", "campprof", "gt200")
# CampProf's metric counts errors under 0.01% as 0.01%, so that one exact
# hit cannot zero a geometric mean (as model/lib/Validate.cpp does).
MIN_REL_ERR = 1e-4

CMD_BUILD = "tools/gpu-tests.sh build"
CMD_RUN = "build-gpu/tools/gpu-tests.sh run build-gpu > OUTDIR/tests.log 2>&1"
CMD_OVERHEAD = "build-gpu/tools/gpu-tests.sh overhead build-gpu > OUTDIR/overhead.log 2>&1"
CMD_MODEL = "build-gpu/tools/gpu-tests.sh model build-gpu OUTDIR > OUTDIR/model.log 2>&1"


# Parts shown as their text, each from its own run: file, heading, and what
# the figures are.
TEXT_PARTS = (
    ("corpus.log", "Real programs on the GPU",
     ["The runnable programs of the real-program corpus (public CUDA programs",
      "kept outside the repository, docs/testing.md), each in three builds:",
      "its own check in each, instrumented output identical to plain (timing",
      "lines aside), memcheck on the instrumented build, and time, heat-map and",
      "grid profiles of the DRAM-sized ones. The failures and skips, then the",
      "counts:"]),
    ("corpus-overhead.log", "Run-time overhead on the real programs",
     ["Each mode's kernel time over the program's own (time mode), for the",
      "kernels of the corpus run's DRAM-sized programs, from their profiles",
      "(`tools/profile-overhead.py`; one heat-map and one grid launch a",
      "kernel, the median of three time-mode launches):"]),
    ("corpus-model.log", "The model on the real programs",
     ["`model/validate.sh --runs` over the corpus run's time, heat-map and grid",
      "profiles, with this GPU's committed calibration: training against",
      "held-out error (leave one kernel out) per model, and the bandwidth",
      "model's over the DRAM-sized kernels alone (every block together touches",
      "more than the L2: the grid-mode profile's address ranges, merged):"]),
    ("compile.log", "Compile cost",
     ["CPU time (user + sys of every process of the build), peak memory and wall",
      "time of `-O2` builds, plain against instrumented",
      "(`instrumentation/bench-compile-cost.sh`; ptxas of the instrumented",
      "builds on 8 threads):"]),
    ("multi.log", "Several GPUs and processes", []),
)


def read_text(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return None


def read_json(path):
    text = read_text(path)
    if text is None:
        return None
    try:
        return json.loads(text)
    except ValueError:
        return None


def pct(x):
    return "-" if x is None else "%.1f%%" % (100 * x)


def short_kernel(name):
    """transpose_naive_kernel(float*, ...) -> transpose_naive_kernel."""
    return name.split("(")[0].split()[-1] if name.strip() else name


# --- what the logs say -------------------------------------------------------


def parse_tests(text):
    """Card, the summary counts and the failed checks of `gpu-tests.sh run`."""
    r = {"card": None, "passed": None, "failed": None, "failures": []}
    for line in text.splitlines():
        m = re.match(r"GPU \d+: (.+?) \(UUID", line)
        if m and r["card"] is None:
            r["card"] = m.group(1)
        m = re.match(r"FAIL (.*?)(?: \(rc=\d+\))?$", line)
        if m:
            r["failures"].append(m.group(1))
        m = re.match(r"(\d+) passed, (\d+) failed$", line.strip())
        if m:
            r["passed"], r["failed"] = int(m.group(1)), int(m.group(2))
    return r


def parse_overhead(text):
    """Per-kernel rows and median lines of runtime/bench-overhead.sh."""
    rows, medians, in_table, extra = [], {}, False, 0
    for line in text.splitlines():
        if re.match(r"example\s+kernel\s+base_ms\s+heatmap\s+grid\s+(accelprof\s+)?n\s*$", line):
            in_table = True
            extra = 1 if "accelprof" in line else 0
            continue
        m = re.match(r"median (heatmap|grid)/plain kernel-time ratio over (.*?)(\d+) kernels: ([\d.]+)", line)
        if m:
            in_table = False
            # "over N kernels" is every kernel; any other wording names the
            # fixed benchmark set (runtime/bench-overhead.sh lists it).
            scope = "every kernel" if not m.group(2).strip() else "the benchmark set"
            medians.setdefault(scope, {})[m.group(1)] = (float(m.group(4)), int(m.group(3)))
            continue
        if not in_table or not line.strip() or line.startswith("#"):
            continue
        # "{example:22} {kernel[:48]:48} {base_ms:>9} {heatmap:>8} {grid:>8}
        # [{accelprof:>9}] {n:>3}": the kernel has spaces, so the numbers are
        # split off the right.
        parts = line.split(None, 1)
        tail = parts[1].rsplit(None, 4 + extra) if len(parts) == 2 else []
        if len(tail) != 5 + extra:
            continue
        kernel, base, heat, grid = tail[:4]
        rows.append((parts[0], short_kernel(kernel), base, heat, grid))
    return rows, medians


def microbench_facts(bench):
    """Card, driver, date and streaming rates of a suite report."""
    gpu = bench.get("gpu") or {}
    prov = bench.get("provenance") or {}
    rows = [r for r in bench.get("rows") or [] if isinstance(r, dict)]

    def best(op):
        xs = [r.get("gbps") for r in rows
              if r.get("experiment") == "stream" and r.get("op") == op
              and isinstance(r.get("gbps"), (int, float))]
        return max(xs) if xs else None

    runtime = gpu.get("cuda_runtime_version")
    return {
        "card": gpu.get("name"),
        "driver": gpu.get("driver"),
        "cuda": "%d.%d" % (runtime // 1000, runtime % 1000 // 10) if isinstance(runtime, int) and runtime > 0 else None,
        "date": str(prov.get("date_utc", ""))[:10] or None,
        "rows": len(rows),
        "read_gbps": best("read"),
        "write_gbps": best("write"),
    }


def geomean(errs):
    errs = [max(e, MIN_REL_ERR) for e in errs]
    return math.exp(sum(math.log(e) for e in errs) / len(errs)) if errs else None


def per_kernel(validation):
    """Cases, geometric-mean error and predicted/measured range per kernel."""
    groups = {}
    for c in validation.get("cases") or []:
        key = c.get("group") or short_kernel(c.get("kernel") or c.get("name") or "?")
        groups.setdefault(key, []).append(c)
    out = []
    for key in sorted(groups):
        cs = groups[key]
        ratios = [c["predicted_ms"] / c["measured_ms"] for c in cs
                  if c.get("measured_ms") and c.get("predicted_ms") is not None]
        span = "-" if not ratios else ("%.2f" % ratios[0] if len(ratios) == 1
                                       else "%.2f-%.2f" % (min(ratios), max(ratios)))
        in_scope = sum(1 for c in cs if c.get("in_scope", True))
        out.append((key, len(cs), in_scope, geomean([c.get("rel_err", 0) for c in cs]), span))
    return out


# --- the page ----------------------------------------------------------------


def summary_table(validations):
    lines = ["| model | cases | geomean error | in scope | extrapolation |",
             "| --- | --- | --- | --- | --- |"]
    for m, v in validations:
        scope = "%s of %d cases: %s" % (v.get("in_scope_cases", 0), len(v.get("cases") or []),
                                        pct(v.get("geomean_rel_err_in_scope")))
        x = v.get("extrapolation_geomean_rel_err")
        extra = "-" if x is None else "%s (%d pairs)" % (pct(x), v.get("extrapolation_pairs", 0))
        lines.append("| %s | %d | %s | %s | %s |" % (m, len(v.get("cases") or []),
                                                   pct(v.get("geomean_rel_err")), scope, extra))
    return lines


def load_validations(folder):
    out = []
    for m in MODELS:
        v = read_json(os.path.join(folder, "validate-%s.json" % m))
        if isinstance(v, dict) and isinstance(v.get("cases"), list):
            out.append((m, v))
    return out


def header_lines(text):
    """The "# card:" and "# command:" lines an optional part starts with."""
    card = command = None
    body = []
    for line in (text or "").splitlines():
        if line.startswith("# card:") and card is None:
            card = line[7:].strip()
        elif line.startswith("# command:") and command is None:
            command = line[10:].strip()
        else:
            body.append(line)
    return card, command, body


def command_lines(text, default_command):
    """A part's command, and its card where it ran apart from the tests."""
    card, command, _ = header_lines(text)
    L = ["`%s`" % (command or default_command), ""]
    if card:
        L += ["On %s." % card, ""]
    return L


def heldout_lines(model_log):
    """The summary's "<model> training X held-out Y bounds ..." lines."""
    return [l.strip() for l in (model_log or "").splitlines()
            if " training " in l and " held-out " in l and not l.startswith("==")]


def page(outdir, date_override, calibration=None):
    tests_text = read_text(os.path.join(outdir, "tests.log"))
    overhead_text = read_text(os.path.join(outdir, "overhead.log"))
    model_dir = os.path.join(outdir, "model")
    bench = read_json(os.path.join(model_dir, "microbench.json"))
    validations = load_validations(model_dir)
    committed = load_validations(os.path.join(model_dir, "committed-calibration"))

    tests = parse_tests(tests_text) if tests_text is not None else None
    mb = microbench_facts(bench) if isinstance(bench, dict) else None
    anything = tests_text is not None or overhead_text is not None or validations

    card = (tests and tests["card"]) or (mb and mb["card"])
    date = date_override or (mb and mb["date"])
    if not date and anything:
        logs = [os.path.join(outdir, f) for f in ("tests.log", "overhead.log", "model.log")]
        times = [os.path.getmtime(f) for f in logs if os.path.exists(f)]
        if times:
            date = datetime.datetime.fromtimestamp(max(times), datetime.timezone.utc).strftime("%Y-%m-%d")

    L = ["# Results", "",
         "<!-- Generated by tools/results-page.py from a measurement run; do not edit. -->", ""]
    if not anything:
        L += ["**%s.** The figures below appear once a GPU measurement run is" % NO_RUN,
              "recorded; [testing.md](testing.md#measurement-run) says how to make one and",
              "regenerate this page with `tools/results-page.py OUTDIR`.", ""]
    else:
        facts = []
        if mb and mb["driver"]:
            facts.append("driver " + mb["driver"])
        if mb and mb["cuda"]:
            facts.append("CUDA " + mb["cuda"])
        L += ["- **GPU:** %s%s" % (card or "not recorded", " (%s)" % ", ".join(facts) if facts else ""),
              "- **Date:** %s" % (date or "not recorded"),
              "- **Bundle:** built with `%s` on the build machine; the commands" % CMD_BUILD,
              "  below ran on the GPU machine.", ""]
        if tests and mb and tests["card"] and mb["card"] and tests["card"] != mb["card"]:
            L += ["The model run's card (%s) differs from the tests' card." % mb["card"], ""]

    # GPU tests.
    L += ["## GPU tests", "", "`%s`" % (header_lines(tests_text)[1] or CMD_RUN), ""]
    if tests is None:
        L += ["%s (no tests.log)." % NO_RUN, ""]
    elif tests["passed"] is None:
        L += ["tests.log has no \"N passed, M failed\" line: the run did not finish.", ""]
    else:
        L += ["**%d passed, %d failed.** The checks: every example in three builds (plain," % (tests["passed"], tests["failed"]),
              "with the plugin, instrumented) passes its self-check, plain and instrumented",
              "builds compute bit-identical results, the test/gpu programs, compute-sanitizer",
              "memcheck on instrumented programs, and grid-mode sector and request totals",
              "equal to Nsight Compute's, launch by launch.", ""]
        if tests["failures"]:
            L += ["Failed:", ""] + ["- %s" % f for f in tests["failures"]] + [""]

    # Run-time overhead.
    L += ["## Run-time overhead", ""] + command_lines(overhead_text, CMD_OVERHEAD)
    rows, medians = parse_overhead(overhead_text) if overhead_text is not None else ([], {})
    if overhead_text is None:
        L += ["%s (no overhead.log)." % NO_RUN, ""]
    elif not medians:
        L += ["overhead.log has no median line: the benchmark did not finish.", ""]
    else:
        L += ["Kernel time of the instrumented variant (heat-map or grid mode) over the",
              "program's own kernel in time mode, from the same binary",
              "(`runtime/bench-overhead.sh`); medians over all launches of the runs of each mode.", "",
              "| median over | heat-map | grid |", "| --- | --- | --- |"]
        ratio = lambda x: "-" if x is None else "%.2fx (%d kernels)" % x
        L += ["| %s | %s | %s |" % (scope, ratio(m.get("heatmap")), ratio(m.get("grid")))
              for scope, m in medians.items()]
        L += ["", "Per kernel (plain: the program's own kernel, ms):"]
        L += ["", "| program | kernel | plain ms | heat-map | grid |", "| --- | --- | --- | --- | --- |"]
        L += ["| %s | %s | %s | %s | %s |" % r for r in rows]
        L += [""]

    # Model validation.
    model_log = read_text(os.path.join(outdir, "model.log"))
    L += ["## Model validation", ""] + command_lines(model_log, CMD_MODEL)
    if not validations:
        L += ["%s (no model/validate-*.json)." % NO_RUN, ""]
    else:
        if calibration:
            L += ["Calibration: `%s`, measured earlier on the same GPU model" % calibration,
                  "(data/PROVENANCE.md), fitted by `sectorscope-model fit`. Error: geometric",
                  "mean of |predicted - measured| / measured over the cases (kernels x",
                  "occupancies); extrapolation predicts each case from another of its kernel",
                  "along the application line.", ""]
        elif mb:
            L += ["Calibration: the micro-benchmark suite measured in the same run",
                  "(`model/microbench.json`, %d rows; streaming read %s GB/s, write %s GB/s)," % (
                      mb["rows"], "%.0f" % mb["read_gbps"] if mb["read_gbps"] else "-",
                      "%.0f" % mb["write_gbps"] if mb["write_gbps"] else "-"),
                  "fitted by `sectorscope-model fit`. Error: geometric mean of |predicted -",
                  "measured| / measured over the cases (kernels x occupancies); extrapolation",
                  "predicts each case from another of its kernel along the application line.", ""]
        L += summary_table(validations) + [""]
        first, v = validations[0]
        L += ["Per kernel (%s model):" % first, "",
              "| kernel | cases | in scope | error | predicted / measured |",
              "| --- | --- | --- | --- | --- |"]
        L += ["| %s | %d | %d | %s | %s |" % (k, n, i, pct(e), span) for k, n, i, e, span in per_kernel(v)]
        L += [""]
        if v.get("scope_rule"):
            L += ["Scope: a case is %s." % v["scope_rule"].rstrip("."), ""]
        held = heldout_lines(model_log)
        if held:
            L += ["Training against held-out error (`sectorscope-model heldout`: each kernel",
                  "predicted with every term choice and the bounds' margin made without it),",
                  "and how many in-scope measured times lie inside the held-out bounds:", "",
                  "```"] + held + ["```", ""]
        if committed:
            L += ["The same cases with the committed calibration (`data/h200-microbench.json`):", ""]
            L += summary_table(committed) + [""]

    # Optional parts, each from its own run and card.
    # sidebyside.log, then any further runs (sidebyside-<name>.log).
    for side_path in sorted(glob.glob(os.path.join(outdir, "sidebyside*.log"))):
        side = read_text(side_path)
        if side is None:
            continue
        card, command, body = header_lines(side)
        L += ["## Side by side with AccelProf (cuThermo)", "",
              "On %s: `%s`" % (card or "a card not recorded", command or "not recorded"), "",
              "The same instrumented binary in time mode (the program's own kernel),",
              "sectorscope's heat-map and grid modes, and the time mode under AccelProf's",
              "`heatmap_analysis` (one target block, every launch; its host work per launch",
              "included, as the program sees it). Ratios to the program's own kernel; a",
              "program's `accelprof=124` means AccelProf's run hit the per-run time limit,",
              "its ratios are over the launches it finished:", "",
              "```"] + [l for l in body if l.strip()] + ["```", ""]
        if os.path.basename(side_path) != "sidebyside.log":
            continue
        maps = read_text(os.path.join(outdir, "sidebyside-heatmaps.md"))
        if maps is not None:
            L += ["The heat maps of block (0,0,0), first launch of each kernel",
                  "(`runtime/compare-heatmaps.py`): sectors each tool saw and the histogram of",
                  "distinct warps per sector. The two processes' allocations differ in address",
                  "(AccelProf's own buffers), so sectors are compared by their histograms.",
                  "sectorscope's side holds global memory only; AccelProf's map does not",
                  "tell address spaces apart, so where it has more sectors they are the",
                  "block's shared and local memory (a 16 KiB shared or private histogram is",
                  "512 sectors, a 32 x 33 float tile 132).", ""]
            L += [l for l in maps.splitlines() if l.strip()] + [""]
    for name, title, intro in TEXT_PARTS:
        text = read_text(os.path.join(outdir, name))
        if text is None:
            continue
        card, command, body = header_lines(text)
        L += ["## " + title, "",
              "On %s: `%s`" % (card or "a card not recorded", command or "not recorded"), ""]
        # "GPU n: NAME (UUID: ...)" lines name one machine, not the card,
        # which the part's first line gives.
        body = [l for l in body if l.strip() and not GPU_LINE.match(l)]
        L += (intro + [""] if intro else []) + ["```"] + body + ["```", ""]
    return "\n".join(L).rstrip("\n") + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("outdir", help="output directory of a GPU measurement run")
    ap.add_argument("-o", "--output", help="the page (default: docs/results.md; - for stdout)")
    ap.add_argument("--date", help="date of the run, when the files do not carry it")
    ap.add_argument("--calibration", help="the committed calibration the model run used")
    a = ap.parse_args()
    if not os.path.isdir(a.outdir):
        sys.exit("results-page.py: error: %s: not a directory" % a.outdir)
    text = page(a.outdir, a.date, a.calibration)
    out = a.output or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "results.md")
    if out == "-":
        sys.stdout.write(text)
    else:
        with open(out, "w", encoding="utf-8") as f:
            f.write(text)


if __name__ == "__main__":
    main()
