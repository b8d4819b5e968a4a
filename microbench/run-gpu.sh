#!/usr/bin/env bash
# One call on a GPU machine: the suite twice (run-to-run agreement), the L2
# partition/slice probe under Nsight Compute, the comparison and the map fit.
# Writes into $OUT:
#   run1.json run2.json compare.json probe-manifest.json ncu-probe.csv
#   map.json device.log (environment and the progress of every step)
# Usage: OUT=dir microbench/run-gpu.sh [bin-dir]   (default build-mb/bin)
# Step limits (seconds): SUITE_TIMEOUT (default 200), PROBE_TIMEOUT (330).
# SUITE_RUNS (default 2) suite runs; REFERENCE compares run 1 with that
# report instead of run 2.
# PROBE_ARGS replaces the probe's default plan (see --help).
set -u
BIN=${1:-build-mb/bin}
OUT=${OUT:-microbench-out}
mkdir -p "$OUT"
LOG=$OUT/device.log
MB=$BIN/sectorscope-microbench
# Roll-ups over the L2 slices of the reduction counter; see SliceProbe.cu.
METRICS=lts__t_sectors_op_red.sum,lts__t_sectors_op_red.max,lts__t_sectors_op_red.avg
# Partition hash measured on H200 (data/h200-partition-map.json);
# pair tests keep to one partition, so they need it. On another GPU,
# bin/sectorscope-measure-partitions derives these from the device.
PROBE_ARGS=${PROBE_ARGS:---probe-seed 2 --probe-sets 0:0:1152,1:0:192,0:66:384 --probe-far-mask 0xab000 --probe-pair-sms 0,66 --probe-enum-refs 2 --probe-pairs 150}
step() { echo "== $(date -u +%H:%M:%S) $*" | tee -a "$LOG" >&2; }

step environment
{ nvidia-smi; nvidia-smi -q -d CLOCK,POWER,TEMPERATURE | head -60; ncu --version; } >>"$LOG" 2>&1

for run in $(seq 1 "${SUITE_RUNS:-2}"); do
  step "suite run $run"
  timeout "${SUITE_TIMEOUT:-200}" "$MB" --out "$OUT/run$run.json" 2> >(tee -a "$LOG" >&2)
  step "suite run $run rc=$?"
done
# Agreement with the second run, or with REFERENCE (an earlier report).
"$BIN/sectorscope-mbtool" compare "${REFERENCE:-$OUT/run2.json}" "$OUT/run1.json" \
  >"$OUT/compare.json" 2>>"$LOG"

step "slice probe under ncu: $PROBE_ARGS"
# shellcheck disable=SC2086
timeout "${PROBE_TIMEOUT:-330}" ncu --clock-control none --cache-control none \
  -k regex:sliceProbe --metrics "$METRICS" --csv --log-file "$OUT/ncu-probe.csv" \
  "$MB" --slice-probe "$OUT/probe-manifest.json" $PROBE_ARGS >>"$LOG" 2>&1
step "slice probe rc=$? ($(wc -l <"$OUT/ncu-probe.csv" 2>/dev/null) csv lines)"

"$BIN/sectorscope-mbtool" fitmap --capture "$OUT/probe-manifest.json:$OUT/ncu-probe.csv" \
  --out "$OUT/map.json" 2>&1 | grep -v '^capture' | tee -a "$LOG"
step done
grep -E '"(dram|all)"' -A5 "$OUT/compare.json" | head -14
