#!/usr/bin/env bash
# bench-overhead.sh: overhead of sectorscope's run-time instrumentation on the
# examples. A benchmark, not a test: it runs on the GPU machine.
#
#   runtime/bench-overhead.sh build [BUILD_DIR] [CARRY_DIR]
#       Here (needs clang): builds every examples/*.cu plain and instrumented
#       with the wrapper into CARRY_DIR/bin (default: .bench-carry in the
#       source root, ignored by git), with libsectorscope_rt.so, cudart and
#       this script, so that CARRY_DIR is all the GPU machine needs.
#       The loop-heavy kernels of runtime/bench/ are built the same way.
#   CARRY_DIR/bench-overhead.sh run CARRY_DIR [LAUNCHES] [KEEP_DIR]
#       There: runs each instrumented example in SECTORSCOPE_MODE=time,
#       heatmap and grid (SECTORSCOPE_LAUNCHES=LAUNCHES, default 0-9) and the
#       plain one and, with ACCELPROF_HOME set to a built AccelProf (its
#       compute-sanitizer backend), the time mode once more under AccelProf's
#       heatmap_analysis tool with one target block, cuThermo's own
#       implementation; then prints per kernel the median kernel time of the
#       uninstrumented path (time_ms, time mode) and the median instrumented
#       kernel time (kernel_ms, CUDA events around the launch, heatmap and
#       grid), their ratios, the programs' wall-clock ratios, and the median
#       ratio over all kernels. Each program runs BENCH_REPEAT times (default
#       3) per mode; the medians are over all their launches. Reports stay in
#       KEEP_DIR if given. BENCH_ONLY=REGEX runs only the programs whose
#       name it matches.
#
# Under AccelProf the time mode's CUDA events around each launch also take in
# the tool's host work per launch (it runs inside the launch call), which is
# the time per launch the program sees.
#
# Both measurements of a ratio come from the same binary, the baseline being
# its original kernel (launch == 0), so the ratio is the instrumentation's
# cost alone, not the JSON writing between launches.
set -u
me=$(basename "$0")
die() { echo "$me: error: $*" >&2; exit 1; }

