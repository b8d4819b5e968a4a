#!/bin/bash
# s12 call M: what the occupancy cap's shared-memory padding does to L1
# (ncu: L1 hit rate, L2 read sectors, shared carveout, achieved occupancy)
# for the kernels the model misses most, time mode at caps 8/16/32/none.
cd "$(dirname "$0")"
export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
export SECTORSCOPE_QUIET=1 SECTORSCOPE_OUT=/tmp/mout SECTORSCOPE_MODE=time SECTORSCOPE_LAUNCHES=all
R=/tmp/mres; rm -rf $R; mkdir -p $R
M=gpu__time_duration.sum,l1tex__t_sector_hit_rate.pct,lts__t_sectors_srcunit_tex_op_read.sum,launch__shared_mem_config_size,sm__warps_active.avg.per_cycle_active,launch__occupancy_limit_shared_mem,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
while read -r name re args; do
  for w in 8 16 32 none; do
    if [ $w = none ]; then unset SECTORSCOPE_OCCUPANCY; else export SECTORSCOPE_OCCUPANCY=$w; fi
    timeout 120 ncu --clock-control none --kernel-name regex:"$re" --launch-count 2 --metrics $M --csv bin/$name-instrumented $args > $R/$name-$w.csv 2>$R/$name-$w.err
  done
done <<'LIST'
gemm_mapping gemm_row_walk
spmv_csr spmv_csr_scalar 4194304
private_smem nibble_mode_smem 67108864
stream_copy stream_copy_float 268435456
LIST
tar czf $OUT/callM.tar.gz -C $R .
