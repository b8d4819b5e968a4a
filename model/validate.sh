#!/usr/bin/env bash
# validate.sh - check the sectorscope model against measured kernels.
#
#   model/validate.sh --bench microbench.json --profiles DIR [--runs] [--sampled-counts] [--out OUTDIR]
#                     [--bin path/to/sectorscope-model] [--sass-dir DIR]
#                     [--bounds bounds.json]
#                     [--lbm-regex RE] [--lbm-exclude RE] [--transpose-regex RE]
#
# DIR holds run-time profiles ("sectorscope-launch/1" JSON, one per launch),
# or with --runs one subdirectory of them per program run (launches pair only
# within their subdirectory):
# instrumented launches (mode heatmap or grid) give the counters, and
# uninstrumented ones (SECTORSCOPE_MODE=time) the measured "time_ms"; they are
# paired by kernel name, grid and block (the median of several times), and
# launch by launch where counters were recorded for several launches of one
# kernel and shape. A profile with both is used alone. A DIR/cases.json, if
# present, is used as is (format: model/README.md). Generated cases are
# grouped by kernel so the same kernel at several occupancies also checks
# CampProf's extrapolation;
# LBM kernels (matching the LBM regex, not the exclude one: ghost/fill/init)
# get work_items = threads launched (one per lattice node) for MLUPS. A case
# whose timed launches name a previous launch (most of them the same one,
# with counters in DIR) gets it as previous_profile: the L2 it inherits.
# A grid-mode launch of every block with the same shape (and the same
# kernel_launch where several) becomes the case's grid_profile: its exact
# whole-grid counts replace the sampled block's scaled ones (a triangular
# grid's block 0 does twice the average block's work). --sampled-counts
# keeps the sampled block's counts (--grid-counts, the default, is
# accepted). --sass-dir DIR (with --runs): the cases of run NN-name take the
# `cuobjdump -sass` listing DIR/NN-name.sass, else DIR/name.sass, for their
# loads in flight (docs/model.md; runs without one keep the IR's figure).
# --bounds FILE: also places every case in the bounds of a file
# `sectorscope-model bounds` wrote (data/<gpu>-bounds.json: fitted on real
# programs' residuals), the bounds a user's kernel gets; the summary says how
# many in-scope cases they hold (validate-bounds.json).
# A generated case whose counters
# hold nothing to model (no global or local sectors), or whose time is
# impossible for its counters (a pairing of different launches' work), is
# skipped, with the reason, rather than stopping the others.
#
# Prints the fit summary (R^2, RMSE), then per model the predicted-vs-
# measured table and its geometric-mean error, the training and held-out
# summary, and the held-out error over the DRAM-sized kernels (every block
# together touches more than the calibration's L2: the grid-mode profile's
# address ranges, cases.json footprint_bytes); with --runs, the same error
# program by program (one run directory each) and their geometric mean, so
# that a program with many cases does not stand for the set; and writes to
# OUTDIR:
#   calib.json, cases.json, validate-<model>.json
#   lbm_mlups.svg             actual vs estimated MLUPS, every model
#                              (GT200 paper Table 1), lbm.json
#   transpose_band_<model>.svg transposes placed in the band (CampProf 10c),
#                              and _log.svg with a logarithmic time axis
#   bands/<case>.svg, .json    every case's band, application line and point
#   heldout-<model>.json       leave-one-kernel-out: training vs held-out
#                              error, terms kept, bounds and their coverage
#   calib-bounds-<model>.json  the calibration with those terms and bounds
#   heldout_errors_<model>.svg held-out predicted / measured, sorted
#   errors.svg, kernels/*.svg  every case sorted by error; one chart a kernel
#   raw.tar.gz                 the inputs, for re-evaluation without a GPU
#                              (model/reeval.sh): cases.json with relative
#                              paths, every profile it names, the benchmark
#                              file and calib.json
# Needs bash and python3 (to list the profiles); nothing else.
set -euo pipefail

die() { echo "validate.sh: error: $*" >&2; exit 1; }

