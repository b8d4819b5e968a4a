#!/usr/bin/env bash
# The GPU test run: self-checking programs built here (where clang is) and
# run on a GPU machine (where it is not).
#
#   utils/gpu-tests.sh build [DIR]  (here)  build everything into DIR
#                                   (default build-gpu/, carried to the GPU)
#   utils/gpu-tests.sh run [DIR]    (there) run it all; prints one line per
#                                   check and "N passed, M failed"; exit 1 on
#                                   any failure
#
# What runs: every examples/ program in three builds (plain clang++, with the
# plugin, instrumented), checked by its own self-check and for bit-identical
# output dumps across the builds; every test/gpu/*.cu program (instrumented,
# self-checking against known answers); compute-sanitizer memcheck on the
# instrumented programs; and Nsight Compute as ground truth for sector and
# request counts (utils/ncu-compare.py, grid mode).
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cmd=${1:-}
dir=${2:-$root/build-gpu}

build() {
  local build=${SECTORSCOPE_BUILD_DIR:-$root/build}
  "$root/utils/setup.sh" "$build" || exit 1
  ninja -C "$build" examples >/dev/null || ninja -C "$build" examples || exit 1
  rm -rf "$dir" && mkdir -p "$dir/bin" "$dir/lib" "$dir/utils"
  cp "$build"/lib/libsectorscope_rt.so "$dir/lib/"
  cp "$build"/examples/* "$dir/bin/" 2>/dev/null
  local wrapper=$build/bin/sectorscope-clang++ src name
  for src in "$root"/test/gpu/*.cu; do
    name=$(basename "$src" .cu)
    "$wrapper" -O2 -w -fplugin-arg-sectorscope-instrument "$src" -o "$dir/bin/gpu-$name" || exit 1
  done
  cp "$root"/utils/gpu-tests.sh "$root"/utils/ncu-compare.py "$dir/utils/"
  du -sh "$dir"
}

passed=0 failed=0
check() { # label command...
  local label=$1 out rc
  shift
  out=$("$@" 2>&1); rc=$?
  if [ $rc -eq 0 ]; then
    passed=$((passed + 1)); printf 'PASS %s\n' "$label"
  else
    failed=$((failed + 1)); printf 'FAIL %s (rc=%d)\n' "$label" $rc
    printf '%s\n' "$out" | tail -15 | sed 's/^/     | /'
  fi
}

# Runs one example build with its output dumped to $2 (see examples/README).
run_dump() { # exe dumpdir
  mkdir -p "$2" && SECTORSCOPE_EXAMPLE_DUMP=$2 SECTORSCOPE_QUIET=1 \
    SECTORSCOPE_OUT=$2/report "$1" >/dev/null
}

run() {
  cd "$dir" || exit 1
  export LD_LIBRARY_PATH=$dir/lib:${CUDA_HOME:-/usr/local/cuda}/lib64:${LD_LIBRARY_PATH:-}
  export SECTORSCOPE_OUT=$dir/out
  nvidia-smi -L
  local exe name v
  for exe in bin/*-plain; do
    name=$(basename "$exe" -plain)
    for v in -plain "" -instrumented; do
      check "example $name$v" bash -c "bin/$name$v | grep -qx 'PASS $name'"
    done
    run_dump "bin/$name-plain" "dump/$name-plain"
    run_dump "bin/$name-instrumented" "dump/$name-instrumented"
    check "identical output $name (plain vs instrumented)" \
      diff -r -x report "dump/$name-plain" "dump/$name-instrumented"
  done
  for exe in bin/gpu-*; do
    check "gpu test $(basename "$exe")" "$exe"
  done
  if command -v compute-sanitizer >/dev/null; then
    for exe in bin/*-instrumented bin/gpu-*; do
      check "memcheck $(basename "$exe")" compute-sanitizer --tool memcheck \
        --error-exitcode 1 --print-limit 5 "$exe"
    done
  fi
  if command -v ncu >/dev/null; then
    for name in transpose_naive transpose_shared gemm_mapping gram_schmidt \
                spmv_csr stream_copy; do
      [ -x "bin/$name-plain" ] || continue
      check "ncu sectors/requests $name" python3 utils/ncu-compare.py \
        --plain "bin/$name-plain" --instrumented "bin/$name-instrumented" \
        --out "ncu/$name"
    done
  fi
  echo "$passed passed, $failed failed"
  [ $failed -eq 0 ]
}

case $cmd in
build) build ;;
run) run ;;
*) echo "usage: $0 build|run [DIR]" >&2; exit 2 ;;
esac
