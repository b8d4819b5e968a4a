#!/bin/bash
# s11 call F: the whole micro-benchmark suite and the model validation
# (validate.sh --runs) in one call on one machine, so calibration and
# measured kernels share the GPU's state.
cd "$(dirname "$0")"
{ nvidia-smi --query-gpu=name,serial,pci.bus_id,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,driver_version --format=csv; date -u; } > $OUT/env.txt 2>&1
bin/sectorscope-microbench --out $OUT/mb-s11f.json 2> $OUT/mb-s11f.log
echo "microbench rc $?"; tail -1 $OUT/mb-s11f.log
bash utils/gpu-tests.sh model . /tmp/v > $OUT/model.log 2>&1
echo "model rc $?"; grep -h "geomean error" $OUT/model.log | head -3
cp /tmp/v/model/raw.tar.gz $OUT/raw.tar.gz