BENCH="" PROFILES="" OUT="model-validation" BIN="${SECTORSCOPE_MODEL:-}" RUNS=0 GRID=1 SASS_DIR= BOUNDS=
LBM_RE='lbm|d3q19|lattice' LBM_EXCLUDE_RE='ghost|fill|init' TRANSPOSE_RE='transpose'
while [[ $# -gt 0 ]]; do
  case "$1" in
    --bench) BENCH="${2:?--bench needs a file}"; shift 2 ;;
    --profiles) PROFILES="${2:?--profiles needs a directory}"; shift 2 ;;
    --runs) RUNS=1; shift ;;
    --grid-counts) GRID=1; shift ;;
    --sampled-counts) GRID=0; shift ;;
    --out) OUT="${2:?--out needs a directory}"; shift 2 ;;
    --bin) BIN="${2:?--bin needs a path}"; shift 2 ;;
    --sass-dir) SASS_DIR="${2:?--sass-dir needs a directory}"; shift 2 ;;
    --bounds) BOUNDS="${2:?--bounds needs a file}"; shift 2 ;;
    --lbm-regex) LBM_RE="${2:?}"; shift 2 ;;
    --lbm-exclude) LBM_EXCLUDE_RE="${2:?}"; shift 2 ;;
    --transpose-regex) TRANSPOSE_RE="${2:?}"; shift 2 ;;
    -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
    *) die "unknown argument '$1' (try --help)" ;;
  esac
done
[[ -n "$BENCH" ]] || die "missing --bench microbench.json"
[[ -n "$PROFILES" ]] || die "missing --profiles DIR"
[[ -f "$BENCH" ]] || die "$BENCH: no such file"
[[ -d "$PROFILES" ]] || die "$PROFILES: no such directory"
[[ -z "$SASS_DIR" || -d "$SASS_DIR" ]] || die "$SASS_DIR: no such directory"
[[ -z "$BOUNDS" || -f "$BOUNDS" ]] || die "$BOUNDS: no such file"
[[ -z "$SASS_DIR" || "$RUNS" == 1 ]] || die "--sass-dir names listings per run: it needs --runs"

# The CLI: --bin, $SECTORSCOPE_MODEL, PATH, then build trees near this script.
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
if [[ -z "$BIN" ]]; then
  for c in "$(command -v sectorscope-model || true)" \
           "$HERE/../build/bin/sectorscope-model" \
           "$HERE/../bin/sectorscope-model" \
           "$HERE/../../../bin/sectorscope-model"; do
    if [[ -n "$c" && -x "$c" ]]; then BIN="$c"; break; fi
  done
fi
[[ -n "$BIN" && -x "$BIN" ]] ||
  die "sectorscope-model not found: pass --bin or set SECTORSCOPE_MODEL"
command -v python3 >/dev/null || die "python3 is needed to list the profiles"

mkdir -p "$OUT/bands"
echo "== fit: $BENCH"
# A failed measurement (written as 0) costs a warning, not the GPU run.
"$BIN" fit --bench "$BENCH" --skip-bad-rows -o "$OUT/calib.json"

# Cases: DIR/cases.json, or one per timed profile.
if [[ -f "$PROFILES/cases.json" ]]; then
  CASES="$PROFILES/cases.json"
else
  CASES="$OUT/cases.json"
  python3 - "$PROFILES" "$CASES" "$LBM_RE" "$LBM_EXCLUDE_RE" "$RUNS" "$GRID" "$SASS_DIR" <<'PY'
import json, os, re, statistics, sys
src, dst, lbm_re, lbm_ex, runs, grid_counts, sass_dir = sys.argv[1:8]
def sass_of(run):
    # The run's own listing, else its program's (the run minus its number).
    for name in (run, re.sub(r"^\d+-", "", run)):
        path = os.path.join(sass_dir, name + ".sass")
        if sass_dir and name and os.path.isfile(path):
            return os.path.abspath(path)
    return None
# The runtime writes counters (mode heatmap/grid, time_ms null) and times
# (mode time, no sites) as separate launches: pair them by kernel and launch
# shape. A profile carrying both is its own pair.
def dims(d):
    # Only a key for pairing: the CLI checks the values and names errors.
    try:
        if isinstance(d, dict):
            return tuple(int(d.get(k, 1)) for k in "xyz")
        if isinstance(d, list):
            return tuple(int(x) for x in d) + (1,) * (3 - len(d))
    except (TypeError, ValueError):
        pass
    return str(d)