build() {
  local root build carry jobs
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  build=${1:-$root/build}
  carry=${2:-$root/.bench-carry}
  [ -x "$build/bin/sectorscope-clang++" ] || die "no wrapper in $build/bin; configure and build first"
  ninja -C "$build" sectorscope sectorscope-frontend sectorscope_rt >/dev/null || die "building the plugin and runtime failed"
  ninja -C "$build" sectorscope_device_bc >/dev/null 2>&1 || true
  mkdir -p "$carry/bin" "$carry/lib" "$carry/logs" "$carry/share/sectorscope/data"
  # The measured partition maps, where the runtime looks for them beside its
  # library: without them grid mode runs the uniform model, which costs more.
  cp "$root"/data/*.json "$carry/share/sectorscope/data/" || die "copying data/ failed"
  # Keep the carry directory out of git (and so out of `git add`).
  if [ -d "$root/.git" ] && [ "${carry#$root/}" != "$carry" ]; then
    grep -qxF "/${carry#$root/}/" "$root/.git/info/exclude" 2>/dev/null ||
      echo "/${carry#$root/}/" >>"$root/.git/info/exclude"
  fi
  jobs=$(nproc 2>/dev/null || echo 4)
  local n=0 src name
  for src in "$root"/examples/*.cu "$root"/runtime/bench/*.cu; do
    name=$(basename "$src" .cu)
    ("$build/bin/sectorscope-clang++" -O2 -fplugin-arg-sectorscope-instrument \
       "$src" -o "$carry/bin/$name-instrumented" >"$carry/logs/$name-instrumented.log" 2>&1 ||
       echo "$me: $name-instrumented failed to build (see $carry/logs)") &
    (SECTORSCOPE_NO_PLUGIN=1 "$build/bin/sectorscope-clang++" -O2 "$src" \
       -o "$carry/bin/$name-plain" >"$carry/logs/$name-plain.log" 2>&1 ||
       echo "$me: $name-plain failed to build (see $carry/logs)") &
    n=$((n + 2))
    if [ $n -ge "$jobs" ]; then wait; n=0; fi
  done
  wait
  cp -L "$build/lib/libsectorscope_rt.so" "$carry/lib/"
  local lib # cudart and RE2: the GPU machine may have other versions or none
  for lib in $(ldd "$build/lib/libsectorscope_rt.so" | awk '/libcudart|libre2/ {print $3}'); do
    cp -L "$lib" "$carry/lib/"
  done
  cp "${BASH_SOURCE[0]}" "$carry/bench-overhead.sh"
  chmod +x "$carry/bench-overhead.sh"
  echo "$me: $(ls "$carry/bin" | wc -l) programs in $carry ($(du -sh "$carry" | cut -f1)); on the GPU machine run: $carry/bench-overhead.sh run $carry"
}

now() { date +%s.%N; }

run() {
  local carry=${1:-} launches=${2:-0-9} keep=${3:-}
  [ -d "$carry/bin" ] || die "usage: $me run CARRY_DIR [LAUNCHES] [KEEP_DIR]"
  carry=$(cd "$carry" && pwd)
  export LD_LIBRARY_PATH=$carry/lib:${LD_LIBRARY_PATH:-}
  local work=${keep:-$(mktemp -d)}
  mkdir -p "$work"
  local budget=${BENCH_BUDGET_S:-330} start
  start=$(now)
  local exe name mode t0 t1 rc
  for exe in "$carry"/bin/*-instrumented "$carry"/bench/*-instrumented; do
    [ -x "$exe" ] || continue
    name=$(basename "$exe" -instrumented)
    [[ -z ${BENCH_ONLY:-} || $name =~ ^($BENCH_ONLY)$ ]] || continue
    if awk -v s="$start" -v n="$(now)" -v b="$budget" 'BEGIN{exit !(n-s > b)}'; then
      echo "$me: time budget spent, skipping $name and later" >&2
      break
    fi
    for mode in plain time heatmap grid ${ACCELPROF_HOME:+accelprof}; do
      local out=$work/$name/$mode bin=$exe repeat=${BENCH_REPEAT:-3}
      [ $mode = plain ] && bin=$(dirname "$exe")/$name-plain
      [ -x "$bin" ] || continue
      mkdir -p "$out"
      local -a tool=()
      local rtmode=$mode lsel=$launches
      case $mode in plain | accelprof) rtmode=time ;; esac
      if [ $mode = accelprof ]; then
        # AccelProf writes its heat maps into the working directory.
        tool=(env "LD_PRELOAD=$ACCELPROF_HOME/lib/libcompute_sanitizer.so"
          "LD_LIBRARY_PATH=$ACCELPROF_HOME/lib:${CUDA_HOME:-/usr/local/cuda}/compute-sanitizer:$LD_LIBRARY_PATH"
          ACCEL_PROF_HOME="$ACCELPROF_HOME" YOSEMITE_TOOL_NAME=heatmap_analysis
          YOSEMITE_DEVICE=nvc YOSEMITE_TARGET_BLOCK=0,0,0 TORCH_PROFILE_ENABLED=0)
        # Every launch, so that launch.seq numbers launches as AccelProf's
        # kernel_<n>.csv does (runtime/compare-heatmaps.py pairs them).
        repeat=1 lsel=all
      fi
      t0=$(now)
      # Repeated runs: a kernel launched once per run (the transposes, 21-28
      # us) gets one time per run, and one time swings by 20%. Each run's
      # reports land next to the others' (file names do not collide).
      for rep in $(seq "$repeat"); do
        (cd "$out" && SECTORSCOPE_MODE=$rtmode SECTORSCOPE_LAUNCHES=$lsel SECTORSCOPE_OUT=$out \
          timeout "${BENCH_TIMEOUT_S:-60}" "${tool[@]}" "$bin" \
          >"$out/stdout.txt" 2>"$out/stderr.txt")
        rc=$?
        [ $rc -eq 0 ] || break
      done
      t1=$(now)
      echo "$rc $(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f", b-a}')" >"$out/status.txt"
    done
  done
  python3 - "$work" <<'PY'
import glob, json, os, statistics, sys
work = sys.argv[1]
def med(xs):
    return statistics.median(xs) if xs else None
tools = ("heatmap", "grid", "accelprof")
rows, ratios = [], {m: [] for m in tools}
for ex in sorted(os.listdir(work)):
    st = {}
    for mode in ("plain", "time") + tools:
        p = os.path.join(work, ex, mode, "status.txt")
        if os.path.exists(p):
            rc, wall = open(p).read().split()
            st[mode] = (int(rc), float(wall))
    per = {}  # kernel -> mode -> [ms]
    errors = 0
    for mode, field in (("time", "time_ms"), ("heatmap", "kernel_ms"), ("grid", "kernel_ms"),
                        ("accelprof", "time_ms")):
        for f in glob.glob(os.path.join(work, ex, mode, "*.json")):
            try:
                j = json.load(open(f))
            except Exception:
                continue
            if j.get("error"):
                errors += 1
            v = j.get(field)
            if v is not None:
                per.setdefault(j["kernel"], {}).setdefault(mode, []).append(v)
    for k in sorted(per):
        base = med(per[k].get("time", []))
        r = {}
        for mode in tools:
            m = med(per[k].get(mode, []))
            if base and m:
                r[mode] = m / base
                ratios[mode].append(m / base)
        rows.append((ex, k, base, [r.get(m) for m in tools], len(per[k].get("time", []))))
    wall = {m: st[m][1] for m in st}
    rcs = " ".join(f"{m}={st[m][0]}" for m in st if st[m][0] != 0)
    w = lambda m: (f"{wall[m] / wall['plain']:.2f}" if m in wall and wall.get("plain") else "-")
    print(f"# {ex}: wall plain {wall.get('plain', 0):.2f}s, time x{w('time')}, heatmap x{w('heatmap')}, grid x{w('grid')}"
          + (f", accelprof x{w('accelprof')}" if 'accelprof' in wall else "")
          + (f"; nonzero exit: {rcs}" if rcs else "") + (f"; {errors} reports with errors" if errors else ""))
f = lambda x, p=2: "-" if x is None else f"{x:.{p}f}"
print(f"{'example':22} {'kernel':48} {'base_ms':>9} {'heatmap':>8} {'grid':>8} {'accelprof':>9} {'n':>3}")
for ex, k, base, (h, g, a), n in rows:
    print(f"{ex:22} {k[:48]:48} {f(base, 4):>9} {f(h):>8} {f(g):>8} {f(a):>9} {n:>3}")
for mode in tools:
    xs = ratios[mode]
    if xs:
        print(f"median {mode}/plain kernel-time ratio over {len(xs)} kernels: {statistics.median(xs):.2f} "
              f"(min {min(xs):.2f}, max {max(xs):.2f})")
PY
  [ -n "$keep" ] || rm -rf "$work"
}

case ${1:-} in
build) shift; build "$@" ;;
run) shift; run "$@" ;;
*) die "usage: $me build [BUILD_DIR] [CARRY_DIR] | run CARRY_DIR [LAUNCHES] [KEEP_DIR]" ;;
esac
