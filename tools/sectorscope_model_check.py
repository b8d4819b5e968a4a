#===- sectorscope_model_check.py - The model against one program's runs -===#
#
# sectorscope-run --model-check DIR runs a program the way the model is
# judged on real code (docs/model.md): once in heat-map mode and once in grid
# mode for the counters, then once in time mode at each occupancy for the
# measured times, every run profiling the same launches. It then hands the
# profiles to model/validate.sh with the suite and bounds the device index
# names for the GPU that ran them, so the user sees predicted against
# measured for their own kernels.
#
#===----------------------------------------------------------------------===#
import json
import os
import re
import subprocess
import sys

DEFAULT_WARPS = (8, 16, 32, 64)
DEFAULT_LAUNCHES = "2"
# The instrumented runs, which give the counters; the others are timed.
COUNTED_RUNS = ("heatmap", "grid")


class CheckError(Exception):
    pass


def parse_warps(text):
    """'8,16,32,64' -> (8, 16, 32, 64); each 1..64 (warps per SM)."""
    warps = []
    for part in text.split(","):
        if not re.fullmatch(r"[0-9]+", part) or not 1 <= int(part) <= 64:
            raise CheckError("--model-warps '%s': expected a comma list of "
                             "warps per SM, each 1..64" % text)
        warps.append(int(part))
    return tuple(dict.fromkeys(warps))


def runs(warps):
    """(name, SECTORSCOPE_* settings) of each run, counters first."""
    plan = [(mode, {"SECTORSCOPE_MODE": mode}) for mode in COUNTED_RUNS]
    for w in warps:
        plan.append(("time%d" % w, {"SECTORSCOPE_MODE": "time",
                                    "SECTORSCOPE_OCCUPANCY": str(w)}))
    return plan


def installed(bin_dir, *parts):
    """A file of the build tree or installation: bin/../share/sectorscope."""
    return os.path.normpath(os.path.join(bin_dir, "..", "share", "sectorscope",
                                         *parts))


def first_profile(profiles):
    for name in sorted(os.listdir(profiles)):
        if name.endswith(".json"):
            return os.path.join(profiles, name)
    return None


def device_files(model, profile):
    """(suite, bounds or None) the device index names for the profile's GPU,
    from the model's own lookup (what --calib auto fits)."""
    p = subprocess.run([model, "device-files", "--profile", profile],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       universal_newlines=True)
    if p.returncode != 0:
        raise CheckError((p.stderr.strip().splitlines() or
                          ["sectorscope-model device-files failed"])[-1])
    files = dict(line.split(" ", 1) for line in p.stdout.splitlines()
                 if " " in line)
    if "suite" not in files:
        raise CheckError("sectorscope-model device-files named no suite")
    return files["suite"], files.get("bounds")


def prepare(out_dir):
    if os.path.exists(out_dir) and (not os.path.isdir(out_dir) or
                                    os.listdir(out_dir)):
        raise CheckError("--model-check '%s': not an empty directory (its "
                         "profiles would mix with this run's)" % out_dir)
    try:
        os.makedirs(os.path.join(out_dir, "logs"), exist_ok=True)
    except OSError as e:
        raise CheckError("--model-check '%s': %s" % (out_dir, e.strerror))


def run_program(command, env, log_stem):
    """Runs it with stdout in LOG_STEM.txt (what outputs_differ compares)
    and stderr, the runtime's summary among it, in LOG_STEM.err."""
    try:
        out = open(log_stem + ".txt", "w")
        err = open(log_stem + ".err", "w")
    except OSError as e:
        raise CheckError("cannot write %s: %s" % (e.filename, e.strerror))
    with out, err:
        try:
            status = subprocess.call(command, env=env, stdout=out, stderr=err)
        except OSError as e:
            raise CheckError("cannot run '%s': %s" % (command[0], e.strerror))
    return 128 - status if status < 0 else status


def read_lines(path):
    try:
        with open(path, errors="replace") as f:
            return f.read().splitlines()
    except OSError:
        return None


def outputs_differ(logs, counted, timed):
    """Where an instrumented run printed what no uninstrumented run did.

    The time-mode runs run the kernels as compiled, so they print what the
    plain program prints; a line on which they disagree among themselves
    (a timing, a clock-seeded value) says nothing. A line they all print
    the same way, printed otherwise by a heat-map or grid run, is a change
    the instrumented kernels made (or a program whose result depends on
    memory it never wrote). One line per run that differs; [] with fewer
    than two timed runs, which cannot tell timings from results, or timed
    runs of different lengths, which cannot be lined up."""
    plain = [read_lines(os.path.join(logs, t + ".txt")) for t in timed]
    if len(plain) < 2 or any(p is None for p in plain):
        return []
    if any(len(p) != len(plain[0]) for p in plain):
        return []
    found = []
    for run in counted:
        lines = read_lines(os.path.join(logs, run + ".txt"))
        if lines is None:
            continue
        if len(lines) != len(plain[0]):
            found.append("the %s run printed %d lines, the time-mode runs %d"
                         % (run, len(lines), len(plain[0])))
            continue
        for i, line in enumerate(lines):
            stable = all(p[i] == plain[0][i] for p in plain)
            if stable and line != plain[0][i]:
                found.append("the %s run's line %d is '%s' where every "
                             "time-mode run printed '%s'" %
                             (run, i + 1, line.strip()[:120],
                              plain[0][i].strip()[:120]))
                break
    return found