def listing(src):
    # Profiles in DIR; with --runs, one run per subdirectory (a program with
    # its arguments): launches pair only within their run, so two programs
    # that launch a kernel with the same shape (the LBM ghost copy of two
    # lattices with the same rows) stay two cases.
    for f in sorted(os.listdir(src)):
        if os.path.isdir(os.path.join(src, f)):
            if runs != "1":
                continue
            for g in sorted(os.listdir(os.path.join(src, f))):
                yield f, os.path.join(f, g)
        else:
            yield "", f
def footprint(path):
    if not path:
        return 0
    try:
        q = json.load(open(path))
    except (OSError, ValueError):
        return 0
    spans = []
    for s in q.get("sites") or []:
        r = s.get("address_range") if isinstance(s, dict) else None
        if s.get("space", "global") != "global" or not isinstance(r, list) or len(r) != 2:
            continue
        try:
            lo, hi = (int(x, 0) if isinstance(x, str) else int(x) for x in r)
        except (TypeError, ValueError):
            continue
        spans.append((lo, hi))
    spans.sort()
    total, cur = 0, None
    for lo, hi in spans:
        if cur and lo <= cur[1] + 1:
            cur = (cur[0], max(cur[1], hi))
        else:
            if cur:
                total += cur[1] - cur[0] + 1
            cur = (lo, hi)
    return total + (cur[1] - cur[0] + 1 if cur else 0)
skipped = []
def blocks_of(p):
    n = 1
    for d in dims(p.get("grid")) if isinstance(dims(p.get("grid")), tuple) else ():
        n *= d
    return n
def launch_number(launch):
    """A launch record's kernel_launch, or None."""
    n = launch.get("kernel_launch") if isinstance(launch, dict) else None
    return n if isinstance(n, int) and not isinstance(n, bool) else None
def nth_of(p):
    return launch_number(p.get("launch"))
profiles = []
for run, f in listing(src):
    if not f.endswith(".json") or f == "cases.json":
        continue
    path = os.path.abspath(os.path.join(src, f))
    try:
        with open(path) as fh:
            p = json.load(fh)
    except (OSError, ValueError) as e:
        skipped.append("%s (%s)" % (f, e.__class__.__name__))
        continue
    if not isinstance(p, dict) or not str(p.get("schema", "")).startswith("sectorscope-launch/1"):
        continue
    if p.get("error"):
        skipped.append("%s (launch error: %s)" % (f, p["error"]))
        continue
    profiles.append((run, f, path, p))
# A kernel launched with one shape but different work each time (once per
# material, say: milliseconds apart) pairs launch by launch when counters
# were recorded for several of its launches (SECTORSCOPE_LAUNCHES=all):
# each launch's time with that launch's counters. With counters of one
# launch only, every launch's time pairs with them (the median): repeated
# launches of a solver's step.
recorded = {}
for run, f, path, p in profiles:
    if p.get("sites") and not isinstance(p.get("time_ms"), (int, float)):
        base = (str(p.get("kernel")), dims(p.get("grid")), dims(p.get("block")), run)
        recorded.setdefault(base, set()).add(nth_of(p))
def key_of(kernel, grid, block, run, nth):
    base = (str(kernel), dims(grid), dims(block), run)
    split = len(recorded.get(base, ())) > 1
    return base + ((nth if split else None),)
