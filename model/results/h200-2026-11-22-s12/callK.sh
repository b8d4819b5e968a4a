#!/bin/bash
# s12 call K: the program's kernel stays as compiled (ABI v11): GPU tests,
# model validation (suite in the same call), time mode against the plain
# build under ncu (as call J).
cd "$(dirname "$0")"
R=/tmp/kres; rm -rf $R; mkdir -p $R
{ nvidia-smi --query-gpu=name,serial,pci.bus_id,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,driver_version --format=csv; date -u; } > $R/env.txt 2>&1
bash utils/gpu-tests.sh run . > $R/tests.log 2>&1; echo "tests rc $?"; tail -1 $R/tests.log
bash utils/gpu-tests.sh model . /tmp/v > $R/model.log 2>&1
echo "model rc $?"; grep -h "geomean error" $R/model.log | head -3
cp /tmp/v/model/raw.tar.gz $R/raw.tar.gz; cp /tmp/v/model/microbench.json $R/mb-s12k.json; cp /tmp/v/model/microbench.log /tmp/v/model/committed-calibration.log $R/
mkdir -p $R/callJ && OUT=$R/callJ bash ./callJ.sh > /dev/null 2>&1; echo "ncu done"
tar czf $OUT/callK.tar.gz -C $R .
