#!/bin/bash
# s11 call E: the model validation with one profile directory per program
# run (validate.sh --runs), the new model, and the calibration measured in
# call D re-used here as well as the committed one (offline).
cd "$(dirname "$0")"
bash utils/gpu-tests.sh model . /tmp/v > $OUT/model.log 2>&1
echo "model rc $?"; grep -h "geomean error" $OUT/model.log | head -3
cp /tmp/v/model/raw.tar.gz $OUT/raw.tar.gz
