#!/usr/bin/env bash
# GPU tests and benchmarks: built here (where clang is), run on a GPU
# machine (where it is not).
#
#   tools/gpu-tests.sh build [DIR]  (here)  build everything into DIR
#                                   (default build-gpu/, carried to the GPU)
#   DIR/tools/gpu-tests.sh run DIR  (there) the tests; one line per check
#                                   and "N passed, M failed"; exit 1 on any
#                                   failure
#   DIR/tools/gpu-tests.sh expect DIR  (there) of those, the run-time
#                                   expectation checks only (about a minute)
#   DIR/tools/gpu-tests.sh multi DIR  (there) only the multi_device checks:
#                                   two GPUs, two threads, four processes
#   DIR/tools/gpu-tests.sh rdc DIR  (there) only the relocatable device
#                                   code checks (test/gpu/rdc, a few seconds)
#   DIR/bin/sectorscope-microbench --only G --out F.json  (there) one
#                                   micro-benchmark group (microbench/README.md)
#   DIR/tools/gpu-tests.sh bench DIR OUT  (there) the benchmarks: run-time
#                                   overhead (`overhead`: runtime/bench-overhead.sh)
#                                   and model validation (`model DIR OUT`:
#                                   the micro-benchmark suite measured on
#                                   this GPU, then model/validate.sh fitted
#                                   on it and, beside it, on the committed
#                                   H200 suite; MODEL_BENCH=FILE, relative
#                                   to DIR, skips the measurement), results
#                                   under OUT
#
# The tests: every examples/ program in three builds (plain clang++, with the
# plugin, instrumented), each passing its own self-check, with bit-identical
# output dumps between plain and instrumented; the test/gpu programs (known
# answers for sectors/request, heat maps, spaces, grid mode, exactness);
# compute-sanitizer memcheck on instrumented programs; and Nsight Compute as
# ground truth for sector and request counts (tools/ncu-compare.py). The
# run-time expectations: every instrumented example with SECTORSCOPE_EXPECT=1,
# and examples/kernel-tests' program, which must pass, beside a copy whose
# coalesced load is made strided, which must fail at run time.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cmd=${1:-}
dir=${2:-$here/../build-gpu}