MAX_CASE_ROWS = 60


def read_cases(path):
    try:
        with open(path) as f:
            return json.load(f).get("cases") or []
    except (OSError, ValueError):
        return None


def case_table(model_dir):
    """Each case of the bandwidth model, kernel by kernel: measured and
    predicted time, their ratio, in the model's scope or not, inside the
    bounds (the device's bounds file where there is one, else the
    calibration's). [] when validate.sh wrote neither file."""
    cases = read_cases(os.path.join(model_dir, "validate-bounds.json"))
    if cases is None:
        cases = read_cases(os.path.join(model_dir, "validate-bandwidth.json"))
    if not cases:
        return []
    rows = ["%-40s %5s %12s %12s %9s %8s %7s" %
            ("case", "warps", "measured_ms", "predicted_ms", "pred/meas",
             "in scope", "bounds")]
    for c in sorted(cases, key=lambda c: (c.get("group", ""), c["name"])):
        ratio = c["predicted_ms"] / c["measured_ms"] if c["measured_ms"] else 0
        inside = c.get("inside_bounds")
        rows.append("%-40s %5g %12.4f %12.4f %9.2f %8s %7s" %
                    (c["name"][:40], c["active_warps_per_sm"],
                     c["measured_ms"], c["predicted_ms"], ratio,
                     "yes" if c.get("in_scope") else "no",
                     "-" if inside is None else
                     ("inside" if inside else "outside")))
    if len(rows) > MAX_CASE_ROWS + 1:
        left = len(rows) - 1 - MAX_CASE_ROWS
        rows = rows[:MAX_CASE_ROWS + 1] + ["... %d more cases" % left]
    return rows


def model_check(prog, bin_dir, command, env, out_dir, warps, bench=None):
    """Runs the plan, then validate.sh (beside sectorscope-model, which is in
    BIN_DIR); returns the exit status."""
    prepare(out_dir)
    model = os.path.join(bin_dir, "sectorscope-model")
    validate = installed(bin_dir, "model", "validate.sh")
    for path in (model, validate):
        if not os.path.isfile(path):
            raise CheckError("%s is missing: --model-check needs the model "
                             "installed beside %s" % (path, prog))
    # One run directory: validate.sh pairs launches only within one.
    run_name = "01-" + re.sub(r"[^A-Za-z0-9_.+-]", "_",
                              os.path.basename(command[0]))
    profiles = os.path.join(out_dir, "profiles", run_name)
    # Each run's mode and occupancy are the plan's, whatever the
    # environment held.
    env = {k: v for k, v in env.items()
           if k not in ("SECTORSCOPE_MODE", "SECTORSCOPE_OCCUPANCY")}
    env.setdefault("SECTORSCOPE_LAUNCHES", DEFAULT_LAUNCHES)
    env["SECTORSCOPE_OUT"] = profiles
    failed = []
    logs = os.path.join(out_dir, "logs")
    plan = runs(warps)
    for name, settings in plan:
        stem = os.path.join(logs, name)
        status = run_program(command, dict(env, **settings), stem)
        sys.stderr.write("%s: %s run: exit %d, output in %s.txt\n" %
                         (prog, name, status, stem))
        if status != 0:
            failed.append(name)
    differ = outputs_differ(logs, COUNTED_RUNS,
                            [n for n, _ in plan if n not in COUNTED_RUNS])
    if not os.path.isdir(profiles) or first_profile(profiles) is None:
        raise CheckError("the runs wrote no profile in %s: was the program "
                         "built with sectorscope-clang++ -fplugin-arg-"
                         "sectorscope-instrument?" % profiles)
    if bench:
        suite, bounds = bench, None
    else:
        suite, bounds = device_files(model, first_profile(profiles))
    args = ["bash", validate, "--runs", "--profiles",
            os.path.join(out_dir, "profiles"), "--bench", suite, "--bin", model,
            "--out", os.path.join(out_dir, "model")]
    if bounds:
        args += ["--bounds", bounds]
    log_path = os.path.join(out_dir, "model.log")
    with open(log_path, "w") as log:
        p = subprocess.run(args, stdout=subprocess.PIPE, stderr=log,
                           universal_newlines=True)
        log.write(p.stdout)
    summary = p.stdout.split("== summary", 1)
    if p.returncode != 0 or len(summary) < 2:
        with open(log_path) as log:
            tail = [l for l in log.read().splitlines() if l.strip()][-1:]
        raise CheckError("the model's check failed (%s): %s" %
                         (log_path, tail[0] if tail else "no output"))
    sys.stdout.write("== summary" + summary[1])
    rows = case_table(os.path.join(out_dir, "model"))
    if rows:
        sys.stdout.write("== the bandwidth model, case by case\n" +
                         "\n".join(rows) + "\n")
    sys.stdout.write("every model's tables: %s\n" % log_path)
    for line in differ:
        sys.stderr.write("%s: output differs: %s\n" % (prog, line))
    if failed:
        sys.stderr.write("%s: the %s run%s exited non-zero: its profiles "
                         "are of the launches that finished\n" %
                         (prog, ", ".join(failed),
                          "" if len(failed) == 1 else "s"))
    return 1 if failed or differ else 0