counters, grids, times, prevs, order = {}, {}, {}, {}, []
for run, f, path, p in profiles:
    key = key_of(p.get("kernel"), p.get("grid"), p.get("block"), run, nth_of(p))
    t = p.get("time_ms")
    timed = isinstance(t, (int, float)) and not isinstance(t, bool)
    if p.get("sites") and timed:
        key += (path,)  # counters and time in one file: a case of its own
    elif timed and not t > 0:
        skipped.append("%s (time_ms %s is not a time)" % (f, t))
        continue
    if key not in order:
        order.append(key)
    if p.get("sites"):
        # Heat-map counters first (they carry the reuse the model reads); a
        # grid-mode launch of every block of the same shape is their twin:
        # its exact totals replace the sampled block's scaled counts.
        nth = (p.get("launch") or {}).get("kernel_launch") if isinstance(p.get("launch"), dict) else None
        whole = p.get("mode") == "grid" and p.get("sampled_blocks") == blocks_of(p)
        if whole:
            grids.setdefault((key, nth), path)
            grids.setdefault((key, None), path)
        if key not in counters or (counters[key][1].get("mode") == "grid" and p.get("mode") != "grid"):
            counters[key] = (path, p)
    if timed:
        # Time-mode launches at several occupancies (SECTORSCOPE_OCCUPANCY)
        # give one case each: the same counters, the time at that occupancy.
        occ = p.get("occupancy") or {}
        w = occ.get("active_warps_per_sm") if isinstance(occ, dict) else None
        times.setdefault(key, {}).setdefault(w, []).append(t)
        # The launch before it (the L2 it inherits), by the same key.
        prev = p.get("previous_launch")
        if isinstance(prev, dict):
            pk = key_of(prev.get("kernel"), prev.get("grid"), prev.get("block"), run,
                        launch_number(prev))
            prevs.setdefault((key, w), []).append(pk)
cases, names, uncounted = [], {}, {}
for key in order:
    kernel, grid, block, run, nth = key[:5]
    # Pairs have (kernel, grid, block, run, launch or None); a file with
    # counters and time also its path.
    paired = len(key) == 5
    if key not in counters:
        if nth is not None:
            uncounted.setdefault((kernel.split("(")[0], run or "."), []).append(nth)
        continue  # a timed launch whose counters were not recorded
    path, p = counters[key]
    if key not in times:
        skipped.append(os.path.basename(path) + " (no time_ms for " + kernel.split("(")[0] + ")")
        continue
    short = re.sub(r"[^A-Za-z0-9_.-]", "_", kernel.split("(")[0])[:60] or "kernel"
    # A file with counters and time is named after itself; a pair after
    # its kernel (numbered if the kernel ran with several shapes).
    base = short if paired else os.path.basename(path)[:-5]
    if paired and nth is not None:
        base += "_l%d" % nth
    names[base] = names.get(base, 0) + 1
    name = base if names[base] == 1 else "%s_%d" % (base, names[base])
    # Paired: one case per occupancy, the median of its time-mode launches.
    by_warps = times[key] if paired else {None: []}
    for w in sorted(by_warps, key=lambda w: (w is None, w or 0)):
        c = {"name": name if len(by_warps) == 1 else "%s_w%s" % (name, w),
             "profile": path, "group": short}
        nth = (p.get("launch") or {}).get("kernel_launch") if isinstance(p.get("launch"), dict) else None
        twin = grids.get((key, nth)) or grids.get((key, None))
        if grid_counts == "1" and twin and twin != path:
            c["grid_profile"] = twin
        # What every block touches (the grid-mode twin's global address
        # ranges, merged): the summary's split of DRAM-sized kernels.
        fp = footprint(twin or (path if p.get("mode") == "grid" else None))
        if fp:
            c["footprint_bytes"] = fp
        listing_path = sass_of(key[3])
        if listing_path:
            c["sass"] = listing_path
        if paired:
            c["time_ms"] = statistics.median(by_warps[w])
            if isinstance(w, int) and w > 0:
                c["warps"] = w
            # The predecessor most of its timed launches had, when its
            # counters were recorded too.
            pks = prevs.get((key, w), [])
            if pks:
                pk = max(set(pks), key=pks.count)
                if pk in counters:
                    c["previous_profile"] = counters[pk][0]
        if re.search(lbm_re, kernel, re.I) and not re.search(lbm_ex, kernel, re.I):
            # MLUPS: one thread per lattice node (ghost layers included).
            threads = 1
            for d in (grid if isinstance(grid, tuple) else (1,)) + \
                     (block if isinstance(block, tuple) else (1,)):
                threads *= d
            c["work_items"] = p.get("work_items") or threads
        cases.append(c)
