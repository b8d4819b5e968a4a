#!/usr/bin/env bash
# Runs on the GPU machine, in the directory test/gpu/build.sh filled:
# the self-checking tests, the overhead benchmark (plain vs instrumented),
# Nsight Compute's sector/request counters on the plain build as ground
# truth, and compute-sanitizer memcheck on instrumented binaries.
cd "$(dirname "$0")"
status=0
nvidia-smi -L
for t in coalescing heatmap grid spaces identical identical_O0; do
  echo "=== $t"
  timeout 120 "./$t" 2>&1 | tail -25
  rc=${PIPESTATUS[0]}
  echo "rc=$rc"
  [ "$rc" = 0 ] || status=1
done
echo "=== overhead.plain"; timeout 100 ./overhead.plain
echo "=== overhead (instrumented)"; timeout 200 ./overhead || status=1
M=l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum
M=$M,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
if command -v ncu >/dev/null; then
  echo "=== ncu coalescing.plain"
  timeout 120 ncu --clock-control none --metrics "$M" ./coalescing.plain 2>&1 | grep -E "^  [a-zA-Z]|l1tex"
fi
if command -v compute-sanitizer >/dev/null; then
  for t in coalescing heatmap spaces grid identical; do
    echo "=== memcheck $t"
    timeout 150 compute-sanitizer --tool memcheck "./$t" 2>&1 | tail -3
  done
fi
exit $status
