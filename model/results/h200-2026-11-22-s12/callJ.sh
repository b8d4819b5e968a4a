#!/bin/bash
# s12 call J: does the time mode (the instrumented binary's original path)
# run as fast as the plain binary? ncu kernel durations of both, same
# conditions (caches flushed, clocks not locked), per validation program.
cd "$(dirname "$0")"
export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SECTORSCOPE_QUIET=1 SECTORSCOPE_OUT=/tmp/jout
nvidia-smi --query-gpu=name,serial --format=csv > $OUT/env.txt
while read -r name args; do
  for v in plain instrumented; do
    env SECTORSCOPE_MODE=time timeout 200 ncu --clock-control none --launch-count 40 \
      --metrics gpu__time_duration.sum --csv bin/$name-$v $args > $OUT/$name-$v.csv 2> $OUT/$name-$v.err
    echo "$name $v rc $?"
  done
done <<'LIST'
gemm_mapping
gram_schmidt
spmv_csr 4194304
transpose_naive 8192 8192
transpose_shared 8192 8192
stream_copy 268435456
lbm_d3q19 128 128 128
reduction 268435456
warp_broadcast_smem 1048576
private_smem 67108864
LIST