for (kernel, run), nths in uncounted.items():
    skipped.append("%d timed launch(es) of %s in %s (no counters for launch %s)"
                   % (len(nths), kernel, run, ", ".join(map(str, nths[:5])) +
                      (", ..." if len(nths) > 5 else "")))
with open(dst, "w") as fh:
    json.dump({"cases": cases}, fh, indent=1)
for s in skipped:
    print("validate.sh: skipped " + s, file=sys.stderr)
if not cases:
    sys.exit("validate.sh: error: no profile with counters and a time_ms in " + src)
PY
  # A launch whose counters hold nothing to model (a sampled block that
  # moved no global or local memory) is dropped with the CLI's reason: one
  # such launch of a real program must not stop every other case's figure.
  python3 - "$CASES" "$BIN" "$OUT/calib.json" <<'PY'
import json, os, re, subprocess, sys
dst, cli, calib = sys.argv[1:4]
cases = json.load(open(dst))["cases"]
verdict, kept = {}, []
for c in cases:
    p = c["profile"]
    if p not in verdict:
        r = subprocess.run([cli, "predict", "--calib", calib, "--profile", p,
                            "--model", "bandwidth", "--warps", "1"],
                           capture_output=True, text=True)
        err = r.stderr.strip().splitlines()
        verdict[p] = err[-1] if r.returncode and err and "nothing to model" in err[-1] else None
    if verdict[p]:
        print("validate.sh: skipped %s (%s)" % (os.path.basename(p), verdict[p].split(": sites: ")[-1]),
              file=sys.stderr)
    else:
        kept.append(c)
if not kept:
    sys.exit("validate.sh: error: no case has anything to model")
# A generated case whose time is impossible for its counters (faster than
# the calibrated bandwidth allows by far) paired counters and a time of
# different work: dropped with the CLI's reason, so that the other cases
# keep their figures. A cases.json given as input still fails whole.
rx = re.compile(r"case '([^']*)': time_ms: (impossible time [^:]*)")
while kept:
    json.dump({"cases": kept}, open(dst, "w"), indent=1)
    r = subprocess.run([cli, "validate", "--calib", calib, "--cases", dst,
                        "--model", "bandwidth"], capture_output=True, text=True)
    m = rx.search(r.stderr) if r.returncode else None
    if not m:
        break
    print("validate.sh: skipped case %s (%s: counters and time of different launches?)"
          % m.groups(), file=sys.stderr)
    kept = [c for c in kept if c["name"] != m.group(1)]
if not kept:
    sys.exit("validate.sh: error: no case left with a possible time")
PY
fi
echo "== cases: $CASES"

# Which models the calibration has.
MODELS=$(python3 -c 'import json,sys; c=json.load(open(sys.argv[1])); print(" ".join(m for m in ("bandwidth","campprof","gt200") if m in c))' "$OUT/calib.json")

# Subsets by kernel/case name: LBM-like (MLUPS) and transposes (band).
subset() { # regex exclude-regex out.json -> writes the matching cases; prints their count
  python3 - "$CASES" "$1" "$2" "$3" <<'PY'
import json, os, re, sys
cases_file, regex, exclude, dst = sys.argv[1:5]
base = os.path.dirname(os.path.abspath(cases_file))
rx = re.compile(regex, re.I)
out = []
for c in json.load(open(cases_file))["cases"]:
    p = c["profile"] if os.path.isabs(c["profile"]) else os.path.join(base, c["profile"])
    try:
        kernel = json.load(open(p)).get("kernel", "")
    except (OSError, ValueError):
        kernel = ""
    text = c.get("name", "") + " " + kernel
    if rx.search(text) and not (exclude and re.search(exclude, text, re.I)):
        c = dict(c, profile=p)
        for field in ("previous_profile", "grid_profile", "sass"):
            q = c.get(field)
            if q and not os.path.isabs(q):
                c[field] = os.path.join(base, q)
        out.append(c)
# CampProf drew the band from "Transpose Coalesced" (here: the shared-memory
# tile version); the others follow by name.
out.sort(key=lambda c: (0 if re.search("coalesc|shared", c.get("name", ""), re.I) else 1, c.get("name", "")))
json.dump({"cases": out}, open(dst, "w"), indent=1)
print(len(out))
PY
}