build() {
  local root=$here/.. build=${SECTORSCOPE_BUILD_DIR:-$here/../build}
  "$root/tools/setup.sh" "$build" || exit 1
  ninja -C "$build" examples >/dev/null || ninja -C "$build" examples || exit 1
  rm -rf "$dir" && mkdir -p "$dir/bin" "$dir/lib" "$dir/tools" "$dir/data"
  cp "$build"/lib/libsectorscope_rt.so "$dir/lib/"
  # RE2, the runtime's one library beyond libc and libstdc++: the GPU machine
  # need not have this version of it.
  cp -L $(ldd "$build"/lib/libsectorscope_rt.so | awk '/libre2/ {print $3}') "$dir/lib/"
  find "$build/examples" -maxdepth 1 -type f -perm -u+x -exec cp {} "$dir/bin/" \;
  cp "$build/bin/sectorscope-model" "$dir/bin/"
  # The benchmark's loop-heavy kernels (runtime/bench/), apart from the
  # examples: they are not tests, only inputs of `overhead`.
  mkdir -p "$dir/bench"
  local src name
  for src in "$root"/runtime/bench/*.cu; do
    name=$(basename "$src" .cu)
    SECTORSCOPE_NO_PLUGIN=1 "$build/bin/sectorscope-clang++" -O2 "$src" -o "$dir/bench/$name-plain" &&
      "$build/bin/sectorscope-clang++" -O2 -fplugin-arg-sectorscope-instrument "$src" \
        -o "$dir/bench/$name-instrumented" 2>/dev/null || exit 1
  done
  # The report page tool, the launcher and their modules (multi_device's
  # checks read with them; model_check runs the launcher).
  cp "$root"/tools/sectorscope-report "$root"/tools/sectorscope-run \
     "$root"/tools/sectorscope_*.py "$dir/bin/"
  # The micro-benchmark suite, so one group (e.g. --only loadstore) can be
  # measured with the same bundle; absent when CUDA programs are not built.
  [ -x "$build/bin/sectorscope-microbench" ] && cp "$build/bin/sectorscope-microbench" "$dir/bin/"
  # The partition-map measurement (the slice probe under ncu, the fit).
  cp "$build/bin/sectorscope-mbtool" "$root/tools/sectorscope-measure-partitions" "$dir/bin/"
  "$root/test/gpu/build.sh" "$build" "$dir/gpu" >/dev/null || exit 1
  kernel_tests "$build/bin/sectorscope-clang++" "$root/examples/kernel-tests" || exit 1
  cp "$root"/tools/gpu-tests.sh "$root"/tools/ncu-compare.py \
     "$root"/runtime/bench-overhead.sh "$root"/model/validate.sh "$dir/tools/"
  cp "$root"/data/h200-microbench.json "$dir/data/"
  # Where an installed tree keeps its data (common/DeviceData.h): the
  # runtime, the model and the GPU tests find the device index and the
  # partition maps next to lib/ and bin/, as a user's install does.
  mkdir -p "$dir/share/sectorscope/data" "$dir/share/sectorscope/model"
  cp "$root"/data/*.json "$dir/share/sectorscope/data/"
  cp "$root"/model/validate.sh "$dir/share/sectorscope/model/"
  echo "built into $dir ($(du -sh "$dir" | cut -f1))"
}

# examples/kernel-tests' program, built from copies in the bundle (the
# runtime reads a site's source at the path it was compiled from): good/
# passes its compile-time check; broken/, whose coalesced load reads every
# 8th float instead (modulo n: test/expect/kernel-tests.test's broken copy
# without its out-of-bounds reads), is built without it, to fail at run time.
kernel_tests() { # wrapper project
  local w=$1 src=$2/kernels/scale.cu v
  for v in good broken; do
    mkdir -p "$dir/kernel-tests/$v" && cp "$src" "$dir/kernel-tests/$v/scale.cu"
  done
  sed -i 's/a \* in\[i\]/a * in[8 * i % n]/' "$dir/kernel-tests/broken/scale.cu"
  ! cmp -s "$src" "$dir/kernel-tests/broken/scale.cu" || { echo "broken copy unchanged"; return 1; }
  "$w" --sectorscope-expect -O2 -fplugin-arg-sectorscope-instrument \
    "$dir/kernel-tests/good/scale.cu" -o "$dir/kernel-tests/good/scale" &&
    "$w" -O2 -fplugin-arg-sectorscope-instrument \
      "$dir/kernel-tests/broken/scale.cu" -o "$dir/kernel-tests/broken/scale" 2>/dev/null
}

passed=0 failed=0 skipped=0
check() { # label command...; exit 77 is a skip (the machine lacks something)
  local label=$1 out rc
  shift
  out=$("$@" 2>&1); rc=$?
  if [ $rc -eq 0 ]; then
    passed=$((passed + 1)); printf 'PASS %s\n' "$label"
  elif [ $rc -eq 77 ]; then
    local why=$(printf '%s\n' "$out" | tail -1)
    skipped=$((skipped + 1)); printf 'SKIP %s (%s)\n' "$label" "${why#SKIP }"
  else
    failed=$((failed + 1)); printf 'FAIL %s (rc=%d)\n' "$label" $rc
    printf '%s\n' "$out" | tail -15 | sed 's/^/     | /'
  fi
}

setenv() {
  cd "$dir" || exit 1
  dir=$(pwd)
  export LD_LIBRARY_PATH=$dir/lib:${CUDA_HOME:-/usr/local/cuda}/lib64:${LD_LIBRARY_PATH:-}
  export SECTORSCOPE_OUT=$dir/out SECTORSCOPE_QUIET=1
}

# An example's self-check: exit 0 and "PASS <name>".
self_check() { # exe name
  timeout 120 "$1" | grep -qx "PASS $2"
}

# sectorscope-run --model-check on an example, as a user runs it: every run
# exits 0, and the model scores the program's kernel at both occupancies
# with the device's own suite.
model_check() { # name
  local d=$dir/model-check/$1
  rm -rf "$d" && mkdir -p "$(dirname "$d")"
  timeout 300 bin/sectorscope-run --model-check "$d" --model-warps 8,32 \
    -- "bin/$1-instrumented" > "$d.out" 2>&1 || { cat "$d.out"; return 1; }
  grep -E "^  01-$1-instrumented +[0-9]+ cases" "$d.out" &&
    grep -q "^== fit: .*share/sectorscope/data/" "$d/model.log"
}

# The example's sectorscope-expect comments hold in its run (heat-map mode,
# sampled block 0,0,0): exit 0, no error line.
expectations() { # name
  local out rc
  out=$(SECTORSCOPE_EXPECT=1 SECTORSCOPE_OUT=$dir/expect-out timeout 120 "bin/$1-instrumented" 2>&1)
  rc=$?
  printf '%s\n' "$out" | grep -E 'error|expectation'
  [ $rc -eq 0 ] && ! printf '%s\n' "$out" | grep -q ' error: '
}

# examples/kernel-tests, as its dynamic test runs it: the good program passes
# with no error line; the broken one exits 1 naming the line, the expectation
# and the measured numbers.
kernel_test_good() {
  local out
  out=$(SECTORSCOPE_EXPECT=1 SECTORSCOPE_LAUNCHES=all SECTORSCOPE_OUT=$dir/expect-out \
    timeout 60 kernel-tests/good/scale 2>&1) || { printf '%s\n' "$out"; return 1; }
  printf '%s\n' "$out"
  printf '%s\n' "$out" | grep -qx PASS && ! printf '%s\n' "$out" | grep -q 'error:'
}
kernel_test_broken() {
  local out rc
  out=$(SECTORSCOPE_EXPECT=1 SECTORSCOPE_LAUNCHES=all SECTORSCOPE_OUT=$dir/expect-out \
    timeout 60 kernel-tests/broken/scale 2>&1)
  rc=$?
  printf '%s\n' "$out"
  [ $rc -eq 1 ] &&
    printf '%s\n' "$out" | grep -Eq 'scale\.cu:10:[0-9]+: error: expected coalesced, measured 32\.0 sectors/request \((strided|uncoalesced)\)$' &&
    printf '%s\n' "$out" | grep -Eq 'scale\.cu:10:[0-9]+: error: expected sectors-per-request <= 4, measured 32\.0 sectors/request'
}

# The run-time expectations (also alone: `gpu-tests.sh expect DIR`).
expect_checks() {
  local exe n
  for exe in bin/*-instrumented; do
    n=$(basename "$exe" -instrumented)
    check "expectations $n (SECTORSCOPE_EXPECT=1)" expectations "$n"
  done
  if [ -x kernel-tests/good/scale ]; then
    check "kernel-tests: expectations hold at run time" kernel_test_good
    check "kernel-tests: broken copy fails at run time" kernel_test_broken
  fi
}

# Plain and instrumented builds must compute the same bits.
same_output() { # name
  local n=$1 v
  rm -rf "dump/$n" && mkdir -p "dump/$n/plain" "dump/$n/instrumented"
  for v in plain instrumented; do
    SECTORSCOPE_EXAMPLE_DUMP=$dir/dump/$n/$v SECTORSCOPE_OUT=$dir/dump/$n/report-$v \
      timeout 120 "bin/$n-$v" >/dev/null || return 1
  done
  [ -n "$(ls "dump/$n/plain")" ] || { echo "no output dumped"; return 1; }
  diff -r "dump/$n/plain" "dump/$n/instrumented" && rm -rf "dump/$n"
}

run() {
  setenv
  nvidia-smi -L
  local exe n v
  for exe in bin/*-plain; do
    n=$(basename "$exe" -plain)
    for v in -plain "" -instrumented; do
      check "example $n$v" self_check "bin/$n$v" "$n"
    done
    check "identical output $n (plain vs instrumented)" same_output "$n"
  done
  expect_checks
  multi_device_checks
  rdc_checks
  local mode
  for mode in heatmap grid time; do
    check "gpu test host_wait ($mode: kernels that wait for the host)" host_wait $mode
    check "gpu test block_wait ($mode: blocks that wait on one another)" block_wait $mode
  done
  for exe in gpu/*.plain; do
    n=$(basename "$exe" .plain)
    [ "$n" = overhead ] && continue # a benchmark, run by `bench`
    check "gpu test $n" timeout 120 "gpu/$n"
  done
  [ -x gpu/identical_O0 ] && check "gpu test identical_O0" timeout 120 gpu/identical_O0
  check "model check stream_copy (sectorscope-run --model-check)" model_check stream_copy
  for n in heatmap_called grid_called; do
    [ -x "gpu/$n" ] && check "gpu test $n (the access called at each site)" timeout 120 "gpu/$n"
  done
  if command -v compute-sanitizer >/dev/null; then
    # Small sizes: memcheck runs kernels 10-100 times slower.
    local spec
    while read -r spec; do
      check "memcheck $spec" timeout 300 compute-sanitizer --tool memcheck \
        --error-exitcode 1 --print-limit 5 $spec
    done <<'LIST'
gpu/coalescing
gpu/heatmap
gpu/spaces
gpu/grid
gpu/heatmap_called
gpu/grid_called
bin/transpose_naive-instrumented 256 256
bin/transpose_shared-instrumented 256 256
bin/transpose_diagonal-instrumented 256
bin/gemm_mapping-instrumented 128 128 64
bin/gram_schmidt-instrumented 256 32
bin/spmv_csr-instrumented 16384
bin/lbm_d3q19-instrumented 32 16 16
bin/private_smem-instrumented 65536
bin/warp_broadcast_smem-instrumented 4096
bin/stream_copy-instrumented 1048576
bin/reduction-instrumented 1048576
bin/histogram_atomic-instrumented 1048576
LIST
  fi
  if command -v ncu >/dev/null; then
    for n in transpose_naive transpose_shared transpose_diagonal gemm_mapping \
             stream_copy spmv_csr lbm_d3q19; do
      [ -x "bin/$n-plain" ] || continue
      check "ncu sectors/requests $n" timeout 300 python3 tools/ncu-compare.py \
        --plain "bin/$n-plain" --instrumented "bin/$n-instrumented" --out "ncu/$n"
    done
    # Read-modify-writes (a[i] -= q x d), counted once for both sites, with
    # full warps (columns 32-63) and partial ones; small, as every launch
    # is profiled.
    [ -x bin/gram_schmidt-plain ] &&
      check "ncu sectors/requests gram_schmidt" timeout 300 python3 tools/ncu-compare.py \
        --plain bin/gram_schmidt-plain --instrumented bin/gram_schmidt-instrumented \
        --out ncu/gram_schmidt -- 256 64
  fi
  summary
}

summary() {
  [ $skipped -eq 0 ] || echo "$skipped skipped (not counted below)"
  echo "$passed passed, $failed failed"
  [ $failed -eq 0 ]
}

multi_device_checks() {
  local mode
  for mode in heatmap grid; do
    check "gpu test multi_device ($mode, 2 devices, 2 threads)" multi_device_devices $mode
  done
  check "gpu test multi_device (4 processes, one report directory)" multi_device_processes
}

# Only the checks of several devices, threads and processes (under 30 s).
multi() {
  setenv
  nvidia-smi -L
  multi_device_checks
  summary
}

# strided<1> on device 1, then strided<2> and strided<8> on devices 0 and 1
# from two threads with their own streams: one report per launch, each with
# its device and the stride's sectors per request (test/gpu/multi_device.cu).
multi_device_devices() { # mode
  local out=$dir/multi-device-$1 rc
  rm -rf "$out"
  SECTORSCOPE_OUT=$out SECTORSCOPE_MODE=$1 SECTORSCOPE_LAUNCHES=all \
    timeout 60 gpu/multi_device devices; rc=$?
  [ $rc -eq 0 ] || return $rc
  timeout 60 python3 gpu/multi_device_reports.py "$out" --mode "$1" --processes 1 \
    --kernel 'strided<1>' 1 1 4 --kernel 'strided<2>' 0 4 8 \
    --kernel 'strided<8>' 1 4 32 --threads 3 --streams 3
}

# Four processes at once into one directory; sectorscope-report's page
# counts and lists all of them.
multi_device_processes() {
  local out=$dir/multi-process k pids=() rc=0
  rm -rf "$out" "$out.html"
  for k in 0 1 2 3; do
    SECTORSCOPE_OUT=$out SECTORSCOPE_MODE=heatmap SECTORSCOPE_LAUNCHES=all \
      timeout 60 gpu/multi_device process $k &
    pids+=($!)
  done
  for k in "${pids[@]}"; do wait "$k" || rc=1; done
  [ $rc -eq 0 ] || return 1
  timeout 60 bin/sectorscope-report "$out" -o "$out.html" &&
    timeout 60 python3 gpu/multi_device_reports.py "$out" --mode heatmap \
      --processes 4 --kernel 'strided<4>' any 3 16 --page "$out.html"
}

# Blocks that meet at a software barrier in a grid resident all at once
# (test/gpu/block_wait.cu), profiled with occupancy capped at 8 warps/SM:
# the program finishes with its results right. In time mode the cap is not
# applied and each report says so; in the instrumented modes each launch is
# profiled or, where the variant would not fit at once, ran uninstrumented
# with a note saying why.
block_wait() { # mode
  local out=$dir/block-wait-$1 log
  rm -rf "$out"
  log=$(SECTORSCOPE_OUT=$out SECTORSCOPE_MODE=$1 SECTORSCOPE_LAUNCHES=all \
    SECTORSCOPE_OCCUPANCY=8 timeout 60 gpu/block_wait 2>&1) ||
    { printf '%s\n' "$log"; return 1; }
  printf '%s\n' "$log" | grep -q "^PASS block_wait" || { printf '%s\n' "$log"; return 1; }
  python3 - "$out" "$1" <<'PY'
import json, pathlib, sys
out, mode = pathlib.Path(sys.argv[1]), sys.argv[2]
reports = [json.loads(p.read_text()) for p in sorted(out.glob("*.json"))]
assert len(reports) == 2, len(reports)
for r in reports:
    assert r["error"] is None, r["error"]
    note = r["note"] or ""
    if mode == "time":
        assert "occupancy cap of 8 warps/SM not applied" in note, note
        assert r["time_ms"] is not None
    else:
        assert r["sites"] or "may wait on one another" in note, note
PY
}

# A kernel that spins until the host sets a flag after the launch returned
# (test/gpu/host_wait.cu): with a short wait limit the program finishes, its
# results right; each of its three launches gets a report without error,
# the last one written at exit, and the summary says which launch the
# program went on from.
host_wait() { # mode
  local out=$dir/host-wait-$1 log
  rm -rf "$out"
  log=$(SECTORSCOPE_OUT=$out SECTORSCOPE_MODE=$1 SECTORSCOPE_LAUNCHES=all \
    SECTORSCOPE_WAIT_MS=20 SECTORSCOPE_QUIET=0 timeout 60 gpu/host_wait 2>&1) ||
    { printf '%s\n' "$log"; return 1; }
  printf '%s\n' "$log" | grep -qx "PASS host_wait" &&
    printf '%s\n' "$log" | grep -q "waitForHost.*(launch 1): still running 20 ms" ||
    { printf '%s\n' "$log"; return 1; }
  python3 - "$out" "$1" <<'PY'
import json, pathlib, sys
out, mode = pathlib.Path(sys.argv[1]), sys.argv[2]
reports = [json.loads(p.read_text()) for p in sorted(out.glob("*.json"))]
kernels = sorted(r["kernel"].split("(")[0] for r in reports)
want = ["triple", "waitForHost", "waitForHost"]
assert [k.split()[-1] for k in kernels] == want, kernels
for r in reports:
    assert r["error"] is None, r["error"]
    if mode == "time":
        assert r["time_ms"] and r["time_ms"] > 0, r["time_ms"]
    else:
        assert r["kernel_ms"] and r["sites"], (r["kernel_ms"], len(r["sites"]))
PY
}

# Relocatable device code (test/gpu/rdc): two units device-linked into one
# image. The instrumented program computes what the plain one does, and its
# reports, in both modes, name each kernel's sites from its own unit with
# the requests and sectors of its access pattern (rdc_reports.py).
rdc_checks() {
  check "gpu test rdc (plain vs instrumented results)" rdc_same_results
  local mode
  for mode in heatmap grid; do
    check "gpu test rdc ($mode reports of both units)" rdc_reports $mode
  done
}

rdc_same_results() {
  local plain instrumented
  plain=$(timeout 20 gpu/rdc_plain) || { printf '%s\n' "$plain"; return 1; }
  instrumented=$(SECTORSCOPE_OUT=$dir/rdc-results SECTORSCOPE_LAUNCHES=all \
    timeout 20 gpu/rdc) || { printf '%s\n' "$instrumented"; return 1; }
  printf '%s\n' "$plain" | grep -qx "PASS rdc" || { printf '%s\n' "$plain"; return 1; }
  diff <(printf '%s\n' "$plain") <(printf '%s\n' "$instrumented")
}

rdc_reports() { # mode
  local out=$dir/rdc-$1
  rm -rf "$out"
  SECTORSCOPE_OUT=$out SECTORSCOPE_MODE=$1 SECTORSCOPE_LAUNCHES=all \
    timeout 20 gpu/rdc >/dev/null || return 1
  timeout 20 python3 gpu/rdc_reports.py "$out" --mode "$1"
}

# Model validation: counters from one instrumented launch of each kernel
# (heat-map mode), times from uninstrumented launches at four occupancies
# (time mode, SECTORSCOPE_OCCUPANCY), then model/validate.sh. Problem sizes
# are well above the 60 MB L2 where the program allows, so DRAM is measured;
# gemm, Gram-Schmidt and the histogram are compute-, latency- or
# atomic-bound, outside the model's scope, and stay in the table as such.
validate_model() { # out
  local out=$1 profiles=$dir/profiles spec name w run n=0 bench
  rm -rf "$profiles" && mkdir -p "$profiles" "$out"
  bench=$(calibration_suite "$out") || return 1
  # The last program's kernels (runtime/bench/loop_heavy.cu) played no part
  # in building the model: unseen in the strict sense.
  while read -r spec; do
    name=${spec%% *}
    [ -x "bin/$name" ] || continue
    echo "model: $spec" >&2
    # One directory per program run: validate.sh pairs counters and times
    # within it (two LBM lattices launch the ghost copy with one shape).
    n=$((n + 1))
    run=$profiles/$(printf %02d $n)-$(basename "${name%-instrumented}")
    SECTORSCOPE_MODE=heatmap SECTORSCOPE_LAUNCHES=1 SECTORSCOPE_OUT=$run \
      timeout 120 bin/$spec >/dev/null 2>&1
    for w in 8 16 32 64; do
      SECTORSCOPE_MODE=time SECTORSCOPE_LAUNCHES=all SECTORSCOPE_OCCUPANCY=$w \
        SECTORSCOPE_OUT=$run timeout 120 bin/$spec >/dev/null 2>&1
    done
  done <<'LIST'
transpose_naive-instrumented 8192 8192
transpose_shared-instrumented 8192 8192
transpose_diagonal-instrumented 8192
stream_copy-instrumented 268435456
spmv_csr-instrumented 4194304
warp_broadcast_smem-instrumented 1048576
private_smem-instrumented 67108864
reduction-instrumented 268435456
gemm_mapping-instrumented
gram_schmidt-instrumented
histogram_atomic-instrumented
lbm_d3q19-instrumented 128 128 128
lbm_d3q19-instrumented 256 128 128
lbm_d3q19-instrumented 256 256 128
lbm_d3q19-instrumented 512 256 128
../bench/loop_heavy-instrumented
LIST
  validate_with "$bench" "$out"
  # The committed calibration beside it: the same kernels, another machine's
  # suite (the machine-to-machine spread).
  # (MODEL_COMMITTED=0 skips it: reeval.sh redoes it from raw.tar.gz.)
  if [ "$bench" != data/h200-microbench.json ] && [ "${MODEL_COMMITTED:-1}" != 0 ]; then
    validate_with data/h200-microbench.json "$out/committed-calibration" \
      >"$out/committed-calibration.log" 2>&1
    echo "== with the committed calibration (data/h200-microbench.json):"
    grep -E '^(== model|geomean error|in-scope geomean)' "$out/committed-calibration.log"
  fi
}

validate_with() { # bench out
  bash tools/validate.sh --bench "$1" --profiles "$dir/profiles" --runs \
    --out "$2" --bin bin/sectorscope-model
}

# The calibration the validation fits: the micro-benchmark suite measured
# now, on this GPU (about 8 s), as CampProf calibrates on the GPU it models;
# MODEL_BENCH=FILE uses a suite measured before instead. Without the suite
# binary (CUDA programs not built), the committed H200 suite.
calibration_suite() { # out -> prints the file
  local out=$1
  if [ -n "${MODEL_BENCH:-}" ]; then
    [ -f "$MODEL_BENCH" ] || { echo "MODEL_BENCH=$MODEL_BENCH: no such file" >&2; return 1; }
    echo "$MODEL_BENCH"
  elif [ -x bin/sectorscope-microbench ]; then
    echo "model: micro-benchmark suite -> $out/microbench.json" >&2
    bin/sectorscope-microbench --out "$out/microbench.json" >"$out/microbench.log" 2>&1 ||
      { echo "micro-benchmark suite failed: $out/microbench.log" >&2; return 1; }
    echo "$out/microbench.json"
  else
    echo data/h200-microbench.json
  fi
}

overhead() {
  setenv
  echo "== run-time overhead (instrumented / plain kernel time)"
  BENCH_BUDGET_S=${BENCH_BUDGET_S:-150} bash tools/bench-overhead.sh run "$dir" 0-4
}

model() {
  local out=${3:-$dir/bench-out}
  mkdir -p "$out" && out=$(cd "$out" && pwd) # setenv changes directory
  setenv
  echo "== model validation"
  validate_model "$out/model"
}

case $cmd in
build) build ;;
run) run ;;
expect) setenv; expect_checks; summary ;;
multi) multi ;;
rdc) setenv; nvidia-smi -L; rdc_checks; summary ;;
overhead) overhead ;;
model) model "$@" ;;
bench) overhead && model "$@" ;;
*) echo "usage: $0 build|run|expect|multi|rdc|overhead|model|bench [DIR] [OUT]" >&2; exit 2 ;;
esac
