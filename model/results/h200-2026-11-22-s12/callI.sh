#!/bin/bash
# s12 call I: gpu-tests.sh model as committed (the suite measured in the same
# call, then the validation on it and on the committed calibration), then
# (no GPU tests: the runtime is unchanged since call H).
cd "$(dirname "$0")"
{ nvidia-smi --query-gpu=name,serial,pci.bus_id,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,driver_version --format=csv; date -u; } > $OUT/env.txt 2>&1
bash utils/gpu-tests.sh model . /tmp/v > $OUT/model.log 2>&1
echo "model rc $?"; grep -h "geomean error" $OUT/model.log | head -8
cp /tmp/v/model/raw.tar.gz $OUT/raw.tar.gz; cp /tmp/v/model/microbench.json $OUT/mb-s12i.json; cp /tmp/v/model/microbench.log /tmp/v/model/committed-calibration.log $OUT/
mkdir -p $OUT/svg && cp /tmp/v/model/*.svg $OUT/svg/