status=0
for m in $MODELS; do
  echo
  echo "== model $m: predicted vs measured"
  "$BIN" validate --calib "$OUT/calib.json" --cases "$CASES" --model "$m" \
    --json "$OUT/validate-$m.json" || status=1
done

# Held out: every choice made from validation kernels made again without the
# kernel scored (terms, bounds); the suite error above is a training error.
for m in $MODELS; do
  [[ "$m" == gt200 ]] && continue # one line, no band to bound
  echo
  echo "== model $m: training vs held-out (leave one kernel out)"
  "$BIN" heldout --calib "$OUT/calib.json" --cases "$CASES" --model "$m" \
    --json "$OUT/heldout-$m.json" --error-svg "$OUT/heldout_errors_$m.svg" \
    --calib-out "$OUT/calib-bounds-$m.json" ||
    echo "validate.sh: no held-out figures for $m (the error above)"
done
if [[ -n "$BOUNDS" ]]; then
  "$BIN" validate --calib "$OUT/calib.json" --bounds "$BOUNDS" --cases "$CASES" \
    --model bandwidth --json "$OUT/validate-bounds.json" > /dev/null || status=1
fi
if [[ -f "$OUT/calib-bounds-bandwidth.json" ]]; then
  mkdir -p "$OUT/kernels"
  "$BIN" validate --calib "$OUT/calib-bounds-bandwidth.json" --cases "$CASES" \
    --error-svg "$OUT/errors.svg" --kernel-svg-dir "$OUT/kernels" --log-y \
    > /dev/null || status=1
fi

echo
N_LBM=$(subset "$LBM_RE" "$LBM_EXCLUDE_RE" "$OUT/lbm-cases.json")
if [[ "$N_LBM" -gt 0 ]]; then
  echo "== LBM (GT200 paper Table 1 style): every model"
  "$BIN" validate --calib "$OUT/calib.json" --cases "$OUT/lbm-cases.json" \
    --model all --mlups-svg "$OUT/lbm_mlups.svg" --json "$OUT/lbm.json" \
    --title "LBM: actual vs estimated MLUPS" || status=1
else
  echo "== no LBM profile (kernel or name matching /$LBM_RE/): no MLUPS chart"
fi

echo
N_TR=$(subset "$TRANSPOSE_RE" "" "$OUT/transpose-cases.json")
if [[ "$N_TR" -gt 0 ]]; then
  for m in $MODELS; do
    [[ "$m" == gt200 ]] && continue # no camped variant, no band
    echo "== transposes in the band (CampProf Fig. 10c), model $m"
    "$BIN" validate --calib "$OUT/calib.json" --cases "$OUT/transpose-cases.json" \
      --model "$m" --band-svg "$OUT/transpose_band_$m.svg" \
      --title "Matrix transpose in the camping band ($m model)" || status=1
    # The same on a log time axis, so that the low-occupancy end does not
    # squash the rest.
    "$BIN" validate --calib "$OUT/calib.json" --cases "$OUT/transpose-cases.json" \
      --model "$m" --band-svg "$OUT/transpose_band_${m}_log.svg" --log-y \
      --title "Matrix transpose in the camping band ($m model)" > /dev/null || status=1
  done
else
  echo "== no transpose profile (/$TRANSPOSE_RE/): no transpose band chart"
fi

# One band chart per case (bandwidth model, or the first one calibrated).
BAND_MODEL=bandwidth
[[ " $MODELS " == *" bandwidth "* ]] || BAND_MODEL=campprof
if [[ " $MODELS " == *" $BAND_MODEL "* ]]; then
  python3 - "$CASES" <<'PY' > "$OUT/band-list.txt"
