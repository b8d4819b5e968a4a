#!/usr/bin/env bash
# bench-compile-cost.sh: what instrumentation costs at compile time. CPU time
# (user + sys of the compiler and everything it runs: cc1, ptxas, fatbinary,
# the linker) and peak memory (of the largest process) of -O2 builds, plain
# (clang + the CUDA shim, no plugin) against instrumented
# (-fplugin-arg-sectorscope-instrument), for
#   * every examples/*.cu, compiled and linked;
#   * a generated file of BENCH_KERNELS small kernels (default 1000), and
#     the same with instrument-modes=heatmap (no grid variants);
#   * test/gpu/grid.cu, the heaviest GPU test, compiled (-c).
# Each time is the least of BENCH_REPEAT runs (default 3; the generated file
# and grid.cu run once). CPU time is the figure the limits hold (the machine
# may be shared); wall time beside it, as ptxas of an instrumented build runs
# on several threads (SECTORSCOPE_PTXAS_THREADS).
# BENCH_FLAGS: more flags for the instrumented builds (for instance
# "-mllvm -sectorscope-inline-access" for the access inlined at every site).
# A benchmark, not a test: it prints a table and the limits it is held to.
#
# Usage: instrumentation/bench-compile-cost.sh [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
cxx=$build/bin/sectorscope-clang++
[ -x "$cxx" ] || { echo "bench-compile-cost.sh: no $cxx; build first" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# measure REPEAT plain|instrumented ARGS...: "<cpu seconds> <peak MiB> <wall
# seconds>" of the run of least CPU time.
measure() {
  local repeat=$1 kind=$2 best="" i
  shift 2
  for ((i = 0; i < repeat; i++)); do
    if [ "$kind" = plain ]; then
      SECTORSCOPE_NO_PLUGIN=1 /usr/bin/time -f '%U %S %M %e' -o "$tmp/time" \
        "$cxx" -O2 -w "$@" -o "$tmp/out"
    else
      # shellcheck disable=SC2086 # BENCH_FLAGS is a list of flags
      /usr/bin/time -f '%U %S %M %e' -o "$tmp/time" "$cxx" -O2 -w \
        -fplugin-arg-sectorscope-instrument ${BENCH_FLAGS:-} "$@" -o "$tmp/out"
    fi
    best=$(awk -v b="$best" '{ t = $1 + $2; m = $3 / 1024
      if (b == "" || t < b + 0) printf "%.2f %.0f %.2f", t, m, $4; else print b }' "$tmp/time")
  done
  echo "$best"
}

# row NAME REPEAT ARGS...: one line of the table; the ratio goes to $tmp/ratios.
row() {
  local name=$1 repeat=$2 p i
  shift 2
  p=$(measure "$repeat" plain "$@")
  i=$(measure "$repeat" instrumented "$@")
  awk -v n="$name" -v p="$p" -v i="$i" -v r="$tmp/ratios" 'BEGIN {
    split(p, P, " "); split(i, I, " "); x = I[1] / P[1]
    printf "%-32s %9.2f %9.2f %7.2fx %9d %9d %10.2f %10.2f %7.2fx\n", n, P[1], I[1], x,
      P[2], I[2], P[3], I[3], I[3] / P[3]
    if (n !~ /^(generated|test\/gpu)/) print x >> r }'
}

# generate N: N small kernels (three accesses each) and an empty main.
generate() {
  local k
  for ((k = 0; k < $1; k++)); do
    printf '__global__ void k%d(const float *in, float *out, int n) {\n' "$k"
    printf '  int i = blockIdx.x * blockDim.x + threadIdx.x;\n'
    printf '  if (i < n)\n    out[i] = in[i] * %d.0f + in[(i + %d) %% n];\n}\n' "$k" "$k"
  done
  echo 'int main() { return 0; }'
}

kernels=${BENCH_KERNELS:-1000}
generate "$kernels" >"$tmp/generated.cu"
printf '%-32s %9s %9s %8s %9s %9s %10s %10s %8s\n' build plain_s instr_s ratio \
  plain_MiB instr_MiB plain_wall instr_wall ratio
for src in "$root"/examples/*.cu; do
  row "examples/$(basename "$src")" "${BENCH_REPEAT:-3}" -I"$root/examples" "$src"
done
row "generated ($kernels kernels)" 1 "$tmp/generated.cu"
BENCH_FLAGS="${BENCH_FLAGS:-} -fplugin-arg-sectorscope-instrument-modes=heatmap" \
  row "generated, heat-map only" 1 "$tmp/generated.cu"
row test/gpu/grid.cu 1 -I"$root/runtime/host" -I"$root/runtime/include" \
  -I"$root" -c "$root/test/gpu/grid.cu"
sort -n "$tmp/ratios" | awk '{ r[NR] = $1 } END {
  m = NR % 2 ? r[(NR + 1) / 2] : (r[NR / 2] + r[NR / 2 + 1]) / 2
  printf "examples: median %.2fx (limit 2x), max %.2fx (limit 4x)\n", m, r[NR] }'
echo "limits: generated file instrumented < 180 s; test/gpu/grid.cu instrumented < 60 s"
