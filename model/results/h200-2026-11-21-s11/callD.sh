#!/bin/bash
# s11 call D: the whole micro-benchmark suite, the model validation (runtime
# records previous_launch; small grids no longer padded), then the GPU tests.
cd "$(dirname "$0")"
{ nvidia-smi --query-gpu=name,serial,pci.bus_id,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,driver_version --format=csv; date -u; } > $OUT/env.txt 2>&1
bin/sectorscope-microbench --out $OUT/mb-s11.json 2> $OUT/mb-s11.log
echo "microbench rc $?"; tail -2 $OUT/mb-s11.log
bash utils/gpu-tests.sh model . /tmp/v > $OUT/model.log 2>&1
echo "model rc $?"; grep -h "geomean error" $OUT/model.log | head -3
cp /tmp/v/model/raw.tar.gz $OUT/raw.tar.gz
bash utils/gpu-tests.sh run . > $OUT/tests.log 2>&1
echo "tests rc $?"; tail -5 $OUT/tests.log