import json, os, sys
base = os.path.dirname(os.path.abspath(sys.argv[1]))
for c in json.load(open(sys.argv[1]))["cases"]:
    p = c["profile"] if os.path.isabs(c["profile"]) else os.path.join(base, c["profile"])
    name = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in c.get("name") or os.path.basename(p)[:-5])
    # The case's grid-mode and previous launches, as the validation used them:
    # without the grid counts a sampled block that did more than the average
    # one makes a measured time look impossible.
    # "-": none (read would merge empty tab-separated fields).
    more = [c.get(k) or "-" for k in ("grid_profile", "previous_profile")]
    more = [m if m == "-" or os.path.isabs(m) else os.path.join(base, m) for m in more]
    print("\t".join([name, p, str(c.get("time_ms", "-")), str(c.get("warps", "-"))] + more))
PY
  while IFS=$'\t' read -r name prof t w grid prev; do
    args=()
    [[ "$t" != - ]] && args+=(--time-ms "$t")
    [[ "$w" != - ]] && args+=(--warps "$w")
    [[ "$grid" != - ]] && args+=(--grid-profile "$grid")
    [[ "$prev" != - ]] && args+=(--previous "$prev")
    "$BIN" band --calib "$OUT/calib.json" --model "$BAND_MODEL" --profile "$prof" \
      "${args[@]}" --log-y --svg "$OUT/bands/$name.svg" --json "$OUT/bands/$name.json" \
      > /dev/null || status=1
  done < "$OUT/band-list.txt"
fi

echo
echo "== summary (geometric-mean relative error; CampProf: 9.3-11.7%, GT200 paper: 1-5%)"
for m in $MODELS; do
  [[ -f "$OUT/validate-$m.json" ]] || continue
  python3 -c 'import json,sys; v=json.load(open(sys.argv[1])); x=v.get("extrapolation_geomean_rel_err"); xi=v.get("extrapolation_geomean_rel_err_in_scope"); print("%-10s %3d cases  geomean %5.1f%%  max %5.1f%%  in scope %d: %5.1f%%%s" % (v["model"], len(v["cases"]), 100*v["geomean_rel_err"], 100*v["max_rel_err"], v.get("in_scope_cases", 0), 100*v.get("geomean_rel_err_in_scope", 0), "" if x is None else "  extrapolation %5.1f%% (%d pairs), in scope %s" % (100*x, v["extrapolation_pairs"], "-" if xi is None else "%.1f%% (%d pairs)" % (100*xi, v["extrapolation_pairs_in_scope"]))))' "$OUT/validate-$m.json"
done
python3 -c 'import json,sys; print("scope: " + json.load(open(sys.argv[1])).get("scope_rule", "?"))' "$OUT/validate-$BAND_MODEL.json" 2>/dev/null || true
for m in $MODELS; do
  [[ -f "$OUT/heldout-$m.json" ]] || continue
  python3 -c 'import json,sys; h=json.load(open(sys.argv[1])); print("%-10s training %5.1f%%  held-out %5.1f%%  bounds at %.0f%% (held-out): %d of %d in-scope cases inside (%.0f%%); dropped terms: %s; outside the support: %d case(s)" % (h["model"], 100*h["training_geomean_rel_err"], 100*h["held_out_geomean_rel_err"], 100*h["coverage"], h["inside_held_out_bounds"], h["in_support_cases"], 100*h["held_out_coverage"], ", ".join(h["dropped_terms"]) or "none", h["out_of_support_cases"]))' "$OUT/heldout-$m.json"
  # The same over the DRAM-sized kernels: every block together touches more
  # than the L2 holds (footprint_bytes, from the grid-mode twin).
  python3 - "$OUT/heldout-$m.json" "$CASES" "$OUT/calib.json" <<'PY'
import json, math, os, sys
h = json.load(open(sys.argv[1]))
cases = {c.get("name"): c for c in json.load(open(sys.argv[2]))["cases"]}
l2 = (json.load(open(sys.argv[3])).get("gpu") or {}).get("l2_bytes") or 0
known = [r for r in h["cases"] if r.get("in_scope") and "footprint_bytes" in cases.get(r["name"], {})]
if not l2 or not known:
    sys.exit(0)
