#!/bin/bash
# s12 call G: the ghost-copy probe (timing, then ncu), then gpu-tests.sh
# model with the suite measured in the same call (the new default).
cd "$(dirname "$0")"
{ nvidia-smi --query-gpu=name,serial,pci.bus_id,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,driver_version --format=csv; date -u; } > $OUT/env.txt 2>&1
export LD_LIBRARY_PATH=$PWD/lib:/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
timeout 120 bin/ghost_probe > $OUT/probe.txt 2>&1; echo "probe rc $?"
M=gpu__time_duration.sum,dram__sectors_read.sum,dram__sectors_write.sum,lts__t_sectors_op_read.sum,lts__t_sectors_op_write.sum,lts__t_sector_op_read_hit_rate.pct,lts__t_sector_op_write_hit_rate.pct,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum
timeout 300 ncu --clock-control none --cache-control none --replay-mode application --metrics $M --csv bin/ghost_probe one > $OUT/probe-ncu.csv 2> $OUT/probe-ncu.err; echo "ncu rc $?"
bash utils/gpu-tests.sh model . /tmp/v > $OUT/model.log 2>&1
echo "model rc $?"; grep -h "geomean error" $OUT/model.log | head -8
cp /tmp/v/model/raw.tar.gz $OUT/raw.tar.gz; cp /tmp/v/model/microbench.json /tmp/v/model/microbench.log $OUT/ 2>/dev/null
cp /tmp/v/model/committed-calibration.log $OUT/ 2>/dev/null
