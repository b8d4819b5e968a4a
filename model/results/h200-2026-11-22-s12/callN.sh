#!/bin/bash
# s12 call N: gpu-tests.sh model with the final model (ABI v11 bundle of
# call K, model binary of the hot_spot rule), on whatever machine this is.
cd "$(dirname "$0")"
R=/tmp/nres; rm -rf $R; mkdir -p $R
{ nvidia-smi --query-gpu=name,serial,pci.bus_id,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,driver_version --format=csv; date -u; } > $R/env.txt 2>&1
bash utils/gpu-tests.sh model . /tmp/v > $R/model.log 2>&1
echo "model rc $?"; grep -h "geomean error" $R/model.log | head -3
grep -A2 "== with the committed" $R/model.log | tail -1
cp /tmp/v/model/raw.tar.gz $R/raw.tar.gz; cp /tmp/v/model/microbench.json $R/mb-s12n.json; cp /tmp/v/model/microbench.log /tmp/v/model/committed-calibration.log $R/
mkdir -p $R/svg && cp /tmp/v/model/*.svg $R/svg/
tar czf $OUT/callN.tar.gz -C $R .