big = [r for r in known if cases[r["name"]]["footprint_bytes"] > l2]
errs = [max(abs(r["held_out_ms"] / r["measured_ms"] - 1), 1e-4) for r in big]
gm = math.exp(sum(map(math.log, errs)) / len(errs)) if errs else 0
print("%-10s DRAM-sized (every block touches more than the %.0f MiB L2): %d of %d in-scope cases with a grid-mode profile; held-out %5.1f%%; %d inside the bounds" % (
    h["model"], l2 / 2**20, len(big), len(known), 100 * gm, sum(1 for r in big if r.get("inside_bounds"))))
PY
done

# Program by program (--runs): a size sweep of one program is many cases,
# so the set's figure alone can be one program's.
if [[ $RUNS == 1 ]]; then
  H="$OUT/heldout-$BAND_MODEL.json"
  [[ -f $H ]] || H="$OUT/validate-$BAND_MODEL.json"
  python3 - "$H" "$CASES" <<'PY'
import json, math, os, sys
v = json.load(open(sys.argv[1]))
profile = {c["name"]: c["profile"] for c in json.load(open(sys.argv[2]))["cases"]}
held = "held_out_ms" in (v["cases"] or [{}])[0]
by = {}
for r in v["cases"]:
    if not r.get("in_scope") or r["name"] not in profile:
        continue
    ms = r["held_out_ms"] if held else r["predicted_ms"]
    by.setdefault(os.path.basename(os.path.dirname(profile[r["name"]])), []).append(ms / r["measured_ms"])
if not by:
    sys.exit(0)
def gm(xs):
    return math.exp(sum(math.log(max(abs(x - 1), 1e-4)) for x in xs) / len(xs))
what = "held-out" if held else "predicted"
print("%-10s by program (in scope, %s): %d programs, geometric mean of their errors %5.1f%%" % (
    v["model"], what, len(by), 100 * math.exp(sum(math.log(gm(x)) for x in by.values()) / len(by))))
for name in sorted(by):
    x = by[name]
    print("  %-28s %4d cases  %5.1f%%  predicted / measured %.2f-%.2f" % (name, len(x), 100 * gm(x), min(x), max(x)))
PY
fi

if [[ -f "$OUT/validate-bounds.json" ]]; then
  python3 -c 'import json,sys; v=json.load(open(sys.argv[1])); n=v["in_scope_cases"]; k=v["inside_bounds_in_scope"]; print("%-10s %s (%s): %d of %d in-scope cases inside (%.0f%%)" % (v["model"], v["bounds"], sys.argv[2], k, n, 100.0*k/n if n else 0))' "$OUT/validate-bounds.json" "$BOUNDS"
fi

# The raw inputs in one archive, so the next model can be evaluated on this
# run without a GPU (model/reeval.sh).
python3 - "$CASES" "$BENCH" "$OUT/calib.json" "$OUT/raw.tar.gz" <<'PY' || status=1
import io, json, os, re, sys, tarfile
cases_file, bench, calib, dst = sys.argv[1:5]
base = os.path.dirname(os.path.abspath(cases_file))
cases = json.load(open(cases_file))["cases"]
names, out = {}, []
with tarfile.open(dst, "w:gz") as tar:
    for c in cases:
        c = dict(c)
        for field in ("profile", "previous_profile", "grid_profile", "sass"):
            if field not in c:
                continue
            # Listings beside the profiles, in a folder of their own.
            folder = "sass/" if field == "sass" else "profiles/"
            p = c[field] if os.path.isabs(c[field]) else os.path.join(base, c[field])
            if p not in names:
                n = re.sub(r"[^A-Za-z0-9_.-]", "_", os.path.basename(p))
                while n in names.values():
                    n = "_" + n
                names[p] = n
                tar.add(p, arcname="raw/" + folder + n)
            c[field] = folder + names[p]
        out.append(c)
    data = json.dumps({"cases": out}, indent=1).encode()
    info = tarfile.TarInfo("raw/cases.json")
    info.size = len(data)
    tar.addfile(info, io.BytesIO(data))
    tar.add(bench, arcname="raw/microbench.json")
    tar.add(calib, arcname="raw/calib.json")
print("== raw inputs: %s (%d cases, %d files)" % (dst, len(out), len(names)))
PY
echo "outputs in $OUT: $(cd "$OUT" && ls *.svg 2>/dev/null | tr '\n' ' ')bands/"
exit $status
